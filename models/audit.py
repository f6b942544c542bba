"""The append-only audit log: every act is an event whose SHA-256 chains to the one before.

There is one chain per district (`district_id`), numbered from 1 and starting from a genesis of
its own, and the office chain (`district_id` null): the events written before the districts had
chains of their own, and since then the acts that belong to no district (API tokens). Each chain
has its head row (`AuditHead`), which the transaction appending to that chain locks: districts
append in parallel, one district's acts one after another.

Each event may also carry an HMAC of its hash under a key kept outside the database (`mac`),
and the digests of the rows of the register its act wrote (`records`, `{"table:id": sha256}`;
null for a row it deleted). `AuditWitness` keeps each chain head sent to a district's
Magistrates, so that a chain cut short is seen even when nothing else is left of it.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import JSON, Index, UniqueConstraint, text, true
from sqlmodel import Field, SQLModel

from models.columns import json_field

# The key of the office chain's head row (`AuditHead.chain`); a district's is its id.
OFFICE_CHAIN = 0


class AuditEvent(SQLModel, table=True):
    __table_args__ = (
        UniqueConstraint("district_id", "seq"),
        # The office chain's numbers are unique too (a null district is distinct in the above).
        Index(
            "ix_auditevent_office_seq",
            "seq",
            unique=True,
            sqlite_where=text("district_id IS NULL"),
            postgresql_where=text("district_id IS NULL"),
        ),
    )
    id: int | None = Field(default=None, primary_key=True)
    # The chain: the district the act belongs to; null for the office chain.
    district_id: int | None = Field(default=None, foreign_key="district.id", nullable=True)
    seq: int
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


class AuditHead(SQLModel, table=True):
    """The last event of one chain. A transaction appending to the chain locks this row (made on
    first use) and moves it on, so that a chain's events take their numbers one after another."""

    # The district's id, or OFFICE_CHAIN (0) for the office chain.
    chain: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    seq: int
    hash: str = Field(max_length=64)


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
    # The head is of the district's own chain; false for the heads sent before the districts had
    # chains of their own, which are heads of the office chain.
    own_chain: bool = Field(default=True, sa_column_kwargs={"server_default": true()})
