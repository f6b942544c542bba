"""Column helpers shared by the tables."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON
from sqlmodel import Field


def json_field(default_factory: Any = dict) -> Any:
    """A JSON column (plain JSON on SQLite, json on PostgreSQL)."""
    return Field(default_factory=default_factory, sa_type=JSON)
