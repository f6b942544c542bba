"""Money in pies (Rs-annas-pies) and in paise, read and written exactly."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from law.errors import InvalidInput, InvalidMoney
from law.money import PAISE, PIES, money_system


def test_one_rupee_seven_annas_is_276_pies() -> None:
    assert PIES.format(276) == "Rs 1-7-0"
    assert PIES.parse("Rs 1-7-0") == 276


def test_pies_are_written_rupees_annas_pies() -> None:
    assert PIES.format(9) == "Rs 0-0-9"
    assert PIES.format(19200) == "Rs 100-0-0"
    assert PIES.format(0) == "Rs 0-0-0"
    assert PIES.format(-48) == "-Rs 0-4-0"


@pytest.mark.parametrize(
    "text",
    [
        *("Rs 1-7-0", "Rs. 1-7-0", "rs 1-7-0", "RS.1-7-0", "1-7-0", "  Rs 1-7-0  ", "Rs  1-7-0"),
        *("১-৭-০", "₹১-৭-০", "१-७-०"),  # as Bengali and Hindi texts write it
    ],
)
def test_the_period_notation_is_read_however_it_is_written(text: str) -> None:
    assert PIES.parse(text) == 276


def test_whole_rupees_and_small_amounts_are_read() -> None:
    assert PIES.parse("0-0-9") == 9
    assert PIES.parse("Rs 2") == 384
    assert PIES.parse("2") == 384


def test_rupees_grouped_as_indian_texts_write_them_are_read() -> None:
    """₹12,345-0-5, as the chat and the desk write a large amount in Hindi and Bengali."""
    assert PIES.parse("₹12,345-0-5") == 12345 * 192 + 5
    assert PIES.parse("Rs 1,23,456-1-0") == 123456 * 192 + 12
    for wrong in ("12,34-0-0", "1,2-0-0", "1,234,567-0-0"):
        with pytest.raises(InvalidMoney):
            PIES.parse(wrong)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Rs 1-16-0", "annas must be 0 to 15"),
        ("Rs 1-0-12", "pies must be 0 to 11"),
        ("", "empty"),
        ("   ", "empty"),
        ("-Rs 0-4-0", "negative"),
        ("Rs -1-0-0", "negative"),
        ("1.5", "fractions"),
        ("Rs. 2.50", "fractions"),
        ("two rupees", "rupees-annas-pies"),
        ("Rs 1-7", "rupees-annas-pies"),
        ("Rs 9999999999999999", "too large"),
    ],
)
def test_a_bad_amount_in_pies_is_refused_saying_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(InvalidMoney, match=says):
        PIES.parse(text)


def test_paise_are_written_with_indian_grouping() -> None:
    assert PAISE.format(155000) == "Rs 1,550.00"
    assert PAISE.format(12345600) == "Rs 1,23,456.00"
    assert PAISE.format(1234567890) == "Rs 1,23,45,678.90"
    assert PAISE.format(5) == "Rs 0.05"
    assert PAISE.format(-500) == "-Rs 5.00"


@pytest.mark.parametrize(
    ("text", "paise"),
    [
        ("Rs 1,550.00", 155000),
        ("1550", 155000),
        ("1550.5", 155050),
        ("1,550.50", 155050),
        ("Rs. 12.05", 1205),
        ("₹ 1,23,456", 12345600),
        (" rs 0.5 ", 50),
    ],
)
def test_paise_are_read_however_they_are_written(text: str, paise: int) -> None:
    assert PAISE.parse(text) == paise


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("12.345", "at most 2 decimal places"),
        ("abc", "rupees and paise"),
        ("1,,000", "rupees and paise"),
        (",100", "rupees and paise"),
        ("12.", "rupees and paise"),
        ("-5", "negative"),
        ("", "empty"),
    ],
)
def test_a_bad_amount_in_paise_is_refused(text: str, says: str) -> None:
    with pytest.raises(InvalidMoney, match=says):
        PAISE.parse(text)


def test_caps_in_rupees_are_converted_to_the_unit() -> None:
    assert PIES.from_rupees(100) == 19200
    assert PAISE.from_rupees(100) == 10000


def test_a_money_system_is_found_by_name() -> None:
    assert money_system("pies") is PIES
    assert money_system("paise") is PAISE
    with pytest.raises(InvalidInput, match="pies, paise"):
        money_system("shillings")


@given(st.integers(min_value=0, max_value=10**15))
def test_pies_read_back_what_they_write(amount: int) -> None:
    assert PIES.parse(PIES.format(amount)) == amount


@given(st.integers(min_value=0, max_value=10**15))
def test_paise_read_back_what_they_write(amount: int) -> None:
    assert PAISE.parse(PAISE.format(amount)) == amount
