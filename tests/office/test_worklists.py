"""What is waiting for each officer, and that only that officer may look."""

from __future__ import annotations

from datetime import date

import pytest

from law.errors import NotAuthorised, NotFound
from office.access.roles import Role
from office.acts.complainant.complaint import file_complaint
from office.acts.darogah.notice import post_notice
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.refusal import record_refusal
from office.acts.keeper.unclaimed import report_unclaimed
from office.acts.magistrate.complaint import admit_complaint, decide_complaint
from office.acts.police.conveyance import confirm_conveyance
from office.acts.seizer.police_aid import request_police_aid
from office.inputs import AnimalsIn
from office.views.worklists import (
    awaiting_conveyance,
    awaiting_notice,
    complaint_detail,
    expected_arrivals,
    in_pound,
    open_aid_requests,
    pending_complaints,
    sales_due,
    seizure_brief,
    villages_of_thana,
)
from tests.units import act
from tests.world import World

D = date


def district_of(world: World) -> int:
    with world.db.reading() as s:
        from office.access.roles import roles_of

        return roles_of(s, world.magistrate)[0].district_id


def test_police_see_aid_requests_and_seizures_awaiting_conveyance(world: World) -> None:
    asked = world.seize()
    act(
        world.db,
        request_police_aid,
        actor_id=world.cultivator,
        ref=asked,
        occurred_at=world.now,
        now=world.now,
    )
    quiet = world.seize(village="Kemri")
    elsewhere = world.seize(village="Dhakia")
    aid = open_aid_requests(world.db, thana="TESTPUR", actor_id=world.police)
    assert [i.ref for i in aid] == [asked]
    assert aid[0].aid_requested_at is not None and aid[0].kinds == {"cow": 2, "buffalo": 1}
    waiting = awaiting_conveyance(world.db, thana="TESTPUR", actor_id=world.darogah)
    assert [i.ref for i in waiting] == [asked, quiet]
    assert elsewhere not in [i.ref for i in waiting]
    act(
        world.db,
        confirm_conveyance,
        actor_id=world.police,
        ref=asked,
        occurred_at=world.now,
        now=world.now,
    )
    assert open_aid_requests(world.db, thana="TESTPUR") == []
    assert [i.ref for i in awaiting_conveyance(world.db, thana="TESTPUR")] == [quiet]
    with pytest.raises(NotAuthorised):
        open_aid_requests(world.db, thana="DHAKIA", actor_id=world.police)
    with pytest.raises(NotAuthorised):
        awaiting_conveyance(world.db, thana="TESTPUR", actor_id=world.keeper)
    with pytest.raises(NotFound):
        open_aid_requests(world.db, thana="NOWHERE")


def test_a_keeper_sees_the_arrivals_expected_and_the_cattle_held_at_his_pound(
    world: World,
) -> None:
    ref = world.seize()
    world.seize(village="Dhakia")
    assert [
        i.ref for i in expected_arrivals(world.db, pound_code="tpr", actor_id=world.keeper)
    ] == [ref]
    with pytest.raises(NotAuthorised):
        expected_arrivals(world.db, pound_code="TPR", actor_id=world.other_keeper)
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    assert expected_arrivals(world.db, pound_code="TPR") == []
    held = in_pound(world.db, pound_code="TPR", actor_id=world.keeper)
    assert [(i.ref, i.heads, i.claim_until) for i in held] == [(ref, 3, D(2026, 3, 8))]


def test_the_brief_shows_what_is_due_and_checks_the_place(world: World) -> None:
    ref = world.seize(animals=[AnimalsIn("buffalo", 1, "black")])
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    brief = seizure_brief(world.db, ref=ref, now=world.on(D(2026, 3, 2)), actor_id=world.keeper)
    # Fine 8 annas (Sec VI); feeding two days of one anna (Sec VII, G9).
    assert (brief.fine_text, brief.feeding_text, brief.total_text) == (
        "Rs 0-8-0",
        "Rs 0-2-0",
        "Rs 0-10-0",
    )
    assert brief.register_no == "TPR/2026/1" and brief.held == [1]
    assert brief.animals[0].description == "black"
    with pytest.raises(NotAuthorised):
        seizure_brief(world.db, ref=ref, now=world.now, actor_id=world.other_keeper)
    police = seizure_brief(
        world.db, ref=ref, now=world.now, actor_id=world.police, roles=(Role.POLICE,)
    )
    assert police.item.thana == "TESTPUR"


def test_the_darogah_sees_reports_awaiting_notice_and_sales_falling_due(world: World) -> None:
    unclaimed = world.seize()
    refused = world.seize(village="Kemri")
    for ref in (unclaimed, refused):
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
        record_refusal,
        actor_id=world.keeper,
        ref=refused,
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    assert [i.ref for i in sales_due(world.db, thana="TESTPUR", now=world.now)] == [refused]
    act(
        world.db,
        report_unclaimed,
        actor_id=None,
        ref=unclaimed,
        occurred_at=world.on(D(2026, 3, 9), 9),
        now=world.now,
    )
    waiting = awaiting_notice(world.db, thana="TESTPUR", actor_id=world.darogah)
    assert [i.ref for i in waiting] == [unclaimed]
    with pytest.raises(NotAuthorised):
        awaiting_notice(world.db, thana="TESTPUR", actor_id=world.police)
    act(
        world.db,
        post_notice,
        actor_id=world.darogah,
        ref=unclaimed,
        proclaimed_in=["Rampur", "Rampur market"],
        occurred_at=world.now,
        now=world.now,
    )
    assert awaiting_notice(world.db, thana="TESTPUR") == []
    due = sales_due(world.db, thana="TESTPUR", now=world.on(D(2026, 3, 16)))
    assert [i.ref for i in due] == [refused]
    due = sales_due(world.db, thana="TESTPUR", now=world.on(D(2026, 3, 17)))
    assert sorted(i.ref for i in due) == sorted([unclaimed, refused])


def test_a_pending_complaint_keeps_a_sale_off_the_list(world: World) -> None:
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
        record_refusal,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    filed = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="Not doing damage.",
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    assert sales_due(world.db, thana="TESTPUR", now=world.now) == []
    district = district_of(world)
    waiting = pending_complaints(world.db, district_id=district, actor_id=world.magistrate)
    assert [(c.id, c.ref, c.complainant) for c in waiting] == [
        (filed.complaint_id, ref, "Mohan Lal of Kemri")
    ]
    detail = complaint_detail(world.db, complaint_id=filed.complaint_id, actor_id=world.magistrate)
    assert detail.text == "Not doing damage." and detail.seizure.seizer == "Hari Singh of Rampur"
    assert len(detail.animals) == 3
    with pytest.raises(NotAuthorised):
        pending_complaints(world.db, district_id=district, actor_id=world.darogah)
    with pytest.raises(NotAuthorised):
        complaint_detail(world.db, complaint_id=filed.complaint_id, actor_id=world.keeper)
    act(
        world.db,
        admit_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        hearing="tomorrow, Sadar court",
        occurred_at=world.tick(minutes=30),
        now=world.now,
    )
    # Admitted, it is still undecided: still waiting, and still no sale (Sec IX proviso).
    assert [c.status for c in pending_complaints(world.db, district_id=district)] == ["admitted"]
    assert sales_due(world.db, thana="TESTPUR", now=world.now) == []
    act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        outcome="lawful",
        reasons="The cattle were in the cane.",
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    assert pending_complaints(world.db, district_id=district) == []
    assert [i.ref for i in sales_due(world.db, thana="TESTPUR", now=world.now)] == [ref]


def test_the_villages_of_a_thana_leave_out_excluded_tracts(world: World) -> None:
    assert villages_of_thana(world.db, thana="TESTPUR") == [("Kemri", ()), ("Rampur", ())]
    assert villages_of_thana(world.db, thana="DHAKIA") == [("Dhakia", ())]
