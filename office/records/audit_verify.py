"""Proving the audit chains, the heads witnessed outside the database, and the register's
rows against the events (docs/audit.md)."""

from __future__ import annotations

import hmac
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import TypeVar

from sqlalchemy import RowMapping, Table
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from models import AuditEvent, AuditHead, AuditWitness
from models.db import Reader
from office.records.audit import _head_key
from office.records.audit_chains import (
    EMPTY_HEAD,
    OFFICE,
    Chain,
    Head,
    Ranges,
    _in_chain,
    chain_head_in,
    chains,
    chains_in,
)
from office.records.audit_hash import (
    DISTRICT_COPIES,
    GENESIS,
    RECORD_TABLES,
    RowKey,
    _pk,
    _table,
    event_content,
    event_hash,
    event_mac,
    row_digest,
)

T = TypeVar("T")


def _ranges(seqs: Sequence[int]) -> Ranges:
    out: list[tuple[int, int]] = []
    for n in seqs:
        if out and out[-1][1] == n - 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return tuple(out)


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


def _pages(read: Callable[[int], Sequence[T]], key: Callable[[T], int]) -> Iterator[T]:
    """Every row `read(after)` gives, a page at a time: each page the rows whose key comes after
    the last one's of the page before (keys are positive)."""
    after = 0
    while rows := read(after):
        yield from rows
        after = key(rows[-1])


def _events(s: Session, district_id: int | None, batch: int = 2000) -> Iterator[AuditEvent]:
    q = select(AuditEvent).where(_in_chain(district_id)).order_by(col(AuditEvent.seq)).limit(batch)
    return _pages(lambda after: s.exec(q.where(AuditEvent.seq > after)).all(), lambda e: e.seq)


def _rows(s: Session, table: Table, batch: int) -> Iterator[RowMapping]:
    pk = _pk(table)
    q = table.select().order_by(pk).limit(batch)
    return _pages(
        lambda after: s.connection().execute(q.where(pk > after)).mappings().all(),
        lambda row: int(row[pk.name]),
    )


def verify_chain(db: Reader, chain: Chain = OFFICE, *, key: bytes | None = None) -> ChainReport:
    """Recompute every hash of one chain in order, and with `key` every mac; report the first
    event that does not match, and which events could be proved by their hash only. The
    chain's head row must stand at its last event: events cut from its end, or added after it
    outside the office, are named too."""
    prev = GENESIS
    checked = 0
    macs = 0
    without: list[int] = []
    unchecked: list[int] = []
    last_mac: int | None = None

    def report(seq: int | None = None, reason: str = "") -> ChainReport:
        return ChainReport(checked, seq, reason, macs, _ranges(without), _ranges(unchecked), chain)

    with db.lagging() as s:
        for ev in _events(s, chain.district_id):
            if ev.seq != checked + 1:
                return report(ev.seq, f"sequence jumps from {checked}")
            if ev.prev_hash != prev:
                return report(ev.seq, "prev_hash does not match the event before")
            content = event_content(ev)
            if event_hash(seq=ev.seq, prev_hash=prev, records=ev.records, **content) != ev.hash:
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
        events = select(AuditEvent.district_id, AuditEvent.seq, AuditEvent.hash)
        by_seq = s.exec(events.where(col(AuditEvent.seq).in_(wanted))).all() if wanted else []
        hashes = {(d, int(seq)): str(digest) for d, seq, digest in by_seq}
        of_hash = col(AuditEvent.hash).in_({h.hash for h in expected})
        by_hash = s.exec(events.where(of_hash)).all() if district is None and expected else []
        located = {str(digest): (d, int(seq)) for d, seq, digest in by_hash}
    # The heads looked for in a chain by their number: those expected of the district's chain,
    # and every head witnessed (once, at the first day it was).
    heads: list[tuple[int | None, Head, date | None]] = []
    for head in expected:
        if head == EMPTY_HEAD:
            continue
        if district is not None:
            heads.append((scope[0].district_id, head, None))
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
    for chain_id, head, on in [*heads, *witnessed]:
        if (chain_id, head) in seen or chain_id not in named:
            continue
        if on is not None:
            seen.add((chain_id, head))
        said = "is expected" if on is None else f"was witnessed on {on.isoformat()}"
        why = _missing(head, hashes.get((chain_id, head.seq)), ends[chain_id], said)
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
    with db.lagging() as s:
        q = (
            select(AuditEvent.id, AuditEvent.district_id, AuditEvent.seq, AuditEvent.records)
            .where(col(AuditEvent.records).is_not(None))
            .order_by(col(AuditEvent.id))
            .limit(batch)
        )
        for ident, district_id, seq, written in _pages(
            lambda after: s.exec(q.where(col(AuditEvent.id) > after)).all(),
            lambda event: int(event[0] or 0),
        ):
            events += 1
            for name, digest in (written or {}).items():
                table, _, row_id = name.rpartition(":")
                expected[(table, int(row_id))] = (digest, int(ident or 0), district_id, seq)
        for name in sorted(RECORD_TABLES):
            table = _table(name)
            for row in _rows(s, table, batch):
                rows += 1
                ident = int(row[_pk(table).name])
                want = expected.pop((name, ident), None)
                if want is None:
                    found.append((None, RecordProblem(name, ident, "unaccounted")))
                elif want[0] != row_digest(table, row):
                    found.append((want[1:], RecordProblem(name, ident, "altered")))
        for (name, ident), want in expected.items():
            if want[0] is not None:
                found.append((want[1:], RecordProblem(name, ident, "missing")))
        found.extend((None, p) for p in _misplaced(s))
        found.sort(key=lambda f: (f[0] is None, f[0][0] if f[0] else 0, f[1].table, f[1].id))
        wanted = {f[0][0] for f in found[:20] if f[0] is not None}
        acted = select(AuditEvent.id, AuditEvent.action).where(col(AuditEvent.id).in_(wanted))
        actions = {int(i or 0): str(a) for i, a in s.exec(acted)} if wanted else {}
        named = {c.district_id: c for c in chains_in(s)} if found else {}
    problems: list[RecordProblem] = []
    for writer, p in found:
        if writer is not None:  # named by the event that wrote the row last, and its chain
            event_id, district_id, seq = writer
            chain = named.get(district_id, Chain(district_id))
            p = replace(p, seq=seq, action=actions.get(event_id, ""), chain=chain)
        problems.append(p)
    return RecordsReport(rows, events, tuple(problems))
