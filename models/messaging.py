"""Conversations, the inbound log and the outbox: how people talk to the office and hear from it."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from models.columns import enum_field, json_field, status_check
from models.enums import InboundStatus, OutboxState


class Conversation(SQLModel, table=True):
    """Where one chat stands: its flow, step and draft, read and written with each message."""

    __table_args__ = (UniqueConstraint("channel", "address"),)
    id: int | None = Field(default=None, primary_key=True)
    channel: str = Field(max_length=16)
    address: str = Field(max_length=64)
    person_id: int | None = Field(default=None, foreign_key="person.id", index=True)
    language: str | None = Field(default=None, max_length=8)
    flow: str | None = Field(default=None, max_length=32)
    step: str | None = Field(default=None, max_length=48)
    data: dict[str, object] = json_field()
    updated_at: datetime
    expires_at: datetime | None = None


class InboundMessage(SQLModel, table=True):
    """Each Telegram update or Twilio message once, with the answer given (a repeat gets it)."""

    __table_args__ = (
        UniqueConstraint("channel", "external_id"),
        status_check("inboundmessage", "status", InboundStatus),
    )
    id: int | None = Field(default=None, primary_key=True)
    channel: str = Field(max_length=16)
    external_id: str = Field(max_length=64)
    address: str = Field(max_length=64, index=True)
    received_at: datetime
    kind: str = Field(max_length=16)
    payload: dict[str, object] = json_field()
    replies: list[dict[str, object]] = json_field(list)
    status: InboundStatus = enum_field(InboundStatus, 16)


class OptOut(SQLModel, table=True):
    """An address that said STOP: nothing is sent to it until it says START."""

    __table_args__ = (UniqueConstraint("channel", "address"),)
    id: int | None = Field(default=None, primary_key=True)
    channel: str = Field(max_length=16)
    address: str = Field(max_length=64)
    opted_out_at: datetime


class Outbox(SQLModel, table=True):
    """One message to one person, written in the transaction that caused it, sent by the worker.

    Its states (`state`) and the moves between them are office/records/outbox.py's, the only module
    that writes these rows; docs/worker.md charts them. Never deleted.
    """

    __table_args__ = (status_check("outbox", "state", OutboxState),)
    id: int | None = Field(default=None, primary_key=True)
    dedupe_key: str = Field(max_length=200, unique=True)
    channel: str = Field(max_length=16)
    address: str = Field(max_length=64)
    person_id: int | None = Field(default=None, foreign_key="person.id", index=True)
    language: str = Field(max_length=8)
    template: str = Field(max_length=64)
    params: dict[str, object] = json_field()
    body: str | None = Field(default=None, max_length=4000)
    options: list[dict[str, object]] = json_field(list)
    private: bool = True
    seizure_ref: str | None = Field(default=None, max_length=16, index=True)
    due_at: datetime = Field(index=True)
    state: OutboxState = enum_field(OutboxState, 16, index=True)
    error_count: int = 0
    next_attempt_at: datetime | None = Field(default=None, index=True)
    failed_reason: str | None = Field(default=None, max_length=500)
    provider_id: str | None = Field(default=None, max_length=64, index=True)
    fallback_from: int | None = Field(default=None, foreign_key="outbox.id")
    claimed_by: str | None = Field(default=None, max_length=64)
    claimed_at: datetime | None = None
    created_at: datetime
    sent_at: datetime | None = None
    delivered_at: datetime | None = None
    # The person whose act caused the message (None: the office's own reminders). No foreign
    # key in the database, so adding the column does not rebuild this table on SQLite.
    caused_by: int | None = Field(default=None, index=True)
    # How it actually went (`whatsapp`, `whatsapp_template`, `sms`, `voice` ...) and why, when
    # that is not simply its channel: WhatsApp's 24-hour session rule (docs/channels.md).
    sent_via: str | None = Field(default=None, max_length=24)
    via_reason: str | None = Field(default=None, max_length=300)
    # The provider's last word on it: a call's `completed`, `no-answer`, `busy`, `failed`.
    outcome: str | None = Field(default=None, max_length=32)
    # The id of the HTTP request whose act caused it (the request's `X-Request-ID`), for
    # following one request through the logs to the messages it sent (docs/operations.md).
    request_id: str | None = Field(default=None, max_length=64)


class ChannelSession(SQLModel, table=True):
    """When an address last wrote on a channel: the channel a person uses, and WhatsApp's
    24-hour session (a free-form message only within 24 hours of his last one)."""

    __tablename__ = "channel_session"
    __table_args__ = (UniqueConstraint("channel", "address"),)
    id: int | None = Field(default=None, primary_key=True)
    channel: str = Field(max_length=16)
    address: str = Field(max_length=64, index=True)
    last_inbound_at: datetime
