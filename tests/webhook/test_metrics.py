"""GET /metrics through prometheus_client: read back with its own parser, counters that only
grow between two scrapes, histograms with their buckets, the outbox by state and channel, the
worker's sends and deadline passes, and who may read it."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from prometheus_client.samples import Sample

from models import Outbox
from pound.app import web_config
from pound.settings import Settings
from pound.worker import make_worker
from tests.fakes.telegram import FakeTelegram
from tests.units import tx
from tests.world import World, at
from webhook.app import create_app
from webhook.edge import WebConfig
from webhook.metrics import Metrics
from webhook.ratelimit import parse_networks

LOOPBACK = ("127.0.0.1", 50000)
TOKEN = "metrics-Token-99x7"
CHAT = "7400000123"  # a Telegram id past 2^31


def scrape(client: TestClient, **headers: str) -> dict[str, Any]:
    answer = client.get("/metrics", headers=headers)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain; version=0.0.4")
    return {f.name: f for f in text_string_to_metric_families(answer.text)}


def samples(families: dict[str, Any], name: str, **labels: str) -> list[Sample]:
    family = families[name]
    return [s for s in family.samples if all(s.labels.get(k) == v for k, v in labels.items())]


def value(families: dict[str, Any], family: str, sample: str, **labels: str) -> float:
    found = [s.value for s in samples(families, family, **labels) if s.name == sample]
    assert len(found) == 1, (sample, labels, found)
    return float(found[0])


def queue(world: World, key: str, channel: str, address: str, due: Any, state: str) -> None:
    with tx(world.db) as s:
        s.add(
            Outbox(
                dedupe_key=key,
                channel=channel,
                address=address,
                person_id=world.owner,
                language="hi",
                template="reply",
                body="आपके पशु पाउंड में हैं",
                due_at=due,
                state=state,
                created_at=due,
            )
        )


@pytest.fixture
def client(world: World) -> Iterator[TestClient]:
    world.on(date(2026, 3, 2), 12)
    app = create_app(db=world.db, clock=lambda: world.now)
    with TestClient(app, client=LOOPBACK) as c:
        yield c


def test_counters_only_grow_between_two_scrapes_with_traffic_between(client: TestClient) -> None:
    first = scrape(client)
    for _ in range(3):
        assert client.get("/healthz").status_code == 200
    client.get("/api/v1/seizures/PND-2026-0001")  # no token: 403, on a route with a parameter
    client.get("/no/such/path")
    second = scrape(client)

    grew = 0
    for name, family in first.items():
        if family.type not in ("counter", "histogram"):
            continue
        for before in family.samples:
            if before.name.endswith(("_created",)):
                continue
            after = [
                s
                for s in second[name].samples
                if s.name == before.name and s.labels == before.labels
            ]
            assert after, f"{before.name} {before.labels} is gone"
            assert after[0].value >= before.value, f"{before.name} {before.labels} went down"
            grew += after[0].value > before.value
    assert grew > 0

    route = {"route": "/healthz", "method": "GET", "status": "2xx"}
    family = "pound_http_request_duration_seconds"
    count = "pound_http_request_duration_seconds_count"
    before = value(first, family, count, **route) if samples(first, family, **route) else 0.0
    assert value(second, family, count, **route) == before + 3
    # The route's template labels it, never the path asked for (no unbounded labels).
    templated = {"route": "/api/v1/seizures/{ref}", "method": "GET", "status": "4xx"}
    assert value(second, family, count, **templated) == 1
    assert value(second, family, count, route="unmatched", method="GET", status="4xx") == 1
    assert not any("PND-2026" in str(s.labels) for s in second[family].samples)


def test_histograms_carry_their_buckets(client: TestClient) -> None:
    client.get("/healthz")
    families = scrape(client)

    family = families["pound_http_request_duration_seconds"]
    assert family.type == "histogram"
    bounds = [
        s.labels["le"]
        for s in family.samples
        if s.name.endswith("_bucket") and s.labels["route"] == "/healthz"
    ]
    assert bounds[-1] == "+Inf" and len(bounds) >= 10
    for name in (
        "pound_outbox_send_duration_seconds",
        "pound_outbox_send_latency_seconds",
        "pound_deadline_pass_duration_seconds",
    ):
        assert families[name].type == "histogram"
    # The process's own figures.
    assert families["process_cpu_seconds"].type == "counter"
    assert "process_resident_memory_bytes" in families
    assert "python_info" in families


def test_the_outbox_by_state_and_channel_and_the_oldest_queued(
    world: World, client: TestClient
) -> None:
    now = world.now
    queue(world, "a", "telegram", CHAT, now - timedelta(minutes=10), "queued")
    queue(world, "b", "telegram", CHAT, now - timedelta(minutes=2), "queued")
    queue(world, "c", "sms", "+919830000001", now - timedelta(seconds=30), "queued")
    queue(world, "d", "sms", "+919830000001", now + timedelta(hours=3), "queued")  # not yet due
    queue(world, "e", "sms", "+919830000002", now - timedelta(hours=1), "sent")

    families = scrape(client)

    depth = "pound_outbox_messages"
    assert value(families, depth, depth, state="queued", channel="telegram") == 2
    assert value(families, depth, depth, state="queued", channel="sms") == 2
    assert value(families, depth, depth, state="sent", channel="sms") == 1
    assert value(families, depth, depth, state="failed", channel="whatsapp") == 0
    oldest = "pound_outbox_oldest_queued_seconds"
    assert value(families, oldest, oldest, channel="telegram") == 600
    assert value(families, oldest, oldest, channel="sms") == 30


def test_the_worker_observes_its_sends_and_its_deadline_pass(world: World) -> None:
    world.on(date(2026, 3, 2), 12)
    queue(world, "late", "telegram", CHAT, world.now - timedelta(seconds=40), "queued")
    metrics = Metrics()
    with FakeTelegram() as telegram:
        settings = Settings(
            database_url=world.db.url,
            telegram_token="7312345678:AAH3kd9-Xq_2LmNpQrStUvWxYz01234567",
            telegram_api_url=telegram.api_url,
        )
        worker = make_worker(world.db, settings, clock=lambda: world.now, metrics=metrics)
        asyncio.run(worker.once(world.now))
        assert telegram.sent_to(CHAT) == ["आपके पशु पाउंड में हैं"]

    families = {f.name: f for f in text_string_to_metric_families(metrics.render().decode())}
    sends = "pound_outbox_sends"
    assert value(families, sends, "pound_outbox_sends_total", channel="telegram", outcome="sent")
    latency = "pound_outbox_send_latency_seconds"
    assert value(families, latency, latency + "_count", channel="telegram") == 1
    assert value(families, latency, latency + "_sum", channel="telegram") == 40
    assert value(families, latency, latency + "_bucket", channel="telegram", le="15.0") == 0
    assert value(families, latency, latency + "_bucket", channel="telegram", le="60.0") == 1
    took = "pound_outbox_send_duration_seconds"
    assert value(families, took, took + "_count", channel="telegram") == 1
    passes = "pound_deadline_pass_duration_seconds"
    assert value(families, passes, passes + "_count") == 1
    assert value(families, "pound_worker_passes", "pound_worker_passes_total") == 1


# --- who may read it ------------------------------------------------------------------------


def test_without_a_token_only_loopback_reads_it(world: World) -> None:
    app = create_app(db=world.db, clock=lambda: world.now)
    with TestClient(app, client=("203.0.113.9", 443)) as outside:
        refused = outside.get("/metrics")
    with TestClient(app, client=LOOPBACK) as inside:
        allowed = inside.get("/metrics")
        # Through a proxy it does not trust: the real client is unknown.
        proxied = inside.get("/metrics", headers={"X-Forwarded-For": "198.51.100.7"})

    assert refused.status_code == 403
    assert refused.json()["code"] == "not_authorised"
    assert "pound_" not in refused.text
    assert allowed.status_code == 200
    assert proxied.status_code == 403


def test_with_a_token_it_is_asked_for_from_everywhere(world: World) -> None:
    web = WebConfig(metrics_token=TOKEN)
    app = create_app(db=world.db, clock=lambda: world.now, web=web)
    with TestClient(app, client=LOOPBACK) as c:
        none = c.get("/metrics")
        wrong = c.get("/metrics", headers={"Authorization": "Bearer not-the-token"})
        basic = c.get("/metrics", headers={"Authorization": f"Basic {TOKEN}"})
        right = c.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})

    assert (none.status_code, wrong.status_code, basic.status_code) == (403, 403, 403)
    assert right.status_code == 200
    assert "pound_outbox_messages" in right.text


def test_the_settings_name_the_networks_and_the_token() -> None:
    settings = Settings(
        metrics_token=TOKEN,
        metrics_networks="10.20.0.0/16",
        public_url="https://pound.example.in",
        cors_origins="https://desk.example.in/, https://board.example.in",
        max_body_bytes=32768,
    )
    web = web_config(settings)

    assert web.metrics_token == TOKEN
    assert web.metrics_networks == parse_networks("10.20.0.0/16")
    assert web.https and web.max_body == 32768
    assert web.cors_origins == ("https://desk.example.in", "https://board.example.in")
    default = web_config(Settings())
    assert default.metrics_token is None and not default.https and default.cors_origins == ()
    assert default.metrics_networks == parse_networks("127.0.0.0/8, ::1")
    with pytest.raises(ValueError):
        Settings(metrics_networks="the office LAN")


def test_a_trusted_network_reads_it_through_a_trusted_proxy(world: World) -> None:
    web = WebConfig(
        metrics_networks=parse_networks("10.20.0.0/16"),
        trusted_proxies=parse_networks("127.0.0.1"),
    )
    app = create_app(db=world.db, clock=lambda: world.now, web=web)
    with TestClient(app, client=LOOPBACK) as c:
        office = c.get("/metrics", headers={"X-Forwarded-For": "10.20.3.4"})
        stranger = c.get("/metrics", headers={"X-Forwarded-For": "198.51.100.7"})

    assert office.status_code == 200
    assert stranger.status_code == 403


def test_the_oldest_queued_age_counts_from_the_due_time(world: World) -> None:
    """The oldest queued age counts from the due time, not from when the row was written: a
    reminder written days ahead is not 'waiting' until it falls due."""
    world.on(date(2026, 3, 5), 9)
    queue(world, "ahead", "sms", "+919830000001", at(date(2026, 3, 5), 8, 59), "queued")
    app = create_app(db=world.db, clock=lambda: world.now)
    with TestClient(app, client=LOOPBACK) as c:
        families = scrape(c)
    oldest = "pound_outbox_oldest_queued_seconds"
    assert value(families, oldest, oldest, channel="sms") == 60
