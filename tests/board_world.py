"""Milak's cattle (tests/owner_search_world.py) as the notice board shows them: the Bhot cows
reported unclaimed and their notice posted, and an owner with a name and phone on record, which
the board must never show."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from office.acts.darogah.notice import post_notice
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.unclaimed import report_unclaimed
from office.acts.seizer.report import report_seizure
from office.inputs import AnimalsIn, PersonIn
from tests.owner_search_world import (
    BHOT_KEEPER,
    MILAK_DAROGAH,
    MILAK_KEEPER,
    SEIZER_NAME,
    SEIZER_PHONE,
    Held,
    _id,
    load_milak,
)
from tests.units import act
from tests.world import World

OWNER_NAME = "Ramdulari Kurmin"
OWNER_PHONE = "98300 00001"  # as the keeper typed it
OWNER_HOME = "Nankar"
# Every name, home and phone of a person in the record, in the forms they may be written in.
PRIVATE = (
    SEIZER_NAME,
    SEIZER_PHONE,
    SEIZER_PHONE.removeprefix("+91"),
    OWNER_NAME,
    "9830000001",
    "98300 00001",
    "Nandu Ahir",
    "9400000099",
    "Bhagwan Das",
    "Dilawar",
    "Kanhaiya",
    "9400000001",
    "9400000005",
)


@dataclass(frozen=True)
class Board:
    held: Held
    owned: str  # 2 red bullocks of a known owner seized in Patwai, in the Milak pound
    noticed_on: date
    sale_from: date


def load_board(world: World) -> Board:
    """Milak's seizures, and by 12 March 2026 (10:00 IST): the Bhot cows noticed on 10 March."""
    held = load_milak(world)
    owned = act(
        world.db,
        report_seizure,
        actor_id=world.cultivator,
        ground="trespass",
        village="Patwai",
        district="MILAK",
        place="the mango grove",
        damage="broke the hedge",
        seizer=None,
        owner=PersonIn(name=OWNER_NAME, residence=OWNER_HOME, phone=OWNER_PHONE),
        animals=[AnimalsIn("bullock", 2, "लाल red, one horn broken")],
        occurred_at=world.now,
        now=world.now,
    ).ref
    world.tick(hours=2)
    act(
        world.db,
        register_arrival,
        actor_id=_id(world, MILAK_KEEPER),
        ref=owned,
        occurred_at=world.now,
        now=world.now,
    )
    world.on(date(2026, 3, 9), 10)  # seven days from impounding are over (Sec VIII)
    act(
        world.db,
        report_unclaimed,
        actor_id=_id(world, BHOT_KEEPER),
        ref=held.bhot,
        occurred_at=world.now,
        now=world.now,
    )
    world.on(date(2026, 3, 10), 11)
    act(
        world.db,
        post_notice,
        actor_id=_id(world, MILAK_DAROGAH),
        ref=held.bhot,
        occurred_at=world.now,
        now=world.now,
        proclaimed_in=["Bhot", "Milak market"],
    )
    world.on(date(2026, 3, 12), 10)
    return Board(held=held, owned=owned, noticed_on=date(2026, 3, 10), sale_from=date(2026, 3, 18))
