"""The register's documents: a copy of a seizure's entry (Sec V) and the receipt for what was
paid on it (VII)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from law.errors import N_, NotFound
from law.periods import local_date
from models import Payment, RegisterEntry, Village
from office.district import district_context
from office.records.register import seizure_by_ref
from office.state import animals_of
from office.views.documents.kinds import (
    Document,
    Head,
    Kind,
    Who,
    entry_animals,
    entry_who,
    heads_of,
    local_time,
    named,
    seizure_head,
    who_of,
)


@dataclass(frozen=True)
class RegisterCopy(Document):
    """Sec V: the entry, and the copy of it the seizer is given."""

    entered_at: str = ""
    seized_at: str = ""
    village: str = ""
    place: str = ""
    seizer: Who = Who("")
    owner: Who | None = None
    keeper: Who = Who("")
    animals: tuple[Head, ...] = ()


@dataclass(frozen=True)
class PaymentLine:
    paid_at: str
    payer: Who
    agent: str | None
    animals: tuple[int, ...]
    fine: int
    feeding: int
    expenses: int
    total: int
    keeper: Who


@dataclass(frozen=True)
class Receipt(Document):
    """Sec VII: the fine and feeding paid and the cattle released, signed in the register."""

    animals: tuple[Head, ...] = ()
    payments: tuple[PaymentLine, ...] = ()
    total: int = 0


def register_copy(s: Session, ref: str) -> RegisterCopy:
    seizure = seizure_by_ref(s, ref)
    entry = s.exec(select(RegisterEntry).where(RegisterEntry.seizure_id == seizure.id)).first()
    if entry is None:
        raise NotFound(N_("the cattle of {ref} are not yet registered at the pound"), ref=ref)
    ctx = district_context(s, seizure.district_id)
    village = s.get(Village, seizure.village_id)
    registered = {int(str(a["number"])) for a in entry_animals(entry)}
    rows = [a for a in animals_of(s, seizure) if a.number in registered]
    return RegisterCopy(
        **seizure_head(
            s, Kind.REGISTER_COPY, seizure, local_date(entry.entered_at, ctx.tz).isoformat()
        ),
        entered_at=local_time(entry.entered_at, ctx),
        seized_at=local_time(seizure.seized_at, ctx),
        village=village.name if village else "",
        place=seizure.place,
        # Sec V: the people as the entry names them, with the residences it holds.
        seizer=entry_who(entry, "seizer") or named(who_of(s, seizure.seizer_id)),
        owner=entry_who(entry, "owner")
        if entry.entry.get("owner")
        else who_of(s, seizure.owner_id),
        keeper=named(who_of(s, entry.keeper_id)),
        # The register describes each head as it was brought in, not where it stands since.
        animals=heads_of(rows),
    )


def receipt(s: Session, ref: str) -> Receipt:
    seizure = seizure_by_ref(s, ref)
    payments = s.exec(
        select(Payment).where(Payment.seizure_id == seizure.id).order_by(col(Payment.id))
    ).all()
    if not payments:
        raise NotFound(N_("nothing has been paid for the cattle of {ref}"), ref=ref)
    ctx = district_context(s, seizure.district_id)
    lines = tuple(
        PaymentLine(
            paid_at=local_time(p.occurred_at, ctx),
            payer=named(who_of(s, p.payer_id)),
            agent=p.agent_name,
            animals=tuple(p.animal_ids),
            fine=p.fine,
            feeding=p.feeding,
            expenses=p.expenses,
            total=p.total,
            keeper=named(who_of(s, p.keeper_id)),
        )
        for p in payments
    )
    paid_for = {n for p in payments for n in p.animal_ids}
    last = local_date(payments[-1].occurred_at, ctx.tz).isoformat()
    return Receipt(
        **seizure_head(s, Kind.RECEIPT, seizure, last),
        animals=heads_of(a for a in animals_of(s, seizure) if a.number in paid_for),
        payments=lines,
        total=sum(p.total for p in payments),
    )
