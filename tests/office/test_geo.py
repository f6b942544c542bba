"""Villages on the map: distances, the nearest village, and coordinates in the district file."""

from __future__ import annotations

import math
from datetime import date
from pathlib import Path

import pytest
from sqlmodel import select

from models import Database, District, Village
from office.geo import MAX_KM, Place, distance_km, has_coordinates, nearest, village_at
from office.jurisdiction import JurisdictionError, load_jurisdiction, load_jurisdiction_text
from tests.places import DELHI, DHAKIA, KEMRI, NEAR_KEMRI, PLACED, place_villages
from tests.units import act
from tests.world import DISTRICT, OTHER_DISTRICT, World, at

DEMO = Path(__file__).resolve().parents[2] / "pound" / "data" / "demo.toml"

# --- pure distances -------------------------------------------------------------------------------


def test_a_degree_of_latitude_is_about_111_km_and_distance_is_symmetric() -> None:
    assert distance_km(0, 0, 1, 0) == pytest.approx(111.195, abs=0.01)
    assert distance_km(0, 0, 0, 1) == pytest.approx(111.195, abs=0.01)
    # Howrah station to Sealdah station, Kolkata: about 3.2 km as the crow flies.
    howrah, sealdah = (22.5838, 88.3428), (22.5675, 88.3700)
    assert distance_km(*howrah, *sealdah) == pytest.approx(3.2, abs=0.2)
    assert distance_km(*howrah, *sealdah) == distance_km(*sealdah, *howrah)
    assert distance_km(*KEMRI, *KEMRI) == 0.0
    # Antipodes: half the earth's circumference, no domain error at the edge of asin.
    assert distance_km(0, 0, 0, 180) == pytest.approx(math.pi * 6371.0088)


def test_the_nearest_place_is_chosen_and_a_tie_goes_to_the_first_name() -> None:
    places = [Place("Rampur", 25.60, 85.10), Place("Kemri", *KEMRI), Place("Dhakia", *DHAKIA)]
    found = nearest(places, *NEAR_KEMRI)
    assert found is not None and found[0].name == "Kemri"
    assert found[1] == pytest.approx(0.45, abs=0.05)
    assert nearest([], *KEMRI) is None
    # Exactly between two places: the same answer whatever the order they come in.
    east, west = Place("Bhatpara", 22.0, 88.01), Place("Amta", 22.0, 87.99)
    assert nearest([east, west], 22.0, 88.0) == nearest([west, east], 22.0, 88.0)
    assert nearest([east, west], 22.0, 88.0)[0].name == "Amta"  # type: ignore[index]


# --- the district file --------------------------------------------------------------------------


def _villages(world: World) -> dict[str, tuple[float | None, float | None]]:
    with world.db.reading() as s:
        return {v.name: (v.lat, v.lon) for v in s.exec(select(Village)).all()}


def test_coordinates_in_the_file_are_stored_and_a_file_without_them_keeps_its_digest(
    world: World,
) -> None:
    with world.db.reading() as s:
        before = s.exec(select(District)).one().source_digest
    # Testpur as first loaded, without coordinates: nothing new to write.
    assert not act(world.db, load_jurisdiction_text, DISTRICT, now=world.now).changed
    assert set(_villages(world).values()) == {(None, None)}
    assert not has_coordinates(world.db)
    place_villages(world)
    assert _villages(world) == {
        "Rampur": (25.6, 85.1),
        "Kemri": KEMRI,
        "Dhakia": DHAKIA,
        "Jhadi": (25.65, 85.07),
    }
    with world.db.reading() as s:
        assert s.exec(select(District)).one().source_digest != before
    assert has_coordinates(world.db)
    # Loaded again without them, the villages lose them: the file says where they are.
    assert act(world.db, load_jurisdiction_text, DISTRICT, now=world.now).changed
    assert set(_villages(world).values()) == {(None, None)}


BAD = [
    ("lat = 25.62, lon = 85.13", "lat = 25.62", "village 'Kemri' has 'lat' but no 'lon'"),
    ("lat = 25.62, lon = 85.13", "lon = 85.13", "village 'Kemri' has 'lon' but no 'lat'"),
    ("lat = 25.62", 'lat = "25.62"', "'lat' of village 'Kemri' must be a number of degrees"),
    ("lat = 25.62", "lat = true", "'lat' of village 'Kemri' must be a number of degrees"),
    ("lat = 25.62", "lat = 95.62", "'lat' of village 'Kemri' is 95.62; it must be between -90"),
    ("lon = 85.13", "lon = 185.13", "'lon' of village 'Kemri' is 185.13; it must be between -180"),
    ("lon = 85.13", "lon = nan", "'lon' of village 'Kemri' is nan"),
    ("lat = 25.62", "lat = -inf", "'lat' of village 'Kemri' is -inf"),
]


@pytest.mark.parametrize(("good", "bad", "reason"), BAD)
def test_bad_coordinates_are_refused_naming_the_village_and_the_line(
    world: World, good: str, bad: str, reason: str
) -> None:
    assert PLACED.count(good) == 1  # Kemri's
    text = PLACED.replace(good, bad)
    with pytest.raises(JurisdictionError) as refused:
        act(world.db, load_jurisdiction_text, text, now=world.now, origin="testpur.toml")
    assert reason in refused.value.reason
    line = next(n for n, row in enumerate(text.splitlines(), 1) if '"Kemri"' in row)
    assert refused.value.line == line
    assert str(refused.value).startswith(f"testpur.toml, line {line}: ")
    assert not has_coordinates(world.db)  # nothing written


def test_an_excluded_villages_bad_coordinates_are_refused_at_their_line(world: World) -> None:
    text = PLACED.replace("lat = 25.65\nlon = 85.07", "lat = -91\nlon = 85.07")
    with pytest.raises(JurisdictionError) as refused:
        act(world.db, load_jurisdiction_text, text, now=world.now, origin="testpur.toml")
    assert "'lat' of village 'Jhadi' is -91" in refused.value.reason
    assert refused.value.line == text.splitlines().index("lat = -91") + 1
    whole_degrees = PLACED.replace("lat = 25.65\nlon = 85.07", "lat = 26\nlon = 85")
    act(world.db, load_jurisdiction_text, whole_degrees, now=world.now)
    assert _villages(world)["Jhadi"] == (26.0, 85.0)


# --- the village a location points at -------------------------------------------------------------


def test_a_location_points_at_the_nearest_village_within_reach(world: World) -> None:
    assert village_at(world.db, *NEAR_KEMRI) is None  # no coordinates yet
    place_villages(world)
    found = village_at(world.db, *NEAR_KEMRI)
    assert found is not None and found.place is not None
    assert (found.place.name, found.place.name_in("bn"), found.place.name_in("en")) == (
        "Kemri",
        "কেমরী",
        "Kemri",
    )
    assert found.km == pytest.approx(0.45, abs=0.05) and found.districts == ("Testpur",)
    far = village_at(world.db, *DELHI)
    assert far is not None and far.place is None and far.km > 800
    # Just inside and just outside the reach, 0.1 degree of latitude being 11.1 km.
    south = DHAKIA[0] - (MAX_KM - 0.5) / 111.195, DHAKIA[1]
    beyond = DHAKIA[0] - (MAX_KM + 0.5) / 111.195, DHAKIA[1]
    inside = village_at(world.db, *south)
    outside = village_at(world.db, *beyond)
    assert inside is not None and inside.place is not None and inside.place.name == "Dhakia"
    assert outside is not None and outside.place is None


def test_only_the_districts_asked_are_searched(world: World) -> None:
    place_villages(world)
    other = OTHER_DISTRICT.replace(
        'villages = ["Dusragaon"]',
        'villages = [{ name = "Dusragaon", lat = 25.617, lon = 85.1335 }]',
    )
    act(world.db, load_jurisdiction_text, other, now=world.now, origin="otherpur.toml")
    with world.db.reading() as s:
        ids = {d.code: d.id or 0 for d in s.exec(select(District)).all()}
    everywhere = village_at(world.db, *NEAR_KEMRI)
    assert everywhere is not None and everywhere.place is not None
    assert everywhere.place.name == "Dusragaon"
    testpur = village_at(world.db, *NEAR_KEMRI, district_ids=[ids["TESTPUR"]])
    assert testpur is not None and testpur.place is not None and testpur.place.name == "Kemri"
    far = village_at(world.db, *DELHI)
    assert far is not None and far.districts == ("Otherpur", "Testpur")


def test_every_demo_village_has_coordinates_a_few_km_from_its_neighbours(db: Database) -> None:
    act(db, load_jurisdiction, DEMO, now=at(date(2026, 3, 1), 8))
    with db.reading() as s:
        rows = [(v.name, v.lat, v.lon) for v in s.exec(select(Village)).all()]
    assert len(rows) == 12 and all(lat is not None and lon is not None for _, lat, lon in rows)
    places = [Place(name, lat or 0.0, lon or 0.0) for name, lat, lon in rows]
    for place in places:
        others = [p for p in places if p is not place]
        found = nearest(others, place.lat, place.lon)
        assert found is not None and 2.0 <= found[1] <= 8.0, place.name
    # A cultivator in the fields east of Baidyapur, sharing where he stands.
    pointed = village_at(db, 28.8990, 79.3150)
    assert pointed is not None and pointed.place is not None
    assert pointed.place.name_in("bn") == "বৈদ্যপুর" and pointed.km < 1.0
    assert pointed.districts == ("Rampur (demo)",)
