"""Milak, a district beside Testpur whose thana has two pounds, and cattle held in it: for the
tests of the owner who looks for his cattle without a reference (practice G18)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import select

from models import Animal, AuditEvent, Conversation, Person, Seizure
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.payment import record_payment
from office.acts.seizer.report import report_seizure
from office.inputs import AnimalsIn, PersonIn
from office.jurisdiction import load_jurisdiction_text
from office.people import person_by_phone
from office.views.seizure import seizure_view
from tests.units import act
from tests.world import World

# Patwai and Nankar are served by the Milak pound; Bhot and Kakrauwa by the Bhot pound at the same
# thana (their neighbours); Saifni by a pound at another thana (not a neighbour).
MILAK = """
[district]
name = "Milak"
code = "MILAK"
timezone = "Asia/Kolkata"
profile = "act-iii-1857"
languages = ["en", "hi", "bn"]

[[pound]]
code = "MLK"
name = "Milak thana pound"
thana = "MILAK"
villages = [
    { name = "Patwai", names = { hi = "पटवाई", bn = "পটওয়াই" } },
    { name = "Nankar", names = { hi = "नानकार", bn = "নানকার" } },
]

[[pound]]
code = "BHT"
name = "Bhot pound"
thana = "MILAK"
villages = [
    { name = "Bhot", names = { hi = "भोट", bn = "ভোট" } },
    { name = "Kakrauwa", names = { hi = "ककरौआ", bn = "কাকরৌয়া" } },
]

[[pound]]
code = "SFN"
name = "Saifni thana pound"
thana = "SAIFNI"
villages = [{ name = "Saifni", names = { hi = "सैफनी", bn = "সৈফনি" } }]

[[excluded]]
village = "Chamraua"
reason = "Tarai forest grant"

[[person]]
name = "Keeper Kanhaiya"
residence = "Milak"
phone = "+919400000001"
roles = ["keeper:MLK"]

[[person]]
name = "Keeper Bhagwan Das"
residence = "Bhot"
phone = "+919400000002"
roles = ["keeper:BHT"]

[[person]]
name = "Keeper Salim"
residence = "Saifni"
phone = "+919400000003"
roles = ["keeper:SFN"]

[[person]]
name = "Constable Mukesh"
residence = "Milak"
phone = "+919400000004"
roles = ["police:MILAK"]

[[person]]
name = "Darogah Dilawar"
residence = "Milak"
phone = "+919400000005"
roles = ["darogah:MILAK"]

[[feeding_rate]]
kinds = ["cow", "bull", "bullock", "calf"]
per_day = "0-0-9"
from = 2020-01-01

[[feeding_rate]]
kinds = ["buffalo"]
per_day = "0-1-0"
from = 2020-01-01
"""

MILAK_KEEPER = "+919400000001"
BHOT_KEEPER = "+919400000002"
SAIFNI_KEEPER = "+919400000003"
# The seizer: a cultivator of Testpur who was in Bhot with his cart (his name is never shown).
MILAK_DAROGAH = "+919400000005"
SEIZER_NAME = "Hari Singh"
SEIZER_PHONE = "+919111111111"
SEARCHER = "+919333333333"  # a man the office has never heard of


@dataclass(frozen=True)
class Held:
    bhot: str  # 3 white cows seized in Bhot, in the Bhot pound (a neighbour of Patwai)
    saifni: str  # 3 white cows seized in Saifni (another thana: not a neighbour of Patwai)
    patwai: str  # 2 buffaloes seized in Patwai, on the way to the Milak pound
    released: str  # 3 white cows of Nankar, paid for and released


def _id(world: World, phone: str) -> int:
    with world.db.reading() as s:
        person = person_by_phone(s, phone)
        if person is None or person.id is None:
            raise LookupError(phone)
        return person.id


def _seize(world: World, village: str, animals: list[AnimalsIn]) -> str:
    return act(
        world.db,
        report_seizure,
        actor_id=world.cultivator,
        ground="trespass",
        village=village,
        district="MILAK",
        place="the wheat field by the canal",
        damage="ate the young wheat",
        seizer=None,
        owner=None,
        animals=animals,
        occurred_at=world.now,
        now=world.now,
    ).ref


def _arrive(world: World, ref: str, keeper: str) -> None:
    act(
        world.db,
        register_arrival,
        actor_id=_id(world, keeper),
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )


def load_milak(world: World) -> Held:
    """Milak loaded, and its seizures as of 3 March 2026: cattle held, on the way, released."""
    act(world.db, load_jurisdiction_text, MILAK, now=world.now, origin="milak.toml")
    white = [AnimalsIn("cow", 3, "सफ़ेद white")]
    bhot = _seize(world, "Bhot", white)
    saifni = _seize(world, "Saifni", white)
    released = _seize(world, "Nankar", white)
    world.tick(hours=3)
    _arrive(world, bhot, BHOT_KEEPER)
    _arrive(world, saifni, SAIFNI_KEEPER)
    _arrive(world, released, MILAK_KEEPER)
    world.tick(days=1)
    due = seizure_view(world.db, ref=released, now=world.now)["due"]["total"]
    act(
        world.db,
        record_payment,
        actor_id=_id(world, MILAK_KEEPER),
        ref=released,
        amount=due,
        payer=PersonIn(name="Nandu Ahir", residence="Nankar", phone="+919400000099"),
        occurred_at=world.now,
        now=world.now,
    )
    world.tick(days=1)
    patwai = _seize(world, "Patwai", [AnimalsIn("buffalo", 2, "black")])
    world.tick(hours=1)
    return Held(bhot=bhot, saifni=saifni, patwai=patwai, released=released)


def record_counts(world: World) -> dict[str, int]:
    """How many rows of the record there are, and the conversations: the search writes none of
    the first."""
    with world.db.reading() as s:
        return {
            table.__name__: len(s.exec(select(table)).all())
            for table in (Seizure, Animal, AuditEvent, Person, Conversation)
        }
