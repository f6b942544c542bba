"""Time travel with `pound worker --once --at`: the owner refuses, part of his cattle are sold
(Sec IX), he complains within ten days of the seizure after the sale (practice G12), the next
sale is stayed (IX proviso), the Magistrate summons the seizer (G15) and adjudges the seizure
illegal (Sec XIV): the head still held are released by order and the seizer owes the damages,
the expenses and what the sale took out of the proceeds, to the pie; both parties are told."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from sqlmodel import col, func, select

from law.errors import SaleStayedByComplaint
from models import LedgerPosting, LedgerTxn, Outbox, Person
from office.acts.complainant.complaint import file_complaint
from office.acts.darogah.auction import record_sale
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.refusal import record_refusal
from office.acts.magistrate.complaint import admit_complaint, decide_complaint
from office.inputs import LotIn, PersonIn
from office.records import ledger
from office.views.seizure import seizure_view
from office.views.worklists import sales_due
from tests.fakes.telegram import FakeTelegram
from tests.test_worker import pound
from tests.units import act, tx
from tests.world import World

OWNER_CHAT, DAROGAH_CHAT, SEIZER_CHAT, MAGISTRATE_CHAT = 5560001, 5560002, 5560003, 5560004
BUYER = PersonIn("Ganga Ram", "Kemri", "+919555555555")
D = date


@pytest.fixture
def telegram() -> Iterator[FakeTelegram]:
    with FakeTelegram() as fake:
        yield fake


def chats(world: World) -> None:
    """The owner, the Darogah, the seizer and the Magistrate have tied Telegram to their phones."""
    with tx(world.db) as s:
        for person_id, chat in (
            (world.owner, OWNER_CHAT),
            (world.darogah, DAROGAH_CHAT),
            (world.cultivator, SEIZER_CHAT),
            (world.magistrate, MAGISTRATE_CHAT),
        ):
            person = s.get(Person, person_id)
            assert person is not None
            person.telegram_id = chat
            s.add(person)


def test_a_complaint_after_a_part_sale_stays_the_next_and_ends_with_the_seizer_paying(
    world: World, telegram: FakeTelegram
) -> None:
    chats(world)

    def run(instant: str) -> None:
        result = pound(world.db, "worker", "--once", "--at", instant, telegram=telegram)
        assert result.exit_code == 0, result.output

    def heard(chat: int) -> list[str]:
        # The Magistrate's daily audit head (docs/audit.md) is not part of this story.
        return [m for m in telegram.sent_to(chat) if "audit head" not in m]

    # 1 March: two cows and a buffalo seized at 08:00 and brought in at 10:00 (Sec II, V).
    ref = world.seize(when=world.on(D(2026, 3, 1), 8))
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 1), 10),
        now=world.now,
    )
    run("2026-03-01T10:05+05:30")
    assert len(heard(OWNER_CHAT)) == 1  # the claim notice
    assert "March 11, 2026" in heard(OWNER_CHAT)[0]  # he may complain until then (Sec XIV)

    # 2 March: the owner appears and refuses to pay (Sec IX).
    act(
        world.db,
        record_refusal,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 2), 10),
        now=world.now,
    )
    run("2026-03-02T10:05+05:30")
    assert any("refused or omitted to pay" in m for m in heard(DAROGAH_CHAT))

    # 3 March: cow no. 1 is sold for 99 pies, which pays the expenses of sale (24), its fine
    # (48) and three days' feeding (27); short of the dues of all, the rest stay (G13).
    act(
        world.db,
        record_sale,
        actor_id=world.darogah,
        ref=ref,
        lots=[LotIn(1, BUYER, 99)],
        expenses=24,
        place="Rampur market",
        occurred_at=world.on(D(2026, 3, 3), 11),
        now=world.now,
    )
    run("2026-03-03T11:05+05:30")
    assert any("sold by public auction" in m for m in heard(SEIZER_CHAT))
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert [a["status"] for a in view["animals"]] == ["sold", "impounded", "impounded"]
    # The sale did not take away his reminder that he may still complain (G12).
    with world.db.reading() as s:
        reminder = s.exec(
            select(Outbox.state).where(
                Outbox.person_id == world.owner, Outbox.template == "complaint_reminder"
            )
        ).one()
    assert reminder == "queued"

    # 4 March: within ten days of the seizure, after the sale, the owner complains (G12).
    filed = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="My cattle were grazing on the village common, not in his cane.",
        occurred_at=world.on(D(2026, 3, 4), 10),
        now=world.now,
    )
    run("2026-03-04T10:05+05:30")
    waiting = heard(MAGISTRATE_CHAT)
    assert len(waiting) == 1 and f"Complaint no. {filed.complaint_id}" in waiting[0]

    # 5 March: the next sale is stayed, and the Darogah is not told a sale is due (Sec IX).
    with pytest.raises(SaleStayedByComplaint):
        act(
            world.db,
            record_sale,
            actor_id=world.darogah,
            ref=ref,
            lots=[LotIn(2, BUYER, 500)],
            expenses=0,
            place="Rampur market",
            occurred_at=world.on(D(2026, 3, 5), 11),
            now=world.now,
        )
    assert sales_due(world.db, thana="TESTPUR", now=world.now) == []

    # The Magistrate finds reason to believe it well founded: the seizer is summoned.
    act(
        world.db,
        admit_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        hearing="7 March, 11 am, Sadar court",
        occurred_at=world.on(D(2026, 3, 5), 12),
        now=world.now,
    )
    run("2026-03-05T12:05+05:30")
    assert any(
        m.startswith("Summons (Sec XIV)") and "7 March, 11 am, Sadar court" in m
        for m in heard(SEIZER_CHAT)
    )
    assert any("is admitted" in m for m in heard(OWNER_CHAT))

    # 7 March: after the summary enquiry the seizure is adjudged illegal (Sec XIV).
    done = act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        outcome="illegal",
        reasons="the cattle were on the village common",
        damages=1920,
        expenses=96,
        occurred_at=world.on(D(2026, 3, 7), 15),
        now=world.now,
    )
    assert done.released == [2, 3]
    # Taken out of the proceeds: expenses 24 + fine 48 + feeding 27 = 99 pies.
    assert done.fines_repaid == 99
    assert done.owed_to_owner == 1920 + 96 + 99 == 2115
    # The head held: fines 48 + 96 and seven days' feeding 7 x 9 + 7 x 12, on the seizer.
    assert done.held_charges == 144 + 147 == 291
    assert done.seizer_pays == 99 + 291 == 390
    assert done.seizer_owes == 2115 + 291 == 2406
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["status"] == "closed"
    assert [a["status"] for a in view["animals"]] == [
        "sold",
        "released_by_order",
        "released_by_order",
    ]
    assert [len(view["sales"]), view["due"]["total"]] == [1, 0]
    with world.db.reading() as s:
        q = (
            select(LedgerPosting.account, func.sum(LedgerPosting.amount))
            .join(LedgerTxn, col(LedgerTxn.id) == col(LedgerPosting.txn_id))
            .group_by(col(LedgerPosting.account))
        )
        money = {a: int(t) for a, t in s.exec(q).all()}
    assert money[ledger.seizer_receivable(ref)] == 2406
    assert money[ledger.owed_by_seizer(ref, world.owner)] == -2115

    run("2026-03-07T15:05+05:30")
    seizer_heard = heard(SEIZER_CHAT)[-1]
    assert seizer_heard.startswith(f"Your seizure {ref} was held illegal on March 7")
    # Damages Rs 10-0-0, expenses Rs 0-8-0 and the 99 pies taken from the proceeds.
    assert (
        "Pay the complainant damages Rs 10-0-0, expenses Rs 0-8-0, and Rs 0-8-3 for fines and "
        "charges he paid or lost in a sale." in seizer_heard
    )
    assert "Charges of cattle still held are yours." in seizer_heard
    owner_heard = heard(OWNER_CHAT)[-1]
    assert owner_heard.startswith(f"On your complaint no. {filed.complaint_id}")
    assert (
        "the seizer pays you damages Rs 10-0-0, expenses Rs 0-8-0, and Rs 0-8-3 for fines and "
        "charges." in owner_heard
    )

    # Nothing more is due or sent afterwards: no reminder, no sale.
    before = (len(heard(OWNER_CHAT)), len(heard(DAROGAH_CHAT)), len(heard(SEIZER_CHAT)))
    run("2026-03-09T09:00+05:30")
    run("2026-03-20T09:00+05:30")
    assert (len(heard(OWNER_CHAT)), len(heard(DAROGAH_CHAT)), len(heard(SEIZER_CHAT))) == before
