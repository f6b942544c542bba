"""More of what villagers of North India type, on SMS and on Telegram, in Devanagari and in Latin
letters: both word orders, feminine and masculine, numbers as words (दो, teen), greetings with
भाई, "मालूम नहीं", asking to get cattle back (छुड़ाना) or what is to be paid (कितना देना है).
Each reaches the flow it asks for and is answered in Hindi; the romanised ones are written where
the district's main language is Hindi (a district of Uttar Pradesh or Bihar), where a greeting
alone is answered in Hindi too."""

from __future__ import annotations

import pytest
from sqlmodel import select

from bot.flows.anyone import find_ref, ref_alone
from bot.segments import texts_for
from bot.types import Channel
from models import Conversation
from office.acts.keeper.arrival import register_arrival
from office.acts.seizer import report
from office.acts.seizer.report import report_seizure
from office.inputs import AnimalsIn
from office.jurisdiction import load_jurisdiction_text
from tests.bot.test_villagers_words import (
    CHANNELS,
    HINT,
    HINTS,
    MENU,
    OWNER,
    RATES,
    REF,
    SEIZE,
    STATUS,
    TRESPASS,
    TRESPASS_HINTS,
    _address,
    _flow,
    _language,
    _send,
)
from tests.chat import Chat
from tests.places import place_villages
from tests.sms_segments import sms_segments
from tests.units import act
from tests.world import DISTRICT, World, name_dhakia
from tests.world import OWNER as NAMED_OWNER

HINDI = [
    # a seizer: he caught them, in either word order, masculine and feminine, numbers as words
    ("भैंस पकड़ ली मैंने", SEIZE),
    ("हमने एक बैल पकड़ा है", SEIZE),
    ("दो सांड पकड़े हैं", SEIZE),
    ("तीन बकरियाँ बांध रखी हैं", SEIZE),
    ("खेत में चार गाय घुसी थीं, पकड़ ली हैं", SEIZE),
    # an owner: his cattle seized, lost, held, or he wants them back
    ("मेरी भैंस पकड़ ली गई है", OWNER),
    ("मेरा बैल पकड़ लिया किसी ने", OWNER),
    ("मेरे पशु कांजी हाउस में हैं", OWNER),
    ("गाय छुड़ानी है", OWNER),
    ("मेरी गाय छुड़वानी है", OWNER),
    ("भैंस कांजी हाउस में बंद है, छुड़ाना है", OWNER),
    ("कितना देना है", OWNER),
    ("मेरा बछड़ा खो गया", OWNER),
    ("गाय कांजी हाउस ले गए", OWNER),  # taken to the pound: whose but the owner's
    ("गाय कब मिलेगी", OWNER),  # when does he get it back
    # cattle in his field: "मेरे" owns the field; no catching said, he is shown both ways
    ("किसी की गाय मेरे खेत में घुस गई", TRESPASS),
    ("हमारी दो बकरियाँ नहीं मिल रहीं", OWNER),
    # a seizure asked after
    (f"हाल {REF}", STATUS),
    # greetings as they are said, and "I don't know" alone
    ("राम राम भाई", MENU),
    ("प्रणाम भाई", MENU),
    ("नमस्ते भैया", MENU),
    ("राम राम भाई, मेरी भैंस पकड़ ली गई", OWNER),
    ("मालूम नहीं", HINT),
]

ROMANISED = [
    ("maine bhains pakad li", SEIZE),
    ("bhains pakad li maine", SEIZE),
    ("do gaay pakdi hain", SEIZE),
    ("teen bakri pakdi", SEIZE),
    ("humne ek bail pakda hai", SEIZE),
    ("meri bhains pakad li", OWNER),
    ("gaay chhudani hai", OWNER),
    ("bhains wapas karo", OWNER),  # give the buffalo back
    ("meri gaay wapas chahiye", OWNER),
    ("mere pashu kanji house me hain", OWNER),
    ("kitna dena hai", OWNER),
    ("mera bail kho gaya", OWNER),
    ("humari bhains nahi mil rahi", OWNER),
    ("meri gaay pakdi gayi", OWNER),
    ("bhains pakad li gayi", OWNER),
    # "bakri" is a goat, not "pakri" (caught) with a typo; "gai" after "meri" is a cow
    ("kisi ne meri bakri pakad li", OWNER),
    ("meri gai ko kanji house le gaye", OWNER),
    ("do bakri pakdi maine", SEIZE),
    ("meri fasal kha gayi gaay, pakad li", SEIZE),  # the cow that ate my crop, caught
    ("khet me gaay ghus gayi thi", TRESPASS),
    ("gaay kahan hai meri", OWNER),  # both word orders of "where is my cow"
    ("meri gaay ki khabar do", OWNER),
    ("gaay chhod do", OWNER),  # release the cow
    ("meri bakri lautao", OWNER),
    (f"sthiti {REF}", STATUS),
    ("ram ram", MENU),
    ("pranam bhai", MENU),
    ("ram ram bhai", MENU),
    ("pata nahi", HINT),
    ("malum nahi", HINT),
]

CASES = [(text, flow, False) for text, flow in HINDI] + [
    (text, flow, True) for text, flow in ROMANISED
]


def hindi_district(world: World) -> None:
    """The test district with Hindi its main language, as in Uttar Pradesh or Bihar."""
    act(
        world.db,
        load_jurisdiction_text,
        DISTRICT.replace('languages = ["en", "hi"]', 'languages = ["hi", "en"]'),
        now=world.now,
        origin="testpur.toml",
    )


@pytest.mark.parametrize("channel", CHANNELS, ids=lambda c: c.value)
@pytest.mark.parametrize(("typed", "reaches", "romanised"), CASES)
def test_what_a_villager_types_reaches_its_flow_in_hindi(
    world: World, channel: Channel, typed: str, reaches: str, romanised: bool
) -> None:
    if romanised:
        hindi_district(world)
    ref = world.seize()
    address = _address(channel)
    replies = _send(world, channel, address, typed.replace(REF, ref))
    said = "\n".join(r.text for r in replies)
    assert _language(replies) == "hi", said
    flow = _flow(world, channel, address)
    if reaches in (SEIZE, OWNER):
        assert flow == reaches, said
    elif reaches == STATUS:
        assert said.splitlines()[0].startswith(f"ज़ब्ती {ref}"), said
    elif reaches == RATES:
        assert flow == RATES, said
    elif reaches == TRESPASS:
        assert flow is None and said.startswith(TRESPASS_HINTS["hi"]), said
        assert "seize" in [o.value for r in replies for o in r.options], said
    elif reaches == MENU:
        # The menu itself, headed as the menu is: not a hint for a word left over ("भाई").
        assert flow is None and said.startswith("कांजी हाउस दफ़्तर।"), said
        assert "seize" in [o.value for r in replies for o in r.options], said
    else:
        assert flow is None and said.startswith(HINTS["hi"]), said
        assert "धारा" not in said, said


def test_romanised_hindi_is_answered_in_hindi_where_the_district_speaks_english(
    world: World,
) -> None:
    """The same words in a district whose main language is English: the words say Hindi, so
    the reply is Hindi; so is a Hindi greeting alone, the first thing most villagers send, and
    a greeting Hindi and Bengali both say follows the district."""
    address = _address(Channel.SMS)
    replies = _send(world, Channel.SMS, address, "gaay chhudani hai")
    assert _language(replies) == "hi"
    assert _flow(world, Channel.SMS, address) == OWNER
    assert _language(_send(world, Channel.SMS, _address(Channel.SMS), "ram ram")) == "hi"
    assert _language(_send(world, Channel.SMS, _address(Channel.SMS), "namaskar")) == "en"


def test_the_status_in_hindi_names_the_pound_as_the_district_names_it_in_hindi(
    world: World,
) -> None:
    name_dhakia(world)
    ref = world.seize(village="Dhakia")
    replies = _send(world, Channel.SMS, _address(Channel.SMS), f"हाल {ref}")
    first = replies[-1].text.splitlines()[0]
    assert first.startswith(f"ज़ब्ती {ref}:") and "ढकिया कांजी हाउस के रास्ते में" in first, first
    assert "Dhakia pound" not in first


@pytest.mark.parametrize(
    ("greeting", "dont_know", "yes", "nearest", "again"),
    [
        ("ram ram", "pata nahi", "haan", "सबसे पास का गाँव", "अपना नाम"),
        ("nomoskar", "জানি না", "হ্যাঁ", "সবচেয়ে কাছের গ্রামের", "আপনার নাম"),
    ],
)
def test_a_seizer_is_asked_again_for_what_his_answer_does_not_give(
    world: World, greeting: str, dont_know: str, yes: str, nearest: str, again: str
) -> None:
    """Over SMS, as villagers answer: the count of his cattle where his name is asked is no
    name; "don't know" where the village is asked is no village to look for (it was offered
    Patwai, as close to "pata nahi"); and a yes to the one village offered chooses it."""
    chat = Chat(world, "+919812340777", Channel.SMS)
    chat.say(greeting)
    chat.say("1")
    assert again in chat.say("2 bhains")  # the name asked again, nothing taken as one
    chat.say("Ramesh Kumar")
    chat.say("Kemri")  # where he lives
    out = chat.say(dont_know)
    assert nearest in out and not [o for o in chat.options() if o.startswith("village:")], out
    chat.say("Rampr")
    assert chat.options() == ["village:Rampur"]
    out = chat.say(yes)
    assert chat.options() != ["village:Rampur"], out
    with world.db.reading() as s:
        conv = s.exec(select(Conversation).where(Conversation.address == chat.phone)).one()
        step, draft = conv.step, conv.data["draft"]
    assert step == "place", out
    assert (draft["name"], draft["home"], draft["village"]) == ("Ramesh Kumar", "Kemri", "Rampur")


@pytest.mark.parametrize(
    ("lost", "dont_know", "nearest"),
    [
        ("meri gaay kho gayi", "pata nahi", "सबसे पास का गाँव"),
        ("আমার গরু হারিয়ে গেছে", "জানি না", "সবচেয়ে কাছের গ্রামের"),
    ],
)
def test_an_owner_who_does_not_know_the_village_is_asked_for_the_nearest(
    world: World, lost: str, dont_know: str, nearest: str
) -> None:
    chat = Chat(world, "+919812340778", Channel.SMS)
    chat.say(lost)
    out = chat.say(dont_know)
    assert nearest in out and not chat.options(), out
    chat.say("Rampr")
    assert chat.options() == ["village:TESTPUR/Rampur"]


@pytest.mark.parametrize(
    ("greeting", "animals", "no_more", "damage"),
    [
        ("nomoskar", "2 ta goru", "ses", "কী ক্ষতি"),
        ("nomoskar", "2 ta goru", "na", "কী ক্ষতি"),
        ("nomoskar", "ekta chagol", "ar nei", "কী ক্ষতি"),
        ("ram ram", "2 gaay", "nahi", "क्या नुकसान"),
        ("ram ram", "do bhains", "khatm", "क्या नुकसान"),
        ("ram ram", "2 gaay", "aur nahi", "क्या नुकसान"),
    ],
)
def test_no_more_animals_is_said_as_villagers_say_it(
    world: World, greeting: str, animals: str, no_more: str, damage: str
) -> None:
    """Over SMS, "any more animals?" answered in the seizer's words: «শেষ» typed as it sounds
    (ses), a no (na, nahi), "no more" (ar nei, aur nahi): the list is finished and the damage is
    asked, where each was read as the name of an unknown kind of animal."""
    chat = Chat(world, _address(Channel.SMS), Channel.SMS)
    chat.say(greeting)
    chat.say("1")
    chat.say("Hari Das")
    chat.say("Kemri")
    chat.say("Rampur")
    chat.say("Where the cane is")
    chat.say(animals)
    assert "done" in chat.options(), chat.options()
    out = chat.say(no_more)
    assert damage in out, out


@pytest.mark.parametrize(
    ("lost", "searched"),
    [
        ("amar goru khoyare niye geche", "কোনো গরু"),
        ("আমার গরু খোঁয়াড়ে নিয়ে গেছে", "কোনো গরু"),
        ("मेरी गाय कांजी हाउस में है", "कोई गाय"),
    ],
)
def test_the_animal_an_owner_names_with_my_is_what_is_searched_for(
    world: World, lost: str, searched: str
) -> None:
    """Saying "my cow" begins the owner's search and names what he lost: once he names his village,
    the pounds near it are searched for cows, not his kind asked again ("amar goru" was read
    as the word for "my cattle", and the cow was lost with it)."""
    chat = Chat(world, _address(Channel.SMS), Channel.SMS)
    chat.say(lost)
    out = chat.say("Kemri")
    assert searched in out and not [o for o in chat.options() if o.startswith("kind:")], out


@pytest.mark.parametrize(
    ("lost", "stuck", "help_line"),
    [
        ("amar goru hariye geche", "ki korbo", "থামাতে যেকোনো সময়"),
        ("amar goru hariye geche", "কী করব", "থামাতে যেকোনো সময়"),
        ("meri gaay kho gayi", "kya karun", "रोकने के लिए"),
        ("meri gaay kho gayi", "क्या करूँ", "रोकने के लिए"),
    ],
)
def test_what_do_i_do_in_the_middle_of_a_question_is_answered_with_help(
    world: World, lost: str, stuck: str, help_line: str
) -> None:
    """Asking "what do I do?" where a village is asked is a plea for help, not a village's name: he
    is told how to stop or change the language, with what he may do, and his search stays."""
    chat = Chat(world, _address(Channel.SMS), Channel.SMS)
    chat.say(lost)
    out = chat.say(stuck)
    assert help_line in out, out
    assert "Kemri" not in out and "गाँव नहीं" not in out and "গ্রাম জানা নেই" not in out


def _three_goats_seized(world: World) -> str:
    """The reference of a seizure of three goats at Rampur, owner not known."""
    return act(
        world.db,
        report_seizure,
        actor_id=world.cultivator,
        ground="trespass",
        village="Rampur",
        place="the cane field",
        damage="ate the cane",
        seizer=None,
        owner=None,
        animals=[AnimalsIn("goat", 3, "")],
        occurred_at=world.now,
        now=world.now,
    ).ref


def test_a_reference_alone_is_where_that_seizure_stands(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reference the office sent, typed alone by a phone it has never heard from ("7F54JS",
    in small letters too), says where that seizure stands, where it was answered with the hint.
    In a sentence, a word of six letters is no reference unless written as one, in capitals:
    "amar chagol rastay chilo" names no seizure RASTAY."""
    monkeypatch.setattr(report, "new_ref", lambda s: "7F54JS")  # a reference as printed
    assert _three_goats_seized(world) == "7F54JS"
    for typed in ("7F54JS", "7f54js", "7F54JS."):
        chat = Chat(world, _address(Channel.SMS), Channel.SMS)
        out = chat.say(typed)
        assert out.startswith("Seizure 7F54JS:"), (typed, out)
    assert find_ref("amar chagol rastay chilo, khete jayni") is None
    assert find_ref("mera number 7f54js hai") == "7F54JS"
    assert ref_alone("khabar") is None and ref_alone("KHABAR") == "KHABAR"


@pytest.mark.parametrize(
    "told", ["meri bakri sadak par thi, khet mein nahi gayi", "আমার ছাগল রাস্তায় ছিল"]
)
def test_what_happened_is_no_name_where_the_complainants_name_is_asked(
    world: World, told: str
) -> None:
    """A complainant asked his name who tells what happened instead ("my goat was on the road")
    is asked his name again; the sentence is not recorded as the name of the complainant."""
    ref = _three_goats_seized(world)
    chat = Chat(world, _address(Channel.SMS), Channel.SMS)
    chat.say("shikayat karni hai")
    asked = chat.say(ref).splitlines()[-1]
    assert chat.say(told).splitlines()[-1] == asked
    assert "मुख़्तार" in chat.say("Ram Prasad")  # the name taken: who is complaining is asked


@pytest.mark.parametrize(
    ("greeting", "home", "animals", "dont_know", "no", "first", "at_least_one", "damage", "owner"),
    [
        (
            "ram ram",
            "Kemri",
            "2 bhains kali",
            "pata nahi",
            "nahi",
            "पहले इसका जवाब",
            "पहले कम से कम एक पशु",
            "क्या नुकसान",
            "मालिक को जानते",
        ),
        (
            "राम राम",
            "केमरी",
            "दो भैंस",
            "पता नहीं",
            "नहीं",
            "पहले इसका जवाब",
            "पहले कम से कम एक पशु",
            "क्या नुकसान",
            "मालिक को जानते",
        ),
        (
            "nomoskar",
            "Kemri",
            "2 ta goru",
            "jani na",
            "na",
            "আগে এটার উত্তর",
            "আগে অন্তত একটি পশুর",
            "কী ক্ষতি",
            "মালিককে চেনেন",
        ),
        (
            "নমস্কার",
            "কেমরি",
            "দুটো গরু",
            "জানি না",
            "না",
            "আগে এটার উত্তর",
            "আগে অন্তত একটি পশুর",
            "কী ক্ষতি",
            "মালিককে চেনেন",
        ),
    ],
)
def test_an_answer_sent_ahead_or_a_dont_know_is_not_recorded_for_the_question_asked(
    world: World,
    greeting: str,
    home: str,
    animals: str,
    dont_know: str,
    no: str,
    first: str,
    at_least_one: str,
    damage: str,
    owner: str,
) -> None:
    """Over SMS, a seizer who answers ahead or says he does not know: his animals where his
    village or the field is asked are no village and no place (Sec V registers his residence;
    the animals are asked next); "no" before any animal is named is no animal; "don't know"
    where the damage is asked is no damage (Sec II: only cattle doing damage may be seized);
    the animals' count where the owner is asked is no owner's name, nor where the village is
    asked a village not known. Each question is asked
    again and nothing is recorded for it; then the report goes on as he answers."""
    chat = Chat(world, _address(Channel.SMS), Channel.SMS)
    chat.say(greeting)
    chat.say("1")
    chat.say("Hari Das")
    out = chat.say(animals)  # where he lives
    assert first in out, out
    chat.say(home)
    out = chat.say(animals)  # which village the cattle were seized in
    assert first in out, out
    chat.say("Rampur")
    out = chat.say(animals)  # which field or place
    assert first in out, out
    chat.say("Where the cane is")
    out = chat.say(no)  # which animals
    assert at_least_one in out, out
    chat.say(animals)
    chat.say(no)  # no more
    out = chat.say(dont_know)  # what damage
    assert damage in out, out
    chat.say("Ate the cane")
    out = chat.say(animals)  # the owner
    assert owner in out, out
    with world.db.reading() as s:
        conv = s.exec(select(Conversation).where(Conversation.address == chat.phone)).one()
        step, draft = conv.step, conv.data["draft"]
    assert step == "owner", out
    assert (draft["home"], draft["place"], draft["damage"]) == (
        home,
        "Where the cane is",
        "Ate the cane",
    )
    assert [a[1] for a in draft["animals"]] == [2]


@pytest.mark.parametrize(
    ("greeting", "name", "sentence", "only_name"),
    [
        ("namaste", "पकौड़ी लाल", "meri gaay kho gayi", "सिर्फ़ नाम लिखें"),
        ("নমস্কার", "হারান মণ্ডল", "আমার গরু হারিয়ে গেছে", "শুধু নামটা লিখুন"),
    ],
)
def test_a_name_like_a_word_of_cattle_is_a_name_and_a_sentence_is_none(
    world: World, greeting: str, name: str, sentence: str, only_name: str
) -> None:
    """Over SMS, where the seizer's name is asked (Sec V registers it): a name that is one
    letter off a word of cattle (হারান মণ্ডল, a name; হারানো, lost) is recorded as written, where
    it was refused and the question asked again without a word; a sentence of cattle is no
    name, and he is told to send only the name."""
    chat = Chat(world, _address(Channel.SMS), Channel.SMS)
    chat.say(greeting)
    chat.say("1")
    out = chat.say(sentence)
    assert only_name in out, out
    chat.say(name)
    with world.db.reading() as s:
        conv = s.exec(select(Conversation).where(Conversation.address == chat.phone)).one()
        assert (conv.step, conv.data["draft"]["name"]) == ("home", name)


@pytest.mark.parametrize(
    ("complain", "dont_know", "which_village"),
    [
        ("shikayat karni hai", "pata nahi", "किस गाँव से"),
        ("शिकायत करनी है", "मालूम नहीं", "किस गाँव से"),
        ("nalish korbo", "jani na", "কোন গ্রাম থেকে"),
        ("নালিশ করব", "জানি না", "কোন গ্রাম থেকে"),
    ],
)
def test_an_owner_who_does_not_know_the_reference_is_helped_to_find_his_cattle(
    world: World, complain: str, dont_know: str, which_village: str
) -> None:
    """Over SMS, an owner who wants to complain and is asked the seizure's reference (none is
    recorded by his phone) says he does not know it: his cattle are looked for near his
    village, as "my cattle" looks for them, where he was told "that is not a reference" and
    asked the same again."""
    chat = Chat(world, _address(Channel.SMS), Channel.SMS)
    chat.say(complain)
    out = chat.say(dont_know)
    assert which_village in out, out
    chat.say("Rampr")
    assert chat.options() == ["village:TESTPUR/Rampur"]


@pytest.mark.parametrize(
    ("mine", "how_much", "fine"),
    [
        ("meri bakri {ref}", "kitna dena hai", "जुर्माना"),
        ("मेरी बकरी {ref}", "कितना लगेगा", "जुर्माना"),
        ("amar chagol {ref}", "koto dite hobe", "জরিমানা"),
        ("আমার ছাগল {ref}", "কত টাকা দিতে হবে", "জরিমানা"),
    ],
)
def test_how_much_to_pay_asked_after_his_seizure_is_shown_is_answered(
    world: World, mine: str, how_much: str, fine: str
) -> None:
    """Over SMS, an owner shown the first page of his seizure (his cattle in the pound, the
    day to claim them by) asks what he must pay: he is given the next page, of the fine and
    the feeding (Sec VI, VII), where he was asked "what next?"."""
    ref = _three_goats_seized(world)
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.tick(minutes=30),
        now=world.now,
    )
    chat = Chat(world, _address(Channel.SMS), Channel.SMS)
    first = chat.say(mine.format(ref=ref))
    assert ref in first and fine not in first, first
    out = chat.say(how_much)
    assert fine in out, out


@pytest.mark.parametrize(
    ("complain", "who", "next_question"),
    [
        ("shikayat {ref}", "main malik hoon", "ज़ब्ती ग़लत क्यों"),
        ("शिकायत {ref}", "मैं खुद", "ज़ब्ती ग़लत क्यों"),
        ("shikayat {ref}", "main mukhtar hoon", "मालिक का नाम"),
        ("nalish korbo {ref}", "ami malik", "আটক কেন অন্যায়"),
        ("নালিশ {ref}", "আমি নিজে", "আটক কেন অন্যায়"),
        ("nalish korbo {ref}", "ami protinidhi", "মালিকের নাম"),
    ],
)
def test_who_complains_is_read_as_he_says_it_and_is_no_name(
    world: World, complain: str, who: str, next_question: str
) -> None:
    """Over SMS, a complainant asked his name who says what he is ("main malik hoon": I am the
    owner) is asked his name again, where it was recorded as his name; asked whether he is the
    owner or his agent (Sec XIV), he is understood as he types it, where only the choice's
    number or its exact words were."""
    ref = _three_goats_seized(world)
    chat = Chat(world, _address(Channel.SMS), Channel.SMS)
    chat.say(complain.format(ref=ref))
    asked = chat.say(who)  # his name, asked again
    with world.db.reading() as s:
        conv = s.exec(select(Conversation).where(Conversation.address == chat.phone)).one()
        step, draft = conv.step, conv.data["draft"]
    assert step == "name" and "name" not in draft, (asked, draft)
    chat.say("Sohan Lal")
    assert chat.options() == ["self", "agent"]
    out = chat.say(who)
    assert next_question in out, out


@pytest.mark.parametrize(
    "asked", ["{ref} kahan hai", "ram ram, {ref} ki khabar do", "{ref} কোথায়", "{ref} kothay ache"]
)
def test_a_reference_in_a_sentence_that_asks_nothing_else_is_where_that_seizure_stands(
    world: World, asked: str
) -> None:
    """The reference the office sent, in a sentence that says nothing else the office reads
    ("7F54JS kahan hai": where is it), from a phone it has never heard from: where that seizure
    stands, as STATUS 7F54JS says it, where the hint was sent (three SMS in Hindi)."""
    ref = _three_goats_seized(world)
    chat = Chat(world, _address(Channel.SMS), Channel.SMS)
    out = chat.say(asked.format(ref=ref))
    assert ref in out.splitlines()[0], out


@pytest.mark.parametrize(
    ("thanks", "answer"),
    [
        ("dhanyavad", "कोई बात नहीं।"),
        ("धन्यवाद जी", "कोई बात नहीं।"),
        ("shukriya", "कोई बात नहीं।"),
        ("dhonnobad", "ঠিক আছে, ভালো থাকবেন।"),
        ("অনেক ধন্যবাদ", "ঠিক আছে, ভালো থাকবেন।"),
        ("thank you", "You are welcome."),
    ],
)
def test_thanks_alone_is_answered_in_one_line_in_his_language(
    world: World, thanks: str, answer: str
) -> None:
    """Thanks from a phone with nothing asked: one line in the language he thanks in, and on
    SMS the menu's one choice (no dead end), in one segment; where it was the hint with the
    menu (three segments in Hindi), in English for "dhanyavad" alone."""
    chat = Chat(world, _address(Channel.SMS), Channel.SMS)
    out = chat.say(thanks)
    assert out.splitlines()[0] == answer, out
    assert chat.options() == ["menu"], out
    assert [sms_segments(x) for x in texts_for(chat.last)] == [1], out


@pytest.mark.parametrize(
    ("yes", "answer"),
    [
        ("haan", "Good."),
        ("hya", "Good."),
        ("ok", "Good."),
        ("theek hai", "ठीक है।"),
        ("ঠিক আছে", "ঠিক আছে।"),
        ("thik ache", "ঠিক আছে।"),
    ],
)
def test_a_yes_with_nothing_asked_is_answered_in_one_line(
    world: World, yes: str, answer: str
) -> None:
    """A yes or an ok from a phone with nothing asked (often the answer to a notice): one line,
    «ठीक है।», with the menu's one choice, in one segment, and no flow started. "haan" was read as
    हाल (STATUS) mistyped, one letter off, and the reference of a seizure asked for; the others
    got the hint and the menu (three SMS in Hindi)."""
    chat = Chat(world, _address(Channel.SMS), Channel.SMS)
    out = chat.say(yes)
    assert out.splitlines()[0] == answer, out
    assert [sms_segments(x) for x in texts_for(chat.last)] == [1], out
    with world.db.reading() as s:
        conv = s.exec(select(Conversation).where(Conversation.address == chat.phone)).one()
        flow = conv.flow
    assert flow is None, out


@pytest.mark.parametrize(
    ("greeting", "home", "offered"),
    [
        ("namaste", "Kemri", "1. केमरी"),
        ("নমস্কার", "কেমরি", "1. কেমরী"),
        ("hello", "kemri", "1. Kemri"),
    ],
)
def test_the_seizers_own_village_is_offered_where_the_village_of_the_seizure_is_asked(
    world: World, greeting: str, home: str, offered: str
) -> None:
    """Over SMS, a seizer who lives in a village of the district is offered it as the village
    of the seizure (cattle are most often seized in his own village's fields): its number
    answers, where he had to type the name again; a village not known is offered nothing."""
    place_villages(world)  # Kemri named in Hindi and Bengali too
    chat = Chat(world, _address(Channel.SMS), Channel.SMS)
    chat.say(greeting)
    chat.say("1")
    chat.say("Hari Das")
    chat.say(home)
    out = "\n".join(texts_for(chat.last))
    assert out.splitlines()[-1] == offered, out
    chat.say("1")
    with world.db.reading() as s:
        conv = s.exec(select(Conversation).where(Conversation.address == chat.phone)).one()
        assert (conv.step, conv.data["draft"]["village"]) == ("place", "Kemri")
    other = Chat(world, _address(Channel.SMS), Channel.SMS)
    other.say(greeting)
    other.say("1")
    other.say("Hari Das")
    other.say("Bhotpur")
    assert all(not r.options for r in other.last), other.last


@pytest.mark.parametrize(
    ("complain", "who"),
    [
        ("shikayat karni hai", "मालिक"),
        ("অভিযোগ আছে", "মালিক"),
        ("নালিশ করব", "মালিক"),
        ("complain", "owner"),
    ],
)
def test_an_owner_who_complains_without_the_reference_complains_of_the_seizure_of_his_phone(
    world: World, complain: str, who: str
) -> None:
    """Over SMS, the owner named in a seizure with his phone says he wants to complain and gives
    no reference: his seizure is shown and the complaint's questions begin (Sec XIV), where he
    was told no seizure was known by his phone and asked for its reference."""
    ref = world.seize()
    chat = Chat(world, NAMED_OWNER.phone or "", Channel.SMS)
    out = chat.say(complain)
    assert ref in out and who in out, out
    with world.db.reading() as s:
        conv = s.exec(select(Conversation).where(Conversation.address == chat.phone)).one()
        assert (conv.step, conv.data["draft"]["ref"]) == ("who", ref)


@pytest.mark.parametrize(
    ("greeting", "typed", "name"),
    [
        ("namaste", "mera naam Ramesh Yadav hai", "Ramesh Yadav"),
        ("namaste", "मेरा नाम रमेश यादव है", "रमेश यादव"),
        ("namaste", "main Ramesh hoon", "Ramesh"),
        ("নমস্কার", "আমার নাম হারান মণ্ডল", "হারান মণ্ডল"),
        ("hello", "my name is Ram Das", "Ram Das"),
        ("namaste", "Ramesh Yadav", "Ramesh Yadav"),
    ],
)
def test_a_name_given_in_a_sentence_is_recorded_without_the_sentence(
    world: World, greeting: str, typed: str, name: str
) -> None:
    """Over SMS, where the seizer's name is asked for the register (Sec V), "mera naam Ramesh
    Yadav hai" (my name is ...) records Ramesh Yadav, where the whole sentence was the name."""
    chat = Chat(world, _address(Channel.SMS), Channel.SMS)
    chat.say(greeting)
    chat.say("1")
    chat.say(typed)
    with world.db.reading() as s:
        conv = s.exec(select(Conversation).where(Conversation.address == chat.phone)).one()
        assert (conv.step, conv.data["draft"]["name"]) == ("home", name)


@pytest.mark.parametrize(
    ("greeting", "dont_know", "aid"),
    [
        ("namaste", "pata nahi", "पुलिस"),
        ("namaste", "नंबर नहीं पता", "पुलिस"),
        ("নমস্কার", "জানি না", "পুলিশের"),
    ],
)
def test_dont_know_at_the_owners_phone_leaves_it_out(
    world: World, greeting: str, dont_know: str, aid: str
) -> None:
    """Over SMS, "don't know" where the owner's phone is asked records the owner without a
    phone and goes on to the police's aid (Sec II), where it was refused as a number that
    cannot be read and asked again."""
    chat = Chat(world, _address(Channel.SMS), Channel.SMS)
    for said in (greeting, "1", "Hari Das", "Rampur", "1", "the cane field", "2 gaay", "nahi"):
        chat.say(said)
    chat.say("ate the cane")
    chat.say("Mohan Lal")
    chat.say("Kemri")
    out = chat.say(dont_know)
    assert aid in out, out
    with world.db.reading() as s:
        conv = s.exec(select(Conversation).where(Conversation.address == chat.phone)).one()
        owner = conv.data["draft"]["owner"]
        assert (conv.step, owner["name"], owner["phone"]) == ("aid", "Mohan Lal", None)
