"""What an act is told by the one who does it, before the office has a record of it: a
person named (`PersonIn`), the cattle seized (`AnimalsIn`), a lot sold (`LotIn`)."""

from __future__ import annotations

from dataclasses import dataclass


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
    price: int
