"""A village by pointing at it: a shared location where a village is asked, in three languages."""

from __future__ import annotations

from sqlmodel import select

from bot.types import Channel
from models import Conversation, Seizure, Village
from office.jurisdiction import load_jurisdiction_text
from tests.chat import Chat as BaseChat
from tests.places import DELHI, DHAKIA, JHADI, NEAR_KEMRI, PLACED, place_villages
from tests.units import act
from tests.world import World

HARI = "+919111111111"  # a cultivator the office knows (Rampur)
POLICE = "+919000000003"  # Constable Chandan, police:TESTPUR (Rampur and Kemri)


class Chat(BaseChat):
    """One person on a channel, and where his conversation stands."""

    def state(self) -> tuple[str | None, str | None, dict[str, object]]:
        with self.world.db.reading() as s:
            conv = s.exec(
                select(Conversation).where(
                    Conversation.channel == self.channel.value, Conversation.address == self.phone
                )
            ).one()
            return conv.flow, conv.step, dict(conv.data or {})


def seizures(world: World) -> list[Seizure]:
    with world.db.reading() as s:
        rows = list(s.exec(select(Seizure)).all())
        s.expunge_all()
        return rows


def report_the_rest(chat: Chat) -> str:
    chat.say("the mustard field by the canal")
    chat.say("2 cow red")
    chat.say("done")
    chat.say("ate the mustard")
    chat.say("skip")
    chat.say("no")
    chat.say("skip")
    return chat.say("confirm")


def test_a_location_is_taken_to_the_nearest_village_and_confirmed_in_english(
    world: World,
) -> None:
    place_villages(world)
    chat = Chat(world, HARI)
    asked = chat.say("seize")
    assert "In which village" in asked
    assert chat.last[-1].request_location  # the console shows how to share a place
    said = chat.at(NEAR_KEMRI)
    assert said == "Nearest village: Kemri, 0.4 km away. Is that right?"
    assert chat.options() == ["yes", "no"]
    assert "Where exactly" in chat.say("yes")
    assert "Recorded" in report_the_rest(chat)
    [seizure] = seizures(world)
    with world.db.reading() as s:
        village = s.get(Village, seizure.village_id)
        assert village is not None and village.name == "Kemri"


def test_a_hindi_yes_takes_the_village_named_in_devanagari(world: World) -> None:
    place_villages(world)
    chat = Chat(world, HARI, Channel.SMS)
    chat.say("भाषा")
    chat.say("2")
    chat.say("जब्त")
    said = chat.at(NEAR_KEMRI)
    assert said == "सबसे पास का गाँव: केमरी, 0.4 किमी दूर। क्या यही सही है?"
    out = chat.say("हाँ")
    assert "केमरी" not in out and chat.state()[1] == "place"
    assert chat.state()[2]["draft"]["village"] == "Kemri"  # type: ignore[index]


def test_a_bengali_no_asks_for_the_name_and_the_name_typed_is_taken(world: World) -> None:
    place_villages(world)
    chat = Chat(world, HARI, Channel.SMS)
    chat.say("ভাষা")
    chat.say("৩")
    chat.say("আটক")
    assert chat.at(NEAR_KEMRI) == "সবচেয়ে কাছের গ্রাম: কেমরী, ০.৪ কিমি দূরে। এটাই কি ঠিক?"
    assert chat.say("না") == "তাহলে গ্রামের নামটি লিখুন।"
    assert chat.state()[1] == "village"
    chat.say("রামপুর")  # Rampur, transliterated
    assert chat.state()[2]["draft"]["village"] == "Rampur"  # type: ignore[index]


def test_a_name_typed_instead_of_yes_is_taken_as_the_village(world: World) -> None:
    place_villages(world)
    chat = Chat(world, HARI)
    chat.say("seize")
    chat.at(DHAKIA)
    assert "Dhakia, 0.0 km" in chat.last[0].text
    chat.say("Kemri")
    flow, step, data = chat.state()
    assert (flow, step) == ("seize", "place")
    assert data["draft"]["village"] == "Kemri"  # type: ignore[index]
    # A number picking "yes" on SMS is the same as the word.
    sms = Chat(world, "+919333344455", Channel.SMS)
    sms.say("seize")
    sms.say("Hari Ram")
    sms.say("Kemri")
    sms.at(DHAKIA)
    sms.say("1")
    assert sms.state()[2]["draft"]["village"] == "Dhakia"  # type: ignore[index]


def test_a_location_far_from_every_village_is_not_in_the_district(world: World) -> None:
    place_villages(world)
    chat = Chat(world, HARI)
    chat.say("seize")
    assert chat.at(DELHI) == "That place is not in Testpur. Please type the village name."
    assert chat.state()[1] == "village" and "village_pointed" not in str(chat.state()[2])
    chat.say("yes")  # nothing was offered: "yes" is no village
    assert chat.state()[1] == "village"
    chat.say("Rampur")
    assert chat.state()[1] == "place"


def test_an_excluded_village_pointed_at_is_refused_as_if_typed(world: World) -> None:
    place_villages(world)
    chat = Chat(world, HARI)
    chat.say("seize")
    assert "Jhadi" in chat.at(JHADI)
    out = chat.say("yes")
    assert "The Act does not run in that village" in out and "XX" in out
    assert chat.state()[1] == "village"


def test_without_coordinates_a_location_asks_for_the_name(world: World) -> None:
    chat = Chat(world, HARI)
    chat.say("seize")
    assert not chat.last[-1].request_location  # nothing to find a village with
    said = chat.at(NEAR_KEMRI)
    assert said == "I cannot find a village from a location here; please type its name."
    assert chat.state()[1] == "village"


def test_a_location_at_a_step_that_asks_no_place_changes_nothing(world: World) -> None:
    place_villages(world)
    chat = Chat(world, HARI, Channel.WHATSAPP)
    chat.say("seize")
    chat.say("Kemri")
    chat.say("the field")
    chat.say("2 cow")
    chat.say("done")
    chat.say("ate the wheat")
    chat.say("skip")
    assert chat.options() == ["yes", "no"]  # police aid?
    before = chat.state()
    said = chat.at(NEAR_KEMRI)
    assert said == "A location helps only when I ask for a village; nothing was changed."
    assert chat.state() == before
    chat.say("1")  # the number still picks "yes" from the question before
    assert chat.state()[2]["draft"]["aid"] is True  # type: ignore[index]
    # In Hindi, and with no conversation under way: said, and the menu offered.
    idle = Chat(world, "+919444455566", Channel.WHATSAPP)
    idle.say("भाषा")
    idle.say("2")
    said = idle.at(NEAR_KEMRI)
    assert said.startswith("जगह (लोकेशन) तभी काम आती है जब मैं गाँव पूछूँ")
    assert "seize" in idle.options() and seizures(world) == []


def test_whatsapp_is_told_it_may_share_a_location_and_sms_is_not(world: World) -> None:
    place_villages(world)
    whatsapp = Chat(world, HARI, Channel.WHATSAPP)
    assert whatsapp.say("seize").endswith("You may also share your location.")
    sms = Chat(world, HARI, Channel.SMS)
    out = sms.say("seize")
    assert "location" not in out and not any(r.request_location for r in sms.last)


def test_the_police_point_at_the_village_where_strays_were_found(world: World) -> None:
    place_villages(world)
    chat = Chat(world, POLICE)
    chat.say("stray")
    # The choices keep their keyboard; the request to share a location comes on its own.
    assert [bool(r.options) for r in chat.last] == [True, False]
    assert chat.last[-1].request_location
    assert "Kemri, 0.4 km" in chat.at(NEAR_KEMRI)
    assert "Where exactly were they found" in chat.say("yes")
    assert chat.state()[2]["draft"]["village"] == "Kemri"  # type: ignore[index]


def test_a_police_officer_pointing_outside_his_thana_is_told_so(world: World) -> None:
    place_villages(world)
    chat = Chat(world, POLICE)
    chat.say("lang en")  # he chose English, and answers yes in Hindi
    chat.say("stray")
    assert "Dhakia" in chat.at(DHAKIA)
    out = chat.say("हाँ")
    assert "not served by a pound of your thana" in out
    assert set(chat.options()) == {"Rampur", "Kemri"} and chat.state()[1] == "village"


def test_a_location_outside_names_the_district_in_the_readers_script(world: World) -> None:
    named = PLACED.replace(
        'name = "Testpur"\n', 'name = "Testpur"\nnames = { hi = "टेस्टपुर", bn = "টেস্টপুর" }\n'
    )
    assert named != PLACED
    act(world.db, load_jurisdiction_text, named, now=world.now, origin="testpur.toml")
    hindi = Chat(world, HARI, Channel.SMS)
    hindi.say("भाषा")
    hindi.say("2")
    hindi.say("जब्त")
    out = hindi.at(DELHI)
    assert "टेस्टपुर" in out and "Testpur" not in out
    bengali = Chat(world, "+919222222222", Channel.SMS)  # Mohan Lal, known to the office
    bengali.say("ভাষা")
    bengali.say("৩")
    bengali.say("আটক")
    out = bengali.at(DELHI)
    assert "টেস্টপুর" in out and "Testpur" not in out
