"""GET /metrics: the service in Prometheus text format, through `prometheus_client`.

`Metrics` holds one process's registry: the counters and histograms this process observes
(requests by route, the sends of the worker inside it, the deadline passes), the process's own
figures (CPU, memory, open files, the Python runtime), the webhook writer's counts, and the
outbox as it stands in the database, read at each scrape (so every replica reports the same
depth whichever process sends). docs/operations.md lists every metric.

Who may read it: with a token (POUND_METRICS_TOKEN) whoever sends it as a bearer token; without
one, only clients in POUND_METRICS_NETWORKS (loopback by default). A request that came through
a proxy the service does not trust (it carries `X-Forwarded-For` or `Forwarded`) is refused
without a token, since its client is not known.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime

from fastapi import APIRouter, Request
from fastapi.responses import Response
from prometheus_client import (
    CollectorRegistry,
    Counter,
    Histogram,
    PlatformCollector,
    ProcessCollector,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4, generate_latest
from prometheus_client.registry import Collector
from starlette.concurrency import run_in_threadpool

from bot.delivery import outbox_figures
from models import Database
from webhook.edge import WebConfig
from webhook.errors import ERROR_RESPONSES, ErrorBody, envelope
from webhook.inbound import Writer
from webhook.ratelimit import client_address, client_in

# Seconds: from a fast webhook answer to a slow search; from a due message sent at once to one
# held overnight by quiet hours (practice G11) or a day of retries.
REQUEST_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
SEND_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
LATENESS_BUCKETS = (1.0, 5.0, 15.0, 60.0, 300.0, 900.0, 3600.0, 6 * 3600.0, 24 * 3600.0)
PASS_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0)


@dataclass(eq=False)
class OutboxCollector(Collector):
    """The outbox as it stands, read from the database at each scrape."""

    db: Database
    clock: Callable[[], datetime]

    def collect(self) -> Iterator[Metric]:
        now = self.clock()
        figures = outbox_figures(self.db, now=now)
        depth = GaugeMetricFamily(
            "pound_outbox_messages",
            "Outbox messages by state and channel.",
            labels=["state", "channel"],
        )
        for (state, channel), n in sorted(figures.depth.items()):
            depth.add_metric([state, channel], n)
        yield depth
        failed = GaugeMetricFamily(
            "pound_outbox_failed_messages", "Failed outbox messages by reason.", labels=["reason"]
        )
        for reason, n in sorted(figures.failures.items()):
            failed.add_metric([reason], n)
        yield failed
        oldest = GaugeMetricFamily(
            "pound_outbox_oldest_queued_seconds",
            "How long the oldest queued message due by now has waited since its due time "
            "(0: none waiting).",
            labels=["channel"],
        )
        for channel, due in sorted(figures.oldest_due.items()):
            oldest.add_metric([channel], max(0.0, (now - due).total_seconds()))
        yield oldest


@dataclass(eq=False)
class WriterCollector(Collector):
    """The webhook writer's counts in this process (webhook/inbound.py)."""

    writer: Writer

    def collect(self) -> Iterator[Metric]:
        for name, text, value in (
            ("pound_writer_batches", "Transactions the webhook writer ran.", self.writer.batches),
            ("pound_writer_messages", "Messages the webhook writer handled.", self.writer.jobs),
            (
                "pound_writer_batches_retried",
                "Batches undone and run again one message at a time.",
                self.writer.retried,
            ),
        ):
            yield CounterMetricFamily(name, text, value=value)


class Metrics:
    """One process's metrics: made once, shared by the app and the worker inside it."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.requests = Histogram(
            "pound_http_request_duration_seconds",
            "HTTP requests answered, by route template, method and status class.",
            ["route", "method", "status"],
            buckets=REQUEST_BUCKETS,
            registry=r,
        )
        self.send_duration = Histogram(
            "pound_outbox_send_duration_seconds",
            "How long the provider took to accept each message, by channel.",
            ["channel"],
            buckets=SEND_BUCKETS,
            registry=r,
        )
        self.send_latency = Histogram(
            "pound_outbox_send_latency_seconds",
            "From its due time to the provider taking it, each message sent, by channel.",
            ["channel"],
            buckets=LATENESS_BUCKETS,
            registry=r,
        )
        self.outcomes = Counter(
            "pound_outbox_sends",
            "Messages the worker tried, by channel and outcome "
            "(sent, retried, failed, waiting, quiet_hours, cancelled).",
            ["channel", "outcome"],
            registry=r,
        )
        self.deadline_pass = Histogram(
            "pound_deadline_pass_duration_seconds",
            "How long each deadline pass of the worker took.",
            buckets=PASS_BUCKETS,
            registry=r,
        )
        self.deadline_acts = Counter(
            "pound_deadline_acts", "Acts of the Act's clock the worker applied.", registry=r
        )
        self.deadline_steps = Counter(
            "pound_deadline_steps",
            "The clock's steps, by kind (reported_unclaimed, sales_due, surplus_moved, cleared, "
            "stayed, refused): the figures of the worker's line for each pass.",
            ["kind"],
            registry=r,
        )
        self.passes = Counter("pound_worker_passes", "Worker passes run.", registry=r)
        ProcessCollector(registry=r)
        PlatformCollector(registry=r)
        self._outbox: OutboxCollector | None = None
        self._request_children: dict[tuple[str, str, str], Histogram] = {}

    def observe_request(self, route: str, method: str, status: str, seconds: float) -> None:
        # The labelled child looked up once per (route, method, status): `labels()` takes a
        # lock and builds a key on every call, and this runs on every request.
        key = (route, method, status)
        child = self._request_children.get(key)
        if child is None:
            child = self._request_children[key] = self.requests.labels(route, method, status)
        child.observe(seconds)

    def observe_send(
        self, channel: str, outcome: str, seconds: float | None, late: float | None
    ) -> None:
        """One message's try (bot/sender.py calls it through its `observe` hook)."""
        self.outcomes.labels(channel, outcome).inc()
        if seconds is not None:
            self.send_duration.labels(channel).observe(seconds)
        if late is not None:
            self.send_latency.labels(channel).observe(max(0.0, late))

    def watch_outbox(self, db: Database, clock: Callable[[], datetime]) -> None:
        if self._outbox is None:
            self._outbox = OutboxCollector(db, clock)
            self.registry.register(self._outbox)

    def watch_writer(self, writer: Writer) -> None:
        self.registry.register(WriterCollector(writer))

    def render(self) -> bytes:
        return generate_latest(self.registry)


def _allowed(request: Request, config: WebConfig) -> bool:
    if config.metrics_token is not None:
        given = request.headers.get("authorization", "")
        scheme, _, token = given.partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(
            token.strip().encode(), config.metrics_token.encode()
        )
    peer = request.client.host if request.client is not None else None
    forwarded = "x-forwarded-for" in request.headers or "forwarded" in request.headers
    if forwarded and not client_in(peer, config.trusted_proxies):
        return False  # through a proxy we do not trust: who the client is, is unknown
    return client_in(client_address(request, config.trusted_proxies), config.metrics_networks)


# Built once, at import (webhook/app.py says why); the process's registry and the edge's
# configuration are the app's (`app.state.metrics`, `app.state.web`).
router = APIRouter(tags=["health"])


@router.get(
    "/metrics",
    response_class=Response,
    responses={
        200: {"content": {"text/plain": {"schema": {"type": "string"}}}},
        403: {
            "model": ErrorBody,
            "description": "no or a wrong token, or (without a token set) a client outside "
            "POUND_METRICS_NETWORKS",
        },
        503: ERROR_RESPONSES[503],
    },
)
async def metrics_endpoint(request: Request) -> Response:
    """This process's metrics and the outbox as it stands, in Prometheus text format
    (docs/operations.md lists them)."""
    metrics: Metrics = request.app.state.metrics
    config: WebConfig = request.app.state.web
    if not _allowed(request, config):
        return envelope(
            403,
            "not_authorised",
            "GET /metrics wants POUND_METRICS_TOKEN as a bearer token"
            if config.metrics_token is not None
            else "GET /metrics answers only POUND_METRICS_NETWORKS without a token",
        )
    body = await run_in_threadpool(metrics.render)
    return Response(body, media_type=CONTENT_TYPE_PLAIN_0_0_4)
