"""The service's settings, read from `POUND_*` environment variables by the `pound` command."""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def _unsolicited_per_day() -> int:
    """The office's own number (office/notify/unsolicited.py), read when the settings are."""
    from office.notify import UNSOLICITED_PER_DAY

    return UNSOLICITED_PER_DAY


class Settings(BaseSettings):
    """Built once by the `pound` command and passed down; no other layer reads the environment."""

    model_config = SettingsConfigDict(env_prefix="POUND_", extra="ignore", env_ignore_empty=True)

    database_url: str = "sqlite:///./pound.db"
    # A read replica of it: the API's GET routes and the worker's scans for what is due read
    # there; every write, and every read inside a unit of work, goes to `database_url`.
    database_read_url: str | None = None
    host: str = "127.0.0.1"
    port: int = 8000
    public_url: str | None = None
    jurisdiction: Path | None = None
    log_level: Literal["critical", "error", "warning", "info", "debug", "trace"] = "info"

    telegram_token: SecretStr | None = None
    telegram_api_url: str = "https://api.telegram.org"
    telegram_secret: SecretStr | None = None

    twilio_account_sid: str | None = None
    twilio_auth_token: SecretStr | None = None
    twilio_from: str | None = None
    twilio_api_url: str = "https://api.twilio.com"
    # WhatsApp through the same Twilio account (docs/channels.md): the sender number, and the
    # approved templates for messages outside the 24-hour session, as JSON: our template name
    # (or `name:lang`) -> "HX<Content SID> [param names for {{1}}, {{2}} ...]".
    whatsapp_from: str | None = None
    whatsapp_templates: dict[str, str] = Field(default_factory=dict)
    whatsapp_per_second: float = Field(default=10.0, gt=0)  # messages, per sender number
    # Calls (docs/channels.md "Voice"): the caller id, POUND_TWILIO_FROM unless set.
    voice_from: str | None = None
    calls_per_second: float = Field(default=1.0, gt=0)  # per caller id

    # The worker and outbox sender (docs/worker.md); the rates are per worker process.
    telegram_global_per_second: float = Field(default=30.0, gt=0)
    telegram_per_chat_per_second: float = Field(default=1.0, gt=0)
    twilio_segments_per_second: float = Field(default=1.0, gt=0)  # per sender number
    worker_poll_seconds: float = Field(default=1.0, gt=0)
    outbox_max_retries: int = Field(default=8, ge=0)
    outbox_backoff_seconds: float = Field(default=30.0, gt=0)  # doubles with each failure
    outbox_lease_seconds: float = Field(default=300.0, gt=0)
    outbox_batch: int = Field(default=200, gt=0)
    outbox_concurrency: int = Field(default=16, gt=0)  # messages in flight per worker
    # Numbers the office never heard from that one private person's reports may have it message
    # in 24 hours; messages to more are held, not sent (docs/messages.md).
    unsolicited_per_day: int = Field(default_factory=_unsolicited_per_day, ge=0)
    # Safe retries and clean failure (docs/worker.md "Provider acceptance", docs/api.md).
    outbox_lease_grace_seconds: float = Field(default=300.0, ge=0)
    outbox_journal_dir: Path | None = None
    auth_failures_per_minute: int = Field(default=20, ge=0)  # per client address; 0: no limit
    unsigned_webhooks_per_minute: int = Field(default=20, ge=0)  # per client address; 0: none
    trusted_proxies: str | None = None  # addresses or networks whose X-Forwarded-For is believed

    # Operations (docs/operations.md): the log's format, who may read /metrics, the largest
    # request body, the origins a browser may call the API from.
    log_format: Literal["text", "json"] = "text"
    metrics_token: SecretStr | None = None  # bearer token for GET /metrics
    # Without a token, /metrics answers only clients in these networks (loopback by default).
    metrics_networks: str = "127.0.0.0/8, ::1/128"
    worker_metrics_port: int | None = Field(default=None, ge=1, le=65535)  # `pound worker`
    max_body_bytes: int = Field(default=64 * 1024, gt=0)
    cors_origins: str | None = None  # comma-separated; none: no cross-origin browser calls

    # The key of the audit chain's HMAC (docs/audit.md); kept outside the database, the same
    # for every process that writes. Without it, events carry no mac.
    audit_key: SecretStr | None = None
    # The key the desk's session cookie is signed with (docs/desk.md); the same for every
    # `pound serve` behind one URL. Without it, each process draws its own.
    desk_secret: SecretStr | None = None

    @field_validator("log_level", "log_format", mode="before")
    @classmethod
    def _lower(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("trusted_proxies", "metrics_networks")
    @classmethod
    def _networks(cls, value: str | None) -> str | None:
        for item in (value or "").replace(";", ",").split(","):
            if item.strip():
                ipaddress.ip_network(item.strip(), strict=False)  # a ValueError names it
        return value

    @field_validator("whatsapp_templates")
    @classmethod
    def _templates(cls, value: dict[str, str]) -> dict[str, str]:
        from bot.channels.twilio.whatsapp import parse_templates

        parse_templates(value)  # a ValueError names the entry
        return value

    @field_validator("audit_key", "desk_secret")
    @classmethod
    def _long_enough(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and len(value.get_secret_value().strip()) < 16:
            raise ValueError(
                "use at least 16 characters, e.g. the output of `openssl rand -hex 32`"
            )
        return value

    @property
    def audit_key_bytes(self) -> bytes | None:
        if self.audit_key is None:
            return None
        return self.audit_key.get_secret_value().strip().encode("utf-8")

    @property
    def base_url(self) -> str:
        """Where people reach the service: POUND_PUBLIC_URL, else the address it listens on."""
        if self.public_url:
            return self.public_url.rstrip("/")
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::", "") else self.host
        return f"http://{host}:{self.port}"
