"""What a deployment needs (`pound doctor`), checked one line at a time, each with what to do.

Each check is a function of the settings (and the database, and an HTTP client for the
providers) that yields `Finding`s: `ok`, `warn` (worth a look, not a failure), `FAIL`, or
`skip` (a channel not configured). `pound doctor` (pound/doctor.py) prints them and exits 1 when
any failed.
The providers are asked through POUND_TELEGRAM_API_URL and POUND_TWILIO_API_URL, read-only
(getMe, getWebhookInfo; the Twilio account and its IncomingPhoneNumbers): nothing is changed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, Literal
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import httpx
from alembic.script import ScriptDirectory
from sqlalchemy import func
from sqlmodel import col, select

from law.profile import get_profile
from migrations import alembic_config, current
from models import Database, Outbox
from models.enums import OutboxState
from pound.app import (
    DEFAULT_DATABASE_URL,
    demo_path,
    districts,
    open_database,
    safe_url,
    sqlite_file,
)
from pound.settings import Settings
from pound.telegram import WEBHOOK_PATH

Status = Literal["ok", "warn", "FAIL", "skip"]
SMS_INBOUND_PATH = "/sms/inbound"
# Telegram's own limits: about 30 messages a second in all, one a second to one chat.
TELEGRAM_GLOBAL_LIMIT = 30.0
TELEGRAM_CHAT_LIMIT = 1.0
# A long code sends about one SMS segment a second; more needs a short code, a toll-free
# number or a Messaging Service with several numbers.
TWILIO_LONG_CODE_LIMIT = 1.0
# A message due this long ago and still queued is stuck, not merely waiting its turn.
STUCK_AFTER = timedelta(minutes=15)
TIMEOUT = 10.0


@dataclass(frozen=True)
class Finding:
    status: Status
    topic: str
    text: str

    def line(self) -> str:
        return f"{self.status:<4} {self.topic}: {self.text}"


_ok = partial(Finding, "ok")
_fail = partial(Finding, "FAIL")
_warn = partial(Finding, "warn")


# --- the database ------------------------------------------------------------------------------


def check_database(settings: Settings, db: Database) -> Finding:
    where = safe_url(settings.database_url)
    file = sqlite_file(settings.database_url)
    if file is not None and not file.exists():
        return _fail("database", f"{where}: no such file; `pound db upgrade` creates it")
    try:
        at = current(db)
    except Exception as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        return _fail(
            "database",
            f"{where} does not answer: {reason[0] if reason else type(exc).__name__}",
        )
    head = ScriptDirectory.from_config(alembic_config(db)).get_current_head()
    if at is None:
        return _fail("database", f"{where} answers but holds no schema: run `pound db upgrade`")
    if at != head:
        return _fail(
            "database",
            f"{where} is at revision {at}, this version needs {head}: "
            "run `pound db upgrade` (docs/deploy.md, Upgrades)",
        )
    return _ok("database", f"{where} answers, migrated to the head revision {at}")


def check_districts(settings: Settings, db: Database) -> Iterator[Finding]:
    found = districts(db)
    if not found:
        yield _fail(
            "districts",
            "none loaded: load yours with `pound jurisdiction load FILE` (docs/jurisdiction.md)",
        )
        return
    codes = ", ".join(d.code for d in found)
    yield _ok("districts", f"{len(found)} loaded ({codes})")
    demo = str(tomllib.loads(demo_path().read_text("utf-8"))["district"]["code"]).upper()
    if demo in {d.code for d in found} and settings.database_url != DEFAULT_DATABASE_URL:
        yield _warn(
            "districts",
            f"the demo district {demo} is loaded, with fictional officers: remove it with "
            f"`pound jurisdiction remove {demo}`",
        )


def check_quiet_hours(db: Database) -> Iterator[Finding]:
    """Each district's quiet hours (practice G11): no message is sent in them."""
    for district in districts(db):
        profile = get_profile(district.profile)
        start, end = profile.quiet_start_hour, profile.quiet_end_hour
        hours = (end - start) % 24
        window = f"{start:02d}:00-{end:02d}:00 {district.timezone}"
        try:
            ZoneInfo(district.timezone)
        except Exception:
            yield _fail("quiet hours", f"{district.code}: unknown time zone")
            continue
        if hours == 0:
            yield _warn("quiet hours", f"{district.code}: none ({window})")
        elif hours > 12:
            yield _fail(
                "quiet hours",
                f"{district.code}: {window} is {hours} hours: messages would wait most of the day",
            )
        else:
            yield _ok("quiet hours", f"{district.code}: {window} ({hours} hours)")


def check_outbox(db: Database, now: datetime) -> Iterator[Finding]:
    """How many messages wait, and the oldest that is due and still queued."""
    with db.reading() as s:
        by_state = dict(
            s.exec(select(col(Outbox.state), func.count()).group_by(col(Outbox.state))).all()
        )
        oldest = s.exec(
            select(Outbox.due_at, Outbox.channel)
            .where(Outbox.state == "queued", col(Outbox.due_at) <= now)
            .order_by(col(Outbox.due_at))
            .limit(1)
        ).first()
    counts = ", ".join(f"{n} {state}" for state, n in sorted(by_state.items())) or "empty"
    if oldest is None:
        yield _ok("outbox", f"{counts}; nothing due is waiting")
    else:
        due_at, channel = oldest
        due = due_at if due_at.tzinfo is not None else due_at.replace(tzinfo=UTC)
        age = now - due
        minutes = int(age.total_seconds() // 60)
        text = f"{counts}; the oldest queued message ({channel}) was due {minutes} min ago"
        if age > STUCK_AFTER:
            yield _fail(
                "outbox",
                text + ": is a worker running (`pound worker`, or `pound serve`), and is "
                f"{channel} configured?",
            )
        else:
            yield _ok("outbox", text)
    if by_state.get(OutboxState.FAILED):
        yield _warn(
            "outbox",
            f"{by_state[OutboxState.FAILED]} messages failed for good (their reasons: the "
            "outbox's failed_reason; docs/worker.md)",
        )


# --- the settings ------------------------------------------------------------------------------


def check_audit_key(settings: Settings) -> Finding:
    if settings.audit_key is None:
        return _fail(
            "audit key",
            "POUND_AUDIT_KEY is not set: events carry no mac; set one "
            "(`openssl rand -hex 32`), kept outside the database and its backups",
        )
    return _ok("audit key", "POUND_AUDIT_KEY is set: every event written carries its mac")


def check_public_url(settings: Settings) -> Finding:
    if not settings.public_url:
        return _fail(
            "public URL",
            "POUND_PUBLIC_URL is not set: Telegram and Twilio need the https address "
            "people reach the service at",
        )
    parts = urlsplit(settings.public_url)
    if parts.scheme != "https" or not parts.hostname:
        return _fail(
            "public URL",
            f"{settings.public_url} is not https: put the service behind TLS "
            "(docs/deploy.md); Telegram posts to https only",
        )
    return _ok("public URL", f"{settings.base_url} (https)")


def check_rates(settings: Settings) -> list[Finding]:
    s = settings
    limits: list[tuple[bool, Status, str]] = [
        (
            s.telegram_global_per_second > TELEGRAM_GLOBAL_LIMIT,
            "FAIL",
            f"POUND_TELEGRAM_GLOBAL_PER_SECOND={s.telegram_global_per_second:g} is "
            f"over Telegram's {TELEGRAM_GLOBAL_LIMIT:g} a second: it would answer 429",
        ),
        (
            s.telegram_per_chat_per_second > TELEGRAM_CHAT_LIMIT,
            "FAIL",
            f"POUND_TELEGRAM_PER_CHAT_PER_SECOND={s.telegram_per_chat_per_second:g} "
            f"is over Telegram's {TELEGRAM_CHAT_LIMIT:g} a second to one chat",
        ),
        (
            s.twilio_segments_per_second > TWILIO_LONG_CODE_LIMIT,
            "warn",
            f"POUND_TWILIO_SEGMENTS_PER_SECOND={s.twilio_segments_per_second:g}: a "
            "long code sends 1 segment a second; more needs a short code, a toll-free "
            "number or a Messaging Service of several numbers",
        ),
        (
            s.outbox_concurrency > s.outbox_batch,
            "warn",
            f"POUND_OUTBOX_CONCURRENCY={s.outbox_concurrency} is more than a batch "
            f"(POUND_OUTBOX_BATCH={s.outbox_batch}): the extra never runs",
        ),
    ]
    out = [Finding(status, "rates", text) for over, status, text in limits if over]
    return out or [
        _ok(
            "rates",
            f"Telegram {s.telegram_global_per_second:g}/s in all and "
            f"{s.telegram_per_chat_per_second:g}/s a chat, SMS "
            f"{s.twilio_segments_per_second:g} segment/s, poll every "
            f"{s.worker_poll_seconds:g} s",
        )
    ]


# --- the providers -----------------------------------------------------------------------------


def check_telegram(settings: Settings, client: httpx.Client) -> Iterator[Finding]:
    if settings.telegram_token is None:
        yield Finding("skip", "telegram", "not configured (POUND_TELEGRAM_TOKEN is not set)")
        return
    base = (
        f"{settings.telegram_api_url.rstrip('/')}/bot{settings.telegram_token.get_secret_value()}"
    )
    try:
        me = client.get(f"{base}/getMe")
    except httpx.HTTPError as exc:
        yield _fail(
            "telegram",
            f"{settings.telegram_api_url} does not answer ({type(exc).__name__})",
        )
        return
    if me.status_code != 200 or not me.json().get("ok"):
        yield _fail(
            "telegram",
            f"the token is refused (getMe: {me.status_code} "
            f"{me.json().get('description', '') if _is_json(me) else ''}): "
            "copy it again from BotFather",
        )
        return
    user = me.json()["result"]
    yield _ok("telegram", f"the token is @{user.get('username')}'s (getMe)")
    if settings.telegram_secret is None:
        yield _fail(
            "telegram webhook",
            "POUND_TELEGRAM_SECRET is not set: the webhook is not mounted",
        )
        return
    expected = settings.base_url + WEBHOOK_PATH
    try:
        info = client.get(f"{base}/getWebhookInfo").json().get("result") or {}
    except (httpx.HTTPError, ValueError) as exc:
        yield _fail("telegram webhook", f"getWebhookInfo failed ({type(exc).__name__})")
        return
    url = str(info.get("url") or "")
    if not url:
        yield _fail("telegram webhook", "none set: run `pound telegram set-webhook`")
    elif url != expected:
        yield _fail(
            "telegram webhook",
            f"set to {url}, not {expected}: run `pound telegram set-webhook`",
        )
    else:
        pending = int(info.get("pending_update_count") or 0)
        yield _ok(
            "telegram webhook",
            f"{url}, {pending} updates pending (Telegram does not tell the secret back: "
            "a 403 in its last error below means another POUND_TELEGRAM_SECRET)",
        )
    error = info.get("last_error_message")
    if error:
        when = info.get("last_error_date")
        at = (
            datetime.fromtimestamp(int(when), UTC).isoformat(timespec="seconds")
            if when
            else "some time"
        )
        yield _warn(
            "telegram webhook",
            f"Telegram's last error posting to it, at {at}: {error}",
        )


def _is_json(response: httpx.Response) -> bool:
    try:
        response.json()
    except ValueError:
        return False
    return True


def check_twilio(settings: Settings, client: httpx.Client) -> Iterator[Finding]:
    sid = settings.twilio_account_sid
    if not sid:
        yield Finding("skip", "twilio", "not configured (POUND_TWILIO_ACCOUNT_SID is not set)")
        return
    if settings.twilio_auth_token is None:
        yield _fail("twilio", "POUND_TWILIO_AUTH_TOKEN is not set")
        return
    auth = (sid, settings.twilio_auth_token.get_secret_value())
    api = f"{settings.twilio_api_url.rstrip('/')}/2010-04-01/Accounts/{sid}"
    try:
        account = client.get(f"{api}.json", auth=auth)
    except httpx.HTTPError as exc:
        yield _fail("twilio", f"{settings.twilio_api_url} does not answer ({type(exc).__name__})")
        return
    if account.status_code != 200:
        yield _fail(
            "twilio",
            f"the account {sid} and its auth token are refused ({account.status_code}): "
            "copy both again from the Twilio console",
        )
        return
    status = account.json().get("status", "?")
    if status != "active":
        yield _fail("twilio", f"the account {sid} is {status}, not active")
        return
    yield _ok("twilio", f"the account {sid} is active")
    number = settings.twilio_from
    if not number:
        yield _fail("twilio number", "POUND_TWILIO_FROM is not set: no SMS can be sent")
        return
    expected = settings.base_url + SMS_INBOUND_PATH
    try:
        listed = client.get(
            f"{api}/IncomingPhoneNumbers.json", params={"PhoneNumber": number}, auth=auth
        )
        numbers: list[dict[str, Any]] = listed.json().get("incoming_phone_numbers") or []
    except (httpx.HTTPError, ValueError) as exc:
        yield _fail("twilio number", f"IncomingPhoneNumbers failed ({type(exc).__name__})")
        return
    if not numbers:
        yield _fail("twilio number", f"{number} is not a number of the account {sid}")
        return
    sms_url = str(numbers[0].get("sms_url") or "")
    if sms_url != expected:
        yield _fail(
            "twilio number",
            f"{number} posts incoming SMS to {sms_url or 'nowhere'}, not {expected}: set "
            "its Messaging webhook (HTTP POST), or its Messaging Service's to defer to the "
            "sender's webhook (docs/deploy.md)",
        )
    else:
        yield _ok("twilio number", f"{number} posts incoming SMS to {expected}")


# --- the command -------------------------------------------------------------------------------


def run_checks(
    settings: Settings,
    *,
    now: datetime,
    client: httpx.Client,
) -> Iterator[Finding]:
    """Every check, in the order a deployment is built."""
    db = open_database(settings)
    try:
        found = check_database(settings, db)
        yield found
        if found.status != "FAIL":
            yield from check_districts(settings, db)
            yield from check_quiet_hours(db)
            yield from check_outbox(db, now)
        else:
            yield Finding("skip", "districts", "the database is not ready")
    finally:
        db.dispose()
    yield check_audit_key(settings)
    yield check_public_url(settings)
    yield from check_rates(settings)
    yield from check_telegram(settings, client)
    yield from check_twilio(settings, client)
