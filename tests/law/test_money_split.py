"""Largest-remainder splits (G6) and the one allocation of a sale's proceeds over its charges
and its lots (XI, G5, G6)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from law.errors import InvalidInput
from law.money_split import Charges, LotCharge, allocate_sale, largest_remainder, outstanding


def test_a_bill_is_shared_by_price_and_adds_up_exactly() -> None:
    assert largest_remainder(10, [1, 1, 1]) == [4, 3, 3]
    assert largest_remainder(100, [50, 30, 20]) == [50, 30, 20]
    assert largest_remainder(7, [2, 1]) == [5, 2]


def test_ties_go_to_the_lower_index() -> None:
    assert largest_remainder(2, [1, 1, 1]) == [1, 1, 0]


def test_zero_weights_split_equally() -> None:
    assert largest_remainder(5, [0, 0]) == [3, 2]


@pytest.mark.parametrize(("total", "weights"), [(-1, [1]), (5, []), (5, [1, -1])])
def test_a_split_that_makes_no_sense_is_refused(total: int, weights: list[int]) -> None:
    with pytest.raises(InvalidInput):
        largest_remainder(total, weights)


@given(
    st.integers(min_value=0, max_value=10**9),
    st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=20),
)
def test_shares_always_add_up_to_the_total(total: int, weights: list[int]) -> None:
    shares = largest_remainder(total, weights)
    assert sum(shares) == total
    assert all(s >= 0 for s in shares)
    whole = sum(weights) or len(weights)
    for share, weight in zip(shares, weights or [], strict=True):
        exact = total * (weight if sum(weights) else 1) / whole
        assert abs(share - exact) < 1


def own(lots: list[LotCharge], expenses: int) -> Charges:
    """What a sale of these lots alone is charged (a Sec VIII sale)."""
    return Charges(expenses, sum(x.fine for x in lots), sum(x.feeding for x in lots))


def test_expenses_of_sale_come_first_then_the_fine_then_feeding() -> None:
    lots = [LotCharge(price=100, fine=48, feeding=54)]
    [lot] = allocate_sale(lots, expenses=10, due=own(lots, 10)).lots
    assert (lot.expenses_paid, lot.fine_paid, lot.feeding_paid) == (10, 48, 42)
    assert lot.surplus == 0
    assert lot.shortfall == 12


def test_what_is_left_after_the_deductions_is_surplus() -> None:
    lots = [LotCharge(price=600, fine=96, feeding=90)]
    [lot] = allocate_sale(lots, expenses=24, due=own(lots, 24)).lots
    assert lot.surplus == 600 - 24 - 96 - 90
    assert lot.shortfall == 0


def test_expenses_are_shared_over_lots_by_price() -> None:
    lots = [LotCharge(price=300, fine=48, feeding=0), LotCharge(price=100, fine=48, feeding=0)]
    done = allocate_sale(lots, expenses=10, due=own(lots, 10))
    assert [d.expense_share for d in done.lots] == [8, 2]
    assert [d.expenses_paid for d in done.lots] == [8, 2]


def test_the_proceeds_are_one_sum_so_one_lots_surplus_pays_what_another_fell_short_of() -> None:
    # Sec XI, G5: the buffalo sold for 10 pies cannot pay its own fine; the one sold for 500
    # pays it, and the lots say so: nothing is both unpaid on one lot and surplus on another.
    lots = [LotCharge(price=10, fine=96, feeding=0), LotCharge(price=500, fine=96, feeding=0)]
    done = allocate_sale(lots, expenses=0, due=own(lots, 0))
    first, second = done.lots
    assert (first.fine_paid, first.surplus, first.shortfall) == (10, 0, 0)
    assert (second.fine_paid, second.surplus, second.shortfall) == (96 + 86, 318, 0)
    assert (done.paid.fines, done.balance, done.shortfall) == (192, 318, 0)


def test_the_dues_of_head_not_sold_come_from_the_lots_in_the_order_they_were_listed() -> None:
    # Sec IX: two of four cows sold for Rs 1-9-0 each; the fines (48) and feeding (20) of all four
    # are recovered: each lot pays its own cow's first, then the first lot pays the others'.
    lots = [LotCharge(price=300, fine=48, feeding=20), LotCharge(price=300, fine=48, feeding=20)]
    done = allocate_sale(lots, expenses=0, due=Charges(0, 4 * 48, 4 * 20))
    first, second = done.lots
    assert (first.fine_paid, first.feeding_paid, first.surplus) == (144, 60, 96)
    assert (second.fine_paid, second.feeding_paid, second.surplus) == (48, 20, 232)
    assert (done.paid, done.balance) == (Charges(0, 192, 80), 328)


def test_what_a_sale_leaves_unpaid_stays_due_unless_nothing_is_left_to_sell() -> None:
    lots = [LotCharge(price=60, fine=48, feeding=30)]
    due = Charges(12, 4 * 48, 4 * 30)
    pending = allocate_sale(lots, expenses=12, due=due, final=False)
    assert (pending.paid, pending.still_due, pending.shortfall) == (Charges(12, 48, 0), 264, 0)
    assert pending.lots[0].shortfall == 0
    final = allocate_sale(lots, expenses=12, due=due, final=True)
    assert (final.still_due, final.shortfall, final.lots[0].shortfall) == (0, 264, 264)


def test_a_shortfall_is_shared_over_the_lots_by_their_own_charges() -> None:
    lots = [LotCharge(price=0, fine=96, feeding=0), LotCharge(price=0, fine=48, feeding=0)]
    done = allocate_sale(lots, expenses=0, due=Charges(0, 144 + 48, 0))
    assert [d.shortfall for d in done.lots] == [128, 64]


def test_more_paid_under_one_head_than_is_now_charged_counts_towards_the_next() -> None:
    # An earlier sale paid the fine of a head that has since died (G7: nothing is demanded for
    # it): the excess goes towards what is owed under the other heads, in the order of G5.
    assert outstanding(Charges(10, 96, 200), Charges(0, 144, 0)) == Charges(0, 0, 200 - 38)
    assert outstanding(Charges(10, 96, 200), Charges(10, 96, 50)) == Charges(0, 0, 150)


def test_a_sale_needs_a_lot_and_no_negative_money() -> None:
    with pytest.raises(InvalidInput):
        allocate_sale([], expenses=0, due=Charges())
    with pytest.raises(InvalidInput):
        allocate_sale([LotCharge(1, 1, 1)], expenses=-1, due=Charges())
    with pytest.raises(InvalidInput):
        allocate_sale([LotCharge(1, 1, 1)], expenses=5, due=Charges(4, 1, 1))
    with pytest.raises(InvalidInput):
        LotCharge(price=-1, fine=0, feeding=0)
    with pytest.raises(InvalidInput):
        Charges(fines=-1)


LOTS = st.lists(
    st.builds(
        LotCharge,
        price=st.integers(min_value=0, max_value=100_000),
        fine=st.integers(min_value=0, max_value=2_000),
        feeding=st.integers(min_value=0, max_value=5_000),
    ),
    min_size=1,
    max_size=12,
)


@given(
    LOTS,
    st.integers(min_value=0, max_value=50_000),
    st.builds(
        Charges,
        expenses=st.integers(0, 5_000),
        fines=st.integers(0, 5_000),
        feeding=st.integers(0, 20_000),
    ),
    st.booleans(),
)
def test_every_pie_of_every_lot_adds_up_to_the_sale(
    lots: list[LotCharge], expenses: int, others: Charges, final: bool
) -> None:
    due = own(lots, expenses) + others
    done = allocate_sale(lots, expenses=expenses, due=due, final=final)
    assert sum(d.expense_share for d in done.lots) == expenses
    for lot, d in zip(lots, done.lots, strict=True):
        assert d.price == lot.price == d.expenses_paid + d.fine_paid + d.feeding_paid + d.surplus
        assert min(d.surplus, d.shortfall, d.expenses_paid, d.fine_paid, d.feeding_paid) >= 0
        assert d.surplus == 0 or d.shortfall == 0
    # G5 over the sale as one sum: expenses, then fines, then feeding.
    proceeds = sum(lot.price for lot in lots)
    expenses_paid = min(proceeds, due.expenses)
    fines_paid = min(proceeds - expenses_paid, due.fines)
    feeding_paid = min(proceeds - expenses_paid - fines_paid, due.feeding)
    assert done.paid == Charges(expenses_paid, fines_paid, feeding_paid)
    assert done.proceeds == done.paid.total + done.balance
    assert due.total == done.paid.total + done.still_due + done.shortfall
    assert done.balance == 0 or (done.still_due, done.shortfall) == (0, 0)
    assert done.covered == (proceeds >= due.total)
    assert done.shortfall == 0 or final


def test_a_lot_is_not_needed_once_the_lots_before_it_fetched_what_is_due() -> None:
    """Sec IX (G13) and Sec XVII: as many as may be necessary, in the order listed, no more."""
    from law.money_split import first_lot_not_needed

    assert first_lot_not_needed([100, 100, 200], 330) is None  # the third is still needed
    assert first_lot_not_needed([400, 400], 330) == 1
    assert first_lot_not_needed([330, 1], 330) == 1  # exactly covered: nothing more
    assert first_lot_not_needed([5], 0) == 0  # nothing due: no lot at all
    assert first_lot_not_needed([], 330) is None
