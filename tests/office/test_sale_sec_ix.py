"""A sale after the owner refused to pay (Sec IX): as many head as necessary (practice G13), the
rest handed back with the balance and the owner's receipt only when the dues are covered, each
lot's part adding up to the account (Sec XI, G5, G6); and no official buys (Sec X).

The test district charges a cow 48 pies fine (Sec VI) and 9 pies a day's feeding."""

from __future__ import annotations

from datetime import date

import pytest
from sqlmodel import col, func, select

from law.errors import (
    InvalidInput,
    LotNotNeeded,
    NotAuthorised,
    NotFound,
    PurchaserIsOfficial,
    ReleaseWithoutFine,
)
from law.money import PIES
from models import AuditEvent, CattleReceipt, Outbox, Person, Sale, SaleLot
from office.acts.darogah.auction import SaleRecorded, record_sale
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.payment import record_payment
from office.acts.keeper.refusal import record_refusal
from office.inputs import AnimalsIn, LotIn, PersonIn
from office.records import ledger
from office.views.seizure import cattle_receipt, seizure_view
from tests.units import act
from tests.world import World

D = date
BUYER = PersonIn("Ganga Ram", "Kemri", "+919555555555")


def refused(world: World, cows: int = 4) -> str:
    """Cows impounded on 1 March; the owner appeared on the 3rd and would not pay."""
    ref = world.seize(animals=[AnimalsIn("cow", cows, "brown")])
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 1)),
        now=world.now,
    )
    act(
        world.db,
        record_refusal,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 3)),
        now=world.now,
    )
    return ref


def sell(
    world: World,
    ref: str,
    lots: list[tuple[int, int]],
    day: date,
    expenses: int = 12,
    actor: int | None = None,
    buyer: PersonIn = BUYER,
) -> SaleRecorded:
    return act(
        world.db,
        record_sale,
        actor_id=world.darogah if actor is None else actor,
        ref=ref,
        lots=[LotIn(animal, buyer, price) for animal, price in lots],
        expenses=expenses,
        place="Rampur market",
        occurred_at=world.on(day, 11),
        now=world.now,
    )


def statuses(world: World, ref: str) -> list[str]:
    return [a["status"] for a in seizure_view(world.db, ref=ref, now=world.now)["animals"]]


def balances(world: World) -> dict[str, int]:
    with world.db.reading() as s:
        return {k: v for k, v in ledger.balances(s, 1).items() if v}


def lots_of(world: World, sale_id: int) -> list[SaleLot]:
    with world.db.reading() as s:
        found = list(
            s.exec(select(SaleLot).where(SaleLot.sale_id == sale_id).order_by(col(SaleLot.id)))
        )
        s.expunge_all()
        return found


def owner_message(world: World, sale_id: int) -> Outbox:
    with world.db.reading() as s:
        row = s.exec(
            select(Outbox).where(
                Outbox.person_id == world.owner, col(Outbox.dedupe_key).contains(f":{sale_id}:")
            )
        ).one()
        s.expunge(row)
        return row


def test_a_sale_that_falls_short_keeps_the_rest_in_the_pound_and_feeding_runs_on(
    world: World,
) -> None:
    """Sec IX, practice G13: one cow of four fetches 96 pies against 348 due; the other three
    are not handed back with the dues unpaid; they stay, and what is unpaid stays due."""
    ref = refused(world)
    done = sell(world, ref, [(1, 96)], D(2026, 3, 4))
    # Fines 4 x 48 = 192, feeding 4 x 4 days x 9 = 144, expenses 12: 348; 96 pays the
    # expenses (12) and 84 of the fines (G5); 252 is still due and nothing is a shortfall yet.
    assert (done.proceeds, done.surplus, done.still_due, done.shortfall) == (96, 0, 252, 0)
    assert (done.handed_back, done.still_held, done.receipt_id) == ((), (2, 3, 4), None)
    assert statuses(world, ref) == ["sold", "impounded", "impounded", "impounded"]
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["status"] == "impounded"
    assert (view["due"]["fine"], view["due"]["feeding"], view["due"]["total"]) == (108, 144, 252)
    assert "7. Cattle still held in the pound: 3 (no. 2, 3, 4)" in done.account_text
    # Two days later the three still held have eaten 2 x 3 x 9 = 54 pies more.
    world.on(D(2026, 3, 6), 9)
    assert seizure_view(world.db, ref=ref, now=world.now)["due"]["total"] == 252 + 54
    [lot] = lots_of(world, done.sale_id)
    assert (lot.expense_share, lot.expenses_paid, lot.fine_paid, lot.feeding_paid) == (
        12,
        12,
        84,
        0,
    )
    assert (lot.surplus, lot.shortfall) == (0, 0)
    message = owner_message(world, done.sale_id)
    assert message.template == "sale_account_short"
    assert PIES.format(message.params["still_due_amount"]) == "Rs 1-5-0"
    assert (message.params["held"], message.params["held_kinds"]) == (3, {"cow": 3})
    assert balances(world) == {
        f"cash:sale:{done.sale_id}": 96,
        f"expenses:sale:{done.sale_id}": -12,
        "fund:fines": -84,
    }


def test_a_further_sale_that_covers_the_dues_hands_back_the_rest_with_the_receipt(
    world: World,
) -> None:
    """Sec IX: the second sale recovers what the first left due, with the feeding that ran on;
    the two cows left are delivered to the owner with the balance and he grants a receipt."""
    ref = refused(world)
    first = sell(world, ref, [(1, 96)], D(2026, 3, 4))
    done = sell(world, ref, [(2, 960)], D(2026, 3, 10))
    # Charged: fines 192; feeding cow 1 to the 4th 36, cows 2-4 ten days 270; expenses 12 + 12.
    # The first sale paid 96 of the 522: 426 due, 960 realised, balance 534 (Rs 2-12-6).
    assert (done.proceeds, done.surplus, done.still_due, done.shortfall) == (960, 534, 0, 0)
    assert (done.handed_back, done.still_held) == ((3, 4), ())
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["status"] == "closed"
    handed = [a for a in view["animals"] if a["id"] in (3, 4)]
    assert {a["status"] for a in handed} == {"released_after_part_sale"}
    assert {a["left_reason"] for a in handed} == {
        "delivered to the owner after the sale covered the fines and expenses (Sec IX)"
    }
    assert view["animals"][1]["left_reason"] == "sold at auction (Sec IX)"
    [lot] = lots_of(world, done.sale_id)
    assert (lot.expenses_paid, lot.fine_paid, lot.feeding_paid, lot.surplus) == (12, 108, 306, 534)
    with world.db.reading() as s:
        sale = s.get(Sale, done.sale_id)
        assert sale is not None
        assert (sale.expenses_paid, sale.fines_paid, sale.feeding_paid) == (12, 108, 306)
        events = {
            e.action: (e.section, dict(e.payload))
            for e in s.exec(select(AuditEvent).where(AuditEvent.subject == ref)).all()
            if e.payload.get("sale_id") == done.sale_id
        }
    assert events["sale_recorded"][1]["released_to_owner"] == [3, 4]
    assert events["sale_recorded"][1]["sold"] == [2]
    assert events["cattle_delivered"][0] == "IX"
    assert events["cattle_delivered"][1]["animals"] == [3, 4]
    assert events["cattle_delivered"][1]["balance"] == 534
    receipt = cattle_receipt(world.db, ref=ref)
    assert receipt.receipt_id == done.receipt_id
    assert (receipt.animals, receipt.balance, receipt.balance_text) == ([3, 4], 534, "Rs 2-12-6")
    assert receipt.owner == {"name": "Mohan Lal", "residence": "Kemri"}
    assert receipt.recorded_by["name"] == "Darogah Dinanath"
    assert receipt.delivered_at == "2026-03-10T11:00:00+05:30"
    assert receipt.lines[1] == (
        "I, Mohan Lal of Kemri, have received from Darogah Dinanath, at the sale held at "
        "Rampur market on 10 March 2026 at 11:00:"
    )
    assert (
        receipt.lines[2] == "the cattle: 2 head of cattle not sold: 3. cow, brown; 4. cow, brown;"
    )
    assert receipt.lines[3] == "the balance of the purchase money: Rs 2-12-6;"
    assert receipt.lines[-1] == "Signed: Mohan Lal"
    message = owner_message(world, done.sale_id)
    assert message.template == "sale_account"
    assert message.params["returned"] == 2
    assert PIES.format(message.params["balance_amount"]) == "Rs 2-12-6"
    assert PIES.format(message.params["paid_before_amount"]) == "Rs 0-8-0"
    # Fines to the fund, feeding to the keeper, each bill paid, and the balance paid out.
    assert balances(world) == {
        f"cash:sale:{first.sale_id}": 96,
        f"cash:sale:{done.sale_id}": 960 - 534,
        f"expenses:sale:{first.sale_id}": -12,
        f"expenses:sale:{done.sale_id}": -12,
        "fund:fines": -192,
        "keeper:feeding:TPR": -306,
    }


def test_a_lot_is_refused_when_the_lots_before_it_covered_the_dues(world: World) -> None:
    """Sec IX "as many as may be necessary", G13: the first cow covers the 348 due, so selling
    three is refused, and nothing is recorded."""
    ref = refused(world)
    with world.db.reading() as s:
        people = s.exec(select(func.count()).select_from(Person)).one()
    with pytest.raises(LotNotNeeded) as err:
        sell(world, ref, [(1, 1920), (2, 500), (3, 500)], D(2026, 3, 4))
    assert (err.value.code, err.value.section) == ("lot_not_needed", "IX")
    assert err.value.details == {"animal": 2, "due": 348, "covered_by": 1920}
    assert statuses(world, ref) == ["impounded"] * 4
    with world.db.reading() as s:
        assert s.exec(select(Sale)).all() == []
        assert s.exec(select(func.count()).select_from(Person)).one() == people
    assert balances(world) == {}
    # The same cow alone may be sold, and the rest go back.
    done = sell(world, ref, [(1, 1920)], D(2026, 3, 4))
    assert (done.surplus, done.handed_back) == (1920 - 348, (2, 3, 4))


def test_a_shortfall_is_recorded_only_when_nothing_is_left_to_sell(world: World) -> None:
    """G5, G13: the first short sale leaves the other cow held and the rest due; the second
    sells the last head, and what it cannot pay is recorded as unpaid against the seizure."""
    ref = refused(world, cows=2)
    first = sell(world, ref, [(1, 24)], D(2026, 3, 4), expenses=0)
    assert (first.still_due, first.shortfall) == (96 + 72 - 24, 0)
    last = sell(world, ref, [(2, 48)], D(2026, 3, 5), expenses=0)
    # Fines 96, feeding 36 + 45, less 24 paid before: 153 due; 48 realised.
    assert (last.still_due, last.shortfall, last.surplus) == (0, 105, 0)
    assert [lot.shortfall for lot in lots_of(world, last.sale_id)] == [105]
    assert seizure_view(world.db, ref=ref, now=world.now)["status"] == "closed"
    assert owner_message(world, last.sale_id).template == "sale_account_shortfall"
    assert "still unpaid Rs 0-8-9" in last.account_text
    with pytest.raises(NotFound):
        cattle_receipt(world.db, ref=ref)


def test_after_a_part_sale_the_owner_may_pay_what_is_due_and_take_back_the_rest(
    world: World,
) -> None:
    """Sec VII, IX: what the sale left unpaid, expenses of sale included, is paid in full for
    all the head still held together."""
    ref = refused(world)
    first = sell(world, ref, [(1, 96)], D(2026, 3, 4), expenses=120)
    # 96 paid 96 of the 120 expenses; 24 of them, the fines 192 and the feeding are due.
    assert first.still_due == 120 + 192 + 144 - 96
    world.on(D(2026, 3, 5), 10)
    with pytest.raises(InvalidInput):
        act(
            world.db,
            record_payment,
            actor_id=world.keeper,
            ref=ref,
            amount=500,
            payer=None,
            animals=[2],
            occurred_at=world.now,
            now=world.now,
        )
    due = 24 + 192 + 36 + 3 * 45
    with pytest.raises(ReleaseWithoutFine):
        act(
            world.db,
            record_payment,
            actor_id=world.keeper,
            ref=ref,
            amount=due - 1,
            payer=None,
            occurred_at=world.now,
            now=world.now,
        )
    paid = act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=due,
        payer=None,
        occurred_at=world.now,
        now=world.now,
    )
    assert (paid.fine, paid.feeding, paid.total, paid.animals) == (192, 171, due, [2, 3, 4])
    assert "expenses of sale Rs 0-2-0" in paid.receipt_text
    assert statuses(world, ref) == ["sold", "released_paid", "released_paid", "released_paid"]
    assert balances(world) == {
        f"cash:sale:{first.sale_id}": 96,
        f"expenses:sale:{first.sale_id}": -120,
        "cash:pound:TPR": due,
        "fund:fines": -192,
        "keeper:feeding:TPR": -171,
    }


def test_only_the_darogah_or_police_of_the_thana_hold_the_sale(world: World) -> None:
    ref = refused(world)
    for who in (world.keeper, world.other_keeper, world.owner, world.magistrate):
        with pytest.raises(NotAuthorised):
            sell(world, ref, [(1, 96)], D(2026, 3, 4), actor=who)
    assert sell(world, ref, [(1, 96)], D(2026, 3, 4), actor=world.police).still_held == (2, 3, 4)


@pytest.mark.parametrize(
    "buyer",
    [
        PersonIn("Keeper Kallu", "Testpur", "+919000000001"),  # keeper of this pound
        PersonIn("  keeper   DHANI ", "dhakia "),  # keeper of another pound, no phone given
        PersonIn("Constable Chandan", "Testpur"),  # police officer, no phone
        PersonIn("Darogah Dinanath", "TESTPUR"),  # the officer holding the sale himself
        PersonIn("D. Dinanath", "Testpur", "+91 90000 00004"),  # him again, by his phone
    ],
)
def test_no_police_officer_or_pound_keeper_buys_with_or_without_his_phone(
    world: World, buyer: PersonIn
) -> None:
    """Sec X: police officers and pound-keepers may not buy, directly or indirectly; without a
    phone they are known by name and residence. The refused sale records nothing."""
    ref = refused(world)
    with world.db.reading() as s:
        people = s.exec(select(func.count()).select_from(Person)).one()
    with pytest.raises(PurchaserIsOfficial) as err:
        sell(world, ref, [(1, 96)], D(2026, 3, 4), buyer=buyer)
    assert (err.value.section, err.value.details) == ("X", {"animal": 1})
    assert statuses(world, ref) == ["impounded"] * 4
    with world.db.reading() as s:
        assert s.exec(select(func.count()).select_from(Person)).one() == people
        assert s.exec(select(CattleReceipt)).all() == []


def test_a_private_namesake_of_an_official_may_buy(world: World) -> None:
    """Sec X bars the official, not his name: a Keeper Dhani of Kemri (not of Dhakia) buys, as
    does the overseer of the canal, who is no police officer."""
    ref = refused(world)
    done = sell(world, ref, [(1, 96)], D(2026, 3, 4), buyer=PersonIn("Keeper Dhani", "Kemri"))
    assert done.still_held == (2, 3, 4)
    done = sell(world, ref, [(2, 96)], D(2026, 3, 5), buyer=PersonIn("Overseer Om", "Canal camp"))
    assert done.still_held == (3, 4)
