"""Practice G7: a head that died or escaped in the pound costs its owner nothing, in a claim, a
sale's account or a complaint; the keeper's feeding of it is written off in the ledger."""

from __future__ import annotations

from datetime import date

import pytest
from sqlmodel import col, select

from law.errors import InvalidTransition, ReleaseWithoutFine
from models import FeedingRate, LedgerPosting, LedgerTxn
from office.acts.complainant.complaint import file_complaint
from office.acts.darogah.auction import record_sale
from office.acts.darogah.notice import post_notice
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.loss import record_loss
from office.acts.keeper.payment import record_payment
from office.acts.keeper.refusal import record_refusal
from office.acts.keeper.unclaimed import report_unclaimed
from office.acts.magistrate.complaint import admit_complaint, decide_complaint
from office.inputs import AnimalsIn, LotIn, PersonIn
from office.records import ledger
from office.views.fund_statement import fund_view
from office.views.seizure import seizure_view
from tests.units import act, tx
from tests.world import World, at

D = date
MARCH_1 = D(2026, 3, 1)
BUYER = PersonIn("Ganga Ram", "Kemri", "+919555555555")
PLACES = ["Rampur village", "Rampur Monday market"]
# Two cows (fine 48, feeding 9 a day each) and a buffalo (fine 96, feeding 12 a day).
HERD = [AnimalsIn("cow", 2), AnimalsIn("buffalo")]


def impound(world: World, day: D = MARCH_1, hour: int = 11) -> str:
    ref = world.seize(animals=HERD, when=world.on(day, 9))
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(day, hour),
        now=world.now,
    )
    return ref


def lose(world: World, ref: str, animal: int, what: str, when: object) -> None:
    act(
        world.db,
        record_loss,
        actor_id=world.keeper,
        ref=ref,
        animal=animal,
        what=what,
        reason="snake bite" if what == "died" else "broke the rope at night",
        occurred_at=when,
        now=world.now,
    )


def due(world: World, ref: str, day: D, hour: int = 12, minute: int = 0) -> tuple[int, ...]:
    d = seizure_view(world.db, ref=ref, now=at(day, hour, minute))["due"]
    return (d["fine"], d["feeding"], d["total"], d["per_day"])


def postings(world: World, section: str) -> list[tuple[str, int]]:
    with world.db.reading() as s:
        return list(
            s.exec(
                select(LedgerPosting.account, LedgerPosting.amount)
                .join(LedgerTxn, col(LedgerTxn.id) == col(LedgerPosting.txn_id))
                .where(LedgerTxn.section == section)
                .order_by(col(LedgerPosting.id))
            ).all()
        )


def test_a_whole_detention_across_a_rate_change_with_a_death_on_the_way(world: World) -> None:
    """Sec VI, VII, practice G7 and G9: the amount due on each day of a detention.

    The Magistrate raises the rates from 4 March (cow 12 pies, buffalo 24 pies a day); cow 2
    dies early on 6 March; the owner pays on 8 March what is due for the two that live.
    """
    with tx(world.db) as s:
        s.add(FeedingRate(district_id=1, kind="cow", per_day=12, valid_from=D(2026, 3, 4)))
        s.add(FeedingRate(district_id=1, kind="buffalo", per_day=24, valid_from=D(2026, 3, 4)))
    ref = impound(world)
    # (fine, feeding, total, per day), each day at noon IST.
    expected = {
        1: (192, 30, 222, 30),
        2: (192, 60, 252, 30),
        3: (192, 90, 282, 30),
        4: (192, 138, 330, 48),  # the new rates: 12 + 12 + 24
        5: (192, 186, 378, 48),
    }
    for day, amounts in expected.items():
        assert due(world, ref, D(2026, 3, day)) == amounts, day
    # The day is the day in India: 00:30 IST on 2 March is still 1 March in UTC.
    assert due(world, ref, D(2026, 3, 2), 0, 30) == (192, 60, 252, 30)
    assert due(world, ref, D(2026, 3, 1), 23, 30) == (192, 30, 222, 30)
    lose(world, ref, 2, "died", world.on(D(2026, 3, 6), 5, 30))
    # Cow 2 was fed 1 to 6 March: 3 days at 9 and 3 at 12 pies, written off, asked of nobody.
    assert postings(world, "practice G7") == [
        (ledger.writeoff_feeding("TPR"), 63),
        (ledger.keeper_feeding("TPR"), -63),
    ]
    # Cow 1: 27 + 12 a day from 4 March; the buffalo: 36 + 24 a day from 4 March.
    after = {
        6: (144, 63 + 108, 144 + 171, 36),
        7: (144, 75 + 132, 144 + 207, 36),
        8: (144, 87 + 156, 144 + 243, 36),
    }
    for day, amounts in after.items():
        assert due(world, ref, D(2026, 3, day)) == amounts, day
    view = seizure_view(world.db, ref=ref, now=at(D(2026, 3, 8), 12))
    assert [(a["id"], a["status"], a["left_on"]) for a in view["animals"]] == [
        (1, "impounded", None),
        (2, "died", "2026-03-06"),
        (3, "impounded", None),
    ]
    when = world.on(D(2026, 3, 8), 15)
    # Nothing is asked for the dead cow, and it cannot be "released": it is not in the pound.
    assert due(world, ref, D(2026, 3, 8))[:2] == (144, 243)
    with pytest.raises(InvalidTransition):
        act(
            world.db,
            record_payment,
            actor_id=world.keeper,
            ref=ref,
            amount=0,
            payer=None,
            animals=[2],
            occurred_at=when,
            now=when,
        )
    with pytest.raises(ReleaseWithoutFine):
        act(
            world.db,
            record_payment,
            actor_id=world.keeper,
            ref=ref,
            amount=386,
            payer=None,
            occurred_at=when,
            now=when,
        )
    receipt = act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=387,
        payer=None,
        occurred_at=when,
        now=when,
    )
    assert (receipt.fine, receipt.feeding, receipt.animals) == (144, 243, [1, 3])
    fund = fund_view(world.db, district="TESTPUR")["districts"][0]
    assert (fund["fines"], fund["balance"]) == (144, 144)
    assert fund["accounts"][ledger.keeper_feeding("TPR")] == -(243 + 63)
    assert fund["feeding_written_off"] == {
        "by_pound": {"TPR": 63},
        "total": 63,
        "total_text": "Rs 0-5-3",
        "entries": [
            {
                "at": "2026-03-06T05:30:00+05:30",
                "memo": f"feeding of animal 2 of {ref} written off: it died",
                "amount": 63,
                "amount_text": "Rs 0-5-3",
            }
        ],
    }
    assert seizure_view(world.db, ref=ref, now=when)["status"] == "closed"


def test_an_escaped_head_is_left_out_of_a_sec_viii_sale_account(world: World) -> None:
    """Sec VIII, XI and practice G7: the account charges only the head that were in the pound."""
    ref = impound(world, hour=10)
    lose(world, ref, 3, "escaped", world.on(D(2026, 3, 2), 22))
    assert postings(world, "practice G7") == [
        (ledger.writeoff_feeding("TPR"), 24),
        (ledger.keeper_feeding("TPR"), -24),
    ]
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
    done = act(
        world.db,
        record_sale,
        actor_id=world.darogah,
        ref=ref,
        lots=[LotIn(1, BUYER, 960), LotIn(2, BUYER, 960)],
        expenses=24,
        place="Rampur market",
        occurred_at=world.on(D(2026, 3, 17), 11),
        now=world.now,
    )
    # Two cows: fines 96, feeding 17 days x 9 x 2 = 306; the buffalo that escaped: nothing.
    assert "fines Rs 0-8-0, feeding Rs 1-9-6, expenses of sale Rs 0-2-0" in done.account_text
    assert done.surplus == 1920 - 24 - 96 - 306
    fund = fund_view(world.db)["districts"][0]
    assert fund["fines"] == 96
    assert fund["feeding_written_off"]["by_pound"] == {"TPR": 24}


def test_a_dead_head_is_not_recovered_in_a_sec_ix_sale(world: World) -> None:
    """Sec IX, XI and practice G7: the fines and expenses recovered from the proceeds are those
    of the head sold and handed back, never of one that died."""
    ref = impound(world, hour=10)
    lose(world, ref, 1, "died", world.on(D(2026, 3, 3), 8))
    act(
        world.db,
        record_refusal,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 4), 10),
        now=world.now,
    )
    done = act(
        world.db,
        record_sale,
        actor_id=world.darogah,
        ref=ref,
        lots=[LotIn(3, BUYER, 1152)],
        expenses=0,
        place="Rampur market",
        occurred_at=world.on(D(2026, 3, 5), 11),
        now=world.now,
    )
    # Sold: the buffalo (96 + 5 x 12); handed back: cow 2 (48 + 5 x 9); cow 1 died: nothing.
    assert "fines Rs 0-12-0, feeding Rs 0-8-9" in done.account_text
    assert done.surplus == 1152 - 144 - 105
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert [a["status"] for a in view["animals"]] == ["died", "released_after_part_sale", "sold"]
    # Cow 1 was fed 1 to 3 March: 27 pies written off.
    assert fund_view(world.db)["districts"][0]["feeding_written_off"]["total"] == 27


def test_a_seizer_held_to_pay_after_an_illegal_seizure_pays_nothing_for_a_dead_head(
    world: World,
) -> None:
    """Sec XIV and practice G7: the fines and expenses charged to the seizer are those of the
    cattle still held."""
    ref = impound(world, hour=10)
    lose(world, ref, 3, "died", world.on(D(2026, 3, 2), 7))
    complaint = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="my field, not his",
        occurred_at=world.on(D(2026, 3, 2), 9),
        now=world.now,
    )
    act(
        world.db,
        admit_complaint,
        actor_id=world.magistrate,
        complaint_id=complaint.complaint_id,
        hearing="4 March, 11:00, Sadar court",
        occurred_at=world.on(D(2026, 3, 2), 12),
        now=world.now,
    )
    decision = act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=complaint.complaint_id,
        outcome="illegal",
        reasons="the land was the owner's own",
        damages=0,
        expenses=0,
        occurred_at=world.on(D(2026, 3, 4), 12),
        now=world.now,
    )
    # Two cows: fines 96, feeding 4 days x 9 x 2 = 72; the buffalo: nothing.
    assert decision.seizer_pays == 96 + 72
    assert decision.released == [1, 2]


def test_a_head_that_died_before_reaching_the_pound_costs_the_keeper_nothing(
    world: World,
) -> None:
    """Practice G7: the keeper fed only what was brought to him; nothing is written off for a
    head that died on the way."""
    ref = world.seize(animals=HERD, when=world.on(D(2026, 3, 1), 9))
    lose(world, ref, 3, "died", world.on(D(2026, 3, 1), 10))
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        count=2,
        occurred_at=world.on(D(2026, 3, 1), 12),
        now=world.now,
    )
    assert postings(world, "practice G7") == []
    assert due(world, ref, D(2026, 3, 2)) == (96, 36, 132, 18)
    assert fund_view(world.db)["districts"][0]["feeding_written_off"]["total"] == 0
