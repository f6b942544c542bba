"""Villages by name: typo-tolerant, and never stale after a district file is loaded again."""

from __future__ import annotations

from datetime import timedelta

from office.jurisdiction import load_jurisdiction_text
from office.views.lookup import match_village
from tests.units import act
from tests.world import DISTRICT, World


def test_a_village_is_found_by_its_name_a_typo_or_its_beginning(world: World) -> None:
    place, close = match_village(world.db, "  rampur ")
    assert place is not None and (place.name, place.pound_code) == ("Rampur", "TPR") and not close
    place, close = match_village(world.db, "Rampru")
    assert place is None and [v.name for v in close] == ["Rampur"]
    place, close = match_village(world.db, "dha")
    assert place is None and [v.name for v in close] == ["Dhakia"]


def test_a_district_loaded_again_with_other_villages_is_what_the_next_look_up_sees(
    world: World,
) -> None:
    assert match_village(world.db, "Kemri")[0] is not None
    assert match_village(world.db, "Naya Gaon") == (None, [])
    # Kemri moves to the Dhakia pound and Naya Gaon is notified for Testpur's.
    changed = DISTRICT.replace(
        'villages = ["Rampur", "Kemri"]', 'villages = ["Rampur", "Naya Gaon"]'
    )
    changed = changed.replace('villages = ["Dhakia"]', 'villages = ["Dhakia", "Kemri"]')
    assert changed != DISTRICT
    act(world.db, load_jurisdiction_text, changed, now=world.now + timedelta(minutes=1))

    kemri, _ = match_village(world.db, "Kemri")
    naya, _ = match_village(world.db, "naya gaon")
    assert kemri is not None and kemri.pound_code == "DHK"
    assert naya is not None and naya.pound_code == "TPR"
