"""Time travel with `pound worker --once --at` through a sale for non-payment (Sec IX): the owner
refuses, a first sale falls short and the rest stay in the pound while their feeding runs on, a
second sale covers the dues and the rest go back to him with the balance and his receipt; he is
told each time what happened, in figures, and the money lands where Sec XI sends it.

The test district charges a cow 48 pies fine and 9 pies a day, a buffalo 96 and 12 (Sec VI,
VII); 1 rupee = 16 annas = 192 pies."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest

from office.acts.darogah.auction import record_sale
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.refusal import record_refusal
from office.inputs import AnimalsIn, LotIn, PersonIn
from office.records import ledger
from office.views.seizure import cattle_receipt, seizure_view
from tests.e2e.test_time_travel import DAROGAH_CHAT, OWNER_CHAT, SEIZER_CHAT, chats
from tests.fakes.telegram import FakeTelegram
from tests.test_worker import pound
from tests.units import act
from tests.world import World

D = date
BUYER = PersonIn("Ganga Ram", "Kemri", "+919555555555")


@pytest.fixture
def telegram() -> Iterator[FakeTelegram]:
    with FakeTelegram() as fake:
        yield fake


def test_a_short_sale_keeps_the_rest_until_a_second_sale_covers_the_dues(
    world: World, telegram: FakeTelegram
) -> None:
    chats(world)

    def run(instant: str) -> None:
        result = pound(world.db, "worker", "--once", "--at", instant, telegram=telegram)
        assert result.exit_code == 0, result.output

    def heard(chat: int) -> list[str]:
        return telegram.sent_to(chat)

    def sale(animal: int, price: int, day: date) -> None:
        act(
            world.db,
            record_sale,
            actor_id=world.darogah,
            ref=ref,
            lots=[LotIn(animal, BUYER, price)],
            expenses=12,
            place="Rampur Monday market",
            occurred_at=world.on(day, 11),
            now=world.now,
        )

    ref = world.seize(
        animals=[AnimalsIn("cow", 3, "red"), AnimalsIn("buffalo", 1, "black")],
        when=world.on(D(2026, 3, 1), 8),
    )
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

    # 3 March: the owner appears at the pound and will not pay (Sec IX).
    act(
        world.db,
        record_refusal,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 3), 10),
        now=world.now,
    )
    run("2026-03-03T10:05+05:30")
    assert len(heard(DAROGAH_CHAT)) == 1
    assert "as many as are needed to pay the fines and charges" in heard(DAROGAH_CHAT)[0]

    # 4 March: one cow fetches Rs 0-10-0. Charged: fines 3 x 48 + 96 = 240, four days' feeding
    # 3 x 36 + 48 = 156, expenses 12: Rs 2-2-0. The 120 pies pay the expenses and 108 of the
    # fines (practice G5); Rs 1-8-0 is still due and the other three stay.
    sale(1, 120, D(2026, 3, 4))
    run("2026-03-04T11:05+05:30")
    assert len(heard(OWNER_CHAT)) == 2
    short = heard(OWNER_CHAT)[-1]
    assert "1 head sold for Rs 0-10-0" in short
    assert "still due Rs 1-8-0" in short
    assert "Your 2 cows, 1 buffalo stay in Testpur thana pound" in short
    assert "pay there or more may be sold" in short
    assert len(heard(SEIZER_CHAT)) == 2  # the register copy, then the first sale

    # No claim reminder after the refusal; but the sale does not take away his ten days to
    # complain (practice G12): on 9 March he is reminded he may complain until 11 March. The
    # feeding of the three runs on, 2 x 9 + 12 = 30 pies a day.
    run("2026-03-09T09:00+05:30")
    assert len(heard(OWNER_CHAT)) == 3
    assert heard(OWNER_CHAT)[-1].startswith("Reminder, ref ")
    assert "you may complain to the Magistrate until March 11, 2026" in heard(OWNER_CHAT)[-1]
    due = seizure_view(world.db, ref=ref, now=world.on(D(2026, 3, 9), 9))["due"]
    assert (due["total"], due["total_text"], due["per_day"]) == (288 + 5 * 30, "Rs 2-4-6", 30)

    # 10 March: the buffalo fetches Rs 4-0-0. Charged now: fines 240, feeding 36 (cow 1, to
    # the 4th) + 2 x 90 + 120 = 336, expenses 24: 600, of which 120 was paid; 480 due, and
    # the balance of Rs 1-8-0 goes with the two cows back to the owner.
    sale(4, 768, D(2026, 3, 10))
    run("2026-03-10T11:05+05:30")
    assert len(heard(OWNER_CHAT)) == 4
    account = heard(OWNER_CHAT)[-1]
    # Charged: fines Rs 1-4-0, feeding Rs 1-12-0, expenses of sale Rs 0-2-0.
    assert "1 head sold for Rs 4-0-0; charges Rs 3-2-0; balance to you Rs 1-8-0" in account
    assert "your other 2 cows were handed back to you" in account
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["status"] == "closed"
    assert [a["status"] for a in view["animals"]] == [
        "sold",
        "released_after_part_sale",
        "released_after_part_sale",
        "sold",
    ]
    assert [s["still_due"] for s in view["sales"]] == [288, 0]
    receipt = cattle_receipt(world.db, ref=ref)
    assert (receipt.animals, receipt.balance_text) == ([2, 3], "Rs 1-8-0")
    assert receipt.lines[2] == "the cattle: 2 head of cattle not sold: 2. cow, red; 3. cow, red;"

    # Sec XI: fines to the Magistrate's fund, feeding to the keeper, the two bills paid, the
    # balance paid out; what the sales kept is what they paid.
    first, second = (s["id"] for s in view["sales"])
    with world.db.reading() as s:
        money = {k: v for k, v in ledger.balances(s, 1).items() if v}
    assert money == {
        f"cash:sale:{first}": 120,
        f"cash:sale:{second}": 768 - 288,
        f"expenses:sale:{first}": -12,
        f"expenses:sale:{second}": -12,
        "fund:fines": -240,
        "keeper:feeding:TPR": -336,
    }
