"""Feeding of many head held for years is computed per rate period, not per day (Sec VII, G9):
the register answers at once, and the amount is the day-by-day charge."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest

import law.feeding
from law.feeding import FeedingRate, rate_on
from law.kinds import AnimalKind
from office.inputs import AnimalsIn
from office.jurisdiction import load_jurisdiction_text
from tests.api_client import KEEPER, Api
from tests.units import act
from tests.world import DISTRICT, at

HEADS = 500
# The district's register opens in 2015; the cows' rate changes thrice while they are held
# (the rates of 2020 stay in force as loaded first).
LONG_DISTRICT = DISTRICT.replace(
    'languages = ["en", "hi"]', 'languages = ["en", "hi"]\nstart = 2015-01-01'
).replace("from = 2020-01-01", "from = 2015-01-01") + (
    '\n[[feeding_rate]]\nkinds = ["cow"]\nper_day = "0-0-10"\nfrom = 2019-04-01\n'
    '\n[[feeding_rate]]\nkinds = ["cow"]\nper_day = "0-1-0"\nfrom = 2023-07-15\n'
)
COW_RATES = [
    FeedingRate(frozenset({AnimalKind.COW}), 9, date(2015, 1, 1)),
    FeedingRate(frozenset({AnimalKind.COW}), 10, date(2019, 4, 1)),
    FeedingRate(frozenset({AnimalKind.COW}), 9, date(2020, 1, 1)),
    FeedingRate(frozenset({AnimalKind.COW}), 12, date(2023, 7, 15)),
]


def day_by_day(arrived: date, until: date) -> int:
    days = (until - arrived).days + 1
    return sum(rate_on(AnimalKind.COW, arrived + timedelta(days=n), COW_RATES) for n in range(days))


def test_ten_years_of_500_head_cost_a_few_periods_a_head(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = api.world
    act(world.db, load_jurisdiction_text, LONG_DISTRICT, now=world.now, origin="testpur.toml")
    arrived = date(2016, 3, 1)
    world.on(arrived, 9)
    ref = world.seize(animals=[AnimalsIn("cow", HEADS)], owner=None, when=at(arrived, 7))
    r = api.post(
        f"/api/v1/seizures/{ref}/arrival", KEEPER, {"occurred_at": at(arrived, 8).isoformat()}
    )
    assert r.status_code == 200, r.text

    periods: list[int] = []
    real = law.feeding.rate_periods

    def counted(*args: Any) -> list[law.feeding.RatePeriod]:
        got = real(*args)
        periods.append(len(got))
        return got

    monkeypatch.setattr(law.feeding, "rate_periods", counted)
    today = date(2026, 3, 1)
    world.on(today, 12)
    r = api.get(f"/api/v1/seizures/{ref}", KEEPER)
    assert r.status_code == 200, r.text
    assert r.json()["due"]["feeding"] == HEADS * day_by_day(arrived, today)
    # Each head is charged over the four periods of its rate, not over its 3,654 days.
    assert periods and set(periods) == {len(COW_RATES)}
    assert sum(periods) <= 2 * len(COW_RATES) * HEADS
