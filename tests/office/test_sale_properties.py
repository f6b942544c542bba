"""Whatever the sales and payments after a refusal (Sec IX), every sale's lots add up to its
account (Sec XI, G5, G6), the ledger balances, and in the end every pie charged on the seizure
was paid or is recorded unpaid (G13).

Random histories run against the database itself, on SQLite and PostgreSQL, so the examples
are few."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from sqlmodel import Session, col, select

from law.errors import LotNotNeeded
from law.lifecycle import AnimalStatus
from models import Animal, LedgerPosting, LedgerTxn, Payment, Sale, SaleLot, Seizure
from office.acts.darogah.auction import record_sale
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.payment import record_payment
from office.acts.keeper.refusal import record_refusal
from office.charges import charge_for, payable_on
from office.district import district_context
from office.inputs import AnimalsIn, LotIn, PersonIn
from office.records import ledger
from office.records.register import seizure_by_ref
from office.state import animals_of
from tests.examples import examples
from tests.units import act
from tests.world import World

BUYER = PersonIn("Ganga Ram", "Kemri", "+919555555555")
START = date(2026, 3, 1)

# One act after the refusal: a sale (lots as positions among the head held, a price for each,
# the expenses) or the owner paying what is due; and the days since the last act.
SALE = st.tuples(
    st.just("sale"),
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 1500)), min_size=1, max_size=3),
    st.integers(0, 120),
)
PAY = st.tuples(st.just("pay"), st.just([]), st.just(0))
ACTS = st.lists(st.tuples(st.one_of(SALE, SALE, PAY), st.integers(0, 3)), min_size=1, max_size=4)


def held(world: World, ref: str) -> list[int]:
    with world.db.reading() as s:
        rows = animals_of(s, seizure_by_ref(s, ref))
        return [a.number for a in rows if a.status == AnimalStatus.IMPOUNDED.value]


def sell(world: World, ref: str, lots: list[tuple[int, int]], expenses: int, day: date) -> None:
    act(
        world.db,
        record_sale,
        actor_id=world.darogah,
        ref=ref,
        lots=[LotIn(n, BUYER, price) for n, price in lots],
        expenses=expenses,
        place="Rampur market",
        occurred_at=world.on(day, 11),
        now=world.now,
    )


def pay(world: World, ref: str, day: date) -> None:
    world.on(day, 15)
    with world.db.reading() as s:
        seizure = seizure_by_ref(s, ref)
        ctx = district_context(s, seizure.district_id)
        due = payable_on(s, seizure, animals_of(s, seizure), ctx, day).total
    act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=due,
        payer=None,
        occurred_at=world.now,
        now=world.now,
    )


def check_sales(s: Session, seizure: Seizure) -> None:
    """Each sale: its lots add up to its account, and what it says became of the rest is so."""
    for sale in s.exec(select(Sale).where(Sale.seizure_id == seizure.id)).all():
        lots = s.exec(select(SaleLot).where(SaleLot.sale_id == sale.id)).all()
        assert sum(x.price for x in lots) == sale.proceeds
        assert sum(x.expense_share for x in lots) == sale.expenses
        assert sum(x.expenses_paid for x in lots) == sale.expenses_paid
        assert sum(x.fine_paid for x in lots) == sale.fines_paid
        assert sum(x.feeding_paid for x in lots) == sale.feeding_paid
        assert sum(x.surplus for x in lots) == sale.surplus
        assert sum(x.shortfall for x in lots) == sale.shortfall
        for x in lots:
            assert x.price == x.expenses_paid + x.fine_paid + x.feeding_paid + x.surplus
        paid = sale.expenses_paid + sale.fines_paid + sale.feeding_paid
        assert sale.proceeds == paid + sale.surplus
        # A balance only when nothing is left due; due or short, never both.
        assert sale.surplus == 0 or sale.still_due == sale.shortfall == 0
        assert sale.still_due == 0 or sale.shortfall == 0
        if sale.still_due:
            assert sale.account["still_held"] and not sale.account["released_to_owner"]
        if sale.shortfall:
            assert not sale.account["still_held"]


def check_money(s: Session, seizure: Seizure) -> None:
    """The ledger balances; the owner's balance was paid out; once no head is held, every pie
    charged (fines, feeding to the day each head left, the bills of sale) was paid to its
    account or is recorded as a shortfall."""
    assert sum(ledger.balances(s, seizure.district_id).values()) == 0
    postings = s.exec(
        select(LedgerPosting.account, LedgerPosting.amount)
        .join(LedgerTxn, col(LedgerTxn.id) == col(LedgerPosting.txn_id))
        .where(LedgerTxn.seizure_id == seizure.id)
    ).all()
    by_account: dict[str, int] = {}
    for account, amount in postings:
        by_account[account] = by_account.get(account, 0) + amount
    assert by_account.get(ledger.owner_payable(seizure.ref), 0) == 0
    credited = -sum(
        v for k, v in by_account.items() if k.startswith(("fund:", "keeper:", "expenses:"))
    )
    cash = sum(v for k, v in by_account.items() if k.startswith("cash:"))
    assert cash == credited
    rows = list(s.exec(select(Animal).where(Animal.seizure_id == seizure.id)).all())
    if any(a.status == AnimalStatus.IMPOUNDED.value for a in rows):
        return
    ctx = district_context(s, seizure.district_id)
    sales = s.exec(select(Sale).where(Sale.seizure_id == seizure.id)).all()
    charged = sum(charge_for(a, seizure, ctx, a.left_on or START).total for a in rows)
    charged += sum(x.expenses for x in sales)
    payments = s.exec(select(Payment).where(Payment.seizure_id == seizure.id)).all()
    assert sum(p.total for p in payments) + sum(x.proceeds - x.surplus for x in sales) == credited
    assert charged == credited + sum(x.shortfall for x in sales)


@settings(
    max_examples=examples(15),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    kinds=st.lists(st.sampled_from(["cow", "buffalo", "goat"]), min_size=1, max_size=3),
    paid_first=st.booleans(),
    acts=ACTS,
    last_price=st.integers(0, 2000),
)
def test_sales_after_a_refusal_add_up_and_leave_nothing_unaccounted(
    world: World, kinds: list[str], paid_first: bool, acts: list[tuple[tuple], int], last_price: int
) -> None:
    ref = world.seize(animals=[AnimalsIn(k) for k in kinds], when=world.on(START, 8))
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(START, 10),
        now=world.now,
    )
    day = START + timedelta(days=1)
    if paid_first and len(kinds) > 1:
        # Sec VII: the owner takes one head back first, then refuses for the rest.
        world.on(day, 9)
        with world.db.reading() as s:
            seizure = seizure_by_ref(s, ref)
            ctx = district_context(s, seizure.district_id)
            due = payable_on(s, seizure, animals_of(s, seizure), ctx, day, {1}).total
        act(
            world.db,
            record_payment,
            actor_id=world.keeper,
            ref=ref,
            amount=due,
            payer=None,
            animals=[1],
            occurred_at=world.now,
            now=world.now,
        )
    act(
        world.db,
        record_refusal,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(day, 10),
        now=world.now,
    )
    for (what, picks, expenses), gap in acts:
        day += timedelta(days=gap)
        left = held(world, ref)
        if not left:
            break
        lots: list[tuple[int, int]] = []
        try:
            if what == "sale":
                chosen = dict.fromkeys(left[k % len(left)] for k, _ in picks)
                prices = [price for _, price in picks]
                lots = list(zip(chosen, prices, strict=False))
                sell(world, ref, lots, expenses, day)
            else:
                pay(world, ref, day)
        except LotNotNeeded as refusal:
            # G13: a lot is refused only when the lots listed before it already fetch what is
            # due; the rest is sold below lot by lot. No other refusal is the law's here.
            event("a lot not needed was refused")
            refused = [number for number, _ in lots].index(refusal.details["animal"])
            before = sum(price for _, price in lots[:refused])
            assert before == refusal.details["covered_by"] >= refusal.details["due"]
        with world.db.reading() as s:
            check_sales(s, seizure_by_ref(s, ref))
    # Sell what is left, one head at a time, until the dues are covered or none is left.
    while left := held(world, ref):
        day += timedelta(days=1)
        sell(world, ref, [(left[0], last_price)], 0, day)
    with world.db.reading() as s:
        seizure = seizure_by_ref(s, ref)
        for sale in s.exec(select(Sale).where(Sale.seizure_id == seizure.id)).all():
            event("a sale left the rest due" if sale.still_due else "a sale was not short")
            if sale.shortfall:
                event("a shortfall was recorded")
        if s.exec(select(Payment).where(Payment.seizure_id == seizure.id)).first():
            event("the owner paid")
        assert seizure.status == "closed"
        check_sales(s, seizure)
        check_money(s, seizure)
