"""The documents the office has printed: each with the public id its QR code carries."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index
from sqlmodel import Field, SQLModel


class IssuedDocument(SQLModel, table=True):
    """One document printed from the record (a copy of the register entry, a receipt, a notice
    ...): its kind, the record it was printed from, the digest of what it stated, and the short
    id printed on it (`/v/{code}`), by which anyone may ask whether it is genuine and current.
    The same content printed again carries the same id."""

    __table_args__ = (Index("ix_issueddocument_content", "kind", "ref", "params", "digest"),)

    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(max_length=16, unique=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    kind: str = Field(max_length=32)
    ref: str = Field(max_length=64)
    # What else named the document besides its ref (a return's month), or "".
    params: str = Field(default="", max_length=64)
    digest: str = Field(max_length=64)
    issued_at: datetime
    issued_by: int | None = Field(default=None, foreign_key="person.id")
