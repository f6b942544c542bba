"""Recovery of a Sec XVII fine by sale of the cattle by which the trespass was committed: the
record both acts share, and what the officers' chats list. The Magistrate's order is in
office/acts/magistrate/recovery_order.py, the auction the Darogah (or a police officer he deputes)
holds on it in office/acts/darogah/recovery_sale.py.

Sec XVII: "any fine which shall be so adjudged may be recovered by sale of the Cattle by which
the trespass was committed, or any portion of them, whether the Cattle were seized in the act of
trespassing or not, and whether such Cattle are the property of the person convicted of the
offence, or were only in his charge when the trespass was committed."

Ruling: only a fine adjudged under Sec XVII is recovered so; a fine for damage by pigs (Sec
XVIII) is not. The power to sell is in Sec XVII's own words ("any fine which shall be *so*
adjudged") and reaches cattle that may not even be the offender's, so it is not read into another
section. Sec XVIII's last paragraph ("All sums recovered under this and the last preceding
Section may be appropriated ... to compensate the complainant") treats the two fines alike only in
how the money recovered is applied, which `law/recovery.py` does for both. And pigs are not the
"Cattle" of the Act: Sec XVIII names them apart, and the Act neither impounds nor sells them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from law.cases import CaseKind
from law.errors import N_, Conflict, NotFound
from law.periods import local_date
from models import (
    Case,
    RecoveryOrder,
    Village,
)
from models.columns import id_of
from models.db import Reader
from models.enums import RecoveryOrderStatus
from office.access.roles import Role, require_role
from office.district import DistrictContext, district_context, names_of
from office.people import person_line, person_said
from office.views.case import case_of, recovered

ORDERED = RecoveryOrderStatus.ORDERED  # waiting for the sale
EXECUTED = RecoveryOrderStatus.EXECUTED  # the sale was held


def recovery_cash(sale_id: int) -> str:
    return f"cash:recovery:{sale_id}"


def recovery_expenses(sale_id: int) -> str:
    return f"expenses:recovery:{sale_id}"


def owner_balance(sale_id: int) -> str:
    """What is left of the proceeds after expenses and fine, due back to the cattle's owner."""
    return f"payable:owner:recovery:{sale_id}"


def locked_case(s: Session, case_id: int) -> Case:
    case = s.exec(select(Case).where(Case.id == case_id).with_for_update()).first()
    if case is None:
        raise NotFound(N_("no case {case_id}"), said={"case_id": case_id})
    return case


def open_order(s: Session, case_id: int) -> RecoveryOrder | None:
    return s.exec(
        select(RecoveryOrder).where(
            RecoveryOrder.case_id == case_id, RecoveryOrder.status == ORDERED
        )
    ).first()


def waiting_order(s: Session, case_id: int) -> RecoveryOrder:
    """The case's order still waiting for its sale."""
    order = open_order(s, case_id)
    if order is None:
        raise Conflict(
            N_("no recovery order in case {case_id} is waiting for a sale"),
            said={"case_id": case_id},
        )
    return order


@dataclass(frozen=True)
class CaseItem:
    """A convicted Sec XVII case whose fine is still unpaid, for the Magistrate."""

    case_id: int
    village: str
    complainant: str
    accused: str
    fine: int
    unpaid: int
    compensation: int
    decided_on: str
    # The same people as data (`{"name", "residence"}`), for the reader's language.
    complainant_person: dict[str, str] | None = None
    accused_person: dict[str, str] | None = None
    village_names: tuple[tuple[str, str], ...] = ()  # in other scripts, by language


@dataclass(frozen=True)
class RecoveryItem:
    """A recovery order waiting for its sale, for the Darogah of its thana."""

    case_id: int
    order_id: int
    thana: str
    village: str
    place: str
    fine_due: int
    compensation_due: int
    cattle: list[dict[str, Any]]
    owner: str
    convict: str
    # The same people as data (`{"name", "residence"}`), for the reader's language.
    owner_person: dict[str, str] | None = None
    convict_person: dict[str, str] | None = None
    village_names: tuple[tuple[str, str], ...] = ()  # in other scripts, by language


def _case_item(s: Session, case: Case, ctx: DistrictContext) -> CaseItem:
    village = s.get(Village, case.village_id)
    got = recovered(s, id_of(case))
    return CaseItem(
        case_id=id_of(case),
        village=village.name if village else "",
        village_names=names_of(village),
        complainant=person_line(person_said(s, case.complainant_id)),
        accused=person_line(person_said(s, case.accused_id)),
        complainant_person=person_said(s, case.complainant_id),
        accused_person=person_said(s, case.accused_id),
        fine=case.fine,
        unpaid=case.fine - got.fine,
        compensation=case.compensation,
        decided_on=local_date(case.decided_at, ctx.tz).isoformat() if case.decided_at else "",
    )


def fines_to_recover(db: Reader, *, district_id: int, actor_id: int) -> list[CaseItem]:
    """Convicted Sec XVII cases of the district with a fine unpaid and no order waiting."""
    with db.lagging() as s:
        require_role(s, actor_id, district_id, Role.MAGISTRATE, None, section="XVII")
        ctx = district_context(s, district_id)
        rows = s.exec(
            select(Case)
            .where(
                Case.district_id == district_id,
                Case.kind == CaseKind.MISCHIEF.value,
                Case.status == "convicted",
                col(Case.fine) > 0,
            )
            .order_by(col(Case.id))
        ).all()
        items = [_case_item(s, c, ctx) for c in rows if open_order(s, id_of(c)) is None]
        return [i for i in items if i.unpaid > 0]


def case_to_recover(db: Reader, *, case_id: int, actor_id: int) -> CaseItem:
    """One case, after checking the speaker is a Magistrate of its district."""
    with db.reading() as s:
        case = case_of(s, case_id)
        require_role(s, actor_id, case.district_id, Role.MAGISTRATE, None, section="XVII")
        return _case_item(s, case, district_context(s, case.district_id))


def _recovery_item(s: Session, case: Case, order: RecoveryOrder) -> RecoveryItem:
    village = s.get(Village, order.village_id)
    got = recovered(s, id_of(case))
    return RecoveryItem(
        case_id=id_of(case),
        order_id=id_of(order),
        thana=order.thana,
        village=village.name if village else "",
        village_names=names_of(village),
        place=order.place,
        fine_due=case.fine - got.fine,
        compensation_due=case.compensation - got.compensation,
        cattle=list(order.cattle),
        owner=person_line(person_said(s, order.owner_id)),
        convict=person_line(person_said(s, case.accused_id)),
        owner_person=person_said(s, order.owner_id),
        convict_person=person_said(s, case.accused_id),
    )


def recoveries_due(db: Reader, *, thana: str, actor_id: int) -> list[RecoveryItem]:
    """Recovery orders waiting for their sale at `thana`, for its Darogah or police."""
    with db.lagging() as s:
        orders = s.exec(
            select(RecoveryOrder)
            .where(RecoveryOrder.thana == thana, RecoveryOrder.status == ORDERED)
            .order_by(col(RecoveryOrder.id))
        ).all()
        items = []
        for order in orders:
            require_role(s, actor_id, order.district_id, (Role.DAROGAH, Role.POLICE), thana)
            case = s.get(Case, order.case_id)
            if case is not None:
                items.append(_recovery_item(s, case, order))
        return items


def recovery_to_sell(db: Reader, *, case_id: int, actor_id: int) -> RecoveryItem:
    """The case's order waiting for a sale, after checking the speaker is the Darogah or police
    of its thana."""
    with db.reading() as s:
        case = case_of(s, case_id)
        order = waiting_order(s, case_id)
        require_role(s, actor_id, case.district_id, (Role.DAROGAH, Role.POLICE), order.thana)
        return _recovery_item(s, case, order)
