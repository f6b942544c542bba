"""The Darogah's part: notice and drum proclamation (Sec VIII), the public auction with its
account (VIII, IX, X, XI), and under Sec IX the cattle not sold and the balance handed back to
the owner against his receipt."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from datetime import date, datetime

from sqlmodel import Session

from law.accounts import SaleAccount, account_lines, long_date, sale_account
from law.auction import SELLERS, SaleKind, check_auction_record, sale_kind
from law.errors import N_, Conflict, InvalidInput
from law.lifecycle import AnimalStatus, SeizureStatus, Sell, apply
from law.money_split import Charges, LotCharge
from law.periods import local_date, surplus_until
from models import (
    Animal,
    CattleReceipt,
    Person,
    Pound,
    Sale,
    SaleLot,
    Seizure,
    SurplusDeposit,
    Unit,
)
from models.columns import id_of
from models.enums import DepositStatus
from office import notify
from office.access.roles import is_official_buyer, require_role
from office.charges import SalesSoFar, charge_for, sales_so_far
from office.district import DistrictContext, district_context
from office.inputs import LotIn, PersonIn
from office.people import find_or_add_person, get_person
from office.records import audit, ledger
from office.records.memos import AUCTION, SALE_BALANCE, memo
from office.records.register import pound_of, seizure_by_ref
from office.state import advance, animals_of, load_state
from office.times import check_times


@dataclass(frozen=True)
class SaleRecorded:
    ref: str
    sale_id: int
    kind: SaleKind
    proceeds: int
    surplus: int
    shortfall: int
    account_text: str
    surplus_deposit_id: int | None
    surplus_claim_until: str | None
    still_due: int = 0
    handed_back: tuple[int, ...] = ()
    still_held: tuple[int, ...] = ()
    receipt_id: int | None = None
    # The account as data (counts, ISO dates, `*_amount` ints and `money`), for the reader's
    # language; `account_text` is the one the register keeps.
    account: dict[str, object] = field(default_factory=dict)


def record_sale(
    u: Unit,
    *,
    ref: str,
    lots: list[LotIn],
    expenses: int,
    place: str,
    occurred_at: datetime,
) -> SaleRecorded:
    """A public auction by the Darogah or an officer he deputes: of unclaimed cattle after the
    notice ran (Sec VIII), or of as many as needed when the owner refused to pay (Sec IX).

    Under Sec IX the cattle not sold are handed back, with the balance, only when the proceeds
    of this and earlier sales cover the dues and the expenses of sale; otherwise they stay in
    the pound and a further sale may follow (practice G13)."""
    now = u.now
    actor_id = u.actor()
    animals, prices = [lot.animal for lot in lots], [lot.price for lot in lots]
    check_auction_record(animals=animals, prices=prices, expenses=expenses, place=place)
    with u.act() as s:
        seizure, pound, ctx = _the_seizure(s, ref, actor_id, occurred_at, now)
        rows = animals_of(s, seizure)
        on = local_date(occurred_at, ctx.tz)
        kind = sale_kind(owner_refused=seizure.owner_refused_at is not None)
        # Sec VIII periods, the Sec IX proviso, and Sec X for each buyer: the law's guards.
        sell = _sell(s, seizure, rows, ctx, on, lots, actor_id)
        # Sec IX, XI, practice G5, G6, G13: the account, from one allocation of the proceeds.
        so_far = sales_so_far(s, seizure, rows, ctx, on) if kind is SaleKind.NON_PAYMENT else None
        account = _account(seizure, rows, ctx, on, lots, expenses, so_far)
        sold = replace(sell, release_rest=bool(account.handed_back))
        advance(s, seizure, rows, ctx, sold, at=occurred_at, on=on, reasons=kind.reasons)
        sale = _write_sale(s, seizure, kind, actor_id, occurred_at, on, place, account, ctx)
        buyers = _write_lots(s, sale, lots, rows, account, now)
        _post_proceeds(s, ctx, seizure, pound, sale, account, so_far)
        deposit = _deposit_surplus(s, ctx, seizure, sale, account, on)
        receipt = _deliver_to_owner(s, ctx, seizure, pound, sale, account, actor_id, now)
        if seizure.status == SeizureStatus.CLOSED.value:
            seizure.next_due_at = None
            s.add(seizure)
        _audit_sale(s, seizure, sale, account, lots, buyers, deposit, receipt, now)
        # Messages: the owner's account (IX) and surplus (XI); the seizer's outcome.
        _tell(s, seizure, ctx, sale, kind, account, deposit, now)
        return _recorded(seizure, sale, kind, account, deposit, receipt, ctx)


def _the_seizure(
    s: Session, ref: str, actor_id: int, occurred_at: datetime, now: datetime
) -> tuple[Seizure, Pound, DistrictContext]:
    """The seizure sold from; the actor holds its sale as the Darogah, or as an officer he
    deputed (Sec VIII)."""
    seizure = seizure_by_ref(s, ref, lock=True)
    pound = pound_of(s, seizure)
    require_role(s, actor_id, seizure.district_id, SELLERS, pound.thana, section="VIII")
    check_times(occurred_at, now, seizure.last_event_at)
    return seizure, pound, district_context(s, seizure.district_id)


def _sell(
    s: Session,
    seizure: Seizure,
    rows: list[Animal],
    ctx: DistrictContext,
    on: date,
    lots: list[LotIn],
    actor_id: int,
) -> Sell:
    """The sale as the lifecycle sees it, refused unless the law allows it now."""
    sell = Sell(
        on=on,
        animal_ids=_lot_numbers(seizure, rows, lots),
        purchasers_official=[_official(s, lot.buyer, actor_id) for lot in lots],
    )
    apply(load_state(seizure, rows, ctx), sell)
    return sell


def _lot_numbers(seizure: Seizure, rows: list[Animal], lots: list[LotIn]) -> tuple[int, ...]:
    known = {a.number for a in rows}
    missing = [lot.animal for lot in lots if lot.animal not in known]
    if missing:
        raise InvalidInput(
            N_("no animal numbered {animals} in {ref}"),
            said={"animals": str(missing), "ref": seizure.ref},
        )
    return tuple(lot.animal for lot in lots)


def _official(s: Session, buyer: PersonIn, actor_id: int) -> bool:
    return is_official_buyer(
        s, name=buyer.name, residence=buyer.residence, phone=buyer.phone, actor_id=actor_id
    )


def _account(
    seizure: Seizure,
    rows: list[Animal],
    ctx: DistrictContext,
    on: date,
    lots: list[LotIn],
    expenses: int,
    so_far: SalesSoFar | None,
) -> SaleAccount:
    """The law's account of this sale: under Sec IX over the whole seizure and its earlier
    sales (`so_far`), under Sec VIII over the lots sold."""
    by_number = {a.number: a for a in rows}
    charges = [charge_for(by_number[lot.animal], seizure, ctx, on) for lot in lots]
    sold = {lot.animal for lot in lots}
    return sale_account(
        lots=[
            LotCharge(price=lot.price, fine=c.fine, feeding=c.feeding)
            for lot, c in zip(lots, charges, strict=True)
        ],
        animal_ids=[lot.animal for lot in lots],
        expenses=expenses,
        number_seized=len(rows),
        impounded_from=seizure.impounded_on or seizure.seized_on,
        impounded_until=on,
        held=[
            a.number
            for a in rows
            if a.status == AnimalStatus.IMPOUNDED.value and a.number not in sold
        ],
        charged=so_far.charged if so_far else None,
        paid_before=so_far.paid if so_far else Charges(),
        sold_before=so_far.sold if so_far else 0,
        unclaimed=so_far is None,
    )


def account_params(account: SaleAccount, money: str) -> dict[str, object]:
    """The items of the account (`law.accounts.account_lines`) as data, for the reader's
    language."""
    return {
        "money": money,
        "number_seized": account.number_seized,
        "days": account.days_impounded,
        "from_date": account.impounded_from.isoformat(),
        "until_date": account.impounded_until.isoformat(),
        "fines_charged_amount": account.fines_charged,
        "feeding_charged_amount": account.feeding_charged,
        "expenses_amount": account.expenses,
        "charged_amount": account.charged,
        "number_sold": account.number_sold,
        "sold_before": account.sold_before,
        "proceeds_amount": account.proceeds,
        "paid_before_amount": account.paid_before.total,
        "expenses_paid_amount": account.expenses_paid,
        "fines_paid_amount": account.fines_paid,
        "feeding_paid_amount": account.feeding_paid,
        "unclaimed": account.unclaimed,
        "balance_amount": account.balance_to_owner_or_surplus,
        "still_due_amount": account.still_due,
        "shortfall_amount": account.shortfall,
        "handed_back": list(account.handed_back),
        "still_held": list(account.still_held),
    }


def _totals(account: SaleAccount) -> dict[str, int]:
    return {
        "proceeds": account.proceeds,
        "fines": account.fines_paid,
        "feeding": account.feeding_paid,
        "expenses": account.expenses_paid,
        "surplus": account.balance_to_owner_or_surplus,
        "shortfall": account.shortfall,
        "still_due": account.still_due,
    }


def _write_sale(
    s: Session,
    seizure: Seizure,
    kind: SaleKind,
    actor_id: int,
    occurred_at: datetime,
    on: date,
    place: str,
    account: SaleAccount,
    ctx: DistrictContext,
) -> Sale:
    lines = account_lines(account, ctx.profile.money)
    sale = Sale(
        seizure_id=id_of(seizure),
        district_id=seizure.district_id,
        kind=kind.value,
        officer_id=actor_id,
        held_at=occurred_at,
        held_on=on,
        place=place.strip()[:500],
        expenses=account.allocation.bill,
        proceeds=account.proceeds,
        fines_paid=account.fines_paid,
        feeding_paid=account.feeding_paid,
        expenses_paid=account.expenses_paid,
        surplus=account.balance_to_owner_or_surplus,
        shortfall=account.shortfall,
        still_due=account.still_due,
        account={
            "lines": lines,
            "released_to_owner": list(account.handed_back),
            "still_held": list(account.still_held),
            **_totals(account),
        },
        account_text="\n".join(lines),
    )
    s.add(sale)
    s.flush()
    return sale


def _write_lots(
    s: Session,
    sale: Sale,
    lots: list[LotIn],
    rows: list[Animal],
    account: SaleAccount,
    now: datetime,
) -> list[Person]:
    """One row per lot, carrying its part of the allocation (Sec XI, G5, G6)."""
    by_number = {a.number: a for a in rows}
    buyers = []
    for lot, share in zip(lots, account.lots, strict=True):
        buyer = find_or_add_person(
            s, name=lot.buyer.name, residence=lot.buyer.residence, phone=lot.buyer.phone, now=now
        )
        buyers.append(buyer)
        s.add(
            SaleLot(
                sale_id=id_of(sale),
                district_id=sale.district_id,
                animal_id=id_of(by_number[lot.animal]),
                buyer_name=buyer.name,
                buyer_residence=buyer.residence,
                buyer_id=buyer.id,
                price=share.price,
                expense_share=share.expense_share,
                expenses_paid=share.expenses_paid,
                fine_paid=share.fine_paid,
                feeding_paid=share.feeding_paid,
                surplus=share.surplus,
                shortfall=share.shortfall,
            )
        )
    return buyers


def _post_proceeds(
    s: Session,
    ctx: DistrictContext,
    seizure: Seizure,
    pound: Pound,
    sale: Sale,
    account: SaleAccount,
    so_far: SalesSoFar | None,
) -> None:
    """Sec XI: the proceeds pay the expenses of sale (the oldest bill first), the fines to the
    Magistrate's fund, the feeding to the keeper; the balance is the owner's (Sec IX) or is
    held in deposit (Sec XI). A shortfall or a sum still due is not posted: nothing is
    invented to fill it (G5)."""
    sale_id = id_of(sale)
    bills = [*(so_far.bills if so_far else ()), (sale_id, sale.expenses)]
    paid_before = so_far.paid.expenses if so_far else 0
    ledger.post(
        s,
        district_id=ctx.id,
        seizure_id=seizure.id,
        occurred_at=sale.held_at,
        memo=memo(AUCTION, ref=seizure.ref),
        section="XI",
        lines=[
            (ledger.sale_cash(sale_id), account.proceeds),
            *ledger.expense_credits(bills, paid_before, account.expenses_paid),
            (ledger.FUND_FINES, -account.fines_paid),
            (ledger.keeper_feeding(pound.code), -account.feeding_paid),
            (
                ledger.DEPOSIT if account.unclaimed else ledger.owner_payable(seizure.ref),
                -account.balance_to_owner_or_surplus,
            ),
        ],
    )


def _deposit_surplus(
    s: Session, ctx: DistrictContext, seizure: Seizure, sale: Sale, account: SaleAccount, on: date
) -> SurplusDeposit | None:
    """Sec XI, G8: the Magistrate holds the surplus of unclaimed cattle for 3 months."""
    if not account.surplus_deposited:
        return None
    deposit = SurplusDeposit(
        sale_id=id_of(sale),
        seizure_id=id_of(seizure),
        district_id=ctx.id,
        amount=sale.surplus,
        deposited_on=on,
        claim_until=surplus_until(on, ctx.profile),
        status=DepositStatus.DEPOSITED,
    )
    s.add(deposit)
    s.flush()
    return deposit


def _deliver_to_owner(
    s: Session,
    ctx: DistrictContext,
    seizure: Seizure,
    pound: Pound,
    sale: Sale,
    account: SaleAccount,
    actor_id: int,
    now: datetime,
) -> CattleReceipt | None:
    """Sec IX: "the remaining Cattle and the balance of the purchase money if any shall be
    delivered to the owner", and he grants a receipt for them according to the account.

    The officer holding the sale delivers them there, once the proceeds covered the dues, and
    records the receipt of the owner of record (the owner who refused to pay)."""
    if not account.delivered_to_owner:
        return None
    if seizure.owner_id is None:
        raise Conflict(N_("the owner who refused to pay is not recorded"), section="IX")
    owner = get_person(s, seizure.owner_id)
    officer = get_person(s, actor_id)
    rows = {a.number: a for a in animals_of(s, seizure)}
    receipt = CattleReceipt(
        sale_id=id_of(sale),
        seizure_id=id_of(seizure),
        district_id=seizure.district_id,
        owner_id=id_of(owner),
        recorded_by=actor_id,
        animal_ids=list(account.handed_back),
        balance=account.balance_to_owner_or_surplus,
        occurred_at=sale.held_at,
        lines=receipt_lines(
            ref=seizure.ref,
            pound=pound.name,
            owner=owner,
            officer=officer,
            animals=[rows[n] for n in account.handed_back],
            balance=ctx.fmt(account.balance_to_owner_or_surplus),
            held_at=sale.held_at.astimezone(ctx.tz),
            place=sale.place,
            account=sale.account_text.split("\n"),
        ),
    )
    s.add(receipt)
    s.flush()
    ledger.post(
        s,
        district_id=ctx.id,
        seizure_id=seizure.id,
        occurred_at=sale.held_at,
        memo=memo(SALE_BALANCE, ref=seizure.ref),
        section="IX",
        lines=[
            (ledger.owner_payable(seizure.ref), account.balance_to_owner_or_surplus),
            (ledger.sale_cash(id_of(sale)), -account.balance_to_owner_or_surplus),
        ],
    )
    audit.append(
        s,
        action="cattle_delivered",
        subject=seizure.ref,
        occurred_at=sale.held_at,
        now=now,
        actor_id=actor_id,
        district_id=seizure.district_id,
        section="IX",
        payload={
            "receipt_id": receipt.id,
            "sale_id": sale.id,
            "owner_id": owner.id,
            "animals": list(account.handed_back),
            "balance": account.balance_to_owner_or_surplus,
        },
    )
    return receipt


def receipt_lines(
    *,
    ref: str,
    pound: str,
    owner: Person,
    officer: Person,
    animals: list[Animal],
    balance: str,
    held_at: datetime,
    place: str,
    account: list[str],
) -> list[str]:
    """The owner's receipt for the cattle delivered to him and the balance paid to him,
    according to the account of the sale (Sec IX)."""
    who = f"{owner.name} of {owner.residence}" if owner.residence else owner.name
    cattle = (
        f"{len(animals)} head of cattle not sold: "
        + "; ".join(
            f"{a.number}. {a.kind}" + (f", {a.description}" if a.description else "")
            for a in animals
        )
        if animals
        else "no cattle (all were sold)"
    )
    return [
        f"Receipt under Section IX, seizure {ref}, {pound}.",
        f"I, {who}, have received from {officer.name}, at the sale held at {place} on "
        f"{long_date(held_at.date())} at {held_at:%H:%M}:",
        f"the cattle: {cattle};",
        f"the balance of the purchase money: {balance};",
        "according to the account of the sale:",
        *account,
        f"Signed: {owner.name}",
    ]


def _audit_sale(
    s: Session,
    seizure: Seizure,
    sale: Sale,
    account: SaleAccount,
    lots: list[LotIn],
    buyers: list[Person],
    deposit: SurplusDeposit | None,
    receipt: CattleReceipt | None,
    now: datetime,
) -> None:
    audit.append(
        s,
        action="sale_recorded",
        subject=seizure.ref,
        occurred_at=sale.held_at,
        now=now,
        actor_id=sale.officer_id,
        district_id=seizure.district_id,
        section=SaleKind(sale.kind).section,
        payload={
            "sale_id": sale.id,
            "kind": sale.kind,
            "place": sale.place,
            "lots": [
                {"animal": lot.animal, "buyer": b.name, **asdict(share)}
                for lot, b, share in zip(lots, buyers, account.lots, strict=True)
            ],
            "expenses": sale.expenses,
            "sold": [lot.animal for lot in lots],
            "released_to_owner": list(account.handed_back),
            "still_held": list(account.still_held),
            "surplus_deposit_id": deposit.id if deposit else None,
            "receipt_id": receipt.id if receipt else None,
            **_totals(account),
        },
    )


def _message_figures(account: SaleAccount) -> dict[str, int]:
    return {
        "number_seized": account.number_seized,
        "number_sold": account.number_sold,
        "fines": account.fines_charged,
        "feeding": account.feeding_charged,
        "expenses": account.expenses,
        "proceeds": account.proceeds,
        "paid_before": account.paid_before.total,
        "fines_paid": account.fines_paid,
        "feeding_paid": account.feeding_paid,
        "expenses_paid": account.expenses_paid,
        "balance": account.balance_to_owner_or_surplus,
        "still_due": account.still_due,
        "shortfall": account.shortfall,
    }


def _tell(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    sale: Sale,
    kind: SaleKind,
    account: SaleAccount,
    deposit: SurplusDeposit | None,
    now: datetime,
) -> None:
    notify.sale_recorded(
        s,
        seizure,
        ctx,
        sale_id=id_of(sale),
        kind=kind,
        numbers=_message_figures(account),
        held_on=sale.held_on,
        impounded_from=seizure.impounded_on or seizure.seized_on,
        deposit_id=deposit.id if deposit else None,
        now=now,
        handed_back=account.handed_back,
        still_held=account.still_held,
    )


def _recorded(
    seizure: Seizure,
    sale: Sale,
    kind: SaleKind,
    account: SaleAccount,
    deposit: SurplusDeposit | None,
    receipt: CattleReceipt | None,
    ctx: DistrictContext,
) -> SaleRecorded:
    return SaleRecorded(
        seizure.ref,
        id_of(sale),
        kind,
        account.proceeds,
        account.balance_to_owner_or_surplus,
        account.shortfall,
        sale.account_text,
        deposit.id if deposit else None,
        deposit.claim_until.isoformat() if deposit else None,
        still_due=account.still_due,
        handed_back=account.handed_back,
        still_held=account.still_held,
        receipt_id=receipt.id if receipt else None,
        account=account_params(account, ctx.profile.money.name),
    )
