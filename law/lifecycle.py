"""The lifecycle of one seizure as a pure state machine: the single place its guards live.

The office layer loads a `SeizureState`, calls `apply(state, event)` and writes back the state
it returns; `apply` raises a named error instead when the Act (or a practice ruling) forbids
the step. The states and transitions are drawn in `lifecycle.md`, which a test holds equal to
`TRANSITIONS` and `ANIMAL_TRANSITIONS`.

A sale after the owner appeared and refused or omitted to pay (Sec IX) is `Sell` with
`release_rest=True` when the remaining cattle are handed back with the account: each animal
not sold becomes `released_after_part_sale`. Without it, the rest stay in the pound. Whether
they are handed back is decided by the money, in `law.accounts.sale_account` (practice G13:
only when the proceeds cover the dues and the expenses of sale).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from enum import StrEnum, auto
from types import MappingProxyType
from typing import Any

from law.errors import (
    N_,
    ComplaintOutOfTime,
    EventOutOfOrder,
    InvalidInput,
    InvalidTransition,
    NotFound,
    NoticeNotYetDue,
    ReleaseWithoutFine,
    SaleNotYetDue,
    SaleStayedByComplaint,
)
from law.guards import check_purchaser
from law.kinds import is_scale_kind
from law.periods import claim_until, complaint_until, sale_not_before
from law.profile import StatuteProfile


class SeizureStatus(StrEnum):
    """Where one seizure stands (docs/act.md, "The lifecycle of a seizure")."""

    SEIZED = auto()
    IMPOUNDED = auto()
    REPORTED_UNCLAIMED = auto()
    NOTICED = auto()
    CLOSED = auto()


class AnimalStatus(StrEnum):
    """Where one animal of a seizure stands; animals of one seizure may take different paths."""

    SEIZED = auto()
    IMPOUNDED = auto()
    RELEASED_PAID = auto()
    RELEASED_BY_ORDER = auto()
    RELEASED_AFTER_PART_SALE = auto()
    SOLD = auto()
    DIED = auto()
    ESCAPED = auto()
    RESCUED = auto()


def awaiting_order(kind: str, order_id: int | None, status: str) -> bool:
    """Practice G4: a head outside the Sec VI scale, still with the seizer, whose fine no
    Magistrate's order has set yet (`kind` and `status` as the register stores them)."""
    return not is_scale_kind(kind) and order_id is None and status == AnimalStatus.SEIZED.value


IN_POUND: frozenset[AnimalStatus] = frozenset({AnimalStatus.IMPOUNDED})
IN_CUSTODY: frozenset[AnimalStatus] = frozenset({AnimalStatus.SEIZED, AnimalStatus.IMPOUNDED})
TERMINAL_ANIMAL: frozenset[AnimalStatus] = frozenset(AnimalStatus) - IN_CUSTODY
# The seizure statuses in which its cattle are (some of them) in the pound.
OPEN_IN_POUND: frozenset[SeizureStatus] = frozenset(
    {SeizureStatus.IMPOUNDED, SeizureStatus.REPORTED_UNCLAIMED, SeizureStatus.NOTICED}
)

_S = SeizureStatus
_A = AnimalStatus

TRANSITIONS: frozenset[tuple[SeizureStatus, SeizureStatus]] = frozenset(
    {
        (_S.SEIZED, _S.IMPOUNDED),
        (_S.SEIZED, _S.CLOSED),
        (_S.IMPOUNDED, _S.REPORTED_UNCLAIMED),
        (_S.IMPOUNDED, _S.CLOSED),
        (_S.REPORTED_UNCLAIMED, _S.NOTICED),
        (_S.REPORTED_UNCLAIMED, _S.CLOSED),
        (_S.NOTICED, _S.CLOSED),
    }
)

# An animal leaves custody by order, death, escape or rescue from the seizer's hands or the
# pound's alike; only impounded cattle are paid for or sold.
_LEAVE_CUSTODY = (_A.RELEASED_BY_ORDER, _A.DIED, _A.ESCAPED, _A.RESCUED)
ANIMAL_TRANSITIONS: frozenset[tuple[AnimalStatus, AnimalStatus]] = frozenset(
    {(_A.SEIZED, to) for to in (_A.IMPOUNDED, *_LEAVE_CUSTODY)}
    | {
        (_A.IMPOUNDED, to)
        for to in (_A.RELEASED_PAID, _A.RELEASED_AFTER_PART_SALE, _A.SOLD, *_LEAVE_CUSTODY)
    }
)


# --- Events -------------------------------------------------------------------------------------


def _ids(ids: Sequence[int]) -> tuple[int, ...]:
    result = tuple(ids)
    if not result:
        raise InvalidInput(N_("name at least one animal"))
    if len(set(result)) != len(result):
        raise InvalidInput(N_("an animal is named twice"), animal_ids=list(result))
    return result


@dataclass(frozen=True)
class _Dated:
    on: date


@dataclass(frozen=True)
class _OfAnimals(_Dated):
    animal_ids: Sequence[int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "animal_ids", _ids(self.animal_ids))


@dataclass(frozen=True)
class Arrive(_Dated):
    """Sec V: the seized cattle are delivered to the pound (`count`, if given, is checked)."""

    count: int | None = None


@dataclass(frozen=True)
class Pay(_OfAnimals):
    """Sec VII: the owner pays `paid` against `due` (fine and feeding) for these animals."""

    paid: int
    due: int

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.paid < 0 or self.due < 0:
            raise InvalidInput(N_("amounts paid and due cannot be negative"))


@dataclass(frozen=True)
class OrderRelease(_OfAnimals):
    """Sec VI: competent authority orders these animals released without the fine."""


@dataclass(frozen=True)
class Refuse(_Dated):
    """Sec IX: the owner appears and refuses or omits to pay the fines and expenses."""


@dataclass(frozen=True)
class ReportUnclaimed(_Dated):
    """Sec VIII: the pound-keeper reports cattle not claimed within the first period."""


@dataclass(frozen=True)
class PostNotice(_Dated):
    """Sec VIII: the Darogah posts the notice and has it proclaimed; the second period starts."""


@dataclass(frozen=True)
class Sell(_OfAnimals):
    """Sec VIII or IX: these animals are sold at auction.

    `purchasers_official`, if given, says for each animal whether its buyer is a Police
    Officer or pound-keeper (Sec X). `release_rest` (Sec IX only) hands back every other
    animal still in the pound with the account: the office sets it from the account
    (`law.accounts.sale_account`), true only when the proceeds covered the dues (G13).
    """

    purchasers_official: Sequence[bool] = ()
    release_rest: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "purchasers_official", tuple(self.purchasers_official))
        if self.purchasers_official and len(self.purchasers_official) != len(self.animal_ids):
            raise InvalidInput(N_("say for every animal sold whether its buyer is an official"))


@dataclass(frozen=True)
class FileComplaint(_Dated):
    """Sec XIV: a complaint against the seizure is preferred within ten days of it (G12: even
    after a sale). The complaint's own steps are in `law.complaint`."""


@dataclass(frozen=True)
class DecideComplaint(_Dated):
    """Sec XIV: an undecided complaint is decided (dismissed on examination, or the seizure
    adjudged after a summons, `law.complaint`); an illegal seizure releases the cattle held."""

    illegal: bool


@dataclass(frozen=True)
class Die(_Dated):
    """Practice G7: the animal died in custody."""

    animal_id: int


@dataclass(frozen=True)
class Escape(_Dated):
    """Practice G7: the animal escaped from custody."""

    animal_id: int


@dataclass(frozen=True)
class Rescue(_OfAnimals):
    """Sec XIII: the animals were forcibly rescued from the pound or from the seizer."""


Event = (
    Arrive
    | Pay
    | OrderRelease
    | Refuse
    | ReportUnclaimed
    | PostNotice
    | Sell
    | FileComplaint
    | DecideComplaint
    | Die
    | Escape
    | Rescue
)


# --- State --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeizureState:
    """One seizure as the law sees it: its status, each animal's status and its dates."""

    status: SeizureStatus
    animals: Mapping[int, AnimalStatus] = field(hash=False)
    seized_on: date
    impounded_on: date | None
    noticed_on: date | None
    complaints_pending: int
    owner_refused: bool
    profile: StatuteProfile
    reported_on: date | None = None

    def __post_init__(self) -> None:
        if not self.animals:
            raise InvalidInput(N_("a seizure has at least one animal"))
        if self.complaints_pending < 0:
            raise InvalidInput(N_("complaints pending cannot be negative"))
        object.__setattr__(self, "animals", MappingProxyType(dict(self.animals)))

    @property
    def in_pound(self) -> list[int]:
        return sorted(i for i, s in self.animals.items() if s in IN_POUND)


def new_seizure(
    animal_ids: Iterable[int], seized_on: date, profile: StatuteProfile
) -> SeizureState:
    """Sec II: a fresh seizure, every animal in the seizer's custody."""
    return SeizureState(
        status=SeizureStatus.SEIZED,
        animals=dict.fromkeys(_ids(list(animal_ids)), AnimalStatus.SEIZED),
        seized_on=seized_on,
        impounded_on=None,
        noticed_on=None,
        complaints_pending=0,
        owner_refused=False,
        profile=profile,
    )


# --- Guards and steps ---------------------------------------------------------------------------


def _with_animals(state: SeizureState, ids: Iterable[int], to: AnimalStatus) -> SeizureState:
    animals = dict(state.animals)
    for i in ids:
        animals[i] = to
    return replace(state, animals=animals)


def _require(state: SeizureState, ids: Iterable[int], allowed: frozenset[AnimalStatus]) -> None:
    for i in ids:
        if i not in state.animals:
            raise NotFound(N_("no animal {animal_id} in this seizure"), animal_id=i)
        if state.animals[i] not in allowed:
            raise InvalidTransition(
                N_("animal {animal_id} is not in the pound (it is {status})")
                if allowed == IN_POUND
                else N_("animal {animal_id} is not in custody (it is {status})"),
                animal_id=i,
                status=state.animals[i].value,
            )


def _require_open(state: SeizureState, what: str) -> None:
    if state.status is SeizureStatus.SEIZED:
        raise InvalidTransition(
            N_("cannot {what}: the cattle have not reached the pound"), said={"what": what}
        )
    if state.status not in OPEN_IN_POUND:
        raise InvalidTransition(
            N_("cannot {what}: the seizure is {status}"),
            said={"what": what, "status": state.status.value},
        )


def _check_order(state: SeizureState, on: date) -> None:
    milestones = [state.seized_on, state.impounded_on, state.reported_on, state.noticed_on]
    latest = max(d for d in milestones if d is not None)
    if on < latest:
        raise EventOutOfOrder(
            N_("the event is dated {on}, before {latest} already recorded on this seizure"),
            on=on.isoformat(),
            latest=latest.isoformat(),
        )


def _arrive(state: SeizureState, event: Arrive) -> SeizureState:
    if state.status is not SeizureStatus.SEIZED:
        raise InvalidTransition(N_("the cattle have already been brought to the pound"))
    arriving = [i for i, s in state.animals.items() if s is AnimalStatus.SEIZED]
    if event.count is not None and event.count != len(arriving):
        raise InvalidInput(
            N_("{count} arrived but {expected} are in the seizer's custody"),
            count=event.count,
            expected=len(arriving),
        )
    after = _with_animals(state, arriving, AnimalStatus.IMPOUNDED)
    return replace(after, status=SeizureStatus.IMPOUNDED, impounded_on=event.on)


def _pay(state: SeizureState, event: Pay) -> SeizureState:
    _require_open(state, "release on payment")
    if state.status is not SeizureStatus.IMPOUNDED and not state.profile.claim_after_first_period:
        raise InvalidTransition(
            N_("the cattle can no longer be claimed after the first period"), section="practice G2"
        )
    _require(state, event.animal_ids, IN_POUND)
    # Sec VI: no release by the pound-keeper without the fine, unless ordered.
    if event.paid < event.due:
        fmt = state.profile.money.format
        raise ReleaseWithoutFine(
            N_(
                "{paid_text} paid of {due_text} due; the cattle are released only "
                "on payment of the fine and feeding, or on an order of competent authority"
            ),
            paid=event.paid,
            due=event.due,
            said={"paid_text": fmt(event.paid), "due_text": fmt(event.due)},
        )
    return _with_animals(state, event.animal_ids, AnimalStatus.RELEASED_PAID)


def _order_release(state: SeizureState, event: OrderRelease) -> SeizureState:
    _require_open(state, "release by order")
    _require(state, event.animal_ids, IN_POUND)
    return _with_animals(state, event.animal_ids, AnimalStatus.RELEASED_BY_ORDER)


def _refuse(state: SeizureState, event: Refuse) -> SeizureState:
    _require_open(state, "record the owner's refusal")
    if state.owner_refused:
        raise InvalidTransition(N_("the owner's refusal is already recorded"), section="IX")
    return replace(state, owner_refused=True)


def _report_unclaimed(state: SeizureState, event: ReportUnclaimed) -> SeizureState:
    if state.status is not SeizureStatus.IMPOUNDED or state.impounded_on is None:
        raise InvalidTransition(
            N_("only impounded cattle are reported unclaimed (the seizure is {status})"),
            section="VIII",
            said={"status": state.status.value},
        )
    if state.owner_refused:
        # The owner has appeared: the cattle are not unclaimed; the way on is a Sec IX sale.
        raise InvalidTransition(
            N_("the owner has appeared and refused to pay; the cattle are not unclaimed"),
            section="IX",
        )
    until = claim_until(state.impounded_on, state.profile)
    if event.on <= until:
        raise NoticeNotYetDue(
            N_(
                "the cattle may be claimed until {claim_until}; "
                "they can be reported unclaimed from {report_from}"
            ),
            claim_until=until.isoformat(),
            said={"report_from": (until + timedelta(days=1)).isoformat()},
        )
    return replace(state, status=SeizureStatus.REPORTED_UNCLAIMED, reported_on=event.on)


def _post_notice(state: SeizureState, event: PostNotice) -> SeizureState:
    if state.status is not SeizureStatus.REPORTED_UNCLAIMED:
        raise InvalidTransition(
            N_("a notice follows the pound-keeper's report (the seizure is {status})"),
            section="VIII",
            said={"status": state.status.value},
        )
    return replace(state, status=SeizureStatus.NOTICED, noticed_on=event.on)


def _sell(state: SeizureState, event: Sell) -> SeizureState:
    _require_open(state, "sell")
    _require(state, event.animal_ids, IN_POUND)
    for animal, official in zip(event.animal_ids, event.purchasers_official, strict=False):
        check_purchaser(official, animal)
    # Sec IX proviso: no sale until a complaint against the seizure is decided; practice G3
    # stays a Sec VIII sale too.
    if state.complaints_pending and (
        state.owner_refused or state.profile.complaint_stays_unclaimed_sale
    ):
        raise SaleStayedByComplaint(
            N_("no sale until the complaint against the seizure is decided"),
            section="IX" if state.owner_refused else "practice G3",
        )
    if state.owner_refused:
        sold = set(event.animal_ids)
        rest = [i for i in state.in_pound if i not in sold] if event.release_rest else []
        after = _with_animals(state, event.animal_ids, AnimalStatus.SOLD)
        return _with_animals(after, rest, AnimalStatus.RELEASED_AFTER_PART_SALE)
    if event.release_rest:
        raise InvalidTransition(
            N_("cattle are handed back after a part sale only when the owner appeared (Sec IX)"),
            section="IX",
        )
    if state.status is not SeizureStatus.NOTICED or state.noticed_on is None:
        raise SaleNotYetDue(N_("unclaimed cattle are sold only after the notice and its period"))
    first = sale_not_before(state.noticed_on, state.profile)
    if event.on < first:
        raise SaleNotYetDue(
            N_(
                "the cattle may be claimed until {claim_until}; "
                "the sale may be held from {sale_not_before}"
            ),
            sale_not_before=first.isoformat(),
            said={"claim_until": (first - timedelta(days=1)).isoformat()},
        )
    return _with_animals(state, event.animal_ids, AnimalStatus.SOLD)


def _file_complaint(state: SeizureState, event: FileComplaint) -> SeizureState:
    until = complaint_until(state.seized_on, state.profile)
    if event.on > until:
        raise ComplaintOutOfTime(
            N_(
                "a complaint against the seizure could be made until {complaint_until} "
                "(ten days from the seizure)"
            ),
            complaint_until=until.isoformat(),
        )
    # Practice G12: admissible whatever happened since the seizure, a sale included; it stays
    # any further sale (IX proviso, G3), and a sale already held stands.
    return replace(state, complaints_pending=state.complaints_pending + 1)


def _decide_complaint(state: SeizureState, event: DecideComplaint) -> SeizureState:
    if state.complaints_pending == 0:
        raise InvalidTransition(N_("no complaint is pending on this seizure"), section="XIV")
    after = replace(state, complaints_pending=state.complaints_pending - 1)
    if not event.illegal:
        return after
    # Sec XIV: if the cattle have not been released, the Magistrate orders their release.
    held = [i for i, s in state.animals.items() if s in IN_CUSTODY]
    return _with_animals(after, held, AnimalStatus.RELEASED_BY_ORDER)


def _leave_custody(state: SeizureState, ids: Sequence[int], to: AnimalStatus) -> SeizureState:
    if state.status is SeizureStatus.CLOSED:
        raise InvalidTransition(N_("the seizure is closed"))
    _require(state, ids, IN_CUSTODY)
    return _with_animals(state, ids, to)


def _close_if_done(state: SeizureState) -> SeizureState:
    if state.status is not SeizureStatus.CLOSED and all(
        s in TERMINAL_ANIMAL for s in state.animals.values()
    ):
        return replace(state, status=SeizureStatus.CLOSED)
    return state


def _check_transitions(before: SeizureState, after: SeizureState) -> None:
    # The diagram is the contract: a step outside it is a bug here, never a lawful act.
    if before.status != after.status and (before.status, after.status) not in TRANSITIONS:
        raise InvalidTransition(
            N_("{before} cannot become {after}"),
            said={"before": before.status.value, "after": after.status.value},
        )
    for i, old in before.animals.items():
        new = after.animals[i]
        if old != new and (old, new) not in ANIMAL_TRANSITIONS:
            raise InvalidTransition(
                N_("animal {animal_id} cannot go from {before} to {after}"),
                said={"animal_id": i, "before": old.value, "after": new.value},
            )


# Each event's step; an animal that dies, escapes or is rescued leaves custody the same way.
_STEPS: dict[type, Callable[[SeizureState, Any], SeizureState]] = {
    Arrive: _arrive,
    Pay: _pay,
    OrderRelease: _order_release,
    Refuse: _refuse,
    ReportUnclaimed: _report_unclaimed,
    PostNotice: _post_notice,
    Sell: _sell,
    FileComplaint: _file_complaint,
    DecideComplaint: _decide_complaint,
    Die: lambda state, event: _leave_custody(state, (event.animal_id,), AnimalStatus.DIED),
    Escape: lambda state, event: _leave_custody(state, (event.animal_id,), AnimalStatus.ESCAPED),
    Rescue: lambda state, event: _leave_custody(state, event.animal_ids, AnimalStatus.RESCUED),
}


def apply(state: SeizureState, event: Event) -> SeizureState:
    """The state after `event`, or the named error saying why the Act does not allow it."""
    _check_order(state, event.on)
    step = _STEPS.get(type(event))
    if step is None:
        raise InvalidInput(N_("unknown event {event}"), said={"event": type(event).__name__})
    after = _close_if_done(step(state, event))
    _check_transitions(state, after)
    return after
