"""Complaints against a seizure to the Magistrate (Sec XIV) and his decisions."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from sqlalchemy import Index, text
from sqlmodel import Field

from law.complaint import ComplaintStatus
from models.columns import enum_field, money_field, status_check
from models.district_key import InDistrict

# Practice G14: one undecided complaint per complainant per seizure, held by the database too.
OPEN_WHERE = text("status IN ('pending', 'admitted')")


class Complaint(InDistrict, table=True):
    """A complaint, verbal (its substance written down) or written, in person or by an agent.

    The complainant is the person whose cattle were seized: the owner of record, or, with none
    recorded, a person claiming to be the owner (`standing`); complaining never makes him the
    owner of record (practice G14). `filed_by` is who brought it (the complainant, his agent,
    or the Magistrate who took it down: `received_by`).
    """

    district_from: ClassVar[str] = "seizure_id"

    __table_args__ = (
        Index(
            "uq_complaint_open_per_complainant",
            "seizure_id",
            "complainant_id",
            unique=True,
            sqlite_where=OPEN_WHERE,
            postgresql_where=OPEN_WHERE,
        ),
        status_check("complaint", "status", ComplaintStatus),
    )

    id: int | None = Field(default=None, primary_key=True)
    seizure_id: int = Field(foreign_key="seizure.id", index=True)
    complainant_id: int = Field(foreign_key="person.id", index=True)
    standing: str = Field(default="owner_of_record", max_length=16)
    agent_name: str | None = Field(default=None, max_length=200)
    filed_by: int | None = Field(default=None, foreign_key="person.id")
    mode: str = Field(max_length=16)
    text: str = Field(max_length=8000)
    filed_at: datetime
    received_by: int | None = Field(default=None, foreign_key="person.id")
    status: ComplaintStatus = enum_field(ComplaintStatus, 16, index=True)
    admitted_at: datetime | None = None
    hearing: str = Field(default="", max_length=500)
    magistrate_id: int | None = Field(default=None, foreign_key="person.id")
    decided_at: datetime | None = None
    seizure_illegal: bool | None = None
    damages: int = money_field(0)
    expenses: int = money_field(0)
    # Sec XIV, practice G12: fines, feeding and expenses of sale the owner paid or that were
    # taken out of sale proceeds, repaid to him by the seizer.
    fines_repaid: int = money_field(0)
    # Fines and feeding leviable on cattle still held, charged to the seizer.
    held_charges: int = money_field(0)
    # damages + expenses + fines_repaid: what the seizer owes the complainant.
    owed_to_owner: int = money_field(0)
    release_ordered: bool = False
    seizer_pays_fines: bool = False
    reasons: str = Field(default="", max_length=8000)
