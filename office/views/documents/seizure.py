"""The papers of a seizure: a copy of its entry in the register (Sec V), the receipt for what
was paid on it (VII), the notice and drum proclamation (VIII), the account of its sales (IX, XI)
and the receipt for cattle delivered (IX)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from law.errors import N_, NotFound
from law.periods import local_date
from models import Notice, Payment, RegisterEntry, Sale, SaleLot, Village
from office.district import district_context, names_of
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
from office.views.seizure import receipt_of


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


@dataclass(frozen=True)
class NoticeDoc(Document):
    """Sec VIII: the notice at the police office, proclaimed by beat of drum."""

    village: str = ""
    place: str = ""
    impounded_on: str = ""
    posted_on: str = ""
    proclaimed_in: tuple[str, ...] = ()
    sale_not_before: str = ""
    darogah: Who = Who("")
    animals: tuple[Head, ...] = ()
    # The names in other scripts of the villages it was proclaimed in, by the register's name;
    # like `names`, not what the notice states.
    proclaimed_names: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()


@dataclass(frozen=True)
class LotLine:
    animal: int
    kind: str
    buyer: Who
    price: int


@dataclass(frozen=True)
class SaleLines:
    held_on: str
    place: str
    unclaimed: bool
    officer: Who
    lots: tuple[LotLine, ...]
    proceeds: int
    expenses_paid: int
    fines_paid: int
    feeding_paid: int
    balance: int  # to the owner (Sec IX) or into deposit (Sec XI)
    still_due: int
    shortfall: int
    handed_back: tuple[int, ...]
    still_held: tuple[int, ...]


@dataclass(frozen=True)
class Account(Document):
    """Sec IX (and VIII): the account of each sale of the seizure's cattle: number seized,
    time impounded, number sold, proceeds, and how they were applied (Sec XI)."""

    number_seized: int = 0
    impounded_at: str = ""
    sales: tuple[SaleLines, ...] = ()


@dataclass(frozen=True)
class CattleReceiptDoc(Document):
    """Sec IX: the owner's receipt for the cattle handed back and the balance paid to him."""

    owner: Who = Who("")
    officer: Who = Who("")
    delivered_at: str = ""
    animals: tuple[Head, ...] = ()
    balance: int = 0
    sale_held_on: str = ""


def proclaimed_names(
    s: Session, district_id: int, places: list[str]
) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """The names in other scripts of the villages of the district a notice was proclaimed in
    (those of `places` the register names so), by the register's name."""
    rows = s.exec(
        select(Village).where(Village.district_id == district_id, col(Village.name).in_(places))
    ).all()
    return tuple((v.name, names_of(v)) for v in rows if v.names)


def notice(s: Session, ref: str) -> NoticeDoc:
    seizure = seizure_by_ref(s, ref)
    row = s.exec(select(Notice).where(Notice.seizure_id == seizure.id)).first()
    if row is None:
        raise NotFound(N_("no notice has been posted for the cattle of {ref}"), ref=ref)
    village = s.get(Village, seizure.village_id)
    return NoticeDoc(
        **seizure_head(s, Kind.NOTICE, seizure, row.posted_on.isoformat()),
        village=village.name if village else "",
        place=seizure.place,
        impounded_on=seizure.impounded_on.isoformat() if seizure.impounded_on else "",
        posted_on=row.posted_on.isoformat(),
        proclaimed_in=tuple(row.proclaimed_in),
        sale_not_before=seizure.sale_not_before.isoformat() if seizure.sale_not_before else "",
        darogah=named(who_of(s, row.darogah_id)),
        # What the notice shows: number and description of the cattle (Sec VIII).
        animals=heads_of(animals_of(s, seizure)),
        proclaimed_names=proclaimed_names(s, seizure.district_id, row.proclaimed_in),
    )


def account(s: Session, ref: str) -> Account:
    seizure = seizure_by_ref(s, ref)
    sales = s.exec(select(Sale).where(Sale.seizure_id == seizure.id).order_by(col(Sale.id))).all()
    if not sales:
        raise NotFound(N_("none of the cattle of {ref} have been sold"), ref=ref)
    ctx = district_context(s, seizure.district_id)
    rows = animals_of(s, seizure)
    by_id = {a.id: a for a in rows}
    out = []
    for sale in sales:
        lots = s.exec(
            select(SaleLot).where(SaleLot.sale_id == sale.id).order_by(col(SaleLot.id))
        ).all()
        sold = [(by_id.get(lot.animal_id), lot) for lot in lots]
        out.append(
            SaleLines(
                held_on=sale.held_on.isoformat(),
                place=sale.place,
                unclaimed=sale.kind == "unclaimed",
                officer=named(who_of(s, sale.officer_id)),
                lots=tuple(
                    LotLine(
                        animal=a.number if a else 0,
                        kind=a.kind if a else "",
                        buyer=Who(lot.buyer_name, lot.buyer_residence),
                        price=lot.price,
                    )
                    for a, lot in sold
                ),
                proceeds=sale.proceeds,
                expenses_paid=sale.expenses_paid,
                fines_paid=sale.fines_paid,
                feeding_paid=sale.feeding_paid,
                balance=sale.surplus,
                still_due=sale.still_due,
                shortfall=sale.shortfall,
                handed_back=_ints(sale.account.get("released_to_owner")),
                still_held=_ints(sale.account.get("still_held")),
            )
        )
    return Account(
        **seizure_head(s, Kind.ACCOUNT, seizure, sales[-1].held_on.isoformat()),
        number_seized=len(rows),
        impounded_at=local_time(seizure.impounded_at, ctx),
        sales=tuple(out),
    )


def _ints(value: object) -> tuple[int, ...]:
    return tuple(int(str(v)) for v in value) if isinstance(value, list) else ()


def cattle_receipt(s: Session, ref: str) -> CattleReceiptDoc:
    seizure = seizure_by_ref(s, ref)
    row = receipt_of(s, seizure, ref)
    ctx = district_context(s, seizure.district_id)
    sale = s.get(Sale, row.sale_id)
    handed = set(row.animal_ids)
    return CattleReceiptDoc(
        **seizure_head(
            s, Kind.CATTLE_RECEIPT, seizure, local_date(row.occurred_at, ctx.tz).isoformat()
        ),
        owner=named(who_of(s, row.owner_id)),
        officer=named(who_of(s, row.recorded_by)),
        delivered_at=local_time(row.occurred_at, ctx),
        animals=heads_of(a for a in animals_of(s, seizure) if a.number in handed),
        balance=row.balance,
        sale_held_on=sale.held_on.isoformat() if sale else "",
    )
