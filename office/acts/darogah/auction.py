"""The Darogah's part: notice and drum proclamation (Sec VIII), the public auction with its
account (VIII, IX, X, XI), and under Sec IX the cattle not sold and the balance handed back to
the owner against his receipt."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from datetime import datetime

from law.accounts import SaleAccount, account_lines
from law.auction import SELLERS, SaleKind, check_auction_record, sale_kind
from law.errors import N_, InvalidInput
from law.lifecycle import SeizureStatus, Sell, apply
from models import Animal, Person, Sale, SaleLot, Seizure, Unit
from models.columns import id_of
from office import notify
from office.acts.alike import OnSeizure, named, official_buyer, on_seizure
from office.acts.darogah.sale_account import (
    _account,
    _deliver_to_owner,
    _deposit_surplus,
    _post_proceeds,
    account_params,
)
from office.charges import sales_so_far
from office.inputs import Amount, Lot, LotIn
from office.state import load_state
from office.views.amounts import read_amount


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
    expenses: Amount,
    place: str,
    occurred_at: datetime,
) -> SaleRecorded:
    """A public auction by the Darogah or an officer he deputes: of unclaimed cattle after the
    notice ran (Sec VIII), or of as many as needed when the owner refused to pay (Sec IX).

    Under Sec IX the cattle not sold are handed back, with the balance, only when the proceeds
    of this and earlier sales cover the dues and the expenses of sale; otherwise they stay in
    the pound and a further sale may follow (practice G13)."""
    with u.act() as s:
        # The actor holds the sale as the Darogah, or as an officer he deputed (Sec VIII).
        a = on_seizure(s, u, ref, occurred_at, SELLERS, "VIII")
        seizure, ctx, rows, on = a.seizure, a.ctx, a.rows, a.on
        money = ctx.profile.money
        sold_lots = [Lot(lot.animal, lot.buyer, read_amount(lot.price, money)) for lot in lots]
        expenses = read_amount(expenses, money)
        check_auction_record(
            animals=[lot.animal for lot in sold_lots],
            prices=[lot.price for lot in sold_lots],
            expenses=expenses,
            place=place,
        )
        kind = sale_kind(owner_refused=seizure.owner_refused_at is not None)
        # Sec VIII periods, the Sec IX proviso, and Sec X for each buyer: the law's guards.
        sell = Sell(
            on=on,
            animal_ids=_lot_numbers(seizure, rows, sold_lots),
            purchasers_official=[official_buyer(s, lot.buyer, u.actor()) for lot in sold_lots],
        )
        apply(load_state(seizure, rows, ctx), sell)
        # Sec IX, XI, practice G5, G6, G13: the account, from one allocation of the proceeds.
        so_far = sales_so_far(s, seizure, rows, ctx, on) if kind is SaleKind.NON_PAYMENT else None
        account = _account(a, sold_lots, expenses, so_far)
        sold = replace(sell, release_rest=bool(account.handed_back))
        a.advance(sold, reasons=kind.reasons)
        lines = account_lines(account, ctx.profile.money)
        sale = Sale(
            seizure_id=id_of(seizure),
            district_id=seizure.district_id,
            kind=kind.value,
            officer_id=u.actor(),
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
        buyers = _write_lots(a, sale, sold_lots, account)
        _post_proceeds(a, sale, account, so_far)
        deposit = _deposit_surplus(a, sale, account)
        receipt = _deliver_to_owner(a, sale, account)
        if seizure.status == SeizureStatus.CLOSED.value:
            seizure.next_due_at = None
            s.add(seizure)
        a.event(
            "sale_recorded",
            kind.section,
            sale_id=sale.id,
            kind=sale.kind,
            place=sale.place,
            lots=[
                {"animal": lot.animal, "buyer": b.name, **asdict(share)}
                for lot, b, share in zip(sold_lots, buyers, account.lots, strict=True)
            ],
            sold=[lot.animal for lot in sold_lots],
            released_to_owner=list(account.handed_back),
            still_held=list(account.still_held),
            surplus_deposit_id=deposit.id if deposit else None,
            receipt_id=receipt.id if receipt else None,
            **_totals(account),  # its "expenses" are those paid
        )
        # Messages: the owner's account (IX) and surplus (XI); the seizer's outcome.
        notify.sale_recorded(
            s,
            seizure,
            ctx,
            sale_id=id_of(sale),
            kind=kind,
            account=account,
            deposit_id=deposit.id if deposit else None,
            now=u.now,
        )
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


def _lot_numbers(seizure: Seizure, rows: list[Animal], lots: list[Lot]) -> tuple[int, ...]:
    known = {a.number for a in rows}
    missing = [lot.animal for lot in lots if lot.animal not in known]
    if missing:
        raise InvalidInput(
            N_("no animal numbered {animals} in {ref}"),
            said={"animals": str(missing), "ref": seizure.ref},
        )
    return tuple(lot.animal for lot in lots)


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


def _write_lots(a: OnSeizure, sale: Sale, lots: list[Lot], account: SaleAccount) -> list[Person]:
    """One row per lot, carrying its part of the allocation (Sec XI, G5, G6)."""
    by_number = {x.number: x for x in a.rows}
    buyers = []
    for lot, share in zip(lots, account.lots, strict=True):
        buyer = named(a.s, lot.buyer, a.u.now)
        buyers.append(buyer)
        a.s.add(
            SaleLot(
                sale_id=id_of(sale),
                district_id=sale.district_id,
                animal_id=id_of(by_number[lot.animal]),
                buyer_name=buyer.name,
                buyer_residence=buyer.residence,
                buyer_id=buyer.id,
                **asdict(share),
            )
        )
    return buyers
