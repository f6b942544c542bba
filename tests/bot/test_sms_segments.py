"""Short SMS: every reply to a private person, and the menu, within its budget of segments.

A reply fits 2 segments in English (GSM-7) and 3 in Hindi or Bengali (UCS-2, 67 characters a
segment once split); the menu 1 and 2. Measured two ways, with the longest realistic values (six-
letter references, long village, pound and person names, amounts in lakhs, three kinds):
the real flows driven over the SMS channel, each message as Twilio would send it; and every text
of the private flows, the engine and the refusals rendered alone, so that one no conversation
reaches here is measured too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from babel.messages.extract import extract_from_file

from bot import words
from bot.engine import Engine
from bot.i18n import translator
from bot.registry import all_flows, build_engine
from bot.segments import segments, texts_for
from bot.types import Channel, Inbound, Reply
from bot.words import counted
from law.money import PAISE
from models import Database
from office.acts.keeper.arrival import register_arrival
from office.jurisdiction import load_jurisdiction_text
from office.people import find_or_add_person, person_by_phone
from tests.sms_segments import sms_segments
from tests.units import act, tx

IST = ZoneInfo("Asia/Kolkata")
LANGS = ("en", "hi", "bn")
REPLY_BUDGET = {"en": 2, "hi": 3, "bn": 3}
MENU_BUDGET = {"en": 1, "hi": 2, "bn": 2}

# A district with names as long as real ones get: the pound and villages are the demo district's
# and longer, the keeper's and the owner's names long, the money in paise (Rs 12,34,567.50).
LONG = """
[district]
name = "Rampur Kotwali"
code = "RMPLONG"
timezone = "Asia/Kolkata"
profile = "cta-1871-modern"
languages = ["en", "hi", "bn"]

[[pound]]
code = "RMP"
name = "Rampur Kotwali thana pound"
thana = "RAMPUR"
villages = [
    { name = "Tanda Badri Kalan", names = { hi = "टांडा बादरी कलां", bn = "টান্ডা বাদরি কলাঁ" } },
    { name = "Kakrauwa Khurd", names = { hi = "ककरौआ खुर्द", bn = "কাকরৌয়া খুর্দ" } },
]

[[pound]]
code = "SHB"
name = "Shahabad tahsil thana pound"
thana = "SHAHABAD"
villages = ["Shahabad", "Saifni"]

[[pound]]
code = "BLP"
name = "Bilaspur thana pound"
thana = "BILASPUR"
villages = ["Baidyapur", "Bilaspur"]

[[excluded]]
village = "Chamraua"
reason = "Tarai forest grant, excluded by the local Government"

[[person]]
name = "Pandit Shiv Narayan Tiwari"
residence = "Rampur Kotwali"
phone = "+919800010101"
roles = ["keeper:RMP"]

[[person]]
name = "Syed Ahmad Ali"
residence = "Rampur Kotwali"
phone = "+919800010301"
roles = ["police:RAMPUR"]

[[feeding_rate]]
kinds = ["camel", "buffalo"]
per_day = "12.50"
from = 2024-04-01

[[feeding_rate]]
kinds = ["horse", "tattoo", "bull", "bullock", "cow"]
per_day = "8.75"
from = 2024-04-01

[[feeding_rate]]
kinds = ["calf", "ass"]
per_day = "6.25"
from = 2024-04-01

[[feeding_rate]]
kinds = ["sheep", "goat"]
per_day = "3.50"
from = 2024-04-01
"""

SEIZER = "+919811144455"
KEEPER = "+919800010101"
OWNER = "+919822255566"
STRANGER = "+919833366677"
SEEKER = "+919844477788"
SEIZER_NAME = "Ram Prasad Yadav Chaudhary"
OWNER_NAME = "Mohammad Abdul Karim Ansari"
START = datetime.combine(date(2026, 9, 27), time(10), IST).astimezone(UTC)


@dataclass
class Sent:
    """One turn: what was typed, the SMS the office answers it with, and their budget."""

    lang: str
    typed: str
    texts: list[str]
    budget: int

    @property
    def segments(self) -> int:
        return sum(sms_segments(text) for text in self.texts)

    def shown(self) -> str:
        return "\n".join(
            f"[SMS {i}/{len(self.texts)}, {sms_segments(x)} segments]\n{x}"
            for i, x in enumerate(self.texts, 1)
        )


@dataclass
class Sms:
    """A person on a feature phone: each message typed, and all the SMS the office answers it
    with, counted together."""

    db: Database
    engine: Engine
    phone: str
    lang: str
    clock: list[datetime]
    sent: list[Sent] = field(default_factory=list)
    last: list[Reply] = field(default_factory=list)

    def say(self, text: str) -> str:
        inbound = Inbound(channel=Channel.SMS, address=self.phone, text=text)
        self.last = self.engine.handle(inbound, now=self.clock[0])
        out = texts_for(self.last)
        # The menu asked for has the menu's budget; any other answer, with what follows it, a
        # reply's.
        menu = words.says(text, words.MENU, typo=False)
        budget = (MENU_BUDGET if menu else REPLY_BUDGET)[self.lang]
        self.sent.append(Sent(self.lang, text, out, budget))
        return "\n".join(out)

    def options(self) -> list[str]:
        return [o.value for r in self.last for o in r.options]

    def pick(self, value: str) -> str:
        """Send the number of the option `value`, as a person reads it off the SMS."""
        assert value in self.options(), (value, self.last)
        return self.say(str(self.options().index(value) + 1))

    def read_on(self) -> None:
        """Ask for the next page of a long answer while there is one."""
        for _ in range(10):
            if "more" not in self.options():
                return
            self.pick("more")
        raise AssertionError("more than ten pages")


def load(db: Database) -> None:
    act(db, load_jurisdiction_text, LONG, now=START, origin="rampur-long.toml")
    with tx(db) as s:
        find_or_add_person(s, name=OWNER_NAME, residence="Kakrauwa Khurd", phone=OWNER, now=START)


def chat(db: Database, engine: Engine, phone: str, lang: str, clock: list[datetime]) -> Sms:
    person = Sms(db, engine, phone, lang, clock)
    if lang != "en":
        person.say(f"lang {lang}")
    return person


def over(sent: list[Sent]) -> list[str]:
    return [
        f"[{m.lang}] after {m.typed!r}: {m.segments} > {m.budget} segments:\n{m.shown()}"
        for m in sent
        if m.segments > m.budget
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_every_sms_of_the_private_conversations_fits_its_budget(db: Database, lang: str) -> None:
    load(db)
    engine = build_engine(db)
    clock = [START]
    sent: list[Sent] = []

    # A cultivator the office does not know reports a seizure step by step, with a typo.
    hari = chat(db, engine, SEIZER, lang, clock)
    hari.say("menu")
    hari.say("help")
    hari.say("seize")
    hari.say(SEIZER_NAME)
    hari.say("Tanda Badri Kalan")
    hari.say("Tanda Badri Kalan")
    hari.say("the sugarcane field east of the old well")
    hari.say("12 cow red, white blaze")
    hari.say("buffalo")
    hari.say("3 black, long horns")
    hari.say("kangaroo")
    hari.say("2 goat")
    hari.say("done")
    hari.say("ate and trampled the young sugarcane")
    hari.say(OWNER_NAME)
    hari.say("Kakrauwa Khurd")
    hari.say("98222 5556")  # a digit short: refused at once
    hari.say("98222 55566")
    hari.say("yes")
    hari.say("skip")
    hari.say("change")
    hari.say("4")  # damage
    hari.say("broke the fence and ate the standing wheat")
    recorded = hari.say("1")
    ref = re.search(r"\b[A-Z0-9]{6}\b", recorded.split("\n")[0])
    assert ref is not None, recorded
    sent += hari.sent

    # A stranger asks the status (the public view), the rates, and makes mistakes.
    stranger = chat(db, engine, STRANGER, lang, clock)
    stranger.say(f"status {ref.group(0)}")
    stranger.say("status ZZZZZZ")
    stranger.say("status")
    stranger.say("not a ref")
    stranger.say("cancel")
    stranger.say("cancel")
    stranger.say("rates")
    stranger.say("Tanda Badri Kalan")
    stranger.say("rates RMP")
    stranger.say("rates XYZ")
    stranger.say("what is this")
    stranger.say("seize 2 cow Chamraua")
    stranger.say("cancel")
    sent += stranger.sent

    # The keeper registers the cattle; days later the owner asks and complains.
    with db.reading() as s:
        keeper = person_by_phone(s, KEEPER)
        keeper_id = keeper.id if keeper is not None else None
    assert keeper_id is not None
    act(
        db,
        register_arrival,
        actor_id=keeper_id,
        ref=ref.group(0),
        occurred_at=START + timedelta(hours=3),
        now=START + timedelta(hours=3),
    )
    clock[0] = START + timedelta(days=3)
    owner = chat(db, engine, OWNER, lang, clock)
    owner.say("mycattle")
    owner.read_on()
    owner.pick("complain")
    owner.pick("agent")
    owner.say("the cattle were grazing on common land, not in his field")
    owner.pick("confirm")
    owner.say("status " + ref.group(0))
    owner.read_on()
    sent += owner.sent

    # Another villager looks for his cattle by village and kind, and claims them.
    seeker = chat(db, engine, SEEKER, lang, clock)
    seeker.say("missing")
    seeker.say("Kakrauwa Khurd")
    seeker.say("3 cow white")
    seeker.pick("another")
    seeker.say("Tanda Badri Kalan")
    seeker.pick("none")
    seeker.say("missing 12 cow from Tanda Badri Kalan")
    seeker.pick(f"held:{ref.group(0)}")
    seeker.read_on()
    seeker.say("missing 2 camel from Kakrauwa Khurd")
    sent += seeker.sent

    problems = over(sent)
    assert not problems, f"{len(problems)} SMS over budget:\n\n" + "\n\n".join(problems)


# --- every text alone, with the longest realistic values --------------------------------------

# The files whose texts a private person reads: the engine, the refusals, the private flows and
# the channels' own texts.
BOT = Path(__file__).resolve().parents[2] / "bot"
PRIVATE_SOURCES = (
    "engine.py",
    "errors.py",
    "words.py",
    "flows/base.py",
    "flows/anyone.py",
    "flows/seize.py",
    "flows/owner.py",
    "flows/owner_search.py",
    "flows/pointing.py",
    "channels/telegram/__init__.py",
)
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def private_msgids() -> list[str]:
    found: list[str] = []
    for name in PRIVATE_SOURCES:
        for _line, message, _comments, _context in extract_from_file(
            "python", BOT / name, keywords={"t": None, "N_": None}
        ):
            if isinstance(message, str) and message and message not in found:
                found.append(message)
    return found


def long_values(lang: str) -> dict[str, object]:
    """Each placeholder's longest realistic value, as the flows fill it in `lang`."""
    t = translator(lang)
    animals = ", ".join(
        [
            counted(t, 12, "cow") + " (red, white blaze)",
            counted(t, 3, "buffalo") + " (black, long horns)",
            counted(t, 2, "goat"),
        ]
    )
    money = PAISE.format(123456750)  # Rs 12,34,567.50
    person = t("{name} of {place}", name=OWNER_NAME, place="Kakrauwa Khurd")
    return {
        "ref": "KX7M2Q",
        "id": 1234,
        "complaint_id": 1234,
        "number": 12345,
        "n": 12,
        "status": t("unclaimed, notice posted and proclaimed (Sec VIII)"),
        "seizer": t("{name} of {place}", name=SEIZER_NAME, place="Tanda Badri Kalan"),
        "reporter": t("{name} of {place}", name="Syed Ahmad Ali", place="Rampur Kotwali"),
        "owner": person,
        "agent": SEIZER_NAME,
        "name": OWNER_NAME,
        "keeper": "Pandit Shiv Narayan Tiwari",
        "animals": animals,
        "cattle": animals,
        "where": t(
            "at {pound} since {date}",
            pound="Rampur Kotwali thana pound",
            date=t.day(date(2026, 9, 27)),
        ),
        "district": "Rampur Kotwali",
        "km": "14.9",
        "notice": t.day(date(2026, 10, 5)),
        "sale": t.day(date(2026, 10, 12)),
        "kind": t("buffalo"),
        "kinds": ", ".join(t(k) for k in ("horse", "pony", "bull", "bullock", "cow")),
        "word": "kangaroo",
        # What a conversation left unfinished was doing: the longest of the menus' lines.
        "what": max((t(f.menu) for f in all_flows() if f.menu), key=len),
        "pound": "Rampur Kotwali thana pound",
        "pounds": "Rampur Kotwali thana pound, Milak Khas pound",
        "village": "Tanda Badri Kalan",
        "place": "the sugarcane field east of the old well",
        "damage": "ate and trampled the young sugarcane",
        "answer": t("attached"),
        "code": "RMP",
        "fine": money,
        "feeding": money,
        "total": money,
        "per_day": PAISE.format(1250050),
        "day": t.day(date(2026, 9, 30)),
        "date": t.day(date(2026, 9, 30)),
        "start": t.day(date(2026, 9, 30)),
        "section": "XIV",
        "rule": "G14",
        "limit": 5,
        "national": "081234 56789",
        "international": "+91 81234 56789",
        # A refusal's detail as the office writes it (law/errors.py).
        "message": "no seizure 'KX7M2Q' in Rampur Kotwali thana pound",
    }


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_of_the_private_flows_alone_fits_a_reply(lang: str) -> None:
    t = translator(lang)
    values = long_values(lang)
    msgids = private_msgids()
    assert "Which pound? Send its name or your village." in msgids
    unknown = sorted(
        {
            f
            for m in msgids
            for f in PLACEHOLDER.findall(m)
            if f not in values and not f.startswith("say_")
        }
    )
    assert not unknown, f"no long value for {unknown}"
    over = []
    for msgid in msgids:
        text = t(msgid, **values)
        if sms_segments(text) > REPLY_BUDGET[lang]:
            over.append(f"{sms_segments(text)} segments: {text}")
    assert not over, f"{len(over)} texts over {REPLY_BUDGET[lang]} segments:\n" + "\n".join(over)


def test_the_counter_agrees_with_the_channel_and_with_the_standard() -> None:
    """The budget's counter (tests/sms_segments.py) and the channel's agree, at the edges."""
    cases = {
        "a" * 160: 1,
        "a" * 161: 2,
        "a" * 306: 2,
        "a" * 307: 3,
        "€" * 80: 1,  # an extension character costs two septets
        "€" * 81: 2,
        "क" * 70: 1,
        "क" * 71: 2,
        "क" * 134: 2,
        "क" * 135: 3,
        "a" * 159 + "क": 3,  # one Devanagari letter sends it all as UCS-2
    }
    for text, expected in cases.items():
        assert sms_segments(text) == expected == segments(text), text[:12]


@pytest.mark.parametrize("lang", LANGS)
def test_rates_answer_for_one_pound_in_a_segment_a_row_or_two(db: Database, lang: str) -> None:
    """RATES names the asker's pound only, at most one segment for every two kinds it lists."""
    load(db)
    engine = build_engine(db)
    clock = [START]
    owner = chat(db, engine, OWNER, lang, clock)  # he lives in Kakrauwa Khurd: Rampur's pound
    owner.sent.clear()
    out = owner.say("rates")
    owner.read_on()  # the schedule a page at a time, each within the budget
    assert "Rampur Kotwali thana pound" in out
    assert "Shahabad" not in out and "Bilaspur" not in out
    kinds = 11  # the Sec VI scale: camel, buffalo, horse, pony, bull, bullock, cow, calf, ...
    assert sum(m.segments for m in owner.sent) <= (kinds + 1) // 2
    assert all(m.segments <= m.budget for m in owner.sent)
    shown = "\n".join(x for m in owner.sent for x in m.texts)
    t = translator(lang)
    assert all(t(k) in shown for k in ("camel", "cow", "calf", "goat")), shown
    # A stranger names a village; the pound serving it answers.
    stranger = chat(db, engine, STRANGER, lang, clock)
    assert "Rampur Kotwali thana pound" in stranger.say("rates Tanda Badri Kalan")
    assert "Shahabad tahsil thana pound" in stranger.say("rates saifni")


def test_replies_are_packed_into_as_few_sms_as_segments_allow() -> None:
    """A reply that offers nothing goes in one SMS with the next where the two fit in no more
    segments than apart; a line too long for one SMS is cut between its words, and the options
    go with its last words."""
    from bot.sms_budget import pack
    from bot.types import Option

    note, question = Reply("पहले इसका जवाब दें।"), Reply("कौन सा गाँव?", (Option("skip", "छोड़ें"),))
    assert pack([note, question], "hi") == [
        Reply("पहले इसका जवाब दें।\nकौन सा गाँव?", question.options)
    ]
    # Two texts of one segment each would be three together (67 a segment once split).
    full = Reply("क" * 70)
    assert pack([full, full], "hi") == [full, full]
    words = " ".join(["शब्द"] * 70)  # 349 characters: two SMS, of three segments and of three
    menu = (Option("menu", "मेनू"),)
    packed = pack([Reply(words, menu)], "hi")
    assert [r.options for r in packed] == [(), menu]
    assert " ".join(r.text for r in packed) == words
    assert all(sms_segments(t) <= 3 for t in texts_for(packed))
    # A heading over a line too long for one SMS shares its SMS with the line's first words.
    headed = pack([Reply("नकल:\n" + words, menu)], "hi")
    assert len(headed) == 2 and headed[0].text.startswith("नकल:\nशब्द शब्द"), headed
    assert f"{headed[0].text} {headed[1].text}" == "नकल:\n" + words
    # A heading that opens the next reply ends the SMS before it, where there is room.
    done = Reply("दर्ज हो गया।")
    moved = pack([done, Reply("नकल:\n" + words, menu)], "hi")
    assert moved[0].text == "दर्ज हो गया।\nनकल:" and len(moved) == 3, moved
