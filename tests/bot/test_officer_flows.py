"""The officers' conversations as stories on the console: police, keeper, Darogah, Magistrate."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from sqlmodel import select

import bot.flows
from bot.engine import Engine
from bot.flows.base import START
from bot.flows.officer_kit import OfficerFlow
from bot.i18n import translated
from bot.registry import all_flows
from bot.types import Channel, Inbound, Reply
from law.errors import NotAuthorised
from models import Conversation, Outbox
from office.acts.complainant.complaint import file_complaint
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.unclaimed import report_unclaimed
from office.acts.magistrate.complaint import admit_complaint
from office.acts.seizer.police_aid import request_police_aid
from office.inputs import AnimalsIn
from office.views.seizure import seizure_view
from office.views.worklists import open_aid_requests
from tests.units import act
from tests.world import OTHER_MAGISTRATE, World, other_district_magistrate

# The officers' flows (police, keepers, Darogahs, Magistrates), as bot/registry.py lists them.
FLOWS = [f for f in all_flows() if isinstance(f, OfficerFlow)]

D = date
KEEPER = "+919000000001"
OTHER_KEEPER = "+919000000002"
POLICE = "+919000000003"
DAROGAH = "+919000000004"
MAGISTRATE = "+919000000005"
CULTIVATOR = "+919111111111"
FLOW_DIR = Path(bot.flows.__file__).parent
REFUSED = "You may not do that"
# What a private person is shown for an officer's word, which is no command for him.
HINT = "To ask about your cattle, send MYCATTLE"


class Desk:
    """The console: each officer types from his own phone."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.engine = Engine(world.db, FLOWS)
        self.last: list[Reply] = []

    def __call__(self, phone: str, text: str) -> str:
        self.last = self.engine.handle(
            Inbound(channel=Channel.CONSOLE, address=phone, text=text), now=self.world.now
        )
        return "\n".join(r.text for r in self.last)

    def options(self) -> list[str]:
        return [o.value for r in self.last for o in r.options]

    def labels(self) -> list[str]:
        return [o.label for r in self.last for o in r.options]


def impounded(world: World, animals: list[AnimalsIn] | None = None) -> str:
    ref = world.seize(animals=animals)
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.tick(hours=2),
        now=world.now,
    )
    return ref


# --- police ------------------------------------------------------------------------------------


def test_police_see_aid_requests_and_answer_one_by_confirming_conveyance(world: World) -> None:
    desk = Desk(world)
    ref = world.seize()
    act(
        world.db,
        request_police_aid,
        actor_id=world.cultivator,
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )
    out = desk(POLICE, "aid")
    assert "Aid requested at thana TESTPUR (Sec II)" in out and ref in out
    assert desk.options() == [ref]
    out = desk(POLICE, "1")
    assert "conveyed to Testpur thana pound" in out
    assert "confirmed (Sec II)" in desk(POLICE, "yes")
    assert open_aid_requests(world.db, thana="TESTPUR") == []
    assert "No aid requests" in desk(POLICE, "aid")
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    assert "already at the pound" in desk(POLICE, f"CONVEY {ref}")


def test_convey_one_liner_checks_the_thana_and_nothing_is_recorded_on_no(world: World) -> None:
    desk = Desk(world)
    dhakia = world.seize(village="Dhakia")
    # The constable is of thana TESTPUR; the Dhakia pound is at thana DHAKIA.
    assert REFUSED in desk(POLICE, f"CONVEY {dhakia}")
    ref = world.seize()
    assert ref in desk(POLICE, f"convey {ref.lower()}")
    assert "Nothing was recorded" in desk(POLICE, "2")
    assert seizure_view(world.db, ref=ref, now=world.now)["history"][-1]["action"] != (
        "conveyance_confirmed"
    )
    # A cultivator may type the command, and is told why not (Sec II).
    # A private person's word for it is no command: he is shown his own, nothing recorded.
    out = desk(CULTIVATOR, f"CONVEY {ref}")
    assert HINT in out and REFUSED not in out


def test_police_report_strays_step_by_step(world: World) -> None:
    desk = Desk(world)
    assert "Sec XVI" in desk(POLICE, "strays")
    assert "Rampur" in desk.options() and "Dhakia" not in desk.options()
    assert "not served" in desk(POLICE, "Dhakia")
    desk(POLICE, "rampr")  # a typo is forgiven
    desk(POLICE, "on the canal road near the school")
    assert "pigs" in desk(POLICE, "1 pig").lower()
    assert "Describe the 2 cows" in desk(POLICE, "2 cows, 1 buffalo")
    desk(POLICE, "white, small horns")
    out = desk(POLICE, "-")
    assert "- 2 cows: white, small horns" in out and "- 1 buffalo" in out
    out = desk(POLICE, "yes")
    ref = re.search(r"Recorded as (\w+)", out)
    assert ref is not None and "Testpur thana pound" in out and "Sec XVI" in out
    view = seizure_view(world.db, ref=ref.group(1), now=world.now)
    assert view["ground"] == "stray" and view["owner"] is None
    assert [a["description"] for a in view["animals"]] == ["white, small horns"] * 2 + [""]


# --- keeper ------------------------------------------------------------------------------------


def test_the_keeper_registers_an_arrival_correcting_count_and_description(world: World) -> None:
    desk = Desk(world)
    ref = world.seize()
    out = desk(KEEPER, "arrivals")
    assert ref in out and desk.options() == [ref]
    out = desk(KEEPER, "1")
    assert "Reported: 3 head" in out and "Owner: Mohan Lal of Kemri" in out
    assert desk.options() == ["ok", "count", "describe"]
    desk(KEEPER, "count")
    assert "Arrived: 2 head" in desk(KEEPER, "2")
    # The office refuses a count that does not match, and the keeper stays on the same step.
    out = desk(KEEPER, "1")
    assert "3 head were reported seized but 2 arrived" in out and "(Sec V)" in out
    desk(KEEPER, "count")
    desk(KEEPER, "3")
    desk(KEEPER, "3")  # correct a description
    assert "Animal 2: cow (black, left horn broken)" in desk(KEEPER, "2 black, left horn broken")
    out = desk(KEEPER, "1")
    assert "Entered in the register as No. TPR/2026/1 (Sec V)" in out
    assert "The seizer receives the copy of the entry (Sec V)" in out
    assert "March 8, 2026" in out  # the owner may claim until the seventh day after
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["status"] == "impounded"
    assert view["animals"][1]["description"] == "black, left horn broken"
    assert "already entered" in desk(KEEPER, f"ARRIVE {ref}")


def test_only_the_keeper_of_that_pound_may_register_an_arrival(world: World) -> None:
    desk = Desk(world)
    ref = world.seize()
    assert REFUSED in desk(OTHER_KEEPER, f"ARRIVE {ref}")
    out = desk(POLICE, f"ARRIVE {ref}")
    assert REFUSED in out and "keeper:TPR" in out and "(Sec V)" in out
    # A private person's word for it is no command: he is shown his own.
    assert HINT in desk(CULTIVATOR, f"ARRIVE {ref}")
    assert HINT in desk(CULTIVATOR, "arrivals")
    # Keepers' work is not offered in a cultivator's menu.
    desk(CULTIVATOR, "menu")
    assert desk.options() == []
    assert seizure_view(world.db, ref=ref, now=world.now)["status"] == "seized"


def test_a_keepers_act_refused_to_another_cites_the_section_of_that_act(world: World) -> None:
    """Release on payment is Sec VII, a refusal to pay IX, a head lost practice G7: one who
    does not keep the pound is told so citing the act he asked for, and nothing changes."""
    desk = Desk(world)
    ref = impounded(world)
    for typed, section in (
        (f"RELEASE {ref}", "(Sec VII)"),
        (f"REFUSED {ref}", "(Sec IX)"),
        (f"DIED {ref}", "(practice G7)"),
        (f"ARRIVE {ref}", "(Sec V)"),
    ):
        out = desk(OTHER_KEEPER, typed)
        assert REFUSED in out and section in out, (typed, out)
    assert seizure_view(world.db, ref=ref, now=world.now)["status"] == "impounded"


def test_the_keeper_tells_what_is_due_and_releases_on_payment(world: World) -> None:
    desk = Desk(world)
    ref = impounded(world)
    world.on(D(2026, 3, 3), 11)
    out = desk(KEEPER, f"amount {ref}")
    # Fines 4 + 4 + 8 annas; feeding 3 days of 9 + 9 + 12 pies.
    assert "fine Rs 1-0-0 (Sec VI)" in out and "feeding Rs 0-7-6 (Sec VII)" in out
    assert "total Rs 1-7-6" in out and "Rs 0-2-6 for each further day" in out
    desk(KEEPER, "release")
    assert desk.options() == [ref]
    out = desk(KEEPER, "1")
    assert "Has Mohan Lal of Kemri paid Rs 1-7-6?" in out
    out = desk(KEEPER, "yes")
    assert "Received Rs 1-7-6" in out and "3 head released (Sec VII)" in out
    assert "receipt" in out and "Signed: Mohan Lal" in out
    assert seizure_view(world.db, ref=ref, now=world.now)["status"] == "closed"


def test_the_keeper_records_a_refusal_to_pay_and_a_death(world: World) -> None:
    desk = Desk(world)
    ref = impounded(world)
    world.tick(hours=1)
    assert "refuse or omit to pay" in desk(KEEPER, f"refused {ref}")
    assert "(Sec IX)" in desk(KEEPER, "1")
    assert seizure_view(world.db, ref=ref, now=world.now)["owner_refused"]
    desk(KEEPER, f"loss {ref}")
    assert desk.options() == ["1", "2", "3"]
    desk(KEEPER, "3")
    assert desk.options() == ["died", "escaped"]
    desk(KEEPER, "1")
    assert "reason" in desk(KEEPER, "")  # an empty reason is asked again
    out = desk(KEEPER, "snake bite in the night")
    assert "animal 3" in out and "died" in out
    assert "practice G7" in desk(KEEPER, "yes")
    animals = seizure_view(world.db, ref=ref, now=world.now)["animals"]
    assert (animals[2]["status"], animals[2]["left_reason"]) == ("died", "snake bite in the night")


# --- Darogah -----------------------------------------------------------------------------------


def test_the_darogah_posts_the_notice_and_records_the_auction(world: World) -> None:
    desk = Desk(world)
    ref = impounded(world, [AnimalsIn("cow", 1, "red"), AnimalsIn("buffalo", 1)])
    assert "No unclaimed" in desk(DAROGAH, "notice")
    act(
        world.db,
        report_unclaimed,
        actor_id=None,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 9), 9),
        now=world.now,
    )
    assert ref in desk(DAROGAH, "unclaimed")
    out = desk(DAROGAH, "1")
    assert "beat of drum" in out and desk.options() == ["Rampur"]
    desk(DAROGAH, "1")
    out = desk(DAROGAH, "Rampur Monday market")
    assert "in Rampur and at Rampur Monday market (Sec VIII)" in out
    out = desk(DAROGAH, "yes")
    assert "on or after March 17, 2026" in out and "NOTICE (Sec VIII, Act III of 1857)" in out
    world.on(D(2026, 3, 17), 11)
    desk(DAROGAH, "auction")
    assert desk.options() == [ref]
    assert "Animal 1 (cow, red)" in desk(DAROGAH, "1")
    desk(DAROGAH, "Ganga Ram, Kemri")
    assert "cannot be read" in desk(DAROGAH, "nine rupees")
    assert "Animal 2 (buffalo)" in desk(DAROGAH, "Rs 9-0-0")
    desk(DAROGAH, "Bhola, Rampur, +919555555556")
    desk(DAROGAH, "Rs 12")
    desk(DAROGAH, "Rs 0-8-0")
    out = desk(DAROGAH, "Rampur market")
    assert "Animal 1 to Ganga Ram, Kemri for Rs 9-0-0" in out
    assert "Expenses of the sale: Rs 0-8-0" in out
    out = desk(DAROGAH, "yes")
    assert "Sale of " + ref + " recorded (Sec VIII)" in out
    assert "1. Cattle seized: 2" in out and "5. Proceeds of sale: Rs 21-0-0" in out
    assert "until June 17, 2026 (Sec XI)" in out
    assert seizure_view(world.db, ref=ref, now=world.now)["status"] == "closed"


def test_an_auction_drafted_before_its_lots_were_kept_by_number_is_recorded(world: World) -> None:
    """A draft saved before a deploy that renamed its keys (a lot's `animal`, now `number`) is
    still read: the auction goes on and is recorded, not refused halfway."""
    desk = Desk(world)
    ref = impounded(world, [AnimalsIn("cow", 1, "red"), AnimalsIn("buffalo", 1)])
    occurred_at = world.on(D(2026, 3, 9), 9)
    act(world.db, report_unclaimed, actor_id=None, ref=ref, occurred_at=occurred_at, now=world.now)
    desk(DAROGAH, "unclaimed")
    desk(DAROGAH, "1")
    desk(DAROGAH, "1")
    desk(DAROGAH, "Rampur Monday market")
    desk(DAROGAH, "yes")
    world.on(D(2026, 3, 17), 11)
    desk(DAROGAH, "auction")
    desk(DAROGAH, "1")
    desk(DAROGAH, "Ganga Ram, Kemri")
    desk(DAROGAH, "Rs 9-0-0")
    with world.db.unit(now=world.now) as u:
        s = u.session
        chat = s.exec(select(Conversation).where(Conversation.flow.is_not(None))).one()  # type: ignore[union-attr]
        draft = dict(chat.data["draft"])  # type: ignore[call-overload]
        draft["lots"] = [
            {("animal" if k == "number" else k): v for k, v in lot.items()} for lot in draft["lots"]
        ]
        chat.data = {**chat.data, "draft": draft}
        s.add(chat)
        u.commit()
    desk(DAROGAH, "Bhola, Rampur, +919555555556")
    desk(DAROGAH, "Rs 12")
    desk(DAROGAH, "Rs 0-8-0")
    assert "Animal 1 to Ganga Ram, Kemri for Rs 9-0-0" in desk(DAROGAH, "Rampur market")
    assert "Sale of " + ref + " recorded (Sec VIII)" in desk(DAROGAH, "yes")
    assert seizure_view(world.db, ref=ref, now=world.now)["status"] == "closed"


def test_no_police_officer_may_buy_and_only_the_darogah_auctions(world: World) -> None:
    desk = Desk(world)
    ref = impounded(world, [AnimalsIn("cow")])
    world.tick(hours=1)
    desk(KEEPER, f"refused {ref}")
    desk(KEEPER, "yes")
    assert REFUSED in desk(POLICE, f"auction {ref}")
    desk(DAROGAH, "auction")
    assert desk.options() == [ref]
    desk(DAROGAH, "1")
    desk(DAROGAH, "Constable Chandan, Testpur, +919000000003")
    desk(DAROGAH, "Rs 5")
    desk(DAROGAH, "0")
    desk(DAROGAH, "Testpur thana")
    assert "may not buy" in desk(DAROGAH, "yes")
    assert seizure_view(world.db, ref=ref, now=world.now)["sales"] == []


# --- Magistrate --------------------------------------------------------------------------------


def complained(world: World) -> tuple[str, int]:
    ref = impounded(world)
    done = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="My cattle were on the road, not in his field.",
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    return ref, done.complaint_id


def test_the_magistrate_holds_a_seizure_illegal_with_damages(world: World) -> None:
    """Sec XIV, practice G15: adjudged only after the summons, which the chat records."""
    desk = Desk(world)
    ref, complaint = complained(world)
    out = desk(MAGISTRATE, "complaints")
    assert f"No. {complaint}: seizure {ref}, by Mohan Lal of Kemri" in out
    out = desk(MAGISTRATE, "1")
    assert '"My cattle were on the road, not in his field."' in out
    assert "ate and trampled young cane" in out
    assert "Not yet admitted" in out
    # Pending: dismiss on examination, or summon the seizer; nothing else is offered.
    assert desk.options() == ["dismissed", "admit"]
    out = desk(MAGISTRATE, "illegal")
    assert "only after the seizer was summoned" in out and "(Sec XIV)" in out
    assert desk.options() == ["dismissed", "admit"]
    desk(MAGISTRATE, "admit")
    desk(MAGISTRATE, "tomorrow, 11 am, Sadar court")
    out = desk(MAGISTRATE, f"examine {complaint}")
    assert "Admitted: the seizer was summoned to the summary enquiry (tomorrow, 11 am" in out
    assert desk.options() == ["lawful", "illegal"]
    out = desk(MAGISTRATE, "dismissed")
    assert "the enquiry ends with the seizure held lawful or illegal" in out
    assert desk.options() == ["lawful", "illegal"]
    desk(MAGISTRATE, "2")
    assert "one hundred rupees" in desk(MAGISTRATE, "Rs 150")
    desk(MAGISTRATE, "Rs 25-0-0")
    desk(MAGISTRATE, "Rs 1")
    out = desk(MAGISTRATE, "The cattle were on the public road.")
    assert "damages Rs 25-0-0 and expenses Rs 1-0-0" in out
    out = desk(MAGISTRATE, "yes")
    assert "held illegal (Sec XIV)" in out and "Released by order: animals 1, 2, 3" in out
    # Nothing was paid: the complainant is owed damages and expenses; the fines 1-0-0 and one
    # day's feeding 0-2-6 of the cattle held fall on the seizer.
    assert "The seizer owes the complainant Rs 26-0-0: damages Rs 25-0-0" in out
    assert "paid, Rs 0-0-0; and the fines and feeding of the cattle held, Rs 1-2-6 (Sec XIV)" in out
    assert "No complaints are waiting" in desk(MAGISTRATE, "complaints")


def test_a_complaint_is_dismissed_on_examination_and_only_a_magistrate_examines(
    world: World,
) -> None:
    """Sec XIV, practice G15: dismissal needs no summons."""
    desk = Desk(world)
    _, complaint = complained(world)
    assert REFUSED in desk(KEEPER, f"examine {complaint}")
    desk(MAGISTRATE, f"examine {complaint}")
    desk(MAGISTRATE, "dismissed")
    desk(MAGISTRATE, "No reason to think it well founded.")
    assert f"Complaint No. {complaint} dismissed (Sec XIV)" in desk(MAGISTRATE, "yes")
    assert "already decided" in desk(MAGISTRATE, f"examine {complaint}")
    with world.db.reading() as s:
        assert s.exec(select(Outbox).where(Outbox.template == "summons")).all() == []


def test_an_admission_summons_the_seizer_and_the_enquiry_holds_the_seizure_lawful(
    world: World,
) -> None:
    desk = Desk(world)
    _, complaint = complained(world)
    desk(MAGISTRATE, f"examine {complaint}")
    assert "When and where" in desk(MAGISTRATE, "admit")
    out = desk(MAGISTRATE, "12 March, 11 am, Sadar court")
    assert "Hari Singh of Rampur is summoned to the enquiry (12 March, 11 am, Sadar court)" in out
    with world.db.reading() as s:
        summons = s.exec(select(Outbox).where(Outbox.template == "summons")).one()
        assert (summons.person_id, summons.params["hearing"]) == (
            world.cultivator,
            "12 March, 11 am, Sadar court",
        )
    desk(MAGISTRATE, f"examine {complaint}")
    desk(MAGISTRATE, "lawful")
    desk(MAGISTRATE, "The cane was his and the cattle in it.")
    assert "held lawful (Sec XIV)" in desk(MAGISTRATE, "yes")
    assert "already decided (lawful)" in desk(MAGISTRATE, f"examine {complaint}")


def test_a_magistrate_of_another_district_cannot_examine_or_admit(world: World) -> None:
    """Sec XIV: the Magistrate of the district (or his officers) hears the complaint."""
    desk = Desk(world)
    _, complaint = complained(world)
    other = other_district_magistrate(world)
    assert REFUSED in desk(OTHER_MAGISTRATE, f"examine {complaint}")
    with pytest.raises(NotAuthorised):
        act(
            world.db,
            admit_complaint,
            actor_id=other,
            complaint_id=complaint,
            hearing="12 March",
            occurred_at=world.now,
            now=world.now,
        )


def test_an_officer_is_answered_in_his_language(world: World) -> None:
    desk = Desk(world)
    ref = world.seize()
    desk(KEEPER, "lang hi")
    assert "कांजी हाउस" in desk(KEEPER, f"ARRIVE {ref}")  # the pound
    assert "हाँ, इन्हें रजिस्टर में दर्ज करें" in desk.labels()
    desk(KEEPER, "lang bn")
    assert "খোঁয়াড়" in desk(KEEPER, "?!")  # not an answer: the same question again
    assert "হ্যাঁ, রেজিস্টারে লিখুন" in desk.labels()
    out = desk(KEEPER, "1")
    assert "রেজিস্টারে" in out and "(ধারা ৫)" in out


# --- the flows themselves ----------------------------------------------------------------------


EDGE = re.compile(r"^\s*(\[\*\]|\w+)\s*-->\s*(\[\*\]|\w+)\s*$")


def test_every_officer_flow_is_drawn_exactly_as_its_steps() -> None:
    for flow in FLOWS:
        chart = (FLOW_DIR / f"{flow.name}.mmd").read_text(encoding="utf-8")
        assert chart.startswith("stateDiagram-v2")
        edges = {m.groups() for line in chart.splitlines() if (m := EDGE.match(line))}
        drawn = {(a, "end" if b == "[*]" else b) for a, b in edges if a != "[*]"}
        declared = {(a, b) for a, nexts in flow.steps.items() for b in nexts}
        assert ("[*]", START) in edges, flow.name
        assert drawn == declared, flow.name
        for step in flow.steps:
            assert step == START or hasattr(flow, f"on_{step}"), (flow.name, step)


def test_no_two_flows_answer_to_the_same_command() -> None:
    seen: dict[str, str] = {}
    for flow in all_flows():
        for word in flow.commands:
            word = word.lower().lstrip("/")
            assert word not in seen, f"{word!r}: {seen.get(word)} and {flow.name}"
            seen[word] = flow.name


def test_every_officer_text_is_in_hindi_and_bengali() -> None:
    files = ["officer_kit", "police", "keeper", "darogah", "magistrate"]
    missing = []
    for name in files:
        for _, msgid, _, _ in extract_from_file(
            "python", str(FLOW_DIR / f"{name}.py"), keywords={"t": None, "N_": None}
        ):
            for lang in ("hi", "bn"):
                if isinstance(msgid, str) and not translated(lang, msgid):
                    missing.append((lang, msgid))
    assert missing == []
