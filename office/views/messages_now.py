"""What a queued message says when it is sent, and whether it is still true (practice G16).

An act queues its messages with the figures of its own instant (`office/notify/`). The sender
(`bot/sender.py`) asks `as_it_stands(db, rows, now)` just before it sends a batch: each row's
params are worked out again from the record as it then stands (the amount due as of the local
date of `now`, the heads still held, the dates), in the person's language as it now is; a row
whose cause is gone (the cattle paid for, the complaint decided, the task done) gets a `Drop`
with the reason, and the sender cancels it instead of sending it.

`RULES` is the one table: for each template that depends on the record, the function that
refreshes it or says why it is no longer true. The templates in `STANDS` state something
already done (an account, a decision, an outcome): they stay true and go as queued. A row of
any other template (a conversation reply, or a template not classified here) goes as queued.
docs/messages.md lists the same table for readers, in its "Dropped when" columns.

The record is loaded once per seizure per call (a handful of queries for a whole batch), so a
pass with many due rows does not query per row.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache, partial
from typing import Any, Protocol

from sqlmodel import Session, col, select

from law.complaint import OPEN
from law.lifecycle import AnimalStatus, SeizureStatus
from law.periods import local_date
from models import Animal, Complaint, Person, Pound, Seizure, SurplusDeposit, Village
from models.columns import id_of
from models.db import Reader
from office.district import DistrictContext, district_context
from office.notify.params import (
    amounts,
    basics,
    claim_notice_params,
    claim_reminder_params,
    heads,
    notice_params,
    notice_posted_params,
    sale_due_owner_params,
)


class QueuedRow(Protocol):
    """What this module needs of an outbox row (the sender's claimed rows have it)."""

    @property
    def id(self) -> int: ...
    @property
    def template(self) -> str: ...
    @property
    def seizure_ref(self) -> str | None: ...
    @property
    def person_id(self) -> int | None: ...
    @property
    def params(self) -> Mapping[str, object]: ...
    @property
    def language(self) -> str: ...


@dataclass(frozen=True)
class Send:
    """Send it, with these params, in this language."""

    params: dict[str, object]
    language: str


@dataclass(frozen=True)
class Drop:
    """Its cause is gone: cancel it, keeping the reason."""

    reason: str


@dataclass(frozen=True)
class Broken:
    """The row could not be worked out (bad params): fail it visibly, like a bad template."""

    reason: str


Verdict = Send | Drop | Broken


# --- The record of one seizure, loaded once -------------------------------------------------


@dataclass(frozen=True)
class Record:
    seizure: Seizure
    animals: tuple[Animal, ...]
    ctx: DistrictContext
    pound: Pound | None
    village: Village | None
    complaints: tuple[Complaint, ...]
    deposits: tuple[SurplusDeposit, ...]

    @property
    def held(self) -> list[Animal]:
        """In the pound now."""
        return [a for a in self.animals if a.status == AnimalStatus.IMPOUNDED.value]

    @property
    def on_the_way(self) -> list[Animal]:
        """Seized and not yet at the pound."""
        return [a for a in self.animals if a.status == AnimalStatus.SEIZED.value]

    def complaint(self, complaint_id: object) -> Complaint | None:
        return next((c for c in self.complaints if c.id == complaint_id), None)

    @property
    def pending(self) -> list[Complaint]:
        return [c for c in self.complaints if c.status in OPEN]


@dataclass(frozen=True)
class Look:
    """One row against its seizure's record, at the local date of the send."""

    record: Record
    params: Mapping[str, object]
    person_id: int | None
    on: date
    session: Session


# --- Shared pieces of the params ------------------------------------------------------------


def _basics(r: Record) -> dict[str, object]:
    return basics(r.seizure, r.pound, r.village)


def _none_held(r: Record) -> Drop:
    gone = Counter(a.status.replace("_", " ") for a in r.animals)
    what = ", ".join(f"{n} {status}" for status, n in sorted(gone.items()))
    return Drop(f"no head of seizure {r.seizure.ref} is held any longer ({what})")


def _not_for_sale(r: Record) -> Drop | None:
    """No head is held, or a complaint stays the sale."""
    return _none_held(r) if not r.held else _stayed(r)


def _stayed(r: Record) -> Drop | None:
    pending = r.pending
    if not pending and not r.seizure.complaints_pending:
        return None
    which = ", ".join(f"no. {c.id}" for c in pending) or "a complaint"
    return Drop(f"complaint {which} is pending: no sale until it is decided (Sec IX, XIV)")


def _complaint_gone(look: Look, *standing: str) -> Drop | None:
    """The row's complaint (`complaint_id`) is no longer in one of the `standing` states."""
    r = look.record
    complaint = r.complaint(look.params.get("complaint_id"))
    if complaint is None:
        return Drop(f"complaint no. {look.params.get('complaint_id')} is not on record")
    if complaint.status in standing:
        return None
    if complaint.decided_at is None:
        return Drop(f"complaint no. {complaint.id} is {complaint.status}")
    day = local_date(complaint.decided_at, r.ctx.tz).isoformat()
    return Drop(f"complaint no. {complaint.id} was decided on {day}: {complaint.status}")


# --- One rule per template ------------------------------------------------------------------


def _aid_requested(look: Look) -> dict[str, object] | Drop:
    r = look.record
    if r.seizure.conveyed_at is not None:
        return Drop("the police confirmed the cattle were conveyed to the pound")
    return _arrival_expected(look)


def _arrival_expected(look: Look) -> dict[str, object] | Drop:
    r = look.record
    if r.seizure.impounded_at is not None:
        day = local_date(r.seizure.impounded_at, r.ctx.tz).isoformat()
        return Drop(f"the cattle were registered at the pound on {day}")
    coming = r.on_the_way
    if r.seizure.status != SeizureStatus.SEIZED.value or not coming:
        return _none_held(r)
    return {**_basics(r), **heads(coming)}


def _unclaimed_report(look: Look) -> dict[str, object] | Drop:
    r = look.record
    held = r.held
    if not held:
        return _none_held(r)
    if r.seizure.noticed_on is not None:
        return Drop(f"the notice was posted on {r.seizure.noticed_on.isoformat()}")
    if r.seizure.status != SeizureStatus.REPORTED_UNCLAIMED.value:
        return Drop(f"the seizure is {r.seizure.status}, not reported unclaimed")
    fresh: dict[str, object] = {**_basics(r), **heads(held)}
    if r.seizure.claim_until is not None:
        fresh["claim_date"] = r.seizure.claim_until.isoformat()
    if look.params.get("heads") != len(held) and r.pound is not None:
        # Some head left since the report: the notice to post names those still held.
        fresh["notice"] = notice_params(look.session, r.seizure, r.pound)
    return fresh


def _sale_due(look: Look) -> dict[str, object] | Drop:
    r = look.record
    if gone := _not_for_sale(r):
        return gone
    if r.seizure.status != SeizureStatus.NOTICED.value:
        return Drop(f"the seizure is {r.seizure.status}: no notice has run")
    notice = r.seizure.noticed_on.isoformat() if r.seizure.noticed_on else None
    return {**_basics(r), **heads(r.held), "notice_date": notice}


def _sale_due_refused(look: Look) -> dict[str, object] | Drop:
    r = look.record
    return _not_for_sale(r) or {**_basics(r), **heads(r.held)}


def _complaint_waiting(look: Look) -> dict[str, object] | Drop:
    return _complaint_gone(look, *sorted(OPEN)) or _basics(look.record)


def _complaint_admitted(look: Look) -> dict[str, object] | Drop:
    # The summons to the seizer and the word to the complainant: true until it is decided.
    return _complaint_gone(look, "admitted") or _basics(look.record)


def _claimable(r: Record) -> Drop | None:
    """The owner may claim: some head held, and he has not refused to pay (Sec VII, IX)."""
    if not r.held:
        return _none_held(r)
    if r.seizure.owner_refused_at is not None:
        day = local_date(r.seizure.owner_refused_at, r.ctx.tz).isoformat()
        return Drop(f"the owner appeared and refused to pay on {day}: Sec IX applies, not a claim")
    return None


def _claim_notice(look: Look) -> dict[str, object] | Drop:
    r = look.record
    z = r.seizure
    if gone := _claimable(r):
        return gone
    if z.impounded_on is None or z.claim_until is None:
        return Drop("the cattle are not registered at the pound")
    return claim_notice_params(z, _basics(r), list(r.animals), r.ctx, max(look.on, z.impounded_on))


def _claim_reminder(look: Look) -> dict[str, object] | Drop:
    r = look.record
    z = r.seizure
    if gone := _claimable(r):
        return gone
    if z.claim_until is None or look.on > z.claim_until:
        until = z.claim_until.isoformat() if z.claim_until else "-"
        return Drop(f"the claim period ended on {until}")
    return claim_reminder_params(z, _basics(r), list(r.animals), r.ctx, look.on)


def _complaint_reminder(look: Look) -> dict[str, object] | Drop:
    r = look.record
    z = r.seizure
    his = [c for c in r.complaints if c.complainant_id == look.person_id]
    if his:
        return Drop(f"he complained (complaint no. {his[0].id})")
    if look.on > z.complaint_until:
        return Drop(f"the ten days for a complaint ended on {z.complaint_until.isoformat()}")
    return {**_basics(r), "complaint_date": z.complaint_until.isoformat()}


def _notice_posted(look: Look) -> dict[str, object] | Drop:
    r = look.record
    z = r.seizure
    if not r.held:
        return _none_held(r)
    if z.noticed_on is None or z.sale_not_before is None:
        return Drop("no notice is posted")
    if look.on >= z.sale_not_before:
        return Drop(f"the notice has run: the cattle may be sold from {z.sale_not_before}")
    return notice_posted_params(z, _basics(r), list(r.animals), r.ctx, look.on)


def _sale_due_owner(look: Look) -> dict[str, object] | Drop:
    r = look.record
    return _not_for_sale(r) or sale_due_owner_params(
        r.seizure, _basics(r), list(r.animals), r.ctx, look.on
    )


def _surplus_claimable(look: Look) -> dict[str, object] | Drop:
    r = look.record
    wanted = look.params.get("deposit_id")
    deposits = [d for d in r.deposits if wanted is None or d.id == wanted]
    if not deposits:
        return Drop("no surplus of this seizure is on record")
    deposit = deposits[0]
    if deposit.status != "deposited":
        return Drop(f"the surplus is no longer held: {deposit.status.replace('_', ' ')}")
    if look.on > deposit.claim_until:
        return Drop(f"the surplus could be claimed until {deposit.claim_until.isoformat()}")
    return {
        **_basics(r),
        **amounts(r.ctx, surplus=deposit.amount),
        "until_date": deposit.claim_until.isoformat(),
    }


Rule = Callable[[Look], "dict[str, object] | Drop"]

# Template -> how its params are worked out at the send, or why it is no longer true.
RULES: dict[str, Rule] = {
    # Officers: a task that is done is not asked again.
    "aid_requested": _aid_requested,
    "arrival_expected": _arrival_expected,
    "unclaimed_report": _unclaimed_report,
    "sale_due": _sale_due,
    "sale_due_refused": _sale_due_refused,
    "complaint_waiting": _complaint_waiting,
    "summons": _complaint_admitted,
    "complaint_admitted": _complaint_admitted,
    # Owners: the amount of the day, and nothing about a sale once nothing is held.
    "claim_notice": _claim_notice,
    "claim_reminder": _claim_reminder,
    "complaint_reminder": _complaint_reminder,
    "notice_posted": _notice_posted,
    "sale_due_owner": _sale_due_owner,
    "surplus_claimable": _surplus_claimable,
}

# What is done stays done: these say what happened, and go as queued.
STANDS: frozenset[str] = frozenset(
    {
        "reply",
        "desk_code",
        "register_copy",
        "outcome_released_paid",
        "outcome_released_by_order",
        "outcome_sold",
        "outcome_seizure_upheld",
        "outcome_seizure_illegal",
        "owner_released_by_order",
        "animal_died",
        "animal_escaped",
        "sale_account",
        "sale_account_all_sold",
        "sale_account_short",
        "sale_account_shortfall",
        "sale_account_unclaimed",
        "complaint_dismissed",
        "complaint_lawful",
        "complaint_illegal",
        # Sec XVII: an order and a sale are facts once made; the Darogah's task goes at once (an
        # officer's message is not held by quiet hours), before any sale it asks for.
        "recovery_ordered_convict",
        "recovery_ordered_complainant",
        "recovery_ordered_owner",
        "recovery_ordered_darogah",
        "recovery_sold_convict",
        "recovery_sold_complainant",
        "recovery_sold_owner",
        # Practice G4: officers' messages, sent at once when the order is needed or made.
        "kind_order_needed",
        "kind_ordered",
        # The audit chain's head on a day: a fact once read (office/records/witness.py).
        "audit_head",
    }
)


# --- The batch ------------------------------------------------------------------------------


def _by_seizure(s: Session, model: Any, ids: list[int], order: Any) -> dict[int, list[Any]]:
    """The rows of `model` of the seizures `ids`, by seizure, in `order`."""
    out: dict[int, list[Any]] = {}
    q = select(model).where(col(model.seizure_id).in_(ids)).order_by(col(order))
    for row in s.exec(q).all():
        out.setdefault(row.seizure_id, []).append(row)
    return out


def _load(s: Session, refs: set[str]) -> dict[str, Record]:
    """Each named seizure's record: six queries for the lot, and two per district."""
    if not refs:
        return {}
    seizures = list(s.exec(select(Seizure).where(col(Seizure.ref).in_(sorted(refs)))).all())
    ids = [z.id for z in seizures if z.id is not None]
    animals = _by_seizure(s, Animal, ids, Animal.number)
    complaints = _by_seizure(s, Complaint, ids, Complaint.id)
    deposits = _by_seizure(s, SurplusDeposit, ids, SurplusDeposit.id)
    pound_ids = sorted({z.pound_id for z in seizures})
    pounds = {p.id: p for p in s.exec(select(Pound).where(col(Pound.id).in_(pound_ids))).all()}
    village_ids = sorted({z.village_id for z in seizures})
    villages = {
        v.id: v for v in s.exec(select(Village).where(col(Village.id).in_(village_ids))).all()
    }
    context = cache(partial(district_context, s))
    records: dict[str, Record] = {}
    for z in seizures:
        key = id_of(z)
        records[z.ref] = Record(
            seizure=z,
            animals=tuple(animals.get(key, [])),
            ctx=context(z.district_id),
            pound=pounds.get(z.pound_id),
            village=villages.get(z.village_id),
            complaints=tuple(complaints.get(key, [])),
            deposits=tuple(deposits.get(key, [])),
        )
    return records


def _languages(s: Session, rows: Sequence[QueuedRow]) -> dict[int, str]:
    """Each person's own language as it now is (None: the row's, chosen when it was queued)."""
    people = sorted({r.person_id for r in rows if r.person_id is not None})
    if not people:
        return {}
    q = select(Person.id, Person.language).where(col(Person.id).in_(people))
    return {pid: lang for pid, lang in s.exec(q).all() if pid is not None and lang}


def as_it_stands(db: Reader, rows: Sequence[QueuedRow], now: datetime) -> dict[int, Verdict]:
    """For each row (by id): send it with these params, or drop it and why (practice G16).

    `now` is the instant of sending: amounts are those due on its local date in the seizure's
    district. A row naming no seizure, or of a template with no rule, goes as queued.
    """
    verdicts: dict[int, Verdict] = {}
    with db.reading() as s:
        languages = _languages(s, rows)
        refs = {r.seizure_ref for r in rows if r.template in RULES and r.seizure_ref}
        records = _load(s, refs)
        for row in rows:
            language = languages.get(row.person_id or -1, row.language)
            rule = RULES.get(row.template)
            if rule is None or not row.seizure_ref:
                verdicts[row.id] = Send(dict(row.params), language)
                continue
            record = records.get(row.seizure_ref)
            if record is None:
                verdicts[row.id] = Drop(f"seizure {row.seizure_ref} is not on record")
                continue
            look = Look(record, row.params, row.person_id, local_date(now, record.ctx.tz), s)
            try:
                fresh = rule(look)
            except Exception as exc:  # a bad row must fail visibly, not stop the batch
                verdicts[row.id] = Broken(f"{type(exc).__name__}: {exc}")
                continue
            if isinstance(fresh, Drop):
                verdicts[row.id] = fresh
            else:
                verdicts[row.id] = Send({**row.params, **fresh}, language)
    return verdicts
