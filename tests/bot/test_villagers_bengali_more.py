"""More of what West Bengal villagers type, on SMS and on Telegram: Bengali script with গোরু and
গরু, both word orders, counts as words, and romanised Bengali as it is typed on a phone without a
Bengali keyboard ("amar goru dhora porechhe", "duto goru dhorechi"). Each message reaches the flow
it asks for and is answered in Bengali; a count typed as a word is read as the count."""

from __future__ import annotations

import pytest
from sqlmodel import select

from bot.types import Channel, Contact, Reply
from models import Conversation
from tests.bot.test_villagers_words import (
    CHANNELS,
    HINT,
    HINTS,
    MENU,
    OWNER,
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
from tests.world import DHAKIA_POUND_NAMES, World, name_dhakia
from tests.world import OWNER as OWNER_OF_RECORD

# In Bengali script: answered in Bengali from the first message.
BENGALI = [
    ("আমার গোরু ধরা পড়েছে", OWNER),
    ("আমার গরু ধরা পড়েছে", OWNER),
    ("ধরা পড়েছে আমার দুটো গোরু", OWNER),
    ("গরু ছাড়াতে চাই", OWNER),
    ("আমার গোরু ছাড়াব", OWNER),
    ("কত টাকা দিতে হবে", OWNER),
    ("আমার মোষ খুঁজে পাচ্ছি না", OWNER),
    ("খোঁয়াড়ে আমার গরু আছে", OWNER),
    ("গরু খোঁয়াড়ে নিয়ে গেছে", OWNER),  # taken to the pound: whose but the owner's
    ("আমার ক্ষেতে গরু ঢুকে ফসল খেয়েছে", TRESPASS),  # "আমার" owns the field, not the cow
    ("গরুর খবর চাই", OWNER),
    ("গরু ছেড়ে দিন", OWNER),  # release the cow
    ("গরু কোথায়", OWNER),
    ("দুটো গোরু ধরে রেখেছি", SEIZE),
    ("ধরেছি দুটো মহিষ", SEIZE),
    ("তিনটে ছাগল আটকেছি", SEIZE),
    ("আমার খেতে গরু ঢুকেছিল, ধরে রেখেছি", SEIZE),
    (f"অবস্থা {REF}", STATUS),
    ("নমস্কার দিদি, আমার গোরু ধরা পড়েছে", OWNER),
    ("নমস্কার দাদা", MENU),
    ("আমি জানি না", HINT),
]

# Romanised Bengali from a villager the office knows writes Bengali (he wrote in Bengali script
# before): still answered in Bengali.
ROMANISED = [
    ("amar goru dhora porechhe", OWNER),
    ("amar goru dhora poreche", OWNER),
    ("dhora poreche amar goru", OWNER),
    ("goru chharate chai", OWNER),
    ("koto taka dite hobe", OWNER),
    ("amar mosh pacchi na", OWNER),
    ("goru khoyare niye geche", OWNER),
    ("amar chagol dhore niye geche", OWNER),
    ("gorur khobor chai", OWNER),
    ("goru chere din", OWNER),
    ("goru kobe pabo", OWNER),
    ("goru kothay amar", OWNER),
    ("amar jomite chagol dhukeche", TRESPASS),
    ("duto goru dhorechi", SEIZE),
    ("dhorechi duto goru", SEIZE),
    ("dui goru dhorechi", SEIZE),
    ("tin ta chagol atkechi", SEIZE),
    (f"obostha {REF}", STATUS),
    ("nomoshkar", MENU),
    ("adab dada", MENU),
    ("jani na", HINT),
    ("chini na", HINT),
]

CASES = [(text, flow, False) for text, flow in BENGALI] + [
    (text, flow, True) for text, flow in ROMANISED
]


def _reached(world: World, channel: Channel, address: str, ref: str, replies: list[Reply]) -> str:
    said = "\n".join(r.text for r in replies)
    flow = _flow(world, channel, address)
    if flow in (SEIZE, OWNER):
        return flow
    if ref in said.splitlines()[0]:
        return STATUS
    if flow is None and said.startswith(TRESPASS_HINTS["bn"]):
        assert "(Sec" not in said and "ধারা" not in said, said
        return TRESPASS
    if flow is None and said.startswith(HINTS["bn"]):
        assert "(Sec" not in said and "ধারা" not in said, said
        return HINT
    if flow is None and "seize" in [o.value for r in replies for o in r.options]:
        return MENU
    return f"{flow}: {said}"


@pytest.mark.parametrize("channel", CHANNELS, ids=lambda c: c.value)
@pytest.mark.parametrize(("typed", "reaches", "romanised"), CASES)
def test_what_a_bengali_villager_types_reaches_its_flow_in_bengali(
    world: World, channel: Channel, typed: str, reaches: str, romanised: bool
) -> None:
    ref = world.seize()
    address = _address(channel)
    if romanised:
        assert _language(_send(world, channel, address, "আদাব")) == "bn"
    replies = _send(world, channel, address, typed.replace(REF, ref))
    said = "\n".join(r.text for r in replies)
    assert _language(replies) == "bn", said
    assert _reached(world, channel, address, ref, replies) == reaches, said


def _animals(world: World, channel: Channel, address: str) -> object:
    with world.db.reading() as s:
        row = s.exec(
            select(Conversation).where(
                Conversation.channel == channel.value, Conversation.address == address
            )
        ).one()
        draft = row.data.get("draft")
        return draft.get("animals") if isinstance(draft, dict) else None


@pytest.mark.parametrize("channel", CHANNELS, ids=lambda c: c.value)
@pytest.mark.parametrize(
    ("typed", "kind", "count"),
    [
        ("dui goru dhorechi", "cow", 2),
        ("dhorechi tin ta chagol", "goat", 3),
        ("আমি দুটো গোরু ধরেছি", "cow", 2),
        ("তিনটে মোষ আটকে রেখেছি", "buffalo", 3),
        ("char ta goru dhorechi", "cow", 4),
    ],
)
def test_a_count_typed_as_a_word_is_the_count_of_the_report(
    world: World, channel: Channel, typed: str, kind: str, count: int
) -> None:
    address = _address(channel)
    _send(world, channel, address, "নমস্কার")
    replies = _send(world, channel, address, typed)
    assert _flow(world, channel, address) == SEIZE, replies
    assert _language(replies) == "bn"
    assert _animals(world, channel, address) == [[kind, count, ""]], replies


@pytest.mark.world_with.with_args(name_dhakia)
@pytest.mark.parametrize("channel", CHANNELS, ids=lambda c: c.value)
@pytest.mark.parametrize(
    ("typed", "then"),
    [("আমার গোরু ধরা পড়েছে", ()), ("amar goru harie geche", ("ঢাকিয়া", "1"))],
)
def test_the_owners_first_answer_names_the_pound_as_the_district_writes_it_in_bengali(
    world: World, channel: Channel, typed: str, then: tuple[str, ...]
) -> None:
    """The brief answer an owner gets first (his own cattle, or found by the search) names the
    pound in Bengali where the district file names it so, never the register's English."""
    world.seize(village="Dhakia", owner=OWNER_OF_RECORD if not then else None)
    address = OWNER_OF_RECORD.phone if channel is Channel.SMS else _address(channel)
    if channel is Channel.TELEGRAM:
        _send(world, channel, address, "আদাব")
        share = Contact(phone=str(OWNER_OF_RECORD.phone), user_id=int(address))
        _send(world, channel, address, "", contact=share)
    replies = _send(world, channel, address, typed)
    for text in then:
        replies = _send(world, channel, address, text)
    said = "\n".join(r.text for r in replies)
    assert _language(replies) == "bn", said
    assert DHAKIA_POUND_NAMES["bn"] in said, said
    assert "Dhakia pound" not in said, said


@pytest.mark.world_with.with_args(name_dhakia)
@pytest.mark.parametrize("channel", CHANNELS, ids=lambda c: c.value)
def test_the_pounds_to_choose_from_for_the_rates_are_named_in_bengali(
    world: World, channel: Channel
) -> None:
    """RATES from someone the office knows nothing of offers the pounds by the names the
    district file gives them in Bengali, and the Bengali name typed picks that pound."""
    address = _address(channel)
    _send(world, channel, address, "নমস্কার")
    asked = _send(world, channel, address, "হার")
    labels = [o.label for r in asked for o in r.options]
    assert DHAKIA_POUND_NAMES["bn"] in labels and "Dhakia pound" not in labels, labels
    shown = "\n".join(r.text for r in _send(world, channel, address, DHAKIA_POUND_NAMES["bn"]))
    assert shown.startswith(DHAKIA_POUND_NAMES["bn"]), shown
    assert _language(asked) == "bn"
