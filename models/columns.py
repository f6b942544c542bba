"""Column helpers shared by the tables."""

from __future__ import annotations

from typing import Any, Protocol

from sqlalchemy import JSON, BigInteger, Integer
from sqlmodel import Field


def json_field(default_factory: Any = dict) -> Any:
    """A JSON column (plain JSON on SQLite, json on PostgreSQL)."""
    return Field(default_factory=default_factory, sa_type=JSON)


def money_type() -> Any:
    """Money: BIGINT on PostgreSQL (INTEGER there stops at 2^31 pies, about Rs 1.1 crore);
    SQLite's INTEGER already holds 64 bits."""
    return BigInteger().with_variant(Integer(), "sqlite")


def money_field(default: int | None = None) -> Any:
    """A money column, required, or with `default`."""
    if default is None:
        return Field(sa_type=money_type())
    return Field(default=default, sa_type=money_type())


class _Row(Protocol):
    id: int | None


def id_of(row: _Row) -> int:
    """The id of a row that has been written (flushed). A row with none is a bug of its caller,
    said at once rather than carried on as a 0 that matches no row."""
    if row.id is None:
        raise ValueError(f"{type(row).__name__} has no id yet: it must be flushed first")
    return row.id
