"""What a queued message says when it is sent, and whether it is still true (practice G16).

An act queues its messages with the figures of its own instant (`office/notify/`). The sender
(`bot/sender.py`) asks `as_it_stands(db, rows, now)` just before it sends a batch: each row's
params are worked out again from the record as it then stands (the amount due as of the local
date of `now`, the heads still held, the dates), in the person's language as it now is; a row
whose cause is gone (the cattle paid for, the complaint decided, the task done) gets a `Drop`
with the reason, and the sender cancels it instead of sending it.

`RULES` (office/views/message_rules.py) is the one table: for each template that depends on
the record, the function that refreshes it or says why it is no longer true. The templates in
`STANDS` state something already done (an account, a decision, an outcome): they stay true and
go as queued. A row of
any other template (a conversation reply, or a template not classified here) goes as queued.
docs/messages.md lists the same table for readers, in its "Dropped when" columns.

The record is loaded once per seizure per call (a handful of queries for a whole batch), so a
pass with many due rows does not query per row.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import cache, partial
from typing import Any

from sqlmodel import Session, col, select

from law.periods import local_date
from models import Animal, Complaint, Person, Pound, Seizure, SurplusDeposit, Village
from models.columns import id_of
from models.db import Reader
from office.district import district_context
from office.views.message_rules import RULES, Broken, Drop, Look, QueuedRow, Record, Send, Verdict


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
