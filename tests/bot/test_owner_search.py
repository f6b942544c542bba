"""An owner who has no reference finds his cattle (issue 10, practice G18): first the seizures
recorded with him as owner, by his phone; else, from the village he names and the kind he lost,
the cattle held now in the pounds that serve it and its neighbours, and how to claim the ones he
picks. Typed in English, Hindi and Bengali, on the console and over SMS; reading only."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bot.channels.twilio.channel import TwilioConfig
from bot.registry import build_engine
from bot.types import Channel, Inbound
from office.inputs import AnimalsIn
from tests.chat import Chat
from tests.fakes import TwilioWebhooks
from tests.owner_search_world import SEARCHER, Held, load_milak, record_counts
from tests.units import act
from tests.world import World
from webhook.app import create_app

MOHAN = "+919222222222"  # the owner of record of Testpur's seizures (tests/world.py)
AUTH = "twilio-auth-token"
PUBLIC = "https://pound.example.org"


@pytest.fixture
def held(world: World) -> Held:
    return load_milak(world)


def refs_offered(chat: Chat, prefix: str = "held:") -> list[str]:
    return [o.removeprefix(prefix) for o in chat.options() if o.startswith(prefix)]


# --- his own, by his phone ------------------------------------------------------------------------


def test_the_owner_of_record_is_listed_his_seizures_by_his_phone(world: World) -> None:
    first = world.seize()
    world.tick(hours=2)
    from office.acts.keeper.arrival import register_arrival

    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=first,
        occurred_at=world.now,
        now=world.now,
    )
    world.tick(hours=1)
    second = world.seize(animals=[AnimalsIn("goat", 4, "brown")])
    world.on(date(2026, 3, 3), 12)
    chat = Chat(world, MOHAN)
    out = chat.say("MYCATTLE")
    assert "Seizures of cattle recorded as yours:" in out
    # Ref, pound, heads held, what is due today, the next deadline.
    assert (
        f"{first}: 2 cows (red, white blaze), 1 buffalo at Testpur thana pound; "
        "due today Rs 1-7-6; claim by March 8, 2026." in out
    )
    assert (
        f"{second}: 4 goats (brown), on the way to Testpur thana pound; "
        "complaint until March 11, 2026." in out
    )
    assert chat.options() == [f"ref:{second}", f"ref:{first}", "search"]
    out = chat.say("1")
    assert f"Seizure {second}" in out and "Owner: Mohan Lal of Kemri" in out


def test_a_reference_typed_still_shows_the_seizure(world: World, held: Held) -> None:
    chat = Chat(world, SEARCHER)
    out = chat.say(f"mycattle {held.bhot}")
    assert f"Seizure {held.bhot}: in the pound." in out
    chat.say("done")
    chat.say("mycattle")
    out = chat.say(held.bhot.lower())  # at the village question, a reference is a reference
    assert f"Seizure {held.bhot}: in the pound." in out


# --- no reference and none his: the cattle held near his village --------------------------------


def test_free_text_in_english_finds_them_in_a_neighbouring_pound_and_tells_how_to_claim(
    world: World, held: Held
) -> None:
    before = record_counts(world)
    chat = Chat(world, SEARCHER)
    out = chat.say("my 3 white cows went missing from Patwai yesterday")
    assert "That is not a reference" not in out
    assert "No seizure of cattle is recorded with you as their owner." in out
    assert "Held now in the pounds that serve Patwai and its neighbours:" in out
    # Seized in Bhot, held at the Bhot pound at Patwai's thana: a neighbour (G18).
    assert (
        f"{held.bhot}: 3 cows (सफ़ेद white), at Bhot pound since March 1, 2026, "
        "seized in Bhot. Due today Rs 1-2-9." in out
    )
    # Not the Saifni pound (another thana), not the released cows, not the buffaloes.
    assert refs_offered(chat) == [held.bhot]
    for other in (held.saifni, held.released, held.patwai):
        assert other not in out
    for private in ("Hari Singh", "Nandu", "+91", "Rampur"):
        assert private not in out
    out = chat.say("1")
    assert f"Seizure {held.bhot}: 3 cows (सफ़ेद white), at Bhot pound since March 1, 2026." in out
    assert "go to Bhot pound and satisfy the keeper (Keeper Bhagwan Das)" in out
    assert "he records you as their owner." in out and "G14" not in out
    assert "Bring Rs 1-2-9 today" in out and "it grows by Rs 0-2-3 for each more day" in out
    assert "Claim by March 8, 2026" in out and "(Sec VIII)" in out
    assert "seize" in chat.options()  # the menu again: no dead end
    # Reading only: nothing of the record was written, only the conversation.
    after = record_counts(world)
    assert {k: v for k, v in after.items() if k != "Conversation"} == {
        k: v for k, v in before.items() if k != "Conversation"
    }


def test_the_search_in_hindi_typed_as_a_villager_writes_it(world: World, held: Held) -> None:
    chat = Chat(world, SEARCHER)
    chat.say("भाषा")
    chat.say("2")
    # पटवई: the village as typed (the district writes पटवाई); मेरी starts the owner's flow.
    out = chat.say("मेरी 3 सफेद गाय पटवई से कल गायब")
    assert "मालिक के तौर पर आपके नाम कोई ज़ब्ती दर्ज नहीं है।" in out
    assert "पटवाई और आसपास के गाँवों के कांजी हाउसों में अभी बंद:" in out
    assert f"{held.bhot}: 3 गायें (सफ़ेद white), 1 मार्च 2026 से Bhot pound में" in out
    assert "भोट में ज़ब्त" in out and "आज ₹1-2-9 देना है" in out
    assert refs_offered(chat) == [held.bhot]
    out = chat.say("१")  # a Devanagari digit picks it
    assert "छुड़ाने के लिए Bhot pound जाएँ" in out and "G14" not in out
    assert "आज ₹1-2-9 लेकर आएँ" in out and "खुराक के ₹0-2-3 और जुड़ेंगे" in out
    assert "8 मार्च 2026 तक छुड़ा लें" in out


def test_found_by_phone_but_not_his_then_asked_village_and_kind_in_bengali(
    world: World, held: Held
) -> None:
    ref = world.seize()  # his, in Testpur
    chat = Chat(world, MOHAN)
    chat.say("ভাষা")
    chat.say("৩")
    out = chat.say("আমার")
    assert f"আটক {ref}" in out
    assert chat.options()[-2:] == ["search", "done"]
    out = chat.say("২")  # "এগুলো আমার নয়: গ্রাম দিয়ে খুঁজুন"
    assert "কোন গ্রাম থেকে হারিয়েছে" in out
    out = chat.say("কাকরৌয়া")  # Kakrauwa, in Bengali letters: served by the Bhot pound
    assert "কোন পশু, আর কয়টি?" in out and "kind:cow" in chat.options()
    out = chat.say("দুটো মহিষ")  # two buffaloes
    # Seized in Patwai, on their way to the Milak pound, at Kakrauwa's thana (G18).
    assert f"{held.patwai}: ২টি মহিষ (black), Milak thana pound-এ নিয়ে যাওয়া হচ্ছে" in out
    assert refs_offered(chat) == [held.patwai]
    out = chat.say("১")
    assert f"আটক {held.patwai}: ২টি মহিষ (black), Milak thana pound-এ নিয়ে যাওয়া হচ্ছে।" in out
    assert "জরিমানা ₹১-০-০ (ধারা ৬)" in out and "G14" not in out
    assert "ছাড়াতে খোঁয়াড়ে যান (Milak thana pound)" in out


def test_nothing_held_of_that_kind_is_said_with_the_pounds_searched(
    world: World, held: Held
) -> None:
    chat = Chat(world, SEARCHER)
    out = chat.say("missing")
    assert "From which village" in out
    chat.say("Saifni")
    out = chat.say("4 goats")
    assert (
        "No goat is held now in the pounds that serve Saifni and its neighbours: "
        "Saifni thana pound." in out
    )
    assert "ask again tomorrow (send MYCATTLE)" in out
    assert "seize" in chat.options()


def test_released_cattle_are_not_listed_and_what_is_released_later_drops_out(
    world: World, held: Held
) -> None:
    chat = Chat(world, SEARCHER)
    chat.say("my cattle")
    chat.say("Nankar")  # the released cows were seized in Nankar, Milak pound
    out = chat.say("cow")
    assert held.released not in out
    assert refs_offered(chat) == [held.bhot]
    # Paid for and released before he picks them: he is told, not sent to the pound.
    from office.acts.keeper.payment import record_payment
    from office.inputs import PersonIn
    from office.views.seizure import seizure_view
    from tests.owner_search_world import BHOT_KEEPER, _id

    due = seizure_view(world.db, ref=held.bhot, now=world.now)["due"]["total"]
    act(
        world.db,
        record_payment,
        actor_id=_id(world, BHOT_KEEPER),
        ref=held.bhot,
        amount=due,
        payer=PersonIn(name="Sukhram", residence="Bhot", phone="+919400000098"),
        occurred_at=world.now,
        now=world.now,
    )
    out = chat.say("1")
    assert f"Seizure {held.bhot} holds no cattle now." in out


def test_a_village_with_a_typo_is_offered_and_none_of_these_ends_politely(
    world: World, held: Held
) -> None:
    chat = Chat(world, SEARCHER)
    chat.say("my cattle")
    out = chat.say("Patwaii")
    assert "Did you mean one of these villages?" in out
    assert chat.options() == ["village:MILAK/Patwai"]
    chat.say("1")
    out = chat.say("any cow")
    assert refs_offered(chat) == [held.bhot]
    out = chat.say("none")
    assert "Then they are not held near there now." in out
    assert "seize" in chat.options()


def test_another_village_searches_again(world: World, held: Held) -> None:
    chat = Chat(world, SEARCHER)
    chat.say("lang en")  # English chosen: the Hindi name of the village leaves it his language
    chat.say("my 3 cows from Saifni")
    assert refs_offered(chat) == [held.saifni]  # Saifni's own pound, its thana alone
    chat.pick("another")
    out = chat.say("भोट")
    assert refs_offered(chat) == [held.bhot]  # the kind is remembered
    assert "Bhot and its neighbours" in out


# --- over SMS -------------------------------------------------------------------------------------


@pytest.fixture
def sms(world: World, held: Held) -> Iterator[TestClient]:
    world.on(date(2026, 3, 3), 12)
    config = TwilioConfig(account_sid="AC" + "3" * 32, auth_token=AUTH, public_url=PUBLIC)
    with TestClient(create_app(db=world.db, clock=lambda: world.now, twilio=config)) as client:
        yield client


hooks = TwilioWebhooks(AUTH, PUBLIC)


def said(answer: Any) -> str:
    assert answer.status_code == 200, answer.text
    return "\n".join(m.text or "" for m in ET.fromstring(answer.text).iter("Message"))


def test_over_sms_in_bengali_one_line_and_a_number(
    world: World, held: Held, sms: TestClient
) -> None:
    phone = "+919444444444"
    said(hooks.inbound(sms, phone, "ভাষা"))
    said(hooks.inbound(sms, phone, "৩"))
    out = said(hooks.inbound(sms, phone, "আমার ৩টি সাদা গরু পটওয়াই থেকে কাল হারিয়ে গেছে"))
    # One SMS: the question, and each seizure found a numbered choice of one line.
    assert out.startswith("পটওয়াই গ্রাম ও আশপাশে এখন আটক পশু। এর মধ্যে কি আপনার আছে?\n")
    assert f"\n1. {held.bhot}: ৩টি গরু, ভোট গ্রামে আটক\n" in out
    assert held.saifni not in out
    out = said(hooks.inbound(sms, phone, "১"))
    assert out.startswith(f"আটক {held.bhot}: ৩টি গরু; খোঁয়াড়: Bhot pound।")
    assert "আজ ₹১-২-৯ দিতে হবে, তারপর প্রতিদিন আরও ₹০-২-৩ করে।" in out
    pages = [out]
    while out.endswith("1. আরও দেখুন"):  # the rest a page at a time
        out = said(hooks.inbound(sms, phone, "১"))
        pages.append(out)
    told = "\n".join(pages)
    assert "ছাড়াতে খোঁয়াড়ে যান (Bhot pound)" in told and "৮ মার্চ" in told  # claim by
    assert out.endswith("\n1. মেনু")  # the menu in one line under the last answer


def test_over_sms_in_english_step_by_step_and_the_owner_by_his_phone(
    world: World, held: Held, sms: TestClient
) -> None:
    ref = world.seize()
    out = said(hooks.inbound(sms, MOHAN, "MYCATTLE"))
    assert out.startswith(f"Seizure {ref}: 2 cows, 1 buffalo, on the way to Testpur thana pound.")
    assert out.endswith("\n1. More\n2. Complain\n3. Not mine: search")
    out = said(hooks.inbound(sms, MOHAN, "3"))
    assert "From which village" in out
    out = said(hooks.inbound(sms, MOHAN, "Kakrauwa"))
    assert "Which animals" in out
    out = said(hooks.inbound(sms, MOHAN, "3 cow"))
    assert f"{held.bhot}: 3 cows" in out and held.saifni not in out
    world.tick(days=1)  # a day later the feeding has grown
    out = said(hooks.inbound(sms, MOHAN, "1"))
    assert "To pay today: Rs 1-5-0, then Rs 0-2-3 more each day." in out


def test_a_telegram_owner_known_by_his_contact_is_found_as_owner(world: World) -> None:
    from bot.types import Contact

    ref = world.seize()
    uid = 7_000_000_123  # Telegram ids pass 2^31
    engine = build_engine(world.db)
    engine.handle(
        Inbound(
            channel=Channel.TELEGRAM,
            address=str(uid),
            telegram_user_id=uid,
            contact=Contact(phone="+919222222222", user_id=uid),  # as the Telegram type reads it
        ),
        now=world.now,
    )
    replies = engine.handle(
        Inbound(channel=Channel.TELEGRAM, address=str(uid), telegram_user_id=uid, text="/mycattle"),
        now=world.now + timedelta(minutes=1),
    )
    assert f"Seizure {ref}" in "\n".join(r.text for r in replies)


def test_more_than_a_message_holds_are_counted_and_narrowed_by_count_and_colour(
    world: World, held: Held
) -> None:
    from tests.owner_search_world import BHOT_KEEPER, _arrive, _seize

    many = {n: _seize(world, "Kakrauwa", [AnimalsIn("cow", n, "red")]) for n in (1, 2, 5)}
    for ref in many.values():
        _arrive(world, ref, BHOT_KEEPER)
    chat = Chat(world, SEARCHER)
    out = chat.say("my cows from Patwai")
    assert len(refs_offered(chat)) == 3
    assert "1 more seizure there holds such cattle" in out
    out = chat.say("5 red")  # not a choice: what they are like
    assert refs_offered(chat)[0] == many[5]
    assert "5 cows (red)" in out


def test_unclaimed_and_noticed_he_is_told_the_notice_date_and_the_first_day_of_sale(
    world: World, held: Held
) -> None:
    from office.acts.darogah.notice import post_notice
    from office.acts.keeper.unclaimed import report_unclaimed
    from tests.owner_search_world import BHOT_KEEPER, MILAK_DAROGAH, _id

    world.on(date(2026, 3, 9), 10)  # the seven days from impounding are over (Sec VIII)
    act(
        world.db,
        report_unclaimed,
        actor_id=_id(world, BHOT_KEEPER),
        ref=held.bhot,
        occurred_at=world.now,
        now=world.now,
    )
    world.on(date(2026, 3, 10), 11)
    act(
        world.db,
        post_notice,
        actor_id=_id(world, MILAK_DAROGAH),
        ref=held.bhot,
        occurred_at=world.now,
        now=world.now,
        proclaimed_in=["Bhot", "Milak market"],
    )
    world.on(date(2026, 3, 12), 9)
    chat = Chat(world, SEARCHER)
    chat.say("my 3 cows from Kakrauwa")
    assert refs_offered(chat) == [held.bhot]
    out = chat.say("1")
    assert "The notice was posted on March 10, 2026; they may be sold from March 18, 2026" in out
    assert "Claim by" not in out
    # Fed every day since 1 March: the figure has grown.
    assert "Bring Rs 2-7-0 today" in out
