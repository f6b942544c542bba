"""What an SMS costs: its segments, and a turn's replies cut into messages within 3 segments.

A feature phone shows plain text, so options are numbered lines ("1. Cow") and the engine
turns a bare number back into the option (bot/engine.py). Each message is kept within
`MAX_SEGMENTS` SMS segments: Hindi and Bengali need UCS-2 (70 characters, 67 when split),
Latin text GSM-7 (160, 153 when split; the extension characters take two septets). The engine
keeps its answers within them (bot/sms_budget.py), the Twilio channel sends them so
(bot/channels/twilio/), and the console shows them so.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.types import Channel, Reply

MAX_SEGMENTS = 3
WHATSAPP_LIMIT = 1600  # Twilio's limit on one message body

GSM7_BASIC = frozenset(
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
GSM7_EXTENSION = frozenset("\f^{}\\[~]|€")
GSM7 = GSM7_BASIC | GSM7_EXTENSION


def segments(text: str) -> int:
    """How many SMS segments `text` is sent as (0 for the empty text).

    An escape pair or a surrogate pair is never split between two segments, as handsets do.
    Every reply is counted, so a text whose characters each take one unit (most) is counted
    without a loop over them: it is cut every `part` units.
    """
    if not text:
        return 0
    costs: list[int] | None = None
    if GSM7.issuperset(text):
        single, part = 160, 153
        if not GSM7_EXTENSION.isdisjoint(text):
            costs = [2 if ch in GSM7_EXTENSION else 1 for ch in text]
    else:
        # UCS-2 (UTF-16 on the air): a character outside the BMP takes two code units.
        single, part = 70, 67
        if max(text) > "\uffff":
            costs = [2 if ord(ch) > 0xFFFF else 1 for ch in text]
    total = len(text) if costs is None else sum(costs)
    if total <= single:
        return 1
    if costs is None:
        return -(-total // part)
    count, used = 1, 0
    for cost in costs:
        if used + cost > part:
            count, used = count + 1, 0
        used += cost
    return count


def fits(text: str) -> bool:
    return segments(text) <= MAX_SEGMENTS


def split_message(text: str) -> list[str]:
    """Cut `text` into messages of at most `MAX_SEGMENTS` segments each.

    Cuts fall between lines where possible (so a numbered choice stays whole), else between
    words, else anywhere; each piece is as long as it may be.
    """
    text = text.strip()
    if fits(text):
        return [text] if text else []
    pieces: list[str] = []
    rest = text
    while rest and not fits(rest):
        cut = _longest_prefix(rest)
        for sep in ("\n", " "):
            at = rest.rfind(sep, 0, cut + 1)
            if at > cut // 3:
                cut = at
                break
        pieces.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        pieces.append(rest)
    return pieces


def _longest_prefix(text: str) -> int:
    """The length of the longest prefix of `text` that fits (binary search; fitting is monotone)."""
    lo, hi = 1, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(text[:mid]):
            lo = mid
        else:
            hi = mid - 1
    return lo


def numbered(reply: Reply, first: int = 1) -> str:
    """The reply's text with its options as numbered lines ("1. Cow")."""
    lines = [reply.text.strip()] if reply.text.strip() else []
    lines += [f"{first + i}. {o.label}" for i, o in enumerate(reply.options)]
    return "\n".join(lines)


def texts_for(replies: Sequence[Reply], channel: Channel = Channel.SMS) -> list[str]:
    """The messages that say a turn's replies, options numbered across the whole turn (as the
    engine counts them), each within the channel's limit."""
    out: list[str] = []
    number = 1
    for reply in replies:
        text = numbered(reply, number)
        number += len(reply.options)
        if channel is Channel.WHATSAPP:
            out += [text[i : i + WHATSAPP_LIMIT] for i in range(0, len(text), WHATSAPP_LIMIT)]
        else:
            out += split_message(text)
    return [t for t in out if t]
