"""At the pound: the register (Sec V), payment and release (VI, VII), refusal (IX), losses (G7)."""

from __future__ import annotations

from datetime import date

import pytest
from sqlmodel import select

from law.errors import (
    Conflict,
    EventOutOfOrder,
    InvalidInput,
    InvalidTransition,
    NotAuthorised,
    NoticeNotYetDue,
    ReleaseWithoutFine,
)
from models import FeedingRate, LedgerPosting, Payment
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.loss import record_loss
from office.acts.keeper.payment import record_payment
from office.acts.keeper.refusal import record_refusal
from office.acts.keeper.unclaimed import report_unclaimed
from office.acts.magistrate.release import order_release
from office.inputs import AnimalsIn, PersonIn
from office.records import ledger
from office.views.fund_statement import fund_view
from office.views.pound_register import pound_register
from office.views.seizure import seizure_view
from tests.units import act, tx
from tests.world import World

MARCH_1 = date(2026, 3, 1)


def arrive(world: World, ref: str, day: date = MARCH_1, hour: int = 10) -> str:
    done = act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(day, hour),
        now=world.now,
    )
    return done.register_no


def test_the_keeper_registers_and_the_seizer_gets_a_copy_of_the_entry(world: World) -> None:
    ref = world.seize()
    done = act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        count=3,
        descriptions={3: "black, broken left horn"},
        occurred_at=world.on(MARCH_1, 10),
        now=world.now,
    )
    assert done.register_no == "TPR/2026/1"
    assert "3 head" in done.copy_text
    assert "Hari Singh of Rampur" in done.copy_text
    assert "Mohan Lal of Kemri" in done.copy_text
    assert "black, broken left horn" in done.copy_text
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["status"] == "impounded"
    assert view["register_no"] == "TPR/2026/1"
    assert view["deadlines"]["claim_until"] == "2026-03-08"


def test_register_numbers_run_per_pound_and_year(world: World) -> None:
    first = world.seize()
    second = world.seize()
    third = world.seize(village="Dhakia")
    assert arrive(world, first) == "TPR/2026/1"
    assert arrive(world, second, hour=11) == "TPR/2026/2"
    done = act(
        world.db,
        register_arrival,
        actor_id=world.other_keeper,
        ref=third,
        occurred_at=world.on(MARCH_1, 12),
        now=world.now,
    )
    assert done.register_no == "DHK/2026/1"
    rows = pound_register(world.db, pound_code="tpr", now=world.now).rows
    assert [(r.number, r.ref) for r in rows] == [(1, first), (2, second)]


def test_only_the_keeper_of_that_pound_registers(world: World) -> None:
    ref = world.seize()
    for actor in (world.other_keeper, world.police, world.cultivator):
        with pytest.raises(NotAuthorised) as err:
            act(
                world.db,
                register_arrival,
                actor_id=actor,
                ref=ref,
                occurred_at=world.now,
                now=world.now,
            )
        assert err.value.section == "V"


def test_a_count_that_does_not_match_is_refused_and_nothing_changes(world: World) -> None:
    ref = world.seize()
    with pytest.raises(Conflict):
        act(
            world.db,
            register_arrival,
            actor_id=world.keeper,
            ref=ref,
            count=2,
            occurred_at=world.now,
            now=world.now,
        )
    assert seizure_view(world.db, ref=ref, now=world.now)["status"] == "seized"


def test_an_arrival_cannot_be_dated_before_the_seizure(world: World) -> None:
    ref = world.seize(when=world.on(MARCH_1, 9))
    with pytest.raises(EventOutOfOrder):
        act(
            world.db,
            register_arrival,
            actor_id=world.keeper,
            ref=ref,
            occurred_at=world.on(MARCH_1, 8),
            now=world.on(MARCH_1, 12),
        )


def test_feeding_is_charged_per_day_or_part_the_day_of_arrival_included(world: World) -> None:
    ref = world.seize()
    arrive(world, ref, hour=23)
    # 2 cows at 9 pies and a buffalo at 12 pies a day: 30 pies a day; fines 192 pies.
    view = seizure_view(world.db, ref=ref, now=world.on(MARCH_1, 23, 30))
    assert (view["due"]["feeding"], view["due"]["per_day"]) == (30, 30)
    view = seizure_view(world.db, ref=ref, now=world.on(date(2026, 3, 3), 9))
    assert view["due"]["feeding"] == 90
    assert view["due"]["total"] == 282
    assert view["due"]["total_text"] == "Rs 1-7-6"


def test_a_new_rate_applies_from_its_date(world: World) -> None:
    with tx(world.db) as s:
        s.add(FeedingRate(district_id=1, kind="buffalo", per_day=24, valid_from=date(2026, 3, 3)))
    ref = world.seize(animals=[AnimalsIn("buffalo")])
    arrive(world, ref)
    # 1 and 2 March at 12 pies, 3 and 4 March at 24 pies.
    view = seizure_view(world.db, ref=ref, now=world.on(date(2026, 3, 4), 12))
    assert view["due"]["feeding"] == 12 + 12 + 24 + 24


def test_the_owner_pays_exactly_what_is_due_and_signs_the_receipt(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    when = world.on(date(2026, 3, 3), 16)
    with pytest.raises(ReleaseWithoutFine) as short:
        act(
            world.db,
            record_payment,
            actor_id=world.keeper,
            ref=ref,
            amount=200,
            payer=None,
            occurred_at=when,
            now=when,
        )
    assert short.value.section == "VI"
    with pytest.raises(InvalidInput):
        act(
            world.db,
            record_payment,
            actor_id=world.keeper,
            ref=ref,
            amount=300,
            payer=None,
            occurred_at=when,
            now=when,
        )
    receipt = act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=282,
        payer=None,
        occurred_at=when,
        now=when,
        signature="Mohan Lal (thumb mark)",
    )
    assert (receipt.fine, receipt.feeding, receipt.total_text) == (192, 90, "Rs 1-7-6")
    assert "Mohan Lal (thumb mark)" in receipt.receipt_text
    view = seizure_view(world.db, ref=ref, now=when)
    assert view["status"] == "closed"
    assert {a["status"] for a in view["animals"]} == {"released_paid"}
    assert view["due"]["total"] == 0
    # Sec XI: fines to the Magistrate (the fund), feeding kept by the keeper.
    fund = fund_view(world.db, district="TESTPUR")["districts"][0]
    assert fund["fines"] == 192
    assert fund["accounts"][ledger.keeper_feeding("TPR")] == -90
    with world.db.reading() as s:
        assert sum(p.amount for p in s.exec(select(LedgerPosting)).all()) == 0


def test_part_of_the_cattle_can_be_claimed(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    when = world.on(MARCH_1, 15)
    act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=96 + 12,
        payer=None,
        animals=[3],
        occurred_at=when,
        now=when,
    )
    view = seizure_view(world.db, ref=ref, now=when)
    assert [a["status"] for a in view["animals"]] == ["impounded", "impounded", "released_paid"]
    assert view["due"]["total"] == 96 + 18


def test_a_stranger_cannot_claim_the_owners_cattle(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    with pytest.raises(NotAuthorised):
        act(
            world.db,
            record_payment,
            actor_id=world.keeper,
            ref=ref,
            amount=222,
            payer=PersonIn("Chor Singh", "Nowhere", "+919333333333"),
            occurred_at=world.now,
            now=world.now,
        )


def test_an_unknown_owner_is_recorded_when_he_claims(world: World) -> None:
    ref = world.seize(owner=None)
    arrive(world, ref)
    act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=222,
        payer=PersonIn("Bholu", "Kemri", "+919444444444"),
        agent_name="his son Ramu",
        occurred_at=world.now,
        now=world.now,
    )
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["owner"] == {"name": "Bholu", "residence": "Kemri"}
    with world.db.reading() as s:
        assert s.exec(select(Payment)).one().agent_name == "his son Ramu"


def test_release_without_fine_needs_the_magistrates_order(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    with pytest.raises(NotAuthorised):
        act(
            world.db,
            order_release,
            actor_id=world.keeper,
            ref=ref,
            reason="kindness",
            occurred_at=world.now,
            now=world.now,
        )
    act(
        world.db,
        order_release,
        actor_id=world.magistrate,
        ref=ref,
        reason="seized on common land",
        occurred_at=world.now,
        now=world.now,
    )
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert {a["status"] for a in view["animals"]} == {"released_by_order"}
    assert fund_view(world.db)["districts"][0]["fines"] == 0


def test_a_death_stops_fine_and_feeding_for_that_animal(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    act(
        world.db,
        record_loss,
        actor_id=world.keeper,
        ref=ref,
        animal=3,
        what="died",
        reason="old age",
        occurred_at=world.on(date(2026, 3, 2), 6),
        now=world.now,
    )
    view = seizure_view(world.db, ref=ref, now=world.on(date(2026, 3, 5), 12))
    assert view["animals"][2]["status"] == "died"
    assert view["due"]["fine"] == 96
    assert view["due"]["feeding"] == 2 * 9 * 5
    with pytest.raises(InvalidTransition):
        act(
            world.db,
            record_loss,
            actor_id=world.keeper,
            ref=ref,
            animal=3,
            what="escaped",
            reason="again",
            occurred_at=world.now,
            now=world.now,
        )


def test_unclaimed_cattle_are_reported_on_the_eighth_day(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    view = seizure_view(world.db, ref=ref, now=world.now)
    # 09:00 IST on 9 March is 03:30 UTC.
    assert view["deadlines"]["next_step_at"] == "2026-03-09T03:30:00+00:00"
    with pytest.raises(NoticeNotYetDue):
        act(
            world.db,
            report_unclaimed,
            actor_id=world.keeper,
            ref=ref,
            occurred_at=world.on(date(2026, 3, 8), 20),
            now=world.now,
        )
    act(
        world.db,
        report_unclaimed,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(date(2026, 3, 9), 9),
        now=world.now,
    )
    assert seizure_view(world.db, ref=ref, now=world.now)["status"] == "reported_unclaimed"


def test_a_refusal_to_pay_is_recorded_for_a_sec_ix_sale(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    act(
        world.db,
        record_refusal,
        actor_id=world.keeper,
        ref=ref,
        note="says he has no money",
        occurred_at=world.now,
        now=world.now,
    )
    assert seizure_view(world.db, ref=ref, now=world.now)["owner_refused"] is True
    with pytest.raises(InvalidTransition):
        act(
            world.db,
            record_refusal,
            actor_id=world.keeper,
            ref=ref,
            occurred_at=world.now,
            now=world.now,
        )
