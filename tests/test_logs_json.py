"""Structured logs: with POUND_LOG_FORMAT=json every line is one JSON object; a request's id is
on its log line, on the outbox rows its act queued and on the worker's line when it sends them;
the worker writes one line per pass; and no secret reaches a line, in a field either."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import subprocess
import sys
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import col, select

from bot.channels.telegram.channel import TelegramConfig
from models import Outbox
from pound.logs import MASK, JsonFormatter, Redact
from pound.settings import Settings
from pound.worker import make_worker
from tests.api_client import CULTIVATOR, OWNER, Api
from tests.fakes.telegram import FakeTelegram
from tests.fakes.twilio import FakeTwilio
from tests.test_logs_secrets import ROOT, environment, leaks, secrets
from tests.test_logs_secrets import queue as queue_plain
from tests.units import tx
from tests.world import World, at
from webhook.app import create_app

BOT_TOKEN = "7312345678:AAH3kd9-Xq_2LmNpQrStUvWxYz01234567"
SECRET = "tg-Secret-5521"
CHAT = 7_400_000_321  # past 2^31


class Lines:
    """A JSON handler on the root logger, and what it wrote, line by line, parsed."""

    def __init__(self, redact: Redact | None = None) -> None:
        self.stream = io.StringIO()
        self.handler = logging.StreamHandler(self.stream)
        self.handler.setFormatter(JsonFormatter())
        if redact is not None:
            self.handler.addFilter(redact)

    def __enter__(self) -> Lines:
        root = logging.getLogger()
        self.level = root.level
        root.addHandler(self.handler)
        root.setLevel(logging.DEBUG)
        return self

    def __exit__(self, *exc: object) -> None:
        root = logging.getLogger()
        root.removeHandler(self.handler)
        root.setLevel(self.level)

    def all(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.stream.getvalue().splitlines() if line]

    def of(self, logger: str) -> list[dict[str, Any]]:
        return [line for line in self.all() if line["logger"] == logger]


def test_a_line_is_one_json_object_with_its_fields() -> None:
    with Lines() as lines:
        logging.getLogger("pound.test").info(
            "पाउंड %s: %d", "रामपुर", 3, extra={"request_id": "r-1", "acts": 2}
        )
        try:
            raise ValueError("नहीं")
        except ValueError:
            logging.getLogger("pound.test").exception("failed")

    first, second = lines.of("pound.test")
    assert first["message"] == "पाउंड रामपुर: 3"
    assert first["level"] == "info"
    assert first["request_id"] == "r-1" and first["acts"] == 2
    assert first["time"].endswith("+00:00")
    assert second["level"] == "error"
    assert "ValueError: नहीं" in second["exception"]


def test_a_secret_in_a_field_is_redacted_as_in_the_message() -> None:
    redact = Redact([SECRET])
    with Lines(redact) as lines:
        logging.getLogger("pound.test").warning(
            "token %s", BOT_TOKEN, extra={"request_id": "pnd_AbCdEf0123456789", "note": SECRET}
        )
    (line,) = lines.of("pound.test")
    text = json.dumps(line)
    assert BOT_TOKEN not in text and SECRET not in text
    assert "pnd_AbCdEf0123456789" not in text
    assert line["note"] == MASK


@pytest.fixture
def tg(world: World) -> Iterator[tuple[TestClient, FakeTelegram]]:
    world.on(date(2026, 3, 2), 12)
    with FakeTelegram() as fake:
        config = TelegramConfig(token=BOT_TOKEN, secret=SECRET, api_url=fake.api_url)
        app = create_app(db=world.db, clock=lambda: world.now, telegram=config)
        with TestClient(app) as client:
            yield client, fake


def _update(update_id: int, text: str) -> dict[str, Any]:
    user = {"id": CHAT, "is_bot": False, "first_name": "Hari", "language_code": "hi"}
    return {
        "update_id": update_id,
        "message": {
            "message_id": update_id - 900000,
            "date": 1772436600,
            "chat": {"id": CHAT, "type": "private", "first_name": "Hari"},
            "from": user,
            "text": text,
        },
    }


def test_a_requests_id_goes_from_its_line_to_its_outbox_rows_to_the_workers_send(
    world: World, tg: tuple[TestClient, FakeTelegram]
) -> None:
    client, fake = tg
    with Lines() as lines:
        answer = client.post(
            "/telegram/webhook",
            json=_update(910001, "/start"),
            headers={"X-Telegram-Bot-Api-Secret-Token": SECRET, "X-Request-ID": "edge-7f3a01"},
        )
        assert answer.status_code == 200
        assert answer.headers["x-request-id"] == "edge-7f3a01"
        other = client.post(
            "/telegram/webhook",
            json=_update(910002, "/help"),
            headers={"X-Telegram-Bot-Api-Secret-Token": SECRET},
        )
        generated = other.headers["x-request-id"]

        with world.db.reading() as s:
            rows = {r.id: r.request_id for r in s.exec(select(Outbox).order_by(col(Outbox.id)))}
        assert rows, "the bot answered nothing"
        assert set(rows.values()) == {"edge-7f3a01", generated}

        settings = Settings(
            database_url=world.db.url, telegram_token=BOT_TOKEN, telegram_api_url=fake.api_url
        )
        worker = make_worker(world.db, settings, clock=lambda: world.now)
        asyncio.run(worker.once(world.now))
        assert len(fake.sent_to(str(CHAT))) == len(rows)

    (request,) = [r for r in lines.of("pound.http") if r["request_id"] == "edge-7f3a01"]
    assert request["route"] == "/telegram/webhook" and request["status"] == 200
    assert request["method"] == "POST" and request["duration_ms"] > 0
    sends = [r for r in lines.of("bot.sender") if "outbox_id" in r]
    assert {r["outbox_id"]: r["request_id"] for r in sends} == rows
    (pass_line,) = [r for r in lines.of("pound.worker") if "sent" in r]
    assert pass_line["sent"] == len(rows) and pass_line["failed"] == 0


def test_an_api_request_id_is_carried_to_the_messages_its_act_queued(api: Api) -> None:
    seizure = {
        "ground": "trespass",
        "village": "Rampur",
        "place": "गन्ने का खेत, कुएँ के पूर्व",
        "damage": "young cane eaten",
        "occurred_at": at(date(2026, 3, 1), 8).isoformat(),
        "seizer": {"name": "Hari Singh", "residence": "Rampur", "phone": "91111 11111"},
        "owner": {"name": "Mohan Lal", "residence": "Kemri", "phone": OWNER},
        "animals": [{"kind": "cow", "count": 2, "description": "लाल"}],
    }
    answer = api.client.post(
        "/api/v1/seizures",
        json=seizure,
        headers={**api.as_(CULTIVATOR), "X-Request-ID": "desk-0001"},
    )
    assert answer.status_code == 201, answer.text
    ref = answer.json()["ref"]

    with api.world.db.reading() as s:
        ids = [r.request_id for r in s.exec(select(Outbox).where(Outbox.seizure_ref == ref))]
    assert ids, "the report queued no message"
    assert set(ids) == {"desk-0001"}


def test_the_workers_clock_writes_rows_without_a_request_id(world: World) -> None:
    queue_plain(world.db, "plain", "telegram", str(CHAT), world.now)
    with world.db.reading() as s:
        assert s.exec(select(Outbox.request_id)).all() == [None]


def test_pound_worker_writes_json_lines_one_per_pass_and_no_secret(world: World) -> None:
    due = at(date(2026, 3, 2), 10)
    queue_plain(world.db, "tg", "telegram", str(CHAT), due)
    queue_plain(world.db, "sms", "sms", "+919830000001", due)
    with (
        FakeTelegram() as telegram,
        FakeTwilio("AC" + "5" * 32, "f0e1d2c3b4a5968778695a4b3c2d1e0f") as twilio,
    ):
        env = environment(world.db, telegram, twilio, "debug", POUND_LOG_FORMAT="json")
        run = subprocess.run(
            [sys.executable, "-m", "pound", "worker", "--once", "--at", due.isoformat()],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert run.returncode == 0, run.stdout + run.stderr
    lines = [json.loads(line) for line in run.stderr.splitlines() if line.startswith("{")]
    others = [line for line in run.stderr.splitlines() if line and not line.startswith("{")]
    assert all(line.startswith("warning: POUND_") for line in others), others
    assert lines and all({"time", "level", "logger", "message"} <= set(x) for x in lines)
    passes = [x for x in lines if x["logger"] == "pound.worker" and "quiet_hours" in x]
    assert len(passes) == 1
    (one,) = passes
    with world.db.reading() as s:
        sent = len(s.exec(select(Outbox.id).where(Outbox.state == "sent")).all())
    assert sent >= 2  # ours, and the day's audit head to the Magistrates (docs/audit.md)
    assert one["sent"] == sent and one["failed"] == 0 and one["quiet_hours"] == 0
    assert one["acts"] == 0 and one["pass_at"] == due.isoformat()
    assert isinstance(one["deadline_ms"], float)
    assert not leaks(run.stdout + run.stderr, secrets(world.db))


def test_quiet_hours_are_counted_on_the_pass_line(world: World) -> None:
    night = at(date(2026, 3, 2), 22)
    with tx(world.db) as s:
        s.add(
            Outbox(
                dedupe_key="night",
                channel="telegram",
                address=str(CHAT),
                person_id=world.owner,
                language="bn",
                template="reply",
                body="আপনার গরু খোঁয়াড়ে আছে",
                private=True,
                due_at=night - timedelta(minutes=5),
                state="queued",
                created_at=night - timedelta(minutes=5),
            )
        )
    with FakeTelegram() as fake, Lines() as lines:
        settings = Settings(
            database_url=world.db.url, telegram_token=BOT_TOKEN, telegram_api_url=fake.api_url
        )
        worker = make_worker(world.db, settings, clock=lambda: night)
        asyncio.run(worker.once(night))
        assert fake.sent_to(str(CHAT)) == []

    (line,) = [r for r in lines.of("pound.worker") if "quiet_hours" in r]
    assert line["quiet_hours"] == 1 and line["sent"] == 0
    assert "quiet hours 1" in line["message"]
