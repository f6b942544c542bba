"""A complaint against a seizure (Sec XIV) as pure rules: who may prefer it, in what form, the
steps it goes through, and what the seizer owes when the seizure is adjudged illegal.

The steps are drawn in `complaint.md`, which a test holds equal to `ComplaintStatus` and
`COMPLAINT_TRANSITIONS`:

* `pending`: preferred (verbal, its substance taken down by the Magistrate, or written on plain
  paper), by the complainant in person or by an agent personally acquainted with the facts.
* `admitted`: on examining the complainant or his agent the Magistrate saw reason to believe it
  well founded and summoned the party complained against to a summary enquiry.
* `dismissed`: on that examination he saw no such reason. Practice G15: this is the only end a
  complaint can have without a summons, and only before one. The Act gives the examination two
  ends (summon, or not) and the enquiry after a summons one question: was the seizure illegal?
  Once the seizer is summoned the enquiry is held and ends in a judgment on the seizure, `lawful`
  or `illegal`; a complaint that is not made out at the enquiry is the seizure held lawful, so
  `dismissed` is not open after admission.
* `lawful` / `illegal`: the seizure adjudged after the summary enquiry.

Who may complain (Sec XIV "any person whose Cattle shall have been seized"; practice G10, G14):
the owner of record, if one is recorded; if none is, anyone claiming to be the owner, who is
recorded on the complaint as claiming to be the owner and never becomes the owner of record by
complaining. An agent complains in the owner's name, never in his own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from law.errors import (
    N_,
    ComplainantNotOwner,
    ComplaintAlreadyPending,
    ComplaintDecided,
    ComplaintNotAdmitted,
    ComplaintUnderEnquiry,
    InvalidInput,
    InvalidTransition,
    NotAuthorised,
)
from law.guards import check_damages
from law.money import MoneySystem
from law.money_split import Charges
from law.profile import StatuteProfile


class ComplaintStatus(StrEnum):
    """Where one complaint stands (Sec XIV; practice G15)."""

    PENDING = "pending"
    ADMITTED = "admitted"
    DISMISSED = "dismissed"
    LAWFUL = "lawful"
    ILLEGAL = "illegal"


_C = ComplaintStatus

# Undecided: the complaint stays every sale (Sec IX proviso, practice G3).
OPEN: frozenset[ComplaintStatus] = frozenset({_C.PENDING, _C.ADMITTED})
DECIDED: frozenset[ComplaintStatus] = frozenset(ComplaintStatus) - OPEN

COMPLAINT_TRANSITIONS: frozenset[tuple[ComplaintStatus, ComplaintStatus]] = frozenset(
    {
        (_C.PENDING, _C.ADMITTED),
        (_C.PENDING, _C.DISMISSED),
        (_C.ADMITTED, _C.LAWFUL),
        (_C.ADMITTED, _C.ILLEGAL),
    }
)


def next_steps(now: ComplaintStatus) -> tuple[ComplaintStatus, ...]:
    """What may follow `now`, in the order the Magistrate meets them (G15)."""
    order = (_C.DISMISSED, _C.ADMITTED, _C.LAWFUL, _C.ILLEGAL)
    return tuple(to for to in order if (now, to) in COMPLAINT_TRANSITIONS)


class Mode(StrEnum):
    VERBAL = "verbal"  # its substance taken down in writing by the Magistrate
    WRITTEN = "written"  # on plain paper


class Standing(StrEnum):
    """In what right the complainant complains (practice G14)."""

    OWNER_OF_RECORD = "owner_of_record"
    CLAIMING_OWNER = "claiming_owner"


def mode_of(text: str) -> Mode:
    try:
        return Mode(text)
    except ValueError:
        raise InvalidInput(N_("a complaint is verbal or written"), section="XIV") from None


def step(now: ComplaintStatus, to: ComplaintStatus, *, complaint_id: int = 0) -> ComplaintStatus:
    """The complaint's next status, or the named error saying why the Act does not allow it."""
    if now in DECIDED:
        raise ComplaintDecided(
            N_("complaint {complaint_id} is already decided ({status})"),
            complaint_id=complaint_id,
            status=now.value,
        )
    if (now, to) in COMPLAINT_TRANSITIONS:
        return to
    if to in (_C.LAWFUL, _C.ILLEGAL):
        raise ComplaintNotAdmitted(
            N_(
                "complaint {complaint_id} has not been admitted: the seizure is adjudged lawful or "
                "illegal only after the party complained against has been summoned to a summary "
                "enquiry; admit it with a summons, or dismiss it on examination"
            ),
            complaint_id=complaint_id,
        )
    if now is _C.ADMITTED and to is _C.DISMISSED:
        raise ComplaintUnderEnquiry(
            N_(
                "complaint {complaint_id} is admitted and the seizer summoned: the enquiry ends "
                "with the seizure held lawful or illegal"
            ),
            complaint_id=complaint_id,
        )
    raise InvalidTransition(
        N_("complaint {complaint_id} is already {status}"),
        section="XIV",
        complaint_id=complaint_id,
        said={"status": now.value},
    )


def standing(*, owner_of_record: int | None, complainant: int, owner_name: str = "") -> Standing:
    """Practice G14: the owner of record complains; with none recorded, anyone claiming to be
    the owner may. Anyone else complains only as the owner's agent, in the owner's name."""
    if owner_of_record is None:
        return Standing.CLAIMING_OWNER
    if complainant == owner_of_record:
        return Standing.OWNER_OF_RECORD
    raise ComplainantNotOwner(
        N_(
            "the owner of record ({owner}) complains against this seizure, in person or by an "
            "agent personally acquainted with the circumstances, in his name"
        )
        if owner_name
        else N_(
            "the owner of record complains against this seizure, in person or by an agent "
            "personally acquainted with the circumstances, in his name"
        ),
        owner=owner_name or "-",
    )


@dataclass(frozen=True)
class Filing:
    """How a complaint comes to the office, as far as the Act cares."""

    mode: Mode
    by_magistrate: bool  # a Magistrate of the district records it (takes it down or receives it)
    complainant_named: bool  # the complainant is named, not taken to be whoever sends it
    complainant_residence: str
    filer_is_complainant: bool
    agent_named: bool


def check_filing(f: Filing) -> None:
    """Sec XIV: a verbal complaint is taken down in writing by the Magistrate, so he names its
    complainant (name and residence) and is never its complainant himself; a complaint made for
    someone else is made by an agent who says so."""
    if f.mode is Mode.VERBAL and not f.by_magistrate:
        raise NotAuthorised(
            N_(
                "a verbal complaint is taken down in writing by the Magistrate; otherwise the "
                "complaint is written on plain paper"
            ),
            section="XIV",
        )
    if f.by_magistrate and not f.complainant_named:
        raise InvalidInput(
            N_(
                "name the complainant (the person whose cattle were seized): the Magistrate who "
                "takes a complaint down is not its complainant"
            ),
            section="XIV",
        )
    if f.mode is Mode.VERBAL and not f.complainant_residence.strip():
        raise InvalidInput(
            N_("a verbal complaint names the complainant's residence"), section="XIV"
        )
    if not f.by_magistrate and not f.filer_is_complainant and not f.agent_named:
        raise NotAuthorised(
            N_("a complaint for someone else is made by his agent, who says so"), section="XIV"
        )
    if not f.by_magistrate and f.filer_is_complainant and f.agent_named:
        raise InvalidInput(
            N_("an agent complains in the name of the person whose cattle were seized: name him"),
            section="XIV",
        )


def check_one_open(open_statuses: Iterable[str], *, complainant: str = "") -> None:
    """Practice G14: one undecided complaint per complainant per seizure."""
    if any(ComplaintStatus(s) in OPEN for s in open_statuses):
        raise ComplaintAlreadyPending(
            N_("a complaint by {complainant} against this seizure is already undecided")
            if complainant
            else N_("a complaint against this seizure is already undecided"),
            said={"complainant": complainant},
        )


# Fines, feeding and expenses of sale paid on the seizure: by the owner at a release under
# Sec VII, or taken out of the proceeds of a sale (Sec XI); the three heads of a sale's account.
Paid = Charges


@dataclass(frozen=True)
class Liability:
    """What the party who made an illegal seizure owes (Sec XIV; practice G12).

    To the complainant: the damages (at most Rs 100), his expenses of procuring the release, and
    all fines paid and expenses incurred (`repaid`): what the owner paid at a release and what
    was taken out of the proceeds of a sale count as paid by him. To the fund and the keeper:
    the fines and feeding leviable on cattle still held (`held_fines`, `held_feeding`), which
    the owner no longer pays.
    """

    damages: int
    expenses: int
    repaid: Paid
    held_fines: int
    held_feeding: int

    @property
    def owed_to_owner(self) -> int:
        return self.damages + self.expenses + self.repaid.total

    @property
    def held_charges(self) -> int:
        return self.held_fines + self.held_feeding

    @property
    def fines_and_expenses(self) -> int:
        """All fines and expenses of the seizure that fall on the seizer."""
        return self.repaid.total + self.held_charges

    @property
    def total(self) -> int:
        return self.owed_to_owner + self.held_charges


def _not_negative(*amounts: int) -> None:
    if any(a < 0 for a in amounts):
        raise InvalidInput(N_("amounts cannot be negative"))


def liability(
    *,
    damages: int,
    expenses: int,
    paid: Iterable[Paid],
    held_fines: int,
    held_feeding: int,
    profile: StatuteProfile,
) -> Liability:
    """Sec XIV, practice G12: the seizer's liability on a seizure adjudged illegal."""
    check_damages(damages, profile)
    _not_negative(expenses, held_fines, held_feeding)
    return Liability(damages, expenses, sum(paid, Paid()), held_fines, held_feeding)


def counted_amounts(paid: Iterable[Paid]) -> set[int]:
    """The amounts Sec XIV already repays the owner (G12), as he may have them in mind: all he
    paid, each payment or sale, its fines, feeding or expenses of sale, and their sums."""
    items = list(paid)
    found = set()
    for p in [sum(items, Paid()), *items]:
        found |= {p.total, p.fines, p.feeding, p.expenses, p.fines + p.feeding}
    return {amount for amount in found if amount > 0}


def check_expenses_not_counted(
    expenses: int, paid: Iterable[Paid], money: MoneySystem, *, besides: bool = False
) -> None:
    """Sec XIV: "the expenses of procuring the release" are the complainant's own (journeys,
    an agent, a petition); the fines, feeding and expenses of sale he paid are already repaid to
    him (G12). An amount of expenses equal to one of those is refused as counted twice, unless
    the Magistrate says it is besides them (`besides`)."""
    if expenses <= 0 or besides:
        return
    items = list(paid)
    if expenses in counted_amounts(items):
        repaid = sum(p.total for p in items)
        raise InvalidInput(
            N_(
                "the expenses of release, {expenses_text}, repeat an amount the owner paid "
                "in fines, feeding or expenses of sale, which is already repaid to him "
                "({repaid_text} in all): give only his other expenses of procuring the "
                "release, or say they are besides it"
            ),
            section="XIV",
            expenses=expenses,
            repaid=repaid,
            said={"expenses_text": money.format(expenses), "repaid_text": money.format(repaid)},
        )


def check_award(outcome: ComplaintStatus, damages: int, expenses: int) -> None:
    """Damages and expenses are awarded only when the seizure is adjudged illegal (Sec XIV)."""
    _not_negative(damages, expenses)
    if outcome is not _C.ILLEGAL and (damages or expenses):
        raise InvalidInput(
            N_("damages and expenses are awarded only when the seizure is adjudged illegal"),
            section="XIV",
        )
