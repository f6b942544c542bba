"""No dead ends: after a last answer, a cancel or a change of language the menu is offered, so the
next number a person sends is a choice of it, never "I did not understand that" (issue of an
extra paid round trip on SMS); on SMS the menu is one line ("1. Menu") whose number brings it.
Over SMS and the console, in English, Hindi and Bengali."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.i18n import say_word, translator
from bot.registry import build_engine
from bot.segments import texts_for
from bot.types import Channel, Inbound, Reply
from tests.world import World

STRANGER = "+919333333333"
LANGS = ("en", "hi", "bn")
CHANNELS = (Channel.SMS, Channel.CONSOLE)


class Phone:
    def __init__(self, world: World, channel: Channel, lang: str) -> None:
        self.world = world
        self.engine = build_engine(world.db)
        self.channel = channel
        self.lang = lang
        self.last: list[Reply] = []

    def say(self, text: str) -> str:
        inbound = Inbound(channel=self.channel, address=STRANGER, text=text)
        self.last = self.engine.handle(inbound, now=self.world.now)
        return "\n".join(texts_for(self.last))

    def options(self) -> list[str]:
        return [o.value for r in self.last for o in r.options]

    def pick_status(self) -> str:
        """Send the number the menu shows for "Status of a seizure", as a person reads it."""
        shown = "\n".join(texts_for(self.last))
        number = self.options().index("status") + 1
        label = translator(self.lang)("Status of a seizure")
        assert f"{number}. {label}" in shown, shown
        return self.say(str(number))


def begin(world: World, channel: Channel, lang: str) -> Phone:
    phone = Phone(world, channel, lang)
    # The language chosen as a person does it: LANG, then the number of the language.
    phone.say("lang")
    number = phone.options().index(f"lang:{lang}") + 1
    phone.say(str(number))
    return phone


def asks_for_the_reference(phone: Phone, out: str) -> None:
    t = translator(phone.lang)
    assert t("I did not understand that.") not in out
    assert t("Send the reference of the seizure (six letters and digits).") in out


ENDINGS: dict[str, Callable[[Phone], object]] = {
    "a change of language": lambda p: None,
    "a last answer": lambda p: p.say("status ZZZZZZ"),
    "a cancel in a conversation": lambda p: (
        p.say("status"),
        p.say(say_word(p.lang, "cancel")),
    ),
    "a cancel of nothing": lambda p: p.say(say_word(p.lang, "cancel")),
    "a message not understood": lambda p: p.say("what is this"),
    "the rates": lambda p: p.say("rates TPR"),
    "a seizure report cancelled at its summary": lambda p: (
        p.say("seize 2 cow Rampur") and p.say("Hari Singh")
    ),
}


@pytest.mark.parametrize("ending", list(ENDINGS))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("channel", CHANNELS, ids=lambda c: c.value)
def test_the_next_number_is_a_choice_of_the_menu(
    world: World, channel: Channel, lang: str, ending: str
) -> None:
    phone = begin(world, channel, lang)
    ENDINGS[ending](phone)
    if ending.startswith("a seizure report"):
        phone.say(say_word(lang, "cancel"))
    while "more" in phone.options():  # a long answer on SMS, a page at a time
        phone.say(str(phone.options().index("more") + 1))
    if channel is Channel.SMS and "status" not in phone.options():
        # On SMS, where each segment is paid for, the menu is one numbered line that brings it.
        shown = "\n".join(texts_for(phone.last))
        assert phone.options() == ["menu"], phone.last
        assert shown.endswith("\n1. " + translator(lang)("Menu")), shown
        phone.say("1")
    assert "status" in phone.options(), phone.last
    asks_for_the_reference(phone, phone.pick_status())
