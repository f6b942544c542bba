"""The engine's rows within one transaction: messages see the ones before them, savepoints hold."""

from __future__ import annotations

from sqlmodel import col, func, select

from bot.engine import Engine
from bot.types import Channel, Inbound
from models import Conversation, InboundMessage
from tests.bot.test_engine import Tally
from tests.world import World

ADDRESS = "+919111111111"


def sms(text: str) -> Inbound:
    return Inbound(channel=Channel.SMS, address=ADDRESS, text=text)


def logged(world: World) -> list[str]:
    with world.db.reading() as s:
        rows = s.exec(select(InboundMessage).order_by(col(InboundMessage.id))).all()
        return [r.external_id for r in rows]


def chat(world: World) -> tuple[str | None, str | None, dict[str, object]] | None:
    """The chat's flow, step and data as committed."""
    with world.db.reading() as s:
        row = s.exec(select(Conversation).where(Conversation.address == ADDRESS)).first()
        return None if row is None else (row.flow, row.step, row.data)


def test_messages_in_one_transaction_follow_on_as_if_each_had_been_committed(
    world: World,
) -> None:
    engine = Engine(world.db, [Tally()])
    with world.db.unit_of_work(now=world.now) as work:
        texts = [
            engine.receive_in(work, sms(text), external_id=f"m{i}").replies[0].text
            for i, text in enumerate(["add", "40", "2"])
        ]
        # Nothing is in the database yet: it waits for the commit.
        assert work.session.exec(select(func.count()).select_from(InboundMessage)).one() == 0
    # The last answer ends the flow and offers the menu again (no dead end).
    assert texts == ["First number?", "Second?", "= 42\nWhat next?"]
    assert logged(world) == ["m0", "m1", "m2"]
    assert chat(world) == (None, None, {"draft": {}, "options": ["add"]})


def test_a_repeat_within_the_transaction_is_answered_as_before_and_logged_once(
    world: World,
) -> None:
    engine = Engine(world.db, [Tally()])
    with world.db.unit_of_work(now=world.now) as work:
        first = engine.receive_in(work, sms("add"), external_id="u1")
        again = engine.receive_in(work, sms("add"), external_id="u1")
    assert not first.repeat and again.repeat
    assert again.replies == first.replies
    assert logged(world) == ["u1"]
    assert chat(world) == ("tally", "first", {"draft": {}})


def test_a_savepoint_rolled_back_takes_its_messages_with_it(world: World) -> None:
    engine = Engine(world.db, [Tally()])
    with world.db.unit_of_work(now=world.now) as work:
        engine.receive_in(work, sms("add"), external_id="kept")
        try:
            with work.transaction():
                engine.receive_in(work, sms("40"), external_id="undone")
                raise RuntimeError("the caller's work failed")
        except RuntimeError:
            pass
        # The chat stands where the kept message left it.
        answer = engine.receive_in(work, sms("5"), external_id="after")
    assert answer.replies[0].text == "Second?"
    assert logged(world) == ["kept", "after"]


def test_a_savepoint_released_keeps_its_messages(world: World) -> None:
    engine = Engine(world.db, [Tally()])
    with world.db.unit_of_work(now=world.now) as work:
        with work.transaction():
            engine.receive_in(work, sms("add"), external_id="inner")
        engine.receive_in(work, sms("1"), external_id="outer")
    assert logged(world) == ["inner", "outer"]
    row = chat(world)
    assert row is not None and row[:2] == ("tally", "second") and row[2]["draft"] == {"a": 1}
