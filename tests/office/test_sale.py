"""Notice and auction (Sec VIII, IX, X, XI), complaints (XIV), surplus and fund (XI, XII), and
the separate cases of mischief and pigs (XVII, XVIII, XIX)."""

from __future__ import annotations

from datetime import date

import pytest
from sqlmodel import select

from law.errors import (
    CompensationOverFine,
    ComplaintOutOfTime,
    DamagesOverCap,
    FineOverCap,
    InvalidInput,
    NotAuthorised,
    PurchaserIsOfficial,
    SaleNotYetDue,
    SaleStayedByComplaint,
    SurplusClaimOutOfTime,
)
from models import LedgerPosting, SurplusDeposit
from office.acts.complainant.case import file_case
from office.acts.complainant.complaint import file_complaint
from office.acts.darogah.auction import record_sale
from office.acts.darogah.notice import post_notice
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.refusal import record_refusal
from office.acts.keeper.unclaimed import report_unclaimed
from office.acts.magistrate.case import decide_case
from office.acts.magistrate.complaint import admit_complaint, decide_complaint
from office.acts.magistrate.surplus import claim_surplus, move_unclaimed_surplus
from office.inputs import AnimalsIn, LotIn, PersonIn
from office.views.fund_statement import fund_view
from office.views.seizure import seizure_view
from tests.units import act, tx
from tests.world import World

D = date
BUYER = PersonIn("Ganga Ram", "Kemri", "+919555555555")
PLACES = ["Rampur village", "Rampur Monday market"]


def impound(world: World, animals: list[AnimalsIn] | None = None) -> str:
    ref = world.seize(animals=animals)
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 1), 10),
        now=world.now,
    )
    return ref


def noticed(world: World, animals: list[AnimalsIn] | None = None) -> str:
    ref = impound(world, animals)
    act(
        world.db,
        report_unclaimed,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 9), 9),
        now=world.now,
    )
    act(
        world.db,
        post_notice,
        actor_id=world.darogah,
        ref=ref,
        proclaimed_in=PLACES,
        occurred_at=world.on(D(2026, 3, 9), 12),
        now=world.now,
    )
    return ref


def sell(world: World, ref: str, lots: list[LotIn], day: date, expenses: int = 0):  # type: ignore[no-untyped-def]
    return act(
        world.db,
        record_sale,
        actor_id=world.darogah,
        ref=ref,
        lots=lots,
        expenses=expenses,
        place="Rampur market",
        occurred_at=world.on(day, 11),
        now=world.now,
    )


def test_the_notice_states_number_description_and_places(world: World) -> None:
    ref = impound(world)
    act(
        world.db,
        report_unclaimed,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 9), 9),
        now=world.now,
    )
    with pytest.raises(NotAuthorised):
        act(
            world.db,
            post_notice,
            actor_id=world.police,
            ref=ref,
            proclaimed_in=PLACES,
            occurred_at=world.now,
            now=world.now,
        )
    with pytest.raises(InvalidInput):
        act(
            world.db,
            post_notice,
            actor_id=world.darogah,
            ref=ref,
            proclaimed_in=["Rampur"],
            occurred_at=world.now,
            now=world.now,
        )
    with pytest.raises(NotAuthorised):  # who may post it is asked before how it was posted
        act(
            world.db,
            post_notice,
            actor_id=world.keeper,
            ref=ref,
            proclaimed_in=["Rampur"],
            occurred_at=world.now,
            now=world.now,
        )
    done = act(
        world.db,
        post_notice,
        actor_id=world.darogah,
        ref=ref,
        proclaimed_in=PLACES,
        occurred_at=world.on(D(2026, 3, 9), 12),
        now=world.now,
    )
    assert "3 head of cattle (cow: 2, buffalo: 1)" in done.text
    assert "sugarcane field" in done.text and "Testpur thana pound" in done.text
    assert done.sale_not_before == "2026-03-17"


def test_unclaimed_cattle_are_sold_only_after_seven_days_from_the_notice(world: World) -> None:
    ref = noticed(world, [AnimalsIn("buffalo")])
    with pytest.raises(SaleNotYetDue):
        sell(world, ref, [LotIn(1, BUYER, 1920)], D(2026, 3, 16))
    done = sell(world, ref, [LotIn(1, BUYER, 1920)], D(2026, 3, 17), expenses=48)
    # Fine 96, feeding 17 days x 12 = 204, expenses 48: surplus 1920 - 348 = 1572.
    assert (done.kind, done.proceeds, done.surplus, done.shortfall) == ("unclaimed", 1920, 1572, 0)
    assert done.surplus_claim_until == "2026-06-17"
    assert "Rs 8-3-0" in done.account_text  # the surplus, in rupees-annas-pies
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["status"] == "closed"
    assert view["surplus"]["status"] == "deposited"


def test_police_and_keepers_may_not_buy(world: World) -> None:
    ref = noticed(world, [AnimalsIn("cow")])
    police = PersonIn("Constable Chandan", "Testpur", "+919000000003")
    keeper = PersonIn("Keeper Dhani", "Dhakia", "+919000000002")
    for buyer in (police, keeper):
        with pytest.raises(PurchaserIsOfficial) as err:
            sell(world, ref, [LotIn(1, buyer, 500)], D(2026, 3, 17))
        assert err.value.section == "X"
    assert seizure_view(world.db, ref=ref, now=world.now)["animals"][0]["status"] == "impounded"


def test_a_complaint_stays_the_sale_until_it_is_decided(world: World) -> None:
    ref = noticed(world)
    filed = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="the cattle were on my own land",
        occurred_at=world.on(D(2026, 3, 10), 10),
        now=world.now,
    )
    with pytest.raises(SaleStayedByComplaint):
        sell(world, ref, [LotIn(3, BUYER, 1000)], D(2026, 3, 18))
    act(
        world.db,
        admit_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        hearing="19 March, Sadar court",
        occurred_at=world.on(D(2026, 3, 18), 12),
        now=world.now,
    )
    act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        outcome="lawful",
        reasons="the land is the complainant's neighbour's",
        occurred_at=world.on(D(2026, 3, 19)),
        now=world.now,
    )
    done = sell(world, ref, [LotIn(3, BUYER, 1000)], D(2026, 3, 20))
    assert done.kind == "unclaimed"


def test_a_complaint_is_out_of_time_after_ten_days_from_the_seizure(world: World) -> None:
    ref = impound(world)
    with pytest.raises(ComplaintOutOfTime) as err:
        act(
            world.db,
            file_complaint,
            actor_id=world.owner,
            ref=ref,
            text="late",
            occurred_at=world.on(D(2026, 3, 12), 9),
            now=world.now,
        )
    assert err.value.section == "XIV"
    act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="in time",
        occurred_at=world.on(D(2026, 3, 11), 23, 59),
        now=world.now,
    )


def test_only_the_owner_or_his_agent_complains(world: World) -> None:
    ref = impound(world)
    with pytest.raises(NotAuthorised):
        act(
            world.db,
            file_complaint,
            actor_id=world.cultivator,
            ref=ref,
            text="x",
            occurred_at=world.now,
            now=world.now,
        )
    # A Magistrate takes down a verbal complaint made by the owner's agent.
    done = act(
        world.db,
        file_complaint,
        actor_id=world.magistrate,
        ref=ref,
        text="the field was fallow",
        mode="verbal",
        complainant=PersonIn("Mohan Lal", "Kemri", "+919222222222"),
        agent_name="Sita Ram",
        occurred_at=world.now,
        now=world.now,
    )
    assert done.complaint_id > 0


def test_an_illegal_seizure_releases_the_cattle_and_charges_the_seizer(world: World) -> None:
    ref = impound(world)
    filed = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="no damage was done",
        occurred_at=world.on(D(2026, 3, 2), 9),
        now=world.now,
    )
    act(
        world.db,
        admit_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        hearing="4 March, Sadar court",
        occurred_at=world.on(D(2026, 3, 2), 12),
        now=world.now,
    )
    with pytest.raises(DamagesOverCap):
        act(
            world.db,
            decide_complaint,
            actor_id=world.magistrate,
            complaint_id=filed.complaint_id,
            outcome="illegal",
            reasons="x",
            damages=19201,
            occurred_at=world.on(D(2026, 3, 4)),
            now=world.now,
        )
    done = act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        outcome="illegal",
        reasons="no damage was proved",
        damages=1920,
        expenses=96,
        occurred_at=world.on(D(2026, 3, 4)),
        now=world.now,
    )
    assert done.released == [1, 2, 3]
    # Fines 192 and four days' feeding at 30 pies fall on the seizer.
    assert done.seizer_pays == 192 + 120
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["status"] == "closed"
    assert {a["status"] for a in view["animals"]} == {"released_by_order"}
    assert view["complaints"][0]["damages"] == 1920


def test_a_sec_ix_sale_sells_some_and_returns_the_rest_with_the_account(world: World) -> None:
    ref = impound(world)
    act(
        world.db,
        record_refusal,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 3), 10),
        now=world.now,
    )
    # Sec IX: no waiting for a notice; sell the buffalo to recover the charges on all three.
    done = sell(world, ref, [LotIn(3, BUYER, 1152)], D(2026, 3, 4), expenses=24)
    assert done.kind == "non_payment"
    # Fines 192 + feeding 4 days x 30 = 120 + expenses 24 = 336; balance 816 to the owner.
    assert (done.surplus, done.shortfall, done.surplus_deposit_id) == (816, 0, None)
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert [a["status"] for a in view["animals"]] == [
        "released_after_part_sale",
        "released_after_part_sale",
        "sold",
    ]
    assert "Rs 4-4-0" in done.account_text


def test_a_shortfall_is_recorded_not_invented(world: World) -> None:
    ref = noticed(world, [AnimalsIn("sheep")])
    done = sell(world, ref, [LotIn(1, BUYER, 30)], D(2026, 3, 17), expenses=12)
    # expenses 12, fine 12, feeding 17 x 3 = 51: 75 charged, 30 realised.
    assert (done.surplus, done.shortfall) == (0, 45)


def test_surplus_is_claimed_within_three_months_or_goes_to_the_fund(world: World) -> None:
    first = noticed(world, [AnimalsIn("buffalo")])
    second = world.seize(animals=[AnimalsIn("camel")])
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=second,
        occurred_at=world.on(D(2026, 3, 9), 14),
        now=world.now,
    )
    a = sell(world, first, [LotIn(1, BUYER, 1920)], D(2026, 3, 17))
    # The second seizure goes the same way, later.
    act(
        world.db,
        report_unclaimed,
        actor_id=world.keeper,
        ref=second,
        occurred_at=world.on(D(2026, 3, 17), 12),
        now=world.now,
    )
    act(
        world.db,
        post_notice,
        actor_id=world.darogah,
        ref=second,
        proclaimed_in=PLACES,
        occurred_at=world.on(D(2026, 3, 17), 13),
        now=world.now,
    )
    b = sell(world, second, [LotIn(1, BUYER, 3840)], D(2026, 3, 25))
    assert a.surplus_deposit_id and b.surplus_deposit_id
    claimant = PersonIn("Mohan Lal", "Kemri", "+919222222222")
    with pytest.raises(NotAuthorised):
        act(
            world.db,
            claim_surplus,
            actor_id=world.darogah,
            deposit_id=a.surplus_deposit_id,
            claimant=claimant,
            evidence="x",
            occurred_at=world.now,
            now=world.now,
        )
    act(
        world.db,
        claim_surplus,
        actor_id=world.magistrate,
        deposit_id=b.surplus_deposit_id,
        claimant=claimant,
        evidence="two witnesses of Kemri",
        occurred_at=world.on(D(2026, 6, 25), 17),
        now=world.now,
    )
    assert move_unclaimed_surplus(world.db, now=world.on(D(2026, 6, 17), 23)) == []
    moved = move_unclaimed_surplus(world.db, now=world.on(D(2026, 6, 18), 9))
    assert moved == [a.surplus_deposit_id]
    assert move_unclaimed_surplus(world.db, now=world.tick(days=1)) == []
    with pytest.raises(SurplusClaimOutOfTime):
        with tx(world.db) as s:  # reopen it to show the 3-month rule itself
            dep = s.get(SurplusDeposit, a.surplus_deposit_id)
            assert dep is not None
            dep.status = "deposited"
            s.add(dep)
        act(
            world.db,
            claim_surplus,
            actor_id=world.magistrate,
            deposit_id=a.surplus_deposit_id,
            claimant=claimant,
            evidence="late",
            occurred_at=world.now,
            now=world.now,
        )
    fund = fund_view(world.db, district="TESTPUR")["districts"][0]
    assert fund["unclaimed_surplus"] == a.surplus
    assert fund["fines"] == 96 + 96
    with world.db.reading() as s:
        assert sum(p.amount for p in s.exec(select(LedgerPosting)).all()) == 0


def test_pig_fines_are_capped_and_compensation_comes_from_the_fine(world: World) -> None:
    case_id = act(
        world.db,
        file_case,
        actor_id=world.cultivator,
        kind="pigs",
        accused=PersonIn("Sukhi", "Kemri", "+919666666666"),
        village="Rampur",
        description="his pigs rooted up my potato field",
        occurred_at=world.now,
        now=world.now,
    )
    with pytest.raises(FineOverCap) as err:
        act(
            world.db,
            decide_case,
            actor_id=world.magistrate,
            case_id=case_id,
            convicted=True,
            reasons="proved",
            fine=1921,
            occurred_at=world.now,
            now=world.now,
        )
    assert err.value.section == "XVIII"
    with pytest.raises(CompensationOverFine):
        act(
            world.db,
            decide_case,
            actor_id=world.magistrate,
            case_id=case_id,
            convicted=True,
            reasons="proved",
            fine=960,
            compensation=961,
            occurred_at=world.now,
            now=world.now,
        )
    act(
        world.db,
        decide_case,
        actor_id=world.magistrate,
        case_id=case_id,
        convicted=True,
        reasons="proved",
        fine=960,
        compensation=600,
        occurred_at=world.now,
        now=world.now,
    )
    # Sec XII: the fine is owed until it is paid; only then does it enter the fund.
    fund = fund_view(world.db)["districts"][0]
    assert (fund["fines"], fund["owed"]) == (0, 360)


def test_an_admitted_complaint_summons_the_seizer_and_still_stays_the_sale(world: World) -> None:
    from law.errors import InvalidTransition

    ref = noticed(world)
    filed = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="my cattle were on the road",
        occurred_at=world.on(D(2026, 3, 10), 10),
        now=world.now,
    )
    with pytest.raises(NotAuthorised):
        act(
            world.db,
            admit_complaint,
            actor_id=world.darogah,
            complaint_id=filed.complaint_id,
            hearing="12 March, Sadar court",
            occurred_at=world.now,
            now=world.now,
        )
    act(
        world.db,
        admit_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        hearing="12 March, Sadar court",
        occurred_at=world.now,
        now=world.now,
    )
    with pytest.raises(InvalidTransition) as again:
        act(
            world.db,
            admit_complaint,
            actor_id=world.magistrate,
            complaint_id=filed.complaint_id,
            hearing="13 March, Sadar court",
            occurred_at=world.now,
            now=world.now,
        )
    assert again.value.section == "XIV"
    with pytest.raises(SaleStayedByComplaint):
        sell(world, ref, [LotIn(3, BUYER, 1000)], D(2026, 3, 18))
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["complaints"][0]["status"] == "admitted"
    assert "complaint_admitted" in [h["action"] for h in view["history"]]
    act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        outcome="lawful",
        reasons="the road was his field",
        occurred_at=world.on(D(2026, 3, 19)),
        now=world.now,
    )
    assert sell(world, ref, [LotIn(3, BUYER, 1000)], D(2026, 3, 20)).kind == "unclaimed"
