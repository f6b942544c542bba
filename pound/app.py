"""Composition root helpers: open and migrate the database, load districts, build the app."""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Concatenate, ParamSpec, TypeVar

from sqlalchemy.engine import make_url
from sqlmodel import col, select

from migrations import alembic_config, current, upgrade
from models import Database, District, Unit
from models.db import normalise_url
from office.jurisdiction import LoadResult, district_count, load_jurisdiction
from office.jurisdiction.spec import REMOVED
from pound.settings import Settings

if TYPE_CHECKING:
    from fastapi import FastAPI

    from webhook.edge import WebConfig
    from webhook.metrics import Metrics

Echo = Callable[[str], None]
P = ParamSpec("P")
T = TypeVar("T")
_log = logging.getLogger(__name__)


def settle_heap() -> None:
    """Take what start-up built out of the garbage collector's rounds, just before serving: the
    app, the mappers, PTB's and twilio's classes and the catalogs (over 150,000 objects) would
    otherwise be walked again by each full collection, a pause of tens of milliseconds."""
    gc.collect()
    gc.freeze()


def utc_now() -> datetime:
    """The one clock of the service: tz-aware UTC."""
    return datetime.now(UTC)


def _quiet(_line: str) -> None:
    pass


def demo_path() -> Path:
    """The bundled demo district a new user starts with."""
    return Path(str(resources.files("pound") / "data" / "demo.toml"))


def safe_url(url: str) -> str:
    """A database URL fit to print: the password masked."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "<unparseable database URL>"


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite database's URL; None for another database, or one in memory."""
    parsed = make_url(normalise_url(url))
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(str(parsed.database))


def open_database(settings: Settings) -> Database:
    """The database, with the audit key its writing sessions seal events with, and its read
    replica if there is one (POUND_DATABASE_READ_URL)."""
    return Database(
        settings.database_url,
        audit_key=settings.audit_key_bytes,
        read_url=settings.database_read_url,
    )


NO_AUDIT_KEY = (
    "warning: POUND_AUDIT_KEY is not set: audit events written now carry no mac, and "
    "`pound audit verify` can prove them by their hash only (docs/audit.md)"
)
NO_CHANNEL = (
    "warning: neither Telegram (POUND_TELEGRAM_TOKEN) nor Twilio (POUND_TWILIO_ACCOUNT_SID, "
    "POUND_TWILIO_AUTH_TOKEN, POUND_TWILIO_FROM) is configured: messages will wait in the "
    "outbox until one is (docs/deploy.md)"
)


def can_deliver(settings: Settings) -> bool:
    """Whether a message can leave by Telegram or Twilio (as the worker builds its transports)."""
    return settings.telegram_token is not None or bool(
        settings.twilio_account_sid
        and settings.twilio_auth_token is not None
        and settings.twilio_from
    )


def warn_at_start(settings: Settings, echo: Echo) -> None:
    """A line at start when events would be written without the audit key, and one when no
    message can leave (they wait in the outbox)."""
    if settings.audit_key is None:
        echo(NO_AUDIT_KEY)
    if not can_deliver(settings):
        echo(NO_CHANNEL)


def describe_load(result: LoadResult) -> str:
    if not result.changed:
        return f"district {result.code}: unchanged"
    return (
        f"district {result.code}: loaded ({result.pounds} pounds, "
        f"{result.villages} villages, {result.people} people)"
    )


def act_alone(
    db: Database,
    now: datetime,
    act: Callable[Concatenate[Unit, P], T],
    *args: P.args,
    **kwargs: P.kwargs,
) -> T:
    """Do one act of the office at `now`, in a unit of work of its own, committed when it is
    done (the CLI's acts, and the districts `pound serve` loads)."""
    with db.unit(now=now) as u:
        done = act(u, *args, **kwargs)
        u.commit()
    return done


@dataclass(frozen=True)
class DistrictLine:
    code: str
    name: str
    timezone: str
    profile: str


def districts(db: Database) -> list[DistrictLine]:
    """The districts this database holds (not those removed), by code."""
    with db.reading() as s:
        rows = s.exec(
            select(District.code, District.name, District.timezone, District.profile)
            .where(District.source_digest != REMOVED)
            .order_by(col(District.code))
        ).all()
        return [DistrictLine(*row) for row in rows]


def migrate(db: Database, echo: Echo = _quiet) -> list[str]:
    """Apply the migrations not yet applied and say so in one line (`database: 24 migrations
    applied (0001 ... 0024_status_checks)`), nothing when none was due; Alembic's own line for each
    is not written. The revisions applied, oldest first."""
    from alembic.script import ScriptDirectory

    alembic = logging.getLogger("alembic")
    level = alembic.level
    alembic.setLevel(logging.WARNING)
    try:
        before = current(db)
        upgrade(db)
        after = current(db)
    finally:
        alembic.setLevel(level)
    if after is None or after == before:
        return []
    script = ScriptDirectory.from_config(alembic_config(db))
    applied = [r.revision for r in script.iterate_revisions(after, before or "base")][::-1]
    count = f"{len(applied)} migration{'s' if len(applied) != 1 else ''}"
    shown = ", ".join(applied) if len(applied) <= 2 else f"{applied[0]} ... {applied[-1]}"
    echo(f"database: {count} applied ({shown})")
    return applied


def addresses(base_url: str, codes: list[str]) -> list[str]:
    """The pages to open: the officials' desk, then each district's public board."""
    return [f"desk {base_url}/desk", *(f"board {base_url}/board/{code}" for code in codes)]


DEFAULT_DATABASE_URL = "sqlite:///./pound.db"


def prepare(settings: Settings, *, echo: Echo = _quiet, demo: bool | None = None) -> Database:
    """Everything `pound serve` does before it listens.

    Applies the migrations (one line when any was due, `migrate`), loads POUND_JURISDICTION if
    set, and loads the bundled demo district when the database never held a district (so a
    second start, a real district, or the demo's removal never brings it back) and the demo is
    wanted: when asked (`demo`), or on the default SQLite file a newcomer starts with; never by
    itself into another database (a PostgreSQL meant for real districts).
    """
    db = open_database(settings)
    migrate(db, echo)
    if settings.jurisdiction is not None:
        echo(describe_load(act_alone(db, utc_now(), load_jurisdiction, settings.jurisdiction)))
    if district_count(db, with_removed=True) == 0:
        if demo if demo is not None else settings.database_url == DEFAULT_DATABASE_URL:
            result = act_alone(db, utc_now(), load_jurisdiction, demo_path())
            echo(f"no district in the database: {describe_load(result)} (the bundled demo)")
        else:
            echo(
                "no district in the database: load yours with `pound jurisdiction load FILE` "
                "(docs/jurisdiction.md), or start with `pound serve --demo` to try the demo"
            )
    return db


def build_app(
    db: Database,
    *,
    clock: Callable[[], datetime] = utc_now,
    settings: Settings,
    on_outbox: Callable[[], None] | None = None,
    metrics: Metrics | None = None,
) -> FastAPI:
    """The FastAPI application with its parts wired in (`metrics`: the process's, shared with
    the worker running beside it).

    The Telegram webhook is mounted when POUND_TELEGRAM_TOKEN and POUND_TELEGRAM_SECRET are set,
    the SMS webhook when POUND_TWILIO_ACCOUNT_SID and POUND_TWILIO_AUTH_TOKEN are.
    """
    from bot.channels.telegram.channel import TelegramConfig
    from bot.channels.twilio.channel import TwilioConfig
    from webhook.app import create_app
    from webhook.desk import DeskConfig
    from webhook.ratelimit import RateLimits, parse_networks

    telegram = None
    if settings.telegram_token is not None and settings.telegram_secret is not None:
        telegram = TelegramConfig(
            token=settings.telegram_token.get_secret_value(),
            secret=settings.telegram_secret.get_secret_value(),
            api_url=settings.telegram_api_url,
        )
    elif settings.telegram_token is not None:
        _log.warning("POUND_TELEGRAM_SECRET is not set: the Telegram webhook is not mounted")
    twilio = None
    if settings.twilio_account_sid and settings.twilio_auth_token is not None:
        twilio = TwilioConfig(
            account_sid=settings.twilio_account_sid,
            auth_token=settings.twilio_auth_token.get_secret_value(),
            public_url=settings.base_url,
            from_number=settings.twilio_from,
            api_url=settings.twilio_api_url,
        )
    limits = RateLimits(
        auth_failures_per_minute=settings.auth_failures_per_minute,
        unsigned_webhooks_per_minute=settings.unsigned_webhooks_per_minute,
        trusted_proxies=parse_networks(settings.trusted_proxies),
        clock=time.monotonic,
    )
    return create_app(
        db=db,
        clock=clock,
        telegram=telegram,
        twilio=twilio,
        on_outbox=on_outbox,
        unsolicited_per_day=settings.unsolicited_per_day,
        limits=limits,
        public_url=settings.base_url,
        document_key=settings.audit_key_bytes,
        desk=DeskConfig.for_url(
            settings.desk_secret.get_secret_value().encode("utf-8")
            if settings.desk_secret is not None
            else None,
            settings.public_url,
            # Where nothing can deliver a sign-in code, the desk shows the operator where it is.
            delivers=can_deliver(settings),
        ),
        web=web_config(settings),
        metrics=metrics,
    )


def web_config(settings: Settings) -> WebConfig:
    """What the app's edge needs of the settings (docs/operations.md)."""
    from webhook.edge import WebConfig
    from webhook.ratelimit import parse_networks

    origins = tuple(
        o.strip().rstrip("/")
        for o in (settings.cors_origins or "").replace(";", ",").split(",")
        if o.strip()
    )
    return WebConfig(
        https=settings.base_url.lower().startswith("https://"),
        max_body=settings.max_body_bytes,
        cors_origins=origins,
        metrics_token=(
            settings.metrics_token.get_secret_value() if settings.metrics_token else None
        ),
        metrics_networks=parse_networks(settings.metrics_networks),
        trusted_proxies=parse_networks(settings.trusted_proxies),
    )
