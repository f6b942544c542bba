"""The account of a sale given to the owner (Sec IX) and its arithmetic (XI, G5, G6), and how
many head a sale under Sec IX may take (G13)."""

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from law.accounts import SaleAccount, account_lines, sale_account
from law.errors import InvalidInput, LotNotNeeded
from law.money import PAISE, PIES
from law.money_split import Charges, LotCharge
from tests.examples import examples

COW = 48  # Sec VI: 4 annas a head
COW_DAY = 9  # the test district's feeding rate, 9 pies a day


def cows(n: int, days: int) -> Charges:
    return Charges(0, n * COW, n * days * COW_DAY)


def test_an_owner_who_refused_gets_the_balance_the_rest_and_an_account_of_six_items() -> None:
    # Three cows held 1 to 9 March 1857; one sold for Rs 5; the other two handed back.
    account = sale_account(
        lots=[LotCharge(price=960, fine=48, feeding=54)],
        animal_ids=[3],
        expenses=24,
        number_seized=3,
        impounded_from=date(1857, 3, 1),
        impounded_until=date(1857, 3, 9),
        held=[1, 2],
        charged=Charges(0, 144, 162),
    )
    assert account.fines_charged == 144
    assert account.feeding_charged == 162
    assert account.days_impounded == 9
    assert account.balance_to_owner_or_surplus == 960 - 24 - 144 - 162
    assert (account.shortfall, account.still_due) == (0, 0)
    assert account.handed_back == (1, 2) and account.still_held == ()
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
        "7. Cattle handed back to the owner: 2 (no. 1, 2)",
    ]


def test_a_sale_that_falls_short_keeps_the_rest_in_the_pound_and_leaves_the_rest_due() -> None:
    # Sec IX, G13: one of four cows fetches Rs 0-8-0 (96 pies) against dues of 4 x (48 + 27)
    # and 12 pies of expenses: nothing is handed back and no shortfall is recorded yet.
    account = sale_account(
        lots=[LotCharge(price=96, fine=COW, feeding=27)],
        animal_ids=[1],
        expenses=12,
        number_seized=4,
        impounded_from=date(2026, 3, 1),
        impounded_until=date(2026, 3, 3),
        held=[2, 3, 4],
        charged=cows(4, 3),
    )
    assert (account.expenses_paid, account.fines_paid, account.feeding_paid) == (12, 84, 0)
    assert (account.balance_to_owner_or_surplus, account.shortfall) == (0, 0)
    assert account.still_due == 12 + 4 * 48 + 4 * 27 - 96
    assert account.handed_back == () and account.still_held == (2, 3, 4)
    assert not account.covered
    assert account_lines(account, PIES)[5:] == [
        "6. Proceeds applied: expenses of sale Rs 0-1-0, fines Rs 0-7-0, feeding Rs 0-0-0; "
        "balance to the owner Rs 0-0-0; still due Rs 1-2-0",
        "7. Cattle still held in the pound: 3 (no. 2, 3, 4); feeding runs on and a further "
        "sale may follow",
    ]


def test_a_further_sale_counts_what_the_earlier_ones_paid() -> None:
    # The same seizure a week later: cow 1 was sold (its feeding stopped on the 3rd); the
    # three held have eaten 10 days. The earlier sale paid 96 of the charges.
    charged = Charges(12, 4 * COW, 3 * COW_DAY + 3 * 10 * COW_DAY)
    account = sale_account(
        lots=[LotCharge(price=600, fine=COW, feeding=90)],
        animal_ids=[2],
        expenses=12,
        number_seized=4,
        impounded_from=date(2026, 3, 1),
        impounded_until=date(2026, 3, 10),
        held=[3, 4],
        charged=charged,
        paid_before=Charges(12, 84, 0),
        sold_before=1,
    )
    due = 24 + 192 + 297 - 96
    assert account.allocation.due.total == due
    assert account.balance_to_owner_or_surplus == 600 - due
    assert account.handed_back == (3, 4)
    lines = account_lines(account, PIES)
    assert lines[3] == "4. Cattle sold: 1 (and 1 at earlier sales)"
    assert lines[4] == "5. Proceeds of sale: Rs 3-2-0; earlier sales paid Rs 0-8-0 of the charges"


def test_a_lot_is_refused_when_the_lots_before_it_covered_the_dues() -> None:
    # Sec IX, G13: the first cow covers everything; the second and third may not be sold.
    lots = [LotCharge(price=1920, fine=COW, feeding=27)] + [LotCharge(500, COW, 27)] * 2
    with pytest.raises(LotNotNeeded) as err:
        sale_account(
            lots=lots,
            animal_ids=[1, 2, 3],
            expenses=24,
            number_seized=4,
            impounded_from=date(2026, 3, 1),
            impounded_until=date(2026, 3, 3),
            held=[4],
            charged=cows(4, 3),
        )
    assert err.value.section == "IX"
    assert err.value.details == {"animal": 2, "due": 24 + 192 + 108, "covered_by": 1920}


def test_the_lot_that_completes_the_dues_may_still_be_sold() -> None:
    lots = [LotCharge(price=100, fine=COW, feeding=27), LotCharge(price=5000, fine=COW, feeding=27)]
    account = sale_account(
        lots=lots,
        animal_ids=[1, 2],
        expenses=0,
        number_seized=2,
        impounded_from=date(2026, 3, 1),
        impounded_until=date(2026, 3, 3),
        charged=cows(2, 3),
    )
    assert account.balance_to_owner_or_surplus == 5100 - 150
    assert account.handed_back == ()


def test_a_shortfall_is_recorded_only_when_nothing_is_left_to_sell() -> None:
    account = sale_account(
        lots=[LotCharge(price=30, fine=COW, feeding=27)],
        animal_ids=[2],
        expenses=12,
        number_seized=2,
        impounded_from=date(2026, 3, 1),
        impounded_until=date(2026, 3, 3),
        charged=cows(2, 3),
        paid_before=Charges(0, 60, 0),
        sold_before=1,
    )
    assert (account.still_due, account.shortfall) == (0, 12 + 96 + 54 - 60 - 30)
    assert account.lots[0].shortfall == account.shortfall


def test_unclaimed_cattle_answer_only_for_their_own_lots_and_a_short_sale_says_so() -> None:
    account = sale_account(
        lots=[LotCharge(price=100, fine=96, feeding=60)],
        animal_ids=[1],
        expenses=20,
        number_seized=2,
        impounded_from=date(2024, 3, 1),
        impounded_until=date(2024, 3, 1),
        held=[2],
        unclaimed=True,
    )
    assert (account.expenses_paid, account.fines_paid, account.feeding_paid) == (20, 80, 0)
    assert account.shortfall == 76
    assert account.handed_back == () and account.still_held == (2,)
    lines = account_lines(account, PAISE)
    assert lines[1] == "2. Time impounded: 1 day, 1 March 2024 to 1 March 2024"
    assert lines[5].endswith(
        "surplus Rs 0.00 held in deposit by the Magistrate; still unpaid Rs 0.76"
    )
    assert lines[6] == "7. Cattle still held in the pound: 1 (no. 2)"


def test_an_account_that_makes_no_sense_is_refused() -> None:
    lot = LotCharge(price=100, fine=96, feeding=60)
    common = {"expenses": 0, "impounded_from": date(2024, 3, 1), "unclaimed": True}
    with pytest.raises(InvalidInput):
        sale_account(
            lots=[lot, lot],
            animal_ids=[1, 2],
            number_seized=1,
            impounded_until=date(2024, 3, 2),
            **common,  # type: ignore[arg-type]
        )
    with pytest.raises(InvalidInput):
        sale_account(
            lots=[lot],
            animal_ids=[1],
            number_seized=1,
            impounded_until=date(2024, 2, 29),
            **common,  # type: ignore[arg-type]
        )
    with pytest.raises(InvalidInput):  # Sec IX needs the whole seizure's charges
        sale_account(
            lots=[lot],
            animal_ids=[1],
            expenses=0,
            number_seized=1,
            impounded_from=date(2024, 3, 1),
            impounded_until=date(2024, 3, 1),
        )


def check_sums(a: SaleAccount) -> None:
    """Each figure of the account is the sum of the lots' parts of it (G5, G6)."""
    assert sum(x.expense_share for x in a.lots) == a.allocation.bill
    assert sum(x.expenses_paid for x in a.lots) == a.expenses_paid
    assert sum(x.fine_paid for x in a.lots) == a.fines_paid
    assert sum(x.feeding_paid for x in a.lots) == a.feeding_paid
    assert sum(x.surplus for x in a.lots) == a.balance_to_owner_or_surplus
    assert sum(x.shortfall for x in a.lots) == a.shortfall
    assert sum(x.price for x in a.lots) == a.proceeds


LOT = st.builds(
    LotCharge,
    price=st.integers(0, 3_000),
    fine=st.sampled_from([12, 24, 48, 96]),
    feeding=st.integers(0, 400),
)


@settings(max_examples=examples(200))
@given(
    st.lists(LOT, min_size=1, max_size=5),
    st.integers(0, 4),
    st.integers(0, 300),
    st.integers(0, 2_000),
    st.integers(0, 300),
)
def test_a_sec_ix_sale_takes_no_more_than_needed_and_its_lots_add_up(
    lots: list[LotCharge], held: int, expenses: int, others: int, paid_before: int
) -> None:
    sold = len(lots)
    charged = Charges(
        0, sum(x.fine for x in lots) + others // 2, sum(x.feeding for x in lots) + others
    )
    paid = Charges(0, min(paid_before, charged.fines), 0)
    due = charged.total + expenses - paid.total
    needed = next((j for j in range(sold) if sum(x.price for x in lots[:j]) >= due), None)
    args = {
        "lots": lots,
        "animal_ids": list(range(1, sold + 1)),
        "expenses": expenses,
        "number_seized": sold + held + 1,
        "impounded_from": date(2026, 3, 1),
        "impounded_until": date(2026, 3, 9),
        "held": list(range(sold + 1, sold + held + 1)),
        "charged": charged,
        "paid_before": paid,
        "sold_before": 1,
    }
    if needed is not None:
        with pytest.raises(LotNotNeeded) as err:
            sale_account(**args)  # type: ignore[arg-type]
        assert err.value.details["animal"] == needed + 1
        return
    a = sale_account(**args)  # type: ignore[arg-type]
    check_sums(a)
    assert a.covered == (a.proceeds >= due)
    assert (
        a.allocation.due.total
        == due
        == a.fines_paid + a.feeding_paid + a.expenses_paid + (a.still_due + a.shortfall)
    )
    if a.covered:
        assert a.handed_back == tuple(args["held"]) and a.still_held == ()  # type: ignore[arg-type]
        assert (a.still_due, a.shortfall) == (0, 0)
    else:
        assert a.handed_back == () and a.balance_to_owner_or_surplus == 0
        # Short: still due while head are held, a shortfall only when none is left (G13).
        assert (a.still_due > 0) == bool(held) and (a.shortfall > 0) == (not held)


def test_the_balance_goes_to_the_owner_under_sec_ix_and_into_deposit_under_sec_xi() -> None:
    # Sec IX: the owner who refused gets the rest of his cattle and the balance once the
    # proceeds cover the dues; Sec XI, G8: unclaimed cattle's surplus is held in deposit.
    common = {
        "lots": [LotCharge(price=960, fine=48, feeding=54)],
        "animal_ids": [3],
        "expenses": 24,
        "number_seized": 3,
        "impounded_from": date(1857, 3, 1),
        "impounded_until": date(1857, 3, 9),
    }
    refused = sale_account(**common, held=[1, 2], charged=Charges(0, 144, 162))
    assert refused.delivered_to_owner and not refused.surplus_deposited
    unclaimed = sale_account(**common, unclaimed=True)
    assert unclaimed.surplus_deposited and not unclaimed.delivered_to_owner
    short = sale_account(
        **{**common, "lots": [LotCharge(price=96, fine=48, feeding=54)]},
        held=[1, 2],
        charged=Charges(0, 144, 162),
    )
    assert not short.delivered_to_owner  # G13: the rest stay in the pound for a further sale
    no_surplus = sale_account(
        **{**common, "lots": [LotCharge(price=126, fine=48, feeding=54)]}, unclaimed=True
    )
    assert no_surplus.balance_to_owner_or_surplus == 0 and not no_surplus.surplus_deposited
