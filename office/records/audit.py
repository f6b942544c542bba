"""The audit chains: append the acts' events, and prove the register against them.

Each district has a chain of its own, numbered from 1 from a genesis of its own; the office
chain (no district) holds the events written before the districts had chains of their own and,
since then, the acts of no district (API tokens). Districts append in parallel; a district's
acts append one after another (docs/design.md).

Four things make a change to the record visible (docs/audit.md):

- The hash chain: each event's SHA-256 covers its content and the hash of the one before in its
  chain, so an event edited in place no longer matches its hash (`verify_chain`).
- The HMAC: each event also carries HMAC-SHA256(key, hash) under POUND_AUDIT_KEY, a key kept
  outside the database. Whoever edits an event and computes every hash after it again still
  cannot make the macs (`verify_chain(db, chain, key=...)`).
- The heads: the last event of a district's chain, as `SEQ:HASH`, goes to the district's
  Magistrates once a day (office/records/witness.py) and is kept in `auditwitness`; a chain cut
  short no longer reaches a head seen before (`check_heads`).
- The records: each event carries the digest of every row of the register its act wrote
  (`{"table:id": sha256}`, null for a row deleted), so a row edited or deleted behind the office's
  back no longer matches the latest event that wrote it (`verify_records`).

Events are appended during an act, onto the journal of its unit of work (models/unit.py), and
sealed when the unit commits (`u.commit()` runs `_seal_unit`): then the rows the acts wrote are
final, each row's digest goes to the latest event of the unit that wrote it (rows written after
the last event go to the last), and the events take their numbers, hashes and macs in their
chains, each chain under the lock of its head row (`audithead`). The rows written are the ones
the unit's journal saw its session flush; a savepoint rolled back takes its events and rows out
of the journal, as it takes the rows themselves.
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

from sqlalchemy import Table, inspect, update
from sqlalchemy import select as sa_select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm.attributes import PASSIVE_NO_INITIALIZE, get_history
from sqlmodel import Session, SQLModel, col, select

from models import AuditEvent, AuditHead, AuditWitness, District, Unit
from models.audit import OFFICE_CHAIN
from models.db import Reader
from models.district_key import derived_tables
from models.unit import Written

log = logging.getLogger(__name__)

GENESIS = "0" * 64

# --- What the record is -----------------------------------------------------------------------

# The tables of the register and the acts the Act speaks of: their rows are digested into the
# events that wrote them. A table in neither set fails a test, so each new table is classified.
RECORD_TABLES: frozenset[str] = frozenset(
    {
        # An adjudged fine, or what Sec XIV charges the seizer, paid (Sec XII: the fund's receipt).
        "finepaid",
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
        # The documents printed from the record, by the id their QR code carries.
        "issueddocument",
    }
)
# Not the record: the chain itself; people's contact details, which chats update (a phone shared,
# a language chosen); tokens; conversations, the inbound log, opt-outs and the outbox.
NOT_RECORD_TABLES: frozenset[str] = frozenset(
    {
        "auditevent",
        "audithead",
        "auditwitness",
        "registercounter",
        "person",
        "apitoken",
        "desk_signin",
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


_PLAIN = frozenset({str, int, float, bool, type(None)})


def _canonical(value: Any) -> Any:
    if type(value) in _PLAIN:  # most columns: as they are (an Enum or a subclass is not here)
        return value
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


# Columns a later migration added to tables whose rows were already digested, with the value it
# gave the old rows: left out of a row's digest while they hold it, so that a row written before
# them digests as it did (and one that states them is digested with them).
ADDED_COLUMNS: Mapping[str, Mapping[str, object]] = {
    "seizure": {"seizer_residence": "", "owner_residence": ""},
    "district": {"names": {}},
    "pound": {"names": {}},
}


def canonical_row(table: Table, row: Mapping[Any, Any]) -> dict[str, Any]:
    """A row as it is digested: every recorded column, times in UTC, dates and decimals as text."""
    skip = _unrecorded(table.name)
    added = ADDED_COLUMNS.get(table.name, {})
    return {
        c.name: _canonical(row[c.name])
        for c in table.columns
        if c.name not in skip and not (c.name in added and row[c.name] == added[c.name])
    }


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
    district_id: int | None  # the chain: the district's, or None for the office chain


@dataclass
class _Layer:
    """What a unit appended, and the rows written after its last event."""

    events: list[_Pending] = field(default_factory=list)
    open: set[RowKey] = field(default_factory=set)


def _unit_of(s: Session) -> Unit:
    u = Unit.of(s)
    if u is None:
        raise RuntimeError("audit events are appended in a unit of work (models/unit.py)")
    return u


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
    """Add one event at the end of the district's chain when the transaction commits
    (`district_id` None: the office chain, for an act that belongs to no district).

    The rows written since the event before (in this transaction) are the act's; its number,
    hash, mac and the digests of those rows are fixed at the commit, under the lock of the
    chain's head row.
    """
    canonical_time(occurred_at)
    canonical_time(now)
    u = _unit_of(s)
    s.flush()  # the rows the act wrote are in the journal before its event
    u.journal.add(
        s,
        "event",
        _Pending(
            action=action,
            subject=subject,
            occurred_at=occurred_at,
            recorded_at=now,
            actor_id=actor_id,
            section=section,
            payload=_canonical(payload or {}),
            rows=set(),
            district_id=district_id,
        ),
    )
    u.before_commit("audit", _seal_unit)


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
    """Add a batch's events, in order, at the end of their chains when the transaction commits,
    as `append` would one at a time; each event covers the rows it names (`EventIn.rows`), and
    the first also what was written since the event before it in the transaction.

    Nothing is flushed an event at a time: the batch writes its rows in bulk and names them. At the
    commit the events take their numbers, hashes and macs as appended ones do, each chain under
    its head row's lock (`_seal`), and are inserted in one statement a chain.
    """
    if not events:
        return
    canonical_time(now)
    for ev in events:
        canonical_time(ev.occurred_at)
    u = _unit_of(s)
    s.flush()  # what the unit wrote before the batch goes to its first event
    for ev in events:
        u.journal.add(
            s,
            "event",
            _Pending(
                action=ev.action,
                subject=ev.subject,
                occurred_at=ev.occurred_at,
                recorded_at=now,
                actor_id=ev.actor_id,
                section=ev.section,
                payload=_canonical(dict(ev.payload)),
                rows=set(ev.rows),
                district_id=ev.district_id,
            ),
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
    layer = _Layer()
    for entry in u.journal.entries:
        if entry.kind == "rows":
            layer.open |= _recorded(entry.value)
        elif entry.kind == "event":
            pending: _Pending = entry.value
            pending.rows |= layer.open
            layer.open = set()
            layer.events.append(pending)
    _seal(u.session, layer, u.audit_key)


def _seal(s: OrmSession, layer: _Layer, secret: bytes | None) -> None:
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
    by_chain: dict[int | None, list[tuple[_Pending, dict[str, str | None]]]] = {}
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
                records=written_rows,
            )
            values.append(
                {
                    "district_id": district_id,
                    "seq": seq,
                    "occurred_at": pending.occurred_at,
                    "recorded_at": pending.recorded_at,
                    "actor_id": pending.actor_id,
                    "action": pending.action,
                    "subject": pending.subject,
                    "section": pending.section,
                    "payload": pending.payload,
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


@dataclass(frozen=True)
class Chain:
    """One audit chain: a district's (its id and code), or the office chain (both None): the
    events written before the districts had chains of their own, and the acts of no district."""

    district_id: int | None = None
    code: str | None = None

    @property
    def name(self) -> str:
        """The district's code, or `office`."""
        return self.code if self.code is not None else "office"

    def __str__(self) -> str:
        return f"district {self.code}" if self.code is not None else "the office chain"


OFFICE = Chain()


def _in_chain(district_id: int | None) -> Any:
    column = col(AuditEvent.district_id)
    return column.is_(None) if district_id is None else column == district_id


def chains(db: Reader, district: str | None = None) -> list[Chain]:
    """Every chain, the office chain first and then the districts by code; or, given a
    district's code, that district's chain alone (LookupError for a code no district has)."""
    with db.reading() as s:
        return chains_in(s, district)


def chains_in(s: Session, district: str | None = None) -> list[Chain]:
    q = select(District.id, District.code).order_by(col(District.code))
    if district is not None:
        code = district.strip().upper()
        row = s.exec(q.where(District.code == code)).first()
        if row is None or row[0] is None:
            raise LookupError(f"no district {code!r}")
        return [Chain(int(row[0]), str(row[1]))]
    return [OFFICE, *(Chain(int(i or 0), str(c)) for i, c in s.exec(q).all())]


def district_chain(db: Reader, code: str) -> Chain:
    """The chain of the district with this code."""
    [chain] = chains(db, code)
    return chain


def chain_head(db: Reader, chain: Chain = OFFICE) -> Head:
    """The chain's last event as `SEQ:HASH`, or `0:000...` for a chain with no event."""
    with db.reading() as s:
        return chain_head_in(s, chain.district_id)


def chain_head_in(s: Session, district_id: int | None) -> Head:
    """The head of a district's chain (None: the office chain) as this session sees it."""
    last = s.exec(
        select(AuditEvent.seq, AuditEvent.hash)
        .where(_in_chain(district_id))
        .order_by(col(AuditEvent.seq).desc())
        .limit(1)
    ).first()
    return EMPTY_HEAD if last is None else Head(int(last[0]), str(last[1]))


@dataclass(frozen=True)
class ChainReport:
    """What `verify_chain` found in one chain: the first broken event, if any, and what it
    could prove how."""

    checked: int
    broken_seq: int | None = None
    reason: str = ""
    macs_checked: int = 0
    # Events that carry no mac, so only their hash was checked.
    without_mac: Ranges = ()
    # Events that carry a mac that was not checked: no key was given.
    macs_unchecked: Ranges = ()
    chain: Chain = OFFICE

    @property
    def ok(self) -> bool:
        return self.broken_seq is None


def _events(s: Session, district_id: int | None, batch: int = 2000) -> Iterator[AuditEvent]:
    after = 0
    while True:
        rows = s.exec(
            select(AuditEvent)
            .where(_in_chain(district_id), AuditEvent.seq > after)
            .order_by(col(AuditEvent.seq))
            .limit(batch)
        ).all()
        if not rows:
            return
        yield from rows
        after = rows[-1].seq


def verify_chain(db: Reader, chain: Chain = OFFICE, *, key: bytes | None = None) -> ChainReport:
    """Recompute every hash of one chain in order, and with `key` every mac; report the first
    event that does not match, and which events could be proved by their hash only. The
    chain's head row must stand at its last event: events cut from its end, or added after it
    outside the office, are named too."""
    prev = GENESIS
    expected_seq = 1
    checked = 0
    macs = 0
    without: list[int] = []
    unchecked: list[int] = []
    last_mac: int | None = None

    def report(seq: int | None = None, reason: str = "") -> ChainReport:
        return ChainReport(checked, seq, reason, macs, _ranges(without), _ranges(unchecked), chain)

    with db.reading() as s:
        for ev in _events(s, chain.district_id):
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
        row = s.exec(
            select(AuditHead.seq, AuditHead.hash).where(
                AuditHead.chain == _head_key(chain.district_id)
            )
        ).first()
    end = Head(checked, prev)
    if row is None:
        if checked:
            return report(checked, f"the chain has {checked} events but no head row")
        return report()
    said = Head(int(row[0]), str(row[1]))
    if said == end:
        return report()
    if said.seq > end.seq:
        return report(
            end.seq + 1,
            f"the chain ends at event {end.seq}, but its head row is at {said.seq}: events "
            "were cut from its end",
        )
    if said.seq < end.seq:
        return report(
            said.seq + 1,
            f"its head row is at event {said.seq}, but the chain goes on to {end.seq}: events "
            "were added outside the office, or the head row was set back",
        )
    return report(end.seq, f"its head row has another hash ({said.hash}) than event {end.seq}")


def verify_chains(
    db: Reader, *, key: bytes | None = None, district: str | None = None
) -> list[ChainReport]:
    """`verify_chain` for every chain (the office chain first, then the districts by code), or
    for the chain of the district with code `district`."""
    return [verify_chain(db, chain, key=key) for chain in chains(db, district)]


# --- Proving the heads ---------------------------------------------------------------------------


@dataclass(frozen=True)
class HeadProblem:
    """A head once seen that its chain no longer reaches, and why."""

    head: Head
    reason: str
    witnessed_on: date | None = None  # None for a head given on the command line
    chain: Chain | None = None  # None for a head given alone, found in no chain


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


def check_heads(
    db: Reader, expected: Sequence[Head] = (), *, district: str | None = None
) -> list[HeadProblem]:
    """Each head given (`--expect-head`) and each head sent to a Magistrate (`auditwitness`)
    must still be an event of its chain, with its hash: a chain cut short or rewritten is not.

    With `district`, the expected heads are of that district's chain and only the heads sent
    of it are checked; without, an expected head is looked for by its hash in every chain (a
    hash is unique), and every head ever sent is checked against the chain it was of."""
    problems: list[HeadProblem] = []
    with db.reading() as s:
        scope = chains_in(s, district)
        named = {c.district_id: c for c in scope}
        ends = {c.district_id: chain_head_in(s, c.district_id) for c in scope}
        q = sa_select(
            col(AuditWitness.district_id),
            col(AuditWitness.own_chain),
            col(AuditWitness.seq),
            col(AuditWitness.hash),
            col(AuditWitness.on_date),
        ).order_by(col(AuditWitness.on_date), col(AuditWitness.district_id))
        if district is not None:
            q = q.where(
                col(AuditWitness.district_id) == scope[0].district_id,
                col(AuditWitness.own_chain),
            )
        witnessed = [
            (d if own else None, Head(int(seq), str(digest)), on)
            for d, own, seq, digest, on in s.execute(q).all()
        ]
        wanted = {h.seq for _, h, _ in witnessed}
        if district is not None:
            wanted |= {h.seq for h in expected}
        hashes: dict[tuple[int | None, int], str] = {}
        if wanted:
            for d, seq, digest in s.exec(
                select(AuditEvent.district_id, AuditEvent.seq, AuditEvent.hash).where(
                    col(AuditEvent.seq).in_(wanted)
                )
            ).all():
                hashes[(d, int(seq))] = str(digest)
        located: dict[str, tuple[int | None, int]] = {}
        if district is None and expected:
            for d, seq, digest in s.exec(
                select(AuditEvent.district_id, AuditEvent.seq, AuditEvent.hash).where(
                    col(AuditEvent.hash).in_({h.hash for h in expected})
                )
            ).all():
                located[str(digest)] = (d, int(seq))
    for head in expected:
        if head == EMPTY_HEAD:
            continue
        if district is not None:
            chain = scope[0]
            why = _missing(
                head,
                hashes.get((chain.district_id, head.seq)),
                ends[chain.district_id],
                "is expected",
            )
            if why is not None:
                problems.append(HeadProblem(head, why, chain=chain))
            continue
        place = located.get(head.hash)
        if place is None:
            problems.append(
                HeadProblem(
                    head,
                    f"no chain has an event with hash {head.hash}: that head ({head.seq}) is "
                    "expected, so its chain was cut short or rewritten",
                )
            )
        elif place[1] != head.seq:
            problems.append(
                HeadProblem(
                    head,
                    f"the event with hash {head.hash} is number {place[1]}, not {head.seq}, "
                    "that the head expected says",
                    chain=named.get(place[0]),
                )
            )
    seen: set[tuple[int | None, Head]] = set()
    for chain_id, head, on in witnessed:
        if (chain_id, head) in seen or chain_id not in named:
            continue
        seen.add((chain_id, head))
        why = _missing(
            head,
            hashes.get((chain_id, head.seq)),
            ends[chain_id],
            f"was witnessed on {on.isoformat()}",
        )
        if why is not None:
            problems.append(HeadProblem(head, why, on, named[chain_id]))
    return problems


def witnessed_count(db: Reader, district: str | None = None) -> int:
    """Heads sent to Magistrates: all of them, or those of the district's own chain."""
    with db.reading() as s:
        q = select(AuditWitness.id)
        if district is not None:
            [chain] = chains_in(s, district)
            q = q.where(AuditWitness.district_id == chain.district_id, col(AuditWitness.own_chain))
        return len(s.exec(q).all())


# --- Proving the records --------------------------------------------------------------------------


@dataclass(frozen=True)
class RecordProblem:
    """A row of the record that does not stand as the act that last wrote it left it."""

    table: str
    id: int
    kind: str  # "altered", "missing" (deleted), "unaccounted" (no act wrote it), "misplaced"
    seq: int | None = None  # the latest event that wrote it
    action: str = ""
    chain: Chain = OFFICE  # the chain of that event

    def describe(self) -> str:
        what = f"record {self.table} id {self.id}"
        by = f"event {self.seq} of {self.chain} ({self.action})"
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


def verify_records(db: Reader, batch: int = 2000) -> RecordsReport:
    """Digest every row of the record as it stands and compare it with the digest of the latest
    event that wrote it; problems come in the order of those events (unaccounted rows last).

    Events of every chain are read in the order they were written (`id`): two acts that wrote
    one row wrote it one after the other, holding the row's lock, so the later one's event has
    the higher id whichever chains they are in."""
    # The latest event that wrote each row: (digest, its id, its chain's district, its seq).
    expected: dict[RowKey, tuple[str | None, int, int | None, int]] = {}
    events = 0
    found: list[tuple[tuple[int, int | None, int] | None, RecordProblem]] = []
    rows = 0
    with db.reading() as s:
        after = 0
        while True:
            chunk = s.exec(
                select(AuditEvent.id, AuditEvent.district_id, AuditEvent.seq, AuditEvent.records)
                .where(col(AuditEvent.id) > after, col(AuditEvent.records).is_not(None))
                .order_by(col(AuditEvent.id))
                .limit(batch)
            ).all()
            if not chunk:
                break
            for ident, district_id, seq, written in chunk:
                events += 1
                for name, digest in (written or {}).items():
                    table, _, row_id = name.rpartition(":")
                    expected[(table, int(row_id))] = (digest, int(ident or 0), district_id, seq)
            after = int(chunk[-1][0] or 0)
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
                        found.append((None, RecordProblem(name, ident, "unaccounted")))
                    elif want[0] != row_digest(table, row):
                        found.append((want[1:], RecordProblem(name, ident, "altered")))
                last = int(got[-1][pk.name])
        for (name, ident), want in expected.items():
            if want[0] is not None:
                found.append((want[1:], RecordProblem(name, ident, "missing")))
        found.extend((None, p) for p in _misplaced(s))
        found.sort(key=lambda f: (f[0] is None, f[0][0] if f[0] else 0, f[1].table, f[1].id))
        codes: dict[int, str] = {}
        actions: dict[int, str] = {}
        if found:
            codes = {int(i or 0): str(c) for i, c in s.exec(select(District.id, District.code))}
            wanted = {f[0][0] for f in found[:20] if f[0] is not None}
            if wanted:
                actions = {
                    int(i or 0): str(a)
                    for i, a in s.exec(
                        select(AuditEvent.id, AuditEvent.action).where(
                            col(AuditEvent.id).in_(wanted)
                        )
                    )
                }
    named: list[RecordProblem] = []
    for writer, p in found:
        if writer is None:
            named.append(p)
            continue
        event_id, district_id, seq = writer
        chain = OFFICE if district_id is None else Chain(district_id, codes.get(district_id))
        named.append(RecordProblem(p.table, p.id, p.kind, seq, actions.get(event_id, ""), chain))
    return RecordsReport(rows, events, tuple(named))
