"""Answers kept for POSTs of the REST API that carried an Idempotency-Key (docs/api.md)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from models.columns import json_field


class IdempotencyKey(SQLModel, table=True):
    """One person's key, what it was used for and the answer given, written in the transaction
    of the act it answered; a repeat within 24 hours gets the answer again."""

    __tablename__ = "idempotency_key"
    __table_args__ = (UniqueConstraint("person_id", "key"),)
    id: int | None = Field(default=None, primary_key=True)
    person_id: int = Field(foreign_key="person.id")
    key: str = Field(max_length=255)
    # SHA-256 of the method, the path, the query and the body (JSON in a canonical form).
    fingerprint: str = Field(max_length=64)
    route: str = Field(max_length=300)  # "POST /api/v1/seizures", for the 409 that says so
    status: int
    body: dict[str, object] = json_field()
    created_at: datetime = Field(index=True)
