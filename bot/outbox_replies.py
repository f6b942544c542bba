"""Conversation replies for Telegram as outbox rows, in the transaction that handled the message.

The webhook answers Telegram at once; the sender (bot/sender.py) delivers these rows. Because they
are written with the inbound record, a reply is never lost and never written twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlmodel import Session

from bot.types import Channel, Reply
from office.records import outbox

MAX_BODY = 4000  # the outbox body column; Telegram allows 4096


def split_text(text: str, limit: int = MAX_BODY) -> list[str]:
    """Cut a long text at line breaks (or spaces) into pieces of at most `limit` characters."""
    pieces: list[str] = []
    rest = text
    while len(rest) > limit:
        cut = rest.rfind("\n", 0, limit)
        if cut <= 0:
            cut = rest.rfind(" ", 0, limit)
        if cut <= 0:
            cut = limit
        pieces.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    pieces.append(rest)
    return pieces


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
    """Write each reply as a queued "reply" row due now, keyed `{key}:{i}`, in session `s`;
    return how many rows were written.

    `language` and `person_id` are the chat's (`Handled` carries them). Options keep their values
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
