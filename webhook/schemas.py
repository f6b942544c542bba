"""Request bodies of the REST API (the contract other systems rely on)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from office.seizures import AnimalsIn, PersonIn

Name = Field(min_length=1, max_length=200)


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class PersonBody(Body):
    name: str = Name
    residence: str = Field(default="", max_length=200)
    phone: str | None = Field(default=None, max_length=32)

    def to_office(self) -> PersonIn:
        return PersonIn(name=self.name, residence=self.residence, phone=self.phone or None)


class AnimalBody(Body):
    kind: str = Field(min_length=1, max_length=32)
    count: int = Field(default=1, ge=1, le=500)
    description: str = Field(default="", max_length=500)

    def to_office(self) -> AnimalsIn:
        return AnimalsIn(kind=self.kind, count=self.count, description=self.description)


class Act(Body):
    """Every act says when it happened (not in the future, not before the last event)."""

    occurred_at: datetime


class SeizureBody(Act):
    ground: Literal["trespass", "road", "stray"]
    village: str = Field(min_length=1, max_length=120)
    district: str | None = Field(default=None, max_length=64)
    place: str = Field(min_length=1, max_length=500)
    damage: str = Field(default="", max_length=2000)
    seizer: PersonBody | None = None
    owner: PersonBody | None = None
    animals: list[AnimalBody] = Field(min_length=1, max_length=50)
    police_aid: bool = False
    photo: str | None = Field(default=None, max_length=500)


class ConveyanceBody(Act):
    note: str = Field(default="", max_length=1000)


class ArrivalBody(Act):
    count: int | None = Field(default=None, ge=0, le=500)
    descriptions: dict[int, str] = Field(default_factory=dict, max_length=500)
    owner: PersonBody | None = None


class PaymentBody(Act):
    amount: int | str = Field(
        description="minor units (int) or the profile's notation, e.g. 'Rs 0-12-0'"
    )
    payer: PersonBody | None = None
    animals: list[int] | None = Field(default=None, max_length=500)
    agent_name: str | None = Field(default=None, max_length=200)
    signature: str = Field(default="", max_length=200)


class ReleaseOrderBody(Act):
    reason: str = Field(min_length=1, max_length=2000)
    animals: list[int] | None = Field(default=None, max_length=500)
    authority: str = Field(default="", max_length=200)


class RefusalBody(Act):
    owner: PersonBody | None = None
    note: str = Field(default="", max_length=1000)


class DeathBody(Act):
    animal: int = Field(ge=1)
    what: Literal["died", "escaped"] = "died"
    reason: str = Field(min_length=1, max_length=500)


class NoticeBody(Act):
    proclaimed_in: list[str] = Field(min_length=1, max_length=10)


class LotBody(Body):
    animal: int = Field(ge=1)
    buyer: PersonBody
    price: int | str


class SaleBody(Act):
    lots: list[LotBody] = Field(min_length=1, max_length=500)
    expenses: int | str = 0
    place: str = Field(min_length=1, max_length=500)


class ComplaintBody(Act):
    text: str = Field(min_length=1, max_length=8000)
    mode: Literal["verbal", "written"] = "written"
    complainant: PersonBody | None = None
    agent_name: str | None = Field(default=None, max_length=200)


class AdmissionBody(Act):
    hearing: str = Field(min_length=1, max_length=500)


class DecisionBody(Act):
    outcome: Literal["dismissed", "lawful", "illegal"]
    reasons: str = Field(min_length=1, max_length=8000)
    damages: int | str = 0
    expenses: int | str = 0


class OffenceBody(Act):
    kind: Literal["opposition", "rescue"]
    offenders: str = Field(default="", max_length=1000)
    description: str = Field(min_length=1, max_length=4000)
    animals: list[int] | None = Field(default=None, max_length=500)


class SurplusClaimBody(Act):
    claimant: PersonBody
    evidence: str = Field(min_length=1, max_length=2000)


class CaseBody(Act):
    kind: Literal["mischief", "pigs"]
    accused: PersonBody
    village: str = Field(min_length=1, max_length=120)
    description: str = Field(min_length=1, max_length=4000)
    seizure_ref: str | None = Field(default=None, max_length=16)


class CaseDecisionBody(Act):
    convicted: bool
    reasons: str = Field(min_length=1, max_length=4000)
    fine: int | str = 0
    compensation: int | str = 0


class RecoveryOrderBody(Act):
    cattle: list[AnimalBody] = Field(min_length=1, max_length=50)
    village: str | None = Field(default=None, max_length=120)
    place: str = Field(min_length=1, max_length=500)
    owner: PersonBody | None = None


class RecoveryLotBody(Body):
    number: int = Field(ge=1, description="the head's number in the recovery order")
    buyer: PersonBody
    price: int | str


class RecoverySaleBody(Act):
    lots: list[RecoveryLotBody] = Field(min_length=1, max_length=500)
    expenses: int | str = 0
    place: str = Field(min_length=1, max_length=500)


class OffenceDecisionBody(Act):
    convicted: bool
    reasons: str = Field(min_length=1, max_length=4000)
    # No upper bounds here: the caps are the Act's (Sec XIII) and refused by name.
    prison_months: int = Field(default=0, ge=0, le=10_000)
    prison_days: int = Field(default=0, ge=0, le=10_000)
    labour: bool | None = None
    fine: int | str = 0
    convict: str = Field(default="", max_length=1000)


class UnclaimedBody(Act):
    pass


class FundPaymentBody(Act):
    """Sec XII: a payment out of the fund on the Magistrate's order."""

    district: str = Field(min_length=1, max_length=64)
    purpose: Literal["salary", "pound", "other"]
    pound: str | None = Field(default=None, max_length=32)
    keeper_phone: str | None = Field(default=None, max_length=32)
    stated: str = Field(default="", max_length=500)
    amount: int | str
    payee: PersonBody | None = None
    order: str = Field(min_length=1, max_length=2000)


class KindOrderBody(Act):
    """Practice G4: the fine per head and feeding per day of an animal outside the scale."""

    kind: str = Field(min_length=1, max_length=32)
    fine: int | str
    per_day: int | str
    order: str = Field(min_length=1, max_length=2000)
