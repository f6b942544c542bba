"""Practice G4: an animal outside the Sec VI scale is registered only on a Magistrate's order,
which sets its fine per head and its feeding per day, for one seizure or for a pound."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pytest
from sqlmodel import func, select

from law.errors import (
    Conflict,
    EventOutOfOrder,
    InvalidInput,
    KindNeedsMagistrateOrder,
    NotAuthorised,
    PigsNotImpoundable,
    UnknownAnimalKind,
)
from models import Animal, AuditEvent, KindOrder
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.payment import record_payment
from office.acts.magistrate.kind_order import KindOrdered, order_for_pound, order_for_seizure
from office.acts.seizer.report import report_seizure
from office.inputs import AnimalsIn
from office.views.fund_statement import fund_view
from office.views.kind_orders import awaiting_orders
from office.views.lookup import pound_rates
from office.views.seizure import seizure_view
from tests.office.test_fund import other_district
from tests.units import act
from tests.world import OWNER, World, at

D = date
MARCH_1 = D(2026, 3, 1)
RS_2 = 384  # Rs 2-0-0
AS_4 = 48  # Rs 0-4-0
AS_8 = 96  # Rs 0-8-0


def for_seizure(world: World, ref: str, actor: int | None = None, **kw: Any) -> KindOrdered:
    args: dict[str, Any] = {
        "kind": "elephant",
        "fine": RS_2,
        "per_day": AS_4,
        "order": "The elephant of the Raja of Kemri: fine Rs 2 a head, feeding 4 annas a day",
        "occurred_at": world.now,
        "now": world.now,
    }
    args.update(kw)
    return act(world.db, order_for_seizure, actor_id=actor or world.magistrate, ref=ref, **args)


def for_pound(world: World, pound: str = "TPR", actor: int | None = None, **kw: Any) -> Any:
    args: dict[str, Any] = {
        "kind": "elephant",
        "fine": RS_2,
        "per_day": AS_4,
        "order": "Standing order: elephants at this pound, Rs 2 a head, 4 annas a day",
        "occurred_at": world.now,
        "now": world.now,
    }
    args.update(kw)
    return act(world.db, order_for_pound, actor_id=actor or world.magistrate, pound=pound, **args)


def arrive(world: World, ref: str, when: datetime, actor: int | None = None) -> str:
    return act(
        world.db,
        register_arrival,
        actor_id=actor or world.keeper,
        ref=ref,
        occurred_at=when,
        now=world.now,
    ).register_no


def counts(world: World) -> tuple[int, int]:
    with world.db.reading() as s:
        return (
            s.exec(select(func.count()).select_from(KindOrder)).one(),
            s.exec(select(func.count()).select_from(AuditEvent)).one(),
        )


def view(world: World, ref: str, day: D, hour: int = 12) -> dict[str, Any]:
    return seizure_view(world.db, ref=ref, now=at(day, hour))


def test_an_elephant_waits_for_the_magistrates_order_before_it_is_registered(
    world: World,
) -> None:
    """Practice G4: anything else (elephant ...) needs a Magistrate's order before it can be
    registered; the order sets its fine per head and its feeding per day."""
    world.on(MARCH_1, 9)
    done = act(
        world.db,
        report_seizure,
        actor_id=world.cultivator,
        ground="trespass",
        village="Rampur",
        place="the sugarcane field east of the well",
        damage="ate a quarter bigha of cane",
        seizer=None,
        owner=OWNER,
        animals=[AnimalsIn("elephants", 1, "tusker, chain on the left foreleg"), AnimalsIn("cow")],
        occurred_at=world.now,
        now=world.now,
    )
    assert (done.awaiting_order, done.fine, done.heads) == (["elephant"], 48, 2)
    ref = done.ref
    before = view(world, ref, MARCH_1)
    assert [
        (a["kind"], a["stated_kind"], a["fine"], a["awaiting_order"]) for a in before["animals"]
    ] == [("elephant", "elephants", 0, True), ("cow", "cow", 48, False)]
    # The keeper cannot enter them yet; nothing changes.
    with pytest.raises(KindNeedsMagistrateOrder) as waiting:
        arrive(world, ref, world.on(MARCH_1, 11))
    assert waiting.value.section == "practice G4"
    assert waiting.value.details == {"kinds": "elephant"}
    assert view(world, ref, MARCH_1)["status"] == "seized"
    listed = awaiting_orders(world.db, district_id=1, actor_id=world.magistrate)
    assert [(i.ref, i.kinds, i.pound_code) for i in listed] == [(ref, {"elephant": 1}, "TPR")]
    # The Magistrate orders: Rs 2 a head, 4 annas a day.
    order = for_seizure(world, ref, occurred_at=world.on(MARCH_1, 12))
    assert (order.kind, order.fine, order.per_day, order.valid_from) == (
        "elephant",
        RS_2,
        AS_4,
        "2026-03-01",
    )
    assert order.animals == {ref: [1]}
    assert awaiting_orders(world.db, district_id=1) == []
    assert arrive(world, ref, world.on(MARCH_1, 14)) == "TPR/2026/1"
    # Fines 384 + 48; feeding 48 + 9 a day from 1 March.
    for day, feeding in ((1, 57), (2, 114), (5, 285)):
        due = view(world, ref, D(2026, 3, day))["due"]
        assert (due["fine"], due["feeding"], due["per_day"]) == (432, feeding, 57), day
    when = world.on(D(2026, 3, 5), 16)
    receipt = act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=432 + 285,
        payer=None,
        occurred_at=when,
        now=when,
    )
    assert (receipt.fine, receipt.feeding) == (432, 285)
    assert fund_view(world.db)["districts"][0]["fines"] == 432
    with world.db.reading() as s:
        event = s.exec(select(AuditEvent).where(AuditEvent.action == "kind_ordered")).one()
        assert (event.subject, event.section, event.actor_id) == (
            ref,
            "practice G4",
            world.magistrate,
        )
        assert event.payload["fine"] == RS_2 and event.payload["animals"] == [1]


def test_a_pound_order_covers_later_seizures_and_a_new_one_changes_the_rate_from_its_date(
    world: World,
) -> None:
    """Practice G4 with Sec VII and practice G9: rates are dated; each day is charged at the
    rate in force that day."""
    for_pound(world, occurred_at=world.on(MARCH_1, 9))
    ref = world.seize(animals=[AnimalsIn("elephant")], when=world.on(D(2026, 3, 2), 8))
    animal = view(world, ref, D(2026, 3, 2))["animals"][0]
    assert (animal["fine"], animal["awaiting_order"]) == (RS_2, False)
    arrive(world, ref, world.on(D(2026, 3, 2), 10))
    for_pound(world, per_day=AS_8, occurred_at=world.on(D(2026, 3, 4), 9))
    # 2 and 3 March at 4 annas, 4 and 5 March at 8 annas.
    due = view(world, ref, D(2026, 3, 5))["due"]
    assert (due["fine"], due["feeding"], due["per_day"]) == (RS_2, 48 * 2 + 96 * 2, 96)
    assert due["total_text"] == "Rs 3-8-0"


def test_a_pound_order_may_name_an_animal_the_office_did_not_know(world: World) -> None:
    """Practice G4: the order names the kind in free words; the pound then takes it."""
    with pytest.raises(UnknownAnimalKind):
        world.seize(animals=[AnimalsIn("rhinoceros")])
    order = for_pound(world, kind="Rhinoceros", fine=AS_8, per_day=AS_4)
    assert order.kind == "rhinoceros"
    ref = world.seize(animals=[AnimalsIn("rhinoceroses", 2)])
    animals = view(world, ref, MARCH_1)["animals"]
    assert [(a["kind"], a["fine"]) for a in animals] == [("rhinoceros", AS_8)] * 2
    # Dhakia pound has no such order: there it is still unknown.
    with pytest.raises(UnknownAnimalKind):
        world.seize(animals=[AnimalsIn("rhinoceros")], village="Dhakia")


def test_a_pound_order_takes_effect_for_animals_already_waiting_at_that_pound(
    world: World,
) -> None:
    ref = world.seize(animals=[AnimalsIn("elephant"), AnimalsIn("cow")])
    done = for_pound(world, occurred_at=world.tick(hours=1))
    assert done.animals == {ref: [1]}
    arrive(world, ref, world.tick(hours=1))
    assert view(world, ref, MARCH_1)["status"] == "impounded"


def test_the_keeper_of_another_pound_may_not_register_under_an_order_for_this_pound(
    world: World,
) -> None:
    """Practice G4: an order for the Testpur pound covers Testpur only; Sec V: each keeper
    registers at his own pound."""
    for_pound(world, "TPR")
    dhakia = world.seize(animals=[AnimalsIn("elephant")], village="Dhakia")
    assert view(world, dhakia, MARCH_1)["animals"][0]["awaiting_order"] is True
    with pytest.raises(KindNeedsMagistrateOrder):
        arrive(world, dhakia, world.tick(hours=1), actor=world.other_keeper)
    with pytest.raises(NotAuthorised) as not_his:
        arrive(world, dhakia, world.now, actor=world.keeper)
    assert not_his.value.section == "V"
    testpur = world.seize(animals=[AnimalsIn("elephant")])
    with pytest.raises(NotAuthorised):
        arrive(world, testpur, world.tick(hours=1), actor=world.other_keeper)
    assert view(world, testpur, MARCH_1)["status"] == "seized"
    assert arrive(world, testpur, world.now) == "TPR/2026/1"


def test_pigs_stay_refused_and_the_scales_kinds_need_no_order(world: World) -> None:
    """Sec XVIII: damage by pigs is a complaint, not an impounding; Sec VI fines the rest."""
    ref = world.seize(animals=[AnimalsIn("elephant")])
    before = counts(world)
    with pytest.raises(PigsNotImpoundable) as pigs:
        for_pound(world, kind="pigs")
    assert pigs.value.section == "XVIII"
    with pytest.raises(PigsNotImpoundable):
        for_seizure(world, ref, kind="boar")
    with pytest.raises(PigsNotImpoundable):
        world.seize(animals=[AnimalsIn("pig")])
    with pytest.raises(InvalidInput) as cow:
        for_pound(world, kind="heifer")
    assert cow.value.section == "VI"
    with pytest.raises(InvalidInput):
        for_pound(world, kind="a very long animal name")
    with pytest.raises(InvalidInput):
        for_pound(world, fine=-1)
    with pytest.raises(InvalidInput):
        for_seizure(world, ref, per_day=-1)
    with pytest.raises(InvalidInput):
        for_seizure(world, ref, order=" ")
    assert counts(world) == before


def test_a_seizure_order_needs_a_head_of_that_kind_awaiting_it(world: World) -> None:
    ref = world.seize(animals=[AnimalsIn("elephant"), AnimalsIn("yak")])
    cows = world.seize()
    before = counts(world)
    with pytest.raises(Conflict) as none:
        for_seizure(world, ref, kind="deer")
    assert none.value.section == "practice G4"
    with pytest.raises(Conflict):
        for_seizure(world, cows)
    assert counts(world) == before
    for_seizure(world, ref, occurred_at=world.tick(minutes=5))
    with pytest.raises(Conflict):
        for_seizure(world, ref, occurred_at=world.tick(minutes=5))
    # The yak still waits: no arrival yet.
    with pytest.raises(KindNeedsMagistrateOrder) as yak:
        arrive(world, ref, world.tick(minutes=5))
    assert yak.value.details == {"kinds": "yak"}
    for_seizure(world, ref, kind="yaks", fine=AS_8, per_day=12, occurred_at=world.now)
    arrive(world, ref, world.tick(minutes=5))
    animals = view(world, ref, MARCH_1)["animals"]
    assert [(a["kind"], a["fine"]) for a in animals] == [("elephant", RS_2), ("yak", AS_8)]


def test_a_seizures_own_order_stands_before_the_pounds(world: World) -> None:
    ref = world.seize(animals=[AnimalsIn("elephant")])
    for_seizure(world, ref, per_day=AS_4, occurred_at=world.tick(minutes=5))
    for_pound(world, fine=AS_8, per_day=AS_8, occurred_at=world.tick(minutes=5))
    arrive(world, ref, world.tick(hours=1))
    due = view(world, ref, D(2026, 3, 2))["due"]
    assert (due["fine"], due["feeding"]) == (RS_2, 2 * AS_4)
    # A later elephant at the same pound goes by the pound's order.
    other = world.seize(animals=[AnimalsIn("elephant")])
    arrive(world, other, world.tick(hours=1))
    due = view(world, other, D(2026, 3, 2))["due"]
    assert (due["fine"], due["feeding"]) == (AS_8, 2 * AS_8)


def test_only_the_districts_magistrate_makes_the_order(world: World) -> None:
    """Practice G4: the Magistrate of the district, who controls its pounds (Sec IV)."""
    ref = world.seize(animals=[AnimalsIn("elephant")])
    stranger = other_district(world)
    before = counts(world)
    for actor in (
        stranger,
        world.keeper,
        world.other_keeper,
        world.police,
        world.darogah,
        world.road_officer,
        world.cultivator,
        world.owner,
    ):
        with pytest.raises(NotAuthorised) as refused:
            for_seizure(world, ref, actor=actor)
        assert refused.value.section == "practice G4"
        with pytest.raises(NotAuthorised):
            for_pound(world, actor=actor)
    # The Magistrate of Otherpur orders for his own pound, not for Testpur's.
    for_pound(world, "OTP", actor=stranger)
    assert counts(world)[0] == before[0] + 1
    with pytest.raises(NotAuthorised):
        awaiting_orders(world.db, district_id=1, actor_id=stranger)
    assert view(world, ref, MARCH_1)["animals"][0]["awaiting_order"] is True


def test_an_order_cannot_be_dated_before_the_seizure(world: World) -> None:
    ref = world.seize(animals=[AnimalsIn("elephant")], when=world.on(MARCH_1, 9))
    with pytest.raises(EventOutOfOrder):
        for_seizure(world, ref, occurred_at=at(MARCH_1, 8), now=world.on(MARCH_1, 10))
    with world.db.reading() as s:
        assert s.exec(select(Animal.fine)).all() == [0]


def test_the_schedule_posted_at_the_pound_shows_its_standing_orders(world: World) -> None:
    """Sec VII: the schedule of fines and feeding rates is stuck up at every pound; practice G4
    adds the rows the Magistrate's standing orders set."""
    for_pound(world, occurred_at=world.on(MARCH_1, 9))
    for_pound(world, per_day=AS_8, occurred_at=world.on(D(2026, 3, 4), 9))
    rows = pound_rates(world.db, pound_code="TPR", now=at(D(2026, 3, 3), 12)).rows
    assert (rows[-1].kinds, rows[-1].fine_text, rows[-1].feeding_text) == (
        ("elephant",),
        "Rs 2-0-0",
        "Rs 0-4-0",
    )
    later = pound_rates(world.db, pound_code="TPR", now=at(D(2026, 3, 4), 12)).rows[-1]
    assert later.feeding_text == "Rs 0-8-0"
    assert all(
        r.kinds != ("elephant",)
        for r in pound_rates(world.db, pound_code="DHK", now=world.now).rows
    )
