"""Double-entry postings: where fines, feeding, sale money and surplus go (Sec VII, XI, XII), what
the fund pays out (XII), and the feeding written off for a head that died or escaped (G7)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, col, func, select

from law.errors import N_, InvalidInput
from models import LedgerPosting, LedgerTxn
from models.columns import id_of
from office.records.memos import Memo

# Accounts. Debits are positive, credits negative; every transaction sums to zero.
FUND_FINES = "fund:fines"  # Sec XI, XII: fines go to the Magistrate and form the fund
FUND_SURPLUS = "fund:unclaimed-surplus"  # Sec XII: unclaimed proceeds join the fund
FUND_PAID = "fund:paid-out"  # Sec XII: what the fund paid out, on the Magistrate's orders
DEPOSIT = "deposit:surplus"  # Sec XI: surplus held 3 months
FUND_PREFIX = "fund:"
MAGISTRATE_CASH = "cash:magistrate"  # Sec XI: fines adjudged by him are paid to the Magistrate
# Sec XII: the fund is "the sums received on account of fines". A fine adjudged (XIII, XVII,
# XVIII) or charged to a seizer (XIV) is owed to the fund, outside it, until it is received.
OWED_TO_FUND_PREFIX = "owed:fund:"


def owed_to_fund(source: str) -> str:
    """Fines adjudged for the fund and not yet received: `offence:7`, `case:9`, `seizure:K7M2QA`."""
    return f"{OWED_TO_FUND_PREFIX}{source}"


def into_fund(source: str, amount: int) -> list[tuple[str, int]]:
    """The lines that move `amount` of a fine owed to the fund into it, as it is received."""
    return [(owed_to_fund(source), amount), (FUND_FINES, -amount)]


def pound_cash(code: str) -> str:
    return f"cash:pound:{code}"


def keeper_feeding(code: str) -> str:
    """Feeding money the keeper retains (Sec XI)."""
    return f"keeper:feeding:{code}"


def writeoff_feeding(code: str) -> str:
    """Practice G7: the keeper's feeding of heads that died or escaped, asked of nobody."""
    return f"writeoff:feeding:{code}"


def fund_payee(purpose: str, place: str = "") -> str:
    """Sec XII: what the fund paid out for, by purpose and pound (salary:TPR, pound:TPR, other)."""
    return f"paid:fund:{purpose}:{place}" if place else f"paid:fund:{purpose}"


def sale_cash(sale_id: int) -> str:
    return f"cash:sale:{sale_id}"


def sale_expenses(sale_id: int) -> str:
    return f"expenses:sale:{sale_id}"


def owner_payable(seizure_ref: str) -> str:
    return f"payable:owner:{seizure_ref}"


def seizer_receivable(seizure_ref: str) -> str:
    """What the seizer must pay when a seizure is held illegal (Sec XIV): the fines and feeding
    of cattle still held, and what he owes the owner (`owed_by_seizer`)."""
    return f"receivable:seizer:{seizure_ref}"


def seizer_source(seizure_ref: str) -> str:
    """The fines of cattle still held that Sec XIV charges the seizer, owed to the fund."""
    return f"seizure:{seizure_ref}"


def expense_credits(
    bills: Sequence[tuple[int, int]], paid_before: int, paying: int
) -> list[tuple[str, int]]:
    """Expenses of sale paid now go to the oldest bill not yet paid: `bills` are (sale id,
    amount) oldest first, `paid_before` what was paid of them before. Credits, one per bill."""
    lines: list[tuple[str, int]] = []
    for sale_id, bill in bills:
        settled = min(bill, paid_before)
        paid_before -= settled
        part = min(bill - settled, paying)
        paying -= part
        lines.append((sale_expenses(sale_id), -part))
    if paying:
        raise InvalidInput(N_("more expenses of sale paid than were billed"), over=paying)
    return lines


def owed_by_seizer(seizure_ref: str, person_id: int) -> str:
    """What the seizer of an illegal seizure owes the owner who complained, person `person_id`:
    damages, expenses of release, and the fines and expenses paid (Sec XIV, practice G12)."""
    return f"payable:seizer-to-owner:{seizure_ref}:{person_id}"


def post(
    s: Session,
    *,
    district_id: int,
    occurred_at: datetime,
    memo: Memo,
    section: str,
    lines: list[tuple[str, int]],
    seizure_id: int | None = None,
) -> LedgerTxn | None:
    """Write one balanced transaction; zero lines are dropped, an empty one is not written."""
    lines = [(account, amount) for account, amount in lines if amount != 0]
    if not lines:
        return None
    if sum(amount for _, amount in lines) != 0:
        raise InvalidInput(N_("unbalanced ledger transaction: {lines}"), said={"lines": str(lines)})
    txn = LedgerTxn(
        district_id=district_id,
        seizure_id=seizure_id,
        occurred_at=occurred_at,
        memo=memo.text,
        section=section,
    )
    s.add(txn)
    s.flush()
    for account, amount in lines:
        s.add(
            LedgerPosting(
                txn_id=id_of(txn), district_id=district_id, account=account, amount=amount
            )
        )
    return txn


def balances(s: Session, district_id: int, prefix: str = "") -> dict[str, int]:
    """Balance per account (debit positive) for one district, optionally under a prefix."""
    q = (
        select(LedgerPosting.account, func.sum(LedgerPosting.amount))
        .join(LedgerTxn, col(LedgerTxn.id) == col(LedgerPosting.txn_id))
        .where(LedgerTxn.district_id == district_id)
        .group_by(col(LedgerPosting.account))
    )
    if prefix:
        q = q.where(col(LedgerPosting.account).startswith(prefix))
    return {account: int(total or 0) for account, total in s.exec(q).all()}


@dataclass(frozen=True)
class Movement:
    """One ledger transaction as it moved the accounts under a prefix: `net` is the sum of its
    postings there (debit positive)."""

    txn_id: int
    occurred_at: datetime
    memo: str
    section: str
    seizure_id: int | None
    net: int


def movements(s: Session, district_id: int, prefix: str) -> list[Movement]:
    """Each transaction of one district that touched accounts under `prefix`, oldest first."""
    q = (
        select(LedgerTxn, func.sum(LedgerPosting.amount))
        .join(LedgerPosting, col(LedgerTxn.id) == col(LedgerPosting.txn_id))
        .where(LedgerTxn.district_id == district_id)
        .where(col(LedgerPosting.account).startswith(prefix))
        .group_by(col(LedgerTxn.id))  # the key decides every other column of the row
        .order_by(col(LedgerTxn.occurred_at), col(LedgerTxn.id))
    )
    return [
        Movement(id_of(txn), txn.occurred_at, txn.memo, txn.section, txn.seizure_id, int(net or 0))
        for txn, net in s.exec(q).all()
    ]
