"""Sec XII: what the fund is available for, its running balance, and payments that never
overdraw it."""

from datetime import UTC, date, datetime, time
from zoneinfo import ZoneInfo

import pytest

from law.errors import FundInsufficient, InvalidInput
from law.fund import FundEntry, FundPurpose, balance_at, check_payment, check_purpose, statement
from law.money import PIES

IST = ZoneInfo("Asia/Kolkata")


def at(day: int, hour: int = 10) -> datetime:
    return datetime.combine(date(1857, 3, day), time(hour), IST).astimezone(UTC)


ENTRIES = [FundEntry(at(3), 192, 1), FundEntry(at(10), -150, 2), FundEntry(at(12), 96, 3)]


def test_the_three_purposes_of_sec_xii() -> None:
    assert check_purpose("salary", pound="TPR", keeper="+919000000001", stated="") is (
        FundPurpose.SALARY
    )
    assert check_purpose("Pound", pound="TPR", keeper=None, stated="") is FundPurpose.POUND
    assert check_purpose("other", pound=None, keeper=None, stated="a drummer") is (
        FundPurpose.OTHER
    )


@pytest.mark.parametrize(
    ("purpose", "pound", "keeper", "stated"),
    [
        ("feast", "TPR", None, ""),  # not a purpose of the Act
        ("salary", "TPR", None, ""),  # whose salary?
        ("salary", None, "+919000000001", ""),  # of which pound?
        ("pound", None, None, ""),  # which pound?
        ("pound", "TPR", "+919000000001", ""),  # a keeper only for his salary
        ("other", None, None, "  "),  # the purpose is stated
        ("other", "TPR", None, "a wall"),  # a pound's upkeep is purpose "pound"
    ],
)
def test_a_payment_names_what_it_is_for(
    purpose: str, pound: str | None, keeper: str | None, stated: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        check_purpose(purpose, pound=pound, keeper=keeper, stated=stated)
    assert refused.value.section == "XII"


def test_the_statement_runs_in_time_order_with_the_balance_after_each_entry() -> None:
    shuffled = [ENTRIES[2], ENTRIES[0], ENTRIES[1]]
    assert [(ln.entry.amount, ln.balance) for ln in statement(shuffled)] == [
        (192, 192),
        (-150, 42),
        (96, 138),
    ]
    assert [ln.balance for ln in statement(ENTRIES, opening=10)] == [202, 52, 148]
    # Entries of one moment keep the order they were recorded in.
    same = [FundEntry(at(3), -5, 9), FundEntry(at(3), 5, 8)]
    assert [ln.balance for ln in statement(same)] == [5, 0]


def test_the_balance_at_a_moment_counts_everything_up_to_it() -> None:
    assert balance_at(ENTRIES, at(3, 9)) == 0
    assert balance_at(ENTRIES, at(3)) == 192
    assert balance_at(ENTRIES, at(11)) == 42


def test_a_payment_up_to_the_balance_is_allowed_and_answers_what_is_left() -> None:
    assert check_payment(138, at(13), ENTRIES, PIES) == 0
    assert check_payment(42, at(5), ENTRIES, PIES) == 150


def test_a_payment_above_the_balance_then_is_refused() -> None:
    with pytest.raises(FundInsufficient) as short:
        check_payment(139, at(13), ENTRIES, PIES)
    assert short.value.section == "XII"
    assert short.value.details == {"balance": 138, "amount": 139}
    assert "Rs 0-11-6" in short.value.message


def test_a_payment_dated_back_may_not_overdraw_the_fund_on_a_later_day() -> None:
    # On 5 March the fund held 192; the 150 paid on 10 March leaves only 42 for 5 March.
    with pytest.raises(FundInsufficient) as short:
        check_payment(43, at(5), ENTRIES, PIES)
    assert short.value.details == {"balance": 42, "amount": 43}


@pytest.mark.parametrize("amount", [0, -1])
def test_a_payment_is_of_a_positive_amount(amount: int) -> None:
    with pytest.raises(InvalidInput):
        check_payment(amount, at(13), ENTRIES, PIES)
