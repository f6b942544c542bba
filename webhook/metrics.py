"""GET /metrics: the outbox in Prometheus text format (depth by state, lateness, failures),
and this process's webhook writer (commits, messages, batches run again).

The outbox is read from the database, so every replica reports the same figures whichever
process sends; the writer's counters are this process's own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime, timedelta

from fastapi import APIRouter
from fastapi.responses import PlainTextResponse
from starlette.concurrency import run_in_threadpool

from bot.delivery import OutboxFigures, outbox_figures
from models import Database
from webhook.errors import ERROR_BODY_REF, ERROR_RESPONSES
from webhook.inbound import Writer

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
# How late messages went out: seconds from due to sent, for messages sent in the last hour.
WINDOW = timedelta(hours=1)
LATENESS_BUCKETS = (1.0, 5.0, 15.0, 60.0, 300.0, 900.0, 3600.0, 6 * 3600.0, 24 * 3600.0)


def _label(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def _fmt(value: float) -> str:
    return repr(float(value)) if value != int(value) else str(int(value))


def histogram(name: str, values: Iterable[float], bounds: Iterable[float]) -> list[str]:
    """A Prometheus histogram of `values` (cumulative buckets, +Inf, sum, count)."""
    items = sorted(values)
    lines = []
    for bound in bounds:
        n = sum(1 for v in items if v <= bound)
        lines.append(f'{name}_bucket{{le="{_fmt(bound)}"}} {n}')
    lines.append(f'{name}_bucket{{le="+Inf"}} {len(items)}')
    lines.append(f"{name}_sum {_fmt(round(sum(items), 3))}")
    lines.append(f"{name}_count {len(items)}")
    return lines


def writer_lines(writer: Writer) -> list[str]:
    """The webhook writer's counters: how many messages each commit carried, and retries."""
    return [
        "# HELP pound_writer_batches_total Transactions the webhook writer ran (this process).",
        "# TYPE pound_writer_batches_total counter",
        f"pound_writer_batches_total {writer.batches}",
        "# HELP pound_writer_messages_total Messages the webhook writer handled (this process).",
        "# TYPE pound_writer_messages_total counter",
        f"pound_writer_messages_total {writer.jobs}",
        "# HELP pound_writer_batches_retried_total Batches undone and run again one message at"
        " a time.",
        "# TYPE pound_writer_batches_retried_total counter",
        f"pound_writer_batches_retried_total {writer.retried}",
    ]


def render(figures: OutboxFigures, writer: Writer | None = None) -> str:
    """The figures as Prometheus text exposition format 0.0.4."""
    lines = [
        "# HELP pound_outbox_messages Outbox messages by state.",
        "# TYPE pound_outbox_messages gauge",
    ]
    lines += [f'pound_outbox_messages{{state="{s}"}} {n}' for s, n in figures.depth.items()]
    lines += [
        "# HELP pound_outbox_failed_messages Failed outbox messages by reason.",
        "# TYPE pound_outbox_failed_messages gauge",
    ]
    lines += [
        f'pound_outbox_failed_messages{{reason="{_label(r)}"}} {n}'
        for r, n in sorted(figures.failures.items())
    ]
    lines += [
        "# HELP pound_outbox_send_latency_seconds From due to sent, messages sent in the last"
        " hour.",
        "# TYPE pound_outbox_send_latency_seconds histogram",
    ]
    lines += histogram("pound_outbox_send_latency_seconds", figures.latencies, LATENESS_BUCKETS)
    if writer is not None:
        lines += writer_lines(writer)
    return "\n".join(lines) + "\n"


def metrics_router(
    *, db: Database, clock: Callable[[], datetime], writer: Writer | None = None
) -> APIRouter:
    router = APIRouter(tags=["health"])

    @router.get(
        "/metrics",
        response_class=PlainTextResponse,
        responses={
            503: {
                "description": ERROR_RESPONSES[503]["description"],
                "content": {"application/json": {"schema": {"$ref": ERROR_BODY_REF}}},
            }
        },
    )
    async def metrics() -> PlainTextResponse:
        """The outbox in Prometheus format: depth by state, send lateness, failures by reason;
        and the webhook writer's counters when the channels are mounted."""
        figures = await run_in_threadpool(outbox_figures, db, now=clock(), window=WINDOW)
        return PlainTextResponse(render(figures, writer), media_type=CONTENT_TYPE)

    return router
