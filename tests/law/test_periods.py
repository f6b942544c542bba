"""Counting the Act's periods in the district's calendar (Sec VIII, XI, XIV; G1, G8, G11)."""

import dataclasses
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from law.errors import ComplaintOutOfTime, InvalidInput
from law.lifecycle import Arrive, FileComplaint, apply, new_seizure
from law.periods import (
    after_quiet_hours,
    claim_until,
    complaint_until,
    in_quiet_hours,
    last_day,
    local_date,
    local_datetime,
    next_step_due,
    notice_claim_until,
    reminder_days,
    sale_not_before,
    surplus_until,
)
from law.profile import ACT_III_1857

IST = ZoneInfo("Asia/Kolkata")
LONDON = ZoneInfo("Europe/London")
P = ACT_III_1857


def test_unclaimed_cattle_are_reported_on_the_eighth_day() -> None:
    until = claim_until(date(2024, 3, 1), P)
    assert until == date(2024, 3, 8)
    assert next_step_due(until, P, IST) == datetime(2024, 3, 9, 3, 30, tzinfo=UTC)


def test_the_day_of_the_event_is_excluded_unless_the_profile_counts_it() -> None:
    assert last_day(date(2024, 3, 1), 7) == date(2024, 3, 8)
    assert last_day(date(2024, 3, 1), 7, exclude_first_day=False) == date(2024, 3, 7)
    counting = dataclasses.replace(P, exclude_first_day=False)
    assert claim_until(date(2024, 3, 1), counting) == date(2024, 3, 7)
    with pytest.raises(InvalidInput):
        last_day(date(2024, 3, 1), 0)


def test_the_complaint_window_runs_ten_days_from_seizure_not_from_impounding() -> None:
    # Brought to the pound two days after the seizure: the ten days still run from the seizure,
    # so a complaint on the 11th is the last in time and one on the 12th is out of time, though
    # it is within ten days of impounding.
    seized, impounded = date(2024, 3, 1), date(2024, 3, 3)
    assert complaint_until(seized, P) == date(2024, 3, 11)
    state = apply(new_seizure([1], seized, P), Arrive(on=impounded))
    assert apply(state, FileComplaint(on=date(2024, 3, 11))).complaints_pending == 1
    with pytest.raises(ComplaintOutOfTime):
        apply(state, FileComplaint(on=date(2024, 3, 12)))


def test_unclaimed_cattle_may_be_sold_the_day_after_the_second_period() -> None:
    assert notice_claim_until(date(2024, 3, 10), P) == date(2024, 3, 17)
    assert sale_not_before(date(2024, 3, 10), P) == date(2024, 3, 18)


def test_a_complaint_can_always_be_made_before_the_earliest_auction() -> None:
    seized = impounded = date(2024, 3, 1)
    earliest_notice = claim_until(impounded, P)
    assert complaint_until(seized, P) < sale_not_before(earliest_notice, P)


def test_the_surplus_is_held_three_calendar_months() -> None:
    assert surplus_until(date(2024, 3, 15), P) == date(2024, 6, 15)
    assert surplus_until(date(2023, 11, 30), P) == date(2024, 2, 29)
    assert surplus_until(date(2022, 11, 30), P) == date(2023, 2, 28)
    assert surplus_until(date(2024, 10, 31), P) == date(2025, 1, 31)


def test_no_step_falls_due_on_a_rest_day() -> None:
    sundays_off = dataclasses.replace(P, rest_weekdays=frozenset({6}))
    saturday = date(2024, 3, 9)
    assert next_step_due(saturday, P, IST).date() == date(2024, 3, 10)
    assert next_step_due(saturday, sundays_off, IST) == datetime(2024, 3, 11, 3, 30, tzinfo=UTC)


def test_local_dates_are_the_districts_calendar() -> None:
    late_utc = datetime(2024, 3, 1, 20, 0, tzinfo=UTC)  # 01:30 on 2 March in India
    assert local_date(late_utc, IST) == date(2024, 3, 2)
    assert local_date(late_utc, LONDON) == date(2024, 3, 1)
    with pytest.raises(InvalidInput):
        local_date(datetime(2024, 3, 1, 20, 0), IST)


def test_local_hours_follow_summer_time_where_there_is_one() -> None:
    assert local_datetime(date(2024, 1, 15), 9, LONDON) == datetime(2024, 1, 15, 9, tzinfo=UTC)
    assert local_datetime(date(2024, 7, 15), 9, LONDON) == datetime(2024, 7, 15, 8, tzinfo=UTC)
    assert local_datetime(date(2024, 7, 15), 9, IST) == datetime(2024, 7, 15, 3, 30, tzinfo=UTC)
    # The day the clocks go forward and the day they go back.
    assert local_datetime(date(2024, 3, 31), 9, LONDON) == datetime(2024, 3, 31, 8, tzinfo=UTC)
    assert local_datetime(date(2024, 10, 27), 9, LONDON) == datetime(2024, 10, 27, 9, tzinfo=UTC)
    assert local_datetime(date(2024, 7, 15), 9, LONDON).tzinfo is UTC
    with pytest.raises(InvalidInput):
        local_datetime(date(2024, 7, 15), 24, LONDON)


def test_messages_wait_for_the_morning_in_quiet_hours() -> None:
    evening = datetime(2024, 3, 1, 16, 0, tzinfo=UTC)  # 21:30 IST
    small_hours = datetime(2024, 3, 1, 0, 0, tzinfo=UTC)  # 05:30 IST
    day = datetime(2024, 3, 1, 6, 0, tzinfo=UTC)  # 11:30 IST
    assert in_quiet_hours(evening, P, IST)
    assert in_quiet_hours(small_hours, P, IST)
    assert not in_quiet_hours(day, P, IST)
    assert after_quiet_hours(evening, P, IST) == datetime(2024, 3, 2, 2, 30, tzinfo=UTC)
    assert after_quiet_hours(small_hours, P, IST) == datetime(2024, 3, 1, 2, 30, tzinfo=UTC)
    assert after_quiet_hours(day, P, IST) == day


def test_quiet_hours_begin_and_end_on_the_hour() -> None:
    at_nine_pm = local_datetime(date(2024, 3, 1), 21, IST)
    at_eight_am = local_datetime(date(2024, 3, 2), 8, IST)
    assert in_quiet_hours(at_nine_pm, P, IST)
    assert not in_quiet_hours(at_eight_am, P, IST)
    assert after_quiet_hours(at_nine_pm, P, IST) == at_eight_am


def test_quiet_hours_need_not_span_midnight() -> None:
    afternoon_nap = dataclasses.replace(P, quiet_start_hour=13, quiet_end_hour=15)
    at_two = local_datetime(date(2024, 3, 1), 14, IST)
    assert in_quiet_hours(at_two, afternoon_nap, IST)
    assert after_quiet_hours(at_two, afternoon_nap, IST) == local_datetime(
        date(2024, 3, 1), 15, IST
    )
    no_quiet = dataclasses.replace(P, quiet_start_hour=8, quiet_end_hour=8)
    assert not in_quiet_hours(at_two, no_quiet, IST)


def test_reminders_fall_before_the_last_day() -> None:
    assert reminder_days(date(2024, 3, 8), (2,)) == [date(2024, 3, 6)]
    assert reminder_days(date(2024, 3, 8), (1, 3)) == [date(2024, 3, 5), date(2024, 3, 7)]
