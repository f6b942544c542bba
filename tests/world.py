"""A small test district and its people, and a clock that tests move by hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from models import Database
from office.acts.seizer.report import report_seizure
from office.inputs import AnimalsIn, PersonIn
from office.jurisdiction import load_jurisdiction_text
from office.people import find_or_add_person, person_by_phone
from tests.units import act, tx

IST = ZoneInfo("Asia/Kolkata")

DISTRICT = """
[district]
name = "Testpur"
code = "TESTPUR"
timezone = "Asia/Kolkata"
profile = "act-iii-1857"
languages = ["en", "hi"]

[[pound]]
code = "TPR"
name = "Testpur thana pound"
thana = "TESTPUR"
villages = ["Rampur", "Kemri"]

[[pound]]
code = "DHK"
name = "Dhakia pound"
thana = "DHAKIA"
villages = ["Dhakia"]

[[excluded]]
village = "Jhadi"
reason = "forest tract excluded by the local Government"

[[person]]
name = "Keeper Kallu"
residence = "Testpur"
phone = "+919000000001"
roles = ["keeper:TPR"]

[[person]]
name = "Keeper Dhani"
residence = "Dhakia"
phone = "+919000000002"
roles = ["keeper:DHK"]

[[person]]
name = "Constable Chandan"
residence = "Testpur"
phone = "+919000000003"
roles = ["police:TESTPUR"]

[[person]]
name = "Darogah Dinanath"
residence = "Testpur"
phone = "+919000000004"
roles = ["darogah:TESTPUR"]

[[person]]
name = "Magistrate Mehta"
residence = "Sadar"
phone = "+919000000005"
roles = ["magistrate"]

[[person]]
name = "Overseer Om"
residence = "Canal camp"
phone = "+919000000006"
roles = ["road_officer"]

[[feeding_rate]]
kinds = ["buffalo", "camel"]
per_day = "0-1-0"
from = 2020-01-01

[[feeding_rate]]
kinds = ["cow", "bull", "bullock", "horse", "tattoo", "calf", "ass"]
per_day = "0-0-9"
from = 2020-01-01

[[feeding_rate]]
kinds = ["sheep", "goat"]
per_day = "0-0-3"
from = 2020-01-01
"""

CULTIVATOR = PersonIn(name="Hari Singh", residence="Rampur", phone="+919111111111")
OWNER = PersonIn(name="Mohan Lal", residence="Kemri", phone="+919222222222")


# The same district with Dhakia, its pound and the district named in Hindi and Bengali, as a
# district file may name them.
DHAKIA_POUND_NAMES = {"hi": "ढकिया कांजी हाउस", "bn": "ঢাকিয়া খোঁয়াড়"}
TESTPUR_NAMES = {"hi": "टेस्टपुर", "bn": "টেস্টপুর"}
DISTRICT_NAMED = (
    DISTRICT.replace(
        'villages = ["Dhakia"]',
        'villages = [{ name = "Dhakia", names = { hi = "ढकिया", bn = "ঢাকিয়া" } }]',
    )
    .replace(
        'name = "Dhakia pound"\n',
        'name = "Dhakia pound"\nnames = { hi = "ढकिया कांजी हाउस", bn = "ঢাকিয়া খোঁয়াড়" }\n',
    )
    .replace('name = "Testpur"\n', 'name = "Testpur"\nnames = { hi = "टेस्टपुर", bn = "টেস্টপুর" }\n')
)


def name_dhakia(world: World) -> None:
    """Load the district again with Dhakia, its pound and the district named in Hindi and
    Bengali."""
    act(world.db, load_jurisdiction_text, DISTRICT_NAMED, now=world.now)


def at(day: date, hour: int = 10, minute: int = 0) -> datetime:
    """A local (IST) wall-clock time as an aware UTC datetime."""
    return datetime.combine(day, time(hour, minute), IST).astimezone(UTC)


@dataclass
class World:
    db: Database
    keeper: int
    other_keeper: int
    police: int
    darogah: int
    magistrate: int
    road_officer: int
    cultivator: int
    owner: int
    now: datetime = field(default_factory=lambda: at(date(2026, 3, 1), 8))

    def tick(self, **delta: float) -> datetime:
        self.now = self.now + timedelta(**delta)
        return self.now

    def on(self, day: date, hour: int = 10, minute: int = 0) -> datetime:
        """Move the clock to a local time and return it."""
        self.now = at(day, hour, minute)
        return self.now

    def seize(
        self,
        *,
        animals: list[AnimalsIn] | None = None,
        owner: PersonIn | None = OWNER,
        village: str = "Rampur",
        when: datetime | None = None,
    ) -> str:
        done = act(
            self.db,
            report_seizure,
            actor_id=self.cultivator,
            ground="trespass",
            village=village,
            place="the sugarcane field east of the well",
            damage="ate and trampled young cane",
            seizer=None,
            owner=owner,
            animals=animals or [AnimalsIn("cow", 2, "red, white blaze"), AnimalsIn("buffalo", 1)],
            occurred_at=when or self.now,
            now=self.now,
        )
        return done.ref


def make_world(db: Database) -> World:
    start = at(date(2026, 3, 1), 8)
    act(db, load_jurisdiction_text, DISTRICT, now=start, origin="testpur.toml")
    with tx(db) as s:
        cultivator = find_or_add_person(
            s,
            name=CULTIVATOR.name,
            residence=CULTIVATOR.residence,
            phone=CULTIVATOR.phone,
            now=start,
        )
        owner = find_or_add_person(
            s, name=OWNER.name, residence=OWNER.residence, phone=OWNER.phone, now=start
        )
        ids = {}
        for n in range(1, 7):
            p = person_by_phone(s, f"+91900000000{n}")
            if p is None or p.id is None:
                raise LookupError(n)
            ids[n] = p.id
    return World(
        db=db,
        keeper=ids[1],
        other_keeper=ids[2],
        police=ids[3],
        darogah=ids[4],
        magistrate=ids[5],
        road_officer=ids[6],
        cultivator=cultivator.id or 0,
        owner=owner.id or 0,
        now=start,
    )


OTHER_DISTRICT = """
[district]
name = "Otherpur"
code = "OTHERPUR"
timezone = "Asia/Kolkata"
profile = "act-iii-1857"

[[pound]]
code = "OTP"
name = "Otherpur pound"
thana = "OTHERPUR"
villages = ["Dusragaon"]

[[person]]
name = "Magistrate Misra"
residence = "Otherpur"
phone = "+919000000015"
roles = ["magistrate"]
"""
OTHER_MAGISTRATE = "+919000000015"


def other_district_magistrate(world: World) -> int:
    """A second district, Otherpur, and its Magistrate (who has no power in Testpur)."""
    act(world.db, load_jurisdiction_text, OTHER_DISTRICT, now=world.now, origin="otherpur.toml")
    with world.db.reading() as s:
        person = person_by_phone(s, OTHER_MAGISTRATE)
        if person is None or person.id is None:
            raise LookupError(OTHER_MAGISTRATE)
        return person.id
