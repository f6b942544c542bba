"""What the pound-keeper does: register arrivals (Sec V), take payment and release (VII), record a
refusal to pay (IX), a death or escape (G7), report unclaimed cattle (VIII); and release by order
of competent authority (VI)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlmodel import Session

from law.errors import N_, Conflict, InvalidInput, NotAuthorised, ReleaseWithoutFine
from law.grounds import Ground, Release
from law.kinds import check_registrable
from law.lifecycle import (
    AnimalStatus,
    Arrive,
    Die,
    Escape,
    OrderRelease,
    Pay,
    Refuse,
    ReportUnclaimed,
    SeizureStatus,
)
from law.periods import claim_until, local_date, next_step_due
from models import (
    Animal,
    Database,
    Payment,
    Person,
    Pound,
    Refusal,
    RegisterEntry,
    ReleaseOrder,
    Seizure,
)
from office import audit, ledger, notify
from office.charges import charge_for, payable_on, sales_so_far
from office.common import (
    check_times,
    district_context,
    find_or_add_person,
    get_person,
    pound_of,
    require_role,
    seizure_by_ref,
)
from office.counters import next_register_number
from office.kind_orders import apply_orders
from office.roles import Role
from office.sales import notice_params
from office.seizures import PersonIn
from office.state import advance, animals_of


@dataclass(frozen=True)
class Arrival:
    """`copy_text` is the copy as the register keeps it; `copy` the same entry as data (the
    pound, when brought in, the heads and animals, seizer and owner as people), for the reader's
    language."""

    ref: str
    register_no: str
    copy_text: str
    claim_until: str
    copy: dict[str, object] = field(default_factory=dict)


def _keeper_check(s: Session, actor_id: int, seizure: Seizure) -> Pound:
    pound = pound_of(s, seizure)
    require_role(s, actor_id, seizure.district_id, Role.KEEPER, pound.code)
    return pound


COPY_MAX = 4000  # RegisterEntry.copy_text


def _describe(animals: list[Animal]) -> str:
    """Heads alike and numbered in a row are written once: "1-500. cow"."""
    runs: list[tuple[int, int, str]] = []
    for a in animals:
        what = (
            a.kind
            + (f" ({a.stated_kind})" if a.stated_kind != a.kind else "")
            + (f", {a.description}" if a.description else "")
        )
        if runs and runs[-1][2] == what and runs[-1][1] == a.number - 1:
            runs[-1] = (runs[-1][0], a.number, what)
        else:
            runs.append((a.number, a.number, what))
    return "; ".join(f"{lo}. {w}" if lo == hi else f"{lo}-{hi}. {w}" for lo, hi, w in runs)


def _fit(described: str, room: int) -> str:
    """The description cut to `room` characters; the register's entry keeps every head."""
    if len(described) <= room:
        return described
    more = " ... (every head is in the register)"
    return described[: max(room - len(more), 0)] + more


def _person_line(p: Person | None) -> str:
    if p is None:
        return "not known"
    return f"{p.name} of {p.residence}" if p.residence else p.name


def register_arrival(
    db: Database,
    *,
    actor_id: int,
    ref: str,
    occurred_at: datetime,
    now: datetime,
    count: int | None = None,
    descriptions: dict[int, str] | None = None,
    owner: PersonIn | None = None,
) -> Arrival:
    """The keeper enters the cattle in his register and gives the seizer a copy (Sec V)."""
    with db.transaction() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        pound = _keeper_check(s, actor_id, seizure)
        check_times(occurred_at, now, seizure.last_event_at)
        ctx = district_context(s, seizure.district_id)
        rows = animals_of(s, seizure)
        held = [a for a in rows if a.status == AnimalStatus.SEIZED.value]
        if count is not None and count != len(held):
            raise Conflict(
                N_(
                    "{reported} head were reported seized but {arrived} arrived: record the rescue "
                    "or escape of the missing ones first (Sec XIII), or correct the report"
                ),
                section="V",
                reported=len(held),
                arrived=count,
            )
        for number, text in (descriptions or {}).items():
            match = [a for a in rows if a.number == number]
            if not match:
                raise InvalidInput(
                    N_("there is no animal number {number} in {ref}"),
                    said={"number": number, "ref": seizure.ref},
                )
            match[0].description = text.strip()[:500]
            s.add(match[0])
        if owner is not None:
            if seizure.owner_id is not None:
                raise Conflict(N_("the owner is already recorded"))
            if seizure.ground == Ground.STRAY:
                raise InvalidInput(N_("strays have no known owner (Sec XVI)"), section="XVI")
            person = find_or_add_person(
                s, name=owner.name, residence=owner.residence, phone=owner.phone, now=now
            )
            seizure.owner_id = person.id
        on = local_date(occurred_at, ctx.tz)
        # Practice G4: a head outside the scale is registered only on a Magistrate's order.
        check_registrable(apply_orders(s, seizure, rows, ctx, on))
        advance(s, seizure, rows, ctx, Arrive(on=on), at=occurred_at, on=on)
        seizure.impounded_at = occurred_at
        seizure.impounded_on = on
        seizure.claim_until = claim_until(on, ctx.profile)
        seizure.next_due_at = next_step_due(seizure.claim_until, ctx.profile, ctx.tz)
        year = on.year
        number = next_register_number(s, pound.id or 0, year)
        seizer = get_person(s, seizure.seizer_id)
        owner_p = s.get(Person, seizure.owner_id) if seizure.owner_id else None
        live = [a for a in rows if a.status == AnimalStatus.IMPOUNDED.value]
        entry = {
            "number_of_animals": len(live),
            "animals": [
                {"number": a.number, "kind": a.kind, "description": a.description} for a in live
            ],
            "seizer": {"name": seizer.name, "residence": seizer.residence},
            "owner": {"name": owner_p.name, "residence": owner_p.residence} if owner_p else None,
            "brought_at": occurred_at.astimezone(ctx.tz).isoformat(),
            "seized_at": seizure.seized_at.astimezone(ctx.tz).isoformat(),
        }
        register_no = f"{pound.code}/{year}/{number}"
        head = (
            f"Copy of entry {register_no} in the register of {pound.name} pound (Sec V). "
            f"Brought in {occurred_at.astimezone(ctx.tz):%d %b %Y %H:%M}. {len(live)} head: "
        )
        tail = (
            f". Seizer: {_person_line(seizer)}. Owner: {_person_line(owner_p)}. Ref {seizure.ref}."
        )
        copy_text = head + _fit(_describe(live), COPY_MAX - len(head) - len(tail)) + tail
        s.add(
            RegisterEntry(
                pound_id=pound.id or 0,
                year=year,
                number=number,
                seizure_id=seizure.id or 0,
                keeper_id=actor_id,
                entered_at=occurred_at,
                entry=entry,
                copy_text=copy_text,
            )
        )
        s.add(seizure)
        audit.append(
            s,
            action="arrival_registered",
            subject=seizure.ref,
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            district_id=seizure.district_id,
            section="V",
            payload={"register_no": register_no, "entry": entry},
        )
        # Messages: the seizer's copy of the entry (V); the owner's claim notice and reminders.
        notify.arrival_registered(s, seizure, ctx, register_no=register_no, now=now)
        copy = {
            "register_no": register_no,
            "pound": pound.name,
            "brought_at": entry["brought_at"],
            "heads": len(live),
            "animals": entry["animals"],
            "seizer": entry["seizer"],
            "owner": entry["owner"],
            "ref": seizure.ref,
        }
        return Arrival(seizure.ref, register_no, copy_text, seizure.claim_until.isoformat(), copy)


@dataclass(frozen=True)
class Receipt:
    ref: str
    payment_id: int
    fine: int
    feeding: int
    total: int
    total_text: str
    animals: list[int]
    receipt_text: str
    # The receipt as data, for the reader's language; `receipt_text` is the one the register keeps.
    receipt: dict[str, object] = field(default_factory=dict)


def _select_numbers(rows: list[Animal], numbers: list[int] | None) -> list[int]:
    held = [a.number for a in rows if a.status == AnimalStatus.IMPOUNDED.value]
    if numbers is None:
        return held
    unknown = sorted(set(numbers) - {a.number for a in rows})
    if unknown:
        raise InvalidInput(N_("no animal numbered {animals}"), said={"animals": str(unknown)})
    return sorted(set(numbers))


def record_payment(
    db: Database,
    *,
    actor_id: int,
    ref: str,
    amount: int,
    payer: PersonIn | None,
    occurred_at: datetime,
    now: datetime,
    animals: list[int] | None = None,
    agent_name: str | None = None,
    signature: str = "",
) -> Receipt:
    """The owner pays fine and feeding and takes his cattle back, signing the register (Sec VII)."""
    with db.transaction() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        pound = _keeper_check(s, actor_id, seizure)
        check_times(occurred_at, now, seizure.last_event_at)
        ctx = district_context(s, seizure.district_id)
        rows = animals_of(s, seizure)
        numbers = _select_numbers(rows, animals)
        if not numbers:
            raise Conflict(N_("no animal of this seizure is in the pound"), section="VII")
        on = local_date(occurred_at, ctx.tz)
        so_far = sales_so_far(s, seizure, rows, ctx, on) if seizure.owner_refused_at else None
        if so_far is not None and so_far.any and set(numbers) != set(held_numbers(rows)):
            raise InvalidInput(
                N_(
                    "after a part sale (Sec IX) the owner pays what the sale left due and takes "
                    "back all {held} head still held"
                ),
                section="IX",
                said={"held": len(held_numbers(rows))},
            )
        due = payable_on(s, seizure, rows, ctx, on, set(numbers))
        if amount < due.total:
            raise ReleaseWithoutFine(
                N_(
                    "{due_text} is due (fine {fine_text}, feeding {feeding_text}, expenses of sale "
                    "{expenses_text}); {paid_text} is not enough"
                )
                if due.expenses
                else N_(
                    "{due_text} is due (fine {fine_text}, feeding {feeding_text}); "
                    "{paid_text} is not enough"
                ),
                due=due.total,
                paid=amount,
                said={
                    "due_text": ctx.fmt(due.total),
                    "fine_text": ctx.fmt(due.fine),
                    "feeding_text": ctx.fmt(due.feeding),
                    "expenses_text": ctx.fmt(due.expenses),
                    "paid_text": ctx.fmt(amount),
                },
            )
        if amount > due.total:
            raise InvalidInput(
                N_("{due_text} is due; take exactly that, not {paid_text}"),
                section="VII",
                said={"due_text": ctx.fmt(due.total), "paid_text": ctx.fmt(amount)},
            )
        payer_person = _payer(s, seizure, payer, now)
        advance(
            s,
            seizure,
            rows,
            ctx,
            Pay(on=on, animal_ids=tuple(numbers), paid=amount, due=due.total),
            at=occurred_at,
            on=on,
            reason="released on payment (Sec VII)",
        )
        receipt_text = (
            f"Received back {len(numbers)} head ({', '.join(str(n) for n in numbers)}) of "
            f"seizure {seizure.ref} from {pound.name} pound on {on:%d %b %Y}, on payment of fine "
            f"{ctx.fmt(due.fine)} and feeding {ctx.fmt(due.feeding)}"
            + (f" and expenses of sale {ctx.fmt(due.expenses)}" if due.expenses else "")
            + f", total {ctx.fmt(due.total)}. "
            f"Signed: {signature.strip() or payer_person.name}"
            + (f" by agent {agent_name.strip()}" if agent_name else "")
            + "."
        )
        payment = Payment(
            seizure_id=seizure.id or 0,
            keeper_id=actor_id,
            payer_id=payer_person.id or 0,
            agent_name=agent_name.strip()[:200] if agent_name else None,
            animal_ids=numbers,
            fine=due.fine,
            feeding=due.feeding,
            expenses=due.expenses,
            total=due.total,
            occurred_at=occurred_at,
            receipt=receipt_text,
        )
        s.add(payment)
        s.flush()
        ledger.post(
            s,
            district_id=ctx.id,
            seizure_id=seizure.id,
            occurred_at=occurred_at,
            memo=f"payment {seizure.ref}",
            section="XI",
            lines=[
                (ledger.pound_cash(pound.code), due.total),
                (ledger.FUND_FINES, -due.fine),
                (ledger.keeper_feeding(pound.code), -due.feeding),
                *(
                    ledger.expense_credits(so_far.bills, so_far.paid.expenses, due.expenses)
                    if so_far is not None
                    else []
                ),
            ],
        )
        audit.append(
            s,
            action="payment_recorded",
            subject=seizure.ref,
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            district_id=seizure.district_id,
            section="VII",
            payload={
                "payment_id": payment.id,
                "animals": numbers,
                "fine": due.fine,
                "feeding": due.feeding,
                "expenses": due.expenses,
                "total": due.total,
                "payer_id": payer_person.id,
                "agent": payment.agent_name,
                "receipt": receipt_text,
            },
        )
        _after_release(seizure)
        # Messages: the seizer hears the outcome; a claimed seizure needs no more reminders.
        notify.released(
            s,
            seizure,
            ctx,
            how=Release.PAID,
            key=f"payment{payment.id}",
            numbers=numbers,
            at=occurred_at,
            now=now,
        )
        return Receipt(
            seizure.ref,
            payment.id or 0,
            due.fine,
            due.feeding,
            due.total,
            ctx.fmt(due.total),
            numbers,
            receipt_text,
            {
                "ref": seizure.ref,
                "pound": pound.name,
                "heads": len(numbers),
                "numbers": numbers,
                "on_date": on.isoformat(),
                "fine_amount": due.fine,
                "feeding_amount": due.feeding,
                "expenses_amount": due.expenses,
                "total_amount": due.total,
                "money": ctx.profile.money.name,
                "signed": signature.strip() or payer_person.name,
                "agent": agent_name.strip() if agent_name else None,
            },
        )


def _payer(s: Session, seizure: Seizure, payer: PersonIn | None, now: datetime) -> Person:
    """The owner claims (Sec VII); an owner not yet known is recorded now (G10)."""
    if payer is None:
        if seizure.owner_id is None:
            raise InvalidInput(N_("who is the owner claiming the cattle?"), section="VII")
        return get_person(s, seizure.owner_id)
    person = find_or_add_person(
        s, name=payer.name, residence=payer.residence, phone=payer.phone, now=now
    )
    if seizure.owner_id is None:
        seizure.owner_id = person.id
    elif seizure.owner_id != person.id:
        owner = get_person(s, seizure.owner_id)
        raise NotAuthorised(
            N_("the owner on record is {owner}; only the owner or his named agent may claim"),
            section="VII",
            said={"owner": owner.name},
        )
    return person


def _after_release(seizure: Seizure) -> None:
    if seizure.status == SeizureStatus.CLOSED.value:
        seizure.next_due_at = None


def order_release(
    db: Database,
    *,
    actor_id: int,
    ref: str,
    reason: str,
    occurred_at: datetime,
    now: datetime,
    animals: list[int] | None = None,
    authority: str = "",
) -> int:
    """Release without fine by order of competent authority: the Magistrate (Sec VI, XXI)."""
    if not reason.strip():
        raise InvalidInput(N_("a release order states its reason"), section="VI")
    with db.transaction() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        require_role(s, actor_id, seizure.district_id, Role.MAGISTRATE, None)
        check_times(occurred_at, now, seizure.last_event_at)
        return _release_by_order(
            s,
            seizure,
            actor_id=actor_id,
            reason=reason,
            authority=authority or get_person(s, actor_id).name + ", Magistrate",
            occurred_at=occurred_at,
            now=now,
            numbers=animals,
        )


def _release_by_order(
    s: Session,
    seizure: Seizure,
    *,
    actor_id: int,
    reason: str,
    authority: str,
    occurred_at: datetime,
    now: datetime,
    numbers: list[int] | None,
) -> int:
    ctx = district_context(s, seizure.district_id)
    rows = animals_of(s, seizure)
    chosen = _select_numbers(rows, numbers)
    if not chosen:
        raise Conflict(N_("no animal of this seizure is held"), section="VI")
    on = local_date(occurred_at, ctx.tz)
    advance(
        s,
        seizure,
        rows,
        ctx,
        OrderRelease(on=on, animal_ids=tuple(chosen)),
        at=occurred_at,
        on=on,
        reason=f"released by order: {reason.strip()[:400]}",
    )
    order_id = write_release_order(
        s,
        seizure,
        actor_id=actor_id,
        reason=reason,
        authority=authority,
        occurred_at=occurred_at,
        now=now,
        numbers=chosen,
        complaint_id=None,
    )
    # Messages: the seizer and the owner hear of the release by order (Sec VI).
    notify.released(
        s,
        seizure,
        ctx,
        how=Release.BY_ORDER,
        key=f"order{order_id}",
        numbers=chosen,
        at=occurred_at,
        now=now,
    )
    return order_id


def write_release_order(
    s: Session,
    seizure: Seizure,
    *,
    actor_id: int,
    reason: str,
    authority: str,
    occurred_at: datetime,
    now: datetime,
    numbers: list[int],
    complaint_id: int | None,
) -> int:
    """The order itself (Sec VI, XIV), once the animals' release is applied."""
    order = ReleaseOrder(
        seizure_id=seizure.id or 0,
        ordered_by=actor_id,
        authority=authority[:200],
        reason=reason.strip()[:2000],
        complaint_id=complaint_id,
        animal_ids=numbers,
        occurred_at=occurred_at,
        recorded_by=actor_id,
    )
    s.add(order)
    s.flush()
    audit.append(
        s,
        action="release_ordered",
        subject=seizure.ref,
        occurred_at=occurred_at,
        now=now,
        actor_id=actor_id,
        district_id=seizure.district_id,
        section="XIV" if complaint_id else "VI",
        payload={
            "order_id": order.id,
            "animals": numbers,
            "authority": order.authority,
            "reason": order.reason,
            "complaint_id": complaint_id,
        },
    )
    _after_release(seizure)
    return order.id or 0


def record_refusal(
    db: Database,
    *,
    actor_id: int,
    ref: str,
    occurred_at: datetime,
    now: datetime,
    owner: PersonIn | None = None,
    note: str = "",
) -> None:
    """The owner appeared and refused or omitted to pay: the cattle may be sold (Sec IX)."""
    with db.transaction() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        pound = _keeper_check(s, actor_id, seizure)
        check_times(occurred_at, now, seizure.last_event_at)
        ctx = district_context(s, seizure.district_id)
        rows = animals_of(s, seizure)
        person = _payer(s, seizure, owner, now)
        on = local_date(occurred_at, ctx.tz)
        advance(s, seizure, rows, ctx, Refuse(on=on), at=occurred_at, on=on)
        seizure.owner_refused_at = occurred_at
        s.add(seizure)
        s.add(
            Refusal(
                seizure_id=seizure.id or 0,
                owner_id=person.id or 0,
                keeper_id=actor_id,
                occurred_at=occurred_at,
                note=note.strip()[:1000],
            )
        )
        audit.append(
            s,
            action="owner_refused",
            subject=seizure.ref,
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            district_id=seizure.district_id,
            section="IX",
            payload={"owner_id": person.id, "pound": pound.code, "note": note.strip()[:1000]},
        )
        # Messages: the Darogah may sell as many as needed (Sec IX).
        notify.owner_refused(s, seizure, ctx, now)


def record_loss(
    db: Database,
    *,
    actor_id: int,
    ref: str,
    animal: int,
    what: str,
    reason: str,
    occurred_at: datetime,
    now: datetime,
) -> None:
    """An animal died or escaped in the pound: fine and feeding stop then, and none is asked of
    the owner for it; the keeper's feeding of it is written off in the ledger (G7)."""
    if what not in ("died", "escaped"):
        raise InvalidInput(N_("say whether the animal died or escaped"))
    if not reason.strip():
        raise InvalidInput(N_("give the reason or circumstances"), section="practice G7")
    with db.transaction() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        pound = _keeper_check(s, actor_id, seizure)
        check_times(occurred_at, now, seizure.last_event_at)
        ctx = district_context(s, seizure.district_id)
        rows = animals_of(s, seizure)
        on = local_date(occurred_at, ctx.tz)
        event = (Die if what == "died" else Escape)(on=on, animal_id=animal)
        advance(s, seizure, rows, ctx, event, at=occurred_at, on=on, reason=reason.strip()[:500])
        lost = next(a for a in rows if a.number == animal)
        written_off = charge_for(lost, seizure, ctx, on).written_off
        ledger.post(
            s,
            district_id=ctx.id,
            seizure_id=seizure.id,
            occurred_at=occurred_at,
            memo=f"feeding of animal {animal} of {seizure.ref} written off: it {what}",
            section="practice G7",
            lines=[
                (ledger.writeoff_feeding(pound.code), written_off),
                (ledger.keeper_feeding(pound.code), -written_off),
            ],
        )
        audit.append(
            s,
            action=f"animal_{what}",
            subject=seizure.ref,
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            district_id=seizure.district_id,
            section="practice G7",
            payload={
                "animal": animal,
                "reason": reason.strip()[:500],
                "feeding_written_off": written_off,
            },
        )
        _after_release(seizure)
        # Messages: the owner is told (G7).
        notify.animal_lost(
            s,
            seizure,
            ctx,
            number=animal,
            what=what,
            reason=reason.strip(),
            at=occurred_at,
            now=now,
        )


def report_unclaimed(
    db: Database, *, actor_id: int | None, ref: str, occurred_at: datetime, now: datetime
) -> None:
    """Not claimed within 7 days of impounding: the keeper reports to the Darogah (Sec VIII).

    `actor_id` None is the office's own clock acting for the keeper.
    """
    with db.transaction() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        if actor_id is not None:
            _keeper_check(s, actor_id, seizure)
        check_times(occurred_at, now, seizure.last_event_at)
        _report_unclaimed(s, seizure, actor_id=actor_id, occurred_at=occurred_at, now=now)


def _report_unclaimed(
    s: Session, seizure: Seizure, *, actor_id: int | None, occurred_at: datetime, now: datetime
) -> None:
    ctx = district_context(s, seizure.district_id)
    rows = animals_of(s, seizure)
    on = local_date(occurred_at, ctx.tz)
    advance(s, seizure, rows, ctx, ReportUnclaimed(on=on), at=occurred_at, on=on)
    seizure.reported_unclaimed_at = occurred_at
    seizure.next_due_at = None
    s.add(seizure)
    audit.append(
        s,
        action="reported_unclaimed",
        subject=seizure.ref,
        occurred_at=occurred_at,
        now=now,
        actor_id=actor_id,
        district_id=seizure.district_id,
        section="VIII",
        payload={"claim_until": seizure.claim_until.isoformat() if seizure.claim_until else None},
    )
    # Messages: the Darogah is asked to post the notice and have it proclaimed (Sec VIII).
    notify.unclaimed_reported(
        s, seizure, ctx, notice=notice_params(s, seizure, pound_of(s, seizure)), now=now
    )


def held_numbers(rows: list[Animal]) -> list[int]:
    return [a.number for a in rows if a.status == AnimalStatus.IMPOUNDED.value]
