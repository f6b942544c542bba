"""What the REST API answers (the contract other systems rely on): one `...Public` model a
resource, named in each route's `response_model`, so `/openapi.json` says what every answer
holds. docs/api.md tells what the fields mean.

The models describe the answers the office builds and forbid any other field: a field the
office adds without adding it here is an error of the office (500), never dropped in silence.
Money is in the district's smallest unit (`unit`), each `..._text` the same amount as people
write it; a day is an ISO 8601 date in the district's time zone; a time (`..._at`) is ISO 8601
text as recorded.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from law.complaint import ComplaintStatus
from law.grounds import Ground
from law.lifecycle import AnimalStatus, SeizureStatus
from law.money import MoneySystem
from models.enums import CaseStatus, DepositStatus, RecoveryOrderStatus

Time = Annotated[str, Field(description="ISO 8601 time, as recorded")]


class Public(BaseModel):
    model_config = ConfigDict(extra="forbid")


def answer(model: type[BaseModel], done: object, **given: Any) -> dict[str, Any]:
    """The answer `model` of an act's result `done`: each field the attribute of `done` of its
    name, unless `given` by that name."""
    return {
        field.alias or name: given[name] if name in given else getattr(done, name)
        for name, field in model.model_fields.items()
    }


def money_texts(model: type[Public], money: MoneySystem, done: object) -> dict[str, Any]:
    """The `money` of an answer: its `unit`, and each `X_text` the amount `done.X` written."""
    return {
        name: money.unit if name == "unit" else money.format(getattr(done, name[: -len("_text")]))
        for name in model.model_fields
    }


# --- people, pounds and history as records name them --------------------------------------------


class NamedPublic(Public):
    name: str
    residence: str


class PersonPublic(Public):
    id: int
    name: str
    residence: str


class PoundNamedPublic(Public):
    code: str
    name: str


class PoundPublic(PoundNamedPublic):
    """A seizure's pound: code, the register's name, its names in other scripts, thana."""

    names: dict[str, str] = Field(description="the pound's name in other scripts, by language")
    thana: str


class HistoryPublic(Public):
    """One act of the record's audit trail (docs/audit.md)."""

    seq: int
    at: Time
    action: str
    section: str
    actor: str | None


# --- a seizure ----------------------------------------------------------------------------------


class SeizureReportedPublic(Public):
    """`POST /seizures`: the seizure recorded."""

    ref: str
    pound: PoundNamedPublic
    heads: int
    fine: int = Field(description="the fine of every head by the Sec VI scale")
    complaint_until: date = Field(description="ten days from seizure (Sec XIV)")
    police_aid_requested: bool
    awaiting_order: list[str] = Field(description="kinds outside the scale awaiting an order (G4)")
    reported_for: str | None = Field(description="the seizer, when another reported for him")
    owner_messages: str | None = Field(description="`held` when the owner's messages are held")
    notes: list[str]


class NoticeAnimalPublic(Public):
    id: int = Field(description="the head's number in the seizure")
    kind: str
    description: str
    status: AnimalStatus


class NoticeDeadlinesPublic(Public):
    claim_until: date | None = Field(description="seven days from impounding (Sec VIII)")
    complaint_until: date | None = Field(description="ten days from seizure (Sec XIV)")
    sale_not_before: date | None = Field(description="seven days from the notice (Sec VIII)")


class SeizureNoticePublic(Public):
    """A seizure for anyone not a party nor an officer of its district (`view` `public`): what
    the Sec VIII notice shows, no names, homes, phones, money or history."""

    view: Literal["public"]
    ref: str
    status: SeizureStatus
    ground: Ground
    district: str
    village: str | None
    village_names: dict[str, str]
    place: str
    pound: PoundPublic | None
    seized_on: date
    impounded_on: date | None
    noticed_on: date | None
    as_of: date
    animals: list[NoticeAnimalPublic]
    deadlines: NoticeDeadlinesPublic


class AnimalPublic(Public):
    id: int = Field(description="the head's number in the seizure")
    kind: str
    stated_kind: str
    description: str
    status: AnimalStatus
    fine: int
    awaiting_order: bool = Field(description="outside the scale, its fine not yet ordered (G4)")
    left_on: date | None
    left_reason: str | None


class DuePublic(Public):
    """Due on `on` to take back every head still held (Sec VI, VII)."""

    on: date
    fine: int
    feeding: int
    expenses: int
    total: int
    per_day: int
    fine_text: str
    feeding_text: str
    total_text: str
    per_day_text: str
    unit: str


class DeadlinesPublic(NoticeDeadlinesPublic):
    surplus_claim_until: date | None = Field(description="three months from the sale (Sec XI)")
    next_step_at: Time | None


class ComplaintInRecordPublic(Public):
    id: int
    status: ComplaintStatus
    mode: str
    complainant: NamedPublic | None
    complainant_id: int
    standing: str = Field(description="`owner_of_record` or `claims_owner` (Sec XIV, G14)")
    agent: str | None
    filed_at: Time
    admitted_at: Time | None
    hearing: str | None
    decided_at: Time | None
    damages: int
    expenses: int
    fines_repaid: int
    held_charges: int
    owed_to_owner: int
    owed_to_owner_text: str
    release_ordered: bool


class SaleInRecordPublic(Public):
    id: int
    kind: str
    held_on: date
    proceeds: int
    surplus: int
    shortfall: int
    still_due: int
    account: str


class SurplusInRecordPublic(Public):
    id: int
    amount: int
    status: DepositStatus
    claim_until: date


class SeizureRecordPublic(Public):
    """The whole record of a seizure, for its parties (`view` `party`) and the officers of its
    district (`official`): parties, animals, what is due now, every deadline, the history."""

    view: Literal["party", "official"]
    ref: str
    status: SeizureStatus
    ground: Ground
    district: str
    village: str | None
    village_names: dict[str, str]
    place: str
    damage: str
    pound: PoundPublic | None
    seized_at: Time
    impounded_at: Time | None
    register_no: str | None
    seizer: NamedPublic | None
    reported_by: NamedPublic | None
    owner: NamedPublic | None
    as_of: date
    complaint_pending: bool
    owner_refused: bool
    animals: list[AnimalPublic]
    due: DuePublic
    deadlines: DeadlinesPublic
    complaints: list[ComplaintInRecordPublic]
    sales: list[SaleInRecordPublic]
    surplus: SurplusInRecordPublic | None
    history: list[HistoryPublic]


# `GET /seizures/{ref}` and the acts that answer the record: which of the two `view` says.
SeizurePublic = Annotated[SeizureNoticePublic | SeizureRecordPublic, Field(discriminator="view")]


class AidRequestPublic(Public):
    ref: str
    aid_request_id: int


class OffenceRecordedPublic(Public):
    ref: str
    offence_id: int


class ArrivalPublic(Public):
    ref: str
    register_no: str
    copy_: str = Field(alias="copy", description="the copy of the entry for the seizer (Sec V)")
    claim_until: date


class PaymentPublic(Public):
    ref: str
    payment_id: int
    fine: int
    feeding: int
    total: int
    total_text: str
    animals: list[int] = Field(description="the heads released to the payer")
    receipt: str


class ReleaseOrderPublic(Public):
    ref: str
    release_order_id: int


class NoticePostedPublic(Public):
    ref: str
    notice_id: int
    text: str
    sale_not_before: date


class SalePublic(Public):
    ref: str
    sale_id: int
    kind: str = Field(description="`unclaimed` (Sec VIII) or `refused` (Sec IX)")
    proceeds: int
    surplus: int
    shortfall: int
    account: str
    surplus_deposit_id: int | None
    surplus_claim_until: date | None
    still_due: int
    handed_back: list[int]
    still_held: list[int]
    cattle_receipt_id: int | None


class CattleReceiptPublic(Public):
    ref: str
    receipt_id: int
    sale_id: int
    owner: NamedPublic
    recorded_by: NamedPublic
    animals: list[int]
    balance: int
    balance_text: str
    delivered_at: Time
    lines: list[str]


class KindOrderPublic(Public):
    order_id: int
    kind: str
    fine: int
    per_day: int
    valid_from: date
    ref: str | None
    pound: str | None
    animals: dict[str, list[int]] = Field(description="the heads the order fixes, by seizure")


# --- complaints (Sec XIV) -----------------------------------------------------------------------


class ComplaintFiledPublic(Public):
    ref: str
    complaint_id: int
    complainant_id: int
    standing: str
    status: Literal["pending"]
    complaint_until: date


class AdmissionPublic(Public):
    complaint_id: int
    status: Literal["admitted"]


class DecisionMoneyPublic(Public):
    unit: str
    damages_text: str
    expenses_text: str
    fines_repaid_text: str
    held_charges_text: str
    owed_to_owner_text: str
    seizer_owes_text: str


class DecisionPublic(Public):
    complaint_id: int
    outcome: Literal["dismissed", "lawful", "illegal"]
    damages: int
    expenses: int
    released: list[int]
    fines_repaid: int
    held_charges: int
    seizer_pays: int
    owed_to_owner: int
    owed_to: int | None
    seizer_owes: int
    money: DecisionMoneyPublic


# --- the fund (Sec XI, XII) ---------------------------------------------------------------------


class SurplusClaimPublic(Public):
    deposit_id: int
    amount: int
    claimant_id: int


class TransfersPublic(Public):
    moved: list[int] = Field(description="the deposits moved into the fund")


class OwedPublic(Public):
    source: str
    amount: int
    amount_text: str


class StatementLinePublic(Public):
    at: Time
    memo: str
    section: str
    in_: int = Field(alias="in")
    out: int
    balance: int
    in_text: str
    out_text: str
    balance_text: str


class StatementPublic(Public):
    since: date | None
    opening_balance: int
    opening_balance_text: str
    lines: list[StatementLinePublic]


class FundPaymentLinePublic(Public):
    id: int
    at: Time
    purpose: str
    pound: str | None
    keeper: str | None
    stated: str
    payee: str | None
    amount: int
    amount_text: str
    order: str
    ordered_by: str


class WriteOffPublic(Public):
    at: Time
    memo: str
    amount: int
    amount_text: str


class WrittenOffPublic(Public):
    by_pound: dict[str, int]
    total: int
    total_text: str
    entries: list[WriteOffPublic]


class FundDistrictPublic(Public):
    district: str
    fines: int
    unclaimed_surplus: int
    received: int
    received_text: str
    paid_out: int
    paid_out_text: str
    balance: int
    balance_text: str
    owed: int = Field(description="owed to the fund and not received, so not in it (Sec XII)")
    owed_text: str
    owed_by: list[OwedPublic]
    deposits_held: int
    deposits_held_text: str
    unit: str
    statement: StatementPublic
    payments: list[FundPaymentLinePublic]
    feeding_written_off: WrittenOffPublic
    accounts: dict[str, int] = Field(description="the ledger's balances, by account")
    pound_names: dict[str, dict[str, str]] = Field(
        description="the names in other scripts of the district's pounds its lines may name, "
        "by the register's name, then by language"
    )


class FundPublic(Public):
    districts: list[FundDistrictPublic]


class FundPaymentPublic(Public):
    payment_id: int
    district: str
    purpose: str
    amount: int
    amount_text: str
    payee: str
    balance_after: int
    balance_after_text: str


class PaidMoneyPublic(Public):
    unit: str
    amount_text: str
    to_fund_text: str
    unpaid_text: str


class PaidPublic(Public):
    """What the Magistrate adjudged, paid to him (Sec XI, XII), and where it went."""

    paid_id: int
    section: str
    payer: str
    amount: int
    to_fund: int
    to_complainant: int
    to_keeper: int
    to_owner: int
    unpaid: int
    money: PaidMoneyPublic


# --- cases (Sec XVII, XVIII, XIX) and offences (XIII) -------------------------------------------


class CaseFiledPublic(Public):
    case_id: int


class CaseDecisionPublic(Public):
    case_id: int
    convicted: bool
    fine: int
    compensation: int


class RecoveryHeadPublic(Public):
    number: int
    kind: str
    stated_kind: str
    description: str


class RecoveryOrderPublic(Public):
    case_id: int
    order_id: int
    fine_due: int
    thana: str
    cattle: list[RecoveryHeadPublic]


class RecoverySalePublic(Public):
    case_id: int
    sale_id: int
    proceeds: int
    expenses_paid: int
    fine_paid: int
    to_complainant: int
    to_fund: int
    balance_to_owner: int
    fine_unpaid: int
    expenses_unpaid: int
    account: str


class RecoveryLotPublic(Public):
    number: int
    buyer: str
    residence: str
    price: int
    price_text: str


class RecoverySaleInCasePublic(Public):
    sale_id: int
    held_on: date
    place: str
    officer: str
    lots: list[RecoveryLotPublic]
    proceeds: int
    expenses: int
    expenses_paid: int
    fine_paid: int
    to_complainant: int
    to_fund: int
    balance_to_owner: int
    fine_unpaid: int
    expenses_unpaid: int
    proceeds_text: str
    balance_to_owner_text: str


class RecoveryInCasePublic(Public):
    order_id: int
    status: RecoveryOrderStatus
    ordered_at: Time
    ordered_by: str
    fine_due: int
    fine_due_text: str
    cattle: list[RecoveryHeadPublic]
    village: str | None
    place: str
    thana: str
    owner: PersonPublic | None
    sale: RecoverySaleInCasePublic | None


class CaseDecidedPublic(Public):
    decided_at: Time
    decided_on: date
    magistrate: str
    convicted: bool
    reasons: str


class CaseFinePublic(Public):
    adjudged: int
    recovered: int
    unpaid: int
    adjudged_text: str
    recovered_text: str
    unpaid_text: str


class CompensationPublic(Public):
    ordered: int
    paid: int
    unpaid: int
    ordered_text: str
    paid_text: str
    unpaid_text: str


class CasePublic(Public):
    id: int
    kind: Literal["mischief", "pigs"]
    section: str
    district: str
    village: str | None
    village_names: dict[str, str] = Field(
        description="the village's names in other scripts, by language"
    )
    status: CaseStatus
    complainant: PersonPublic | None
    accused: PersonPublic | None
    description: str
    filed_at: Time
    seizure_ref: str | None
    decision: CaseDecidedPublic | None
    unit: str
    fine: CaseFinePublic
    compensation: CompensationPublic
    recovery: list[RecoveryInCasePublic]
    history: list[HistoryPublic]


class SetOffPublic(Public):
    """The Sec XIX certificate: its lines to print and the figures they state."""

    case_id: int
    person_id: int
    lines: list[str]
    compensation_ordered: int
    compensation_paid: int
    compensation_unpaid: int
    to_set_off: int
    unit: str


class OffenceDecisionPublic(Public):
    offence_id: int
    convicted: bool
    prison_months: int
    prison_days: int
    labour: bool | None
    fine: int


# --- the pound register (Sec V) -----------------------------------------------------------------


class RegisterRowPublic(Public):
    """One entry of the Sec V register, as the register holds it."""

    number: int
    year: int
    entered_on: date
    ref: str
    animals: str
    seizer: str = Field(description="the seizer's name of his residence")
    owner: str = Field(description="the owner's name of his residence, or '' when not known")
    status: SeizureStatus
    register_no: str = Field(description="POUND/YEAR/NUMBER")
    seized_on: date | None = Field(description="the local day of the seizure")
    village: str
    heads: int = Field(description="the heads entered")
    seizer_name: str
    seizer_residence: str
    owner_name: str
    owner_residence: str
    fine: int = Field(description="the fines of the heads entered (Sec VI), in `unit`")
    paid: int = Field(description="paid for them (Sec VII), in `unit`")
    kinds: dict[str, int] = Field(description="the heads of each kind")


class RegisterPublic(Public):
    pound_code: str
    pound_name: str
    unit: str = Field(description="the money system's smallest unit that `fine` and `paid` count")
    rows: list[RegisterRowPublic]
