"""WhatsApp back to those who write on it, within its 24-hour session rule, and the notices said
on the phone to owners who asked to be called: through the real twilio client against the fake
Twilio on loopback, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import date, datetime

import pytest
from sqlmodel import col, select

from bot.channels.twilio.send import TwilioTransport
from bot.channels.twilio.whatsapp import WhatsAppRules, parse_templates
from bot.figures import money
from bot.notices import render
from bot.sender import PassReport, Sender
from models import Database, OptOut, Outbox, Person
from office.acts.darogah.notice import post_notice
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.unclaimed import report_unclaimed
from office.records.reach import note_inbound
from tests.fakes.twilio import FakeTwilio
from tests.units import act, tx
from tests.world import World, at

SMS_FROM = "+15005550006"
WHATSAPP_FROM = "+14155238886"
OWNER = "+919222222222"
SMS_STATUS = "https://pound.example.org/sms/status"
VOICE_STATUS = "https://pound.example.org/voice/status"
D = date


@pytest.fixture
def twilio() -> Iterator[FakeTwilio]:
    with FakeTwilio() as fake:
        yield fake


def transport(fake: FakeTwilio) -> TwilioTransport:
    return TwilioTransport(
        fake.account_sid,
        fake.auth_token,
        SMS_FROM,
        api_url=fake.url,
        status_callback=SMS_STATUS,
        segments_per_second=1000.0,
        timeout=2.0,
        whatsapp_from=f"whatsapp:{WHATSAPP_FROM}",
        whatsapp_per_second=1000.0,
        voice_status_callback=VOICE_STATUS,
        calls_per_second=1000.0,
    )


def send(
    world: World, fake: FakeTwilio, now: datetime, templates: dict[str, str] | None = None
) -> PassReport:
    one = transport(fake)
    sender = Sender(
        world.db,
        {"sms": one, "whatsapp": one, "voice": one},
        worker="test-worker",
        whatsapp=WhatsAppRules(parse_templates(templates or {})),
    )

    async def one_pass() -> PassReport:
        await sender.start()
        try:
            return await sender.run_pass(now)
        finally:
            await sender.stop()

    return asyncio.run(one_pass())


def owner_rows(db: Database, template: str) -> list[Outbox]:
    with db.reading() as s:
        found = list(
            s.exec(
                select(Outbox)
                .where(Outbox.template == template, col(Outbox.address).in_([OWNER]))
                .order_by(col(Outbox.id))
            ).all()
        )
        s.expunge_all()
        return found


def one(db: Database, template: str, channel: str) -> Outbox:
    rows = [r for r in owner_rows(db, template) if r.channel == channel]
    assert len(rows) == 1, [(r.channel, r.template) for r in rows]
    return rows[0]


def wrote_on_whatsapp(world: World, when: datetime) -> None:
    """The owner's message came by WhatsApp (the webhook notes it so, bot/engine.py)."""
    with tx(world.db) as s:
        note_inbound(s, channel="whatsapp", address=OWNER, now=when)


def owner_is(world: World, *, language: str | None = None, voice: bool = False) -> None:
    with tx(world.db) as s:
        person = s.get(Person, world.owner)
        assert person is not None
        person.language, person.voice = language, voice
        s.add(person)


def arrive(world: World, ref: str, when: datetime) -> None:
    world.now = when
    act(world.db, register_arrival, actor_id=world.keeper, ref=ref, occurred_at=when, now=when)


# --- WhatsApp ------------------------------------------------------------------------------------


def test_within_24_hours_of_his_whatsapp_message_the_notice_goes_as_free_whatsapp_text(
    world: World, twilio: FakeTwilio
) -> None:
    wrote_on_whatsapp(world, at(D(2026, 3, 1), 8, 30))
    ref = world.seize()
    arrive(world, ref, at(D(2026, 3, 1), 10))

    notice = one(world.db, "claim_notice", "whatsapp")
    report = send(world, twilio, world.now)

    assert report.failed == 0
    sent = [m for m in twilio.messages if m["To"] == f"whatsapp:{OWNER}"]
    assert len(sent) == 1
    assert sent[0]["From"] == f"whatsapp:{WHATSAPP_FROM}"
    assert f"{ref}: your cattle" in sent[0]["Body"] and "ContentSid" not in sent[0]
    assert sent[0]["StatusCallback"] == SMS_STATUS
    done = one(world.db, "claim_notice", "whatsapp")
    assert (done.id, done.state, done.sent_via) == (notice.id, "sent", "whatsapp")
    assert done.via_reason is not None and "in the 24-hour session" in done.via_reason
    assert done.provider_id == sent[0]["Sid"] and done.body == sent[0]["Body"]
    assert twilio.sent_to(OWNER) == []  # nothing by SMS


def test_outside_the_session_an_approved_template_goes_with_its_variables_in_his_language(
    world: World, twilio: FakeTwilio
) -> None:
    owner_is(world, language="hi")
    wrote_on_whatsapp(world, at(D(2026, 3, 1), 8, 30))
    ref = world.seize()
    # The keeper registers the cattle the next afternoon: 27 hours after the owner wrote.
    arrive(world, ref, at(D(2026, 3, 2), 11, 30))
    templates = {
        "claim_notice": "HX" + "e" * 32 + " ref pound claim_date",
        "claim_notice:hi": "HX" + "1" * 32 + " ref, pound, claim_date, total_amount",
    }

    send(world, twilio, world.now, templates)

    sent = [m for m in twilio.messages if m["To"] == f"whatsapp:{OWNER}"]
    assert len(sent) == 1
    assert sent[0]["ContentSid"] == "HX" + "1" * 32  # the Hindi one
    assert "Body" not in sent[0]
    row = one(world.db, "claim_notice", "whatsapp")
    variables = json.loads(sent[0]["ContentVariables"])
    assert variables == {
        "1": ref,
        "2": "Testpur thana pound",
        "3": "9 मार्च 2026",
        "4": money("hi", row.params["total_amount"], row.params["money"]),
    }
    assert (row.state, row.sent_via) == ("sent", "whatsapp_template")
    assert row.via_reason is not None
    assert "outside the 24-hour session" in row.via_reason and "HX" + "1" * 32 in row.via_reason


def test_outside_the_session_without_a_template_the_notice_goes_by_sms_and_says_why(
    world: World, twilio: FakeTwilio
) -> None:
    wrote_on_whatsapp(world, at(D(2026, 3, 1), 8, 30))
    ref = world.seize()
    arrive(world, ref, at(D(2026, 3, 2), 11, 30))

    # A template for another message does not help this one.
    send(world, twilio, world.now, {"notice_posted": "HX" + "2" * 32})

    assert [m for m in twilio.messages if m["To"].startswith("whatsapp:")] == []
    by_sms = twilio.sent_to(OWNER)
    assert len(by_sms) == 1 and f"{ref}: your cattle" in by_sms[0]
    assert [m["From"] for m in twilio.messages if m["To"] == OWNER] == [SMS_FROM]
    row = one(world.db, "claim_notice", "whatsapp")
    assert (row.state, row.sent_via, row.body) == ("sent", "sms", by_sms[0])
    assert row.via_reason is not None
    assert "no approved template for claim_notice" in row.via_reason


def test_no_sms_fallback_to_a_number_that_said_stop_to_sms(
    world: World, twilio: FakeTwilio
) -> None:
    wrote_on_whatsapp(world, at(D(2026, 3, 1), 8, 30))
    ref = world.seize()
    arrive(world, ref, at(D(2026, 3, 2), 11, 30))
    with tx(world.db) as s:
        s.add(OptOut(channel="sms", address=OWNER, opted_out_at=world.now))

    report = send(world, twilio, world.now)

    assert twilio.messages == [] or all(m["To"] != OWNER for m in twilio.messages)
    row = one(world.db, "claim_notice", "whatsapp")
    assert row.state == "failed" and report.failed >= 1
    assert row.failed_reason is not None
    assert row.failed_reason.startswith("whatsapp_session_closed:")
    assert "said STOP to SMS" in row.failed_reason


def test_a_later_sms_from_him_brings_the_messages_back_to_sms(world: World) -> None:
    wrote_on_whatsapp(world, at(D(2026, 3, 1), 8, 0))
    with tx(world.db) as s:
        note_inbound(s, channel="sms", address=OWNER, now=at(D(2026, 3, 1), 9, 0))
    ref = world.seize()
    arrive(world, ref, at(D(2026, 3, 1), 10))

    assert [r.channel for r in owner_rows(world.db, "claim_notice")] == ["sms"]


# --- voice-----------------------------------------------------------------------------------------


def said(call: dict[str, str]) -> list[tuple[str | None, str]]:
    """Each <Say> of a call's TwiML: its language and its text."""
    root = ET.fromstring(call["Twiml"])
    assert root.tag == "Response"
    return [(say.get("language"), say.text or "") for say in root.iter("Say")]


def test_an_owner_who_asked_to_be_called_gets_the_claim_notice_as_a_call_too_after_quiet_hours(
    world: World, twilio: FakeTwilio
) -> None:
    owner_is(world, language="hi", voice=True)
    ref = world.seize()
    # The keeper registers the cattle at 22:00 IST: private messages wait until 08:00.
    arrive(world, ref, at(D(2026, 3, 2), 22))
    call_row = one(world.db, "claim_notice", "voice")
    assert (call_row.address, call_row.private, call_row.language) == (OWNER, True, "hi")
    assert len(owner_rows(world.db, "claim_notice")) == 2  # the message and the call

    night = send(world, twilio, world.now)
    assert night.quiet >= 2 and twilio.calls == [] and twilio.sent_to(OWNER) == []

    world.now = at(D(2026, 3, 3), 7, 59)
    send(world, twilio, world.now)
    assert twilio.calls == []

    world.now = at(D(2026, 3, 3), 8, 0)
    send(world, twilio, world.now)

    assert len(twilio.calls) == 1
    call = twilio.calls[0]
    assert (call["To"], call["From"], call["StatusCallback"]) == (OWNER, SMS_FROM, VOICE_STATUS)
    text = render("claim_notice", one(world.db, "claim_notice", "voice").params, "hi")
    sayings = said(call)
    assert {language for language, _ in sayings} == {"hi-IN"}
    assert sayings[0][1] == "कांजी हाउस दफ़्तर से आपके लिए एक संदेश।"
    assert [t for _, t in sayings].count(text) == 2  # said, and said once more
    assert ref in text
    row = one(world.db, "claim_notice", "voice")
    assert (row.state, row.sent_via, row.provider_id, row.body) == (
        "sent",
        "voice",
        call["Sid"],
        text,
    )
    assert row.sent_at == at(D(2026, 3, 3), 8, 0)
    # The written notice went too, by its own channel.
    assert one(world.db, "claim_notice", "sms").state == "sent"


def test_the_sec_viii_notice_and_the_complaint_reminder_are_called_in_bengali(
    world: World, twilio: FakeTwilio
) -> None:
    owner_is(world, language="bn", voice=True)
    ref = world.seize()
    arrive(world, ref, at(D(2026, 3, 1), 10))
    act(
        world.db,
        report_unclaimed,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=at(D(2026, 3, 9), 9),
        now=at(D(2026, 3, 9), 9),
    )
    world.now = at(D(2026, 3, 9), 12)
    act(
        world.db,
        post_notice,
        actor_id=world.darogah,
        ref=ref,
        proclaimed_in=["Rampur village", "Rampur Monday market"],
        occurred_at=world.now,
        now=world.now,
    )
    called = {r.template for r in owner_rows(world.db, "notice_posted") if r.channel == "voice"}
    called |= {
        r.template for r in owner_rows(world.db, "complaint_reminder") if r.channel == "voice"
    }
    assert called == {"notice_posted", "complaint_reminder"}
    # A reminder to claim is not one of the called notices.
    assert [r.channel for r in owner_rows(world.db, "claim_reminder")] == ["sms"] * len(
        owner_rows(world.db, "claim_reminder")
    )

    # The complaint reminder is due on 9 March at 09:00; the notice at noon.
    send(world, twilio, world.now)

    texts = {call["Sid"]: said(call) for call in twilio.calls}
    with world.db.reading() as s:
        calls = list(s.exec(select(Outbox).where(Outbox.channel == "voice")).all())
        s.expunge_all()
    placed = [r for r in calls if r.state == "sent"]
    assert {r.template for r in placed} == {"claim_notice", "notice_posted", "complaint_reminder"}
    assert set(texts) == {r.provider_id for r in placed}
    for row in placed:
        spoken = texts[row.provider_id or ""]
        assert {language for language, _ in spoken} == {"bn-IN"}
        assert spoken[0][1] == "খোঁয়াড় দপ্তর থেকে আপনার জন্য একটি বার্তা।"
        assert [t for _, t in spoken].count(render(row.template, row.params, "bn")) == 2
    # Not yet due: the complaint reminders of later days wait for their day.
    assert all(r.due_at > world.now for r in calls if r.state == "queued")


def test_no_call_for_an_owner_who_did_not_ask(world: World) -> None:
    ref = world.seize()
    arrive(world, ref, at(D(2026, 3, 1), 10))
    assert {r.channel for r in owner_rows(world.db, "claim_notice")} == {"sms"}
    assert all(r.channel != "voice" for r in owner_rows(world.db, "complaint_reminder"))
