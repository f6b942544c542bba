"""Reporting a seizure (Sec II, XV, XVI), police aid, conveyance, opposition and rescue (XIII)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from sqlmodel import col, func, select

from law.errors import (
    EventInFuture,
    ExcludedTract,
    InvalidInput,
    NotAuthorised,
    NotFound,
    PigsNotImpoundable,
)
from models import AidRequest, Animal, AuditEvent, Seizure
from office.acts.police.conveyance import confirm_conveyance
from office.acts.seizer.police_aid import request_police_aid
from office.acts.seizer.report import report_seizure
from office.acts.whoever.opposition import record_offence
from office.inputs import AnimalsIn, PersonIn
from office.views.seizure import seizure_view
from tests.units import act
from tests.world import World


def count(world: World, model: type) -> int:
    with world.db.reading() as s:
        return int(s.exec(select(func.count()).select_from(model)).one())


def test_a_seizure_is_recorded_one_row_per_head_with_the_sec_vi_fine(world: World) -> None:
    ref = world.seize()
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["status"] == "seized"
    assert view["pound"]["code"] == "TPR"
    assert [(a["id"], a["kind"], a["fine"]) for a in view["animals"]] == [
        (1, "cow", 48),
        (2, "cow", 48),
        (3, "buffalo", 96),
    ]
    assert view["due"]["fine"] == 192
    assert view["due"]["total_text"] == "Rs 1-0-0"
    # Sec XIV: ten days from the date of SEIZURE, the day of seizure excluded (G1).
    assert view["deadlines"]["complaint_until"] == "2026-03-11"
    assert view["deadlines"]["claim_until"] is None


def test_aliases_are_fined_by_their_row_and_pigs_are_refused(world: World) -> None:
    ref = world.seize(animals=[AnimalsIn("mule"), AnimalsIn("heifer"), AnimalsIn("kid")])
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert [(a["kind"], a["stated_kind"], a["fine"]) for a in view["animals"]] == [
        ("horse", "mule", 48),
        ("cow", "heifer", 48),
        ("goat", "kid", 12),
    ]
    with pytest.raises(PigsNotImpoundable) as pigs:
        world.seize(animals=[AnimalsIn("pigs", 3)])
    assert pigs.value.section == "XVIII"
    # Practice G4: an elephant is reported as seized, awaiting the Magistrate's order.
    elephant = seizure_view(
        world.db, ref=world.seize(animals=[AnimalsIn("elephant")]), now=world.now
    )
    assert [(a["kind"], a["fine"], a["awaiting_order"]) for a in elephant["animals"]] == [
        ("elephant", 0, True)
    ]


def test_nothing_is_written_when_a_seizure_is_refused(world: World) -> None:
    before = (count(world, Seizure), count(world, Animal), count(world, AuditEvent))
    with pytest.raises(ExcludedTract) as excluded:
        world.seize(village="Jhadi")
    assert excluded.value.section == "XX"
    with pytest.raises(NotFound):
        world.seize(village="Atlantis")
    with pytest.raises(PigsNotImpoundable):
        world.seize(animals=[AnimalsIn("cow", 2), AnimalsIn("pig")])
    assert (count(world, Seizure), count(world, Animal), count(world, AuditEvent)) == before


def test_the_village_is_found_whatever_its_case_and_spacing(world: World) -> None:
    ref = world.seize(village="  kEMRI ")
    assert seizure_view(world.db, ref=ref, now=world.now)["village"] == "Kemri"


def test_a_seizure_needs_the_damage_done(world: World) -> None:
    with pytest.raises(InvalidInput) as err:
        act(
            world.db,
            report_seizure,
            actor_id=world.cultivator,
            ground="trespass",
            village="Rampur",
            place="field",
            damage="  ",
            seizer=None,
            owner=None,
            animals=[AnimalsIn("cow")],
            occurred_at=world.now,
            now=world.now,
        )
    assert err.value.section == "II"


def test_a_seizure_cannot_be_dated_in_the_future(world: World) -> None:
    with pytest.raises(EventInFuture):
        world.seize(when=world.now + timedelta(hours=1))


def test_road_seizures_are_for_road_and_canal_officers(world: World) -> None:
    kwargs = dict(
        ground="road",
        village="Kemri",
        place="slope of the canal bank, mile 4",
        damage="cutting the embankment slope",
        seizer=None,
        owner=None,
        animals=[AnimalsIn("buffalo", 2)],
        occurred_at=world.now,
        now=world.now,
    )
    with pytest.raises(NotAuthorised) as err:
        act(world.db, report_seizure, actor_id=world.cultivator, **kwargs)  # type: ignore[arg-type]
    assert err.value.section == "XV"
    done = act(world.db, report_seizure, actor_id=world.road_officer, **kwargs)  # type: ignore[arg-type]
    assert done.heads == 2


def test_strays_are_brought_in_by_police_of_the_thana_with_no_owner(world: World) -> None:
    kwargs = dict(
        ground="stray",
        village="Rampur",
        place="the market road",
        damage="",
        seizer=None,
        animals=[AnimalsIn("ass", 1, "grey, lame in the left foreleg")],
        occurred_at=world.now,
        now=world.now,
    )
    with pytest.raises(NotAuthorised):
        act(world.db, report_seizure, actor_id=world.cultivator, owner=None, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput) as err:
        act(world.db, report_seizure, actor_id=world.police, owner=PersonIn("Known"), **kwargs)  # type: ignore[arg-type]
    assert err.value.section == "XVI"
    done = act(world.db, report_seizure, actor_id=world.police, owner=None, **kwargs)  # type: ignore[arg-type]
    assert done.pound_code == "TPR"


def test_police_aid_goes_to_the_thana_and_conveyance_answers_it(world: World) -> None:
    ref = world.seize()
    aid = act(
        world.db,
        request_police_aid,
        actor_id=world.cultivator,
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )
    again = act(
        world.db,
        request_police_aid,
        actor_id=world.cultivator,
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )
    assert aid == again  # one open request, not two
    with pytest.raises(NotAuthorised):
        act(
            world.db,
            confirm_conveyance,
            actor_id=world.keeper,
            ref=ref,
            occurred_at=world.now,
            now=world.now,
        )
    world.tick(minutes=40)
    act(
        world.db,
        confirm_conveyance,
        actor_id=world.police,
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )
    with world.db.reading() as s:
        req = s.exec(select(AidRequest).where(col(AidRequest.id) == aid)).one()
        assert req.thana == "TESTPUR"
        assert req.answered_by == world.police


def test_a_rescue_takes_the_animals_out_of_custody_and_is_recorded_for_police(
    world: World,
) -> None:
    ref = world.seize()
    world.tick(minutes=10)
    act(
        world.db,
        record_offence,
        actor_id=world.cultivator,
        ref=ref,
        kind="rescue",
        offenders="two men of Kemri with lathis",
        description="took the buffalo from me on the road to the pound",
        animals=[3],
        occurred_at=world.now,
        now=world.now,
    )
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert [a["status"] for a in view["animals"]] == ["seized", "seized", "rescued"]
    assert view["history"][-1]["section"] == "XIII"


def test_history_lists_every_act_in_order(world: World) -> None:
    ref = world.seize()
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert [h["action"] for h in view["history"]] == ["seizure_reported"]
    assert view["history"][0]["actor"] == "Hari Singh"


def test_an_unknown_ground_is_refused(world: World) -> None:
    with pytest.raises(InvalidInput):
        act(
            world.db,
            report_seizure,
            actor_id=world.cultivator,
            ground="whim",
            village="Rampur",
            place="x",
            damage="y",
            seizer=None,
            owner=None,
            animals=[AnimalsIn("cow")],
            occurred_at=world.now,
            now=world.now,
        )
    assert date(2026, 3, 1) == world.now.date()


def test_a_village_is_found_by_any_name_the_district_file_gives_it(world: World) -> None:
    """A report names the village as its reporter writes it: the register's name, or the
    district file's in Hindi or Bengali, as typed (spacing, composed or not); the register
    writes the register's name. A name the file does not give is refused, nothing recorded."""
    from tests.world import name_dhakia

    name_dhakia(world)
    for typed in ("ढकिया", "  ঢাকিয়া ", "ঢাকিয়া", "DHAKIA"):
        ref = world.seize(village=typed)
        assert seizure_view(world.db, ref=ref, now=world.now)["village"] == "Dhakia", typed
    before = seizures(world)
    with pytest.raises(NotFound):
        world.seize(village="ढकियां")  # another word: no guessing in a report
    assert seizures(world) == before


def seizures(world: World) -> int:
    with world.db.reading() as s:
        return int(s.exec(select(func.count()).select_from(Seizure)).one())
