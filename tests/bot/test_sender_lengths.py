"""Messages too long for their channel (issue: the edges an outsider can reach): a register
copy of 30 head was one 2,072-character SMS, which Twilio refuses over 1,600; one of 500 head
was 250,433 characters and held every SMS of the office, sign-in codes included, for 24
minutes; Telegram cut a long copy at 4,096 without a word. Now (bot/lengths.py) an SMS is one
message of at most 10 segments, Telegram and WhatsApp texts are cut at lines into at most 3
messages, and past that a short text goes with a signed link to the document in full."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlmodel import col, select

from bot.channels.outgoing import Transport
from bot.channels.twilio.send import TwilioTransport
from bot.channels.twilio.whatsapp import WhatsAppRules
from bot.journal import Acceptance
from bot.lengths import document_links
from bot.segments import segments
from bot.sender import PassReport, Sender, SendPolicy
from models import Outbox, Person
from office.acts.keeper.arrival import register_arrival
from office.inputs import AnimalsIn
from office.records.reach import note_inbound
from office.views.documents.kinds import Kind
from office.views.documents.links import read_link
from tests.bot.test_sender import (
    OWNER_CHAT,
    OWNER_PHONE,
    queue,
    rows,
    telegram_transport,
    twilio_transport,
)
from tests.fakes.telegram import FakeTelegram
from tests.fakes.twilio import FakeTwilio
from tests.units import act, tx
from tests.world import World

KEY = b"a key for the tests' links"
PUBLIC = "https://pound.example.in"
SEIZER_PHONE = "+919111111111"  # the cultivator who reported the seizure: the copy is his
COPY_OF = "red with a white blaze, horns curved back"


@pytest.fixture
def telegram() -> Iterator[FakeTelegram]:
    with FakeTelegram() as fake:
        yield fake


@pytest.fixture
def twilio() -> Iterator[FakeTwilio]:
    with FakeTwilio() as fake:
        yield fake


def sender(world: World, *transports: Transport, **policy: Any) -> Sender:
    return Sender(
        world.db,
        {t.channel: t for t in transports},
        worker="test-worker",
        policy=SendPolicy(**policy),
        links=document_links(KEY, PUBLIC),
    )


def run(s: Sender, world: World) -> PassReport:
    async def one_pass() -> PassReport:
        await s.start()
        try:
            return await s.run_pass(world.now)
        finally:
            await s.stop()

    return asyncio.run(one_pass())


def copy_of_many(world: World, heads: int, *, lang: str | None = None) -> str:
    """A seizure of `heads` cows entered in the register: the office queues the seizer's copy
    (Sec V) by SMS; only it is left queued."""
    world.on(date(2026, 3, 2), 10)
    if lang is not None:
        with tx(world.db) as s:
            person = s.get(Person, world.cultivator)
            assert person is not None
            person.language = lang
            s.add(person)
    ref = world.seize(animals=[AnimalsIn("cow", heads, COPY_OF)])
    world.tick(hours=2)
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )
    with tx(world.db) as s:
        for row in s.exec(select(Outbox).where(col(Outbox.template) != "register_copy")).all():
            row.state = "cancelled"
            s.add(row)
    return ref


def _link_token(text: str, ref: str, lang: str) -> str:
    url = text[text.index(PUBLIC) :].split()[0]
    parts = urlsplit(url)
    assert parts.path == f"/documents/register-copy/{ref}.pdf"
    query = parse_qs(parts.query)
    assert query["lang"] == [lang]
    return query["link"][0]


@pytest.mark.both_engines
@pytest.mark.parametrize(("heads", "lang"), [(30, "en"), (30, "hi"), (500, "bn")])
def test_a_register_copy_too_long_for_an_sms_goes_as_a_short_text_with_its_link(
    world: World, twilio: FakeTwilio, heads: int, lang: str
) -> None:
    ref = copy_of_many(world, heads, lang=lang)

    report = run(sender(world, twilio_transport(twilio)), world)

    assert (report.sent, report.failed) == (1, 0)
    [message] = twilio.messages
    body = message["Body"]
    assert message["To"] == SEIZER_PHONE
    assert len(body) <= 1600 and segments(body) <= 4
    assert ref in body and COPY_OF not in body
    token = _link_token(body, ref, lang)
    # The link opens the copy for the seizer it was sent to, and for nobody else's document.
    assert (
        read_link(KEY, token, kind=Kind.REGISTER_COPY, ref=ref, now=world.now) == world.cultivator
    )
    [sent] = [r for r in rows(world.db) if r.template == "register_copy"]
    assert sent.state == "sent" and sent.body == body


@pytest.mark.both_engines
def test_a_copy_that_fits_ten_segments_goes_whole_as_one_sms(
    world: World, twilio: FakeTwilio
) -> None:
    copy_of_many(world, 12)
    run(sender(world, twilio_transport(twilio)), world)
    [message] = twilio.messages
    assert 4 < segments(message["Body"]) <= 10 and message["Body"].count(COPY_OF) == 12


@pytest.mark.both_engines
def test_a_huge_copy_never_holds_a_sign_in_code_behind_it(world: World, twilio: FakeTwilio) -> None:
    """The number sends 5 segments a second here: the 500-head copy, sent whole, would have
    taken the bucket for some 3,700 segments (12 minutes), and the code behind it would wait."""
    copy_of_many(world, 500, lang="hi")
    code = queue(
        world.db,
        "desk-code",
        world.now + timedelta(seconds=1),
        channel="sms",
        address=OWNER_PHONE,
        body="Your sign-in code for the pound desk: 482913",
    )
    world.tick(seconds=1)

    report = run(sender(world, twilio_transport(twilio, segments_per_second=5.0)), world)

    assert (report.sent, report.waiting, report.failed) == (2, 0, 0)
    assert twilio.sent_to(OWNER_PHONE) == ["Your sign-in code for the pound desk: 482913"]
    assert [r.state for r in rows(world.db) if r.id == code] == ["sent"]


@pytest.mark.both_engines
def test_a_long_telegram_text_goes_in_parts_cut_at_lines_the_keyboard_with_the_last(
    world: World, telegram: FakeTelegram
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    lines = [f"{n}. cow, {COPY_OF}, marked on the left flank" for n in range(1, 200)]
    text = "\n".join(lines)  # about 14,000 characters: 3 parts of at most 4,000 ... too many
    half = "\n".join(lines[:150])  # about 10,000: 3 parts
    queue(
        world.db,
        "long",
        now,
        body=None,  # longer than the column: a reply's text is then its params' body
        params={"body": half},
        options=[{"value": "yes", "label": "Yes"}, {"value": "no", "label": "No"}],
    )

    report = run(sender(world, telegram_transport(telegram.api_url)), world)

    calls = telegram.calls_to("sendMessage")
    said = [str(c.params["text"]) for c in calls]
    assert report.sent == 3 and len(said) == 3
    assert all(len(t) <= 4000 for t in said)
    assert "\n".join(said) == half  # every line, in order, none cut in two
    assert all(t.splitlines()[-1] in lines for t in said)
    assert ["reply_markup" in c.params for c in calls] == [False, False, True]
    sent = rows(world.db)
    assert [r.state for r in sent] == ["sent"] * 3
    assert [r.body for r in sent] == said
    assert sent[1].dedupe_key == "long|more" and sent[2].dedupe_key == "long|more|more"

    queue(world.db, "longer", now, body=None, params={"body": text})
    run(sender(world, telegram_transport(telegram.api_url)), world)
    last = str(telegram.calls_to("sendMessage")[-1].params["text"])
    assert last == "This message is too long to send here. Ask at the pound office."
    assert telegram.sent_to(OWNER_CHAT)[-1] == last


@pytest.mark.both_engines
def test_a_long_whatsapp_text_goes_in_parts_of_1600(world: World, twilio: FakeTwilio) -> None:
    now = world.on(date(2026, 3, 2), 10)
    with tx(world.db) as s:  # he wrote on WhatsApp an hour ago: the session is open
        note_inbound(s, channel="whatsapp", address=OWNER_PHONE, now=now - timedelta(hours=1))
    text = "\n".join(f"{n}. cow, {COPY_OF}" for n in range(1, 90))  # about 4,500 characters
    queue(
        world.db,
        "wa",
        now,
        channel="whatsapp",
        address=OWNER_PHONE,
        body=None,
        params={"body": text},
    )
    transport = TwilioTransport(
        twilio.account_sid,
        twilio.auth_token,
        "+15005550006",
        api_url=twilio.url,
        segments_per_second=1000.0,
        whatsapp_from="whatsapp:+15005550007",
        whatsapp_per_second=1000.0,
        timeout=2.0,
    )
    s = Sender(
        world.db,
        {"whatsapp": transport},
        worker="test-worker",
        whatsapp=WhatsAppRules(),
        links=document_links(KEY, PUBLIC),
    )

    run(s, world)

    bodies = [m["Body"] for m in twilio.messages]
    assert len(bodies) == 3 and all(len(b) <= 1600 for b in bodies)
    assert all(m["To"] == f"whatsapp:{OWNER_PHONE}" for m in twilio.messages)
    assert "\n".join(bodies) == text


def test_the_rest_of_a_text_survives_in_the_journal() -> None:
    a = Acceptance(
        row_id=7,
        worker="w",
        provider_id="555:1",
        body="first",
        sent_at=__import__("datetime").datetime(2026, 3, 2, 4, 30),
        rest="second\nthird",
    )
    assert Acceptance.parse(a.line()) == a
