"""Notice and proclamation (Sec VIII), auctions with their lots and accounts (IX, XI), surplus."""

from __future__ import annotations

from datetime import date, datetime
from typing import ClassVar

from sqlmodel import Field, SQLModel

from models.columns import enum_field, json_field, money_field, status_check
from models.district_key import InDistrict
from models.enums import DepositStatus


class Notice(InDistrict, table=True):
    """The notice at the Police Office and the drum proclamation (Sec VIII)."""

    district_from: ClassVar[str] = "seizure_id"

    id: int | None = Field(default=None, primary_key=True)
    seizure_id: int = Field(foreign_key="seizure.id", unique=True)
    darogah_id: int = Field(foreign_key="person.id")
    posted_at: datetime
    posted_on: date
    text: str = Field(max_length=4000)
    proclaimed_in: list[str] = json_field(list)


class Sale(InDistrict, table=True):
    """A public auction (Sec VIII unclaimed, or Sec IX non-payment) and its account."""

    district_from: ClassVar[str] = "seizure_id"

    id: int | None = Field(default=None, primary_key=True)
    seizure_id: int = Field(foreign_key="seizure.id", index=True)
    kind: str = Field(max_length=16)
    officer_id: int = Field(foreign_key="person.id")
    held_at: datetime
    held_on: date
    place: str = Field(max_length=500)
    expenses: int = money_field()
    proceeds: int = money_field()
    fines_paid: int = money_field()
    feeding_paid: int = money_field()
    expenses_paid: int = money_field()
    surplus: int = money_field()
    shortfall: int = money_field()
    # Sec IX, practice G13: what the proceeds left unpaid while head stay in the pound.
    still_due: int = money_field(0)
    account: dict[str, object] = json_field()
    account_text: str = Field(max_length=8000)


class SaleLot(InDistrict, table=True):
    """One animal knocked down to one buyer (Sec X: never a police officer or pound-keeper),
    and its part in the allocation of the sale: its shares add up to the sale's account."""

    district_from: ClassVar[str] = "sale_id"

    id: int | None = Field(default=None, primary_key=True)
    sale_id: int = Field(foreign_key="sale.id", index=True)
    animal_id: int = Field(foreign_key="animal.id", unique=True)
    buyer_name: str = Field(max_length=200)
    buyer_residence: str = Field(max_length=200)
    buyer_id: int | None = Field(default=None, foreign_key="person.id")
    price: int = money_field()
    expense_share: int = money_field()
    expenses_paid: int = money_field(0)
    fine_paid: int = money_field()
    feeding_paid: int = money_field()
    surplus: int = money_field()
    shortfall: int = money_field()


class CattleReceipt(InDistrict, table=True):
    """The owner's receipt for the cattle handed back after a sale under Sec IX and for the
    balance of the purchase money paid to him, according to the account of that sale.

    Recorded by the officer who held the sale, who delivers both at the sale (Sec IX)."""

    district_from: ClassVar[str] = "seizure_id"

    id: int | None = Field(default=None, primary_key=True)
    sale_id: int = Field(foreign_key="sale.id", unique=True)
    seizure_id: int = Field(foreign_key="seizure.id", index=True)
    owner_id: int = Field(foreign_key="person.id")
    recorded_by: int = Field(foreign_key="person.id")
    animal_ids: list[int] = json_field(list)
    balance: int = money_field()
    occurred_at: datetime
    lines: list[str] = json_field(list)


class SurplusDeposit(SQLModel, table=True):
    """Surplus of a sale of unclaimed cattle, held by the Magistrate 3 months (Sec XI, G8)."""

    __table_args__ = (status_check("surplusdeposit", "status", DepositStatus),)
    id: int | None = Field(default=None, primary_key=True)
    sale_id: int = Field(foreign_key="sale.id", unique=True)
    seizure_id: int = Field(foreign_key="seizure.id", index=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    amount: int = money_field()
    deposited_on: date
    claim_until: date = Field(index=True)
    status: DepositStatus = enum_field(DepositStatus, 16, index=True)
    claimant_id: int | None = Field(default=None, foreign_key="person.id")
    closed_at: datetime | None = None
    closed_by: int | None = Field(default=None, foreign_key="person.id")
