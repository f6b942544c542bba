"""The receipt for cattle delivered to the owner after a sale (Sec IX), as it was recorded."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from sqlmodel import Session, col, select

from law.errors import N_, NotFound
from models import CattleReceipt, Seizure
from models.columns import id_of
from models.db import Reader
from office.district import district_context
from office.people import get_person
from office.records.register import seizure_by_ref


@dataclass(frozen=True)
class CattleReceiptView:
    """The owner's receipt (Sec IX) as recorded: who received which head and what balance."""

    ref: str
    receipt_id: int
    sale_id: int
    owner: dict[str, str]
    recorded_by: dict[str, str]
    animals: list[int]
    balance: int
    balance_text: str
    delivered_at: str
    lines: list[str]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def receipt_of(s: Session, seizure: Seizure, ref: str) -> CattleReceipt:
    """The latest receipt for cattle handed back after a sale of the seizure's (`ref`) cattle."""
    receipt = s.exec(
        select(CattleReceipt)
        .where(CattleReceipt.seizure_id == seizure.id)
        .order_by(col(CattleReceipt.id).desc())
    ).first()
    if receipt is None:
        raise NotFound(
            N_("no cattle have been handed back to the owner of {ref} after a sale"), ref=ref
        )
    return receipt


def cattle_receipt(db: Reader, *, ref: str) -> CattleReceiptView:
    """The receipt the owner granted for the cattle handed back after a sale under Sec IX and
    the balance paid to him, as printable lines."""
    with db.reading() as s:
        seizure = seizure_by_ref(s, ref)
        receipt = receipt_of(s, seizure, seizure.ref)
        ctx = district_context(s, seizure.district_id)
        owner = get_person(s, receipt.owner_id)
        officer = get_person(s, receipt.recorded_by)
        return CattleReceiptView(
            ref=seizure.ref,
            receipt_id=id_of(receipt),
            sale_id=receipt.sale_id,
            owner={"name": owner.name, "residence": owner.residence},
            recorded_by={"name": officer.name, "residence": officer.residence},
            animals=list(receipt.animal_ids),
            balance=receipt.balance,
            balance_text=ctx.fmt(receipt.balance),
            delivered_at=receipt.occurred_at.astimezone(ctx.tz).isoformat(),
            lines=list(receipt.lines),
        )
