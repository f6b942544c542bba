"""The engine's rows within one transaction: messages see the ones before them, savepoints hold."""

from __future__ import annotations

import pytest
from sqlalchemy import event
from sqlmodel import col, func, select

from bot import state
from bot.engine import Engine
from bot.types import Channel, Inbound
from models import Conversation, InboundMessage, OptOut, Person, Unit
from tests.bot.test_engine import Tally
from tests.units import unit_of_work
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
    with unit_of_work(world.db, now=world.now) as work:
        texts = [
            engine.receive_in(work, sms(text), external_id=f"m{i}").replies[0].text
            for i, text in enumerate(["add", "40", "2"])
        ]
        # Nothing is in the database yet: it waits for the commit.
        assert work.session.exec(select(func.count()).select_from(InboundMessage)).one() == 0
    # The last answer ends the flow and offers the menu again, on SMS in one line (no dead end).
    assert texts == ["First number?", "Second?", "= 42"]
    assert logged(world) == ["m0", "m1", "m2"]
    assert chat(world) == (None, None, {"draft": {}, "options": ["menu"]})


def test_a_repeat_within_the_transaction_is_answered_as_before_and_logged_once(
    world: World,
) -> None:
    engine = Engine(world.db, [Tally()])
    with unit_of_work(world.db, now=world.now) as work:
        first = engine.receive_in(work, sms("add"), external_id="u1")
        again = engine.receive_in(work, sms("add"), external_id="u1")
    assert not first.repeat and again.repeat
    assert again.replies == first.replies
    assert logged(world) == ["u1"]
    asked = {
        "text": "First number?",
        "options": [],
        "request_contact": False,
        "request_location": False,
    }
    assert chat(world) == ("tally", "first", {"draft": {}, "asked": asked})


def test_a_savepoint_rolled_back_takes_its_messages_with_it(world: World) -> None:
    engine = Engine(world.db, [Tally()])
    with unit_of_work(world.db, now=world.now) as work:
        engine.receive_in(work, sms("add"), external_id="kept")
        try:
            with work.act():
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
    with unit_of_work(world.db, now=world.now) as work:
        with work.act():
            engine.receive_in(work, sms("add"), external_id="inner")
        engine.receive_in(work, sms("1"), external_id="outer")
    assert logged(world) == ["inner", "outer"]
    row = chat(world)
    assert row is not None and row[:2] == ("tally", "second") and row[2]["draft"] == {"a": 1}


# --- a batch's starts read at once ----------------------------------------------------------------


def _setting(world: World, engine: Engine) -> list[state.OpenKey]:
    """Six chats as a batch finds them: one mid-flow, one repeated, one opted out, one of a
    known person, one on Telegram of a known person, one never seen."""
    phones = [f"+91911111110{i}" for i in range(5)]
    with unit_of_work(world.db, now=world.now) as work:
        s = work.session
        for i, text in enumerate(["add", "40"]):
            inbound = Inbound(channel=Channel.SMS, address=phones[0], text=text)
            engine.receive_in(work, inbound, external_id=f"before{i}")
        s.add(OptOut(channel="sms", address=phones[2], opted_out_at=world.now))
        s.add(Person(name="Hari", phone=phones[3], created_at=world.now))
        s.add(Person(name="Sita", telegram_id=5550001, created_at=world.now))
    return [
        state.OpenKey("sms", phones[0], "now0", phone=phones[0]),
        state.OpenKey("sms", phones[1], "before1", phone=phones[1]),  # a repeat
        state.OpenKey("sms", phones[2], "now2", phone=phones[2]),
        state.OpenKey("sms", phones[3], "now3", phone=phones[3]),
        state.OpenKey("telegram", "5550001", "77", telegram_id=5550001),
        state.OpenKey("telegram", "5550002", "78", telegram_id=5550002),
        state.OpenKey("console", "desk", None),
    ]


def _open(u: Unit, key: state.OpenKey) -> state.Opening:
    return state.open_chat(u, key)


def test_a_batch_read_at_once_opens_every_message_as_a_statement_each_would(
    world: World,
) -> None:
    keys = _setting(world, Engine(world.db, [Tally()]))
    with unit_of_work(world.db, now=world.now) as u:
        one_by_one = [_open(u, k) for k in keys]
    statements: list[str] = []

    def note(_c: object, _cur: object, statement: str, *_rest: object) -> None:
        statements.append(statement)

    state.count_writes(world.db.engine)  # as the webhooks' writer does when it is made
    with unit_of_work(world.db, now=world.now) as u:
        state.open_chats(u.session, keys)
        event.listen(world.db.engine, "before_cursor_execute", note)
        try:
            at_once = [_open(u, k) for k in keys]
        finally:
            event.remove(world.db.engine, "before_cursor_execute", note)
    assert at_once == one_by_one
    # On PostgreSQL every start came from the batch's read; SQLite reads one at a time.
    assert len(statements) == (len(keys) if world.db.is_sqlite else 0)
    assert one_by_one[0].chat.step == "second" and one_by_one[1].seen is not None
    assert one_by_one[2].opted_out and one_by_one[3].person_id is not None
    assert one_by_one[4].person_id is not None and one_by_one[5].person_id is None


def test_after_a_write_the_batch_read_is_not_trusted(world: World) -> None:
    keys = _setting(world, Engine(world.db, [Tally()]))
    if world.db.is_sqlite:
        pytest.skip("SQLite reads each start when it comes")
    state.count_writes(world.db.engine)
    with unit_of_work(world.db, now=world.now) as u:
        s = u.session
        state.open_chats(s, keys)
        # An earlier message of the batch made the next sender known, and he said STOP.
        s.add(Person(name="Ram", phone=keys[1].address, created_at=world.now))
        s.add(OptOut(channel="sms", address=keys[1].address, opted_out_at=world.now))
        s.flush()
        opened = _open(u, keys[1])
        assert opened.person_id is not None and opened.opted_out


def test_a_small_batch_is_read_a_message_at_a_time(world: World) -> None:
    keys = _setting(world, Engine(world.db, [Tally()]))
    with unit_of_work(world.db, now=world.now) as u:
        state.open_chats(u.session, keys[: state.OPEN_AT_ONCE - 1])
        assert _open(u, keys[0]).chat.step == "second"
