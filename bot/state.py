"""The engine's own rows: where a chat stands, the inbound log, and reply rows for the outbox.

Every message reads and writes these, so they cost as little as a message can:
- the start of a message is ONE statement, built once at import (`open_chat`): whether it was
  seen before, whether the sender opted out, who the sender is, and the chat's row;
- the end of a message writes nothing yet: the chat's new state, the inbound record and the
  reply rows wait for the commit (models/deferred.py) and are written together, a statement a
  table for every message of the transaction. A savepoint keeps what was said inside it only if
  it is released; a rolled-back one takes its messages with it.
A later message of the same transaction reads what waits before the database, so it sees every
message before it, as if each had been written at once.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Select,
    Table,
    and_,
    bindparam,
    exists,
    insert,
    literal,
    select,
    true,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import Session

from models import Conversation, InboundMessage, OptOut, Outbox, Person, deferred

_CONV: Table = Conversation.__table__  # type: ignore[attr-defined]
_INBOUND: Table = InboundMessage.__table__  # type: ignore[attr-defined]
_OPT_OUT: Table = OptOut.__table__  # type: ignore[attr-defined]
_OUTBOX: Table = Outbox.__table__  # type: ignore[attr-defined]
_PERSON: Table = Person.__table__  # type: ignore[attr-defined]

_SEEN = select(_INBOUND.c.replies).where(
    _INBOUND.c.channel == bindparam("channel"),
    _INBOUND.c.external_id == bindparam("external_id"),
)
_OPTED_OUT = exists().where(
    _OPT_OUT.c.channel == bindparam("channel"), _OPT_OUT.c.address == bindparam("address")
)
_LOG = insert(_INBOUND)
_QUEUE = insert(_OUTBOX)


def _opening(person_key: ColumnElement[Any]) -> Select[Any]:
    """One statement, one round trip: whether the message was seen, whether the sender opted
    out, who the sender is, and the chat's row (NULLs for a chat never seen)."""
    one = select(literal(1).label("one")).subquery("one")
    chat = and_(_CONV.c.channel == bindparam("channel"), _CONV.c.address == bindparam("address"))
    # The chat's row, locked until the commit: two messages of one chat are answered one after
    # the other, the second reading what the first left (docs/design.md).
    mine = select(_CONV).where(chat).with_for_update(key_share=True).cte("chat")
    return select(
        _SEEN.scalar_subquery().label("seen"),
        select(_OPTED_OUT).scalar_subquery().label("opted_out"),
        select(_PERSON.c.id).where(person_key).scalar_subquery().label("person"),
        mine.c.person_id,
        mine.c.language,
        mine.c.flow,
        mine.c.step,
        mine.c.data,
        mine.c.expires_at,
    ).select_from(one.outerjoin(mine, true()))


_OPEN_BY_PHONE = _opening(_PERSON.c.phone == bindparam("key"))
_OPEN_BY_TELEGRAM = _opening(_PERSON.c.telegram_id == bindparam("key"))
_CHAT_COLUMNS = ("person_id", "language", "flow", "step", "data", "updated_at", "expires_at")


def _upsert(dialect: str) -> Any:
    """Write a chat's row whether or not it exists yet (both dialects know ON CONFLICT)."""
    make = pg_insert if dialect == "postgresql" else sqlite_insert
    stmt = make(_CONV)
    return stmt.on_conflict_do_update(
        index_elements=[_CONV.c.channel, _CONV.c.address],
        set_={name: stmt.excluded[name] for name in _CHAT_COLUMNS},
    )


_UPSERT = {name: _upsert(name) for name in ("postgresql", "sqlite")}


@dataclass
class ChatState:
    """One chat's row, read at the start of a message and written back at its end."""

    channel: str
    address: str
    person_id: int | None = None
    language: str | None = None
    flow: str | None = None
    step: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    expires_at: datetime | None = None


@dataclass(frozen=True)
class Opening:
    """What the start of a message needs to know, read at once (see `open_chat`)."""

    seen: list[dict[str, Any]] | None
    opted_out: bool
    person_id: int | None
    chat: ChatState


# --- the engine's calls ---------------------------------------------------------------------


def open_chat(
    s: Session,
    channel: str,
    address: str,
    *,
    external_id: str | None,
    phone: str | None = None,
    telegram_id: int | None = None,
) -> Opening:
    """The start of a message in one round trip: its earlier answer if it is a repeat, the
    sender's opt-out, the person behind the phone or Telegram id, and the chat's state.

    The chat's row is locked until the commit (a second message of the chat waits here, then
    reads what the first left); a chat's very first two messages, arriving at once, find no row
    to lock, and the later commit's state is the one kept.
    """
    s.flush()  # what the ORM holds must be in the database before this statement reads it
    key: int | str | None = telegram_id if telegram_id is not None else phone
    stmt = _OPEN_BY_TELEGRAM if telegram_id is not None else _OPEN_BY_PHONE
    row = (
        s.connection()
        .execute(
            stmt,
            {"channel": channel, "address": address, "external_id": external_id, "key": key},
        )
        .one()
    )
    seen = _as_replies(row.seen) if row.seen is not None else None
    values: dict[str, Any] = {
        "person_id": row.person_id,
        "language": row.language,
        "flow": row.flow,
        "step": row.step,
        "data": row.data,
        "expires_at": row.expires_at,
    }
    if seen is None and external_id is not None:
        logged = deferred.waiting(s, _LOG, (channel, external_id))
        seen = _as_replies(logged["replies"]) if logged is not None else None
    kept = deferred.waiting(s, _upsert_for(s), (channel, address))
    if kept is not None:
        # A copy: this message's flow must not change what the one before it left.
        values = copy.deepcopy(kept)
    chat = ChatState(
        channel=channel,
        address=address,
        person_id=values["person_id"],
        language=values["language"],
        flow=values["flow"],
        step=values["step"],
        data=dict(values["data"]) if isinstance(values["data"], dict) else {},
        expires_at=values["expires_at"],
    )
    return Opening(seen, bool(row.opted_out), row.person, chat)


def _as_replies(raw: object) -> list[dict[str, Any]]:
    return [r for r in raw if isinstance(r, dict)] if isinstance(raw, list) else []


def seen_replies(s: Session, channel: str, external_id: str) -> list[dict[str, Any]] | None:
    """The answer given to this update or message before, or None if it is new."""
    logged = deferred.waiting(s, _LOG, (channel, external_id))
    if logged is not None:
        return _as_replies(logged["replies"])
    row = s.connection().execute(_SEEN, {"channel": channel, "external_id": external_id}).first()
    return None if row is None else _as_replies(row[0])


def _upsert_for(s: Session) -> Any:
    return _UPSERT[s.connection().dialect.name]


def save_chat(s: Session, chat: ChatState, now: datetime) -> None:
    """The chat's new state, written at the commit (its row is made on its first message)."""
    deferred.defer(
        s,
        _upsert_for(s),
        (chat.channel, chat.address),
        {
            "channel": chat.channel,
            "address": chat.address,
            "person_id": chat.person_id,
            "language": chat.language,
            "flow": chat.flow,
            "step": chat.step,
            "data": chat.data,
            "updated_at": now,
            "expires_at": chat.expires_at,
        },
    )


def log_inbound(
    s: Session,
    *,
    channel: str,
    external_id: str,
    address: str,
    now: datetime,
    kind: str,
    payload: dict[str, object],
    replies: list[dict[str, object]],
    status: str,
) -> None:
    """The message once, with the answer given, written at the commit; the unique
    (channel, external_id) refuses a second record of it."""
    deferred.defer(
        s,
        _LOG,
        (channel, external_id),
        {
            "channel": channel,
            "external_id": external_id,
            "address": address,
            "received_at": now,
            "kind": kind,
            "payload": payload,
            "replies": replies,
            "status": status,
        },
    )


def queue_rows(s: Session, rows: list[dict[str, Any]]) -> None:
    """Outbox rows (column values), written at the commit (their dedupe keys are unique)."""
    for row in rows:
        deferred.defer(s, _QUEUE, row["dedupe_key"], row)
