"""Conversations typed in Hindi and Bengali, as a new user types them, not tapped on buttons
(issue 10): kinds, numbers, villages, yes and no, skip and done in Devanagari and Bengali letters
and digits; villages in their own script; the menu again after every last answer, a cancel or a
language change; texts that tell the word to send in the reader's language. On the console and
over SMS (Twilio's signed webhook, TwiML answers)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import select

from bot.channels.twilio.channel import TwilioConfig
from bot.types import Channel
from models import Animal, Seizure, Village
from office.inputs import AnimalsIn
from office.jurisdiction import load_jurisdiction
from office.views.lookup import match_village
from tests.chat import Chat
from tests.fakes import TwilioWebhooks
from tests.units import act
from tests.world import World
from webhook.app import create_app

HARI = "+919111111111"  # a cultivator the office knows (Rampur)
MOHAN = "+919222222222"  # an owner
KEEPER = "+919000000001"
POLICE = "+919000000003"
MAGISTRATE = "+919000000005"
DEMO = Path(__file__).resolve().parents[2] / "pound" / "data" / "demo.toml"
AUTH = "twilio-auth-token"
PUBLIC = "https://pound.example.org"


def seizures(world: World) -> list[Seizure]:
    with world.db.reading() as s:
        rows = list(s.exec(select(Seizure)).all())
        s.expunge_all()
        return rows


def kinds_of(world: World, ref: str) -> dict[str, int]:
    with world.db.reading() as s:
        seizure = s.exec(select(Seizure).where(Seizure.ref == ref)).one()
        out: dict[str, int] = {}
        for animal in s.exec(select(Animal).where(Animal.seizure_id == seizure.id)).all():
            out[animal.kind] = out.get(animal.kind, 0) + 1
        return out


def in_hindi(chat: Chat) -> None:
    """The language chosen by typing the word for it and a number, then the menu again."""
    assert chat.say("भाषा") and chat.options()[:3] == ["lang:en", "lang:hi", "lang:bn"]
    chat.say("2")
    assert "seize" in chat.options()  # no dead end: the menu follows the change


def in_bengali(chat: Chat) -> None:
    assert chat.say("ভাষা") and chat.options()[:3] == ["lang:en", "lang:hi", "lang:bn"]
    chat.say("৩")  # a Bengali digit picks the third
    assert "seize" in chat.options()


# --- a seizure reported in Hindi, on the console --------------------------------------------------


def test_a_seizure_is_reported_in_hindi_words_and_digits_and_recorded(world: World) -> None:
    chat = Chat(world, HARI)
    in_hindi(chat)
    # ज़ब्त with a nukta; the village written in Devanagari (its transliteration is रम्पुर).
    assert "किस गाँव" in chat.say("ज़ब्त")
    assert "खेत" in chat.say("रामपुर")  # taken at once: no choice to make
    chat.say("कुएँ के पूर्व वाला गन्ने का खेत")
    out = chat.say("3 गाय लाल")
    assert '"बस"' in out  # "Any more animals? ... or बस", the Hindi word, not DONE
    assert "DONE" not in out
    assert "कितने" in chat.say("भैंस")  # the kind alone: how many?
    chat.say("दो काली")
    chat.say("बस")
    chat.say("गन्ना खा गए और रौंद दिया")
    out = chat.say("छोड़ें")  # no owner named
    assert "पुलिस" in out  # police aid?
    chat.say("हाँ")
    summary = chat.say("छोड़ें")  # no photo
    assert "3 गायें (लाल), 2 भैंसें (काली)" in summary
    assert seizures(world) == []  # nothing before the yes
    done = chat.say("हाँ")
    [seizure] = seizures(world)
    assert seizure.ref in done and seizure.police_aid_requested and seizure.owner_id is None
    assert kinds_of(world, seizure.ref) == {"cow": 3, "buffalo": 2}
    # 3 cows at 4 annas and 2 buffaloes at 8: Rs 1-12-0, written as Hindi readers write it.
    assert "वहाँ जुर्माना ₹1-12-0 होगा (धारा 6)" in done and "Rs " not in done
    # No dead end: the menu is offered under the last answer, so "2" is a choice.
    menu = chat.options()
    assert "seize" in menu and "status" in menu
    out = chat.say(str(menu.index("status") + 1))
    assert "ज़ब्ती नंबर" in out  # the status flow asks for the reference: the number was a choice


def test_hindi_number_words_and_a_kind_first_are_read(world: World) -> None:
    chat = Chat(world, HARI)
    in_hindi(chat)
    chat.say("जब्त")
    chat.say("रामपुर")
    chat.say("खेत")
    chat.say("तीन बकरी")
    chat.say("गाय ४ सफ़ेद")  # the kind first, then the count, in Devanagari digits
    chat.say("बस")
    chat.say("फसल खाई")
    chat.say("नहीं")  # no owner known: a no skips
    chat.say("नहीं")  # no police aid
    summary = chat.say("छोड़ो")
    assert "3 बकरियाँ, 4 गायें (सफ़ेद)" in summary
    assert "पुलिस सहायता: नहीं" in summary
    # A no at the summary: the report is not right, so what to change is asked, not the
    # summary shown again; nothing is recorded and nothing of the draft is lost.
    assert "change:damage" not in chat.options()
    chat.say("na")
    assert "change:damage" in chat.options()
    # Nothing to change after all ("it is fine"): the summary again, to confirm.
    assert "फसल खाई" in chat.say("ठीक है")
    assert chat.options() == ["confirm", "change", "cancel"]
    with world.db.reading() as s:
        assert s.exec(select(Seizure)).first() is None


def test_an_animal_nobody_knows_is_refused_with_the_hindi_names_and_a_pig_by_sec_xviii(
    world: World,
) -> None:
    chat = Chat(world, HARI)
    in_hindi(chat)
    chat.say("जब्त")
    chat.say("रामपुर")
    chat.say("खेत")
    out = chat.say("2 कुत्ता")
    assert "कुत्ता?" in out and "गाय" in out and "भैंस" in out and "बकरी" in out
    assert "cow" not in out and "buffalo" not in out
    out = chat.say("2 सूअर")
    assert "(धारा 18)" in out  # pigs: a complaint to the Magistrate, never impounded
    assert seizures(world) == []


def test_cancel_in_hindi_drops_the_draft_and_the_next_number_is_a_menu_choice(
    world: World,
) -> None:
    chat = Chat(world, HARI)
    chat.say("lang en")  # he chose English: the words of every language still work
    chat.say("जब्त")
    chat.say("रामपुर")
    out = chat.say("रद्द")
    assert out.startswith("Cancelled")
    assert "seize" in chat.options()
    assert "In which village" in chat.say("1")  # "1" starts the first choice of the menu


def test_the_menu_word_in_hindi_and_bengali_shows_the_menu(world: World) -> None:
    for word in ("मेनू", "मेनु", "মেনু", "नमस्ते"):
        chat = Chat(world, HARI)
        chat.say(word)
        assert "seize" in chat.options(), word
        assert "I did not understand" not in chat.last[0].text


def test_help_tells_the_words_in_the_readers_language(world: World) -> None:
    chat = Chat(world, HARI)
    in_bengali(chat)
    out = chat.say("সাহায্য")
    assert '"বাতিল"' in out and '"ভাষা"' in out
    assert "CANCEL" not in out and "LANG" not in out


# --- villages in their own script -----------------------------------------------------------------


def test_villages_are_found_in_devanagari_and_bengali_given_or_transliterated(
    world: World,
) -> None:
    # Transliterated where the file gives no names (the test district gives none): Kemri is
    # guessed as केम्रि and কেম্রি, and found as villagers write it.
    for typed in ("केमरी", "কেমরী", "रामपुर", "রামপুর"):
        place, _ = match_village(world.db, typed)
        assert place is not None and place.district_code == "TESTPUR", typed
    act(world.db, load_jurisdiction, DEMO, now=world.now)
    # Given in the district file.
    for typed, name in (
        ("বৈদ্যপুর", "Baidyapur"),
        ("वैद्यपुर", "Baidyapur"),
        ("বৈদ্যপূর", "Baidyapur"),  # a long u for the short one: the same word
        ("বৈদযপুর", "Baidyapur"),  # without the virama: the same consonants
        ("रामपुर खास", "Rampur Khas"),
        ("ঢাকিয়া", "Dhakia"),
    ):
        place, _ = match_village(world.db, typed)
        assert place is not None and place.name == name, typed
    # The name the demo gives in Bengali is its Kemri; the test district's is only guessed.
    place, _ = match_village(world.db, "কেমরী")
    assert place is not None and place.district_code == "RAMPUR-DEMO"
    # One typo in a consonant: offered to choose, not taken.
    place, close = match_village(world.db, "বৈদ্যপুব")
    assert place is None and [p.name for p in close] == ["Baidyapur"]
    with world.db.reading() as s:
        baidyapur = s.exec(select(Village).where(Village.name == "Baidyapur")).one()
        assert baidyapur.names == {"hi": "वैद्यपुर", "bn": "বৈদ্যপুর"}


def test_the_villages_offered_are_named_in_the_readers_script(world: World) -> None:
    act(world.db, load_jurisdiction, DEMO, now=world.now)
    chat = Chat(world, HARI)
    in_bengali(chat)
    chat.say("আটক")
    chat.say("বৈদ্যপুব")  # a typo: the close village is offered
    assert chat.options() == ["village:Baidyapur"]
    assert chat.labels() == ["বৈদ্যপুর"]
    assert "ঠিক কোথায়" in chat.say("১")


# --- the police, in Bengali -----------------------------------------------------------------------


def test_the_police_report_strays_and_confirm_conveyance_in_bengali(world: World) -> None:
    chat = Chat(world, POLICE)
    in_bengali(chat)
    chat.say("বেওয়ারিশ")
    assert set(chat.options()) == {"Rampur", "Kemri"}
    chat.say("কেমরী")  # the village in Bengali letters (Kemri)
    chat.say("পুকুরের পাশের রাস্তা")
    out = chat.say("২টি গরু, ১টি মহিষ")
    assert "২টি গরু" in out and '"বাদ"' in out  # the word to skip, in Bengali
    chat.say("লাল")
    chat.say("বাদ")
    summary = chat.say("হ্যাঁ")
    [seizure] = seizures(world)
    assert seizure.ground == "stray"
    assert kinds_of(world, seizure.ref) == {"cow": 2, "buffalo": 1}
    assert f'"পৌঁছানো {seizure.ref}"' in summary and "CONVEY" not in summary
    # The word the text named starts the next act.
    out = chat.say(f"পৌঁছানো {seizure.ref}")
    assert "Testpur thana pound" in out and "pound pound" not in out
    out = chat.say("হ্যাঁ")
    assert seizure.ref in out
    with world.db.reading() as s:
        conveyed = s.exec(select(Seizure).where(Seizure.ref == seizure.ref)).one()
        assert conveyed.conveyed_at is not None


def test_a_no_in_bengali_records_nothing(world: World) -> None:
    chat = Chat(world, POLICE)
    chat.say("lang en")  # he chose English: the words of every language still work
    chat.say("বেওয়ারিশ")
    chat.say("Kemri")
    chat.say("the road")
    chat.say("দুটো গরু")  # a number word with its counter
    chat.say("-")
    out = chat.say("নাহ")
    assert "Nothing was recorded" in out
    assert seizures(world) == []


# --- the keeper, in Hindi -------------------------------------------------------------------------


def test_the_keeper_registers_an_arrival_with_a_count_in_hindi(world: World) -> None:
    ref = world.seize()
    world.tick(hours=2)
    chat = Chat(world, KEEPER)
    in_hindi(chat)
    out = chat.say(f"आगमन {ref}")
    assert ref in out and chat.options()[0] == "ok"
    assert "कितने" in chat.say("2")  # correct the count: how many?
    out = chat.say("तीन")  # as reported: read, and not asked again
    assert "संख्या भेजें" not in out and chat.options()[0] == "ok"
    out = chat.say("हाँ")
    assert "TPR/" in out
    with world.db.reading() as s:
        seizure = s.exec(select(Seizure).where(Seizure.ref == ref)).one()
        assert seizure.impounded_at is not None


@pytest.mark.parametrize("typed", ["aagaman {ref}", "amad {ref}", "agomon {ref}"])
def test_the_keeper_types_the_word_of_an_arrival_in_latin_letters(world: World, typed: str) -> None:
    """Over SMS many keepers type Hindi or Bengali in Latin letters: "aagaman" (आगमन), "agomon"
    (আগমন) start the arrival as the words in their own script do, where they were no command."""
    ref = world.seize()
    world.tick(hours=2)
    chat = Chat(world, KEEPER, Channel.SMS)
    out = chat.say(typed.format(ref=ref))
    assert ref in out and chat.options()[0] == "ok", out


def test_a_command_typed_at_a_page_of_a_status_is_read_as_one(world: World) -> None:
    """Over SMS a long status is sent a page at a time ("1. More"); nothing is asked there, so
    the keeper's next command ("aagaman REF") starts his act, where it was read as the page's
    answer and the status was sent again."""
    ref = world.seize()
    world.tick(hours=2)
    chat = Chat(world, KEEPER, Channel.SMS)
    chat.say(f"status {ref}")
    assert chat.options() == ["more"]
    out = chat.say(f"aagaman {ref}")
    assert chat.options()[0] == "ok", out


def test_the_keeper_records_a_death_typed_in_hindi(world: World) -> None:
    ref = world.seize()
    world.tick(hours=1)
    keeper = Chat(world, KEEPER)
    keeper.say("lang en")  # he chose English, and types the words of the act in Hindi
    keeper.say(f"arrive {ref}")
    keeper.say("yes")
    world.tick(hours=1)
    keeper.say(f"हानि {ref}")
    assert "Which animal?" in keeper.last[0].text
    number = keeper.options()[0]
    out = keeper.say("१" if number == "1" else number)
    assert "die or escape" in out
    keeper.say("मर गया")
    out = keeper.say("साँप ने काटा")
    assert "died" in out
    assert "Recorded (practice G7)" in keeper.say("हाँ")
    with world.db.reading() as s:
        dead = s.exec(select(Animal).where(Animal.status == "died")).all()
        assert len(dead) == 1


def test_the_keeper_releases_on_a_bengali_yes(world: World) -> None:
    ref = world.seize()
    world.tick(hours=1)
    keeper = Chat(world, KEEPER)
    keeper.say(f"arrive {ref}")
    keeper.say("yes")
    world.tick(hours=3)
    in_bengali(keeper)
    out = keeper.say(f"মুক্তি {ref}")
    assert ref in out and "yes" in keeper.options()
    out = keeper.say("হ্যাঁ")
    assert "৩টি পশু ছাড়া হল" in out  # the count in Bengali digits
    with world.db.reading() as s:
        left = s.exec(select(Animal).where(Animal.status == "impounded")).all()
        assert left == []


# --- the owner, the Magistrate, rates -------------------------------------------------------------


def test_the_owner_finds_his_cattle_in_bengali_and_is_offered_the_menu(world: World) -> None:
    world.seize()
    chat = Chat(world, MOHAN)
    in_bengali(chat)
    out = chat.say("আমার গরু")
    assert "২টি গরু" in out  # his cattle in Bengali, with their plural, in Bengali digits
    chat.say("শেষ")
    assert "seize" in chat.options()  # the menu again


def test_the_rates_asked_in_hindi_end_in_the_menu(world: World) -> None:
    chat = Chat(world, HARI)
    chat.say("lang en")  # he chose English: the words of every language still work
    # Hari lives in Rampur: the rates of the pound serving it, without asking which.
    out = chat.say("दरें")
    assert "Testpur thana pound" in out and "Dhakia" not in out
    assert "seize" in chat.options()
    # The next number is a choice of the menu, not "I did not understand that".
    out = chat.say("1")
    assert "did not understand" not in out and "In which village" in out


def test_the_magistrate_orders_a_recovery_typed_in_hindi(world: World) -> None:
    from tests.bot.test_case_flows import convicted

    case_id = convicted(world)
    world.on(date(2026, 3, 12), 11)
    chat = Chat(world, MAGISTRATE)
    chat.say("lang en")  # he chose English: the words of every language still work
    chat.say("वसूलीआदेश")
    assert chat.options() == [str(case_id)]
    chat.say("1")
    chat.say("तीन गाय, एक भैंस")
    chat.say("लाल और काली")
    chat.say("रामपुर")  # the village in Devanagari: the register's Rampur
    chat.say("घर के पीछे का बाड़ा")
    out = chat.say("अपने")  # the convict's own cattle
    assert "3 cows (लाल और काली), 1 buffalo (लाल और काली)" in out
    assert "Rampur (Sec XVII)" in out
    out = chat.say("हाँ")
    assert "Order recorded (Sec XVII)" in out and "4 head" in out


def test_a_number_in_bengali_picks_an_option(world: World) -> None:
    world.seize()
    world.seize()
    chat = Chat(world, MOHAN)
    chat.say("mycattle")
    refs = [o for o in chat.options() if o.startswith("ref:")]  # and "search": not mine
    assert len(refs) == 2
    out = chat.say("২")
    assert refs[1].removeprefix("ref:") in out


# --- over SMS -------------------------------------------------------------------------------------


@pytest.fixture
def sms(world: World) -> Iterator[TestClient]:
    world.on(date(2026, 3, 1), 12)
    config = TwilioConfig(account_sid="AC" + "3" * 32, auth_token=AUTH, public_url=PUBLIC)
    with TestClient(create_app(db=world.db, clock=lambda: world.now, twilio=config)) as client:
        yield client


hooks = TwilioWebhooks(AUTH, PUBLIC)


def said(answer: Any) -> str:
    assert answer.status_code == 200, answer.text
    return "\n".join(m.text or "" for m in ET.fromstring(answer.text).iter("Message"))


def test_a_seizure_reported_in_bengali_by_sms_in_one_line_and_answers(
    world: World, sms: TestClient
) -> None:
    act(world.db, load_jurisdiction, DEMO, now=world.now)
    said(hooks.inbound(sms, HARI, "ভাষা"))
    out = said(hooks.inbound(sms, HARI, "৩"))
    assert "1." in out  # the numbered menu again after the language change
    out = said(hooks.inbound(sms, HARI, "আটক ২ গরু ১ মহিষ বৈদ্যপুর"))
    assert "ঠিক কোথায়" in out  # animals and village taken: where exactly?
    said(hooks.inbound(sms, HARI, "পুকুরপাড়ের ধানখেত"))
    said(hooks.inbound(sms, HARI, "ধান খেয়েছে"))
    out = said(hooks.inbound(sms, HARI, "বাদ"))  # no owner named
    assert "পুলিশ" in out
    # No police aid; no photo is asked on SMS: the report to confirm, in one SMS.
    summary = said(hooks.inbound(sms, HARI, "না"))
    # The village as the district file writes it in Bengali (the register keeps "Baidyapur").
    assert "২টি গরু, ১টি মহিষ" in summary and "বৈদ্যপুর গ্রামে" in summary
    assert "ছবি" not in summary
    assert seizures(world) == []
    out = said(hooks.inbound(sms, HARI, "হ্যাঁ"))
    [seizure] = seizures(world)
    assert seizure.ref in out and not seizure.police_aid_requested
    assert kinds_of(world, seizure.ref) == {"cow": 2, "buffalo": 1}
    assert "\n1. " in out  # the short numbered menu under the last answer
    out = said(hooks.inbound(sms, HARI, "1"))
    assert "did not understand" not in out


def test_a_seizure_reported_in_hindi_by_sms_step_by_step(world: World, sms: TestClient) -> None:
    said(hooks.inbound(sms, HARI, "lang en"))  # he chose English: every language's words work
    said(hooks.inbound(sms, HARI, "जब्त"))
    out = said(hooks.inbound(sms, HARI, "रामपुर"))
    said(hooks.inbound(sms, HARI, "नहर के पास का खेत"))
    out = said(hooks.inbound(sms, HARI, "तीन गाय"))
    assert "DONE" in out  # the chat is in English: the English word is shown
    said(hooks.inbound(sms, HARI, "बस"))
    said(hooks.inbound(sms, HARI, "गेहूँ खाया"))
    said(hooks.inbound(sms, HARI, "छोड़ें"))
    summary = said(hooks.inbound(sms, HARI, "हाँ"))  # police aid; no photo is asked on SMS
    assert "Your report: 3 cows seized in Rampur." in summary and "Police aid: Yes" in summary
    out = said(hooks.inbound(sms, HARI, "हाँ"))
    [seizure] = seizures(world)
    assert seizure.ref in out
    assert kinds_of(world, seizure.ref) == {"cow": 3}


def test_a_keeper_answers_by_sms_in_bengali(world: World, sms: TestClient) -> None:
    ref = world.seize(animals=[AnimalsIn("goat", 3)])
    world.tick(hours=1)
    said(hooks.inbound(sms, KEEPER, "lang en"))  # he chose English: Bengali words still work
    out = said(hooks.inbound(sms, KEEPER, f"আগমন {ref}"))
    assert ref in out
    said(hooks.inbound(sms, KEEPER, "2"))  # correct the count
    out = said(hooks.inbound(sms, KEEPER, "তিনটি"))  # as reported: read, not asked again
    assert "Send the number of head" not in out and "1. Yes, enter them" in out
    out = said(hooks.inbound(sms, KEEPER, "হ্যাঁ"))
    assert "TPR/" in out


def test_a_district_file_gives_names_by_language_and_bad_ones_are_refused_by_line(
    world: World,
) -> None:
    from office.jurisdiction import JurisdictionError, load_jurisdiction_text
    from tests.world import DISTRICT, DISTRICT_NAMED

    assert act(world.db, load_jurisdiction_text, DISTRICT_NAMED, now=world.now).changed
    place, _ = match_village(world.db, "ঢাকিয়া")
    assert place is not None and place.name == "Dhakia" and place.name_in("hi") == "ढकिया"
    bad = DISTRICT.replace('villages = ["Dhakia"]', 'villages = [{ name = "Dhakia", names = "x" }]')
    with pytest.raises(JurisdictionError) as refused:
        act(world.db, load_jurisdiction_text, bad, now=world.now)
    assert refused.value.line == DISTRICT.splitlines().index('villages = ["Dhakia"]') + 1
    assert "'names' of village 'Dhakia'" in refused.value.reason
    odd = DISTRICT.replace('villages = ["Dhakia"]', 'villages = [{ name = "Dhakia", area = 1 }]')
    with pytest.raises(JurisdictionError, match="unknown key 'area'"):
        act(world.db, load_jurisdiction_text, odd, now=world.now)


def test_an_owners_name_is_never_taken_for_a_mistyped_skip(world: World) -> None:
    chat = Chat(world, HARI)
    chat.say("lang en")  # he chose English, and types some words in Hindi
    chat.say("seize")
    chat.say("Rampur")
    chat.say("the field")
    chat.say("2 गाय")
    chat.say("बस")
    chat.say("ate the wheat")
    assert "village" in chat.say("Nona")  # a name one letter from "none": asked his village
    assert "phone" in chat.say("नहीं")  # his village not known: skipped


def test_a_count_refused_is_said_wholly_in_hindi_and_bengali(world: World) -> None:
    chat = Chat(world, HARI)
    in_hindi(chat)
    chat.say("ज़ब्त")
    chat.say("रामपुर")
    chat.say("कुएँ के पूर्व वाला गन्ने का खेत")
    out = chat.say("5000 गाय")
    assert "अधिकतम" in out and "पशु" in out
    assert not re.search(r"[A-Za-z]{2,}", out.split("\n")[0]), out
    assert seizures(world) == []


def test_an_owner_asking_what_is_due_by_the_keepers_word_is_told_it_in_hindi(
    world: World,
) -> None:
    """ "बकाया REF" is the keeper's word for the amount; an owner who types it is answered as his
    STATUS is (the amount due today is his to know), never refused as if he were no party."""
    from office.acts.keeper.arrival import register_arrival

    ref = world.seize()
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    owner = Chat(world, "+919222222222")  # Mohan Lal, the owner of record
    in_hindi(owner)

    out = owner.say(f"बकाया {ref}")

    assert "आप यह नहीं कर सकते" not in out and "You may not" not in out
    assert "का बकाया" in out and "कुल ₹1-2-6" in out  # 2 cows and a buffalo, a day's feeding
    assert owner.say(f"स्थिति {ref}") == out
    stranger = Chat(world, "+919833333333")
    public = stranger.say(f"बकाया {ref}")
    assert "You may not" not in public and "₹1-2-6" not in public


def test_a_report_names_the_village_as_the_district_file_writes_it_in_the_readers_script(
    world: World,
) -> None:
    from tests.world import name_dhakia

    name_dhakia(world)
    chat = Chat(world, HARI)
    in_hindi(chat)
    chat.say("ज़ब्त")
    assert "खेत" in chat.say("ढकिया")
    chat.say("तालाब के पास का खेत")
    chat.say("2 गाय")
    chat.say("बस")
    chat.say("गेहूँ चर गईं")
    chat.say("छोड़ें")  # no owner named
    chat.say("नहीं")  # no police aid
    summary = chat.say("छोड़ें")  # no photo

    # The village and its pound as the district file writes them in Hindi.
    assert "ढकिया (" in summary and "ढकिया कांजी हाउस)" in summary and "Dhakia" not in summary
    chat.say("हाँ")
    [seizure] = seizures(world)
    with world.db.reading() as s:
        village = s.get(Village, seizure.village_id)
        assert village is not None and village.name == "Dhakia"  # the register's name
