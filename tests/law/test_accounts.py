"""The account of a sale given to the owner (Sec IX, R12) and its arithmetic (XI, G5)."""

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from law.accounts import account_lines, sale_account
from law.errors import InvalidInput
from law.money import PAISE, PIES
from law.money_split import LotCharge


def test_an_owner_who_refused_gets_the_balance_and_an_account_of_six_items() -> None:
    # Three cows held 1 to 9 March; one sold for Rs 5; the other two handed back.
    account = sale_account(
        lots=[LotCharge(price=960, fine=48, feeding=54)],
        expenses=24,
        number_seized=3,
        impounded_from=date(1857, 3, 1),
        impounded_until=date(1857, 3, 9),
        unsold_fines=96,
        unsold_feeding=108,
    )
    assert account.fines_charged == 144
    assert account.feeding_charged == 162
    assert account.days_impounded == 9
    assert account.balance_to_owner_or_surplus == 960 - 24 - 144 - 162
    assert account.shortfall == 0
    lines = account_lines(account, PIES)
    assert lines == [
        "1. Cattle seized: 3",
        "2. Time impounded: 9 days, 1 March 1857 to 9 March 1857",
        "3. Charged: fines Rs 0-12-0, feeding Rs 0-13-6, expenses of sale Rs 0-2-0; "
        "in all Rs 1-11-6",
        "4. Cattle sold: 1",
        "5. Proceeds of sale: Rs 5-0-0",
        "6. Proceeds applied: expenses of sale Rs 0-2-0, fines Rs 0-12-0, "
        "feeding Rs 0-13-6; balance to the owner Rs 3-4-6",
    ]


def test_the_proceeds_of_the_seizure_are_one_sum_so_one_lot_may_pay_for_another() -> None:
    account = sale_account(
        lots=[LotCharge(price=10, fine=96, feeding=0), LotCharge(price=500, fine=96, feeding=0)],
        expenses=0,
        number_seized=2,
        impounded_from=date(1857, 3, 1),
        impounded_until=date(1857, 3, 1),
    )
    assert account.fines_paid == 192
    assert account.shortfall == 0
    assert account.lots[0].shortfall == 86  # the lot-by-lot record still shows it


def test_a_short_sale_leaves_the_rest_unpaid_and_says_so() -> None:
    account = sale_account(
        lots=[LotCharge(price=100, fine=96, feeding=60)],
        expenses=20,
        number_seized=1,
        impounded_from=date(2024, 3, 1),
        impounded_until=date(2024, 3, 1),
        unclaimed=True,
    )
    assert (account.expenses_paid, account.fines_paid, account.feeding_paid) == (20, 80, 0)
    assert account.shortfall == 76
    lines = account_lines(account, PAISE)
    assert lines[1] == "2. Time impounded: 1 day, 1 March 2024 to 1 March 2024"
    assert lines[5].endswith(
        "surplus Rs 0.00 held in deposit by the Magistrate; still unpaid Rs 0.76"
    )


def test_an_account_that_makes_no_sense_is_refused() -> None:
    lot = LotCharge(price=100, fine=96, feeding=60)
    with pytest.raises(InvalidInput):
        sale_account(
            lots=[lot, lot],
            expenses=0,
            number_seized=1,
            impounded_from=date(2024, 3, 1),
            impounded_until=date(2024, 3, 2),
        )
    with pytest.raises(InvalidInput):
        sale_account(
            lots=[lot],
            expenses=0,
            number_seized=1,
            impounded_from=date(2024, 3, 2),
            impounded_until=date(2024, 3, 1),
        )


@given(
    st.lists(
        st.builds(
            LotCharge,
            price=st.integers(0, 50_000),
            fine=st.integers(0, 2_000),
            feeding=st.integers(0, 5_000),
        ),
        min_size=1,
        max_size=8,
    ),
    st.integers(0, 10_000),
    st.integers(0, 5_000),
    st.integers(0, 5_000),
)
def test_the_account_always_balances(
    lots: list[LotCharge], expenses: int, unsold_fines: int, unsold_feeding: int
) -> None:
    a = sale_account(
        lots=lots,
        expenses=expenses,
        number_seized=len(lots) + 2,
        impounded_from=date(2024, 3, 1),
        impounded_until=date(2024, 3, 20),
        unsold_fines=unsold_fines,
        unsold_feeding=unsold_feeding,
    )
    paid = a.expenses_paid + a.fines_paid + a.feeding_paid
    assert a.proceeds == paid + a.balance_to_owner_or_surplus
    assert a.charged == paid + a.shortfall
    assert a.balance_to_owner_or_surplus == 0 or a.shortfall == 0
