"""The Magistrate's order for an animal outside the Sec VI scale (practice G4): its fine per head
and its feeding per day, for one seizure or for every seizure brought to one pound.

Where such an animal enters: the seizure is reported as it happened (Sec II, XV, XVI), with the
animal named as it is ("elephant"). If an order of its pound already covers that kind, its fine
is set at once; otherwise it is recorded as awaiting the order, and the keeper cannot register
the seizure's arrival (Sec V) until the Magistrate has made one, for that seizure or for the
pound. Pigs are never impounded: damage by pigs is a complaint under Sec XVIII.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime

from sqlmodel import Session, col, select

from law.errors import N_, Conflict, InvalidInput, KindNeedsMagistrateOrder, NotFound
from law.kinds import SECTION, check_kind_order, order_in_force, order_kind
from law.lifecycle import SeizureStatus
from law.periods import local_date
from models import Animal, KindOrder, Pound, Seizure, Unit
from models.columns import id_of
from office import notify
from office.acts.alike import InDistrict, magistrate
from office.district import DistrictContext, district_context
from office.inputs import Amount
from office.records.register import seizure_by_ref
from office.state import animals_of
from office.views.amounts import read_amount
from office.views.kind_orders import awaiting_order


def apply_orders(
    s: Session, seizure: Seizure, rows: list[Animal], ctx: DistrictContext, on: date
) -> list[str]:
    """Each head of `seizure` awaiting its order takes the fine of the order in force on `on`
    (the seizure's own, else its pound's). Answers the kinds still awaiting one."""
    waiting: list[str] = []
    orders = ctx.orders_for(seizure)
    for animal in rows:
        if not awaiting_order(animal):
            continue
        try:
            order = order_in_force(animal.kind, orders, on)
        except KindNeedsMagistrateOrder:
            waiting.append(animal.kind)
            continue
        animal.fine = order.fine
        animal.order_id = order.ref
        s.add(animal)
    return waiting


@dataclass(frozen=True)
class KindOrdered:
    order_id: int
    kind: str
    fine: int
    per_day: int
    valid_from: str
    ref: str | None = None
    pound_code: str | None = None
    animals: dict[str, list[int]] = field(default_factory=dict)  # ref -> numbers now fined


def _check_said(kind: str, order: str) -> None:
    if not kind.strip():
        raise InvalidInput(N_("name the kind of animal the order is for"), section=SECTION)
    if not order.strip():
        raise InvalidInput(N_("give the text of the order"), section=SECTION)


def _ordered(m: InDistrict, kind: str, fine: Amount, per_day: Amount) -> tuple[str, int, int]:
    """The kind ordered, and its fine and feeding read in the district's money and checked (G4)."""
    money = m.ctx.profile.money
    amounts = read_amount(fine, money), read_amount(per_day, money)
    check_kind_order(*amounts)
    return order_kind(kind, m.ctx.profile.aliases), *amounts


def order_for_seizure(
    u: Unit,
    *,
    ref: str,
    kind: str,
    fine: Amount,
    per_day: Amount,
    order: str,
    occurred_at: datetime,
) -> KindOrdered:
    """The Magistrate of the district orders the fine and feeding of the animals of `kind` that
    seizure `ref` brought in outside the scale; the keeper may then register them (G4)."""
    _check_said(kind, order)
    with u.act() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        m = magistrate(s, u, seizure.district_id, SECTION, occurred_at, seizure.seized_at)
        word, fine, per_day = _ordered(m, kind, fine, per_day)
        if not any(awaiting_order(a) and a.kind == word for a in animals_of(s, seizure)):
            raise Conflict(
                N_("no {kind} of seizure {ref} awaits a Magistrate's order"),
                section=SECTION,
                kind=word,
                said={"ref": seizure.ref},
            )
        return _order(m, word, fine, per_day, order, [seizure], seizure=seizure)


def order_for_pound(
    u: Unit,
    *,
    pound: str,
    kind: str,
    fine: Amount,
    per_day: Amount,
    order: str,
    occurred_at: datetime,
) -> KindOrdered:
    """The Magistrate of the district orders the fine and feeding of every animal of `kind`
    brought to `pound` from the order's date; those already reported there and awaiting an
    order take it at once (G4). A later order for the pound changes the rate from its date."""
    _check_said(kind, order)
    with u.act() as s:
        row_pound = s.exec(select(Pound).where(Pound.code == pound.strip().upper())).first()
        if row_pound is None or row_pound.id is None:
            raise NotFound(N_("no pound '{pound}'"), section="III", said={"pound": pound})
        m = magistrate(s, u, row_pound.district_id, SECTION, occurred_at)
        word, fine, per_day = _ordered(m, kind, fine, per_day)
        seizures = s.exec(
            select(Seizure)
            .where(
                Seizure.pound_id == row_pound.id,
                Seizure.status == SeizureStatus.SEIZED.value,
            )
            .order_by(col(Seizure.id))
            .with_for_update()
        ).all()
        return _order(m, word, fine, per_day, order, seizures, pound=row_pound)


def _order(
    m: InDistrict,
    word: str,
    fine: int,
    per_day: int,
    order: str,
    seizures: Sequence[Seizure],
    *,
    seizure: Seizure | None = None,
    pound: Pound | None = None,
) -> KindOrdered:
    """The order, for one `seizure` or a whole `pound`, and the heads of `seizures` awaiting it
    that it fines now, by their seizure's ref (G4)."""
    s, u, ctx, occurred_at = m.s, m.u, m.ctx, m.at
    on = local_date(occurred_at, ctx.tz)
    row = KindOrder(
        district_id=ctx.id,
        seizure_id=seizure.id if seizure else None,
        pound_id=pound.id if pound else None,
        kind=word,
        fine=fine,
        per_day=per_day,
        valid_from=on,
        order_text=order.strip()[:2000],
        ordered_by=u.actor(),
        occurred_at=occurred_at,
        recorded_at=u.now,
    )
    s.add(row)
    s.flush()
    fresh = district_context(s, ctx.id)
    fined: dict[str, list[int]] = {}
    for each in seizures:
        rows = animals_of(s, each)
        before = [a.number for a in rows if awaiting_order(a) and a.kind == word]
        if not before:
            continue
        apply_orders(s, each, rows, fresh, on)
        done = [a.number for a in rows if a.number in before and not awaiting_order(a)]
        if done:
            fined[each.ref] = done
            # The keeper's entry must come after the order it rests on.
            each.last_event_at = max(each.last_event_at, occurred_at)
            s.add(each)
            s.flush()
            if not any(awaiting_order(a) for a in rows):
                # Messages: the keeper may now register the cattle (Sec V).
                notify.kind_ordered(s, each, fresh, order_id=id_of(row), now=u.now)
    m.event(
        "kind_ordered",
        seizure.ref if seizure else f"pound:{pound.code if pound else ''}",
        SECTION,
        order_id=row.id,
        **({"pound": pound.code} if pound else {}),
        kind=word,
        fine=fine,
        per_day=per_day,
        valid_from=on.isoformat(),
        animals=fined.get(seizure.ref, []) if seizure else fined,
        order=row.order_text,
    )
    return KindOrdered(
        id_of(row),
        word,
        fine,
        per_day,
        on.isoformat(),
        ref=seizure.ref if seizure else None,
        pound_code=pound.code if pound else None,
        animals=fined,
    )
