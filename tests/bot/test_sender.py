"""The outbox sender, through the real PTB and twilio clients against fake servers on loopback."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from typing import Any

import pytest
from sqlmodel import col, select

from bot.channels.outgoing import Transport
from bot.channels.telegram.send import TelegramTransport
from bot.channels.twilio.send import TwilioTransport
from bot.sender import PassReport, Sender, SendPolicy
from models import Database, OptOut, Outbox, Person
from tests.fakes.telegram import FakeTelegram
from tests.fakes.twilio import FakeTwilio
from tests.units import tx
from tests.world import World, at

TOKEN = "123456:TEST-TOKEN"
FROM = "+15005550006"
STATUS_URL = "https://pound.example.org/sms/status"
OWNER_CHAT = 555000111
OWNER_PHONE = "+919222222222"


@pytest.fixture
def telegram() -> Iterator[FakeTelegram]:
    with FakeTelegram() as fake:
        yield fake


@pytest.fixture
def twilio() -> Iterator[FakeTwilio]:
    with FakeTwilio() as fake:
        yield fake


def telegram_transport(api_url: str, **kw: Any) -> TelegramTransport:
    rates = {"global_per_second": 1000.0, "per_chat_per_second": 100.0, **kw}
    return TelegramTransport(TOKEN, api_url=api_url, timeout=2.0, **rates)


def twilio_transport(fake: FakeTwilio, **kw: Any) -> TwilioTransport:
    return TwilioTransport(
        fake.account_sid,
        fake.auth_token,
        FROM,
        api_url=kw.pop("api_url", fake.url),
        status_callback=STATUS_URL,
        segments_per_second=kw.pop("segments_per_second", 1000.0),
        timeout=2.0,
    )


def make_sender(db: Database, *transports: Transport, **policy: Any) -> Sender:
    return Sender(
        db,
        {t.channel: t for t in transports},
        worker="test-worker",
        policy=SendPolicy(**policy),
    )


def run(sender: Sender, now: datetime) -> PassReport:
    async def one_pass() -> PassReport:
        await sender.start()
        try:
            return await sender.run_pass(now)
        finally:
            await sender.stop()

    return asyncio.run(one_pass())


def queue(db: Database, key: str, due_at: datetime, **fields: Any) -> int:
    values: dict[str, Any] = {
        "channel": "telegram",
        "address": str(OWNER_CHAT),
        "language": "en",
        "template": "reply",
        "params": {},
        "body": f"message {key}",
        "private": False,
        "state": "queued",
        "created_at": due_at,
        **fields,
    }
    with tx(db) as s:
        row = Outbox(dedupe_key=key, due_at=due_at, **values)
        s.add(row)
        s.flush()
        return row.id or 0


def row(db: Database, row_id: int) -> Outbox:
    with db.reading() as s:
        found = s.get(Outbox, row_id)
        assert found is not None
        s.expunge(found)  # keep its values once the look ends
        return found


def rows(db: Database) -> list[Outbox]:
    with db.reading() as s:
        found = list(s.exec(select(Outbox).order_by(col(Outbox.id))).all())
        s.expunge_all()
        return found


def reach_owner(world: World, *, telegram_id: int | None = OWNER_CHAT) -> None:
    with tx(world.db) as s:
        person = s.get(Person, world.owner)
        assert person is not None
        person.telegram_id = telegram_id
        s.add(person)


def test_a_due_message_is_sent_once_and_recorded_with_its_text(
    world: World, telegram: FakeTelegram
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    first = queue(world.db, "a", now - timedelta(minutes=1), body="Your cattle are at the pound")
    later = queue(world.db, "b", now + timedelta(minutes=1))
    sender = make_sender(world.db, telegram_transport(telegram.api_url))

    report = run(sender, now)
    again = run(sender, now)

    assert (report.sent, again.claimed) == (1, 0)
    assert telegram.sent_to(OWNER_CHAT) == ["Your cattle are at the pound"]
    sent = row(world.db, first)
    assert sent.state == "sent"
    assert sent.body == "Your cattle are at the pound"
    assert sent.provider_id is not None and sent.provider_id.startswith(f"{OWNER_CHAT}:")
    assert (sent.claimed_by, sent.sent_at) == ("test-worker", now)
    assert row(world.db, later).state == "queued"


def test_a_template_is_rendered_in_the_persons_language_and_options_become_a_keyboard(
    world: World, telegram: FakeTelegram
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    queue(
        world.db,
        "t",
        now,
        template="reply",
        params={"body": "ignored", "first_number": 3},
        body="Choose",
        options=[{"value": "cow", "label": "Cow"}],
    )
    queue(
        world.db,
        "aid",
        now,
        template="aid_requested",
        body=None,
        params={
            "ref": "TPR-1",
            "heads": 2,
            "animals_kinds": "2 cow",
            "place": "the well",
            "village": "Rampur",
            "seizer": "Hari Singh",
            "pound": "Testpur",
        },
    )

    run(make_sender(world.db, telegram_transport(telegram.api_url)), now)

    calls = telegram.calls_to("sendMessage")
    assert calls[0].params["text"] == "Choose"
    assert "inline_keyboard" in str(calls[0].params["reply_markup"])
    assert calls[1].params["text"].startswith("Police aid is asked for seizure TPR-1")
    assert "Reply CONVEY TPR-1" in str(rows(world.db)[1].body)


def test_private_messages_wait_out_quiet_hours_but_replies_go_at_once(
    world: World, telegram: FakeTelegram
) -> None:
    night = world.on(date(2026, 3, 2), 22, 30)  # practice G11: 21:00 to 08:00 local
    scheduled = queue(
        world.db, "notice", night, private=True, person_id=world.owner, body="Claim notice"
    )
    reply = queue(world.db, "reply", night, private=False, body="Noted")
    sender = make_sender(world.db, telegram_transport(telegram.api_url))

    report = run(sender, night)

    assert (report.sent, report.quiet) == (1, 1)
    assert telegram.sent_to(OWNER_CHAT) == ["Noted"]
    held = row(world.db, scheduled)
    assert held.state == "queued"
    assert held.next_attempt_at == at(date(2026, 3, 3), 8)
    assert row(world.db, reply).state == "sent"

    assert run(sender, at(date(2026, 3, 3), 7, 59)).claimed == 0
    morning = run(sender, at(date(2026, 3, 3), 8))
    assert morning.sent == 1
    assert telegram.sent_to(OWNER_CHAT) == ["Noted", "Claim notice"]


def test_a_flood_answer_pauses_the_bot_as_long_as_told_then_sends(
    world: World, telegram: FakeTelegram
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    one = queue(world.db, "one", now)
    telegram.fail_chat(OWNER_CHAT, "flood", retry_after=1, times=1)

    started = time.monotonic()
    report = run(make_sender(world.db, telegram_transport(telegram.api_url)), now)

    assert time.monotonic() - started >= 1.0
    assert report.sent == 1
    assert row(world.db, one).state == "sent"
    assert len(telegram.calls_to("sendMessage")) == 2


def test_a_long_flood_pause_puts_the_message_back_in_the_queue(
    world: World, telegram: FakeTelegram
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    one = queue(world.db, "one", now)
    telegram.fail_chat(OWNER_CHAT, "flood", retry_after=60, times=1)

    report = run(make_sender(world.db, telegram_transport(telegram.api_url), max_wait=5), now)

    assert report.waiting == 1
    waiting = row(world.db, one)
    assert (waiting.state, waiting.error_count) == ("queued", 0)
    assert waiting.next_attempt_at is not None
    assert waiting.next_attempt_at >= now + timedelta(seconds=55)


def test_a_blocked_bot_fails_the_message_and_falls_back_to_sms(
    world: World, telegram: FakeTelegram, twilio: FakeTwilio
) -> None:
    reach_owner(world)
    now = world.on(date(2026, 3, 2), 10)
    notice = queue(world.db, "claim:TPR-1", now, person_id=world.owner, body="Claim notice")
    telegram.fail_chat(OWNER_CHAT, "blocked")
    sender = make_sender(world.db, telegram_transport(telegram.api_url), twilio_transport(twilio))

    report = run(sender, now)

    assert (report.failed, report.fallbacks) == (1, 1)
    failed = row(world.db, notice)
    assert failed.state == "failed"
    assert failed.failed_reason == "blocked: Forbidden: bot was blocked by the user"
    fallback = rows(world.db)[-1]
    assert (fallback.channel, fallback.address, fallback.fallback_from) == (
        "sms",
        OWNER_PHONE,
        notice,
    )
    assert fallback.dedupe_key == "claim:TPR-1|fallback:sms"

    run(sender, now)

    assert twilio.sent_to(OWNER_PHONE) == ["Claim notice"]
    assert row(world.db, fallback.id or 0).state == "sent"


def test_an_unknown_chat_fails_with_the_reason_and_no_other_channel(
    world: World, telegram: FakeTelegram
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    lost = queue(world.db, "x", now, address="999")
    telegram.fail_chat(999, "not_found")

    report = run(make_sender(world.db, telegram_transport(telegram.api_url)), now)

    assert (report.failed, report.fallbacks) == (1, 0)
    assert row(world.db, lost).failed_reason == "chat_not_found: Chat not found"


def test_a_network_failure_is_retried_with_growing_backoff_until_it_gives_up(
    world: World,
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    one = queue(world.db, "one", now)
    with FakeTelegram() as gone:
        dead = gone.api_url  # the server stops: nothing listens there any more
    sender = make_sender(
        world.db, telegram_transport(dead), max_retries=2, backoff_base=timedelta(seconds=30)
    )

    tries = []
    for _ in range(3):
        report = run(sender, now)
        tries.append(report)
        current = row(world.db, one)
        if current.next_attempt_at is not None:
            assert run(sender, current.next_attempt_at - timedelta(seconds=1)).claimed == 0
            now = current.next_attempt_at

    first, second, third = tries
    assert (first.retried, second.retried, third.failed) == (1, 1, 1)
    gave_up = row(world.db, one)
    assert gave_up.state == "failed"
    assert gave_up.error_count == 3
    assert gave_up.failed_reason is not None
    assert gave_up.failed_reason.startswith("network:")
    assert "gave up after 3 tries" in gave_up.failed_reason
    assert now == world.now + timedelta(seconds=30 + 60)


def test_sms_goes_through_twilio_with_the_status_callback_and_numbered_choices(
    world: World, twilio: FakeTwilio
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    one = queue(
        world.db,
        "sms",
        now,
        channel="sms",
        address=OWNER_PHONE,
        body="Pay where?",
        options=[{"value": "tpr", "label": "Testpur"}, {"value": "dhk", "label": "Dhakia"}],
    )

    report = run(make_sender(world.db, twilio_transport(twilio)), now)

    assert report.sent == 1
    [message] = twilio.messages
    assert (message["To"], message["From"]) == (OWNER_PHONE, FROM)
    assert message["Body"] == "Pay where?\n1. Testpur\n2. Dhakia"
    assert message["StatusCallback"] == STATUS_URL
    assert row(world.db, one).provider_id == message["Sid"]


def test_sms_to_a_number_that_opted_out_fails_and_falls_back_to_telegram(
    world: World, telegram: FakeTelegram, twilio: FakeTwilio
) -> None:
    reach_owner(world)
    now = world.on(date(2026, 3, 2), 10)
    one = queue(world.db, "k", now, channel="sms", address=OWNER_PHONE, person_id=world.owner)
    twilio.fail_to(OWNER_PHONE, 21610)
    sender = make_sender(world.db, telegram_transport(telegram.api_url), twilio_transport(twilio))

    run(sender, now)
    run(sender, now)

    failed = row(world.db, one)
    assert failed.state == "failed"
    assert failed.failed_reason is not None
    assert failed.failed_reason.startswith("twilio-21610: number opted out")
    assert telegram.sent_to(OWNER_CHAT) == ["message k"]


def test_an_invalid_number_fails_at_once_and_a_number_that_said_stop_gets_nothing(
    world: World, twilio: FakeTwilio
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    invalid = queue(world.db, "bad", now, channel="sms", address="+919333333333")
    stopped = queue(world.db, "stop", now, channel="sms", address="+919444444444")
    twilio.fail_to("+919333333333", 21211)
    with tx(world.db) as s:
        s.add(OptOut(channel="sms", address="+919444444444", opted_out_at=now))

    report = run(make_sender(world.db, twilio_transport(twilio)), now)

    assert report.failed == 2
    assert str(row(world.db, invalid).failed_reason).startswith("twilio-21211")
    assert str(row(world.db, stopped).failed_reason).startswith("opted_out")
    assert twilio.sent_to("+919444444444") == []


def test_twilio_too_many_requests_pauses_the_number_then_sends(
    world: World, twilio: FakeTwilio
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    one = queue(world.db, "one", now, channel="sms", address=OWNER_PHONE)
    twilio.fail_to(OWNER_PHONE, 429, times=1)

    started = time.monotonic()
    report = run(make_sender(world.db, twilio_transport(twilio)), now)

    assert report.sent == 1
    assert time.monotonic() - started >= 1.0
    assert row(world.db, one).state == "sent"


def test_sms_keeps_one_segment_a_second_per_sender_number(world: World, twilio: FakeTwilio) -> None:
    now = world.on(date(2026, 3, 2), 10)
    for n in range(3):
        queue(world.db, f"m{n}", now, channel="sms", address=f"+91933333333{n}")

    started = time.monotonic()
    run(make_sender(world.db, twilio_transport(twilio, segments_per_second=4.0)), now)

    assert len(twilio.messages) == 3
    assert time.monotonic() - started >= 2 / 4.0


def test_a_claim_left_by_a_dead_worker_is_taken_again_after_the_lease(
    world: World, telegram: FakeTelegram
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    one = queue(world.db, "one", now)
    with tx(world.db) as s:
        stuck = s.get(Outbox, one)
        assert stuck is not None
        stuck.state, stuck.claimed_by, stuck.claimed_at = "sending", "dead:1", now
        s.add(stuck)
    sender = make_sender(world.db, telegram_transport(telegram.api_url))

    assert run(sender, now + timedelta(minutes=4)).claimed == 0
    assert run(sender, now + timedelta(minutes=6)).sent == 1
    assert telegram.sent_to(OWNER_CHAT) == ["message one"]


def test_rows_for_a_channel_without_credentials_stay_queued(
    world: World, telegram: FakeTelegram
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    sms = queue(world.db, "sms", now, channel="sms", address=OWNER_PHONE)

    report = run(make_sender(world.db, telegram_transport(telegram.api_url)), now)

    assert report.claimed == 0
    assert row(world.db, sms).state == "queued"


def test_a_message_that_cannot_be_rendered_fails_visibly(
    world: World, telegram: FakeTelegram
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    broken = queue(world.db, "broken", now, template="no_such_template", body=None)

    report = run(make_sender(world.db, telegram_transport(telegram.api_url)), now)

    assert report.failed == 1
    assert str(row(world.db, broken).failed_reason).startswith("render: KeyError")
    assert telegram.calls_to("sendMessage") == []


def test_a_chats_messages_go_in_order_one_a_second(world: World, telegram: FakeTelegram) -> None:
    now = world.on(date(2026, 3, 2), 10)
    for n in range(3):
        queue(world.db, f"m{n}", now + timedelta(seconds=n - 5))
    transport = telegram_transport(telegram.api_url, per_chat_per_second=5.0)

    started = time.monotonic()
    run(make_sender(world.db, transport), now)

    assert time.monotonic() - started >= 2 / 5.0
    assert telegram.sent_to(OWNER_CHAT) == ["message m0", "message m1", "message m2"]
