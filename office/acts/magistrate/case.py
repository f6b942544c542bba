"""Complaints of mischief by causing cattle to trespass (Sec XVII) and of damage by pigs (XVIII),
the Magistrate's decision, the record of a case, and the certificate of compensation for set-off
in a civil suit (XIX). Recovery of a fine by sale of the cattle is in `office/recovery.py`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from law.cases import SECTION, CaseKind
from law.errors import N_, Conflict, InvalidInput, NotFound
from law.guards import check_compensation, check_fine
from models import Case, Unit
from models.enums import CaseStatus
from office.acts.alike import magistrate
from office.inputs import Amount
from office.records import ledger
from office.records.memos import CASE_FINE, memo
from office.views.amounts import read_amount


# Ledger accounts of a case (debits positive, credits negative; see office/records/ledger.py).
def fine_receivable(case_id: int) -> str:
    """The fine adjudged in a case and not yet recovered."""
    return f"receivable:fine:case:{case_id}"


def fund_source(case_id: int) -> str:
    """Whose fine the fund is owed (Sec XII), until it is recovered."""
    return f"case:{case_id}"


def compensation_payable(case_id: int) -> str:
    """Compensation ordered out of the fine to the complainant (Sec XVIII) and not yet paid."""
    return f"payable:compensation:case:{case_id}"


@dataclass(frozen=True)
class CaseDecision:
    case_id: int
    convicted: bool
    fine: int
    compensation: int


def decide_case(
    u: Unit,
    *,
    case_id: int,
    convicted: bool,
    reasons: str,
    occurred_at: datetime,
    fine: Amount = 0,
    compensation: Amount = 0,
) -> CaseDecision:
    """The Magistrate adjudges the penalty; part or all of the fine may compensate the
    complainant for damage proved (Sec XVIII, last paragraph)."""
    if not reasons.strip():
        raise InvalidInput(N_("a decision gives its reasons"))
    with u.act() as s:
        case = s.get(Case, case_id)
        if case is None:
            raise NotFound(N_("no case {case_id}"), said={"case_id": case_id})
        what = CaseKind(case.kind)
        m = magistrate(s, u, case.district_id, SECTION[what], occurred_at, case.filed_at)
        ctx = m.ctx
        if case.status != "pending":
            raise Conflict(N_("case {case_id} is already decided"), said={"case_id": case_id})
        fine = read_amount(fine, ctx.profile.money)
        compensation = read_amount(compensation, ctx.profile.money)
        if not convicted and (fine or compensation):
            raise InvalidInput(N_("no fine or compensation without a conviction"))
        if what is CaseKind.PIGS:
            check_fine(fine, "XVIII", ctx.profile)
        check_compensation(compensation, fine)
        case.status = CaseStatus.CONVICTED if convicted else CaseStatus.ACQUITTED
        case.magistrate_id = u.actor()
        case.decided_at = occurred_at
        case.fine = fine
        case.compensation = compensation
        case.decision = {"reasons": reasons.strip()[:4000]}
        s.add(case)
        m.post(
            case.seizure_id,
            memo=memo(CASE_FINE, case=case_id, section=SECTION[what]),
            section=SECTION[what],
            lines=[
                (fine_receivable(case_id), fine),
                # Sec XII: the fund's share is owed to it until the fine is recovered.
                (ledger.owed_to_fund(fund_source(case_id)), -(fine - compensation)),
                (compensation_payable(case_id), -compensation),
            ],
        )
        m.event(
            "case_decided",
            f"case:{case_id}",
            SECTION[what],
            convicted=convicted,
            fine=fine,
            compensation=compensation,
            reasons=reasons.strip()[:4000],
        )
        return CaseDecision(case_id, convicted, fine, compensation)
