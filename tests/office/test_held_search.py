"""Practice G18: which pounds serve a village and its neighbours, a village named inside a
sentence, and the search for cattle held near it (reading only)."""

from __future__ import annotations

from sqlmodel import select

from models import Village
from office.jurisdiction import load_jurisdiction_text
from office.views.held_search import pounds_near, search_held, seizures_owned
from office.views.lookup import village_named_in
from tests.owner_search_world import MILAK, load_milak, record_counts
from tests.units import act
from tests.world import OWNER, World


def near(world: World, name: str) -> list[str]:
    with world.db.reading() as s:
        village = s.exec(select(Village).where(Village.name == name)).one()
        return [p.code for p in pounds_near(s, village)]


def test_the_neighbours_are_the_villages_of_the_same_pound_or_the_same_thana(
    world: World,
) -> None:
    load_milak(world)
    assert near(world, "Patwai") == ["MLK", "BHT"]  # its own pound first
    assert near(world, "Kakrauwa") == ["BHT", "MLK"]
    assert near(world, "Saifni") == ["SFN"]  # alone at its thana
    assert near(world, "Chamraua") == ["BHT", "MLK", "SFN"]  # excluded: the whole district
    assert near(world, "Rampur") == ["TPR"]  # Testpur's pounds stand at two thanas


def test_a_pound_left_out_of_a_reloaded_file_is_not_searched(world: World) -> None:
    load_milak(world)
    without_bhot = MILAK.replace('code = "BHT"', 'code = "BHX"').replace(
        '"keeper:BHT"', '"keeper:BHX"'
    )
    act(world.db, load_jurisdiction_text, without_bhot, now=world.now, origin="milak.toml")
    # The old BHT pound serves nothing now; its seizures stay in the record.
    assert near(world, "Patwai") == ["MLK", "BHX"]


def test_a_village_is_read_out_of_a_sentence_in_any_script(world: World) -> None:
    load_milak(world)
    for sentence, rest in (
        (
            "my 3 white cows went missing from Patwai yesterday",
            "my 3 white cows went missing from yesterday",
        ),
        ("मेरी 3 सफेद गाय पटवई से कल गायब", "मेरी 3 सफेद गाय से कल गायब"),
        ("৩টি সাদা গরু পটওয়াই থেকে", "৩টি সাদা গরু থেকে"),
    ):
        place, left = village_named_in(world.db, sentence)
        assert place is not None and place.name == "Patwai", sentence
        assert left == rest
    # None named, or two: nothing is guessed.
    assert village_named_in(world.db, "my cows are lost")[0] is None
    assert village_named_in(world.db, "Patwai or Saifni")[0] is None


def test_the_search_writes_nothing_and_lists_only_head_still_held(world: World) -> None:
    held = load_milak(world)
    before = record_counts(world)
    found = search_held(world.db, village="Nankar", kind="cow", now=world.now)
    assert [h.ref for h in found.found] == [held.bhot]
    assert found.found[0].held_of("cow") == 3
    assert record_counts(world) == before


def test_the_owner_is_found_by_his_phone_as_he_types_it(world: World) -> None:
    ref = world.seize()
    for typed in (OWNER.phone or "", "+91 92222 22222"):
        found = seizures_owned(world.db, person_id=None, phone=typed, now=world.now)
        assert [h.ref for h in found] == [ref]
    assert seizures_owned(world.db, person_id=None, phone="+919333333333", now=world.now) == []
