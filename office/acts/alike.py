"""What the acts of every person do alike: the opening of an act on a seizure or of a
Magistrate's act, the act's audit event, a person an act names, and the parties told of a step
of a recovery."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlmodel import Session

from law.lifecycle import Event as LawEvent
from law.periods import local_date
from models import Animal, Case, LedgerTxn, Person, Pound, RecoveryOrder, Seizure, Unit
from office.access.roles import Role, is_official_buyer, require_role
from office.district import DistrictContext, district_context
from office.inputs import PersonIn
from office.notify.queueing import send
from office.people import find_or_add_person
from office.records import audit, ledger
from office.records.memos import Memo
from office.records.register import pound_of, seizure_by_ref
from office.state import advance, animals_of
from office.times import check_times

Lines = list[tuple[str, int]]  # a ledger transaction's lines: (account, amount)


@dataclass(frozen=True)
class InDistrict:
    """A Magistrate's act: its session and unit, the district in force, the act's instant."""

    s: Session
    u: Unit
    ctx: DistrictContext
    at: datetime

    def event(self, action: str, subject: str, section: str, /, **payload: Any) -> None:
        """The act's audit event in the district (`event`)."""
        event(self.s, self.u, action, subject, self.at, self.ctx.id, section, **payload)

    def post(
        self, seizure_id: int | None, *, memo: Memo, section: str, lines: Lines
    ) -> LedgerTxn | None:
        """The act's ledger transaction in the district (office/records/ledger.py `post`)."""
        return ledger.post(
            self.s,
            district_id=self.ctx.id,
            seizure_id=seizure_id,
            occurred_at=self.at,
            memo=memo,
            section=section,
            lines=lines,
        )


def magistrate(
    s: Session,
    u: Unit,
    district_id: int,
    section: str,
    occurred_at: datetime,
    after: datetime | None = None,
) -> InDistrict:
    """The opening of a Magistrate's act: the unit's actor must be a Magistrate of the district
    (or the act is refused citing `section`), and the act be recorded when it happened, not
    before `after`."""
    require_role(s, u.actor(), district_id, Role.MAGISTRATE, None, section=section)
    check_times(occurred_at, u.now, after)
    return InDistrict(s, u, district_context(s, district_id), occurred_at)


@dataclass(frozen=True)
class OnSeizure:
    """An act on one seizure: its session and unit, the seizure (locked), its pound, the
    district in force, the seizure's animals, the act's instant and its local day."""

    s: Session
    u: Unit
    seizure: Seizure
    pound: Pound
    ctx: DistrictContext
    rows: list[Animal]
    at: datetime
    on: date

    @classmethod
    def of(
        cls, s: Session, u: Unit, seizure: Seizure, ctx: DistrictContext, at: datetime
    ) -> OnSeizure:
        """The act at `at` on `seizure`, whose opening its act has checked."""
        rows = animals_of(s, seizure)
        return cls(s, u, seizure, pound_of(s, seizure), ctx, rows, at, local_date(at, ctx.tz))

    def advance(self, step: LawEvent, **why: Any) -> None:
        """The law's step taken on the seizure at the act's time (office/state.py `advance`)."""
        advance(self.s, self.seizure, self.rows, self.ctx, step, at=self.at, on=self.on, **why)

    def event(self, action: str, section: str, /, **payload: Any) -> None:
        """The act's audit event about the seizure (`event`)."""
        z = self.seizure
        event(self.s, self.u, action, z.ref, self.at, z.district_id, section, **payload)

    def post(self, *, memo: Memo, section: str, lines: Lines) -> None:
        """The act's ledger transaction on the seizure (office/records/ledger.py `post`)."""
        InDistrict(self.s, self.u, self.ctx, self.at).post(
            self.seizure.id, memo=memo, section=section, lines=lines
        )


def on_seizure(
    s: Session,
    u: Unit,
    ref: str,
    occurred_at: datetime,
    roles: Role | tuple[Role, ...] | None = None,
    section: str | None = None,
    *,
    since_seized: bool = False,
    then: Callable[[Seizure], None] | None = None,
) -> OnSeizure:
    """The opening of an act on seizure `ref`: the seizure locked; the unit's actor holding one
    of `roles` at its pound (a keeper) or at the pound's thana, or the act refused citing
    `section`; `then`, what else is checked of him and of what he said, told only to one who may
    act; the act recorded when it happened, not before the seizure's last event (or the seizure).
    """
    seizure = seizure_by_ref(s, ref, lock=True)
    pound = pound_of(s, seizure)
    if roles is not None:
        place = pound.code if roles is Role.KEEPER else pound.thana
        require_role(s, u.actor(), seizure.district_id, roles, place, section=section)
    if then is not None:
        then(seizure)
    check_times(occurred_at, u.now, seizure.seized_at if since_seized else seizure.last_event_at)
    return OnSeizure.of(s, u, seizure, district_context(s, seizure.district_id), occurred_at)


def event(
    s: Session,
    u: Unit,
    action: str,
    subject: str,
    occurred_at: datetime,
    district_id: int | None,
    section: str,
    /,
    **payload: Any,
) -> None:
    """The act's audit event (office/records/audit.py `append`), by the unit's actor (None: the
    office's own clock)."""
    audit.append(
        s,
        action=action,
        subject=subject,
        occurred_at=occurred_at,
        now=u.now,
        actor_id=u.actor_id,
        district_id=district_id,
        section=section,
        payload=payload,
    )


def tell_parties(
    s: Session,
    ctx: DistrictContext,
    case: Case,
    order: RecoveryOrder,
    step: str,
    *,
    params: Mapping[str, object],
    key: str,
    now: datetime,
) -> None:
    """A step of the recovery of a case's fine told (`{step}_convict`, `_complainant`, `_owner`)
    to the convict, the complainant, and the owner of the cattle if another (Sec XVII)."""
    told = [(case.accused_id, "convict"), (case.complainant_id, "complainant")]
    if order.owner_id != case.accused_id:
        told.append((order.owner_id, "owner"))
    for person_id, who in told:
        send(s, None, ctx, person_id, f"{step}_{who}", params=params, key=key, now=now)


def named(s: Session, person: PersonIn, now: datetime) -> Person:
    """A person the act names: the one the office knows by his phone, or added."""
    return find_or_add_person(
        s, name=person.name, residence=person.residence, phone=person.phone, now=now
    )


def official_buyer(s: Session, buyer: PersonIn, actor_id: int) -> bool:
    """Whether a buyer at a sale is a police officer or pound-keeper, or the officer (Sec X)."""
    return is_official_buyer(
        s, name=buyer.name, residence=buyer.residence, phone=buyer.phone, actor_id=actor_id
    )
