"""The engine's own rows: where a chat stands, and the inbound log (docs/channels.md).

Every message reads and writes these, so they cost as little as a message can: the start of a
message is ONE statement built once at import (`open_chat`; on PostgreSQL a batch's starts are
read at once, `open_chats`, and used while nothing has been written since), and its end writes
nothing yet: the chat's state, the inbound record and the reply rows wait for the commit
(models/deferred.py), where a savepoint rolled back takes its messages with them. A later message
of the same transaction reads what waits before the database, as if each had been written.
"""

from __future__ import annotations

import copy
import hashlib
import math
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    ColumnElement,
    Integer,
    Select,
    Table,
    and_,
    bindparam,
    case,
    column,
    event,
    exists,
    insert,
    literal,
    select,
    text,
    true,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine
from sqlmodel import Session

from bot.lengths import split_text
from bot.types import Channel, Inbound, Reply
from models import Conversation, District, InboundMessage, OptOut, Person, Unit, deferred
from office.phones import phone_or_none
from office.records import outbox, reach

_CONV: Table = Conversation.__table__  # type: ignore[attr-defined]
_INBOUND: Table = InboundMessage.__table__  # type: ignore[attr-defined]
_OPT_OUT: Table = OptOut.__table__  # type: ignore[attr-defined]
_PERSON: Table = Person.__table__  # type: ignore[attr-defined]
_DISTRICT: Table = District.__table__  # type: ignore[attr-defined]

_SEEN = select(_INBOUND.c.replies).where(
    _INBOUND.c.channel == bindparam("channel"),
    _INBOUND.c.external_id == bindparam("external_id"),
)
_OPTED_OUT = exists().where(
    _OPT_OUT.c.channel == bindparam("channel"), _OPT_OUT.c.address == bindparam("address")
)
_LOG = insert(_INBOUND)
# The office's main language: the first that the first district naming any names (by id).
_FIRST_LANGUAGE = _DISTRICT.c.languages[0].as_string()
_MAIN_LANGUAGE = (
    select(_FIRST_LANGUAGE)
    .where(_FIRST_LANGUAGE.is_not(None))
    .order_by(_DISTRICT.c.id)
    .limit(1)
    .scalar_subquery()
)


def _opening(person_key: ColumnElement[Any]) -> Select[Any]:
    """One statement, one round trip: whether the message was seen, whether the sender opted
    out, who the sender is, the chat's row (NULLs for a chat never seen) and, for a chat with
    no language of its own, the office's main language."""
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
        case((mine.c.language.is_(None), _MAIN_LANGUAGE)).label("main_language"),
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
    # Read with the row while it has no language: what such a chat is answered in unless his
    # words or his app say another (bot/engine.py); never written back.
    main_language: str | None = None


@dataclass(frozen=True)
class OpenKey:
    """What the start of one message is read by (`open_chat`'s arguments)."""

    channel: str
    address: str
    external_id: str | None
    phone: str | None = None
    telegram_id: int | None = None


def key_of(inbound: Inbound, external_id: str | None, phone: str | None = None) -> OpenKey:
    """What the start of `inbound` is read by: `phone`, the sender's as his channel type read it
    (else read here from his address: SMS, WhatsApp, console), or his Telegram id."""
    telegram = inbound.channel is Channel.TELEGRAM
    return OpenKey(
        inbound.channel.value,
        inbound.address,
        external_id,
        telegram_id=inbound.telegram_user_id if telegram else None,
        phone=None if telegram else phone or phone_of(inbound.address),
    )


def phone_of(address: str) -> str | None:
    """The sender's phone in his address (`+91...`, `whatsapp:+91...`), or None."""
    return phone_or_none(address.removeprefix("whatsapp:"))


@dataclass(frozen=True)
class Opening:
    """What the start of a message needs to know, read at once (see `open_chat`)."""

    seen: list[dict[str, Any]] | None
    opted_out: bool
    person_id: int | None
    chat: ChatState


# --- the engine's calls ---------------------------------------------------------------------


def close_message(
    work: Unit,
    inbound: Inbound,
    external_id: str | None,
    replies: list[Reply],
    status: str,
    *,
    chat: ChatState | None = None,
    queue: bool = False,
) -> None:
    """The end of a message: the chat's new state where a conversation answered it, the message
    with its answer in the inbound log where it has an id, and, with `queue`, the replies as
    outbox rows for the sender (`enqueue_replies`); all written at the commit."""
    if chat is not None:
        save_chat(work, chat)
    if external_id is not None:
        log_inbound(
            work,
            channel=inbound.channel.value,
            external_id=external_id,
            address=inbound.address,
            kind=_kind(inbound),
            payload=_payload(inbound),
            replies=[r.as_dict() for r in replies],
            status=status,
        )
    if queue and replies:
        enqueue_replies(
            work.session,
            channel=inbound.channel,
            address=inbound.address,
            replies=replies,
            key=f"reply:{inbound.channel.value}:{external_id}",
            now=work.now,
            language=chat.language or "en" if chat is not None else "en",
            person_id=chat.person_id if chat is not None else None,
        )


def enqueue_replies(
    s: Session,
    *,
    channel: Channel,
    address: str,
    replies: Sequence[Reply],
    key: str,
    now: datetime,
    language: str = "en",
    person_id: int | None = None,
) -> int:
    """Conversation replies as outbox rows, in the transaction that handled the message (a
    reply is never lost and never written twice), for the sender to deliver: each reply a queued
    "reply" row due now, keyed `{key}:{i}`, in session `s`;
    return how many rows were written.

    `language` and `person_id` are the chat's. Options keep their values
    and labels; a contact or location request, and the number the turn gives the reply's first
    option, travel in `params` for the sender's keyboard. Replies are conversation answers, so
    quiet hours do not hold them (practice G11, docs/act.md).
    """
    rows: list[dict[str, object]] = []
    number = 1
    for reply in replies:
        pieces = split_text(reply.text)
        for n, piece in enumerate(pieces):
            last = n == len(pieces) - 1
            params: dict[str, object] = {"body": piece}
            options = reply.as_dict()["options"] if last else []
            if last and reply.request_contact:
                params["request_contact"] = True
            if last and reply.request_location:
                params["request_location"] = True
            if options and number != 1:
                params["first_number"] = number
            rows.append(
                {
                    "dedupe_key": f"{key}:{len(rows)}",
                    "channel": channel.value,
                    "address": address,
                    "person_id": person_id,
                    "language": language,
                    "template": "reply",
                    "params": params,
                    "body": piece,
                    "options": options,
                    "private": False,
                    "due_at": now,
                    "created_at": now,
                    # The person who wrote caused his own answer.
                    "caused_by": person_id,
                }
            )
        number += len(reply.options)
    return outbox.queue_at_commit(s, rows)


def _kind(inbound: Inbound) -> str:
    kinds = ("contact", "location", "photo", "option")
    return next((kind for kind in kinds if getattr(inbound, kind)), "text")


def _payload(inbound: Inbound) -> dict[str, object]:
    return {
        "text": inbound.text[:MAX_TEXT],
        "option": inbound.option,
        "photo": inbound.photo,
        "contact": inbound.contact.phone if inbound.contact else None,
        "location": [inbound.location.latitude, inbound.location.longitude]
        if inbound.location
        else None,
    }


def open_chat(work: Unit, key: OpenKey, *, noted: bool = False) -> Opening:
    """The start of a message in one round trip: its earlier answer if it is a repeat, the
    sender's opt-out, the person behind the phone or Telegram id, and the chat's state; none
    when `open_chats` has read it for the batch and nothing was written since. What waits in
    `work` for its commit counts as written. With `noted`, the note that its address wrote on
    its channel at `work.now` (office/records/reach.py), which the office's messages queued
    while it is answered take.

    The chat's row is locked until the commit (a second message of the chat waits here, then
    reads what the first left); a chat's very first two messages, arriving at once, find no row
    to lock, and the later commit's state is the one kept.
    """
    s = work.session
    s.flush()  # what the ORM holds must be in the database before this statement reads it
    channel, address, external_id = key.channel, key.address, key.external_id
    phone, telegram_id = key.phone, key.telegram_id
    row = _opened(s, key)
    if row is None:
        stmt = _OPEN_BY_TELEGRAM if telegram_id is not None else _OPEN_BY_PHONE
        by: int | str | None = telegram_id if telegram_id is not None else phone
        params = {"channel": channel, "address": address, "external_id": external_id, "key": by}
        row = s.connection().execute(stmt, params).one()._asdict()
    seen = _as_replies(row["seen"]) if row["seen"] is not None else None
    if seen is None and external_id is not None:
        logged = work.waiting(_LOG, (channel, external_id))
        seen = _as_replies(logged["replies"]) if logged is not None else None
    kept = work.waiting(_UPSERT[work.dialect], (channel, address))
    # A copy: this message's flow must not change what the one before it left.
    values = copy.deepcopy(kept) if kept is not None else row
    read = {name: values[name] for name in _READ_COLUMNS}
    chat = ChatState(channel, address, **read, main_language=row["main_language"])
    chat.data = dict(chat.data) if isinstance(chat.data, dict) else {}
    if noted:
        reach.note_inbound(s, channel=channel, address=address, now=work.now)
    return Opening(seen, bool(row["opted_out"]), row["person"], chat)


# --- a batch's starts, read at once -----------------------------------------------------------

# The longest text a message is answered for (a longer one is told so), kept whole in the log.
MAX_TEXT = 2000

_READ_COLUMNS = ("person_id", "language", "flow", "step", "data", "expires_at")
_OPENED = "pound.opened"  # Session.info: (writes seen on the connection then, rows by key)
_WRITES = "pound.writes"  # Connection.info: how many statements that write it has run
_READS = ("SELECT", "SAVEPOINT", "RELEASE", "BEGIN", "PRAGMA")
# Below this many messages a batch is read a message at a time.
OPEN_AT_ONCE = 5


def _count_writes(
    conn: Any, _cursor: Any, statement: str, _params: Any, _context: Any, _many: bool
) -> None:
    # Anything but a read may change what `open_chats` read: a row it read is used only while
    # this count stands where it stood then (a rolled-back savepoint counts too, to be safe).
    if not statement.lstrip()[:9].upper().startswith(_READS):
        conn.info[_WRITES] = conn.info.get(_WRITES, 0) + 1


def count_writes(engine: Engine) -> None:
    """Count the statements that write on `engine`'s connections, which `open_chats` needs:
    registered by whoever reads batches on it (the webhooks' writer, webhook/inbound.py), once."""
    if not event.contains(engine, "before_cursor_execute", _count_writes):
        event.listen(engine, "before_cursor_execute", _count_writes)


# The starts of a whole batch in one statement: the batch's keys as arrays, one row each, the
# same four answers per row as `_opening` gives for one.
# The batch's chats' rows are locked until the commit, in one order (docs/design.md), as
# `open_chat` locks one chat's.
_OPEN_BATCH = text(
    """
    WITH k AS (
        SELECT * FROM unnest(
            CAST(:channels AS text[]), CAST(:addresses AS text[]),
            CAST(:external_ids AS text[]), CAST(:phones AS text[]),
            CAST(:telegram_ids AS bigint[])
        ) WITH ORDINALITY AS k(channel, address, external_id, phone, telegram_id, n)
    ),
    c AS MATERIALIZED (
        SELECT * FROM conversation
        WHERE (channel, address) IN (SELECT channel, address FROM k)
        ORDER BY channel, address
        FOR NO KEY UPDATE
    )
    SELECT k.n AS n,
        (SELECT m.replies FROM inboundmessage m
            WHERE m.channel = k.channel AND m.external_id = k.external_id) AS seen,
        EXISTS (SELECT 1 FROM optout o
            WHERE o.channel = k.channel AND o.address = k.address) AS opted_out,
        CASE WHEN k.telegram_id IS NOT NULL
            THEN (SELECT p.id FROM person p WHERE p.telegram_id = k.telegram_id)
            ELSE (SELECT p.id FROM person p WHERE p.phone = k.phone) END AS person,
        c.person_id, c.language, c.flow, c.step, c.data, c.expires_at,
        CASE WHEN c.language IS NULL THEN (SELECT d.languages ->> 0 FROM district d
            WHERE d.languages ->> 0 IS NOT NULL ORDER BY d.id LIMIT 1) END AS main_language
    FROM k
    LEFT JOIN c ON c.channel = k.channel AND c.address = k.address
    """
).columns(
    column("n", Integer),
    column("seen", _INBOUND.c.replies.type),
    column("opted_out", Boolean),
    column("person", Integer),
    *(column(name, _CONV.c[name].type) for name in _READ_COLUMNS),
    column("main_language", _CONV.c.language.type),
)


def open_chats(s: Session, keys: list[OpenKey]) -> None:
    """Read the start of every message of a batch in one statement, for `open_chat` to use
    instead of a statement a message.

    On PostgreSQL, where each statement is a round trip; SQLite answers in the process, and
    there its one statement a message costs less than building the batch's.
    """
    if len(keys) < OPEN_AT_ONCE or s.connection().dialect.name != "postgresql":
        return
    if not event.contains(s.get_bind(), "before_cursor_execute", _count_writes):
        return  # no one counts the writes: each message reads its own start
    s.flush()
    conn = s.connection()
    params = {
        "channels": [k.channel for k in keys],
        "addresses": [k.address for k in keys],
        "external_ids": [k.external_id for k in keys],
        "phones": [k.phone for k in keys],
        "telegram_ids": [k.telegram_id for k in keys],
    }
    rows: dict[OpenKey, dict[str, Any]] = {}
    for row in conn.execute(_OPEN_BATCH, params).mappings():
        values = dict(row)
        rows[keys[values.pop("n") - 1]] = values
    s.info[_OPENED] = (conn.info.get(_WRITES, 0), rows)


def _opened(s: Session, key: OpenKey) -> dict[str, Any] | None:
    """What `open_chats` read for `key`, while nothing has been written since; else None."""
    kept = s.info.get(_OPENED)
    if kept is None:
        return None
    writes, rows = kept
    if s.connection().info.get(_WRITES, 0) != writes:
        del s.info[_OPENED]
        return None
    return rows.get(key)


def _as_replies(raw: object) -> list[dict[str, Any]]:
    return [r for r in raw if isinstance(r, dict)] if isinstance(raw, list) else []


def seen_replies(s: Session, channel: str, external_id: str) -> list[dict[str, Any]] | None:
    """The answer given to this update or message before, or None if it is new."""
    logged = deferred.waiting(s, _LOG, (channel, external_id))
    if logged is not None:
        return _as_replies(logged["replies"])
    row = s.connection().execute(_SEEN, {"channel": channel, "external_id": external_id}).first()
    return None if row is None else _as_replies(row[0])


def save_chat(work: Unit, chat: ChatState) -> None:
    """The chat's new state at `work.now`, written at the commit (its row is made on its first
    message)."""
    values = {k: v for k, v in asdict(chat).items() if k != "main_language"}
    work.defer(
        _UPSERT[work.dialect], (chat.channel, chat.address), {**values, "updated_at": work.now}
    )


def log_inbound(
    work: Unit,
    *,
    channel: str,
    external_id: str,
    address: str,
    kind: str,
    payload: dict[str, object],
    replies: list[dict[str, object]],
    status: str,
) -> None:
    """The message once, received at `work.now`, with the answer given, written at the commit;
    the unique (channel, external_id) refuses a second record of it."""
    work.defer(
        _LOG,
        (channel, external_id),
        {
            "channel": channel,
            "external_id": external_id,
            "address": address,
            "received_at": work.now,
            "kind": kind,
            "payload": payload,
            "replies": replies,
            "status": status,
        },
    )


# --- messages that can never be stored -------------------------------------------------------

INT64 = 2**63  # a BIGINT holds -2^63 .. 2^63 - 1
MAX_ADDRESS = 64  # InboundMessage.address, Conversation.address
MAX_EXTERNAL_ID = 64  # InboundMessage.external_id


_BAD_TEXT = re.compile("[\x00\ud800-\udfff]")  # a NUL, or half of a surrogate pair


def unstorable(inbound: Inbound) -> str | None:
    """Why `inbound` can never be stored (a NUL or a lone surrogate in its text, an id past
    64 bits, a location that is no place on earth, an address too long), or None."""
    texts = [inbound.address, inbound.text, inbound.option or "", inbound.photo or ""]
    texts.append(inbound.sender_name)
    if inbound.contact is not None:
        texts += [inbound.contact.phone or "", inbound.contact.name]
    if any(_BAD_TEXT.search(t) for t in texts):
        return "text with a NUL or an unpaired surrogate character"
    if len(inbound.address) > MAX_ADDRESS:
        return "the chat id or sender address is too long"
    ids = [inbound.telegram_user_id, inbound.contact.user_id if inbound.contact else None]
    if any(i is not None and not -INT64 <= i < INT64 for i in ids):
        return "a user id past 64 bits"
    if inbound.location is not None:
        lat, lon = inbound.location.latitude, inbound.location.longitude
        if not (math.isfinite(lat) and math.isfinite(lon)):
            return "a location that is not a number"
        if not (-90 <= lat <= 90 and -180 <= lon <= 180):
            return "a location off the earth"
    return None


def storable_id(external_id: str) -> str:
    """The id under which the inbound log keeps a message: as given, or, past the column, a
    digest of it (the same each time the message comes again)."""
    if len(external_id) <= MAX_EXTERNAL_ID:
        return external_id
    return "sha256:" + hashlib.sha256(external_id.encode("utf-8", "replace")).hexdigest()[:57]


def keep_rejected(work: Unit, inbound: Inbound, external_id: str, kind: str, reason: str) -> bool:
    """Keep a message that can never be stored in the inbound log as `rejected` with the
    reason, once; False if it was kept before (a repeat)."""
    s, channel, key = work.session, inbound.channel.value, storable_id(external_id)
    if seen_replies(s, channel, key) is not None:
        return False
    clean = _BAD_TEXT.sub("", inbound.address)[:MAX_ADDRESS]
    log_inbound(
        work,
        channel=channel,
        external_id=key,
        address=clean,
        kind=kind[:16],
        payload={"reason": reason},
        replies=[],
        status="rejected",
    )
    return True
