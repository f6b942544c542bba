"""The clock's acts on one batch of a district's due seizures, the district read once (Sec VIII).

`act_on_batch` does for seizures the caller has locked what the keeper and the Darogah's
reminders would do one at a time: report cattle unclaimed when the first claim period has run
(Sec VIII) and ask the Darogah to post the notice; mark the auction due once the notice's seven
days have run with no complaint pending (Sec VIII, practice G3) and tell the Darogah and the
owner; clear what the clock has no more to do.

It works on the batch as a set. What the acts and their messages need (animals, pounds,
villages, people, the Darogahs, how each is reached, which messages are queued already) is read
once for the batch. The law decides each seizure (`law.lifecycle` through `office.state.advance`)
on the rows in memory, so a step the law refuses leaves that seizure as it was while the rest of
the batch goes on. Then the batch is written in a few statements: the changed rows by one UPDATE
for each table and set of new values (`_write_back`), the audit events in one INSERT a chain
(`audit.append_many`, each event naming the rows its act wrote), the messages in one INSERT
(`office.records.outbox.queue_many`). The messages' params are built by `office.notify.params`, as
the acts' own messages are (`office.notify.unclaimed_reported`, `office.notify.sale_due`), with the
same dedupe keys.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from sqlalchemy import Table, inspect, update
from sqlalchemy.orm.attributes import PASSIVE_NO_INITIALIZE, get_history
from sqlmodel import Session, col, select

from law.errors import PoundError
from law.lifecycle import ReportUnclaimed, SeizureStatus
from law.periods import local_date
from models import Animal, Person, Pound, RoleGrant, Seizure, Village
from models.columns import id_of
from office import notify
from office.access.roles import Role
from office.district import DistrictContext
from office.notify.params import (
    basics,
    notice_data,
    sale_due_owner_params,
    sale_due_params,
    unclaimed_report_params,
)
from office.notify.queueing import language
from office.records import audit, outbox
from office.records.reach import channel_for
from office.state import advance
from office.times import check_times

log = logging.getLogger(__name__)

CHUNK = 1000  # ids in one IN (...) list


@dataclass
class BatchCounts:
    """What one batch did to its seizures."""

    reported_unclaimed: int = 0
    sales_due: int = 0
    stayed: int = 0  # due, but a complaint is pending (Sec IX proviso, G3)
    cleared: int = 0  # nothing left for the clock to do (claimed, refused, closed)
    refused: int = 0  # the law refused the step; tried again on the next pass


def act_on_batch(
    s: Session, ctx: DistrictContext, seizures: Sequence[Seizure], *, now: datetime
) -> BatchCounts:
    """Take each due seizure of `ctx`'s district one step, in `s` (the caller holds their row
    locks and commits). A seizure no longer due as of `now` is left alone."""
    counts = BatchCounts()
    due = [x for x in seizures if x.next_due_at is not None and x.next_due_at <= now]
    if not due:
        return counts
    today = local_date(now, ctx.tz)
    batch = _Batch.load(s, ctx, due, now)
    # Decided in memory, then written in bulk: no flush writes a row at a time.
    with s.no_autoflush:
        for seizure in due:
            status = seizure.status
            if status == SeizureStatus.IMPOUNDED.value:
                if seizure.owner_refused_at is not None:
                    # The owner appeared: the cattle are not unclaimed; a Sec IX sale is the way.
                    seizure.next_due_at = None
                    counts.cleared += 1
                elif _report_unclaimed(s, batch, seizure, today, now):
                    counts.reported_unclaimed += 1
                else:
                    counts.refused += 1
            elif status == SeizureStatus.NOTICED.value:
                if seizure.complaints_pending:
                    counts.stayed += 1
                elif seizure.sale_not_before is None or today < seizure.sale_not_before:
                    counts.refused += 1
                else:
                    _sale_due(batch, seizure, today, now)
                    counts.sales_due += 1
            else:
                # Reported (awaiting the Darogah's notice), closed or still on the way: no step.
                seizure.next_due_at = None
                counts.cleared += 1
        _write_back(s, [*due, *(a for x in due for a in batch.animals_of(x))])
    audit.append_many(s, batch.events, now=now)
    batch.outbox.write()
    return counts


def _report_unclaimed(
    s: Session, batch: _Batch, seizure: Seizure, today: date, now: datetime
) -> bool:
    """Sec VIII: not claimed within the first period; the Darogah is asked to post the notice.
    False, and nothing changed, when the law refuses it."""
    animals = batch.animals_of(seizure)
    try:
        check_times(now, now, seizure.last_event_at)
        advance(s, seizure, animals, batch.ctx, ReportUnclaimed(on=today), at=now, on=today)
    except PoundError as exc:
        log.warning("seizure %s not reported unclaimed: %s", seizure.ref, exc.message)
        return False
    seizure.reported_unclaimed_at = now
    seizure.next_due_at = None
    claim_until = seizure.claim_until.isoformat() if seizure.claim_until else None
    pound = batch.event(seizure, "reported_unclaimed", now, claim_until=claim_until)
    batch.to_darogah(
        seizure,
        template="unclaimed_report",
        params=unclaimed_report_params(
            seizure,
            batch.basics(seizure),
            animals,
            notice_data(seizure, pound, batch.villages.get(seizure.village_id), animals),
        ),
        key="reported",
    )
    return True


def _sale_due(batch: _Batch, seizure: Seizure, today: date, now: datetime) -> None:
    """Sec VIII, G3: the notice has run unclaimed and no complaint is pending."""
    seizure.next_due_at = None
    animals = batch.animals_of(seizure)
    not_before = seizure.sale_not_before.isoformat() if seizure.sale_not_before else None
    batch.event(seizure, "sale_due", now, sale_not_before=not_before)
    named = batch.basics(seizure)
    batch.to_darogah(
        seizure,
        template="sale_due",
        params=sale_due_params(seizure, named, animals, "VIII"),
        key="notice",
    )
    batch.outbox.send(
        seizure,
        seizure.owner_id,
        template="sale_due_owner",
        params=sale_due_owner_params(seizure, named, animals, batch.ctx, today),
        key="notice",
        private=True,
    )


def _write_back(s: Session, rows: Sequence[object]) -> None:
    """Write what the batch changed in its rows: one UPDATE for each table and set of new
    values (the rows of a batch mostly change alike), and the session forgets the rows, so no
    flush writes them again. Columns left as they were are not written."""
    groups: dict[tuple[str, Any], list[Any]] = {}
    tables: dict[str, Table] = {}
    for obj in rows:
        state = inspect(obj)
        table = state.mapper.local_table
        if not isinstance(table, Table):  # pragma: no cover - every model maps one table
            raise TypeError(f"{type(obj).__name__} maps no table")
        values = {}
        for key in audit.touched(obj):
            history = get_history(obj, key, PASSIVE_NO_INITIALIZE)
            if history.added and history.has_changes():
                values[state.mapper.get_property(key).columns[0].name] = history.added[0]
        if not values:
            continue
        tables[table.name] = table
        (ident,) = state.mapper.primary_key_from_instance(obj)
        changes = tuple(sorted(values.items(), key=lambda kv: kv[0]))
        try:
            hash(changes)
        except TypeError:  # a value of no hash (JSON): a statement of its own
            changes = (("", id(obj)), *changes)
        groups.setdefault((table.name, changes), []).append(ident)
    for (name, changes), ids in groups.items():
        table = tables[name]
        (pk,) = table.primary_key.columns
        values = {k: v for k, v in changes if k}
        for part in _chunks(ids):
            s.execute(update(table).where(pk.in_(part)).values(values))
    for obj in rows:
        if obj in s:
            s.expunge(obj)


def _chunks(ids: Iterable[int]) -> Iterable[list[int]]:
    wanted = sorted(set(ids))
    for start in range(0, len(wanted), CHUNK):
        yield wanted[start : start + CHUNK]


@dataclass
class _Batch:
    """What the batch's acts read, read once, and the events they append."""

    ctx: DistrictContext
    animals: dict[int, list[Animal]]
    pounds: dict[int, Pound]
    villages: dict[int, Village]
    outbox: _Outbox
    events: list[audit.EventIn] = field(default_factory=list)

    @classmethod
    def load(
        cls, s: Session, ctx: DistrictContext, seizures: Sequence[Seizure], now: datetime
    ) -> _Batch:
        animals: dict[int, list[Animal]] = {id_of(x): [] for x in seizures}
        for part in _chunks(id_of(x) for x in seizures):
            rows = s.exec(
                select(Animal)
                .where(col(Animal.seizure_id).in_(part))
                .order_by(col(Animal.seizure_id), col(Animal.number))
            ).all()
            for a in rows:
                animals[a.seizure_id].append(a)
        pounds = {id_of(p): p for p in s.exec(select(Pound).where(Pound.district_id == ctx.id))}
        villages: dict[int, Village] = {}
        for part in _chunks(x.village_id for x in seizures):
            villages.update(
                (id_of(v), v) for v in s.exec(select(Village).where(col(Village.id).in_(part)))
            )
        return cls(ctx, animals, pounds, villages, _Outbox(s, ctx, now))

    def animals_of(self, seizure: Seizure) -> list[Animal]:
        return self.animals.get(id_of(seizure), [])

    def event(self, seizure: Seizure, action: str, now: datetime, **payload: Any) -> Pound | None:
        """The clock's Sec VIII event on `seizure`, naming the rows it wrote; its pound."""
        self.events.append(
            audit.EventIn(
                action=action,
                subject=seizure.ref,
                occurred_at=now,
                actor_id=None,
                district_id=seizure.district_id,
                section="VIII",
                payload=payload,
                rows=frozenset(audit.written([seizure, *self.animals_of(seizure)])),
            )
        )
        return self.pounds.get(seizure.pound_id)

    def to_darogah(
        self, seizure: Seizure, *, template: str, params: Mapping[str, object], key: str
    ) -> None:
        """The message to the Darogahs of the thana of the seizure's pound."""
        pound = self.pounds.get(seizure.pound_id)
        # Officers hear of work in office hours too; quiet hours (G11) are for private people.
        for person_id in self.outbox.officers(Role.DAROGAH, pound.thana if pound else ""):
            self.outbox.send(
                seizure, person_id, template=template, params=params, key=key, private=False
            )

    def basics(self, seizure: Seizure) -> dict[str, object]:
        return basics(
            seizure, self.pounds.get(seizure.pound_id), self.villages.get(seizure.village_id)
        )


class _Outbox:
    """The batch's messages: one look-up of the people, their reach and the dedupe keys, one
    INSERT for the rows (`office.notify.enqueue`, one row at a time, is the rule it follows)."""

    def __init__(self, s: Session, ctx: DistrictContext, now: datetime) -> None:
        self.s = s
        self.ctx = ctx
        self.now = now
        self.wanted: list[dict[str, Any]] = []
        self._officers: dict[tuple[str, str], list[int]] | None = None

    def officers(self, role: Role, place: str) -> list[int]:
        if self._officers is None:
            grants = self.s.exec(
                select(RoleGrant.person_id, RoleGrant.role, RoleGrant.place).where(
                    RoleGrant.district_id == self.ctx.id
                )
            ).all()
            found: dict[tuple[str, str], set[int]] = {}
            for person_id, held_role, held_place in grants:
                found.setdefault((held_role, held_place or ""), set()).add(person_id)
            self._officers = {k: sorted(v) for k, v in found.items()}
        return self._officers.get((role.value, place), [])

    def send(
        self,
        seizure: Seizure,
        person_id: int | None,
        *,
        template: str,
        params: Mapping[str, object],
        key: str,
        private: bool,
    ) -> None:
        if person_id is None:
            return
        self.wanted.append(
            {
                "dedupe_key": f"{template}:{seizure.ref}:{key}:{person_id}"[:200],
                "person_id": person_id,
                "template": template,
                "params": dict(params),
                "private": private,
                "seizure_ref": seizure.ref,
            }
        )

    def write(self) -> int:
        """Write the rows not queued already; the number written."""
        if not self.wanted:
            return 0
        s = self.s
        keys = [w["dedupe_key"] for w in self.wanted]
        queued = outbox.taken_keys(s, keys, CHUNK)
        people: dict[int, Person] = {}
        for part in _chunks(w["person_id"] for w in self.wanted):
            people.update(
                (id_of(p), p) for p in s.exec(select(Person).where(col(Person.id).in_(part)))
            )
        reach: dict[int, tuple[str, str] | None] = {}
        district = self.ctx.district
        rows: list[dict[str, Any]] = []
        for w in self.wanted:
            if w["dedupe_key"] in queued:
                continue
            person = people.get(w["person_id"])
            if person is None:
                continue
            if w["template"] in notify.CALLED_TEMPLATES:
                # A notice that also goes as a call: the one-row rule writes both rows.
                notify.enqueue(
                    s,
                    person_id=w["person_id"],
                    template=w["template"],
                    params=w["params"],
                    key=w["dedupe_key"],
                    due_at=self.now,
                    now=self.now,
                    private=w["private"],
                    seizure_ref=w["seizure_ref"],
                    district_id=self.ctx.id,
                )
                queued.add(w["dedupe_key"])
                continue
            if person.id not in reach:
                reach[id_of(person)] = channel_for(s, person)
            found = reach[id_of(person)]
            if found is None:
                continue
            channel, address = found
            queued.add(w["dedupe_key"])
            rows.append(
                {
                    **w,
                    "channel": channel,
                    "address": address,
                    "language": language(person, district),
                    "due_at": self.now,
                    "failed_reason": None,
                    "created_at": self.now,
                    "caused_by": None,  # the office's own clock
                    "body": None,
                    "options": [],
                    "error_count": 0,
                }
            )
        self.wanted = []
        return outbox.queue_many(s, rows)
