"""Periods of the Act as calendar dates in the district's time zone (Sec VIII, XI, XIV; G1-G17).

A date is a local calendar day of the district; a datetime is tz-aware, and returned in UTC.
"""

from __future__ import annotations

import calendar
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from law.errors import N_, ActBeforeStart, InvalidInput
from law.profile import StatuteProfile

_DAY = timedelta(days=1)

# The years a date of the register may lie in: none before the Act (No. III of 1857), none past
# any register this office will keep. The API bounds every time and year by them, and a monthly
# return its month.
YEAR_MIN = 1857
YEAR_MAX = 2999


def _check_aware(at: datetime) -> None:
    if at.tzinfo is None or at.utcoffset() is None:
        raise InvalidInput(
            N_("a time must carry a time zone (UTC or an offset)"), at=at.isoformat()
        )


def local_date(at: datetime, tz: ZoneInfo) -> date:
    """The district's calendar day at the instant `at`."""
    _check_aware(at)
    return at.astimezone(tz).date()


def local_datetime(day: date, hour: int, tz: ZoneInfo) -> datetime:
    """`hour`:00 local on `day`, as a UTC instant."""
    if not 0 <= hour <= 23:
        raise InvalidInput(N_("hour must be 0 to 23"), hour=hour)
    return datetime.combine(day, time(hour), tzinfo=tz).astimezone(UTC)


def last_day(start: date, days: int, *, exclude_first_day: bool = True) -> date:
    """The last day of a period of `days` days "from" `start`.

    Practice G1: the day of the event is excluded (General Clauses Act rule), so the period
    ends at the end of the `days`-th day after it. Counting the first day ends it a day earlier.
    """
    if days < 1:
        raise InvalidInput(N_("a period is at least one day"), days=days)
    if exclude_first_day:
        return start + timedelta(days=days)
    return start + timedelta(days=days - 1)


def claim_until(impounded_on: date, profile: StatuteProfile) -> date:
    """Sec VIII: the last day of the first claim period, counted from impounding."""
    return last_day(impounded_on, profile.claim_days, exclude_first_day=profile.exclude_first_day)


def complaint_until(seized_on: date, profile: StatuteProfile) -> date:
    """Sec XIV: the last day for a complaint, counted from seizure, not impounding."""
    return last_day(seized_on, profile.complaint_days, exclude_first_day=profile.exclude_first_day)


def notice_claim_until(noticed_on: date, profile: StatuteProfile) -> date:
    """Sec VIII: the last day of the second claim period, counted from the notice."""
    return last_day(noticed_on, profile.notice_days, exclude_first_day=profile.exclude_first_day)


def sale_not_before(noticed_on: date, profile: StatuteProfile) -> date:
    """Sec VIII: the first day unclaimed cattle may be sold."""
    return notice_claim_until(noticed_on, profile) + _DAY


def add_months(day: date, months: int) -> date:
    """The same day of the month `months` later, or the month's last day if it is shorter."""
    index = day.year * 12 + (day.month - 1) + months
    year, month = divmod(index, 12)
    month += 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def surplus_until(deposited_on: date, profile: StatuteProfile) -> date:
    """Sec XI, practice G8: the last day a claim to the surplus may be made (3 calendar months)."""
    return add_months(deposited_on, profile.surplus_months)


def next_step_due(last_day: date, profile: StatuteProfile, tz: ZoneInfo) -> datetime:
    """Practice G1: the next working morning after a period's last day, as a UTC instant."""
    day = last_day + _DAY
    while day.weekday() in profile.rest_weekdays:
        day += _DAY
    return local_datetime(day, profile.next_step_hour, tz)


def reminder_days(until: date, days_before: tuple[int, ...]) -> list[date]:
    """The days on which to remind someone that a period ends on `until`, earliest first."""
    return sorted({until - timedelta(days=n) for n in days_before})


def in_quiet_hours(at: datetime, profile: StatuteProfile, tz: ZoneInfo) -> bool:
    """Practice G11: no scheduled message to a private person between these local hours."""
    _check_aware(at)
    start, end = profile.quiet_start_hour, profile.quiet_end_hour
    hour = at.astimezone(tz).hour
    if start == end:
        return False
    if start > end:  # the quiet spans midnight, as 21:00 to 08:00 does
        return hour >= start or hour < end
    return start <= hour < end


def after_quiet_hours(at: datetime, profile: StatuteProfile, tz: ZoneInfo) -> datetime:
    """Practice G11: the first instant at or after `at` outside quiet hours, in UTC."""
    if not in_quiet_hours(at, profile, tz):
        return at.astimezone(UTC)
    local = at.astimezone(tz)
    day = local.date()
    if profile.quiet_start_hour > profile.quiet_end_hour and local.hour >= profile.quiet_start_hour:
        day += _DAY
    return local_datetime(day, profile.quiet_end_hour, tz)


def check_not_before_start(on: date, start: date) -> None:
    """Practice G17: no act is dated before the district's start (its register's first day)."""
    if on < start:
        raise ActBeforeStart(
            N_("the act is dated {on}, before this district's register begins ({start})"),
            on=on.isoformat(),
            start=start.isoformat(),
        )


def default_start(first_loaded_on: date) -> date:
    """Practice G17: a district whose file names no start began one year before it was loaded."""
    return add_months(first_loaded_on, -12)
