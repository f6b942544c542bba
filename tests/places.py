"""Testpur with its villages placed on the map: a few km apart on the Ganga plain."""

from __future__ import annotations

from office.jurisdiction import load_jurisdiction_text
from tests.units import act
from tests.world import DISTRICT, World

# Where each village lies (degrees); Jhadi is the forest tract excluded from the Act (Sec XX).
RAMPUR = (25.6000, 85.1000)
KEMRI = (25.6200, 85.1300)
DHAKIA = (25.5600, 85.1600)
JHADI = (25.6500, 85.0700)
# A field about 400 m south-east of Kemri, and a point in Delhi, far from every village.
NEAR_KEMRI = (25.6170, 85.1330)
DELHI = (28.6139, 77.2090)

PLACED = (
    DISTRICT.replace(
        'villages = ["Rampur", "Kemri"]',
        'villages = [{ name = "Rampur", lat = 25.6, lon = 85.1 }, '
        '{ name = "Kemri", names = { hi = "केमरी", bn = "কেমরী" }, lat = 25.62, lon = 85.13 }]',
    )
    .replace('villages = ["Dhakia"]', 'villages = [{ name = "Dhakia", lat = 25.56, lon = 85.16 }]')
    .replace(
        'village = "Jhadi"\n',
        'village = "Jhadi"\nlat = 25.65\nlon = 85.07\n',
    )
)


def place_villages(world: World) -> None:
    """Load Testpur again, its villages now with coordinates."""
    assert PLACED.count("lat =") == 4
    act(world.db, load_jurisdiction_text, PLACED, now=world.now, origin="testpur.toml")
