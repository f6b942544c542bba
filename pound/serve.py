"""`pound serve` (the office on uvicorn, with its worker) and `pound db upgrade`."""

from __future__ import annotations

import click

from pound.cli import open_db, settings_of


@click.command()
@click.option(
    "--host", default=None, help="Address to listen on [default: POUND_HOST or 127.0.0.1]."
)
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=None,
    help="Port to listen on [default: POUND_PORT or 8000].",
)
@click.option(
    "--no-worker",
    is_flag=True,
    help="Do not run the background worker (deadlines, outbox) inside this process.",
)
@click.option(
    "--demo",
    is_flag=True,
    help="Load the bundled demo district into a database that never held a district, whatever "
    "the database [default: only into the default SQLite file ./pound.db].",
)
@click.pass_context
def serve(
    ctx: click.Context, host: str | None, port: int | None, no_worker: bool, demo: bool
) -> None:
    """Run the REST API and webhooks on uvicorn.

    Applies the migrations first and loads POUND_JURISDICTION if it is set. The bundled demo
    district is loaded only into a database that never held a district, and only when it is
    the default SQLite file or --demo is given: never into PostgreSQL by itself.
    """
    import uvicorn

    from pound.app import (
        addresses,
        build_app,
        districts,
        prepare,
        safe_url,
        settle_heap,
        utc_now,
        warn_at_start,
    )
    from pound.logs import configure as configure_logging
    from pound.worker import WorkerThread, make_worker
    from webhook.metrics import Metrics

    settings = settings_of(ctx)
    configure_logging(settings)
    given = {"host": host, "port": port}
    settings = settings.model_copy(update={k: v for k, v in given.items() if v is not None})
    warn_at_start(settings, lambda line: click.echo(line, err=True))
    database = prepare(settings, echo=click.echo, demo=demo or None)
    ctx.call_on_close(database.dispose)
    url = settings.base_url
    click.echo(f"pound office: {url}  (API docs {url}/docs, health {url}/healthz)")
    click.echo(f"database: {safe_url(database.url)}")
    held = districts(database)
    names = ", ".join(f"{d.name} ({d.code})" for d in held) or "none"
    click.echo(f"districts: {names}")
    for line in addresses(url, [d.code for d in held]):
        click.echo(line)
    metrics = Metrics()  # one registry: the app's requests and the worker's passes and sends
    background = None
    if not no_worker:
        background = WorkerThread(make_worker(database, settings, clock=utc_now, metrics=metrics))
    app = build_app(
        database,
        clock=utc_now,
        settings=settings,
        on_outbox=background.wake if background is not None else None,
        metrics=metrics,
    )
    if background is not None:
        background.start()
        click.echo("worker: running inside this process (deadlines, outbox); --no-worker to not")
    settle_heap()
    try:
        # uvicorn logs through our handler (log_config=None), and X-Forwarded-For is believed
        # only from POUND_TRUSTED_PROXIES, by the app itself (webhook/ratelimit.py).
        uvicorn.run(
            app,
            host=settings.host,
            port=settings.port,
            log_level=settings.log_level,
            log_config=None,
            proxy_headers=False,
            access_log=False,  # the app writes each request's line, with its id (webhook/edge.py)
        )
    finally:
        if background is not None:
            background.stop()


@click.group()
def db() -> None:
    """The database schema."""


@db.command("upgrade")
@click.pass_context
def db_upgrade(ctx: click.Context) -> None:
    """Apply every migration not yet applied (safe to run again)."""
    from migrations import current
    from pound.app import migrate, safe_url

    database = open_db(ctx)
    migrate(database, click.echo)
    click.echo(f"database {safe_url(database.url)} is at revision {current(database)}")
