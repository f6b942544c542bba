"""An amount as a person writes it (a count of the smallest unit, or the district's notation),
read in the money system of the district it is paid in."""

from __future__ import annotations

from law.errors import N_, InvalidInput, NotFound
from law.money import MoneySystem
from models import Case, Complaint, Seizure
from models.db import Reader
from office.district import district_by_code, district_context, pound_by_code
from office.inputs import Amount
from office.records.register import seizure_by_ref
from office.spelling import latin_digits


def money_for(
    db: Reader,
    *,
    seizure_ref: str | None = None,
    complaint_id: int | None = None,
    case_id: int | None = None,
    district: str | None = None,
    pound: str | None = None,
) -> MoneySystem:
    """The money system of the district a record belongs to (to read amounts typed by people)."""
    with db.reading() as s:
        district_id: int | None = None
        if district is not None:
            district_id = district_by_code(s, district).id
        elif pound is not None:
            district_id = pound_by_code(s, pound).district_id
        elif seizure_ref is not None:
            district_id = seizure_by_ref(s, seizure_ref).district_id
        elif complaint_id is not None:
            complaint = s.get(Complaint, complaint_id)
            if complaint is None:
                raise NotFound(
                    N_("no complaint {complaint_id}"), said={"complaint_id": complaint_id}
                )
            seizure = s.get(Seizure, complaint.seizure_id)
            district_id = seizure.district_id if seizure else None
        elif case_id is not None:
            case = s.get(Case, case_id)
            if case is None:
                raise NotFound(N_("no case {case_id}"), said={"case_id": case_id})
            district_id = case.district_id
        if district_id is None:
            raise NotFound(N_("no such record"))
        return district_context(s, district_id).profile.money


def read_amount(value: Amount, money: MoneySystem) -> int:
    """An amount given as minor units (int) or in the profile's notation ('Rs 0-12-0',
    '₹0-12-0'), its digits in any script ('१-३-०', '১২.৫০'), as a chat or the desk takes it."""
    if isinstance(value, int):
        if value < 0:
            raise InvalidInput(N_("an amount cannot be negative"))
        return value
    return money.parse(latin_digits(value))
