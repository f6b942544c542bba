"""The canonical form of the register's rows and of the audit events, and their hashes and
MACs (docs/audit.md)."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from decimal import Decimal
from enum import Enum
from typing import Any

from sqlalchemy import Table
from sqlalchemy.orm import Session as OrmSession
from sqlmodel import SQLModel

from models.district_key import derived_tables

GENESIS = "0" * 64

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


def row_digest(table: Table, row: Mapping[Any, Any]) -> str:
    """SHA-256 of the row's canonical form (JSON, keys sorted), named by its table: every recorded
    column, times in UTC, dates and decimals as text."""
    skip = _unrecorded(table.name)
    added = ADDED_COLUMNS.get(table.name, {})
    canonical = {
        c.name: _canonical(row[c.name])
        for c in table.columns
        if c.name not in skip and not (c.name in added and row[c.name] == added[c.name])
    }
    return hashlib.sha256(_blob({"table": table.name, "row": canonical})).hexdigest()


def _unrecorded(table: str) -> frozenset[str]:
    skip = UNRECORDED_COLUMNS.get(table, frozenset())
    return skip | {"district_id"} if table in DISTRICT_COPIES else skip


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


def event_content(event: object) -> dict[str, Any]:
    """What an event's hash covers besides its place in its chain and the digests of the rows
    it wrote, as `event_hash` takes it (of an event pending or stored)."""
    names = ("occurred_at", "recorded_at", "actor_id", "action", "subject", "section", "payload")
    return {name: getattr(event, name) for name in names}


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
