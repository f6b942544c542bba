"""What the Darogah and the Magistrate look at on their desk beyond the worklists: notices posted
and counting down, the cattle held in the district, the district file, release orders, cases,
the feeding rates and a new rate from a date (Sec VI, VII, VIII, XVII);
each for its officer only."""

from __future__ import annotations

from datetime import date

import pytest
from sqlmodel import col, select

from law.errors import Conflict, InvalidInput, NotAuthorised, UnknownAnimalKind
from models import AuditEvent, FeedingRate
from office.acts.complainant.case import file_case
from office.acts.darogah.notice import post_notice
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.unclaimed import report_unclaimed
from office.acts.magistrate.feeding_rate import fix_feeding_rate
from office.acts.magistrate.release import order_release
from office.inputs import AnimalsIn, PersonIn
from office.views.district_desk import (
    district_cases,
    district_file,
    district_of,
    district_rates,
    release_orders,
)
from office.views.lookup import pound_rates
from office.views.seizure import seizure_view
from office.views.worklists import held_in_district, notices_posted
from tests.units import act
from tests.world import World, at, other_district_magistrate

D = date


def test_the_darogah_sees_the_notices_he_posted_until_the_sale_falls_due(world: World) -> None:
    ref = world.seize()
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    act(
        world.db,
        report_unclaimed,
        actor_id=None,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 9), 9),
        now=world.now,
    )
    assert notices_posted(world.db, thana="TESTPUR", now=world.now, actor_id=world.darogah) == []
    act(
        world.db,
        post_notice,
        actor_id=world.darogah,
        ref=ref,
        proclaimed_in=["Rampur", "Rampur hat"],
        occurred_at=world.now,
        now=world.now,
    )
    posted = notices_posted(world.db, thana="TESTPUR", now=world.on(D(2026, 3, 16)))
    assert [(i.ref, i.sale_not_before) for i in posted] == [(ref, D(2026, 3, 17))]
    # The seven days run: it is a sale due, no longer a notice counting down.
    assert notices_posted(world.db, thana="TESTPUR", now=world.on(D(2026, 3, 17))) == []
    with pytest.raises(NotAuthorised):
        notices_posted(world.db, thana="TESTPUR", now=world.now, actor_id=world.police)


def test_the_magistrate_sees_the_cattle_held_in_his_district_and_the_releases_ordered(
    world: World,
) -> None:
    held = world.seize()
    on_road = world.seize(village="Dhakia", animals=[AnimalsIn("goat", 1, "black")])
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=held,
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    seen = held_in_district(world.db, district_id=_testpur(world), actor_id=world.magistrate)
    assert [(i.ref, i.pound_code, i.status) for i in seen] == [
        (held, "TPR", "impounded"),
        (on_road, "DHK", "seized"),
    ]
    with pytest.raises(NotAuthorised):
        held_in_district(world.db, district_id=_testpur(world), actor_id=world.darogah)
    act(
        world.db,
        order_release,
        actor_id=world.magistrate,
        ref=held,
        reason="गाय गलती से पकड़ी गई",
        animals=[1],
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    [line] = release_orders(world.db, district="testpur", actor_id=world.magistrate)
    assert (line.ref, line.pound_code, line.animals, line.complaint_id) == (held, "TPR", [1], None)
    assert line.reason == "गाय गलती से पकड़ी गई"
    assert line.authority == "Magistrate Mehta, Magistrate"
    other = other_district_magistrate(world)
    with pytest.raises(NotAuthorised):
        release_orders(world.db, district="TESTPUR", actor_id=other)


def test_the_district_file_shows_pounds_villages_keepers_and_officers(world: World) -> None:
    seen = district_file(world.db, district="TESTPUR", actor_id=world.magistrate)
    assert (seen.code, seen.name, seen.languages) == ("TESTPUR", "Testpur", ["en", "hi"])
    assert [(p.code, p.thana, p.villages, p.keepers) for p in seen.pounds] == [
        ("DHK", "DHAKIA", [("Dhakia", ())], ["Keeper Dhani"]),
        ("TPR", "TESTPUR", [("Kemri", ()), ("Rampur", ())], ["Keeper Kallu"]),
    ]
    assert [v for (v, _), _ in seen.excluded] == ["Jhadi"]
    roles = {o.name: o.roles for o in seen.officers}
    assert roles["Darogah Dinanath"] == ["darogah:TESTPUR"]
    assert roles["Magistrate Mehta"] == ["magistrate"]
    assert "Hari Singh" not in roles  # a private person holds no office
    for actor in (world.keeper, world.darogah, other_district_magistrate(world)):
        with pytest.raises(NotAuthorised):
            district_file(world.db, district="TESTPUR", actor_id=actor)


def test_the_district_of_its_magistrate_only(world: World) -> None:
    assert district_of(world.db, code="testpur", actor_id=world.magistrate)[1] == "TESTPUR"
    with pytest.raises(NotAuthorised):
        district_of(world.db, code="TESTPUR", actor_id=world.keeper)


def test_the_cases_of_the_district_pending_first(world: World) -> None:
    case = act(
        world.db,
        file_case,
        actor_id=world.cultivator,
        kind="pigs",
        accused=PersonIn(name="Bhura Ahir", residence="Kemri", phone="98300 00001"),
        village="Rampur",
        description="सूअरों ने गन्ना खोद डाला",
        occurred_at=world.now,
        now=world.now,
    )
    [line] = district_cases(world.db, district="TESTPUR", actor_id=world.magistrate)
    assert (line.id, line.kind, line.status, line.accused, line.village) == (
        case,
        "pigs",
        "pending",
        "Bhura Ahir",
        "Rampur",
    )
    with pytest.raises(NotAuthorised):
        district_cases(world.db, district="TESTPUR", actor_id=world.road_officer)


def _testpur(world: World) -> int:
    return district_of(world.db, code="TESTPUR", actor_id=world.magistrate)[0]


def _rates(world: World) -> list[tuple[str, int, date]]:
    with world.db.reading() as s:
        rows = s.exec(select(FeedingRate).order_by(col(FeedingRate.id))).all()
        return [(r.kind, r.per_day, r.valid_from) for r in rows]


def test_the_magistrate_fixes_a_feeding_rate_from_a_later_day(world: World) -> None:
    world.on(D(2026, 3, 10), 11)
    done = act(
        world.db,
        fix_feeding_rate,
        actor_id=world.magistrate,
        district="testpur",
        kind="heifer",
        per_day=12,
        valid_from=D(2026, 4, 1),
        occurred_at=world.now,
        now=world.now,
    )
    assert (done.kind, done.per_day_text, done.valid_from) == ("cow", "Rs 0-1-0", D(2026, 4, 1))
    seen = district_rates(world.db, district="TESTPUR", actor_id=world.magistrate, now=world.now)
    cows = [(r.per_day, r.valid_from, r.in_force, r.later) for r in seen.lines if r.kind == "cow"]
    assert cows == [(9, D(2020, 1, 1), True, False), (12, D(2026, 4, 1), False, True)]
    # The schedule posted at the pound takes it on its day (Sec VII).
    before = pound_rates(world.db, pound_code="TPR", now=at(D(2026, 3, 31), 23))
    after = pound_rates(world.db, pound_code="TPR", now=at(D(2026, 4, 1), 0, 30))
    assert [r.per_day for r in before.rows if "cow" in r.kinds] == [9]
    assert [r.per_day for r in after.rows if "cow" in r.kinds] == [12]
    with world.db.reading() as s:
        event = s.exec(select(AuditEvent).where(AuditEvent.action == "feeding_rate_fixed")).one()
        assert (event.subject, event.section) == ("district:TESTPUR", "VII")


def test_a_charge_already_made_stands_when_the_rate_changes(world: World) -> None:
    ref = world.seize(animals=[AnimalsIn("cow", 1, "red")])
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    act(
        world.db,
        fix_feeding_rate,
        actor_id=world.magistrate,
        district="TESTPUR",
        kind="cow",
        per_day=12,
        valid_from=D(2026, 3, 3),
        occurred_at=world.on(D(2026, 3, 2), 9),
        now=world.now,
    )
    # 1 and 2 March at 9 pies, 3 March at 12 (G9).
    view = seizure_view(world.db, ref=ref, now=world.on(D(2026, 3, 3), 18))
    assert view["due"]["feeding"] == 9 + 9 + 12


@pytest.mark.parametrize(
    ("actor", "kind", "per_day", "valid_from", "error"),
    [
        ("magistrate", "cow", 12, D(2026, 3, 9), InvalidInput),  # back-dated (G9)
        ("magistrate", "cow", 9, D(2020, 1, 1), InvalidInput),
        ("magistrate", "cow", -1, D(2026, 4, 1), InvalidInput),
        ("magistrate", "unicorn", 5, D(2026, 4, 1), UnknownAnimalKind),
        ("keeper", "cow", 12, D(2026, 4, 1), NotAuthorised),
        ("darogah", "cow", 12, D(2026, 4, 1), NotAuthorised),
        ("other", "cow", 12, D(2026, 4, 1), NotAuthorised),
    ],
)
def test_a_rate_refused_changes_nothing(
    world: World, actor: str, kind: str, per_day: int, valid_from: date, error: type
) -> None:
    ids = {
        "magistrate": world.magistrate,
        "keeper": world.keeper,
        "darogah": world.darogah,
        "other": other_district_magistrate(world),
    }
    before = _rates(world)
    world.on(D(2026, 3, 10), 11)
    with pytest.raises(error):
        act(
            world.db,
            fix_feeding_rate,
            actor_id=ids[actor],
            district="TESTPUR",
            kind=kind,
            per_day=per_day,
            valid_from=valid_from,
            occurred_at=world.now,
            now=world.now,
        )
    assert _rates(world) == before


def test_a_rate_from_the_same_day_is_refused_as_fixed_already(world: World) -> None:
    world.on(D(2026, 3, 10), 11)
    fixed = {
        "actor_id": world.magistrate,
        "district": "TESTPUR",
        "kind": "buffalo",
        "per_day": 15,
        "valid_from": D(2026, 3, 10),
        "occurred_at": world.now,
        "now": world.now,
    }
    act(world.db, fix_feeding_rate, **fixed)  # type: ignore[arg-type]
    with pytest.raises(Conflict):
        act(world.db, fix_feeding_rate, **fixed | {"per_day": 16})  # type: ignore[arg-type]
    assert [r for r in _rates(world) if r[2] == D(2026, 3, 10)] == [("buffalo", 15, D(2026, 3, 10))]
