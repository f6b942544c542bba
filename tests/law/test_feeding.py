"""Feeding at the Magistrate's rates (Sec VII), each day or part of a day (G9)."""

from datetime import date

import pytest

from law.errors import InvalidInput
from law.feeding import FeedingRate, feeding_charge, feeding_days, rate_on
from law.kinds import AnimalKind

COWS = frozenset({AnimalKind.COW, AnimalKind.BULLOCK})
RATES = [
    FeedingRate(kinds=COWS, per_day=6, valid_from=date(1857, 1, 1)),
    FeedingRate(kinds=COWS, per_day=9, valid_from=date(1857, 3, 5)),
    FeedingRate(kinds=frozenset({AnimalKind.GOAT}), per_day=3, valid_from=date(1857, 1, 1)),
]


def test_the_day_of_arrival_and_the_last_day_are_both_charged() -> None:
    assert feeding_days(date(1857, 3, 1), date(1857, 3, 1)) == 1
    assert feeding_days(date(1857, 3, 1), date(1857, 3, 9)) == 9
    assert feeding_charge(AnimalKind.GOAT, date(1857, 3, 1), date(1857, 3, 9), RATES) == 27


def test_each_day_is_charged_at_the_rate_in_force_that_day() -> None:
    # 1 to 4 March at 6 pies, 5 to 8 March at 9 pies.
    assert (
        feeding_charge(AnimalKind.COW, date(1857, 3, 1), date(1857, 3, 8), RATES) == 4 * 6 + 4 * 9
    )


def test_the_rate_is_the_latest_one_in_force() -> None:
    assert rate_on(AnimalKind.BULLOCK, date(1857, 3, 4), RATES) == 6
    assert rate_on(AnimalKind.BULLOCK, date(1857, 3, 5), RATES) == 9


def test_of_two_orders_from_one_day_the_later_stands() -> None:
    rates = [*RATES, FeedingRate(kinds=COWS, per_day=7, valid_from=date(1857, 3, 5))]
    assert rate_on(AnimalKind.COW, date(1857, 3, 6), rates) == 7


def test_a_kind_without_a_rate_is_fed_free() -> None:
    assert rate_on(AnimalKind.CAMEL, date(1857, 3, 6), RATES) == 0
    assert rate_on(AnimalKind.COW, date(1856, 12, 31), RATES) == 0
    assert feeding_charge(AnimalKind.CAMEL, date(1857, 3, 1), date(1857, 3, 9), RATES) == 0


def test_feeding_cannot_end_before_arrival() -> None:
    with pytest.raises(InvalidInput):
        feeding_charge(AnimalKind.COW, date(1857, 3, 2), date(1857, 3, 1), RATES)


def test_a_rate_must_cover_a_kind_and_not_be_negative() -> None:
    with pytest.raises(InvalidInput):
        FeedingRate(kinds=frozenset(), per_day=3, valid_from=date(1857, 1, 1))
    with pytest.raises(InvalidInput):
        FeedingRate(kinds=COWS, per_day=-1, valid_from=date(1857, 1, 1))
