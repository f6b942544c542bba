"""The Magistrate's orders on money and kinds: payments out of the Sec XII fund, and the fine and
feeding of an animal outside the Sec VI scale (practice G4)."""

from __future__ import annotations

from datetime import date, datetime

from sqlmodel import Field, SQLModel

from models.columns import money_field


class KindOrder(SQLModel, table=True):
    """A Magistrate's order for an animal outside the Sec VI scale (practice G4): its fine per
    head and feeding per head per day, from `valid_from`, for the animals of one seizure or for
    every seizure brought to one pound. Exactly one of `seizure_id` and `pound_id` is set."""

    id: int | None = Field(default=None, primary_key=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    seizure_id: int | None = Field(default=None, foreign_key="seizure.id", index=True)
    pound_id: int | None = Field(default=None, foreign_key="pound.id", index=True)
    kind: str = Field(max_length=16)
    fine: int = money_field()
    per_day: int = money_field()
    valid_from: date
    order_text: str = Field(max_length=2000)
    ordered_by: int = Field(foreign_key="person.id")
    occurred_at: datetime
    recorded_at: datetime


class FundPayment(SQLModel, table=True):
    """A payment out of the Sec XII fund on the Magistrate's order: a pound-keeper's salary, the
    construction or maintenance of a pound, or another purpose of the Act."""

    id: int | None = Field(default=None, primary_key=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    purpose: str = Field(max_length=16)
    pound_id: int | None = Field(default=None, foreign_key="pound.id")
    keeper_id: int | None = Field(default=None, foreign_key="person.id")
    stated: str = Field(default="", max_length=500)
    payee_id: int = Field(foreign_key="person.id")
    amount: int = money_field()
    order_text: str = Field(max_length=2000)
    ordered_by: int = Field(foreign_key="person.id")
    occurred_at: datetime
    recorded_at: datetime
    txn_id: int = Field(foreign_key="ledgertxn.id", unique=True)
