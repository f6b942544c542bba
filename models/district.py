"""The jurisdiction: districts, pounds and the villages they serve, people, roles, rates, tokens."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import BigInteger, Integer, UniqueConstraint, false
from sqlmodel import Field, SQLModel

from models.columns import json_field, money_field


class District(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(max_length=64, unique=True)
    name: str = Field(max_length=200)
    timezone: str = Field(max_length=64)
    profile: str = Field(max_length=64)
    languages: list[str] = json_field(list)
    loaded_at: datetime
    source_digest: str = Field(max_length=64)
    # Practice G17: the first day an act may be dated (the register's first day).
    start_on: date
    # ISO 3166 country whose numbering plan reads a phone written without its +code.
    country: str = Field(default="IN", max_length=2)
    # The district's name in other scripts, by language ({"hi": "रामपुर"}), as the district
    # file gives them; the register writes `name`.
    names: dict[str, str] = json_field(dict)


class Pound(SQLModel, table=True):
    """A pound (Sec III), at a thana or where the Magistrate determines."""

    id: int | None = Field(default=None, primary_key=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    code: str = Field(max_length=32, unique=True)
    name: str = Field(max_length=200)
    thana: str = Field(max_length=64, index=True)
    # The pound's name in other scripts, by language, as the district file gives them; the
    # register writes `name`.
    names: dict[str, str] = json_field(dict)


class Village(SQLModel, table=True):
    """A village, the pound notified for it (Sec III), or its exclusion from the Act (Sec XX)."""

    __table_args__ = (UniqueConstraint("district_id", "name"),)
    id: int | None = Field(default=None, primary_key=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    name: str = Field(max_length=120)
    pound_id: int | None = Field(default=None, foreign_key="pound.id", index=True)
    excluded: bool = False
    excluded_reason: str | None = Field(default=None, max_length=500)
    # The village's name in other scripts, by language ({"hi": "रामपुर", "bn": "রামপুর"}),
    # as the district file gives them; the register writes `name`.
    names: dict[str, str] = json_field(dict)
    # Where the village lies (WGS 84 degrees), if the district file says: a location shared in a
    # chat is taken to the nearest village (office/geo.py). Both or neither.
    lat: float | None = None
    lon: float | None = None


class Person(SQLModel, table=True):
    """Anyone the Act names: officials from the jurisdiction and private people met on the way."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200)
    residence: str = Field(default="", max_length=200)
    phone: str | None = Field(default=None, max_length=20, unique=True)
    # Telegram ids pass 2^31: BIGINT on PostgreSQL (SQLite's INTEGER holds 64 bits already).
    telegram_id: int | None = Field(
        default=None, unique=True, sa_type=BigInteger().with_variant(Integer(), "sqlite")
    )
    language: str | None = Field(default=None, max_length=8)
    created_at: datetime
    # He asked to be called too: the notices that bind him also come as a voice call
    # (docs/channels.md "Voice").
    voice: bool = Field(default=False, sa_column_kwargs={"server_default": false()})


class RoleGrant(SQLModel, table=True):
    """An office a person holds in a district: keeper:POUND, police:THANA, darogah:THANA ..."""

    __table_args__ = (UniqueConstraint("person_id", "district_id", "role", "place"),)
    id: int | None = Field(default=None, primary_key=True)
    person_id: int = Field(foreign_key="person.id", index=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    role: str = Field(max_length=32)
    place: str = Field(default="", max_length=64)


class FeedingRate(SQLModel, table=True):
    """A feeding rate fixed by the Magistrate (Sec VII), per head per day, from a date on."""

    __table_args__ = (UniqueConstraint("district_id", "kind", "valid_from"),)
    id: int | None = Field(default=None, primary_key=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    kind: str = Field(max_length=16)
    per_day: int = money_field()
    valid_from: date


class ApiToken(SQLModel, table=True):
    """A bearer token for the REST API, stored only as its SHA-256."""

    id: int | None = Field(default=None, primary_key=True)
    person_id: int = Field(foreign_key="person.id", index=True)
    token_hash: str = Field(max_length=64, unique=True)
    created_at: datetime
    revoked_at: datetime | None = None
