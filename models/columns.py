"""Column helpers shared by the tables."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Protocol, TypeVar

from pydantic_core import PydanticUndefined
from sqlalchemy import JSON, BigInteger, CheckConstraint, Dialect, Integer, TypeDecorator
from sqlmodel import AutoString, Field


def json_field(default_factory: Any = dict) -> Any:
    """A JSON column (plain JSON on SQLite, json on PostgreSQL)."""
    return Field(default_factory=default_factory, sa_type=JSON)


def money_type() -> Any:
    """Money: BIGINT on PostgreSQL (INTEGER there stops at 2^31 pies, about Rs 1.1 crore);
    SQLite's INTEGER already holds 64 bits."""
    return BigInteger().with_variant(Integer(), "sqlite")


def money_field(default: Any = PydanticUndefined) -> Any:
    """A money column, required, or with `default`."""
    return Field(default=default, sa_type=money_type())


E = TypeVar("E", bound=StrEnum)


class TextEnum(TypeDecorator[E]):
    """A StrEnum stored as its text, VARCHAR(`length`) as before it was one: a value written is
    checked against the enum, a value read is the enum's member."""

    impl = AutoString
    cache_ok = True

    def __init__(self, enum: type[E], length: int) -> None:
        super().__init__(length=length)
        self.enum = enum

    def process_bind_param(self, value: Any, dialect: Dialect) -> str | None:
        return None if value is None else self.enum(value).value

    def process_result_value(self, value: Any, dialect: Dialect) -> E | None:
        return None if value is None else self.enum(value)

    @property
    def python_type(self) -> type[E]:
        return self.enum


def enum_field(enum: type[StrEnum], length: int, **kwargs: Any) -> Any:
    """A status column: one of `enum`'s values, stored as its text."""
    return Field(sa_type=TextEnum(enum, length), **kwargs)


def status_check(table: str, column: str, enum: type[StrEnum]) -> CheckConstraint:
    """The CHECK constraint migration 0024 puts on a status column: it holds one of `enum`'s
    values and nothing else. Named `ck_<table>_<column>`."""
    values = ", ".join(f"'{member.value}'" for member in enum)
    return CheckConstraint(f"{column} IN ({values})", name=f"ck_{table}_{column}")


class _Row(Protocol):
    id: int | None


def id_of(row: _Row) -> int:
    """The id of a row that has been written (flushed). A row with none is a bug of its caller,
    said at once rather than carried on as a 0 that matches no row."""
    if row.id is None:
        raise ValueError(f"{type(row).__name__} has no id yet: it must be flushed first")
    return row.id
