"""The account of a sale (Sec XI): what its proceeds pay, the surplus held for the owner,
the head delivered back to him with his receipt (IX)."""

from __future__ import annotations

from law.accounts import SaleAccount, long_date, sale_account
from law.errors import N_, Conflict
from law.lifecycle import AnimalStatus
from law.money_split import Charges, LotCharge
from law.periods import surplus_until
from models import Animal, CattleReceipt, Person, Sale, SurplusDeposit
from models.columns import id_of
from models.enums import DepositStatus
from office.acts.alike import OnSeizure
from office.charges import SalesSoFar, charge_for
from office.inputs import Lot
from office.people import get_person
from office.records import ledger
from office.records.memos import AUCTION, SALE_BALANCE, memo
from office.state import animals_of


def _account(
    a: OnSeizure, lots: list[Lot], expenses: int, so_far: SalesSoFar | None
) -> SaleAccount:
    """The law's account of this sale: under Sec IX over the whole seizure and its earlier
    sales (`so_far`), under Sec VIII over the lots sold."""
    seizure, rows, on = a.seizure, a.rows, a.on
    by_number = {a.number: a for a in rows}
    charges = [charge_for(by_number[lot.animal], seizure, a.ctx, on) for lot in lots]
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
            x.number
            for x in rows
            if x.status == AnimalStatus.IMPOUNDED.value and x.number not in sold
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


def _post_proceeds(
    a: OnSeizure, sale: Sale, account: SaleAccount, so_far: SalesSoFar | None
) -> None:
    """Sec XI: the proceeds pay the expenses of sale (the oldest bill first), the fines to the
    Magistrate's fund, the feeding to the keeper; the balance is the owner's (Sec IX) or is
    held in deposit (Sec XI). A shortfall or a sum still due is not posted: nothing is
    invented to fill it (G5)."""
    seizure, sale_id = a.seizure, id_of(sale)
    bills = [*(so_far.bills if so_far else ()), (sale_id, sale.expenses)]
    paid_before = so_far.paid.expenses if so_far else 0
    a.post(
        memo=memo(AUCTION, ref=seizure.ref),
        section="XI",
        lines=[
            (ledger.sale_cash(sale_id), account.proceeds),
            *ledger.expense_credits(bills, paid_before, account.expenses_paid),
            (ledger.FUND_FINES, -account.fines_paid),
            (ledger.keeper_feeding(a.pound.code), -account.feeding_paid),
            (
                ledger.DEPOSIT if account.unclaimed else ledger.owner_payable(seizure.ref),
                -account.balance_to_owner_or_surplus,
            ),
        ],
    )


def _deposit_surplus(a: OnSeizure, sale: Sale, account: SaleAccount) -> SurplusDeposit | None:
    """Sec XI, G8: the Magistrate holds the surplus of unclaimed cattle for 3 months."""
    if not account.surplus_deposited:
        return None
    deposit = SurplusDeposit(
        sale_id=id_of(sale),
        seizure_id=id_of(a.seizure),
        district_id=a.ctx.id,
        amount=sale.surplus,
        deposited_on=a.on,
        claim_until=surplus_until(a.on, a.ctx.profile),
        status=DepositStatus.DEPOSITED,
    )
    a.s.add(deposit)
    a.s.flush()
    return deposit


def _deliver_to_owner(a: OnSeizure, sale: Sale, account: SaleAccount) -> CattleReceipt | None:
    """Sec IX: "the remaining Cattle and the balance of the purchase money if any shall be
    delivered to the owner", and he grants a receipt for them according to the account.

    The officer holding the sale delivers them there, once the proceeds covered the dues, and
    records the receipt of the owner of record (the owner who refused to pay)."""
    if not account.delivered_to_owner:
        return None
    s, u, seizure = a.s, a.u, a.seizure
    if seizure.owner_id is None:
        raise Conflict(N_("the owner who refused to pay is not recorded"), section="IX")
    owner = get_person(s, seizure.owner_id)
    officer = get_person(s, u.actor())
    rows = {x.number: x for x in animals_of(s, seizure)}
    animals = [rows[n] for n in account.handed_back]
    receipt = CattleReceipt(
        sale_id=id_of(sale),
        seizure_id=id_of(seizure),
        district_id=seizure.district_id,
        owner_id=id_of(owner),
        recorded_by=u.actor(),
        animal_ids=list(account.handed_back),
        balance=account.balance_to_owner_or_surplus,
        occurred_at=sale.held_at,
        lines=receipt_lines(a, sale, owner, officer, animals),
    )
    s.add(receipt)
    s.flush()
    a.post(
        memo=memo(SALE_BALANCE, ref=seizure.ref),
        section="IX",
        lines=[
            (ledger.owner_payable(seizure.ref), account.balance_to_owner_or_surplus),
            (ledger.sale_cash(id_of(sale)), -account.balance_to_owner_or_surplus),
        ],
    )
    a.event(
        "cattle_delivered",
        "IX",
        receipt_id=receipt.id,
        sale_id=sale.id,
        owner_id=owner.id,
        animals=list(account.handed_back),
        balance=account.balance_to_owner_or_surplus,
    )
    return receipt


def receipt_lines(
    a: OnSeizure, sale: Sale, owner: Person, officer: Person, animals: list[Animal]
) -> list[str]:
    """The owner's receipt for the cattle delivered to him and the balance paid to him,
    according to the account of the sale (Sec IX)."""
    held_at = sale.held_at.astimezone(a.ctx.tz)
    who = f"{owner.name} of {owner.residence}" if owner.residence else owner.name
    cattle = (
        f"{len(animals)} head of cattle not sold: "
        + "; ".join(
            f"{x.number}. {x.kind}" + (f", {x.description}" if x.description else "")
            for x in animals
        )
        if animals
        else "no cattle (all were sold)"
    )
    return [
        f"Receipt under Section IX, seizure {a.seizure.ref}, {a.pound.name}.",
        f"I, {who}, have received from {officer.name}, at the sale held at {sale.place} on "
        f"{long_date(held_at.date())} at {held_at:%H:%M}:",
        f"the cattle: {cattle};",
        f"the balance of the purchase money: {a.ctx.fmt(sale.surplus)};",
        "according to the account of the sale:",
        *sale.account_text.split("\n"),
        f"Signed: {owner.name}",
    ]
