"""What happens at the pound: payments and receipts, release orders, refusals, offences, cases."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from sqlmodel import Field, SQLModel

from models.columns import enum_field, json_field, money_field, status_check
from models.district_key import InDistrict
from models.enums import CaseStatus


class Payment(InDistrict, table=True):
    """Fine and feeding paid by the owner (Sec VII), with his receipt in the register."""

    district_from: ClassVar[str] = "seizure_id"

    id: int | None = Field(default=None, primary_key=True)
    seizure_id: int = Field(foreign_key="seizure.id", index=True)
    keeper_id: int = Field(foreign_key="person.id")
    payer_id: int = Field(foreign_key="person.id")
    agent_name: str | None = Field(default=None, max_length=200)
    animal_ids: list[int] = json_field(list)
    fine: int = money_field()
    feeding: int = money_field()
    # Expenses of sale left unpaid by a part sale under Sec IX, paid with the rest of the dues.
    expenses: int = money_field(0)
    total: int = money_field()
    occurred_at: datetime
    receipt: str = Field(max_length=4000)


class ReleaseOrder(InDistrict, table=True):
    """A release without fine ordered by competent authority (Sec VI) or on a complaint (XIV)."""

    district_from: ClassVar[str] = "seizure_id"

    id: int | None = Field(default=None, primary_key=True)
    seizure_id: int = Field(foreign_key="seizure.id", index=True)
    ordered_by: int = Field(foreign_key="person.id")
    authority: str = Field(max_length=200)
    reason: str = Field(max_length=2000)
    complaint_id: int | None = Field(default=None, foreign_key="complaint.id")
    animal_ids: list[int] = json_field(list)
    occurred_at: datetime
    recorded_by: int = Field(foreign_key="person.id")


class Refusal(InDistrict, table=True):
    """The owner appeared and refused or omitted to pay (Sec IX)."""

    district_from: ClassVar[str] = "seizure_id"

    id: int | None = Field(default=None, primary_key=True)
    seizure_id: int = Field(foreign_key="seizure.id", index=True)
    owner_id: int = Field(foreign_key="person.id")
    keeper_id: int = Field(foreign_key="person.id")
    occurred_at: datetime
    note: str = Field(default="", max_length=1000)


class Offence(SQLModel, table=True):
    """A forcible opposition to a seizure or a rescue (Sec XIII), recorded for the police."""

    id: int | None = Field(default=None, primary_key=True)
    seizure_id: int | None = Field(default=None, foreign_key="seizure.id", index=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    kind: str = Field(max_length=16)
    offenders: str = Field(max_length=1000)
    description: str = Field(max_length=4000)
    occurred_at: datetime
    reported_by: int = Field(foreign_key="person.id")
    thana: str = Field(max_length=64)


class Case(SQLModel, table=True):
    """A complaint of mischief (Sec XVII) or of damage by pigs (Sec XVIII), fine and compensation.

    Compensation is kept so a civil court can set it off against damages (Sec XIX).
    """

    __tablename__ = "mischiefcase"
    __table_args__ = (status_check("mischiefcase", "status", CaseStatus),)

    id: int | None = Field(default=None, primary_key=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    kind: str = Field(max_length=16)
    complainant_id: int = Field(foreign_key="person.id", index=True)
    accused_id: int = Field(foreign_key="person.id", index=True)
    village_id: int = Field(foreign_key="village.id")
    description: str = Field(max_length=4000)
    filed_at: datetime
    status: CaseStatus = enum_field(CaseStatus, 16)
    magistrate_id: int | None = Field(default=None, foreign_key="person.id")
    decided_at: datetime | None = None
    fine: int = money_field(0)
    compensation: int = money_field(0)
    seizure_id: int | None = Field(default=None, foreign_key="seizure.id")
    decision: dict[str, object] = json_field()
