"""Largest-remainder splits (G6) and the order of deductions from a sale (XI, G5)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from law.errors import InvalidInput
from law.money_split import LotCharge, distribute_sale, largest_remainder


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


def test_expenses_of_sale_come_first_then_the_fine_then_feeding() -> None:
    [lot] = distribute_sale([LotCharge(price=100, fine=48, feeding=54)], expenses=10)
    assert (lot.expenses_paid, lot.fine_paid, lot.feeding_paid) == (10, 48, 42)
    assert lot.surplus == 0
    assert lot.shortfall == 12


def test_what_is_left_after_the_deductions_is_surplus() -> None:
    [lot] = distribute_sale([LotCharge(price=600, fine=96, feeding=90)], expenses=24)
    assert lot.surplus == 600 - 24 - 96 - 90
    assert lot.shortfall == 0


def test_expenses_are_shared_over_lots_by_price() -> None:
    lots = [LotCharge(price=300, fine=48, feeding=0), LotCharge(price=100, fine=48, feeding=0)]
    shares = [d.expense_share for d in distribute_sale(lots, expenses=10)]
    assert shares == [8, 2]


def test_a_sale_needs_a_lot_and_no_negative_money() -> None:
    with pytest.raises(InvalidInput):
        distribute_sale([], expenses=0)
    with pytest.raises(InvalidInput):
        distribute_sale([LotCharge(1, 1, 1)], expenses=-1)
    with pytest.raises(InvalidInput):
        LotCharge(price=-1, fine=0, feeding=0)


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


@given(LOTS, st.integers(min_value=0, max_value=50_000))
def test_every_pie_of_every_lot_is_accounted_for(lots: list[LotCharge], expenses: int) -> None:
    result = distribute_sale(lots, expenses)
    assert sum(d.expense_share for d in result) == expenses
    for lot, d in zip(lots, result, strict=True):
        paid = d.expenses_paid + d.fine_paid + d.feeding_paid
        assert d.price == lot.price == paid + d.surplus
        assert d.expense_share + lot.fine + lot.feeding == paid + d.shortfall
        assert min(d.surplus, d.shortfall, d.expenses_paid, d.fine_paid, d.feeding_paid) >= 0
        # Nothing is both left over and left unpaid.
        assert d.surplus == 0 or d.shortfall == 0
