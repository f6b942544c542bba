"""The audit chain: append the acts' events, and prove the register against them.

Four things make a change to the record visible (docs/audit.md):

- The hash chain: each event's SHA-256 covers its content and the hash of the one before, so an
  event edited in place no longer matches its hash (`verify_chain`).
- The HMAC: each event also carries HMAC-SHA256(key, hash) under POUND_AUDIT_KEY, a key kept
  outside the database. Whoever edits an event and computes every hash after it again still
  cannot make the macs (`verify_chain(db, key=...)`).
- The heads: the last event's `SEQ:HASH` goes to each district's Magistrates once a day
  (office/witness.py) and is kept in `auditwitness`; a chain cut short no longer reaches a head
  seen before (`check_heads`).
- The records: each event carries the digest of every row of the register its act wrote
  (`{"table:id": sha256}`, null for a row deleted), so a row edited or deleted behind the office's
  back no longer matches the latest event that wrote it (`verify_records`).

Events are appended during an act but sealed when its transaction commits: then the rows the
act wrote are final, each row's digest goes to the latest event of the transaction that wrote it
(rows written after the last event go to the last), and the events take their numbers, hashes
and macs. The rows written are gathered from the session's flushes (`after_flush`); a savepoint
hands its events and rows to the transaction around it when released, and loses them when rolled
back, as the rows themselves are.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from enum import Enum
from typing import Any

from sqlalchemy import Table, event, inspect
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm import SessionTransaction
from sqlmodel import Session, SQLModel, col, select

from models import AuditEvent, AuditWitness, Database
from models.db import AUDIT_KEY
from models.district_key import derived_tables
from office import acting

log = logging.getLogger(__name__)

GENESIS = "0" * 64

# --- What the record is -----------------------------------------------------------------------

# The tables of the register and the acts the Act speaks of: their rows are digested into the
# events that wrote them. A table in neither set fails a test, so each new table is classified.
RECORD_TABLES: frozenset[str] = frozenset(
    {
        # The jurisdiction the Magistrate notifies (Sec III, IV, VII, XX), loaded with an event.
        "district",
        "pound",
        "village",
        "rolegrant",
        "feedingrate",
        # A seizure and the register (Sec II, V, XV, XVI).
        "seizure",
        "animal",
        "aidrequest",
        "conveyance",
        "registerentry",
        # Payments, releases, refusals (Sec VI, VII, IX).
        "payment",
        "releaseorder",
        "refusal",
        # Notices, sales and what the sales paid (Sec VIII-XII).
        "notice",
        "sale",
        "salelot",
        "cattlereceipt",
        "surplusdeposit",
        "fundpayment",
        "ledgertxn",
        "ledgerposting",
        # Complaints, offences, cases and recovery (Sec XIV, XVII-XIX), orders (practice G4).
        "complaint",
        "offence",
        "mischiefcase",
        "offencedecision",
        "recoveryorder",
        "recoverysale",
        "recoverylot",
        "kindorder",
    }
)
# Not the record: the chain itself; people's contact details, which chats update (a phone shared,
# a language chosen); tokens; conversations, the inbound log, opt-outs and the outbox.
NOT_RECORD_TABLES: frozenset[str] = frozenset(
    {
        "auditevent",
        "auditwitness",
        "person",
        "apitoken",
        "conversation",
        "inboundmessage",
        "optout",
        "outbox",
        "channel_session",
        "idempotency_key",
    }
)
# Columns that schedule the office's own work rather than record an act: the clock clears them
# without an event, so they are left out of a row's digest.
UNRECORDED_COLUMNS: Mapping[str, frozenset[str]] = {"seizure": frozenset({"next_due_at"})}
# A row's copy of its parent's district (models/district_key.py) is left out of its digest too:
# the parent's own digest holds the district, `verify_records` checks each copy against it, and
# rows written before the copies existed still digest as they did.
DISTRICT_COPIES: Mapping[str, tuple[str, str]] = derived_tables()

RowKey = tuple[str, int]  # (table, id)


def canonical_time(at: datetime) -> str:
    """One text for one instant: in UTC, whatever offset it was given with.

    An act dated `2026-03-04T10:00:00+05:30` is stored and read back as `04:30:00+00:00` (both
    databases keep the instant, not the offset); hashing the text as received would make the
    chain fail to verify on data that was never touched.
    """
    if at.tzinfo is None or at.utcoffset() is None:
        raise ValueError(f"an audited time carries its offset: {at!r}")
    return at.astimezone(UTC).isoformat()


def _canonical(value: Any) -> Any:
    if isinstance(value, datetime):
        return canonical_time(value)
    if isinstance(value, Enum):
        return _canonical(value.value)
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, bytes):
        return value.hex()
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def _blob(body: Any) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode(
        "utf-8"
    )


def record_name(key: RowKey) -> str:
    return f"{key[0]}:{key[1]}"


def canonical_row(table: Table, row: Mapping[Any, Any]) -> dict[str, Any]:
    """A row as it is digested: every recorded column, times in UTC, dates and decimals as text."""
    skip = _unrecorded(table.name)
    return {c.name: _canonical(row[c.name]) for c in table.columns if c.name not in skip}


def _unrecorded(table: str) -> frozenset[str]:
    skip = UNRECORDED_COLUMNS.get(table, frozenset())
    return skip | {"district_id"} if table in DISTRICT_COPIES else skip


def row_digest(table: Table, row: Mapping[Any, Any]) -> str:
    """SHA-256 of the row's canonical form (JSON, keys sorted), named by its table."""
    return hashlib.sha256(
        _blob({"table": table.name, "row": canonical_row(table, row)})
    ).hexdigest()


def _table(name: str) -> Table:
    return SQLModel.metadata.tables[name]


def _pk(table: Table) -> Any:
    (column,) = table.primary_key.columns
    return column


def current_digests(
    s: OrmSession, keys: Iterable[RowKey], chunk: int = 500
) -> dict[RowKey, str | None]:
    """The digest of each row as it stands in the database; None for a row not there."""
    by_table: dict[str, list[int]] = {}
    for name, ident in keys:
        by_table.setdefault(name, []).append(ident)
    found: dict[RowKey, str | None] = {}
    for name, ids in by_table.items():
        table = _table(name)
        pk = _pk(table)
        for start in range(0, len(ids), chunk):
            part = ids[start : start + chunk]
            for row in s.connection().execute(table.select().where(pk.in_(part))).mappings():
                found[(name, row[pk.name])] = row_digest(table, row)
            for ident in part:
                found.setdefault((name, ident), None)
    return found


# --- The chain ----------------------------------------------------------------------------------


def event_hash(
    *,
    seq: int,
    prev_hash: str,
    occurred_at: datetime,
    recorded_at: datetime,
    actor_id: int | None,
    action: str,
    subject: str,
    section: str,
    payload: dict[str, Any],
    records: Mapping[str, str | None] | None = None,
) -> str:
    body = {
        "seq": seq,
        "prev": prev_hash,
        "occurred_at": canonical_time(occurred_at),
        "recorded_at": canonical_time(recorded_at),
        "actor": actor_id,
        "action": action,
        "subject": subject,
        "section": section,
        "payload": _canonical(payload),
    }
    if records:
        # Only events that wrote rows carry the key: events older than record digests keep
        # the hash they were written with.
        body["records"] = dict(records)
    return hashlib.sha256(_blob(body)).hexdigest()


def event_mac(key: bytes, event_hash_hex: str) -> str:
    """HMAC-SHA256 of an event's hash under the audit key."""
    return hmac.new(key, event_hash_hex.encode("ascii"), hashlib.sha256).hexdigest()


@dataclass
class _Pending:
    """An event appended in a transaction, sealed at its commit."""

    action: str
    subject: str
    occurred_at: datetime
    recorded_at: datetime
    actor_id: int | None
    section: str
    payload: dict[str, Any]
    rows: set[RowKey]  # written since the event before it in the transaction


@dataclass
class _Layer:
    """What one (sub)transaction appended, and the rows written since its last event."""

    events: list[_Pending] = field(default_factory=list)
    open: set[RowKey] = field(default_factory=set)


_LAYERS = "pound.audit.layers"


def _transaction(s: OrmSession) -> SessionTransaction | None:
    return s.get_nested_transaction() or s.get_transaction()


def _layer(s: OrmSession) -> _Layer:
    transaction = _transaction(s)
    if transaction is None:
        raise RuntimeError("audit events are appended inside a transaction")
    layers: dict[SessionTransaction, _Layer] = s.info.setdefault(_LAYERS, {})
    return layers.setdefault(transaction, _Layer())


def append(
    s: Session,
    *,
    action: str,
    subject: str,
    occurred_at: datetime,
    now: datetime,
    actor_id: int | None,
    section: str = "",
    payload: dict[str, Any] | None = None,
) -> None:
    """Add one event at the end of the chain when the transaction commits.

    The rows written since the event before (in this transaction) are the act's; its number,
    hash, mac and the digests of those rows are fixed at the commit, under the writer lock.
    """
    acting.note_actor(s, actor_id)  # the act's messages name who caused them
    canonical_time(occurred_at)
    canonical_time(now)
    s.flush()
    layer = _layer(s)
    layer.events.append(
        _Pending(
            action=action,
            subject=subject,
            occurred_at=occurred_at,
            recorded_at=now,
            actor_id=actor_id,
            section=section,
            payload=_canonical(payload or {}),
            rows=layer.open,
        )
    )
    layer.open = set()


def _record_key(obj: object) -> RowKey | None:
    state = inspect(obj)
    table = state.mapper.local_table
    if not isinstance(table, Table) or table.name not in RECORD_TABLES:
        return None
    ident = state.mapper.primary_key_from_instance(obj)
    if len(ident) != 1 or ident[0] is None:
        return None
    return (table.name, int(ident[0]))


def _changed(obj: object, table: str) -> bool:
    """Whether a flushed object changed a recorded column (not only the clock's own)."""
    skip = _unrecorded(table)
    state = inspect(obj)
    for attr in state.mapper.column_attrs:
        if attr.key in skip:
            continue
        if state.attrs[attr.key].history.has_changes():
            return True
    return False


@event.listens_for(OrmSession, "after_flush")
def _gather(s: OrmSession, _context: Any) -> None:
    """The rows of the record this flush wrote, for the next event of the transaction."""
    written: set[RowKey] = set()
    for obj in s.new:
        key = _record_key(obj)
        if key is not None:
            written.add(key)
    for obj in s.dirty:
        key = _record_key(obj)
        if key is not None and _changed(obj, key[0]):
            written.add(key)
    for obj in s.deleted:
        key = _record_key(obj)
        if key is not None:
            written.add(key)
    if written and _transaction(s) is not None:
        _layer(s).open |= written


@event.listens_for(OrmSession, "before_commit")
def _on_commit(s: OrmSession) -> None:
    layers: dict[SessionTransaction, _Layer] | None = s.info.get(_LAYERS)
    if not layers and not (s.new or s.dirty or s.deleted):
        return
    s.flush()  # the rows still pending are part of what this (sub)transaction wrote
    layers = s.info.get(_LAYERS)
    if not layers:
        return
    transaction = _transaction(s)
    if transaction is None:
        return
    mine = layers.pop(transaction, None)
    if mine is None:
        return
    parent = transaction.parent
    if transaction.nested and parent is not None:
        outer = layers.setdefault(parent, _Layer())
        if mine.events:
            mine.events[0].rows |= outer.open
            outer.events.extend(mine.events)
            outer.open = mine.open
        else:
            outer.open |= mine.open
        return
    layers.clear()  # what rolled-back savepoints gathered goes with them
    _seal(s, mine)


@event.listens_for(OrmSession, "after_soft_rollback")
def _forget(s: OrmSession, previous: SessionTransaction) -> None:
    """A (sub)transaction rolled back: its events and rows are gone with it."""
    layers: dict[SessionTransaction, _Layer] | None = s.info.get(_LAYERS)
    if not layers:
        return
    if previous.nested:
        layers.pop(previous, None)
    else:
        layers.clear()


def _seal(s: OrmSession, layer: _Layer) -> None:
    if not layer.events:
        if layer.open:
            log.warning(
                "rows of the record written by no act: %s",
                ", ".join(record_name(k) for k in sorted(layer.open)[:10]),
            )
        return
    events = layer.events
    latest: dict[RowKey, int] = {}
    for i, pending in enumerate(events):
        for key in pending.rows:
            latest[key] = i
    for key in layer.open:
        latest[key] = len(events) - 1
    digests = current_digests(s, latest) if latest else {}
    records: list[dict[str, str | None]] = [{} for _ in events]
    for key in sorted(latest):
        records[latest[key]][record_name(key)] = digests[key]
    last = s.execute(
        select(AuditEvent.seq, AuditEvent.hash).order_by(col(AuditEvent.seq).desc()).limit(1)
    ).first()
    seq, prev = (0, GENESIS) if last is None else (int(last[0]), str(last[1]))
    secret: bytes | None = s.info.get(AUDIT_KEY)
    for pending, written in zip(events, records, strict=True):
        seq += 1
        digest = event_hash(
            seq=seq,
            prev_hash=prev,
            occurred_at=pending.occurred_at,
            recorded_at=pending.recorded_at,
            actor_id=pending.actor_id,
            action=pending.action,
            subject=pending.subject,
            section=pending.section,
            payload=pending.payload,
            records=written,
        )
        s.add(
            AuditEvent(
                seq=seq,
                occurred_at=pending.occurred_at,
                recorded_at=pending.recorded_at,
                actor_id=pending.actor_id,
                action=pending.action,
                subject=pending.subject,
                section=pending.section,
                payload=pending.payload,
                records=written or None,
                prev_hash=prev,
                hash=digest,
                mac=event_mac(secret, digest) if secret else None,
            )
        )
        prev = digest
    s.flush()


# --- Proving the chain --------------------------------------------------------------------------

Ranges = tuple[tuple[int, int], ...]


def _ranges(seqs: Sequence[int]) -> Ranges:
    out: list[tuple[int, int]] = []
    for n in seqs:
        if out and out[-1][1] == n - 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return tuple(out)


def describe_ranges(ranges: Ranges) -> str:
    """`1-20, 45, 50-52`."""
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in ranges)


def count_of(ranges: Ranges) -> int:
    return sum(b - a + 1 for a, b in ranges)


@dataclass(frozen=True)
class Head:
    """The last event of a chain: its number and hash (`SEQ:HASH`)."""

    seq: int
    hash: str

    def __str__(self) -> str:
        return f"{self.seq}:{self.hash}"


_HEAD = re.compile(r"^\s*(\d+):([0-9a-fA-F]{64})\s*$")


def parse_head(text: str) -> Head:
    """`SEQ:HASH` as `pound audit head` prints it."""
    found = _HEAD.match(text)
    if found is None:
        raise ValueError(f"{text!r} is not SEQ:HASH (a number, a colon and 64 hex digits)")
    return Head(int(found.group(1)), found.group(2).lower())


EMPTY_HEAD = Head(0, GENESIS)


def chain_head(db: Database) -> Head:
    """The last event's `SEQ:HASH`, or `0:000...` for a chain with no event."""
    with db.reading() as s:
        return chain_head_in(s)


def chain_head_in(s: Session) -> Head:
    """The head as this session sees it (inside a transaction: under its lock)."""
    last = s.exec(
        select(AuditEvent.seq, AuditEvent.hash).order_by(col(AuditEvent.seq).desc()).limit(1)
    ).first()
    return EMPTY_HEAD if last is None else Head(int(last[0]), str(last[1]))


@dataclass(frozen=True)
class ChainReport:
    """What `verify_chain` found: the first broken event, if any, and what it could prove how."""

    checked: int
    broken_seq: int | None = None
    reason: str = ""
    macs_checked: int = 0
    # Events that carry no mac, so only their hash was checked.
    without_mac: Ranges = ()
    # Events that carry a mac that was not checked: no key was given.
    macs_unchecked: Ranges = ()

    @property
    def ok(self) -> bool:
        return self.broken_seq is None


def _events(s: Session, batch: int = 2000) -> Iterator[AuditEvent]:
    after = 0
    while True:
        rows = s.exec(
            select(AuditEvent)
            .where(AuditEvent.seq > after)
            .order_by(col(AuditEvent.seq))
            .limit(batch)
        ).all()
        if not rows:
            return
        yield from rows
        after = rows[-1].seq


def verify_chain(db: Database, *, key: bytes | None = None) -> ChainReport:
    """Recompute every hash in order, and with `key` every mac; report the first event that
    does not match, and which events could be proved by their hash only."""
    prev = GENESIS
    expected_seq = 1
    checked = 0
    macs = 0
    without: list[int] = []
    unchecked: list[int] = []
    last_mac: int | None = None

    def report(seq: int | None = None, reason: str = "") -> ChainReport:
        return ChainReport(checked, seq, reason, macs, _ranges(without), _ranges(unchecked))

    with db.reading() as s:
        for ev in _events(s):
            if ev.seq != expected_seq:
                return report(ev.seq, f"sequence jumps from {expected_seq - 1}")
            if ev.prev_hash != prev:
                return report(ev.seq, "prev_hash does not match the event before")
            recomputed = event_hash(
                seq=ev.seq,
                prev_hash=ev.prev_hash,
                occurred_at=ev.occurred_at,
                recorded_at=ev.recorded_at,
                actor_id=ev.actor_id,
                action=ev.action,
                subject=ev.subject,
                section=ev.section,
                payload=dict(ev.payload),
                records=ev.records,
            )
            if recomputed != ev.hash:
                return report(ev.seq, "content does not match its hash")
            if ev.mac is None:
                if key is not None and last_mac is not None:
                    return report(
                        ev.seq,
                        f"it carries no mac though event {last_mac} before it does: its mac "
                        "was removed, or it was written without POUND_AUDIT_KEY",
                    )
                without.append(ev.seq)
            elif key is None:
                unchecked.append(ev.seq)
            elif not hmac.compare_digest(ev.mac, event_mac(key, ev.hash)):
                return report(
                    ev.seq,
                    "its mac does not match: the event was rewritten and hashed again, "
                    "or written under another key than POUND_AUDIT_KEY",
                )
            else:
                macs += 1
                last_mac = ev.seq
            prev = ev.hash
            expected_seq += 1
            checked += 1
    return report()


# --- Proving the heads ---------------------------------------------------------------------------


@dataclass(frozen=True)
class HeadProblem:
    """A head once seen that the chain no longer reaches, and why."""

    head: Head
    reason: str
    witnessed_on: date | None = None  # None for a head given on the command line


def _missing(head: Head, found: str | None, end: Head, seen: str) -> str | None:
    """Why the chain no longer holds `head`, which `seen` ("is expected", "was witnessed on
    DATE"), or None when it does."""
    if found is None:
        return (
            f"event {head.seq} with hash {head.hash} is not in the chain: the chain ends at "
            f"{end.seq}, but that head {seen}"
        )
    if found != head.hash:
        return f"event {head.seq} has another hash ({found}) than the head {head} that {seen}"
    return None


def check_heads(db: Database, expected: Sequence[Head] = ()) -> list[HeadProblem]:
    """Each head given (`--expect-head`) and each head sent to a Magistrate (`auditwitness`)
    must still be an event of the chain, with its hash: a chain cut short or rewritten is not."""
    problems: list[HeadProblem] = []
    with db.reading() as s:
        end = chain_head_in(s)
        witnessed = s.exec(
            select(
                col(AuditWitness.seq), col(AuditWitness.hash), col(AuditWitness.on_date)
            ).order_by(col(AuditWitness.seq), col(AuditWitness.on_date))
        ).all()
        wanted = {h.seq for h in expected} | {int(w[0]) for w in witnessed}
        hashes: dict[int, str] = {}
        if wanted:
            for seq, digest in s.exec(
                select(AuditEvent.seq, AuditEvent.hash).where(col(AuditEvent.seq).in_(wanted))
            ).all():
                hashes[int(seq)] = str(digest)
    for head in expected:
        if head == EMPTY_HEAD:
            continue
        why = _missing(head, hashes.get(head.seq), end, "is expected")
        if why is not None:
            problems.append(HeadProblem(head, why))
    seen: set[Head] = set()
    for seq, digest, on in witnessed:
        head = Head(int(seq), str(digest))
        if head in seen:
            continue
        seen.add(head)
        why = _missing(head, hashes.get(head.seq), end, f"was witnessed on {on.isoformat()}")
        if why is not None:
            problems.append(HeadProblem(head, why, on))
    return problems


def witnessed_count(db: Database) -> int:
    with db.reading() as s:
        return len(s.exec(select(AuditWitness.id)).all())


# --- Proving the records --------------------------------------------------------------------------


@dataclass(frozen=True)
class RecordProblem:
    """A row of the record that does not stand as the act that last wrote it left it."""

    table: str
    id: int
    kind: str  # "altered", "missing" (deleted), "unaccounted" (no act wrote it), "misplaced"
    seq: int | None = None  # the latest event that wrote it
    action: str = ""

    def describe(self) -> str:
        what = f"record {self.table} id {self.id}"
        by = f"event {self.seq} ({self.action})"
        if self.kind == "altered":
            return f"{what} was altered: it no longer matches the digest {by} recorded"
        if self.kind == "missing":
            return f"{what} is missing: {by} wrote it"
        if self.kind == "misplaced":
            return f"{what} names another district than the row it belongs to"
        return (
            f"{what} was written by no event of the chain (added outside the office, or before "
            "the events carried record digests)"
        )


@dataclass(frozen=True)
class RecordsReport:
    rows: int  # rows of the record read
    events: int  # events that carry record digests
    problems: tuple[RecordProblem, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems


def _misplaced(s: Session) -> list[RecordProblem]:
    """Rows whose copy of the district is not their parent's (the copy is in no digest)."""
    found = []
    for name, (column, parent_name) in sorted(DISTRICT_COPIES.items()):
        table, parent = _table(name), _table(parent_name)
        pk = _pk(table)
        q = (
            table.select()
            .with_only_columns(pk)
            .join_from(table, parent, table.c[column] == _pk(parent))
            .where(table.c.district_id != parent.c.district_id)
            .order_by(pk)
        )
        found += [
            RecordProblem(name, int(i), "misplaced") for i in s.connection().execute(q).scalars()
        ]
    return found


def verify_records(db: Database, batch: int = 2000) -> RecordsReport:
    """Digest every row of the record as it stands and compare it with the digest of the latest
    event that wrote it; problems come in the order of those events (unaccounted rows last)."""
    expected: dict[RowKey, tuple[str | None, int]] = {}
    events = 0
    problems: list[RecordProblem] = []
    rows = 0
    with db.reading() as s:
        after = 0
        while True:
            chunk = s.exec(
                select(AuditEvent.seq, AuditEvent.records)
                .where(AuditEvent.seq > after, col(AuditEvent.records).is_not(None))
                .order_by(col(AuditEvent.seq))
                .limit(batch)
            ).all()
            if not chunk:
                break
            for seq, written in chunk:
                events += 1
                for name, digest in (written or {}).items():
                    table, _, ident = name.rpartition(":")
                    expected[(table, int(ident))] = (digest, int(seq))
            after = int(chunk[-1][0])
        for name in sorted(RECORD_TABLES):
            table = _table(name)
            pk = _pk(table)
            last: int | None = None
            while True:
                q = table.select().order_by(pk).limit(batch)
                if last is not None:
                    q = q.where(pk > last)
                got = s.connection().execute(q).mappings().all()
                if not got:
                    break
                for row in got:
                    rows += 1
                    ident = int(row[pk.name])
                    want = expected.pop((name, ident), None)
                    if want is None:
                        problems.append(RecordProblem(name, ident, "unaccounted"))
                    elif want[0] != row_digest(table, row):
                        problems.append(RecordProblem(name, ident, "altered", want[1]))
                last = int(got[-1][pk.name])
        for (name, ident), (digest, seq) in expected.items():
            if digest is not None:
                problems.append(RecordProblem(name, ident, "missing", seq))
        problems.extend(_misplaced(s))
        problems.sort(key=lambda p: (p.seq is None, p.seq or 0, p.table, p.id))
        actions = {}
        seqs = {p.seq for p in problems[:20] if p.seq is not None}
        if seqs:
            actions = dict(
                s.exec(
                    select(AuditEvent.seq, AuditEvent.action).where(col(AuditEvent.seq).in_(seqs))
                ).all()
            )
    named = tuple(
        RecordProblem(p.table, p.id, p.kind, p.seq, actions.get(p.seq, "")) if p.seq else p
        for p in problems
    )
    return RecordsReport(rows, events, named)
