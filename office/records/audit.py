"""The audit chains: the acts' events appended, and sealed at the commit (docs/audit.md).

Each district has a chain of its own, numbered from 1 from a genesis of its own; the office
chain (no district) holds the events written before the districts had chains of their own and,
since then, the acts of no district (API tokens). Districts append in parallel; a district's
acts append one after another (docs/design.md).

Events are appended during an act onto the journal of its unit of work (models/unit.py), and
sealed when the unit commits (`_seal_unit`): each row of the record the unit's session flushed
gives its digest to the latest event of the unit that wrote it (rows written after the last
event go to the last), and the events take their numbers, hashes and macs (HMAC-SHA256 under
POUND_AUDIT_KEY) in their chains, each chain under the lock of its head row (`audithead`). A
savepoint rolled back takes its events and rows out of the journal, as it takes the rows.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from sqlalchemy import Table, inspect, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm.attributes import PASSIVE_NO_INITIALIZE, get_history
from sqlmodel import Session

from models import Unit
from models.audit import OFFICE_CHAIN
from models.unit import Written
from office.records.audit_hash import (
    GENESIS,
    RECORD_TABLES,
    RowKey,
    _canonical,
    _table,
    _unrecorded,
    canonical_time,
    current_digests,
    event_content,
    event_hash,
    event_mac,
    record_name,
)

log = logging.getLogger(__name__)


def append(
    s: Session,
    *,
    action: str,
    subject: str,
    occurred_at: datetime,
    now: datetime,
    actor_id: int | None,
    district_id: int | None,
    section: str = "",
    payload: dict[str, Any] | None = None,
) -> None:
    """Add one event at the end of the district's chain (`district_id` None: the office chain)
    when the unit commits; the rows written since the event before it in the unit are its act's."""
    event = EventIn(action, subject, occurred_at, actor_id, district_id, section, payload or {})
    append_many(s, [event], now=now)


@dataclass(frozen=True)
class EventIn:
    """One act of a batch appended at once (`append_many`), with the rows of the record it
    wrote (`rows`, as `written` finds them): written by statements of the batch, which no flush
    shows the chain."""

    action: str
    subject: str
    occurred_at: datetime
    actor_id: int | None
    district_id: int | None  # the chain: the district's, or None for the office chain
    section: str = ""
    payload: Mapping[str, Any] = field(default_factory=dict)
    rows: frozenset[RowKey] = frozenset()
    recorded_at: datetime | None = None  # set as it is appended


def written(objects: Iterable[object]) -> set[RowKey]:
    """The rows of the record among `objects` that their pending changes write: new rows, and
    rows whose recorded columns changed (the clock's own columns are not the record). Asked
    before the changes are written, as the act that names them in its event (`EventIn.rows`)."""
    found: set[RowKey] = set()
    for obj in objects:
        key = _record_key(obj)
        if key is not None and (inspect(obj).key is None or _changed(obj, key[0])):
            found.add(key)
    return found


def append_many(s: Session, events: Sequence[EventIn], *, now: datetime) -> None:
    """Add a batch's events, in order, as `append` does one; each event covers the rows it names
    (`EventIn.rows`: the batch writes its rows in bulk, not an event at a time), and the first
    also what was written since the event before it in the unit."""
    if not events:
        return
    canonical_time(now)
    for ev in events:
        canonical_time(ev.occurred_at)
    u = Unit.of(s)
    if u is None:
        raise RuntimeError("audit events are appended in a unit of work (models/unit.py)")
    s.flush()  # what the unit wrote before the batch (the act's rows) goes to its first event
    for ev in events:  # its payload canonical now; the rows of its act are added at the commit
        u.journal.add(
            s, "event", replace(ev, payload=_canonical(dict(ev.payload)), recorded_at=now)
        )
    u.before_commit("audit", _seal_unit)


def _record_key(obj: object) -> RowKey | None:
    state = inspect(obj)
    table = state.mapper.local_table
    if not isinstance(table, Table) or table.name not in RECORD_TABLES:
        return None
    ident = state.mapper.primary_key_from_instance(obj)
    if len(ident) != 1 or ident[0] is None:
        return None
    return (table.name, int(ident[0]))


def touched(obj: object) -> set[str]:
    """The attributes of a loaded object set since it was loaded or last flushed (to a new
    value or not): the only ones whose history may hold a change."""
    state = inspect(obj)
    return set(state.manager).difference(state.unmodified)


def _changed(obj: object, table: str) -> bool:
    """Whether a flushed object changed a recorded column (not only the clock's own)."""
    skip = _unrecorded(table)
    return any(
        key not in skip and get_history(obj, key, PASSIVE_NO_INITIALIZE).has_changes()
        for key in touched(obj)
    )


def _recorded(written: Written) -> set[RowKey]:
    """The rows of the record among those a flush wrote: new and deleted rows, and rows that
    changed a recorded column (not only the clock's own)."""
    found: set[RowKey] = set()
    for (table, ident), changed in written.items():
        if table in RECORD_TABLES and (changed is None or changed - _unrecorded(table)):
            found.add((table, int(ident)))
    return found


def _seal_unit(u: Unit) -> None:
    """At the unit's commit: each event takes the rows of the record written since the event
    before it (the rows written after the last event go to the last), and is sealed."""
    events: list[EventIn] = []
    open_rows: set[RowKey] = set()  # written after the last event so far
    for entry in u.journal.entries:
        if entry.kind == "rows":
            open_rows |= _recorded(entry.value)
        elif entry.kind == "event":
            events.append(replace(entry.value, rows=entry.value.rows | open_rows))
            open_rows = set()
    if not events:
        if open_rows:
            log.warning(
                "rows of the record written by no act: %s",
                ", ".join(record_name(k) for k in sorted(open_rows)[:10]),
            )
        return
    events[-1] = replace(events[-1], rows=events[-1].rows | open_rows)
    _seal(u.session, events, u.audit_key)


def _seal(s: OrmSession, events: list[EventIn], secret: bytes | None) -> None:
    """Each event takes its number, hash and mac in its chain, and the digest of each row of
    the record it was the latest to write."""
    latest = {key: i for i, pending in enumerate(events) for key in pending.rows}
    digests = current_digests(s, latest) if latest else {}
    records: list[dict[str, str | None]] = [{} for _ in events]
    for key in sorted(latest):
        records[latest[key]][record_name(key)] = digests[key]
    by_chain: dict[int | None, list[tuple[EventIn, dict[str, str | None]]]] = {}
    for pending, digested in zip(events, records, strict=True):
        by_chain.setdefault(pending.district_id, []).append((pending, digested))
    # The heads are the last rows a transaction locks, and in one order (the office chain, then
    # the districts by id), so two transactions never wait for each other's heads (docs/design.md).
    events_table = _table("auditevent")
    heads = _table("audithead")
    for district_id in sorted(by_chain, key=_head_key):
        seq, prev = _lock_head(s, district_id)
        values: list[dict[str, Any]] = []
        for pending, written_rows in by_chain[district_id]:
            seq += 1
            content = event_content(pending)
            digest = event_hash(seq=seq, prev_hash=prev, records=written_rows, **content)
            values.append(
                {
                    **content,
                    "district_id": district_id,
                    "seq": seq,
                    "records": written_rows or None,
                    "prev_hash": prev,
                    "hash": digest,
                    "mac": event_mac(secret, digest) if secret else None,
                }
            )
            prev = digest
        # The chain's events in one INSERT (executemany), not an object each.
        s.execute(events_table.insert(), values)
        s.execute(
            update(heads).where(heads.c.chain == _head_key(district_id)).values(seq=seq, hash=prev)
        )


def _head_key(district_id: int | None) -> int:
    return OFFICE_CHAIN if district_id is None else district_id


def _lock_head(s: OrmSession, district_id: int | None) -> tuple[int, str]:
    """Lock the chain's head row until the commit (made at the chain's first event) and read
    it: the number and hash of the chain's last event.

    One statement: an upsert whose conflict branch touches the row, so that it locks it on
    PostgreSQL whether it was there or not (SQLite's BEGIN IMMEDIATE already holds the file).
    """
    table = _table("audithead")
    dialect = s.get_bind().dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    new = insert(table).values(chain=_head_key(district_id), seq=0, hash=GENESIS)
    stmt = new.on_conflict_do_update(
        index_elements=[table.c.chain], set_={"chain": new.excluded.chain}
    ).returning(table.c.seq, table.c.hash)
    seq, digest = s.execute(stmt).one()
    return int(seq), str(digest)
