"""A seizure and its animals, one row per head, with police aid, conveyance and the register."""

from __future__ import annotations

from datetime import date, datetime
from typing import ClassVar

from sqlalchemy import Index, UniqueConstraint
from sqlmodel import Field, SQLModel

from law.lifecycle import AnimalStatus, SeizureStatus
from models.columns import enum_field, json_field, money_field, status_check
from models.district_key import InDistrict


class Seizure(SQLModel, table=True):
    """One seizure (Sec II, XV) or bringing-in of strays (Sec XVI) and where it stands."""

    # The clock's pass reads each district's due seizures in order (office/acts/clock/deadlines.py).
    __table_args__ = (
        Index("ix_seizure_district_due", "district_id", "next_due_at", "id"),
        status_check("seizure", "status", SeizureStatus),
    )
    id: int | None = Field(default=None, primary_key=True)
    ref: str = Field(max_length=16, unique=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    ground: str = Field(max_length=16)
    village_id: int = Field(foreign_key="village.id", index=True)
    pound_id: int = Field(foreign_key="pound.id", index=True)
    place: str = Field(max_length=500)
    damage: str = Field(default="", max_length=2000)
    seized_at: datetime
    seized_on: date
    seizer_id: int = Field(foreign_key="person.id", index=True)
    owner_id: int | None = Field(default=None, foreign_key="person.id", index=True)
    # Sec V: where the seizer and the owner live, as the act that named them stated it ("" when
    # it stated none); the register's entry holds it, whatever their records say.
    seizer_residence: str = Field(default="", max_length=200)
    owner_residence: str = Field(default="", max_length=200)
    reporter_id: int = Field(foreign_key="person.id")
    status: SeizureStatus = enum_field(SeizureStatus, 32, index=True)
    police_aid_requested: bool = False
    conveyed_at: datetime | None = None
    impounded_at: datetime | None = None
    impounded_on: date | None = None
    owner_refused_at: datetime | None = None
    reported_unclaimed_at: datetime | None = None
    noticed_at: datetime | None = None
    noticed_on: date | None = None
    complaints_pending: int = 0
    claim_until: date | None = None
    complaint_until: date
    sale_not_before: date | None = None
    next_due_at: datetime | None = Field(default=None, index=True)
    last_event_at: datetime
    created_at: datetime
    photo: str | None = Field(default=None, max_length=500)


class Animal(InDistrict, table=True):
    """One head of cattle (Sec V: number and description), fined per head (Sec VI)."""

    district_from: ClassVar[str] = "seizure_id"

    __table_args__ = (
        UniqueConstraint("seizure_id", "number"),
        status_check("animal", "status", AnimalStatus),
    )
    id: int | None = Field(default=None, primary_key=True)
    seizure_id: int = Field(foreign_key="seizure.id", index=True)
    number: int
    kind: str = Field(max_length=16)
    stated_kind: str = Field(max_length=32)
    description: str = Field(default="", max_length=500)
    status: AnimalStatus = enum_field(AnimalStatus, 32)
    fine: int = money_field()
    # Practice G4: the Magistrate's order (kindorder.id) that set the fine of an animal outside
    # the Sec VI scale; None for the scale's kinds, and for one still awaiting its order. No
    # foreign key in the database, so adding the column does not rebuild this table on SQLite.
    order_id: int | None = None
    left_at: datetime | None = None
    left_on: date | None = None
    left_reason: str | None = Field(default=None, max_length=500)


class AidRequest(InDistrict, table=True):
    """A seizer's call for police aid (Sec II), for the police of the pound's thana."""

    district_from: ClassVar[str] = "seizure_id"

    id: int | None = Field(default=None, primary_key=True)
    seizure_id: int = Field(foreign_key="seizure.id", index=True)
    thana: str = Field(max_length=64, index=True)
    requested_by: int = Field(foreign_key="person.id")
    requested_at: datetime
    answered_by: int | None = Field(default=None, foreign_key="person.id")
    answered_at: datetime | None = None


class Conveyance(InDistrict, table=True):
    """A police officer's confirmation that the cattle were conveyed to the pound (Sec II, XVI)."""

    district_from: ClassVar[str] = "seizure_id"

    id: int | None = Field(default=None, primary_key=True)
    seizure_id: int = Field(foreign_key="seizure.id", unique=True)
    officer_id: int = Field(foreign_key="person.id")
    occurred_at: datetime
    note: str = Field(default="", max_length=1000)


class RegisterEntry(InDistrict, table=True):
    """The register entry (Sec V), numbered per pound and year; its copy goes to the seizer."""

    district_from: ClassVar[str] = "seizure_id"

    __table_args__ = (UniqueConstraint("pound_id", "year", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    pound_id: int = Field(foreign_key="pound.id", index=True)
    year: int
    number: int
    seizure_id: int = Field(foreign_key="seizure.id", unique=True)
    keeper_id: int = Field(foreign_key="person.id")
    entered_at: datetime
    entry: dict[str, object] = json_field()
    copy_text: str = Field(max_length=4000)
