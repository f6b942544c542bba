"""Who acts in a unit of work (models/unit.py `Unit.acting`): the record its acts note their
actor on and its messages name as their cause (office/acting.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(eq=False)
class Acting:
    """Who acts in a unit of work: the person whose act was recorded last in it (None: nobody
    yet, or the office's own clock), and the outbox rows queued before any act was, which name
    the first actor recorded after them (office/acting.py)."""

    actor_id: int | None = None
    waiting: list[Any] = field(default_factory=list)
