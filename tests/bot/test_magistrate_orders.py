"""The Magistrate's chat: payments out of the fund (Sec XII) and orders for animals outside the
Sec VI scale (practice G4); the seizer and the police told when an animal awaits an order."""

from __future__ import annotations

import re
from datetime import date

from sqlmodel import select

from bot.registry import build_engine
from bot.types import Channel, Inbound, Reply
from models import Outbox, Person
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.payment import record_payment
from office.inputs import AnimalsIn
from office.views.fund_statement import fund_view
from office.views.seizure import seizure_view
from tests.office.test_fund import other_district
from tests.units import act, tx
from tests.world import World

D = date
KEEPER = "+919000000001"
POLICE = "+919000000003"
DAROGAH = "+919000000004"
MAGISTRATE = "+919000000005"
OTHER_MAGISTRATE = "+919000000015"
HARI = "+919111111111"
REFUSED = "You may not do that"
HINT = "To ask about your cattle, send MYCATTLE"  # a private person's own, for an officer's word


class Desk:
    """Each person types from his own phone on the console."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.engine = build_engine(world.db)
        self.last: list[Reply] = []

    def __call__(self, phone: str, text: str) -> str:
        self.last = self.engine.handle(
            Inbound(channel=Channel.CONSOLE, address=phone, text=text), now=self.world.now
        )
        return "\n".join(r.text for r in self.last)

    def options(self) -> list[str]:
        return [o.value for r in self.last for o in r.options]


def with_fines(world: World) -> None:
    """192 pies of fines in the Testpur fund, paid on 3 March."""
    ref = world.seize()
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 1), 11),
        now=world.now,
    )
    when = world.on(D(2026, 3, 3), 16)
    act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=282,
        payer=None,
        occurred_at=when,
        now=when,
    )
    world.on(D(2026, 3, 4), 11)


def told(world: World, phone: str) -> list[str]:
    with world.db.reading() as s:
        person = s.exec(select(Person).where(Person.phone == phone)).one()
        rows = s.exec(select(Outbox).where(Outbox.person_id == person.id)).all()
        return [r.template for r in rows]


def test_the_magistrate_pays_for_a_pound_repair_out_of_the_fund(world: World) -> None:
    """Sec XII: the construction and maintenance of pounds."""
    with_fines(world)
    desk = Desk(world)
    out = desk(MAGISTRATE, "fund")
    assert "The pound fund of Testpur holds Rs 1-0-0 (Sec XII)" in out
    assert desk.options() == ["salary", "pound", "other"]
    assert "Which pound?" in desk(MAGISTRATE, "pound")
    assert desk.options() == ["DHK", "TPR"]
    assert "The fund holds Rs 1-0-0" in desk(MAGISTRATE, "TPR")
    # More than the fund holds is refused at once, and the question stays.
    out = desk(MAGISTRATE, "Rs 2-0-0")
    assert "The fund does not hold enough for that payment" in out and "(Sec XII)" in out
    assert "To whom is it paid?" in desk(MAGISTRATE, "Rs 0-10-0")
    desk(MAGISTRATE, "Ramdin Mistri, Testpur")
    out = desk(MAGISTRATE, "Repair the east wall of the Testpur pound")
    assert (
        "Pay Rs 0-10-0 out of the fund of Testpur to Ramdin Mistri, for the construction or "
        "maintenance of Testpur thana pound (Sec XII)."
    ) in out
    assert "Order: Repair the east wall of the Testpur pound" in out
    assert fund_view(world.db)["districts"][0]["paid_out"] == 0  # nothing before a yes
    out = desk(MAGISTRATE, "yes")
    assert out.startswith(
        "Paid Rs 0-10-0 to Ramdin Mistri out of the fund (Sec XII), payment No. 1. The fund "
        "now holds Rs 0-6-0."
    )
    fund = fund_view(world.db)["districts"][0]
    assert (fund["paid_out"], fund["balance"]) == (120, 72)
    assert fund["payments"][0]["order"] == "Repair the east wall of the Testpur pound"


def test_a_keepers_salary_is_chosen_from_the_keepers_of_the_pound(world: World) -> None:
    with_fines(world)
    desk = Desk(world)
    desk(MAGISTRATE, "fund")
    desk(MAGISTRATE, "salary")
    assert "Whose salary?" in desk(MAGISTRATE, "TPR")
    assert desk.options() == [KEEPER]
    desk(MAGISTRATE, KEEPER)
    assert "The words of your order" in desk(MAGISTRATE, "Rs 0-8-0")
    out = desk(MAGISTRATE, "March salary as allowed by Government")
    assert "to Keeper Kallu, for the salary of Keeper Kallu, keeper of Testpur thana pound" in out
    assert "Nothing was recorded" in desk(MAGISTRATE, "no")
    assert fund_view(world.db)["districts"][0]["payments"] == []


def test_another_purpose_is_stated_in_the_magistrates_words(world: World) -> None:
    with_fines(world)
    desk = Desk(world)
    desk(MAGISTRATE, "fund")
    assert "State the purpose" in desk(MAGISTRATE, "other")
    desk(MAGISTRATE, "the drummer of the Sec VIII proclamation at Rampur")
    desk(MAGISTRATE, "Rs 0-2-0")
    desk(MAGISTRATE, "Bhola Dhol, Rampur")
    desk(MAGISTRATE, "Pay the drummer")
    assert "payment No. 1" in desk(MAGISTRATE, "yes")
    assert fund_view(world.db)["districts"][0]["accounts"]["paid:fund:other"] == -24


def test_only_a_magistrate_pays_out_of_his_own_districts_fund(world: World) -> None:
    with_fines(world)
    desk = Desk(world)
    for phone in (KEEPER, POLICE, DAROGAH):
        out = desk(phone, "fund")
        assert REFUSED in out and "(Sec XII)" in out, phone
    # A private person's word for it is no command: he is shown his own.
    assert HINT in desk(HARI, "fund")
    other_district(world)
    # The Magistrate of Otherpur sees his own fund, which is empty, and not Testpur's.
    out = desk(OTHER_MAGISTRATE, "fund")
    assert "The pound fund of Otherpur holds Rs 0-0-0" in out
    desk(OTHER_MAGISTRATE, "pound")
    assert desk.options() == ["OTP"]
    desk(OTHER_MAGISTRATE, "OTP")
    assert "does not hold enough" in desk(OTHER_MAGISTRATE, "Rs 0-1-0")
    assert fund_view(world.db, district="TESTPUR")["districts"][0]["paid_out"] == 0


def test_the_fund_is_offered_in_hindi(world: World) -> None:
    with_fines(world)
    with tx(world.db) as s:
        person = s.exec(select(Person).where(Person.phone == MAGISTRATE)).one()
        person.language = "hi"
        s.add(person)
    out = Desk(world)(MAGISTRATE, "fund")
    assert "कांजी हाउस कोष में ₹1-0-0 है (धारा 12)" in out


def test_the_magistrate_orders_the_fine_of_an_elephant_and_the_keeper_registers_it(
    world: World,
) -> None:
    """Practice G4: the Magistrate is told; his order lets the keeper register the cattle."""
    world.on(D(2026, 3, 1), 9)
    ref = world.seize(animals=[AnimalsIn("elephant", 1, "tusker"), AnimalsIn("cow")])
    assert "kind_order_needed" in told(world, MAGISTRATE)
    desk = Desk(world)
    desk(KEEPER, f"arrive {ref}")
    out = desk(KEEPER, "yes")
    assert "only on a Magistrate's order" in out and "(practice G4)" in out
    out = desk(MAGISTRATE, "kindorder")
    assert "awaiting your order (practice G4)" in out
    assert f"{ref}: 1 elephant for Testpur thana pound" in out
    assert desk.options() == [ref, "pound"]
    assert "The fine for each elephant" in desk(MAGISTRATE, ref)
    assert "feeding per head per day" in desk(MAGISTRATE, "Rs 2-0-0")
    desk(MAGISTRATE, "Rs 0-4-0")
    out = desk(MAGISTRATE, "Elephant of the Raja: Rs 2 a head, 4 annas a day")
    assert (
        f"Order for seizure {ref} at Testpur thana pound: each elephant is fined Rs 2-0-0 and "
        "fed at Rs 0-4-0 a day, from today (practice G4)."
    ) in out
    out = desk(MAGISTRATE, "yes")
    assert out.startswith(
        f"Order No. 1 recorded (practice G4).\nThe keeper may now register: {ref} (Sec V)."
    )
    assert "kind_ordered" in told(world, KEEPER)
    world.tick(hours=1)
    desk(KEEPER, f"arrive {ref}")
    assert "Entered in the register as No. TPR/2026/1" in desk(KEEPER, "yes")
    due = seizure_view(world.db, ref=ref, now=world.now)["due"]
    assert (due["fine"], due["feeding"]) == (384 + 48, 48 + 9)


def test_a_standing_order_for_a_pound_in_the_chat(world: World) -> None:
    desk = Desk(world)
    assert "No animal is awaiting your order." in desk(MAGISTRATE, "kindorder")
    assert "For which pound?" in desk(MAGISTRATE, "pound")
    assert desk.options() == ["DHK", "TPR"]
    desk(MAGISTRATE, "TPR")
    out = desk(MAGISTRATE, "pigs")
    assert "Pigs are not impounded" in out and "(Sec XVIII)" in out
    assert "(Sec VI)" in desk(MAGISTRATE, "heifer")
    desk(MAGISTRATE, "elephants")
    desk(MAGISTRATE, "Rs 2-0-0")
    desk(MAGISTRATE, "Rs 0-8-0")
    out = desk(MAGISTRATE, "Standing order for elephants at Testpur")
    assert "Order for every seizure brought to Testpur thana pound:" in out
    assert desk(MAGISTRATE, "yes").startswith("Order No. 1 recorded (practice G4).")
    ref = world.seize(animals=[AnimalsIn("elephant")])
    assert seizure_view(world.db, ref=ref, now=world.now)["animals"][0]["fine"] == 384
    assert "kind_order_needed" not in told(world, MAGISTRATE)


def test_only_the_magistrate_makes_an_order_in_the_chat(world: World) -> None:
    world.seize(animals=[AnimalsIn("elephant")])
    desk = Desk(world)
    for phone in (KEEPER, POLICE, DAROGAH):
        out = desk(phone, "kindorder")
        assert REFUSED in out and "(practice G4)" in out, phone
    # A private person's word for it is no command: he is shown his own, no ruling's number.
    out = desk(HARI, "kindorder")
    assert HINT in out and REFUSED not in out and "practice" not in out


def test_police_bring_in_a_stray_elephant_to_await_the_order(world: World) -> None:
    """Sec XVI with practice G4."""
    desk = Desk(world)
    desk(POLICE, "strays")
    desk(POLICE, "Rampur")
    desk(POLICE, "on the canal road near the school")
    assert "Describe the 1 elephant" in desk(POLICE, "1 elephant")
    desk(POLICE, "-")
    out = desk(POLICE, "yes")
    ref = re.search(r"Recorded as (\w+)", out)
    assert ref is not None
    assert (
        "The fine there will be Rs 0-0-0 (Sec VI), and for the elephant what the Magistrate" in out
    )
    assert "the keeper registers the cattle after that order." in out
    view = seizure_view(world.db, ref=ref.group(1), now=world.now)
    assert view["animals"][0]["awaiting_order"] is True


def test_a_cultivator_reports_an_elephant_and_is_told_it_awaits_the_order(world: World) -> None:
    desk = Desk(world)
    assert "Where exactly" in desk(HARI, "SEIZE 1 ELEPHANT 2 COW RAMPUR")
    desk(HARI, "the cane field")
    desk(HARI, "ate the cane")
    desk(HARI, "skip")
    desk(HARI, "no")
    summary = desk(HARI, "skip")
    assert "Animals: 1 elephant, 2 cow" in summary
    out = desk(HARI, "confirm")
    assert (
        "The fine there will be Rs 0-8-0 (Sec VI), and for the elephant what the Magistrate" in out
    )
    assert "Magistrate has been asked to order its fine and feeding" in out
