"""Composition root helpers: open and migrate the database, load districts, build the app."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy.engine import make_url
from sqlmodel import col, select

from models import Database, District
from models.migrate import upgrade
from office.jurisdiction import LoadResult, district_count, load_jurisdiction
from pound.settings import Settings

if TYPE_CHECKING:
    from fastapi import FastAPI

Echo = Callable[[str], None]


def utc_now() -> datetime:
    """The one clock of the service: tz-aware UTC."""
    return datetime.now(UTC)


def _quiet(_line: str) -> None:
    pass


def demo_path() -> Path:
    """The bundled demo district a new user starts with."""
    return Path(str(resources.files("pound") / "data" / "demo.toml"))


def safe_url(url: str) -> str:
    """A database URL fit to print: the password masked."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "<unparseable database URL>"


def open_database(settings: Settings) -> Database:
    return Database(settings.database_url)


def describe_load(result: LoadResult) -> str:
    if not result.changed:
        return f"district {result.code}: unchanged"
    return (
        f"district {result.code}: loaded ({result.pounds} pounds, "
        f"{result.villages} villages, {result.people} people)"
    )


@dataclass(frozen=True)
class DistrictLine:
    code: str
    name: str


def districts(db: Database) -> list[DistrictLine]:
    """The districts this database holds, by code."""
    with db.reading() as s:
        rows = s.exec(select(District).order_by(col(District.code))).all()
        return [DistrictLine(code=d.code, name=d.name) for d in rows]


def prepare(
    settings: Settings,
    *,
    clock: Callable[[], datetime] = utc_now,
    echo: Echo = _quiet,
) -> Database:
    """Everything `pound serve` does before it listens.

    Applies the migrations, loads POUND_JURISDICTION if set, and loads the bundled demo district
    when the database holds no district at all (so a second start, or a real district, never
    brings the demo back).
    """
    db = open_database(settings)
    upgrade(db)
    if settings.jurisdiction is not None:
        echo(describe_load(load_jurisdiction(db, settings.jurisdiction, now=clock())))
    if district_count(db) == 0:
        result = load_jurisdiction(db, demo_path(), now=clock())
        echo(f"no district in the database: {describe_load(result)} (the bundled demo)")
    return db


def build_app(db: Database, *, clock: Callable[[], datetime] = utc_now) -> FastAPI:
    """The FastAPI application with its parts wired in."""
    from webhook.app import create_app

    return create_app(db=db, clock=clock)
