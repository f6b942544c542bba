"""A second district beside Testpur, with its own Magistrate, Darogah and pound, for the tests of
who may act where (a Magistrate of another district may not decide a Testpur case)."""

from __future__ import annotations

from dataclasses import dataclass

from office.jurisdiction import load_jurisdiction_text
from office.people import person_by_phone
from tests.units import act
from tests.world import World

OTHERPUR = """
[district]
name = "Otherpur"
code = "OTHERPUR"
timezone = "Asia/Kolkata"
profile = "act-iii-1857"
languages = ["en", "hi"]

[[pound]]
code = "OTP"
name = "Otherpur thana pound"
thana = "OTHERPUR"
villages = ["Sonpur"]

[[person]]
name = "Magistrate Mishra"
residence = "Otherpur Sadar"
phone = "+919300000005"
roles = ["magistrate"]

[[person]]
name = "Darogah Durga Prasad"
residence = "Otherpur"
phone = "+919300000004"
roles = ["darogah:OTHERPUR"]

[[person]]
name = "Keeper Kesar"
residence = "Sonpur"
phone = "+919300000001"
roles = ["keeper:OTP"]
"""

OTHER_MAGISTRATE = "+919300000005"
OTHER_DAROGAH = "+919300000004"
OTHER_KEEPER = "+919300000001"


@dataclass(frozen=True)
class Other:
    magistrate: int
    darogah: int
    keeper: int


def load_other(world: World) -> Other:
    """Load Otherpur into the world's database and return its officers' ids."""
    act(world.db, load_jurisdiction_text, OTHERPUR, now=world.now, origin="otherpur.toml")
    with world.db.reading() as s:
        ids = []
        for phone in (OTHER_MAGISTRATE, OTHER_DAROGAH, OTHER_KEEPER):
            person = person_by_phone(s, phone)
            if person is None or person.id is None:
                raise LookupError(phone)
            ids.append(person.id)
    return Other(*ids)
