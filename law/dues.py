"""What one head costs its owner: the fine once, feeding by the day, nothing if it died or escaped.

Sec VI fines each head once and Sec VII adds the feeding at the Magistrate's rates, charged for
each day or part of a day in the pound (practice G9). Practice G7: the fine is the price of a
head's release, so for a head that died or escaped in the pound neither fine nor feeding is
demanded of the owner; what the keeper spent feeding it is written off instead, in the open.
An animal outside the scale is charged what the Magistrate's order set (practice G4): its fine
is given as `fine` and its rates among `rates`, like any other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from law.errors import N_, InvalidInput
from law.feeding import FeedingRate, feeding_charge
from law.lifecycle import AnimalStatus

# Practice G7: heads that left the pound without being released, sold or rescued.
LOST: frozenset[AnimalStatus] = frozenset({AnimalStatus.DIED, AnimalStatus.ESCAPED})


@dataclass(frozen=True)
class HeadCharge:
    """The fine and feeding asked of the owner for one head, and the feeding written off."""

    fine: int
    feeding: int
    written_off: int = 0

    @property
    def total(self) -> int:
        return self.fine + self.feeding


def head_charge(
    *,
    kind: str,
    fine: int,
    status: AnimalStatus,
    rates: Sequence[FeedingRate],
    in_pound_from: date | None,
    until_on: date,
) -> HeadCharge:
    """What the owner owes for one head on `until_on` (the day it left, or today).

    `in_pound_from` is the day it was brought to the pound, or None if it never got there (the
    keeper never fed it). Feeding runs from that day to `until_on`, both in, at the rate in
    force each day (G9). A head that died or escaped owes nothing; the feeding of its days in
    the pound is `written_off` (G7).
    """
    if fine < 0:
        raise InvalidInput(N_("a fine cannot be negative"), fine=fine)
    fed = 0
    if in_pound_from is not None and until_on >= in_pound_from:
        fed = feeding_charge(kind, in_pound_from, until_on, rates)
    if status in LOST:
        return HeadCharge(fine=0, feeding=0, written_off=fed)
    return HeadCharge(fine=fine, feeding=fed)
