"""Feeding is summed over the periods of one rate (Sec VII, G9), so a long stay costs no more
to compute than a short one, and the sum is the same as charging day by day."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from law.feeding import FeedingRate, feeding_charge, rate_on, rate_periods
from law.kinds import AnimalKind
from tests.examples import examples

KINDS = (AnimalKind.COW, AnimalKind.BUFFALO, AnimalKind.GOAT)


def per_day_reference(
    kind: str, arrived_on: date, until_on: date, rates: Sequence[FeedingRate]
) -> int:
    """The slow, plain reading of G9: every day at the rate in force that day."""
    days = (until_on - arrived_on).days + 1
    return sum(rate_on(kind, arrived_on + timedelta(days=n), rates) for n in range(days))


class CountedRates(Sequence[FeedingRate]):
    """A list of rates that counts how often it is read through."""

    def __init__(self, rates: Sequence[FeedingRate]) -> None:
        self._rates = list(rates)
        self.reads = 0

    def __iter__(self) -> Iterator[FeedingRate]:
        self.reads += 1
        return iter(self._rates)

    def __getitem__(self, i):  # type: ignore[no-untyped-def]
        self.reads += 1
        return self._rates[i]

    def __len__(self) -> int:
        return len(self._rates)


rates_st = st.lists(
    st.builds(
        FeedingRate,
        kinds=st.frozensets(st.sampled_from(KINDS), min_size=1),
        per_day=st.integers(min_value=0, max_value=2_000),
        valid_from=st.dates(min_value=date(1857, 1, 1), max_value=date(1859, 12, 31)),
    ),
    max_size=6,
)


@settings(max_examples=examples(300), deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    arrived_on=st.dates(min_value=date(1856, 12, 1), max_value=date(1859, 6, 30)),
    stay=st.integers(min_value=0, max_value=400),
    rates=rates_st,
)
def test_the_sum_over_rate_periods_is_the_day_by_day_charge(
    kind: str, arrived_on: date, stay: int, rates: list[FeedingRate]
) -> None:
    until_on = arrived_on + timedelta(days=stay)
    assert feeding_charge(kind, arrived_on, until_on, rates) == per_day_reference(
        kind, arrived_on, until_on, rates
    )


@settings(max_examples=examples(200), deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    arrived_on=st.dates(min_value=date(1856, 12, 1), max_value=date(1859, 6, 30)),
    stay=st.integers(min_value=0, max_value=400),
    rates=rates_st,
)
def test_the_periods_cover_the_stay_once_and_change_only_with_the_rate(
    kind: str, arrived_on: date, stay: int, rates: list[FeedingRate]
) -> None:
    until_on = arrived_on + timedelta(days=stay)
    periods = rate_periods(kind, arrived_on, until_on, rates)
    assert periods[0].first == arrived_on and periods[-1].last == until_on
    assert len(periods) <= len(rates) + 1
    for before, after in itertools.pairwise(periods):
        assert after.first == before.last + timedelta(days=1)
    for p in periods:
        assert rate_on(kind, p.first, rates) == p.per_day == rate_on(kind, p.last, rates)


def test_a_rate_change_mid_stay_splits_the_charge() -> None:
    cows = frozenset({AnimalKind.COW})
    rates = [
        FeedingRate(kinds=cows, per_day=6, valid_from=date(1857, 1, 1)),
        FeedingRate(kinds=cows, per_day=9, valid_from=date(1857, 3, 5)),
    ]
    # 1 to 4 March at 6 pies, 5 to 8 March at 9 pies.
    periods = rate_periods(AnimalKind.COW, date(1857, 3, 1), date(1857, 3, 8), rates)
    assert [(p.days, p.per_day) for p in periods] == [(4, 6), (4, 9)]


def test_ten_years_are_read_through_the_rates_as_often_as_ten_days() -> None:
    cows = frozenset({AnimalKind.COW, AnimalKind.BUFFALO})
    orders = [
        FeedingRate(kinds=cows, per_day=6 + n, valid_from=date(1857 + n, 1, 1)) for n in range(4)
    ]
    short, long = CountedRates(orders), CountedRates(orders)
    arrived = date(1857, 6, 1)
    feeding_charge(AnimalKind.COW, arrived, arrived + timedelta(days=9), short)
    ten_years = feeding_charge(AnimalKind.COW, arrived, date(1867, 5, 31), long)
    assert long.reads == short.reads <= 2
    assert ten_years == per_day_reference(AnimalKind.COW, arrived, date(1867, 5, 31), orders)
