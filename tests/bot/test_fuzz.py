"""Random messages to every flow and step, from every kind of person, on a real (SQLite) database:
no exception escapes the engine, no step leaves its graph, and nothing is recorded unless a
confirmation step was answered yes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from sqlmodel import func, select

from bot.engine import Engine
from bot.registry import all_flows, build_engine
from bot.types import Channel, Contact, Inbound, Location
from models import Complaint, Conversation, Payment, Seizure
from tests.databases import SqliteTemplate
from tests.examples import examples
from tests.world import World, make_world

PEOPLE = [
    "+919111111111",  # cultivator
    "+919222222222",  # owner
    "+919000000001",  # keeper TPR
    "+919000000003",  # police
    "+919000000004",  # darogah
    "+919000000005",  # magistrate
    "+919000000006",  # road officer
    "+919444444444",  # a stranger
]
YES = {"confirm", "yes", "y", "ok", "haan", "han", "ha", "हाँ", "हां", "जी", "হ্যাঁ", "হ্যা"}
COMMANDS = sorted({c for f in all_flows() for c in f.commands} | {"menu", "help", "cancel"})
WORDS = [
    "done", "skip", "yes", "no", "confirm", "change", "1", "2", "3", "9", "0",
    "Rampur", "Rampr", "Kemri", "Jhadi", "Dhakia", "2 cow red", "cow", "1 buffalo black",
    "2 pig", "elephant", "Mohan Lal", "+919222222222", "TPR", "Rs 0-12-0", "0-1-0",
    "lang hi", "lang bn", "self", "agent", "ZZZZZZ", "", " ", "\u0000", "🐄",
]  # fmt: skip
RECORDS = (Seizure, Complaint, Payment)


@pytest.fixture
def fuzz_world(sqlite_template: SqliteTemplate) -> Iterator[World]:
    with sqlite_template.fresh() as db:
        yield make_world(db)


def counts(world: World) -> tuple[int, ...]:
    with world.db.reading() as s:
        return tuple(int(s.exec(select(func.count()).select_from(t)).one()) for t in RECORDS)


def where(world: World, inbound: Inbound) -> tuple[str | None, list[str]]:
    with world.db.reading() as s:
        conv = s.exec(
            select(Conversation).where(
                Conversation.channel == inbound.channel.value,
                Conversation.address == inbound.address,
            )
        ).first()
        if conv is None:
            return None, []
        offered = conv.data.get("options") if isinstance(conv.data, dict) else None
        return conv.step, [str(o) for o in offered] if isinstance(offered, list) else []


def answered(inbound: Inbound, offered: list[str]) -> str:
    if inbound.option is not None:
        return inbound.option
    text = inbound.text.strip()
    if text.isdigit() and 0 < int(text) <= len(offered):
        return offered[int(text) - 1]
    return text.lower()


def message(data: st.DataObject, base: Inbound, offered: list[str], ref: str) -> Inbound:
    kind = data.draw(
        st.sampled_from(
            ["option", "option", "option", "number", "word", "text", "command", "media"]
        ),
        label="kind",
    )
    kw = {"channel": base.channel, "address": base.address}
    kw["telegram_user_id"] = base.telegram_user_id  # type: ignore[assignment]
    # What is drawn never depends on the database, only on earlier draws (hypothesis replays).
    if kind == "option":
        pick = data.draw(st.integers(0, 19))
        if offered:
            return Inbound(**kw, option=offered[pick % len(offered)])  # type: ignore[arg-type]
        return Inbound(**kw, text="")  # type: ignore[arg-type]
    if kind == "number":
        return Inbound(**kw, text=str(data.draw(st.integers(0, 12))))  # type: ignore[arg-type]
    if kind == "word":
        word = data.draw(st.sampled_from([*WORDS, ref, f"status {ref}", f"complain {ref} x"]))
        return Inbound(**kw, text=word)  # type: ignore[arg-type]
    if kind == "command":
        word = data.draw(st.sampled_from(COMMANDS))
        tail = data.draw(
            st.sampled_from(["", f" {ref}", f" {ref} the gate was shut", " 2 COW RAMPUR", " TPR"])
        )
        return Inbound(**kw, text=word + tail)  # type: ignore[arg-type]
    if kind == "media":
        media = data.draw(st.sampled_from(["photo", "location", "contact", "other_contact"]))
        if media == "photo":
            return Inbound(**kw, photo="AgACAgIAAxkBAAIB")  # type: ignore[arg-type]
        if media == "location":
            return Inbound(**kw, location=Location(25.3, 82.9))  # type: ignore[arg-type]
        phone = base.address if base.channel is not Channel.TELEGRAM else PEOPLE[0]
        uid = base.telegram_user_id if media == "contact" else 999
        return Inbound(**kw, contact=Contact(phone=phone, user_id=uid))  # type: ignore[arg-type]
    return Inbound(**kw, text=data.draw(st.text(max_size=60)))  # type: ignore[arg-type]


def test_random_conversations_never_break_and_never_record_without_confirmation(
    fuzz_world: World,
) -> None:
    world = fuzz_world
    ref = world.seize()
    engine: Engine = build_engine(world.db)

    @settings(
        max_examples=examples(40),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        database=None,
        # The same talks every run, so that reaching a confirmation (checked below) is certain.
        derandomize=True,
        # The database outlives each example, so a replay is not the same run: no shrinking.
        phases=[Phase.generate],
    )
    @given(st.data())
    def converse(data: st.DataObject) -> None:
        person = data.draw(st.sampled_from([*PEOPLE, PEOPLE[1], PEOPLE[1]]), label="person")
        channel = data.draw(st.sampled_from([Channel.CONSOLE, Channel.SMS, Channel.TELEGRAM]))
        if channel is Channel.TELEGRAM:
            uid = 7000 + PEOPLE.index(person)
            base = Inbound(channel=channel, address=str(uid), telegram_user_id=uid)
        else:
            base = Inbound(channel=channel, address=person)
        engine.handle(Inbound(**{**base.__dict__, "text": "cancel"}), now=world.now)
        # Half the talks begin with the shortest way to a record, so confirmations are reached.
        short = f"complain {ref} the gate was shut"
        first = data.draw(st.sampled_from([*COMMANDS, *[short] * len(COMMANDS)]))
        inbound = Inbound(**{**base.__dict__, "text": first})
        for _ in range(data.draw(st.integers(1, 16), label="length")):
            step, offered = where(world, inbound)
            before = counts(world)
            replies = engine.handle(inbound, now=world.now)
            assert replies, "every message is answered"
            for reply in replies:
                assert "Something went wrong" not in reply.text, (step, inbound, reply.text)
            after = counts(world)
            if after != before:
                assert step is not None and "confirm" in step, (step, inbound)
                assert answered(inbound, offered) in YES, (step, inbound)
            _, offered = where(world, inbound)
            inbound = message(data, base, offered, ref)

    converse()
    # The random talk did reach and answer confirmations (a complaint is the shortest way).
    assert counts(world) != (1, 0, 0)
