"""Feeding charges at the Magistrate's rates (Sec VII), per day or part of a day (G9)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from law.errors import N_, InvalidInput

# The section the Magistrate fixes the feeding rates under.
SECTION = "VII"


@dataclass(frozen=True)
class FeedingRate:
    """Sec VII: a rate per head per day for some kinds, in force from `valid_from`.

    A kind is a row of the Sec VI scale (an `AnimalKind`, which is its word) or the word of an
    animal outside it whose rate a Magistrate's order fixed (practice G4).
    """

    kinds: frozenset[str]
    per_day: int
    valid_from: date

    def __post_init__(self) -> None:
        if not self.kinds:
            raise InvalidInput(N_("a feeding rate must name at least one kind of animal"))
        if self.per_day < 0:
            raise InvalidInput(N_("a feeding rate cannot be negative"), per_day=self.per_day)


def rate_on(kind: str, day: date, rates: Sequence[FeedingRate]) -> int:
    """The rate for `kind` in force on `day`: the covering rate with the latest `valid_from`.

    Sec VII leaves the rate to the Magistrate; where he has fixed none for a kind, nothing is
    charged (0). Of two rates from the same day, the later in `rates` wins, as a later order.
    """
    in_force = [rate for rate in _orders_in_force(kind, rates) if rate.valid_from <= day]
    return in_force[-1].per_day if in_force else 0


def feeding_days(arrived_on: date, until_on: date) -> int:
    """Practice G9: days or parts of days in the pound, arrival day and `until_on` both in."""
    if until_on < arrived_on:
        raise InvalidInput(
            N_("feeding cannot end before the animal arrived"),
            arrived_on=arrived_on.isoformat(),
            until_on=until_on.isoformat(),
        )
    return (until_on - arrived_on).days + 1


def _orders_in_force(kind: str, rates: Sequence[FeedingRate]) -> list[FeedingRate]:
    """The rates for `kind`, one per day they start, oldest first: of two from the same day
    the later in `rates` stands, as a later order."""
    by_day: dict[date, FeedingRate] = {}
    for rate in rates:
        if kind in rate.kinds:
            by_day[rate.valid_from] = rate
    return [by_day[day] for day in sorted(by_day)]


@dataclass(frozen=True)
class RatePeriod:
    """Days `first` to `last` (both in) of a stay, all at one rate per head per day."""

    first: date
    last: date
    per_day: int

    @property
    def days(self) -> int:
        return (self.last - self.first).days + 1

    @property
    def charge(self) -> int:
        return self.days * self.per_day


def rate_periods(
    kind: str, arrived_on: date, until_on: date, rates: Sequence[FeedingRate]
) -> list[RatePeriod]:
    """The stay from `arrived_on` to `until_on` cut where the rate for `kind` changes.

    There are at most one more periods than rates, however long the stay: the cost of a
    charge does not grow with the days held (a head kept for years costs what a week does).
    """
    feeding_days(arrived_on, until_on)  # refuses an end before the arrival
    periods: list[RatePeriod] = []
    first, per_day = arrived_on, 0
    for order in _orders_in_force(kind, rates):
        if order.valid_from <= arrived_on:
            per_day = order.per_day  # in force on the day of arrival (the latest such)
            continue
        if order.valid_from > until_on:
            break
        periods.append(RatePeriod(first, order.valid_from - timedelta(days=1), per_day))
        first, per_day = order.valid_from, order.per_day
    periods.append(RatePeriod(first, until_on, per_day))
    return periods


def feeding_charge(
    kind: str, arrived_on: date, until_on: date, rates: Sequence[FeedingRate]
) -> int:
    """Practice G9: each day from arrival to `until_on` at the rate in force that day, summed
    over the periods of one rate (days x rate)."""
    return sum(p.charge for p in rate_periods(kind, arrived_on, until_on, rates))


def check_new_rate(valid_from: date, today: date) -> None:
    """A rate the Magistrate fixes now is in force from today or a later day. The feeding of the
    days gone by was charged, and often paid, at the rate in force on each of them (Sec VII,
    practice G9): a new rate never reaches back over them."""
    if valid_from < today:
        raise InvalidInput(
            N_("a new feeding rate is in force from today or a later day, not from {valid_from}"),
            section="VII",
            valid_from=valid_from.isoformat(),
        )
