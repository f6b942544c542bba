"""POST /sms/status moves messages by Twilio's report; GET /metrics shows the outbox."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlmodel import col, select

from bot.channels.twilio.channel import TwilioConfig
from models import Database, Outbox, Person
from tests.fakes.twilio import TwilioWebhooks
from tests.units import tx
from tests.world import World
from webhook.app import create_app

PUBLIC = "https://pound.example.org"
AUTH = "tw-token"
PHONE = "+919222222222"


# GET /metrics answers loopback clients when no token is set (webhook/metrics.py).
LOOPBACK = ("127.0.0.1", 50000)


@pytest.fixture
def client(world: World) -> Iterator[TestClient]:
    world.on(date(2026, 3, 2), 10)
    config = TwilioConfig(account_sid="AC" + "0" * 32, auth_token=AUTH, public_url=PUBLIC)
    app = create_app(db=world.db, clock=lambda: world.now, twilio=config)
    with TestClient(app, client=LOOPBACK) as c:
        yield c


@pytest.fixture
def twilio() -> TwilioWebhooks:
    return TwilioWebhooks(AUTH, PUBLIC)


def sent_sms(db: Database, sid: str, now: datetime, **fields: object) -> int:
    with tx(db) as s:
        row = Outbox(
            dedupe_key=f"k-{sid}",
            channel="sms",
            address=PHONE,
            language="en",
            template="reply",
            body="Claim notice",
            due_at=now,
            state="sent",
            provider_id=sid,
            sent_at=now,
            created_at=now,
            **fields,
        )
        s.add(row)
        s.flush()
        return row.id or 0


def state_of(db: Database, row_id: int) -> tuple[str, str | None]:
    with db.reading() as s:
        row = s.get(Outbox, row_id)
        assert row is not None
        return row.state, row.failed_reason


def test_a_delivered_report_marks_the_message_delivered(
    world: World, client: TestClient, twilio: TwilioWebhooks
) -> None:
    one = sent_sms(world.db, "SM1", world.now)

    answer = twilio.status(client, "SM1", "delivered")
    again = twilio.status(client, "SM1", "delivered")

    assert (answer.status_code, again.status_code) == (200, 200)
    assert state_of(world.db, one) == ("delivered", None)
    with world.db.reading() as s:
        row = s.get(Outbox, one)
        assert row is not None and row.delivered_at == world.now


def test_intermediate_reports_change_nothing(
    world: World, client: TestClient, twilio: TwilioWebhooks
) -> None:
    one = sent_sms(world.db, "SM1", world.now)

    twilio.status(client, "SM1", "sent")

    assert state_of(world.db, one) == ("sent", None)


def test_an_undelivered_report_fails_the_message_and_tries_telegram(
    world: World, client: TestClient, twilio: TwilioWebhooks
) -> None:
    with tx(world.db) as s:
        owner = s.get(Person, world.owner)
        assert owner is not None
        owner.telegram_id = 555
        s.add(owner)
    one = sent_sms(world.db, "SM2", world.now, person_id=world.owner)

    answer = twilio.status(client, "SM2", "undelivered", error_code="30003")

    assert answer.status_code == 200
    assert state_of(world.db, one) == ("failed", "twilio-30003: undelivered reported by Twilio")
    with world.db.reading() as s:
        fallback = s.exec(select(Outbox).where(Outbox.fallback_from == one)).one()
        assert (fallback.channel, fallback.address, fallback.state) == ("telegram", "555", "queued")


def test_a_delivered_report_does_not_undo_a_failure(
    world: World, client: TestClient, twilio: TwilioWebhooks
) -> None:
    one = sent_sms(world.db, "SM3", world.now)
    twilio.status(client, "SM3", "failed", error_code="30008")

    twilio.status(client, "SM3", "delivered")

    assert state_of(world.db, one)[0] == "failed"


def test_a_forged_or_unsigned_report_is_refused_and_changes_nothing(
    world: World, client: TestClient
) -> None:
    one = sent_sms(world.db, "SM4", world.now)
    forged = TwilioWebhooks("not-the-token", PUBLIC)

    answer = forged.status(client, "SM4", "delivered")
    unsigned = client.post(
        "/sms/status",
        content=b"MessageSid=SM4&MessageStatus=delivered",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )

    assert (answer.status_code, unsigned.status_code) == (403, 403)
    assert state_of(world.db, one) == ("sent", None)


def test_a_report_on_an_unknown_message_is_acknowledged_and_a_bad_one_refused(
    client: TestClient, twilio: TwilioWebhooks
) -> None:
    assert twilio.status(client, "SM999", "delivered").status_code == 200
    assert twilio.post(client, "/sms/status", {"MessageStatus": "delivered"}).status_code == 400
    assert client.post("/sms/status", json={"a": 1}).status_code == 415


def test_metrics_show_depth_by_state_and_channel_and_failures_by_reason(
    world: World, client: TestClient, twilio: TwilioWebhooks
) -> None:
    sent_sms(world.db, "SM5", world.now - timedelta(seconds=3))
    with tx(world.db) as s:
        row = s.exec(select(Outbox).where(Outbox.provider_id == "SM5")).one()
        row.sent_at = world.now
        s.add(row)
    sent_sms(world.db, "SM6", world.now)
    twilio.status(client, "SM6", "failed", error_code="30008")

    answer = client.get("/metrics")

    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain; version=0.0.4")
    text = answer.text
    assert 'pound_outbox_messages{channel="sms",state="sent"} 1.0' in text
    assert 'pound_outbox_messages{channel="sms",state="failed"} 1.0' in text
    assert 'pound_outbox_messages{channel="sms",state="queued"} 0.0' in text
    assert 'pound_outbox_messages{channel="telegram",state="queued"} 0.0' in text
    assert 'pound_outbox_failed_messages{reason="twilio-30008"} 1.0' in text


def test_metrics_are_served_without_any_channel_configured(world: World) -> None:
    app = create_app(db=world.db, clock=lambda: world.now)
    with TestClient(app, client=LOOPBACK) as c:
        answer = c.get("/metrics")
        refused = c.post("/sms/status", data={"MessageSid": "SM1"})

    assert answer.status_code == 200
    assert "pound_outbox_messages" in answer.text
    assert refused.status_code == 404
    with world.db.reading() as s:
        assert s.exec(select(Outbox).order_by(col(Outbox.id))).all() == []


def test_metrics_count_the_messages_the_webhook_writer_committed(
    client: TestClient, twilio: TwilioWebhooks
) -> None:
    for n in range(3):
        form = {"MessageSid": f"SMw{n}", "From": PHONE, "To": "+15005550006", "Body": "hi"}
        assert twilio.post(client, "/sms/inbound", form).status_code == 200

    text = client.get("/metrics").text

    # Sent one after another, each message went in a transaction of its own.
    assert "pound_writer_batches_total 3.0" in text
    assert "pound_writer_messages_total 3.0" in text
    assert "pound_writer_batches_retried_total 0.0" in text
