"""Feeding charges at the Magistrate's rates (Sec VII), per day or part of a day (G9)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from law.errors import InvalidInput


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
            raise InvalidInput("a feeding rate must name at least one kind of animal")
        if self.per_day < 0:
            raise InvalidInput("a feeding rate cannot be negative", per_day=self.per_day)


def rate_on(kind: str, day: date, rates: Sequence[FeedingRate]) -> int:
    """The rate for `kind` in force on `day`: the covering rate with the latest `valid_from`.

    Sec VII leaves the rate to the Magistrate; where he has fixed none for a kind, nothing is
    charged (0). Of two rates from the same day, the later in `rates` wins, as a later order.
    """
    best: FeedingRate | None = None
    for rate in rates:
        covers = kind in rate.kinds and rate.valid_from <= day
        if covers and (best is None or rate.valid_from >= best.valid_from):
            best = rate
    return 0 if best is None else best.per_day


def feeding_days(arrived_on: date, until_on: date) -> int:
    """Practice G9: days or parts of days in the pound, arrival day and `until_on` both in."""
    if until_on < arrived_on:
        raise InvalidInput(
            "feeding cannot end before the animal arrived",
            arrived_on=arrived_on.isoformat(),
            until_on=until_on.isoformat(),
        )
    return (until_on - arrived_on).days + 1


def feeding_charge(
    kind: str, arrived_on: date, until_on: date, rates: Sequence[FeedingRate]
) -> int:
    """Practice G9: each day from arrival to `until_on`, at the rate in force on that day."""
    days = feeding_days(arrived_on, until_on)
    return sum(rate_on(kind, arrived_on + timedelta(days=n), rates) for n in range(days))
