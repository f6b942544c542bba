"""Recovery of a Sec XVII fine by sale of the cattle by which the trespass was committed: the
Magistrate's order, and the auction the Darogah (or a police officer he deputes) holds on it.

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

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from law.errors import N_, Conflict, InvalidInput, NoRecoveryBySale, NotFound, PurchaserIsOfficial
from law.grounds import MAX_HEADS
from law.guards import check_purchaser
from law.kinds import resolve_kind
from law.periods import local_date
from law.recovery import recovery_account
from models import (
    Case,
    Database,
    Pound,
    RecoveryLot,
    RecoveryOrder,
    RecoverySale,
    Village,
)
from office import audit, ledger, notify
from office.cases import (
    CaseKind,
    check_village_under_act,
    compensation_payable,
    fine_receivable,
    recovered,
)
from office.common import (
    DistrictContext,
    check_times,
    district_context,
    find_or_add_person,
    get_person,
    is_official,
    require_role,
)
from office.roles import Role
from office.seizures import AnimalsIn, PersonIn, find_village

ORDERED = "ordered"  # waiting for the sale
EXECUTED = "executed"  # the sale was held


def recovery_cash(sale_id: int) -> str:
    return f"cash:recovery:{sale_id}"


def recovery_expenses(sale_id: int) -> str:
    return f"expenses:recovery:{sale_id}"


def owner_balance(sale_id: int) -> str:
    """What is left of the proceeds after expenses and fine, due back to the cattle's owner."""
    return f"payable:owner:recovery:{sale_id}"


def _locked_case(s: Session, case_id: int) -> Case:
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


def _name(s: Session, person_id: int | None) -> str | None:
    if person_id is None:
        return None
    p = get_person(s, person_id)
    return f"{p.name} of {p.residence}" if p.residence else p.name


def _person(s: Session, person_id: int | None) -> dict[str, str] | None:
    if person_id is None:
        return None
    p = get_person(s, person_id)
    return {"name": p.name, "residence": p.residence}


def _tell(
    s: Session,
    ctx: DistrictContext,
    *,
    person_id: int,
    template: str,
    params: Mapping[str, object],
    key: str,
    now: datetime,
    private: bool = True,
) -> None:
    notify.enqueue(
        s,
        person_id=person_id,
        template=template,
        params=params,
        key=f"{template}:{key}:{person_id}",
        due_at=now,
        now=now,
        private=private,
        district_id=ctx.id,
    )


def _where(
    s: Session, case: Case, ctx: DistrictContext, village: str | None
) -> tuple[Village, Pound]:
    """The village where the cattle are (the case's unless named), in the case's district and
    under the Act (Sec XX), and the pound serving it: its thana holds the sale."""
    if village is None or not village.strip():
        here = s.get(Village, case.village_id)
        if here is None:
            raise NotFound(N_("no village {village_id}"), said={"village_id": case.village_id})
    else:
        here = find_village(s, village, ctx.district.code)
    check_village_under_act(s, here)
    pound = s.get(Pound, here.pound_id) if here.pound_id is not None else None
    if pound is None:
        raise NotFound(
            N_("no pound and thana serve {village}"), section="III", said={"village": here.name}
        )
    return here, pound


def recovery_village(db: Database, *, case_id: int, village: str, actor_id: int) -> str:
    """The name of the village where the cattle to be sold are, checked as the order will check
    it (the case's district, not excluded, served by a pound), for the Magistrate's chat."""
    with db.reading() as s:
        case = s.get(Case, case_id)
        if case is None:
            raise NotFound(N_("no case {case_id}"), said={"case_id": case_id})
        require_role(s, actor_id, case.district_id, Role.MAGISTRATE, None)
        here, _ = _where(s, case, district_context(s, case.district_id), village)
        return here.name


@dataclass(frozen=True)
class RecoveryOrdered:
    case_id: int
    order_id: int
    fine_due: int
    thana: str
    cattle: list[dict[str, Any]]


def order_recovery(
    db: Database,
    *,
    actor_id: int,
    case_id: int,
    cattle: list[AnimalsIn],
    place: str,
    occurred_at: datetime,
    now: datetime,
    village: str | None = None,
    owner: PersonIn | None = None,
) -> RecoveryOrdered:
    """The Magistrate of the district orders an adjudged, unpaid Sec XVII fine recovered by sale
    of the cattle by which the trespass was committed (Sec XVII): their kind, number and
    description, and where they are (`village`, by default the case's, and `place`). `owner` is
    whose they are, if not the convicted person's: the balance of the sale goes back to him.
    The Darogah or police of the thana whose pound serves that village hold the sale.
    """
    if not cattle:
        raise InvalidInput(N_("name the cattle to be sold: kind and number"), section="XVII")
    heads = 0
    for group in cattle:
        if group.count < 1:
            raise InvalidInput(N_("each count must be at least 1"))
        heads += group.count
    if heads > MAX_HEADS:
        raise InvalidInput(N_("at most {most} head in one order"), said={"most": MAX_HEADS})
    if not place.strip():
        raise InvalidInput(N_("say where the cattle are"), section="XVII")
    if len(place) > 500:
        raise InvalidInput(N_("place is at most 500 characters"))
    with db.transaction() as s:
        case = _locked_case(s, case_id)
        require_role(s, actor_id, case.district_id, Role.MAGISTRATE, None)
        check_times(occurred_at, now, case.decided_at or case.filed_at)
        if CaseKind(case.kind) is CaseKind.PIGS:
            raise NoRecoveryBySale(
                N_(
                    "recovery by sale of the cattle is for a fine adjudged under Sec XVII; a fine "
                    "for damage by pigs (Sec XVIII) is not recovered so"
                ),
                case_id=case_id,
            )
        if case.status != "convicted" or case.fine <= 0:
            raise Conflict(
                N_("no fine is adjudged in case {case_id}"),
                section="XVII",
                said={"case_id": case_id},
            )
        got = recovered(s, case_id)
        due = case.fine - got.fine
        if due <= 0:
            raise Conflict(
                N_("the fine in case {case_id} is recovered in full"),
                section="XVII",
                said={"case_id": case_id},
            )
        if open_order(s, case_id) is not None:
            raise Conflict(
                N_("a recovery order in case {case_id} is still waiting for its sale"),
                section="XVII",
                said={"case_id": case_id},
            )
        ctx = district_context(s, case.district_id)
        here, pound = _where(s, case, ctx, village)
        kinds = [resolve_kind(g.kind, ctx.profile.aliases) for g in cattle]
        listed: list[dict[str, Any]] = []
        for group, kind in zip(cattle, kinds, strict=True):
            for _ in range(group.count):
                listed.append(
                    {
                        "number": len(listed) + 1,
                        "kind": kind.value,
                        "stated_kind": group.kind.strip().lower()[:32],
                        "description": group.description.strip()[:500],
                    }
                )
        owner_p = (
            find_or_add_person(
                s, name=owner.name, residence=owner.residence, phone=owner.phone, now=now
            )
            if owner is not None
            else get_person(s, case.accused_id)
        )
        order = RecoveryOrder(
            case_id=case_id,
            district_id=ctx.id,
            ordered_by=actor_id,
            ordered_at=occurred_at,
            fine_due=due,
            cattle=listed,
            village_id=here.id or 0,
            place=place.strip(),
            thana=pound.thana,
            owner_id=owner_p.id or 0,
            status=ORDERED,
        )
        s.add(order)
        s.flush()
        order_id = order.id or 0
        audit.append(
            s,
            action="recovery_ordered",
            subject=f"case:{case_id}",
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            district_id=ctx.id,
            section="XVII",
            payload={
                "order_id": order_id,
                "fine_due": due,
                "cattle": listed,
                "village": here.name,
                "place": order.place,
                "thana": order.thana,
                "owner_id": owner_p.id,
            },
        )
        params = {
            "case_id": case_id,
            **notify.amounts(ctx, fine=case.fine, due=due, compensation=case.compensation),
            "cattle_animals": listed,
            "village": here.name,
            "place": order.place,
            "convict": notify.person_param(s, case.accused_id),
            "ordered_date": local_date(occurred_at, ctx.tz).isoformat(),
            "section": "XVII",
        }
        key = f"case:{case_id}:{order_id}"
        _tell(
            s,
            ctx,
            person_id=case.accused_id,
            template="recovery_ordered_convict",
            params=params,
            key=key,
            now=now,
        )
        _tell(
            s,
            ctx,
            person_id=case.complainant_id,
            template="recovery_ordered_complainant",
            params=params,
            key=key,
            now=now,
        )
        if owner_p.id != case.accused_id:
            _tell(
                s,
                ctx,
                person_id=owner_p.id or 0,
                template="recovery_ordered_owner",
                params=params,
                key=key,
                now=now,
            )
        for officer in notify.officers(s, ctx.id, Role.DAROGAH, pound.thana):
            _tell(
                s,
                ctx,
                person_id=officer,
                template="recovery_ordered_darogah",
                params=params,
                key=key,
                now=now,
                private=False,
            )
        return RecoveryOrdered(case_id, order_id, due, order.thana, listed)


@dataclass(frozen=True)
class RecoveryLotIn:
    number: int  # the head's number in the order
    buyer: PersonIn
    price: int


@dataclass(frozen=True)
class RecoverySold:
    case_id: int
    sale_id: int
    proceeds: int
    expenses_paid: int
    fine_paid: int
    to_complainant: int
    to_fund: int
    balance_to_owner: int
    fine_unpaid: int
    expenses_unpaid: int
    account_text: str


def record_recovery_sale(
    db: Database,
    *,
    actor_id: int,
    case_id: int,
    lots: list[RecoveryLotIn],
    expenses: int,
    place: str,
    occurred_at: datetime,
    now: datetime,
) -> RecoverySold:
    """The public auction held on the case's recovery order by the Darogah of the thana or a
    police officer he deputes (Sec XVII, VIII). No police officer or pound-keeper may buy
    (Sec X). Lots are taken in the order given; one is refused once those before it cover the
    unpaid fine and the expenses of sale. The proceeds pay the expenses, then the fine (the
    compensation ordered to the complainant first, Sec XVIII, the rest to the fund, XII); the
    balance goes back to the owner of the cattle; a shortfall stays unpaid against the case.
    """
    if not lots:
        raise InvalidInput(N_("an auction record needs at least one lot"))
    if expenses < 0 or any(lot.price < 0 for lot in lots):
        raise InvalidInput(N_("prices and expenses cannot be negative"))
    if len({lot.number for lot in lots}) != len(lots):
        raise InvalidInput(N_("a head of cattle can be in one lot only"))
    if not place.strip():
        raise InvalidInput(N_("say where the auction was held"))
    with db.transaction() as s:
        case = _locked_case(s, case_id)
        order = open_order(s, case_id)
        if order is None:
            raise Conflict(
                N_("no recovery order in case {case_id} is waiting for a sale"),
                said={"case_id": case_id},
            )
        require_role(s, actor_id, case.district_id, (Role.DAROGAH, Role.POLICE), order.thana)
        check_times(occurred_at, now, order.ordered_at)
        ctx = district_context(s, case.district_id)
        by_number = {int(str(c["number"])): c for c in order.cattle}
        missing = [lot.number for lot in lots if lot.number not in by_number]
        if missing:
            raise InvalidInput(
                N_("no head numbered {lots} in the recovery order"), section="XVII", lots=missing
            )
        buyers = []
        for lot in lots:
            buyer = find_or_add_person(
                s,
                name=lot.buyer.name,
                residence=lot.buyer.residence,
                phone=lot.buyer.phone,
                now=now,
            )
            # Sec X: no police officer or pound-keeper may buy, directly or indirectly.
            try:
                check_purchaser(buyer.id == actor_id or is_official(s, buyer.id or 0))
            except PurchaserIsOfficial as exc:
                raise PurchaserIsOfficial(
                    N_("{buyer} is a police officer or pound-keeper and may not buy (Sec X)"),
                    buyer=buyer.name,
                ) from exc
            buyers.append(buyer)
        got = recovered(s, case_id)
        account = recovery_account(
            prices=[lot.price for lot in lots],
            fine_due=case.fine - got.fine,
            compensation_due=case.compensation - got.compensation,
            expenses=expenses,
        )
        on = local_date(occurred_at, ctx.tz)
        sale = RecoverySale(
            order_id=order.id or 0,
            case_id=case_id,
            officer_id=actor_id,
            held_at=occurred_at,
            held_on=on,
            place=place.strip()[:500],
            fine_due=account.fine_due,
            compensation_due=account.compensation_due,
            expenses=expenses,
            proceeds=account.proceeds,
            expenses_paid=account.expenses_paid,
            fine_paid=account.fine_paid,
            to_complainant=account.to_complainant,
            to_fund=account.to_fund,
            balance_to_owner=account.balance_to_owner,
            fine_unpaid=account.fine_unpaid,
            expenses_unpaid=account.expenses_unpaid,
        )
        s.add(sale)
        s.flush()
        sale_id = sale.id or 0
        for lot, buyer in zip(lots, buyers, strict=True):
            s.add(
                RecoveryLot(
                    sale_id=sale_id,
                    number=lot.number,
                    buyer_name=buyer.name,
                    buyer_residence=buyer.residence,
                    buyer_id=buyer.id,
                    price=lot.price,
                )
            )
        order.status = EXECUTED
        s.add(order)
        ledger.post(
            s,
            district_id=ctx.id,
            seizure_id=case.seizure_id,
            occurred_at=occurred_at,
            memo=f"sale of cattle for the fine in case {case_id}",
            section="XVII",
            lines=[
                (recovery_cash(sale_id), account.proceeds),
                (recovery_expenses(sale_id), -account.expenses_paid),
                (fine_receivable(case_id), -account.fine_paid),
                (owner_balance(sale_id), -account.balance_to_owner),
            ],
        )
        ledger.post(
            s,
            district_id=ctx.id,
            seizure_id=case.seizure_id,
            occurred_at=occurred_at,
            memo=f"compensation paid to the complainant out of the fine in case {case_id}",
            section="XVIII",
            lines=[
                (compensation_payable(case_id), account.to_complainant),
                (recovery_cash(sale_id), -account.to_complainant),
            ],
        )
        fmt = ctx.fmt
        sold = [
            {**by_number[lot.number], "buyer": b.name, "price": lot.price}
            for lot, b in zip(lots, buyers, strict=True)
        ]
        account_lines = [
            f"Sale for the fine in case {case_id} (Sec XVII), {on.isoformat()}, at {sale.place}.",
            *(
                f"{c['number']}. {c['kind']}"
                + (f" ({c['description']})" if c["description"] else "")
                + f" to {c['buyer']} for {fmt(int(str(c['price'])))}"
                for c in sold
            ),
            f"Proceeds {fmt(account.proceeds)}: expenses of sale {fmt(account.expenses_paid)}, "
            f"fine {fmt(account.fine_paid)} (to the complainant {fmt(account.to_complainant)}, "
            f"to the fund {fmt(account.to_fund)}), balance to the owner "
            f"{fmt(account.balance_to_owner)}.",
            f"Still unpaid: fine {fmt(account.fine_unpaid)}, expenses of sale "
            f"{fmt(account.expenses_unpaid)}.",
        ]
        audit.append(
            s,
            action="recovery_sale_recorded",
            subject=f"case:{case_id}",
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            district_id=ctx.id,
            section="XVII",
            payload={
                "sale_id": sale_id,
                "order_id": order.id,
                "place": sale.place,
                "lots": [
                    {"number": lot.number, "buyer": b.name, "price": lot.price}
                    for lot, b in zip(lots, buyers, strict=True)
                ],
                "expenses": expenses,
                "proceeds": account.proceeds,
                "expenses_paid": account.expenses_paid,
                "fine_paid": account.fine_paid,
                "to_complainant": account.to_complainant,
                "to_fund": account.to_fund,
                "balance_to_owner": account.balance_to_owner,
                "fine_unpaid": account.fine_unpaid,
                "expenses_unpaid": account.expenses_unpaid,
            },
        )
        params = {
            "case_id": case_id,
            "sold_date": on.isoformat(),
            "number_sold": account.number_sold,
            "convict": notify.person_param(s, case.accused_id),
            **notify.amounts(
                ctx,
                proceeds=account.proceeds,
                expenses_paid=account.expenses_paid,
                fine_paid=account.fine_paid,
                to_complainant=account.to_complainant,
                balance=account.balance_to_owner,
                fine_unpaid=account.fine_unpaid,
                compensation_unpaid=account.compensation_unpaid,
            ),
            "section": "XVII",
        }
        key = f"case:{case_id}:{sale_id}"
        _tell(
            s,
            ctx,
            person_id=case.accused_id,
            template="recovery_sold_convict",
            params=params,
            key=key,
            now=now,
        )
        _tell(
            s,
            ctx,
            person_id=case.complainant_id,
            template="recovery_sold_complainant",
            params=params,
            key=key,
            now=now,
        )
        if order.owner_id != case.accused_id:
            _tell(
                s,
                ctx,
                person_id=order.owner_id,
                template="recovery_sold_owner",
                params=params,
                key=key,
                now=now,
            )
        return RecoverySold(
            case_id=case_id,
            sale_id=sale_id,
            proceeds=account.proceeds,
            expenses_paid=account.expenses_paid,
            fine_paid=account.fine_paid,
            to_complainant=account.to_complainant,
            to_fund=account.to_fund,
            balance_to_owner=account.balance_to_owner,
            fine_unpaid=account.fine_unpaid,
            expenses_unpaid=account.expenses_unpaid,
            account_text="\n".join(account_lines),
        )


# --- What the officers' chats list ------------------------------------------------------------


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


def _case_item(s: Session, case: Case, ctx: DistrictContext) -> CaseItem:
    village = s.get(Village, case.village_id)
    got = recovered(s, case.id or 0)
    return CaseItem(
        case_id=case.id or 0,
        village=village.name if village else "",
        complainant=_name(s, case.complainant_id) or "",
        accused=_name(s, case.accused_id) or "",
        complainant_person=_person(s, case.complainant_id),
        accused_person=_person(s, case.accused_id),
        fine=case.fine,
        unpaid=case.fine - got.fine,
        compensation=case.compensation,
        decided_on=local_date(case.decided_at, ctx.tz).isoformat() if case.decided_at else "",
    )


def fines_to_recover(db: Database, *, district_id: int, actor_id: int) -> list[CaseItem]:
    """Convicted Sec XVII cases of the district with a fine unpaid and no order waiting."""
    with db.reading() as s:
        require_role(s, actor_id, district_id, Role.MAGISTRATE, None)
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
        items = [_case_item(s, c, ctx) for c in rows if open_order(s, c.id or 0) is None]
        return [i for i in items if i.unpaid > 0]


def case_to_recover(db: Database, *, case_id: int, actor_id: int) -> CaseItem:
    """One case, after checking the speaker is a Magistrate of its district."""
    with db.reading() as s:
        case = s.get(Case, case_id)
        if case is None:
            raise NotFound(N_("no case {case_id}"), said={"case_id": case_id})
        require_role(s, actor_id, case.district_id, Role.MAGISTRATE, None)
        return _case_item(s, case, district_context(s, case.district_id))


def _recovery_item(s: Session, case: Case, order: RecoveryOrder) -> RecoveryItem:
    village = s.get(Village, order.village_id)
    got = recovered(s, case.id or 0)
    return RecoveryItem(
        case_id=case.id or 0,
        order_id=order.id or 0,
        thana=order.thana,
        village=village.name if village else "",
        place=order.place,
        fine_due=case.fine - got.fine,
        compensation_due=case.compensation - got.compensation,
        cattle=list(order.cattle),
        owner=_name(s, order.owner_id) or "",
        convict=_name(s, case.accused_id) or "",
        owner_person=_person(s, order.owner_id),
        convict_person=_person(s, case.accused_id),
    )


def recoveries_due(db: Database, *, thana: str, actor_id: int) -> list[RecoveryItem]:
    """Recovery orders waiting for their sale at `thana`, for its Darogah or police."""
    with db.reading() as s:
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


def recovery_to_sell(db: Database, *, case_id: int, actor_id: int) -> RecoveryItem:
    """The case's order waiting for a sale, after checking the speaker is the Darogah or police
    of its thana."""
    with db.reading() as s:
        case = s.get(Case, case_id)
        if case is None:
            raise NotFound(N_("no case {case_id}"), said={"case_id": case_id})
        order = open_order(s, case_id)
        if order is None:
            raise Conflict(
                N_("no recovery order in case {case_id} is waiting for a sale"),
                said={"case_id": case_id},
            )
        require_role(s, actor_id, case.district_id, (Role.DAROGAH, Role.POLICE), order.thana)
        return _recovery_item(s, case, order)
