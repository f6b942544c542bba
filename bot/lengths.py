"""How long one outbound message may be on each way it goes, and what goes instead of a longer one
(the table in docs/channels.md, "Length of the office's own messages").

Twilio refuses an SMS or WhatsApp body over 1,600 characters and Telegram a text over 4,096, and
one SMS of hundreds of segments would hold the sender number's rate bucket (one segment a second)
for every other message, sign-in codes included. A Telegram or WhatsApp text is cut at lines into
at most `PARTS` messages, the rest queued as a reply row of its own (office/records/outbox.py
`sent`) so that none is sent twice; past that, a short text in the person's language links to
the document that states it in full (docs/documents.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from bot.i18n import N_, translator
from bot.segments import segments
from office.views.documents.kinds import Kind
from office.views.documents.links import sign_link

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


SMS_SEGMENTS = 10
PARTS = 3


@dataclass(frozen=True)
class Limit:
    chars: int  # one message's characters
    segments: int | None = None  # one SMS's segments
    parts: int = 1  # messages a text may be cut into


LIMITS: dict[str, Limit] = {
    "sms": Limit(1600, SMS_SEGMENTS),
    "whatsapp": Limit(1600, parts=PARTS),
    "telegram": Limit(4000, parts=PARTS),
    "voice": Limit(1600),
}

TOO_LONG_LINK = N_(
    "Ref {ref}: this message is too long to send here. Read or print it in full: {link}"
)
TOO_LONG_REF = N_(
    "Ref {ref}: this message is too long to send here. Ask at the pound for a printed copy."
)
TOO_LONG = N_("This message is too long to send here. Ask at the pound office.")


def cut(way: str, text: str) -> tuple[str, str | None] | None:
    """The text as it goes on `way` (sms, whatsapp, telegram, voice): whole, or its first part
    and the rest to follow; None when it is longer than the way takes (`PARTS` messages), for a
    short text to go instead."""
    limit = LIMITS.get(way)
    if limit is None or (
        len(text) <= limit.chars and (limit.segments is None or segments(text) <= limit.segments)
    ):
        return text, None
    if limit.parts <= 1 or len(text) > limit.chars * limit.parts:
        return None
    pieces = split_text(text, limit.chars)
    return None if len(pieces) > limit.parts else (pieces[0], "\n".join(pieces[1:]))


def too_long(lang: str, *, ref: str | None, link: str | None) -> str:
    """The short text that goes instead of a message too long for its channel."""
    t = translator(lang)
    if ref and link:
        return t(TOO_LONG_LINK, ref=ref, link=link)
    if ref:
        return t(TOO_LONG_REF, ref=ref)
    return t(TOO_LONG)


# The document that states in full what a message said; a seizure's register copy otherwise.
DOCUMENTS: dict[str, Kind] = {
    "register_copy": Kind.REGISTER_COPY,
    "sale_account": Kind.ACCOUNT,
    "sale_account_all_sold": Kind.ACCOUNT,
    "sale_account_short": Kind.ACCOUNT,
    "sale_account_shortfall": Kind.ACCOUNT,
    "sale_account_unclaimed": Kind.ACCOUNT,
    "outcome_sold": Kind.ACCOUNT,
}

# (template, seizure ref, person id, language, now) -> the link, or None.
LinkMaker = Callable[[str, str | None, int | None, str, datetime], str | None]


def document_links(key: bytes | None, base_url: str) -> LinkMaker:
    """Signed links (office/views/documents/links.py) for the person a message was for, to the
    document of its seizure; none without the office's key, a seizure or a person."""

    def link(
        template: str, ref: str | None, person_id: int | None, lang: str, now: datetime
    ) -> str | None:
        if not key or not ref or person_id is None:
            return None
        kind = DOCUMENTS.get(template, Kind.REGISTER_COPY)
        token, _until = sign_link(key, kind=kind, ref=ref, person_id=person_id, now=now)
        ref_up = ref.strip().upper()
        return (
            f"{base_url.rstrip('/')}/documents/{kind.value}/{ref_up}.pdf?lang={lang}&link={token}"
        )

    return link
