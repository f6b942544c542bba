"""What villagers really type, on SMS and on Telegram: their own script, romanised Hindi and
Bengali, greetings, "don't know", the owner's and the seizer's phrasings in either order, West
Bengal spellings. Each message reaches the flow it asks for and is answered in the writer's
language (Devanagari: Hindi, Bengali script: Bengali, Hindi and Bengali typed in Latin letters
as themselves, English words in Latin letters: the district's main language)."""

from __future__ import annotations

import itertools

import pytest
from sqlmodel import select

from bot.registry import build_engine
from bot.types import Channel, Inbound, Reply
from bot.words import language_of_script, language_of_words
from models import Conversation, Seizure
from models.columns import id_of
from office.acts.complainant.complaint import file_complaint
from office.people import find_or_add_person
from tests.units import act, tx
from tests.world import World

# The flows a message may reach: its conversation's flow after it, or what the reply is.
SEIZE, OWNER, STATUS, RATES = "seize", "owner", "status", "rates"
MENU = "menu"  # no flow; the menu offered (a greeting, the menu word, help)
HINT = "hint"  # no flow; a private person shown the way to his own flows
# The reply's first line for each outcome that leaves no flow, by language.
HINTS = {
    "en": "To ask about your cattle",
    "hi": "अपने पशुओं के बारे में",
    "bn": "আপনার পশুর খবর জানতে",
}
REF = "{ref}"  # a seizure's reference, filled in by the test
# No flow: cattle in his field, no catching said; he is told he may seize them, and how to report.
TRESPASS = "trespass"
TRESPASS_HINTS = {"hi": "खेत में नुकसान करते मवेशी", "bn": "খেতের ক্ষতি করা পশু"}

HINDI = [
    # a seizer says he caught cattle, in either word order
    ("मैंने 2 भैंस पकड़ी हैं", SEIZE),
    ("गाय पकड़ी है", SEIZE),
    ("मैंने दो गाय पकड़ी", SEIZE),
    ("मेरे खेत में 2 गाय पकड़ी", SEIZE),
    ("2 भैंस पकड़ ली हैं", SEIZE),
    ("हमने तीन भैंसें पकड़ी हैं", SEIZE),
    ("जब्त", SEIZE),
    ("ज़ब्त 2 गाय रामपुर", SEIZE),
    ("पकड़ा", SEIZE),
    ("नमस्ते, मैंने 3 बकरी पकड़ी हैं", SEIZE),
    ("राम राम जी, खेत में गाय पकड़ी है", SEIZE),
    # an owner: his cattle lost, or seized (passive), or asked after
    ("मेरी गाय गुम हो गई", OWNER),
    ("मेरी भैंस खो गई है", OWNER),
    ("पकड़े गए मेरे पशु", OWNER),
    ("मेरे पशु पकड़े गए", OWNER),
    ("मेरी गाय पकड़ ली गई", OWNER),
    ("किसी ने मेरी गाय पकड़ ली", OWNER),
    ("मेरी 3 सफेद गाय लापता हैं", OWNER),
    ("नमस्ते, मेरी गाय गुम है", OWNER),
    ("मेरे पशु", OWNER),
    ("मेरी गाय कहाँ है", OWNER),
    ("गाय गायब है", OWNER),
    ("गाय कहाँ है", OWNER),  # where the cow is: the search, whoever's it is
    ("प्रणाम, मेरी बकरी नहीं मिल रही", OWNER),
    (f"शिकायत {REF}", OWNER),
    # anyone
    (f"स्थिति {REF}", STATUS),
    (f"हाल {REF}", STATUS),
    ("दरें", RATES),
    ("रेट", RATES),
    # greetings and the menu
    ("राम राम", MENU),
    ("प्रणाम", MENU),
    ("सलाम", MENU),
    ("नमस्ते", MENU),
    ("नमस्कार", MENU),
    ("जय राम जी की", MENU),
    ("मेनू", MENU),
    ("मदद", MENU),
    # ordinary words, and officers' words, from a private person: shown the way, not refused
    ("सूचना मिली है", HINT),
    ("नीलामी कब है", HINT),
    ("मुकदमा करना है", HINT),
    ("आगमन", HINT),
    ("भुगतान कर दिया", HINT),
    ("पता नहीं", HINT),
    ("दारोगा कहाँ है", HINT),  # "where" with no animal asks nothing of cattle
]

BENGALI = [
    ("আমি দুটো গরু ধরেছি", SEIZE),
    ("দুটো গরু ধরেছি", SEIZE),
    ("২টি মহিষ আটক করেছি", SEIZE),
    ("আমার জমিতে দুটো গরু ধরেছি", SEIZE),
    ("আটক", SEIZE),
    ("গরু ধরেছি", SEIZE),
    ("আমরা ২টি গোরু ধরেছি", SEIZE),  # গোরু: the West Bengal school spelling
    ("নমস্কার, আমি তিনটে ছাগল ধরেছি", SEIZE),
    ("আদাব, দুটো গোরু আটকে রেখেছি", SEIZE),
    ("আমার গরু হারিয়েছে", OWNER),
    ("আমার গোরু হারিয়ে গেছে", OWNER),
    ("মোর গাই হারাইছে", OWNER),  # as East Bengal says it: my cow is lost
    ("আটক হয়েছে আমার গরু", OWNER),
    ("আমার গরু আটক হয়েছে", OWNER),
    ("আমার গরু ধরে নিয়ে গেছে", OWNER),
    ("আমার ছাগল পাচ্ছি না", OWNER),
    ("আমার পশু", OWNER),
    ("আমার দুটো গরু কোথায়", OWNER),
    ("গরু ফেরত দিন", OWNER),  # give the cow back
    ("নিখোঁজ", OWNER),
    ("প্রণাম, আমার মহিষ নিখোঁজ", OWNER),
    ("মামলা করব", OWNER),  # a complaint against the seizure (Sec XIV)
    (f"নালিশ {REF}", OWNER),
    (f"অবস্থা {REF}", STATUS),
    ("হার", RATES),
    ("রেট", RATES),
    ("আদাব", MENU),
    ("নমস্কার", MENU),
    ("প্রণাম", MENU),
    ("হ্যালো", MENU),
    ("সালাম", MENU),
    ("আসসালামু আলাইকুম", MENU),
    ("মেনু", MENU),
    ("সাহায্য", MENU),
    ("নোটিশ পেয়েছি", HINT),
    ("নিলাম কবে", HINT),
    ("আগমন", HINT),
    ("আদায়", HINT),
    ("জানি না", HINT),
    ("চিনি না", HINT),
    ("দারোগা কোথায়", HINT),
    ("মুক্তি", HINT),
]

# Romanised, as most villagers type: answered in Hindi or Bengali where two of its words, or a
# greeting, are that language's own and none the other's (bot/words.py `language_of_words`); a
# greeting both say (namaskar, salaam), a command word or a name alone says no language, and is
# answered in the district's main language (English here).
ROMANISED = [
    ("meri gaay kho gayi patwai se", OWNER, "hi"),
    ("amar goru harie geche", OWNER, "bn"),
    ("2 bhains pakdi", SEIZE, "hi"),
    ("maine do gaay pakdi hai", SEIZE, "hi"),
    ("ami duto goru dhorechi", SEIZE, "bn"),
    ("dui ta goru dhorechi", SEIZE, "bn"),
    ("mere pashu", OWNER, "hi"),
    ("amar poshu", OWNER, "bn"),
    ("namaste ji, meri bhains gum hai", OWNER, "hi"),
    ("mere pashu pakde gaye", OWNER, "hi"),
    (f"sthiti {REF}", STATUS, "en"),
    (f"obostha {REF}", STATUS, "en"),
    ("ram ram", MENU, "hi"),
    ("namaste", MENU, "hi"),
    ("pranam bhaiya", MENU, "hi"),
    ("nomoskar", MENU, "bn"),
    ("adab", MENU, "bn"),
    ("nomoskar dada", MENU, "bn"),
    ("namaskar", MENU, "en"),
    ("salaam", MENU, "en"),
    ("assalamu alaikum", MENU, "en"),
    ("didi", MENU, "en"),
    ("pata nahi", HINT, "hi"),
    ("pta nhi", HINT, "hi"),
    ("goru ferot dao", OWNER, "bn"),
    ("jani na", HINT, "bn"),
    ("jana nai", HINT, "bn"),
    # everyday words (word:roman) tell the language where the meaningful ones are fewer
    ("shikayat karni hai", OWNER, "hi"),
    ("complaint karna hai", OWNER, "hi"),
    ("nalish korbo", OWNER, "bn"),
    ("where are the cows", OWNER, "en"),
    ("where is the darogah", HINT, "en"),
    ("there are cows on the road", HINT, "en"),  # "there" is no "where" with a typo
    (f"{REF} ka kya hua", STATUS, "hi"),  # what became of it
    ("khoyad kothay", HINT, "bn"),  # where is the pound: no cattle of his asked after
    # help asked for in a sentence
    ("madad chahiye", MENU, "hi"),
    ("সাহায্য দরকার", MENU, "bn"),
    # a fine or feeding asked, of no cattle of his: the schedule
    ("gaay ka jurmana kitna hai", RATES, "hi"),
    ("गाय का जुर्माना कितना है", RATES, "hi"),
    ("গরুর জরিমানা কত", RATES, "bn"),
    ("bhains ki khurak kitni", RATES, "hi"),
    ("I am fine", HINT, "en"),
]

CASES = (
    [(text, flow, "hi") for text, flow in HINDI]
    + [(text, flow, "bn") for text, flow in BENGALI]
    + ROMANISED
)
CHANNELS = (Channel.SMS, Channel.TELEGRAM)
_phones = itertools.count(9_830_000_001)


def _address(channel: Channel) -> str:
    n = next(_phones)
    return f"+91{n}" if channel is Channel.SMS else str(7_400_000_000 + n)


def _send(world: World, channel: Channel, address: str, text: str, **kw: object) -> list[Reply]:
    inbound = Inbound(
        channel=channel,
        address=address,
        text=text,
        telegram_user_id=int(address) if channel is Channel.TELEGRAM else None,
        **kw,  # type: ignore[arg-type]
    )
    return build_engine(world.db).handle(inbound, now=world.now)


def _flow(world: World, channel: Channel, address: str) -> str | None:
    with world.db.reading() as s:
        row = s.exec(
            select(Conversation).where(
                Conversation.channel == channel.value, Conversation.address == address
            )
        ).one()
        return row.flow


def _language(replies: list[Reply]) -> str:
    text = "\n".join(r.text for r in replies) + " ".join(
        o.label for r in replies for o in r.options
    )
    return language_of_script(text) or "en"


@pytest.mark.parametrize("channel", CHANNELS, ids=lambda c: c.value)
@pytest.mark.parametrize(("typed", "reaches", "lang"), CASES)
def test_what_a_villager_types_reaches_its_flow_in_his_language(
    world: World, channel: Channel, typed: str, reaches: str, lang: str
) -> None:
    ref = world.seize()
    address = _address(channel)
    replies = _send(world, channel, address, typed.replace(REF, ref))
    said = "\n".join(r.text for r in replies)
    assert _language(replies) == lang, said
    flow = _flow(world, channel, address)
    if reaches in (SEIZE, OWNER):
        assert flow == reaches, said
    elif reaches == STATUS:
        assert said.startswith(f"Seizure {ref}") or ref in said.splitlines()[0], said
    elif reaches == RATES:
        assert flow == RATES or "Testpur thana pound" in said, said
    elif reaches == MENU:
        assert flow is None and "seize" in [o.value for r in replies for o in r.options], said
    else:
        assert flow is None and said.startswith(HINTS[lang]), said
        assert "(Sec" not in said and "धारा" not in said and "ধারা" not in said, said


def test_the_language_of_his_script_stays_his_until_he_chooses_another(world: World) -> None:
    address = _address(Channel.SMS)
    assert _language(_send(world, Channel.SMS, address, "राम राम")) == "hi"
    # Digits and Latin words afterwards are still answered in Hindi.
    assert _language(_send(world, Channel.SMS, address, "menu")) == "hi"
    assert _language(_send(world, Channel.SMS, address, "1")) == "hi"
    # Until he chooses another.
    _send(world, Channel.SMS, address, "ভাষা")
    _send(world, Channel.SMS, address, "3")
    assert _language(_send(world, Channel.SMS, address, "menu")) == "bn"


@pytest.mark.parametrize(
    ("typed", "lang"),
    [
        ("meri gaay kho gayi", "hi"),
        ("Meri do bhains pakdi gayi hai!", "hi"),
        ("kitna dena hai", "hi"),
        ("amar goru harie geche", "bn"),
        ("koto taka dite hobe", "bn"),
        ("ami 2 ta goru dhorechi", "bn"),
        # "ke", "ka", "tar" are read around a don't-know (word:whose) and tell no language.
        ("amar goru ke niye geche", "bn"),
        ("ram ke khet me gaay ghus gayi", "hi"),
        # English, names and places: words that a Hindi or Bengali list also has ("do", "to",
        # "main", "bus", "gaya") are English too, and one word alone is no language.
        ("I want to do it", None),
        ("my cow is lost near the main bus stand", None),
        ("Bodh Gaya", None),
        ("Ram Das", None),
        ("hi", None),
        ("menu", None),
        ("haan", None),
        # Hindi and Bengali words in one text: neither.
        ("meri goru harie geche", None),
    ],
)
def test_hindi_and_bengali_in_latin_letters_are_told_apart_from_english(
    typed: str, lang: str | None
) -> None:
    assert language_of_words(typed) == lang


@pytest.mark.parametrize("channel", CHANNELS, ids=lambda c: c.value)
def test_romanised_hindi_is_answered_in_hindi_from_then_on(world: World, channel: Channel) -> None:
    address = _address(channel)
    assert _language(_send(world, channel, address, "meri gaay kho gayi")) == "hi"
    assert _language(_send(world, channel, address, "cancel")) == "hi"
    assert _language(_send(world, channel, address, "menu")) == "hi"


@pytest.mark.parametrize("channel", CHANNELS, ids=lambda c: c.value)
@pytest.mark.parametrize(
    ("latin", "native", "lang"), [("menu", "राम राम", "hi"), ("hi", "আদাব", "bn")]
)
def test_latin_letters_first_do_not_keep_him_from_his_own_script(
    world: World, channel: Channel, latin: str, native: str, lang: str
) -> None:
    address = _address(channel)
    assert _language(_send(world, channel, address, latin)) == "en"
    assert _language(_send(world, channel, address, native)) == lang
    assert _language(_send(world, channel, address, "menu")) == lang


def test_telegrams_language_code_is_a_hint_where_nothing_else_is_known(world: World) -> None:
    hinted = _send(world, Channel.TELEGRAM, _address(Channel.TELEGRAM), "hello", language_hint="bn")
    assert _language(hinted) == "bn"
    # His script says more than his app's setting.
    written = _send(world, Channel.TELEGRAM, _address(Channel.TELEGRAM), "नमस्ते", language_hint="bn")
    assert _language(written) == "hi"
    plain = _send(world, Channel.TELEGRAM, _address(Channel.TELEGRAM), "hello", language_hint="de")
    assert _language(plain) == "en"


def test_the_language_chooser_asks_in_every_language(world: World) -> None:
    replies = _send(world, Channel.SMS, _address(Channel.SMS), "भाषा")
    heading = replies[-1].text
    assert "Choose a language" in heading and "भाषा" in heading and "ভাষা" in heading


@pytest.mark.parametrize("channel", CHANNELS, ids=lambda c: c.value)
@pytest.mark.parametrize(
    ("start", "dont_know"),
    [
        ("मैंने 2 गाय पकड़ी हैं", "पता नहीं"),
        ("मैंने 2 गाय पकड़ी हैं", "नहीं पता"),
        ("मैंने 2 गाय पकड़ी हैं", "मालूम नहीं"),
        ("আমি দুটো গরু ধরেছি", "জানি না"),
        ("আমি দুটো গরু ধরেছি", "চিনি না"),
        ("2 gaay pakdi", "pata nahi"),
        ("2 gaay pakdi", "pta nhi"),  # as an SMS is typed
        ("2 gaay pakdi", "kya pata"),
        ("2 goru dhorechi", "jani na"),
        ("2 goru dhorechi", "jana nai"),
        ("আমি দুটো গরু ধরেছি", "জানি নাই"),
        ("I caught 2 cows", "don't know"),
        ("मैंने 2 गाय पकड़ी हैं", "हाँ"),
        ("আমি দুটো গরু ধরেছি", "না"),
        # with the words said around it: address, "I", "name", an everyday word
        ("2 gaay pakdi", "pata nahi bhai"),
        ("2 gaay pakdi", "mujhe nahi malum"),
        ("2 gaay pakdi", "naam nahi pata"),
        ("मैंने 2 गाय पकड़ी हैं", "मुझे नहीं पता जी"),
        ("আমি দুটো গরু ধরেছি", "জানি না দাদা"),
        ("আমি দুটো গরু ধরেছি", "নাম জানি না"),
        ("2 goru dhorechi", "ami jani na"),
        # with the owner said: his name is not known
        ("2 gaay pakdi", "malik ka naam nahi pata"),
        ("मैंने 2 गाय पकड़ी हैं", "उसका नाम नहीं पता"),
        ("আমি দুটো গরু ধরেছি", "মালিকের নাম জানি না"),
        ("2 gaay pakdi", "malum nai"),
    ],
)
def test_dont_know_at_the_owners_name_names_nobody(
    world: World, channel: Channel, start: str, dont_know: str
) -> None:
    """G14: an owner not known is recorded as not known, and the real owner may still establish
    his claim; "पता नहीं" is never the name of the owner of record."""
    address = _address(channel)
    phone = f"+91{next(_phones)}"
    send = lambda text, **kw: _send(world, channel, address, text, **kw)  # noqa: E731
    send(start)
    if channel is Channel.TELEGRAM:
        from bot.types import Contact

        send("", contact=Contact(phone=phone, name="Hari Ram", user_id=int(address)))
    else:
        send("Hari Ram")
        send("Rampur")
    answers = {"village": "Kemri", "place": "the field by the well", "damage": "ate the wheat"}
    for _ in range(8):
        with world.db.reading() as s:
            step = s.exec(select(Conversation.step).where(Conversation.address == address)).one()
        if step == "owner":
            break
        send(answers.get(str(step), "skip"))
    assert step == "owner"
    send(dont_know)
    for _ in range(4):
        with world.db.reading() as s:
            step = s.exec(select(Conversation.step).where(Conversation.address == address)).one()
        if step == "confirm":
            break
        send("no" if step == "aid" else "skip")
    assert step == "confirm"
    send("yes")
    with world.db.reading() as s:
        seizure = s.exec(select(Seizure).order_by(Seizure.id.desc())).first()  # type: ignore[union-attr]
        assert seizure is not None and seizure.owner_id is None
        ref = seizure.ref
    # The real owner then complains of the seizure (Sec XIV): he is heard as claiming to be the
    # owner, nobody's name stands in his way, and the owner of record stays unknown.
    world.tick(hours=1)
    with tx(world.db) as s:
        owner = id_of(
            find_or_add_person(s, name="Gopal Das", residence="Kemri", phone=phone, now=world.now)
        )
    filed = act(
        world.db,
        file_complaint,
        actor_id=owner,
        ref=ref,
        text="these are my cows, seized on the road",
        occurred_at=world.now,
        now=world.now,
    )
    assert filed.standing == "claiming_owner"
    with world.db.reading() as s:
        assert s.exec(select(Seizure.owner_id).where(Seizure.ref == ref)).one() is None
