"""STOP and START on SMS and WhatsApp: an opted-out address hears nothing until it says START.

Carriers (and Twilio) require STOP to work; the OptOut row is what the sender checks before
every message, and this module is what writes and clears it.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from bot.channels.sms import opt_keyword
from bot.engine import Engine, Handled
from bot.i18n import N_, Translator, translator
from bot.types import Channel, Inbound, Reply
from models import Conversation, Database, InboundMessage, OptOut

STOPPED = N_(
    "You will get no more messages from the pound office. Send START to hear from us again."
)
STARTED = N_("Messages from the pound office are on again. Send HELP for the menu.")


def is_opted_out(s: Session, channel: Channel | str, address: str) -> bool:
    value = channel.value if isinstance(channel, Channel) else channel
    row = s.exec(
        select(OptOut.id).where(OptOut.channel == value, OptOut.address == address)
    ).first()
    return row is not None


def receive(
    db: Database, engine: Engine, inbound: Inbound, *, external_id: str, now: datetime
) -> Handled:
    """Handle one SMS once: STOP and START here, anything else by the engine unless opted out."""
    with db.transaction() as s:
        seen = s.exec(
            select(InboundMessage).where(
                InboundMessage.channel == inbound.channel.value,
                InboundMessage.external_id == external_id,
            )
        ).first()
        if seen is not None:
            return Handled([Reply.from_dict(r) for r in seen.replies], repeat=True)
        keyword = opt_keyword(inbound.text)
        opted_out = is_opted_out(s, inbound.channel, inbound.address)
        if keyword == "stop":
            if not opted_out:
                s.add(
                    OptOut(channel=inbound.channel.value, address=inbound.address, opted_out_at=now)
                )
            replies = [Reply(_t(s, inbound)(STOPPED))]
            return _record(s, inbound, external_id, now, replies, "opted_out")
        if keyword == "start" and opted_out:
            row = s.exec(
                select(OptOut).where(
                    OptOut.channel == inbound.channel.value, OptOut.address == inbound.address
                )
            ).first()
            if row is not None:
                s.delete(row)
            replies = [Reply(_t(s, inbound)(STARTED))]
            return _record(s, inbound, external_id, now, replies, "opted_in")
        if opted_out:
            # Said nothing to: only START is answered once a person has said STOP.
            return _record(s, inbound, external_id, now, [], "ignored")
        return engine.receive(inbound, now=now, external_id=external_id)


def _t(s: Session, inbound: Inbound) -> Translator:
    conv = s.exec(
        select(Conversation.language).where(
            Conversation.channel == inbound.channel.value,
            Conversation.address == inbound.address,
        )
    ).first()
    return translator(conv)


def _record(
    s: Session,
    inbound: Inbound,
    external_id: str,
    now: datetime,
    replies: list[Reply],
    status: str,
) -> Handled:
    s.add(
        InboundMessage(
            channel=inbound.channel.value,
            external_id=external_id,
            address=inbound.address,
            received_at=now,
            kind="text",
            payload={"text": inbound.text[:200]},
            replies=[r.as_dict() for r in replies],
            status=status,
        )
    )
    s.flush()
    return Handled(replies)
