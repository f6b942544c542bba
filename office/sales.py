"""The Darogah's part: notice and drum proclamation (Sec VIII) and the public auction with its
account (VIII, IX, X, XI)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session

from law.accounts import SaleAccount, account_lines, sale_account
from law.errors import InvalidInput, PurchaserIsOfficial
from law.guards import check_purchaser
from law.lifecycle import AnimalStatus, PostNotice, SeizureStatus, Sell
from law.money_split import LotCharge
from law.periods import local_date, next_step_due, sale_not_before, surplus_until
from models import Database, Notice, Pound, Sale, SaleLot, Seizure, SurplusDeposit, Village
from office import audit, ledger, notify
from office.charges import AnimalCharge, charge_for
from office.common import (
    check_times,
    district_context,
    find_or_add_person,
    is_official,
    pound_of,
    require_role,
    seizure_by_ref,
)
from office.roles import Role
from office.seizures import PersonIn
from office.state import advance, animals_of


@dataclass(frozen=True)
class NoticePosted:
    ref: str
    notice_id: int
    text: str
    sale_not_before: str


def notice_text(s: Session, seizure: Seizure, pound: Pound) -> str:
    """Number and description of the cattle, where seized, where impounded (Sec VIII)."""
    rows = [a for a in animals_of(s, seizure) if a.status == AnimalStatus.IMPOUNDED.value]
    village = s.get(Village, seizure.village_id)
    kinds: dict[str, int] = {}
    for a in rows:
        kinds[a.kind] = kinds.get(a.kind, 0) + 1
    counted = ", ".join(f"{n} {k}" for k, n in kinds.items())
    described = "; ".join(f"{a.number}. {a.kind}, {a.description}" for a in rows if a.description)
    return (
        f"NOTICE under Section VIII of Act III of 1857. {len(rows)} head of cattle ({counted})"
        + (f" — {described}" if described else "")
        + f", seized at {seizure.place}, {village.name if village else ''}, on "
        f"{seizure.seized_on:%d %B %Y}, are impounded at {pound.name} pound (ref {seizure.ref}) "
        "and have not been claimed. If not claimed within seven days from the date of this "
        "notice they will be sold by public auction."
    )


def post_notice(
    db: Database,
    *,
    actor_id: int,
    ref: str,
    occurred_at: datetime,
    now: datetime,
    proclaimed_in: list[str],
) -> NoticePosted:
    """The Darogah posts the notice at the Police Office and has it proclaimed by beat of drum in
    the village and at the market place nearest to the place of seizure (Sec VIII)."""
    places = [p.strip()[:200] for p in proclaimed_in if p.strip()]
    if len(places) < 2:
        raise InvalidInput(
            "name where the drum was beaten: the village and the nearest market place",
            section="VIII",
        )
    with db.transaction() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        pound = pound_of(s, seizure)
        require_role(s, actor_id, seizure.district_id, Role.DAROGAH, pound.thana)
        check_times(occurred_at, now, seizure.last_event_at)
        ctx = district_context(s, seizure.district_id)
        rows = animals_of(s, seizure)
        on = local_date(occurred_at, ctx.tz)
        text = notice_text(s, seizure, pound)
        advance(s, seizure, rows, ctx, PostNotice(on=on), at=occurred_at, on=on)
        seizure.noticed_at = occurred_at
        seizure.noticed_on = on
        seizure.sale_not_before = sale_not_before(on, ctx.profile)
        seizure.next_due_at = next_step_due(
            seizure.sale_not_before.fromordinal(seizure.sale_not_before.toordinal() - 1),
            ctx.profile,
            ctx.tz,
        )
        s.add(seizure)
        notice = Notice(
            seizure_id=seizure.id or 0,
            darogah_id=actor_id,
            posted_at=occurred_at,
            posted_on=on,
            text=text,
            proclaimed_in=places,
        )
        s.add(notice)
        s.flush()
        audit.append(
            s,
            action="notice_posted",
            subject=seizure.ref,
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            section="VIII",
            payload={"notice_id": notice.id, "text": text, "proclaimed_in": places},
        )
        # Messages: the owner hears the notice is up and when the sale may be held.
        notify.notice_posted(s, seizure, ctx, now)
        return NoticePosted(seizure.ref, notice.id or 0, text, seizure.sale_not_before.isoformat())


@dataclass(frozen=True)
class LotIn:
    animal: int
    buyer: PersonIn
    price: int


@dataclass(frozen=True)
class SaleRecorded:
    ref: str
    sale_id: int
    kind: str
    proceeds: int
    surplus: int
    shortfall: int
    account_text: str
    surplus_deposit_id: int | None
    surplus_claim_until: str | None


def record_sale(
    db: Database,
    *,
    actor_id: int,
    ref: str,
    lots: list[LotIn],
    expenses: int,
    place: str,
    occurred_at: datetime,
    now: datetime,
) -> SaleRecorded:
    """A public auction by the Darogah or an officer he deputes: of unclaimed cattle after the
    notice ran (Sec VIII), or of as many as needed when the owner refused to pay (Sec IX)."""
    if not lots:
        raise InvalidInput("an auction record needs at least one lot")
    if expenses < 0 or any(lot.price < 0 for lot in lots):
        raise InvalidInput("prices and expenses cannot be negative")
    if len({lot.animal for lot in lots}) != len(lots):
        raise InvalidInput("an animal can be in one lot only")
    if not place.strip():
        raise InvalidInput("say where the auction was held")
    with db.transaction() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        pound = pound_of(s, seizure)
        require_role(s, actor_id, seizure.district_id, (Role.DAROGAH, Role.POLICE), pound.thana)
        check_times(occurred_at, now, seizure.last_event_at)
        ctx = district_context(s, seizure.district_id)
        rows = animals_of(s, seizure)
        on = local_date(occurred_at, ctx.tz)
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
                    f"{buyer.name} is a police officer or pound-keeper and may not buy (Sec X)",
                    buyer=buyer.name,
                ) from exc
            buyers.append(buyer)
        kind = "non_payment" if seizure.owner_refused_at is not None else "unclaimed"
        numbers = tuple(lot.animal for lot in lots)
        by_number = {a.number: a for a in rows}
        missing = [n for n in numbers if n not in by_number]
        if missing:
            raise InvalidInput(f"no animal numbered {missing} in {seizure.ref}")
        charges = [charge_for(by_number[n], seizure, ctx, on) for n in numbers]
        # Sec IX: the rest are delivered to the owner, and their fines and feeding too are
        # recovered from the proceeds.
        rest = [
            a for a in rows if a.status == AnimalStatus.IMPOUNDED.value and a.number not in numbers
        ]
        rest_charges = (
            [charge_for(a, seizure, ctx, on) for a in rest] if kind == "non_payment" else []
        )

        def account_of(unsold: list[AnimalCharge]) -> SaleAccount:
            return sale_account(
                lots=[
                    LotCharge(price=lot.price, fine=c.fine, feeding=c.feeding)
                    for lot, c in zip(lots, charges, strict=True)
                ],
                expenses=expenses,
                number_seized=len(rows),
                impounded_from=seizure.impounded_on or seizure.seized_on,
                impounded_until=on,
                unsold_fines=sum(c.fine for c in unsold),
                unsold_feeding=sum(c.feeding for c in unsold),
                unclaimed=kind == "unclaimed",
            )

        account = account_of(rest_charges)
        # Practice G13: the head not sold are handed back only when the proceeds cover the dues
        # of all; if they fall short the rest stay in the pound (their dues still due, feeding
        # running) for a further sale, and this sale's proceeds answer for the head sold.
        hand_back = kind == "non_payment" and (account.shortfall == 0 or not rest)
        if kind == "non_payment" and not hand_back:
            account = account_of([])
        after = advance(
            s,
            seizure,
            rows,
            ctx,
            Sell(
                on=on,
                animal_ids=numbers,
                purchasers_official=tuple(False for _ in numbers),
                release_rest=hand_back,
            ),
            at=occurred_at,
            on=on,
            reason=f"sold at auction ({'Sec IX' if kind == 'non_payment' else 'Sec VIII'})",
        )
        released = [
            n for n, st in after.animals.items() if st == AnimalStatus.RELEASED_AFTER_PART_SALE
        ]
        dist = list(account.lots)
        lines = account_lines(account, ctx.profile.money)
        account_text = "\n".join(lines)
        totals = {
            "proceeds": account.proceeds,
            "fines": account.fines_paid,
            "feeding": account.feeding_paid,
            "expenses": account.expenses_paid,
            "surplus": account.balance_to_owner_or_surplus,
            "shortfall": account.shortfall,
        }
        sale = Sale(
            seizure_id=seizure.id or 0,
            kind=kind,
            officer_id=actor_id,
            held_at=occurred_at,
            held_on=on,
            place=place.strip()[:500],
            expenses=expenses,
            proceeds=totals["proceeds"],
            fines_paid=totals["fines"],
            feeding_paid=totals["feeding"],
            expenses_paid=totals["expenses"],
            surplus=totals["surplus"],
            shortfall=totals["shortfall"],
            account={"lines": lines, "released_to_owner": released, **totals},
            account_text=account_text,
        )
        s.add(sale)
        s.flush()
        sale_id = sale.id or 0
        for lot, buyer, d in zip(lots, buyers, dist, strict=True):
            s.add(
                SaleLot(
                    sale_id=sale_id,
                    animal_id=by_number[lot.animal].id or 0,
                    buyer_name=buyer.name,
                    buyer_residence=buyer.residence,
                    buyer_id=buyer.id,
                    price=d.price,
                    expense_share=d.expense_share,
                    fine_paid=d.fine_paid,
                    feeding_paid=d.feeding_paid,
                    surplus=d.surplus,
                    shortfall=d.shortfall,
                )
            )
        deposit_id = None
        claim_until = None
        surplus_account = (
            ledger.DEPOSIT if kind == "unclaimed" else ledger.owner_payable(seizure.ref)
        )
        ledger.post(
            s,
            district_id=ctx.id,
            seizure_id=seizure.id,
            occurred_at=occurred_at,
            memo=f"auction {seizure.ref}",
            section="XI",
            lines=[
                (ledger.sale_cash(sale_id), totals["proceeds"]),
                (ledger.sale_expenses(sale_id), -totals["expenses"]),
                (ledger.FUND_FINES, -totals["fines"]),
                (ledger.keeper_feeding(pound.code), -totals["feeding"]),
                (surplus_account, -totals["surplus"]),
            ],
        )
        if kind == "unclaimed" and totals["surplus"] > 0:
            # Sec XI, G8: the Magistrate holds the surplus of unclaimed cattle for 3 months.
            until = surplus_until(on, ctx.profile)
            deposit = SurplusDeposit(
                sale_id=sale_id,
                seizure_id=seizure.id or 0,
                district_id=ctx.id,
                amount=totals["surplus"],
                deposited_on=on,
                claim_until=until,
                status="deposited",
            )
            s.add(deposit)
            s.flush()
            deposit_id = deposit.id
            claim_until = until.isoformat()
        if seizure.status == SeizureStatus.CLOSED.value:
            seizure.next_due_at = None
            s.add(seizure)
        audit.append(
            s,
            action="sale_recorded",
            subject=seizure.ref,
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            section="IX" if kind == "non_payment" else "VIII",
            payload={
                "sale_id": sale_id,
                "kind": kind,
                "place": sale.place,
                "lots": [
                    {"animal": lot.animal, "buyer": b.name, "price": lot.price}
                    for lot, b in zip(lots, buyers, strict=True)
                ],
                "expenses": expenses,
                "released_to_owner": released,
                "surplus_deposit_id": deposit_id,
                **totals,
            },
        )
        # Messages: the owner's account (IX) and surplus (XI); the seizer's outcome.
        notify.sale_recorded(
            s,
            seizure,
            ctx,
            sale_id=sale_id,
            kind=kind,
            numbers={
                "number_seized": account.number_seized,
                "number_sold": account.number_sold,
                "fines": account.fines_charged,
                "feeding": account.feeding_charged,
                "expenses": account.expenses,
                "proceeds": account.proceeds,
                "fines_paid": account.fines_paid,
                "feeding_paid": account.feeding_paid,
                "expenses_paid": account.expenses_paid,
                "balance": account.balance_to_owner_or_surplus,
                "shortfall": account.shortfall,
            },
            held_on=on,
            impounded_from=seizure.impounded_on or seizure.seized_on,
            deposit_id=deposit_id,
            now=now,
        )
        return SaleRecorded(
            seizure.ref,
            sale_id,
            kind,
            totals["proceeds"],
            totals["surplus"],
            totals["shortfall"],
            account_text,
            deposit_id,
            claim_until,
        )
