"""The append-only audit log: every act is an event whose SHA-256 chains to the one before.

Each event may also carry an HMAC of its hash under a key kept outside the database (`mac`),
and the digests of the rows of the register its act wrote (`records`, `{"table:id": sha256}`;
null for a row it deleted). `AuditWitness` keeps each chain head sent to a district's
Magistrates, so that a chain cut short is seen even when nothing else is left of it.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import JSON, UniqueConstraint
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
    # What the act wrote, row by row (`{"seizure:12": sha256 | None}`); None when it wrote none.
    records: dict[str, str | None] | None = Field(
        default=None, sa_type=JSON(none_as_null=True), nullable=True
    )
    # HMAC-SHA256 of `hash` under POUND_AUDIT_KEY; None when written without the key.
    mac: str | None = Field(default=None, max_length=64)


class AuditWitness(SQLModel, table=True):
    """A chain head sent to a district's Magistrates on a day (once per district and day)."""

    __table_args__ = (UniqueConstraint("district_id", "on_date"),)
    id: int | None = Field(default=None, primary_key=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    on_date: date
    seq: int
    hash: str = Field(max_length=64)
    sent_to: list[int] = json_field(list)  # person ids of the Magistrates it went to
    sent_at: datetime
