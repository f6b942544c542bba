"""Double-entry postings: where fines, feeding, sale money and surplus go (Sec VII, XI, XII)."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, col, func, select

from law.errors import InvalidInput
from models import LedgerPosting, LedgerTxn

# Accounts. Debits are positive, credits negative; every transaction sums to zero.
FUND_FINES = "fund:fines"  # Sec XI, XII: fines go to the Magistrate and form the fund
FUND_SURPLUS = "fund:unclaimed-surplus"  # Sec XII: unclaimed proceeds join the fund
DEPOSIT = "deposit:surplus"  # Sec XI: surplus held 3 months
FUND_PREFIX = "fund:"


def pound_cash(code: str) -> str:
    return f"cash:pound:{code}"


def keeper_feeding(code: str) -> str:
    """Feeding money the keeper retains (Sec XI)."""
    return f"keeper:feeding:{code}"


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


def owed_by_seizer(seizure_ref: str, person_id: int) -> str:
    """What the seizer of an illegal seizure owes the owner who complained, person `person_id`:
    damages, expenses of release, and the fines and expenses paid (Sec XIV, practice G12)."""
    return f"payable:seizer-to-owner:{seizure_ref}:{person_id}"


def post(
    s: Session,
    *,
    district_id: int,
    occurred_at: datetime,
    memo: str,
    section: str,
    lines: list[tuple[str, int]],
    seizure_id: int | None = None,
) -> LedgerTxn | None:
    """Write one balanced transaction; zero lines are dropped, an empty one is not written."""
    lines = [(account, amount) for account, amount in lines if amount != 0]
    if not lines:
        return None
    if sum(amount for _, amount in lines) != 0:
        raise InvalidInput(f"unbalanced ledger transaction: {lines}")
    txn = LedgerTxn(
        district_id=district_id,
        seizure_id=seizure_id,
        occurred_at=occurred_at,
        memo=memo,
        section=section,
    )
    s.add(txn)
    s.flush()
    if txn.id is None:
        raise InvalidInput("ledger transaction has no id")
    for account, amount in lines:
        s.add(LedgerPosting(txn_id=txn.id, account=account, amount=amount))
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
