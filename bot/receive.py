"""One message of any channel, in the caller's unit of work: the same steps for every channel.

The note of the channel it came by (office/records/reach.py: the channel the office's own messages
then take, and WhatsApp's 24-hour session), STOP and START where the channel has them (an opted-out
address hears nothing until it says START; carriers, and Twilio, require STOP to work, and the
OptOut row is what the sender checks before every message), then the conversation (bot/engine.py)
and, on a channel whose answer cannot carry them, its replies as outbox rows for the sender.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from bot import state
from bot.channels.base import ChannelType, Received
from bot.engine import Engine, Handled
from bot.i18n import N_, translator
from bot.outbox_replies import enqueue_replies
from bot.types import Inbound, Reply
from models import OptOut, Unit
from office.records.reach import note_inbound

STOP_WORDS = frozenset({"stop", "stopall", "unsubscribe"})
START_WORDS = frozenset({"start", "unstop"})
STOPPED = N_(
    "You will get no more messages from the pound office. Send START to hear from us again."
)
STARTED = N_("Messages from the pound office are on again. Send {say_help} for the menu.")


def opt_keyword(text: str) -> str | None:
    """ "stop" or "start" when the whole message is an opt-out or opt-in word, else None."""
    word = text.strip().lower().rstrip(".!")
    if word in STOP_WORDS:
        return "stop"
    if word in START_WORDS:
        return "start"
    return None


def receive_in(work: Unit, engine: Engine, channel: ChannelType, received: Received) -> Handled:
    """Handle one message of `channel`, received at `work.now`, once in the caller's unit."""
    inbound, external_id = received.inbound, received.external_id
    assert inbound is not None
    note_inbound(work.session, channel=inbound.channel.value, address=inbound.address, now=work.now)
    handled = _converse(work, engine, inbound, external_id, channel.opt_out_words)
    if not channel.replies_in_answer and not handled.repeat and handled.replies:
        enqueue_replies(
            work.session,
            channel=inbound.channel,
            address=inbound.address,
            replies=handled.replies,
            key=f"reply:{inbound.channel.value}:{external_id}",
            now=work.now,
            language=handled.language,
            person_id=handled.person_id,
        )
    return handled


def _converse(
    work: Unit, engine: Engine, inbound: Inbound, external_id: str, opt_out_words: bool
) -> Handled:
    """STOP and START here (where the channel has them), anything else by the engine unless
    the sender has opted out."""
    s, now = work.session, work.now
    opening = engine.open(s, inbound, external_id)
    if opening.seen is not None:
        return Handled([Reply.from_dict(r) for r in opening.seen], repeat=True)
    channel = inbound.channel.value
    keyword = opt_keyword(inbound.text) if opt_out_words else None
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
