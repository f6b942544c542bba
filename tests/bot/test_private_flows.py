"""The private people's conversations on the console channel: seizure, my cattle, status, rates."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from sqlmodel import func, select

from bot.segments import segments, texts_for
from bot.types import Channel, Contact, Location
from models import Complaint, Person, Seizure
from office.people import person_by_phone
from tests.chat import Chat
from tests.units import act
from tests.world import World

HARI = "+919111111111"
MOHAN = "+919222222222"
STRANGER = "+919333333333"
ROAD = "+919000000006"


def count(world: World, table: type) -> int:
    with world.db.reading() as s:
        return int(s.exec(select(func.count()).select_from(table)).one())


def report(chat: Chat) -> str:
    chat.say("seize")
    chat.say("Rampr")  # a typo: the close match is offered
    assert "village:Rampur" in chat.options()
    chat.say("1")
    chat.say("the sugarcane field east of the well")
    chat.say("2 cow red, white blaze")
    chat.say("buffalo")
    chat.say("1 black")
    chat.say("done")
    chat.say("ate and trampled young cane")
    chat.say("Mohan Lal")
    chat.say("Kemri")
    chat.say(MOHAN)
    chat.say("no")
    return chat.say("skip")


def test_a_cultivator_reports_a_seizure_step_by_step_and_nothing_is_recorded_before_confirming(
    world: World,
) -> None:
    chat = Chat(world, HARI)
    summary = report(chat)
    assert "Village: Rampur (pound: Testpur thana pound)" in summary
    assert "2 cows (red, white blaze), 1 buffalo (black)" in summary
    assert "Owner: Mohan Lal, Kemri, +919222222222" in summary
    assert chat.options() == ["confirm", "change", "cancel"]
    assert count(world, Seizure) == 0
    answer = chat.say("1")
    assert "Your reference is" in answer
    assert "Take the cattle to Testpur thana pound without unnecessary delay (Sec II)" in answer
    assert "The fine there will be Rs 1-0-0 (Sec VI)" in answer  # 4 + 4 + 8 annas
    assert "until March 11, 2026 (Sec XIV)" in answer
    with world.db.reading() as s:
        seizure = s.exec(select(Seizure)).one()
        assert seizure.ground == "trespass"
        assert seizure.seizer_id == world.cultivator
        assert seizure.owner_id == world.owner
        assert seizure.damage == "ate and trampled young cane"


def test_the_summary_can_be_changed_or_cancelled(world: World) -> None:
    chat = Chat(world, HARI)
    report(chat)
    chat.say("change")
    assert "change:damage" in chat.options()
    chat.send(option="change:damage")
    summary = chat.say("broke the fence and ate the wheat")
    assert "Damage: broke the fence and ate the wheat" in summary
    assert "Village: Rampur" in summary  # the rest is kept
    assert chat.say("cancel").startswith("Cancelled")
    assert count(world, Seizure) == 0


def test_the_sms_one_liner_prefills_animals_and_village_and_asks_only_the_rest(
    world: World,
) -> None:
    chat = Chat(world, HARI)
    assert "Where exactly" in chat.say("SEIZE 2 COW 1 BUFFALO RAMPUR")
    assert "What damage" in chat.say("the cane field")
    chat.say("ate the cane")
    chat.say("skip")
    chat.say("yes")
    summary = chat.send(photo="https://api.example/MM123.jpg")
    assert "2 cows, 1 buffalo" in summary and "Police aid: Yes" in summary
    assert "Photo: attached" in summary
    answer = chat.say("confirm")
    assert "The police of the thana have been asked to help (Sec II)" in answer
    with world.db.reading() as s:
        seizure = s.exec(select(Seizure)).one()
        assert seizure.photo == "https://api.example/MM123.jpg"
        assert seizure.police_aid_requested and seizure.owner_id is None


def test_a_stranger_gives_his_name_and_a_road_officer_seizes_under_section_xv(
    world: World,
) -> None:
    stranger = Chat(world, STRANGER)
    assert "Your name" in stranger.say("seize 1 goat Kemri")
    stranger.say("Ram Prasad")
    stranger.say("Kemri")
    stranger.say("the mustard field")
    stranger.say("ate mustard")
    stranger.say("skip")
    stranger.say("no")
    stranger.say("skip")
    assert "Your reference" in stranger.say("confirm")
    road = Chat(world, ROAD)
    road.say("seize 3 bullock Rampur")
    road.say("the canal bank at mile 4")
    road.say("broke the slope of the embankment")
    road.say("skip")
    road.say("no")
    road.say("skip")
    assert "without unnecessary delay (Sec XV)" in road.say("confirm")
    with world.db.reading() as s:
        grounds = sorted(s.exec(select(Seizure.ground)).all())
        assert grounds == ["road", "trespass"]
        person = person_by_phone(s, STRANGER)
        assert person is not None and person.name == "Ram Prasad"


def test_a_refused_kind_an_excluded_village_and_a_location_are_answered_politely(
    world: World,
) -> None:
    chat = Chat(world, HARI)
    chat.say("seize")
    assert "Sec XX" in chat.say("Jhadi")
    assert "type its name" in chat.send(location=Location(25.1, 82.3))
    chat.say("Kemri")
    chat.say("by the pond")
    assert "Pigs are not impounded" in chat.say("2 pig")
    assert "Name at least one animal" in chat.say("done")


def test_telegram_asks_for_the_contact_before_a_seizure(world: World) -> None:
    chat = Chat(world, "5551", channel=Channel.TELEGRAM)
    chat.send(text="seize", telegram_user_id=5551)
    assert chat.last[0].request_contact
    answer = chat.send(contact=Contact(phone="+919111111111", user_id=5551), telegram_user_id=5551)
    assert "In which village" in answer


def test_the_owner_sees_what_is_due_and_every_deadline(world: World) -> None:
    ref = world.seize()
    chat = Chat(world, MOHAN)
    text = chat.say("my cattle")
    assert f"Seizure {ref}: seized, on the way to the pound." in text
    assert "The fine will be Rs 1-0-0 (Sec VI)" in text
    assert "until March 11, 2026 (Sec XIV)" in text
    assert chat.options() == ["complain", "search", "done"]  # "search": not mine (G18)
    chat.say("done")
    assert "seize" in chat.options()  # the menu again, so the next number is a choice


def test_the_owner_complains_in_person_within_ten_days(world: World) -> None:
    ref = world.seize()
    chat = Chat(world, MOHAN)
    chat.say("my cattle")
    chat.say("complain")
    chat.send(option="self")
    summary = chat.say("My cattle were on my own land.")
    assert "Nothing is recorded until you confirm" in summary
    assert count(world, Complaint) == 0
    answer = chat.say("1")
    assert f"against seizure {ref} is filed" in answer and "(Sec IX)" in answer
    assert count(world, Complaint) == 1


def test_an_agent_complains_by_the_one_liner(world: World) -> None:
    ref = world.seize()
    agent = Chat(world, STRANGER)
    assert "Your name" in agent.say(f"COMPLAIN {ref} the field was fenced and the gate broken")
    agent.say("Sita Ram")
    summary = agent.send(option="agent")
    assert "as agent for the owner Mohan Lal" in summary
    agent.say("confirm")
    with world.db.reading() as s:
        complaint = s.exec(select(Complaint)).one()
        assert complaint.agent_name == "Sita Ram"
        assert complaint.complainant_id == world.owner


def test_the_owner_who_calls_himself_agent_complains_in_person(world: World) -> None:
    """Sec XIV: an agent complains in the owner's name; the owner himself complains in person."""
    ref = world.seize()
    chat = Chat(world, MOHAN)
    chat.say(f"COMPLAIN {ref} my bullocks were on the road")
    chat.send(option="agent")
    chat.say("confirm")
    with world.db.reading() as s:
        complaint = s.exec(select(Complaint)).one()
        assert (complaint.complainant_id, complaint.agent_name) == (world.owner, None)


def test_a_stranger_may_not_complain_in_his_own_name_when_the_owner_is_recorded(
    world: World,
) -> None:
    """Practice G14: the owner of record complains, in person or by his agent."""
    ref = world.seize()
    chat = Chat(world, STRANGER)
    chat.say(f"COMPLAIN {ref} they are my cattle")
    chat.say("Ram Prasad")
    chat.send(option="self")
    answer = chat.say("confirm")
    assert "Only the owner on record, Mohan Lal, complains against this seizure" in answer
    assert "(Sec XIV)" in answer
    assert count(world, Complaint) == 0
    # The refused complaint took the record of its newcomer with it: he is asked his name again.
    before = count(world, Person)
    chat.say("lang hi")
    chat.say(f"COMPLAIN {ref} they are my cattle")
    chat.say("Ram Prasad")
    chat.send(option="self")
    assert "दर्ज मालिक Mohan Lal" in chat.say("confirm")
    assert count(world, Person) == before


def test_with_no_owner_recorded_a_complaint_only_claims_ownership(world: World) -> None:
    """Practice G14: complaining never makes anyone the owner of record."""
    ref = world.seize(owner=None)
    chat = Chat(world, STRANGER)
    chat.say(f"COMPLAIN {ref} they are my cattle")
    chat.say("Ram Prasad")
    chat.send(option="self")
    assert "is filed with the Magistrate" in chat.say("confirm")
    with world.db.reading() as s:
        complaint = s.exec(select(Complaint)).one()
        seizure = s.exec(select(Seizure).where(Seizure.ref == ref)).one()
        assert (complaint.standing, seizure.owner_id) == ("claiming_owner", None)


def test_a_complaint_after_ten_days_is_refused_with_the_reason(world: World) -> None:
    ref = world.seize()
    world.on(date(2026, 3, 12))
    chat = Chat(world, MOHAN)
    chat.say(f"mycattle {ref}")
    text = chat.say("complain")
    assert "within ten days" in text and "(Sec XIV)" in text and "March 11, 2026" in text
    assert count(world, Complaint) == 0


def test_status_and_rates_for_anyone(world: World) -> None:
    ref = world.seize()
    chat = Chat(world, STRANGER)
    assert f"Seizure {ref}" in chat.say(f"STATUS {ref}")
    assert "not found" in chat.say("status ZZZZZZ")
    rates = chat.say("RATES TPR")
    assert "Testpur thana pound" in rates
    assert "camel, buffalo: Rs 0-8-0 + Rs 0-1-0" in rates
    assert "sheep, goat: Rs 0-1-0 + Rs 0-0-3" in rates
    chat.say("rates")
    assert chat.options() == ["pound:DHK", "pound:TPR"]
    # A button of an older question pressed now: the question again, its data never echoed.
    out = chat.pick("village:Nowhere")
    assert "Nowhere" not in out and "village:" not in out and "Which pound?" in out
    assert chat.options() == ["pound:DHK", "pound:TPR"]
    assert "Testpur thana pound" in chat.pick("pound:TPR")


def test_the_owner_sees_the_growing_feeding_once_impounded(world: World) -> None:
    from office.acts.keeper.arrival import register_arrival

    ref = world.seize()
    world.tick(hours=2)
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )
    world.now = world.now + timedelta(days=2)
    text = Chat(world, MOHAN).say(f"status {ref}")
    assert "Due today (March 3, 2026)" in text and "Feeding grows by" in text
    assert "by March 8, 2026 (Sec VIII)" in text
    assert "pay the keeper Keeper Kallu" in text


def test_hindi_is_spoken_when_chosen(world: World) -> None:
    chat = Chat(world, HARI)
    chat.say("lang hi")
    assert "गाँव" in chat.say("seize")


def test_a_message_too_long_says_the_limit_and_the_question_stands(world: World) -> None:
    chat = Chat(world, HARI)
    out = chat.say("x" * 2001)
    assert "too long: send at most 2000 characters" in out and "seize" in chat.options()
    chat.say("seize")
    assert "at most 2000" in chat.say("the field " * 300)
    assert "place" in chat.say("Rampur")  # the village, answered as the question stood
    hindi = Chat(world, "+919833333333")
    hindi.say("भाषा")
    hindi.say("2")
    assert "अधिक से अधिक 2000 अक्षर" in hindi.say("क" * 2001)


@pytest.mark.parametrize("word", ["menu", "MENU", "मेनू", "মেনু"])
def test_the_menu_word_alone_leaves_a_conversation_at_any_step(world: World, word: str) -> None:
    """README: `menu` may be typed at any time; a name one letter from it is still a name."""
    chat = Chat(world, "+919833333333")
    chat.say("lang en")  # English chosen: a Hindi word alone would otherwise make Hindi his
    chat.say("seize")
    out = chat.say(word)
    assert "seize" in chat.options() and "status" in chat.options(), out
    chat.say("seize")
    assert "village" in chat.say("Manu")  # his name, asked first: not the menu


@pytest.mark.parametrize(
    ("lang", "word", "question"),
    [
        ("en", "menu", "The answers given so far will be deleted. Go to the menu?"),
        ("hi", "मेनू", "अब तक के जवाब मिट जाएँगे। मेनू पर जाएँ?"),
        ("bn", "মেনু", "এ পর্যন্ত দেওয়া উত্তর মুছে যাবে। মেনুতে যাবেন?"),
    ],
)
def test_the_menu_word_after_an_answer_asks_before_discarding_it_in_one_sms(
    world: World, lang: str, word: str, question: str
) -> None:
    chat = Chat(world, "+919833333333", Channel.SMS)
    chat.say(f"lang {lang}")
    first = chat.say("seize")
    asked = chat.say("Manu")  # his name given: the next question asked

    assert chat.say(word).startswith(question)
    (sms,) = texts_for(chat.last)
    assert segments(sms) == 1, sms
    assert chat.say("2") == asked  # no: the question again, the name kept
    chat.say(word)
    chat.say("1")  # yes: the menu
    assert "seize" in chat.options() and "status" in chat.options()
    assert chat.say("seize") == first  # the name given is gone: asked from the start
