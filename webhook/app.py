"""The FastAPI application: the front page, REST API under /api/v1, health, metrics and the
channel webhooks."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime

from fastapi import APIRouter, FastAPI, Request
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse

from bot.channels.telegram.channel import TelegramConfig
from bot.channels.twilio.channel import TwilioConfig
from bot.engine import Engine
from models import Database
from office.notify import UNSOLICITED_PER_DAY
from webhook import errors
from webhook.deps import AppState, state
from webhook.desk import DeskConfig
from webhook.edge import Edge, WebConfig
from webhook.inbound import Writer
from webhook.metrics import Metrics
from webhook.metrics import router as metrics_router
from webhook.ratelimit import Limiter, RateLimits
from webhook.schemas import Health

# The routes that need nothing of a call to create_app are built once, at import: a router made
# inside it would be analysed again (each parameter and answer) by every app made.
health_router = APIRouter()


@health_router.get(
    "/healthz",
    tags=["health"],
    response_model=Health,
    responses={503: {"model": Health, "description": "the database does not answer"}},
)
def healthz(request: Request) -> JSONResponse:
    """200 when the database answers, 503 when it does not."""
    db = state(request).db
    try:
        db.ping()
    except Exception as exc:  # any driver error means "not healthy"
        return JSONResponse(
            {"status": "unavailable", "database": type(exc).__name__},
            status_code=503,
            headers={"Retry-After": str(errors.RETRY_AFTER)},
        )
    return JSONResponse({"status": "ok", "database": db.dialect})


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    yield
    writer = getattr(app.state, "writer", None)
    if writer is not None:
        # The messages already handed in are committed and answered before the process ends.
        await asyncio.to_thread(writer.close)


def create_app(
    *,
    db: Database,
    clock: Callable[[], datetime],
    telegram: TelegramConfig | None = None,
    twilio: TwilioConfig | None = None,
    engine: Engine | None = None,
    on_outbox: Callable[[], None] | None = None,
    unsolicited_per_day: int = UNSOLICITED_PER_DAY,
    limits: RateLimits | None = None,
    public_url: str | None = None,
    document_key: bytes | None = None,
    desk: DeskConfig | None = None,
    web: WebConfig | None = None,
    metrics: Metrics | None = None,
) -> FastAPI:
    """Build the app around one database and one clock (tests pass a fixed clock).

    The Telegram and SMS webhooks are mounted when their configuration is given. `on_outbox` is
    called after a webhook commits outbox rows (the worker inside `pound serve` sends them now).
    `unsolicited_per_day`: how many numbers it never heard from one private person may have the
    office message in 24 hours (office/notify/unsolicited.py `unsolicited_hold`).
    `limits` are the per-address limits on failed authentications and unsigned webhook posts
    (webhook/ratelimit.py); without them nothing is limited.
    `public_url` is where people reach the service (the QR code of a printed document points
    there); `document_key` signs the links to documents given to parties (the audit key when
    not given; docs/documents.md).
    `desk`: the secret the desk's cookie is signed with and whether it is https only
    (webhook/desk/); without it, a secret of this process alone.
    `web`: the security headers, body cap, CORS and who may read /metrics (webhook/edge.py,
    docs/operations.md); `metrics`: the process's registry, shared with a worker inside it.
    """
    web = web if web is not None else WebConfig()
    metrics = metrics if metrics is not None else Metrics()
    app = FastAPI(
        title="Pound office",
        summary="Act No. III of 1857: seizures, the pound register, notices, sales, complaints",
        version="0.1.0",
        lifespan=_lifespan,
        # Served from the app's own assets (webhook/apidocs.py), never a CDN.
        docs_url=None,
        redoc_url=None,
    )
    if web.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(web.cors_origins),
            allow_methods=["GET", "POST"],
            allow_headers=["Authorization", "Content-Type", "Idempotency-Key", "X-Request-ID"],
            expose_headers=["X-Request-ID", "Idempotent-Replayed", "Retry-After"],
        )
    # Added last, so outermost: every answer, a CORS one included, carries its headers.
    app.add_middleware(Edge, config=web, observe=metrics.observe_request)
    app.state.metrics = metrics
    app.state.web = web
    app.state.pound = AppState(
        db=db, clock=clock, unsolicited_per_day=unsolicited_per_day, public_url=public_url
    )
    app.state.limiter = Limiter.build(limits)
    errors.install(app)

    app.include_router(health_router)

    # The webhooks first: a request is matched against the routes in order, and they are the
    # busiest paths, and the REST API has dozens of routes to try before them. Each channel type
    # configured has its webhook path (webhook/channels.py), sharing one engine and one writer
    # (webhook/inbound.py).
    from bot.channels.registry import channel_types

    channels = channel_types(telegram=telegram, twilio=twilio)
    if channels:
        from bot.registry import build_engine
        from webhook.channels import channel_router

        engine = engine or build_engine(db, unsolicited_per_day=unsolicited_per_day)
        writer = app.state.writer = Writer(db)
        app.include_router(
            channel_router(
                channels, db=db, writer=writer, engine=engine, clock=clock, on_outbox=on_outbox
            )
        )
    from webhook.api import router
    from webhook.spreadsheets import router as spreadsheets_router

    app.include_router(router)
    app.include_router(spreadsheets_router)
    from webhook import board, document_routes, front

    app.state.document_key = document_key if document_key is not None else db.audit_key
    app.include_router(document_routes.router)
    app.include_router(board.router)
    # The front page tells people the number the office's SMS come from, where there is one.
    app.state.sms_number = twilio.from_number if twilio is not None else None
    app.include_router(front.router)
    from webhook import desk as desk_pages

    app.state.on_outbox = on_outbox
    desk_pages.install(app, desk or DeskConfig.for_url(None, None))
    from webhook import apidocs

    metrics.watch_outbox(db, clock)
    if channels:
        metrics.watch_writer(app.state.writer)
    app.include_router(metrics_router)
    app.include_router(apidocs.router)
    return app
