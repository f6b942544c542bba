"""Complaints against a seizure to the Magistrate (Sec XIV) and his decisions."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel


class Complaint(SQLModel, table=True):
    """A complaint, verbal (its substance written down) or written, in person or by an agent."""

    id: int | None = Field(default=None, primary_key=True)
    seizure_id: int = Field(foreign_key="seizure.id", index=True)
    complainant_id: int = Field(foreign_key="person.id", index=True)
    agent_name: str | None = Field(default=None, max_length=200)
    mode: str = Field(max_length=16)
    text: str = Field(max_length=8000)
    filed_at: datetime
    received_by: int | None = Field(default=None, foreign_key="person.id")
    status: str = Field(max_length=16, index=True)
    magistrate_id: int | None = Field(default=None, foreign_key="person.id")
    decided_at: datetime | None = None
    seizure_illegal: bool | None = None
    damages: int = 0
    expenses: int = 0
    release_ordered: bool = False
    seizer_pays_fines: bool = False
    reasons: str = Field(default="", max_length=8000)
