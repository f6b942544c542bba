"""Logging for every `pound` command: one format, and no secret in any line at any level.

A filter on every handler rewrites each record before it is written: the values of the secret
settings (any `SecretStr` setting, such as the bot token, the webhook secret, the Twilio auth
token and the audit key; any setting named `*_token`, `*_secret`, `*_key` or `*_password`; the
database password) and whatever has the shape of a credential (the `bot<id>:<key>` of a Bot API
URL, a bare bot token, an API token `pnd_...`, a bearer or basic credential, the password of a
URL) become `***`, in the message, its arguments, the traceback and the stack.

httpx and httpcore log every request URL at INFO and DEBUG, and a Bot API URL carries the bot
token: they are held at WARNING unless POUND_LOG_LEVEL is `trace` (and then still redacted).

With POUND_LOG_FORMAT=json each line is one JSON object (`JsonFormatter`): `time`, `level`,
`logger`, `message`, the fields the line was given (`request_id`, `route`, `status`, a pass's
counts ...) and `exception` (docs/operations.md). The fields are redacted as the message is.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from pydantic import SecretStr
from sqlalchemy.engine import make_url

from pound.settings import Settings

MASK = "***"
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# Loggers that write a request's URL (and so a Bot API token) on every call.
CHATTY = ("httpx", "httpcore", "hpack", "urllib3")
_SECRET_NAMES = ("_token", "_secret", "_key", "_password")
# Shorter values are not redacted wherever they occur: they would blot out ordinary words.
_MIN_SECRET = 4
_OURS = "_pound_handler"

# What a credential looks like, whoever's it is.
SHAPES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bbot\d+:[A-Za-z0-9_-]+"), f"bot{MASK}"),  # .../bot<id>:<key>/sendMessage
    (re.compile(r"\b\d{5,}:[A-Za-z0-9_-]{30,}"), MASK),  # a bot token alone
    (re.compile(r"(?i)\b(bearer|basic)(\s+)[A-Za-z0-9._~+/=-]+"), rf"\1\2{MASK}"),
    (re.compile(r"\bpnd_[A-Za-z0-9_-]+"), f"pnd_{MASK}"),  # an API token (office/access/tokens.py)
    (re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://[^/\s:@]+:)[^@\s/]+@"), rf"\1{MASK}@"),
)


def secret_values(settings: Settings) -> list[str]:
    """The values of the settings that are secrets."""
    found: list[str] = []
    for name in type(settings).model_fields:
        value: Any = getattr(settings, name)
        if isinstance(value, SecretStr):
            found.append(value.get_secret_value())
        elif isinstance(value, str) and name.endswith(_SECRET_NAMES):
            found.append(value)
    try:
        password = make_url(settings.database_url).password
    except Exception:  # an unparseable URL is reported where it is used
        password = None
    if password:
        found.append(str(password))
    return [v for v in found if v]


class Redact(logging.Filter):
    """Rewrites a record so that no secret value and nothing shaped like a credential is left."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        values = sorted({s for s in secrets if len(s) >= _MIN_SECRET}, key=len, reverse=True)
        self._known = re.compile("|".join(re.escape(v) for v in values)) if values else None

    def redact(self, text: str) -> str:
        if self._known is not None:
            text = self._known.sub(MASK, text)
        for pattern, replacement in SHAPES:
            text = pattern.sub(replacement, text)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a bad format string: logging reports it, without the arguments
            message = str(record.msg)
        record.msg = self.redact(message)
        record.args = None
        for name in fields_of(record):
            value = record.__dict__[name]
            if isinstance(value, str):
                record.__dict__[name] = self.redact(value)
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


# What every record carries, and what others add that says nothing new (uvicorn's message
# again, with terminal colours); anything else on a record is a field its line was given.
_STANDARD = frozenset(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {
    "message",
    "asctime",
    "taskName",
    "color_message",
}


def fields_of(record: logging.LogRecord) -> list[str]:
    """The names of the fields a line was given (`log.info(..., extra={...})`)."""
    return [k for k in record.__dict__ if k not in _STANDARD and not k.startswith("_")]


class JsonFormatter(logging.Formatter):
    """One JSON object per line (POUND_LOG_FORMAT=json)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in fields_of(record):
            value = record.__dict__[name]
            line[name] = value if isinstance(value, str | int | float | bool | None) else str(value)
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            line["exception"] = record.exc_text
        if record.stack_info:
            line["stack"] = record.stack_info
        return json.dumps(line, ensure_ascii=False)


def protect(settings: Settings) -> Redact:
    """Every handler there is redacts (an earlier Redact replaced), and the HTTP clients keep
    their request lines to themselves."""
    chatty = logging.NOTSET if settings.log_level == "trace" else logging.WARNING
    for name in CHATTY:
        logging.getLogger(name).setLevel(chatty)
    redact = Redact(secret_values(settings))
    handlers = list(logging.getLogger().handlers)
    for logger in list(logging.Logger.manager.loggerDict.values()):
        if isinstance(logger, logging.Logger):
            handlers.extend(logger.handlers)
    if logging.lastResort is not None:  # what writes WARNING and worse when nothing else does
        handlers.append(logging.lastResort)
    for handler in handlers:
        for old in [f for f in handler.filters if isinstance(f, Redact)]:
            handler.removeFilter(old)
        handler.addFilter(redact)
    return redact


def configure(settings: Settings) -> Redact:
    """Log to stderr at POUND_LOG_LEVEL (unless something set up logging first, as a test
    runner does), then `protect`: for the long-running commands, `serve` and `worker`."""
    root = logging.getLogger()
    ours = [h for h in root.handlers if getattr(h, _OURS, False)]
    if not root.handlers or ours:
        if not ours:
            stream = logging.StreamHandler()
            setattr(stream, _OURS, True)
            root.addHandler(stream)
            ours = [stream]
        as_json = settings.log_format == "json"
        for handler in ours:
            handler.setFormatter(JsonFormatter() if as_json else logging.Formatter(FORMAT))
        trace = settings.log_level == "trace"
        root.setLevel(logging.DEBUG if trace else getattr(logging, settings.log_level.upper()))
    return protect(settings)
