"""Request bodies and parameters of the REST API (the contract other systems rely on).

Every number and time taken is bounded here, once, to what the database columns hold and what
the Act can mean, so that a value out of range is a 422 with the error envelope, never a
database error: ids are PostgreSQL INTEGERs, money is BIGINT (and at most MAX_AMOUNT units,
law/money.py), years and times lie between the Act (1857) and YEAR_MAX.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Annotated, Any, Literal

from fastapi import Path, Query
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    field_validator,
)

from bot.plain import unshown
from law.grounds import Ground
from law.lifecycle import SeizureStatus
from law.money import MAX_AMOUNT
from law.periods import YEAR_MAX, YEAR_MIN
from office.acts.darogah.recovery_sale import RecoveryLotIn
from office.inputs import AnimalsIn, LotIn, PersonIn

MAX_ID = 2**31 - 1  # an id column (INTEGER on PostgreSQL)
MAX_MONEY = MAX_AMOUNT
TIME_MIN = datetime(YEAR_MIN, 1, 1, tzinfo=UTC)
TIME_MAX = datetime(YEAR_MAX, 12, 31, tzinfo=UTC)


def _sane_time(value: datetime) -> datetime:
    # The year first: only then can a time with an offset be compared in UTC without overflow.
    # (A naive time is refused by the office: occurred_at must carry a time zone.)
    aware = value.tzinfo is not None and value.utcoffset() is not None
    if not YEAR_MIN <= value.year <= YEAR_MAX or (aware and not TIME_MIN <= value <= TIME_MAX):
        raise ValueError(
            f"a time between {TIME_MIN.date().isoformat()} and "
            f"{TIME_MAX.date().isoformat()} (UTC) is expected"
        )
    return value


def _time_as_text(value: Any) -> Any:
    # JSON has no time: a time is ISO 8601 text. pydantic would also read a number, as seconds
    # since 1970, and an act typed as a number would be dated in 1970 or any year.
    if isinstance(value, str | datetime):
        return value
    raise ValueError(
        "a time is expected as ISO 8601 text with a zone, e.g. 2026-03-01T10:00:00+05:30"
    )


def _plain_text(value: str) -> str:
    if "\x00" in value or any("\ud800" <= ch <= "\udfff" for ch in value):
        raise ValueError("the text has a NUL or an unpaired surrogate character")
    found = unshown(value)
    if found:
        # A direction override would reorder the office's words where the text is shown, a
        # control character spoil the feed's XML (bot/plain.py): type the text without them.
        raise ValueError(
            "the text has control or direction characters (" + ", ".join(found) + "): "
            "type it without them"
        )
    return value


# A number or a yes/no of a body is taken only as JSON writes it: `true` is no count of 1, "yes"
# no `true` and 3.0 no head's number (pydantic's lax mode would take each).
HeadNo = Annotated[StrictInt, Field(ge=1, le=MAX_ID)]  # a head's number in its seizure or order
HeadKey = Annotated[int, Field(ge=1, le=MAX_ID)]  # the same as a JSON object's key, which is text
When = Annotated[datetime, BeforeValidator(_time_as_text), AfterValidator(_sane_time)]
Money = Annotated[StrictInt, Field(ge=0, le=MAX_MONEY, description="minor units (pies or paise)")]
MoneyText = Annotated[
    str, Field(min_length=1, max_length=40, description="the profile's notation, e.g. 'Rs 0-12-0'")
]
Amount = Money | MoneyText

# Path and query parameters: a reference or code is letters, digits and dashes.
_CODE = r"^[A-Za-z0-9_-]{1,64}$"
RefPath = Annotated[str, Path(pattern=_CODE, description="the seizure's reference")]
CodePath = Annotated[str, Path(pattern=_CODE, description="the pound's code")]
IdPath = Annotated[int, Path(ge=1, le=MAX_ID)]
DistrictQuery = Annotated[str, Query(pattern=_CODE, description="the district's code")]
YearQuery = Annotated[int, Query(ge=YEAR_MIN, le=YEAR_MAX)]
DayQuery = Annotated[date, Query(ge=date(YEAR_MIN, 1, 1), le=date(YEAR_MAX, 12, 31))]

Name = Field(min_length=1, max_length=200)


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    @field_validator("*", mode="after")
    @classmethod
    def _storable_text(cls, value: Any) -> Any:
        """No text the database cannot store (a NUL, a lone surrogate), however nested."""
        if isinstance(value, str):
            return _plain_text(value)
        if isinstance(value, list):
            for item in value:
                cls._storable_text(item)
        elif isinstance(value, dict):
            for item in value.values():
                cls._storable_text(item)
        return value

    def args(self) -> dict[str, Any]:
        """The body's fields as its use case takes them: a person, an animal or a lot as
        office/inputs.py's (`to_office`)."""
        return {name: _to_office(getattr(self, name)) for name in type(self).model_fields}


def _to_office(value: Any) -> Any:
    if isinstance(value, list):
        return [_to_office(item) for item in value]
    to_office = getattr(value, "to_office", None)  # a person, an animal or a lot of a body
    return to_office() if to_office is not None else value


class PersonBody(Body):
    name: str = Name
    residence: str = Field(default="", max_length=200)
    phone: str | None = Field(default=None, max_length=32)

    def to_office(self) -> PersonIn:
        return PersonIn(name=self.name, residence=self.residence, phone=self.phone or None)


class AnimalBody(Body):
    kind: str = Field(min_length=1, max_length=32)
    count: StrictInt = Field(default=1, ge=1, le=500)
    description: str = Field(default="", max_length=500)

    def to_office(self) -> AnimalsIn:
        return AnimalsIn(kind=self.kind, count=self.count, description=self.description)


class Act(Body):
    """Every act says when it happened (not in the future, not before the last event)."""

    occurred_at: When


class SeizureBody(Act):
    ground: Ground
    village: str = Field(min_length=1, max_length=120)
    district: str | None = Field(default=None, max_length=64)
    place: str = Field(min_length=1, max_length=500)
    damage: str = Field(default="", max_length=2000)
    seizer: PersonBody | None = None
    owner: PersonBody | None = None
    animals: list[AnimalBody] = Field(min_length=1, max_length=50)
    police_aid: StrictBool = False
    photo: str | None = Field(default=None, max_length=500)


class ConveyanceBody(Act):
    note: str = Field(default="", max_length=1000)


class ArrivalBody(Act):
    count: StrictInt | None = Field(default=None, ge=0, le=500)
    descriptions: dict[HeadKey, Annotated[str, Field(max_length=500)]] = Field(
        default_factory=dict, max_length=500
    )
    owner: PersonBody | None = None


class PaymentBody(Act):
    amount: Amount = Field(
        description="minor units (int) or the profile's notation, e.g. 'Rs 0-12-0'"
    )
    payer: PersonBody | None = None
    animals: list[HeadNo] | None = Field(default=None, max_length=500)
    agent_name: str | None = Field(default=None, max_length=200)
    signature: str = Field(default="", max_length=200)


class ReleaseOrderBody(Act):
    reason: str = Field(min_length=1, max_length=2000)
    animals: list[HeadNo] | None = Field(default=None, max_length=500)
    authority: str = Field(default="", max_length=200)


class RefusalBody(Act):
    owner: PersonBody | None = None
    note: str = Field(default="", max_length=1000)


class DeathBody(Act):
    animal: HeadNo
    what: Literal["died", "escaped"] = "died"
    reason: str = Field(min_length=1, max_length=500)


class NoticeBody(Act):
    proclaimed_in: list[Annotated[str, Field(min_length=1, max_length=120)]] = Field(
        min_length=2,
        max_length=10,
        description="where the drum was beaten: the village and the nearest market place (VIII)",
    )


class LotBody(Body):
    animal: HeadNo
    buyer: PersonBody
    price: Amount

    def to_office(self) -> LotIn:
        return LotIn(animal=self.animal, buyer=self.buyer.to_office(), price=self.price)


class SaleBody(Act):
    lots: list[LotBody] = Field(min_length=1, max_length=500)
    expenses: Amount = 0
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
    damages: Amount = 0
    expenses: Amount = Field(
        default=0,
        description=(
            "Sec XIV: the complainant's own expenses of procuring the release (journeys, an "
            "agent, a petition). Not the fines, feeding and expenses of sale he paid: the "
            "decision repays those already (`fines_repaid` in the answer, G12); an amount "
            "equal to one of them is refused as counted twice unless `expenses_besides_repaid`"
        ),
    )
    expenses_besides_repaid: StrictBool = Field(
        default=False, description="the expenses equal an amount already repaid, and are besides it"
    )


class OffenceBody(Act):
    kind: Literal["opposition", "rescue"]
    offenders: str = Field(default="", max_length=1000)
    description: str = Field(min_length=1, max_length=4000)
    animals: list[HeadNo] | None = Field(default=None, max_length=500)


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
    convicted: StrictBool
    reasons: str = Field(min_length=1, max_length=4000)
    fine: Amount = 0
    compensation: Amount = 0


class RecoveryOrderBody(Act):
    cattle: list[AnimalBody] = Field(min_length=1, max_length=50)
    village: str | None = Field(default=None, max_length=120)
    place: str = Field(min_length=1, max_length=500)
    owner: PersonBody | None = None


class RecoveryLotBody(Body):
    number: HeadNo = Field(description="the head's number in the recovery order")
    buyer: PersonBody
    price: Amount

    def to_office(self) -> RecoveryLotIn:
        return RecoveryLotIn(number=self.number, buyer=self.buyer.to_office(), price=self.price)


class RecoverySaleBody(Act):
    lots: list[RecoveryLotBody] = Field(min_length=1, max_length=500)
    expenses: Amount = 0
    place: str = Field(min_length=1, max_length=500)


class OffenceDecisionBody(Act):
    convicted: StrictBool
    reasons: str = Field(min_length=1, max_length=4000)
    # No upper bounds here: the caps are the Act's (Sec XIII) and refused by name.
    prison_months: StrictInt = Field(default=0, ge=0, le=10_000)
    prison_days: StrictInt = Field(default=0, ge=0, le=10_000)
    labour: StrictBool | None = None
    fine: Amount = 0
    convict: str = Field(default="", max_length=1000)


class UnclaimedBody(Act):
    pass


class AdjudgedPaidBody(Act):
    """What the Magistrate adjudged, paid to him (Sec XI): part or all of a fine (XIII, XVII,
    XVIII) or of what a Sec XIV decision charges the seizer. `payer` defaults to the person
    convicted (a case) or the seizer (a complaint); a Sec XIII fine names him."""

    amount: Amount
    payer: PersonBody | None = None


class FundPaymentBody(Act):
    """Sec XII: a payment out of the fund on the Magistrate's order."""

    district: str = Field(min_length=1, max_length=64)
    purpose: Literal["salary", "pound", "other"]
    pound: str | None = Field(default=None, max_length=32)
    keeper_phone: str | None = Field(default=None, max_length=32)
    stated: str = Field(default="", max_length=500)
    amount: Amount
    payee: PersonBody | None = None
    order: str = Field(min_length=1, max_length=2000)


class KindOrderBody(Act):
    """Practice G4: the fine per head and feeding per day of an animal outside the scale."""

    kind: str = Field(min_length=1, max_length=32)
    fine: Amount
    per_day: Amount
    order: str = Field(min_length=1, max_length=2000)


# --- the search for cattle held near a village (practice G18): public, no sign-in ---------------

_SEARCH_TEXT = AfterValidator(_plain_text)
VillageQuery = Annotated[
    str,
    Query(min_length=1, max_length=120, description="the village, in any script (typos forgiven)"),
    _SEARCH_TEXT,
]
KindQuery = Annotated[
    str,
    Query(min_length=1, max_length=32, description="the kind, e.g. `cow`, `cows`, `heifer`"),
    _SEARCH_TEXT,
]
HeadsQuery = Annotated[
    int, Query(ge=1, le=500, description="how many head he lost: the closest count first")
]


class HeldPound(BaseModel):
    code: str
    name: str
    thana: str


class HeldAnimals(BaseModel):
    """Head of one kind and description held in one seizure (Sec V)."""

    kind: str
    description: str
    count: int


class HeldDue(BaseModel):
    """Due today to take back every head of the seizure still held (Sec VI, VII)."""

    fine: int
    feeding: int
    expenses: int = Field(description="expenses a part sale under Sec IX left unpaid (G13)")
    total: int
    per_day: int = Field(description="what each further day in the pound adds")
    total_text: str
    per_day_text: str
    unit: str


class HeldDeadlines(BaseModel):
    claim_until: date | None = Field(description="seven days from impounding (Sec VIII)")
    complaint_until: date | None = Field(description="ten days from seizure (Sec XIV)")
    sale_not_before: date | None = Field(description="seven days from the notice (Sec VIII)")
    next: Literal["claim", "complaint", "sale"] | None
    next_on: date | None


class HeldSeizureOut(BaseModel):
    """A seizure with head held, as the Sec VIII notice tells it: no names, homes or phones."""

    ref: str
    status: SeizureStatus
    ground: Ground
    pound: HeldPound
    village: str = Field(description="where the cattle were seized")
    seized_on: date
    in_pound: bool = Field(description="false while the cattle are on the way to the pound")
    impounded_on: date | None
    noticed_on: date | None
    heads: int
    animals: list[HeldAnimals]
    due: HeldDue
    deadlines: HeldDeadlines
    complaint_pending: bool


class HeldSearchOut(BaseModel):
    """The cattle held now in the pounds that serve a village and its neighbours (G18)."""

    district: str
    village: str = Field(description="the village as the register writes it")
    village_names: dict[str, str] = Field(description="its names in other scripts, by language")
    excluded: bool = Field(description="outside the Act (Sec XX): every pound of the district")
    pounds: list[HeldPound] = Field(description="the pounds searched, the village's own first")
    kind: str | None
    number: int | None
    as_of: date
    held: list[HeldSeizureOut] = Field(description="closest first, at most 50")
    more: int = Field(description="how many more matched than `held` lists")


# --- answers outside the REST API: health and the channels' webhooks -------------------------


class Health(BaseModel):
    """`GET /healthz`: 200 when the database answers, 503 when it does not."""

    status: Literal["ok", "unavailable"]
    database: str = Field(
        description="the database's kind when it answers (sqlite, postgresql), else the error"
    )


class TelegramAnswer(BaseModel):
    """What the Telegram webhook answers: `ok` true once the update is kept (or knowingly
    ignored or rejected, so Telegram does not send it again); false with `detail` when refused."""

    ok: bool
    detail: str | None = None
    ignored: str | None = None
    rejected: str | None = None


def plain(description: str, media_type: str = "text/plain") -> dict[str, Any]:
    """A non-JSON answer in the OpenAPI schema: a string of `media_type`."""
    return {"description": description, "content": {media_type: {"schema": {"type": "string"}}}}
