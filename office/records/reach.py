"""Which channel reaches a person: the one he last wrote on, kept as his messages come in.

Each SMS or WhatsApp message notes when its number last wrote on that channel
(`channel_session`). A person whose last message came by WhatsApp hears from the office on
WhatsApp; otherwise on Telegram if he has it, else by SMS (docs/messages.md, "Who can be
reached"). The same note tells the sender whether WhatsApp's 24-hour session is open.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import Table, func
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import Session, col, select

from models import ChannelSession, InboundMessage, Person, Seizure, deferred

TELEGRAM = "telegram"
SMS = "sms"
WHATSAPP = "whatsapp"
VOICE = "voice"
NOTED_CHANNELS = (SMS, WHATSAPP)


_SESSIONS: Table = ChannelSession.__table__  # type: ignore[attr-defined]


def _noting(dialect: str) -> Any:
    """Write a note whether or not the address has one, never moving it back."""
    make = pg_insert if dialect == "postgresql" else sqlite_insert
    stmt = make(_SESSIONS)
    return stmt.on_conflict_do_update(
        index_elements=[_SESSIONS.c.channel, _SESSIONS.c.address],
        set_={"last_inbound_at": stmt.excluded.last_inbound_at},
        where=_SESSIONS.c.last_inbound_at < stmt.excluded.last_inbound_at,
    )


_NOTING = {name: _noting(name) for name in ("postgresql", "sqlite")}


def _note_for(s: Session) -> Any:
    return _NOTING[s.connection().dialect.name]


def note_inbound(s: Session, *, channel: str, address: str, now: datetime) -> None:
    """Note that `address` wrote on `channel` at `now` (a later note never moves it back),
    written at the commit with every other message's of the unit (models/deferred.py)."""
    if channel not in NOTED_CHANNELS:
        return
    key = (channel, address[:64])
    waiting = deferred.waiting(s, _note_for(s), key)
    if waiting is not None and waiting["last_inbound_at"] >= now:
        return
    values = {"channel": channel, "address": address[:64], "last_inbound_at": now}
    deferred.defer(s, _note_for(s), key, values)


def last_inbound(s: Session, channel: str, addresses: Iterable[str]) -> dict[str, datetime]:
    """When each of these addresses last wrote on `channel` (only those that ever did),
    counting the notes of this unit that wait for its commit."""
    wanted = sorted(set(addresses))
    if not wanted:
        return {}
    rows = s.exec(
        select(ChannelSession.address, ChannelSession.last_inbound_at).where(
            ChannelSession.channel == channel, col(ChannelSession.address).in_(wanted)
        )
    ).all()
    found = {address: at for address, at in rows}
    for address in wanted:
        waiting = deferred.waiting(s, _note_for(s), (channel, address))
        if waiting is not None and (
            address not in found or found[address] < waiting["last_inbound_at"]
        ):
            found[address] = waiting["last_inbound_at"]
    return found


def channel_for(s: Session, person: Person) -> tuple[str, str] | None:
    """The channel and address a message to `person` goes to, or None if he has neither.

    WhatsApp when his last message to the office came by WhatsApp (not later by SMS or
    Telegram); else Telegram when the office has his Telegram id; else SMS to his phone.
    """
    if person.phone:
        whatsapp = last_inbound(s, WHATSAPP, [person.phone]).get(person.phone)
        if whatsapp is not None:
            rivals = [last_inbound(s, SMS, [person.phone]).get(person.phone)]
            if person.telegram_id is not None:
                last_telegram = select(func.max(InboundMessage.received_at)).where(
                    InboundMessage.channel == TELEGRAM,
                    InboundMessage.address == str(person.telegram_id),
                )
                rivals.append(s.exec(last_telegram).first())
            if all(at is None or at <= whatsapp for at in rivals):
                return WHATSAPP, person.phone
    if person.telegram_id is not None:
        return TELEGRAM, str(person.telegram_id)
    if person.phone:
        return SMS, person.phone
    return None


def may_be_called(s: Session, person: Person) -> bool:
    """Whether the office has notices to call `person` with: he is named as the owner of some
    seizure (the claim notice, the Sec VIII notice and the complaint reminder are his)."""
    if person.id is None or not person.phone:
        return False
    return (
        s.exec(select(Seizure.id).where(Seizure.owner_id == person.id).limit(1)).first() is not None
    )
