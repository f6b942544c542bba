"""`pound worker`: the command alone, so that `pound worker --help` loads click and nothing of
the worker (pound/worker.py) until it runs."""

from __future__ import annotations

import asyncio
import signal
import threading
from datetime import UTC, datetime
from types import FrameType

import click

from pound.cli import open_db, settings_of


def parse_at(value: str) -> datetime:
    """An ISO time with its zone (2026-03-09T09:00+05:30 or ...Z), as UTC."""
    try:
        at = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError as exc:
        raise click.BadParameter(f"{value!r} is not an ISO time ({exc})") from exc
    if at.tzinfo is None or at.utcoffset() is None:
        raise click.BadParameter(
            f"{value!r} has no time zone: write it like 2026-03-09T09:00+05:30 or ...Z"
        )
    return at.astimezone(UTC)


@click.command("worker", short_help="Advance the deadlines and send the outbox, pass after pass.")
@click.option("--once", is_flag=True, help="Run one pass, then stop.")
@click.option(
    "--at",
    "at_text",
    metavar="ISO-TIME",
    default=None,
    help="With --once: run the pass as of this instant (with its zone), not the clock's.",
)
@click.pass_context
def worker(ctx: click.Context, once: bool, at_text: str | None) -> None:
    """Advance the deadlines and send the outbox, every POUND_WORKER_POLL_SECONDS.

    Sends through Telegram when POUND_TELEGRAM_TOKEN is set and by SMS when the POUND_TWILIO_*
    settings are; messages for a channel with no credentials stay queued. Stops cleanly on
    SIGTERM or Ctrl-C after the batch in hand. Several workers may share a PostgreSQL
    database; on SQLite run one.
    """
    from pound.app import utc_now, warn_at_start
    from pound.logs import configure as configure_logging
    from pound.worker import log, make_worker
    from webhook.metrics import Metrics

    if at_text is not None and not once:
        raise click.UsageError("--at needs --once")
    settings = settings_of(ctx)
    configure_logging(settings)
    warn_at_start(settings, lambda line: click.echo(line, err=True))
    db = open_db(ctx)
    at = parse_at(at_text) if at_text is not None else None
    metrics = Metrics()
    w = make_worker(
        db, settings, clock=(lambda: at) if at is not None else utc_now, metrics=metrics
    )
    channels = ", ".join(w.sender.channels) or "none (no credentials set)"
    if once:
        now = at or utc_now()
        click.echo(asyncio.run(w.once(now)).line())
        return
    stop = threading.Event()

    def _stop(signum: int, _frame: FrameType | None) -> None:
        log.info("signal %s: stopping after the batch in hand", signum)
        stop.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, _stop)
    if settings.worker_metrics_port is not None:
        from prometheus_client import start_http_server

        # Its own sends and passes, for Prometheus, on the internal address it listens on.
        start_http_server(settings.worker_metrics_port, settings.host, metrics.registry)
        click.echo(f"worker metrics: http://{settings.host}:{settings.worker_metrics_port}/")
    click.echo(f"worker {w.sender.worker}: sending on {channels}; Ctrl-C stops")
    asyncio.run(w.run(stop))
    click.echo("worker stopped")
