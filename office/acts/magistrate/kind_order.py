"""The Magistrate's order for an animal outside the Sec VI scale (practice G4): its fine per head
and its feeding per day, for one seizure or for every seizure brought to one pound.

Where such an animal enters: the seizure is reported as it happened (Sec II, XV, XVI), with the
animal named as it is ("elephant"). If an order of its pound already covers that kind, its fine
is set at once; otherwise it is recorded as awaiting the order, and the keeper cannot register
the seizure's arrival (Sec V) until the Magistrate has made one, for that seizure or for the
pound. Pigs are never impounded: damage by pigs is a complaint under Sec XVIII.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from sqlmodel import Session, col, select

from law.errors import N_, Conflict, InvalidInput, KindNeedsMagistrateOrder, NotFound
from law.kinds import check_kind_order, is_scale_kind, order_in_force, order_kind
from law.lifecycle import AnimalStatus, SeizureStatus
from law.periods import local_date
from models import Animal, KindOrder, Pound, Seizure, Unit
from models.columns import id_of
from office import notify
from office.access.roles import Role, require_role
from office.district import DistrictContext, district_context
from office.inputs import Amount
from office.records import audit
from office.records.register import seizure_by_ref
from office.state import animals_of
from office.times import check_times
from office.views.amounts import read_amount

SECTION = "practice G4"


def awaiting_order(animal: Animal) -> bool:
    """A head outside the scale, still with the seizer, whose fine no order has set yet."""
    return (
        not is_scale_kind(animal.kind)
        and animal.order_id is None
        and animal.status == AnimalStatus.SEIZED.value
    )


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


def _amounts(fine: Amount, per_day: Amount, ctx: DistrictContext) -> tuple[int, int]:
    """The fine and feeding ordered, read in the district's money and checked (G4)."""
    amounts = read_amount(fine, ctx.profile.money), read_amount(per_day, ctx.profile.money)
    check_kind_order(*amounts)
    return amounts


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
    now = u.now
    actor_id = u.actor()
    _check_said(kind, order)
    with u.act() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        require_role(s, actor_id, seizure.district_id, Role.MAGISTRATE, None, section=SECTION)
        check_times(occurred_at, now, seizure.seized_at)
        ctx = district_context(s, seizure.district_id)
        fine, per_day = _amounts(fine, per_day, ctx)
        word = order_kind(kind, ctx.profile.aliases)
        rows = animals_of(s, seizure)
        waiting = [a for a in rows if awaiting_order(a) and a.kind == word]
        if not waiting:
            raise Conflict(
                N_("no {kind} of seizure {ref} awaits a Magistrate's order"),
                section=SECTION,
                kind=word,
                said={"ref": seizure.ref},
            )
        on = local_date(occurred_at, ctx.tz)
        row = _ordered(
            s, u, ctx.id, word, fine, per_day, on, order, occurred_at, seizure_id=seizure.id
        )
        apply_orders(s, seizure, rows, district_context(s, ctx.id), on)
        numbers = [a.number for a in waiting]
        # The keeper's entry must come after the order it rests on.
        seizure.last_event_at = max(seizure.last_event_at, occurred_at)
        s.add(seizure)
        s.flush()
        if not any(awaiting_order(a) for a in rows):
            # Messages: the keeper may now register the cattle (Sec V).
            notify.kind_ordered(s, seizure, ctx, order_id=id_of(row), now=now)
        audit.append(
            s,
            action="kind_ordered",
            subject=seizure.ref,
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            district_id=seizure.district_id,
            section=SECTION,
            payload={
                "order_id": row.id,
                "kind": word,
                "fine": fine,
                "per_day": per_day,
                "valid_from": on.isoformat(),
                "animals": numbers,
                "order": row.order_text,
            },
        )
        return KindOrdered(
            id_of(row),
            word,
            fine,
            per_day,
            on.isoformat(),
            ref=seizure.ref,
            animals={seizure.ref: numbers},
        )


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
    now = u.now
    actor_id = u.actor()
    _check_said(kind, order)
    with u.act() as s:
        row_pound = s.exec(select(Pound).where(Pound.code == pound.strip().upper())).first()
        if row_pound is None or row_pound.id is None:
            raise NotFound(N_("no pound '{pound}'"), section="III", said={"pound": pound})
        require_role(s, actor_id, row_pound.district_id, Role.MAGISTRATE, None, section=SECTION)
        check_times(occurred_at, now)
        ctx = district_context(s, row_pound.district_id)
        fine, per_day = _amounts(fine, per_day, ctx)
        word = order_kind(kind, ctx.profile.aliases)
        on = local_date(occurred_at, ctx.tz)
        row = _ordered(
            s, u, ctx.id, word, fine, per_day, on, order, occurred_at, pound_id=row_pound.id
        )
        fresh = district_context(s, ctx.id)
        fined: dict[str, list[int]] = {}
        for seizure in s.exec(
            select(Seizure)
            .where(
                Seizure.pound_id == row_pound.id,
                Seizure.status == SeizureStatus.SEIZED.value,
            )
            .order_by(col(Seizure.id))
            .with_for_update()
        ).all():
            rows = animals_of(s, seizure)
            before = [a.number for a in rows if awaiting_order(a) and a.kind == word]
            if not before:
                continue
            apply_orders(s, seizure, rows, fresh, on)
            done = [a.number for a in rows if a.number in before and not awaiting_order(a)]
            if done:
                fined[seizure.ref] = done
                seizure.last_event_at = max(seizure.last_event_at, occurred_at)
                s.add(seizure)
                s.flush()
                if not any(awaiting_order(a) for a in rows):
                    notify.kind_ordered(s, seizure, fresh, order_id=id_of(row), now=now)
        audit.append(
            s,
            action="kind_ordered",
            subject=f"pound:{row_pound.code}",
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            district_id=ctx.id,
            section=SECTION,
            payload={
                "order_id": row.id,
                "pound": row_pound.code,
                "kind": word,
                "fine": fine,
                "per_day": per_day,
                "valid_from": on.isoformat(),
                "animals": fined,
                "order": row.order_text,
            },
        )
        return KindOrdered(
            id_of(row),
            word,
            fine,
            per_day,
            on.isoformat(),
            pound_code=row_pound.code,
            animals=fined,
        )


def _ordered(
    s: Session,
    u: Unit,
    district_id: int,
    word: str,
    fine: int,
    per_day: int,
    on: date,
    order: str,
    occurred_at: datetime,
    **applies_to: int | None,
) -> KindOrder:
    """The order's row, for one seizure (`seizure_id`) or a whole pound (`pound_id`) (G4)."""
    row = KindOrder(
        district_id=district_id,
        **applies_to,
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
    return row
