"""How long an SMS to a private person may be: a reply 2 segments in English and 3 in Hindi or
Bengali, the menu 1 and 2 (docs/channels.md, "Length of an SMS"); and replies cut at their lines
to keep within it.

Segments are counted as bot/channels/sms.py sends them: GSM-7 160 (153 when split), UCS-2 70
(67 when split), options numbered as the turn numbers them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bot.channels.sms import numbered, segments
from bot.types import Reply

# Latin text goes as GSM-7; Devanagari and Bengali as UCS-2, at less than half the characters.
REPLY_SEGMENTS: dict[str, int] = {"en": 2, "hi": 3, "bn": 3}
MENU_SEGMENTS: dict[str, int] = {"en": 1, "hi": 2, "bn": 2}


def reply_budget(lang: str) -> int:
    return REPLY_SEGMENTS.get(lang, 3)


def menu_budget(lang: str) -> int:
    return MENU_SEGMENTS.get(lang, 2)


def fits(reply: Reply, lang: str, first: int = 1, *, budget: int | None = None) -> bool:
    """Whether `reply`, its options numbered from `first`, is one SMS within the budget."""
    limit = reply_budget(lang) if budget is None else budget
    return segments(numbered(reply, first)) <= limit


def pack(replies: Sequence[Reply], lang: str) -> list[Reply]:
    """The replies with each one too long for an SMS cut between its lines into several, as
    few as fit (the options stay with the last); a reply that fits is left whole."""
    out: list[Reply] = []
    number = 1
    for reply in replies:
        if fits(reply, lang, number):
            out.append(reply)
        else:
            out += _cut(reply, lang, number)
        number += len(reply.options)
    return out


def _cut(reply: Reply, lang: str, first: int) -> list[Reply]:
    parts: list[Reply] = []
    lines = reply.text.split("\n")
    current: list[str] = []
    for line in lines:
        trial = Reply("\n".join([*current, line]))
        if current and not fits(trial, lang):
            parts.append(Reply("\n".join(current)))
            current = []
        current.append(line)
    last = dataclasses.replace(reply, text="\n".join(current))
    if parts and not fits(last, lang, first):
        # The last lines and the options together are too long: the options go on alone.
        parts.append(Reply(last.text))
        last = dataclasses.replace(reply, text="")
    return [*parts, last]
