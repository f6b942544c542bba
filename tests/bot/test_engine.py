"""The engine itself: state per chat in the database, commands everywhere, repeats answered once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import func, select

from bot.engine import Engine
from bot.flows.base import Ctx, Flow, Turn
from bot.types import Channel, Inbound, Option
from models import InboundMessage
from tests.world import World


class Tally(Flow):
    """A toy flow: asks two numbers and adds them."""

    name = "tally"
    commands = ("add",)
    menu = "Add two numbers"

    def start(self, ctx: Ctx, args: str) -> Turn:
        return Turn.to("first", ctx.say("First number?"))

    def on_first(self, ctx: Ctx, msg: Inbound) -> Turn:
        ctx.data["a"] = int(msg.text)
        return Turn.to("second", ctx.say("Second?", [Option("1", "one"), Option("2", "two")]))

    def on_second(self, ctx: Ctx, msg: Inbound) -> Turn:
        b = int(msg.option or msg.text)
        return Turn.done(ctx.say(f"= {ctx.data['a'] + b}"))


def sms(text: str) -> Inbound:
    return Inbound(channel=Channel.SMS, address="+919111111111", text=text)


@pytest.mark.both_engines
def test_a_flow_keeps_its_draft_in_the_database_between_messages(world: World) -> None:
    engine = Engine(world.db, [Tally()])
    assert engine.handle(sms("add"), now=world.now)[0].text == "First number?"
    # A new engine (another worker) continues the same conversation.
    engine = Engine(world.db, [Tally()])
    assert engine.handle(sms("40"), now=world.now)[0].text == "Second?"
    # "2" picks the second option offered: the value "2".
    [done] = engine.handle(sms("2"), now=world.now)
    assert done.text == "= 42"
    # No dead end: on SMS the menu is offered in one line, so the number "1" brings it, and a
    # number then picks from it.
    assert [(o.value, o.label) for o in done.options] == [("menu", "Menu")]
    [menu] = engine.handle(sms("1"), now=world.now)
    assert [o.value for o in menu.options] == ["add"]


def test_cancel_drops_the_draft_and_an_old_draft_expires(world: World) -> None:
    engine = Engine(world.db, [Tally()])
    engine.handle(sms("add"), now=world.now)
    assert engine.handle(sms("cancel"), now=world.now)[0].text.startswith("Cancelled")
    engine.handle(sms("add"), now=world.now)
    later = world.now + timedelta(hours=25)
    replies = engine.handle(sms("7"), now=later)
    assert "dropped" in replies[0].text


@pytest.mark.both_engines
def test_a_repeated_update_is_answered_the_same_and_handled_once(world: World) -> None:
    engine = Engine(world.db, [Tally()])
    first = engine.handle(sms("add"), now=world.now, external_id="SM1")
    again = engine.handle(sms("add"), now=world.now, external_id="SM1")
    assert first == again
    with world.db.reading() as s:
        assert s.exec(select(func.count()).select_from(InboundMessage)).one() == 1
    # The repeat did not move the conversation on: "5" is the first number, not the second.
    assert engine.handle(sms("5"), now=world.now)[0].text == "Second?"


def test_an_unknown_word_gets_the_menu(world: World) -> None:
    """A private person is shown the way to his own flows, with the menu under it."""
    engine = Engine(world.db, [Tally()])
    replies = engine.handle(sms("bananas"), now=world.now)
    assert replies[0].text.startswith("To ask about your cattle, send MYCATTLE.")
    assert [o.value for o in replies[0].options] == ["add"]


def test_a_failing_step_changes_nothing_and_keeps_the_step(world: World) -> None:
    engine = Engine(world.db, [Tally()])
    engine.handle(sms("add"), now=world.now)
    replies = engine.handle(sms("not a number"), now=world.now)
    assert "nothing was recorded" in replies[0].text
    assert engine.handle(sms("1"), now=world.now)[0].text == "Second?"


def test_language_is_chosen_and_remembered(world: World) -> None:
    engine = Engine(world.db, [Tally()])
    replies = engine.handle(sms("lang"), now=world.now)
    assert [o.value for o in replies[0].options] == ["lang:en", "lang:hi", "lang:bn"]
    engine.handle(sms("lang hi"), now=world.now)
    with world.db.reading() as s:
        from office.people import person_by_phone

        person = person_by_phone(s, "+919111111111")
        assert person is not None and person.language == "hi"


def test_a_slash_command_mid_flow_starts_afresh_but_a_plain_word_is_an_answer(
    world: World,
) -> None:
    engine = Engine(world.db, [Tally()])
    engine.handle(sms("add"), now=world.now)
    replies = engine.handle(sms("/add"), now=world.now)
    # Over SMS the note and the question are one SMS (bot/sms_budget.py).
    assert [r.text for r in replies] == ["Your unfinished conversation was dropped.\nFirst number?"]
    engine.handle(sms("3"), now=world.now)
    # A plain word is an answer to "Second?" here (and fails as one: not a number), even one
    # a letter from "menu"; the menu's word itself may be typed at any time (README).
    assert "nothing was recorded" in engine.handle(sms("manu"), now=world.now)[0].text
    # With an answer given (3), the menu's word asks first: 2 (no) asks the question again and
    # keeps the answer; 1 (yes) discards it and shows the menu.
    for typed in ("menu", "/menu"):
        (ask,) = engine.handle(sms(typed), now=world.now)
        assert ask.text == "The answers given so far will be deleted. Go to the menu?"
        assert [o.label for o in ask.options] == ["Yes", "No"]
        (again,) = engine.handle(sms("2"), now=world.now)
        assert again.text == "Second?"
        assert [o.label for o in again.options] == ["one", "two"]
    engine.handle(sms("menu"), now=world.now)
    (menu,) = engine.handle(sms("1"), now=world.now)
    assert [o.value for o in menu.options] == ["add"]
    assert engine.handle(sms("5"), now=world.now)[0].text != "= 8"
    # With no answer yet given, it leaves at once.
    for typed in ("menu", "/menu"):
        engine.handle(sms("add"), now=world.now)
        replies = engine.handle(sms(typed), now=world.now)
        assert replies[0].text.startswith("Your unfinished conversation was dropped.\n")
        assert [o.value for o in replies[-1].options] == ["add"]


def test_after_no_the_answers_given_still_count(world: World) -> None:
    engine = Engine(world.db, [Tally()])
    engine.handle(sms("add"), now=world.now)
    engine.handle(sms("3"), now=world.now)
    engine.handle(sms("मेनू"), now=world.now)
    engine.handle(sms("2"), now=world.now)

    assert engine.handle(sms("4"), now=world.now)[0].text == "= 7"
