"""STOP and START on SMS and WhatsApp: an opted-out address hears nothing until it says START.

Carriers (and Twilio) require STOP to work; the OptOut row is what the sender checks before
every message, and this module is what writes and clears it.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from bot import state
from bot.channels.sms import opt_keyword
from bot.engine import Engine, Handled
from bot.i18n import N_, translator
from bot.types import Inbound, Reply
from models import OptOut, Unit

STOPPED = N_(
    "You will get no more messages from the pound office. Send START to hear from us again."
)
STARTED = N_("Messages from the pound office are on again. Send {say_help} for the menu.")


def receive_in(work: Unit, engine: Engine, inbound: Inbound, *, external_id: str) -> Handled:
    """Handle one SMS, received at `work.now`, once in the caller's unit of work: STOP and
    START here, anything else by the engine unless the sender has opted out."""
    s, now = work.session, work.now
    opening = engine.open(s, inbound, external_id)
    if opening.seen is not None:
        return Handled([Reply.from_dict(r) for r in opening.seen], repeat=True)
    channel = inbound.channel.value
    keyword = opt_keyword(inbound.text)
    opted_out = opening.opted_out
    if keyword == "stop":
        if not opted_out:
            s.add(OptOut(channel=channel, address=inbound.address, opted_out_at=now))
        replies = [Reply(translator(opening.chat.language)(STOPPED))]
        return _record(s, inbound, external_id, now, replies, "opted_out")
    if keyword == "start" and opted_out:
        row = s.exec(
            select(OptOut).where(OptOut.channel == channel, OptOut.address == inbound.address)
        ).first()
        if row is not None:
            s.delete(row)
        replies = [Reply(translator(opening.chat.language)(STARTED))]
        return _record(s, inbound, external_id, now, replies, "opted_in")
    if opted_out:
        # Said nothing to: only START is answered once a person has said STOP.
        return _record(s, inbound, external_id, now, [], "ignored")
    return engine.receive_in(work, inbound, external_id=external_id, opening=opening)


def _record(
    s: Session,
    inbound: Inbound,
    external_id: str,
    now: datetime,
    replies: list[Reply],
    status: str,
) -> Handled:
    state.log_inbound(
        s,
        channel=inbound.channel.value,
        external_id=external_id,
        address=inbound.address,
        now=now,
        kind="text",
        payload={"text": inbound.text[:200]},
        replies=[r.as_dict() for r in replies],
        status=status,
    )
    return Handled(replies)
