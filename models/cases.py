"""The Magistrate's decision on a Sec XIII offence, and the recovery of a Sec XVII fine by sale of
the cattle (the order, the auction and its lots)."""

from __future__ import annotations

from datetime import date, datetime
from typing import ClassVar

from sqlmodel import Field, SQLModel

from models.columns import enum_field, json_field, money_field, status_check
from models.district_key import InDistrict
from models.enums import RecoveryOrderStatus


class OffenceDecision(SQLModel, table=True):
    """The Magistrate's decision on forcible opposition or rescue (Sec XIII): convicted or not;
    imprisonment up to six months, with or without labour, and/or a fine up to Rs 500."""

    id: int | None = Field(default=None, primary_key=True)
    offence_id: int = Field(foreign_key="offence.id", unique=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    magistrate_id: int = Field(foreign_key="person.id")
    decided_at: datetime
    convicted: bool
    convict: str = Field(default="", max_length=1000)
    prison_months: int = 0
    prison_days: int = 0
    labour: bool | None = None
    fine: int = money_field(0)
    reasons: str = Field(max_length=4000)


class RecoveryOrder(SQLModel, table=True):
    """The Magistrate's order that an unpaid Sec XVII fine be recovered by sale of the cattle by
    which the trespass was committed, whoever owns them. `cattle` lists each head: number, kind,
    stated kind and description; the Darogah or police of `thana` hold the sale."""

    __table_args__ = (status_check("recoveryorder", "status", RecoveryOrderStatus),)
    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="mischiefcase.id", index=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    ordered_by: int = Field(foreign_key="person.id")
    ordered_at: datetime
    fine_due: int = money_field()
    cattle: list[dict[str, object]] = json_field(list)
    village_id: int = Field(foreign_key="village.id")
    place: str = Field(max_length=500)
    thana: str = Field(max_length=64, index=True)
    owner_id: int = Field(foreign_key="person.id")
    status: RecoveryOrderStatus = enum_field(RecoveryOrderStatus, 16, index=True)


class RecoverySale(InDistrict, table=True):
    """The auction held on a recovery order and how its proceeds were applied: expenses of sale,
    the fine (compensation to the complainant first, Sec XVIII, the rest to the fund), the
    balance to the owner; what the proceeds did not cover stays unpaid."""

    district_from: ClassVar[str] = "case_id"

    id: int | None = Field(default=None, primary_key=True)
    order_id: int = Field(foreign_key="recoveryorder.id", unique=True)
    case_id: int = Field(foreign_key="mischiefcase.id", index=True)
    officer_id: int = Field(foreign_key="person.id")
    held_at: datetime
    held_on: date
    place: str = Field(max_length=500)
    fine_due: int = money_field()
    compensation_due: int = money_field()
    expenses: int = money_field()
    proceeds: int = money_field()
    expenses_paid: int = money_field()
    fine_paid: int = money_field()
    to_complainant: int = money_field()
    to_fund: int = money_field()
    balance_to_owner: int = money_field()
    fine_unpaid: int = money_field()
    expenses_unpaid: int = money_field()


class RecoveryLot(InDistrict, table=True):
    """One head of the order knocked down to one buyer (Sec X: never a police officer or
    pound-keeper)."""

    district_from: ClassVar[str] = "sale_id"

    id: int | None = Field(default=None, primary_key=True)
    sale_id: int = Field(foreign_key="recoverysale.id", index=True)
    number: int
    buyer_name: str = Field(max_length=200)
    buyer_residence: str = Field(max_length=200)
    buyer_id: int | None = Field(default=None, foreign_key="person.id")
    price: int = money_field()


class FinePaid(SQLModel, table=True):
    """What the Magistrate adjudged, paid to him: a fine for opposition or rescue (Sec XIII) or
    in a case (XVII, XVIII), or what a Sec XIV decision charges the seizer. Exactly one of
    `offence_id`, `case_id`, `seizure_id` names what it pays; the rest says where it went:
    compensation to the complainant (XVIII), the fund (XII), the keeper's feeding and the owner
    who complained (XIV)."""

    __tablename__ = "finepaid"

    id: int | None = Field(default=None, primary_key=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    section: str = Field(max_length=8)
    offence_id: int | None = Field(default=None, foreign_key="offence.id", index=True)
    case_id: int | None = Field(default=None, foreign_key="mischiefcase.id", index=True)
    seizure_id: int | None = Field(default=None, foreign_key="seizure.id", index=True)
    payer_id: int = Field(foreign_key="person.id")
    amount: int = money_field()
    to_fund: int = money_field(0)
    to_complainant: int = money_field(0)
    to_keeper: int = money_field(0)
    to_owner: int = money_field(0)
    recorded_by: int = Field(foreign_key="person.id")
    occurred_at: datetime
    recorded_at: datetime
    txn_id: int = Field(foreign_key="ledgertxn.id", unique=True)
