"""Money as double entry: fines, feeding to keepers, deposits, the Sec XII fund."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from sqlmodel import Field, SQLModel

from models.columns import money_field
from models.district_key import InDistrict


class LedgerTxn(SQLModel, table=True):
    """One movement of money; its postings sum to zero."""

    id: int | None = Field(default=None, primary_key=True)
    district_id: int = Field(foreign_key="district.id", index=True)
    seizure_id: int | None = Field(default=None, foreign_key="seizure.id", index=True)
    occurred_at: datetime
    memo: str = Field(max_length=500)
    section: str = Field(max_length=16)


class LedgerPosting(InDistrict, table=True):
    """A debit (positive) or credit (negative) to one account."""

    district_from: ClassVar[str] = "txn_id"

    id: int | None = Field(default=None, primary_key=True)
    txn_id: int = Field(foreign_key="ledgertxn.id", index=True)
    account: str = Field(max_length=100, index=True)
    amount: int = money_field()
