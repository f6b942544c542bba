"""What an act is told by the one who does it, before the office has a record of it: a
person named (`PersonIn`), the cattle seized (`AnimalsIn`), a lot sold (`LotIn`), an amount
(`Amount`)."""

from __future__ import annotations

from dataclasses import dataclass

# An amount as typed: a count of the smallest unit, or the district's notation ("Rs 1 as 4 p 0",
# "12.50"); the act reads it in its district's money (office/views/amounts.py `read_amount`).
Amount = int | str


@dataclass(frozen=True)
class PersonIn:
    name: str
    residence: str = ""
    phone: str | None = None


@dataclass(frozen=True)
class AnimalsIn:
    kind: str
    count: int = 1
    description: str = ""


@dataclass(frozen=True)
class LotIn:
    animal: int
    buyer: PersonIn
    price: Amount


@dataclass(frozen=True)
class Lot:
    """A lot sold, its price read in the district's money (minor units)."""

    animal: int
    buyer: PersonIn
    price: int
