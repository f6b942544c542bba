"""The append-only audit log: every act is an event whose SHA-256 chains to the one before."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel

from models.columns import json_field


class AuditEvent(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    seq: int = Field(unique=True)
    occurred_at: datetime
    recorded_at: datetime
    actor_id: int | None = Field(default=None, foreign_key="person.id")
    action: str = Field(max_length=64, index=True)
    subject: str = Field(max_length=64, index=True)
    section: str = Field(default="", max_length=32)
    payload: dict[str, object] = json_field()
    prev_hash: str = Field(max_length=64)
    hash: str = Field(max_length=64, unique=True)
