"""Named errors: stable codes, the section enforced, details for the API."""

import json

import pytest

from law.errors import (
    ALL_ERRORS,
    ComplaintOutOfTime,
    FineOverCap,
    KindNeedsMagistrateOrder,
    PoundError,
    SaleStayedByComplaint,
)


def test_an_error_says_its_message_and_carries_its_section_and_details() -> None:
    err = ComplaintOutOfTime("too late", complaint_until="1857-03-11")
    assert str(err) == "too late"
    assert err.message == "too late"
    assert err.code == "complaint_out_of_time"
    assert err.section == "XIV"
    assert err.details == {"complaint_until": "1857-03-11"}
    assert json.loads(json.dumps(err.as_dict()))["section"] == "XIV"


def test_a_section_may_be_given_where_the_error_is_raised() -> None:
    assert FineOverCap("over").section is None
    assert FineOverCap("over", section="XVIII").section == "XVIII"
    assert SaleStayedByComplaint("stayed", section="practice G3").section == "practice G3"
    # The class default is untouched by an instance's override.
    assert SaleStayedByComplaint.section == "IX"


def test_practice_rulings_are_cited_as_practice() -> None:
    assert KindNeedsMagistrateOrder("order needed").section == "practice G4"


def test_every_error_has_its_own_snake_case_code() -> None:
    codes = [e.code for e in ALL_ERRORS]
    assert len(set(codes)) == len(codes)
    assert all(c.replace("_", "").isalpha() and c.islower() for c in codes)


def test_every_error_is_a_pound_error() -> None:
    for error in ALL_ERRORS:
        with pytest.raises(PoundError):
            raise error("x")
