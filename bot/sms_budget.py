"""How long an SMS to a private person may be: all he gets back for one message 2 segments in
English and 3 in Hindi or Bengali, the menu 1 and 2 (docs/channels.md, "Length of an SMS"); a
long answer said a page at a time; and a turn's replies packed into as few SMS as keep within
it (joined where that costs no segment, cut between lines or words).

Segments are counted as bot/channels/twilio/ sends them: GSM-7 160 (153 when split), UCS-2 70
(67 when split), options numbered as the turn numbers them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bot.segments import numbered, segments
from bot.types import Option, Reply

# Latin text goes as GSM-7; Devanagari and Bengali as UCS-2, at less than half the characters.
REPLY_SEGMENTS: dict[str, int] = {"en": 2, "hi": 3, "bn": 3}


def fits(reply: Reply, lang: str, first: int = 1) -> bool:
    """Whether `reply`, its options numbered from `first`, is one SMS within the budget."""
    return segments(numbered(reply, first)) <= REPLY_SEGMENTS.get(lang, 3)


def page(
    lines: Sequence[str], lang: str, options: Sequence[Option], more: Option
) -> tuple[Reply, list[str]]:
    """The first page of `lines` on SMS: as many as fit one reply with `options` (with `more`
    first while lines are left), and the lines left for the next page. With no options the
    page leaves room for the line that offers the menu (bot/engine.py)."""
    last = tuple(options) or (Option("menu", "Menu"),)
    for count in range(len(lines), 0, -1):
        rest = list(lines[count:])
        offered = ((more,) if rest else ()) + tuple(options)
        trial = Reply("\n".join(lines[:count]), offered if rest else last)
        if fits(trial, lang) or count == 1:
            return Reply(trial.text, offered), rest
    return Reply("", tuple(options)), []


def trim(required: Sequence[str], optional: Sequence[str], lang: str) -> str:
    """The required lines, and as many of the optional ones, in order, as fit one SMS reply
    with the line that offers the menu after it."""
    lines = list(required)
    for line in optional:
        if not fits(Reply("\n".join([*lines, line]), (Option("menu", "Menu"),)), lang):
            break
        lines.append(line)
    return "\n".join(lines)


def pack(replies: Sequence[Reply], lang: str) -> list[Reply]:
    """The replies as few SMS as say them: a reply that offers nothing joined to the next where
    the two fit one SMS in no more segments than apart (a problem and the question asked again,
    a note and the menu), or to the next one's first line where only that fits (a heading, as
    "Copy of the entry:" before the copy); each one too long for an SMS cut between its lines,
    and a line too long for one between its words, into as few as fit (the options stay with
    the last, never sent alone when they fit with the last words); one that fits left whole."""
    out: list[Reply] = []
    number = 1
    for reply in _joined(replies, lang):
        out += [reply] if fits(reply, lang, number) else _cut(reply, lang, number)
        number += len(reply.options)
    return out


def _joined(replies: Sequence[Reply], lang: str) -> list[Reply]:
    out: list[Reply] = []
    number = 1
    for reply in replies:
        before = out[-1] if out else None
        if before is not None and not (
            before.options or before.request_contact or before.request_location
        ):
            merged = _merge(before, reply, lang, number)
            if merged is not None:
                out[-1], left = merged
                if left is None:
                    number += len(reply.options)
                    continue
                reply = left
        out.append(reply)
        number += len(reply.options)
    return out


def _merge(
    before: Reply, reply: Reply, lang: str, number: int
) -> tuple[Reply, Reply | None] | None:
    """`before` (which offers nothing) with `reply` in one SMS, where the two cost no more
    segments together than apart; else with `reply`'s first line (a heading, "Copy of the
    entry:") where it fits what is left of that SMS, and the rest of `reply`; else None."""
    apart = segments(before.text) + segments(numbered(reply, number))
    whole = dataclasses.replace(reply, text=f"{before.text}\n{reply.text}".strip("\n"))
    if fits(whole, lang, number) and segments(numbered(whole, number)) <= apart:
        return whole, None
    head, _, rest = reply.text.partition("\n")
    if rest:
        first = Reply(f"{before.text}\n{head}")
        left = dataclasses.replace(reply, text=rest)
        if fits(first, lang) and segments(first.text) + segments(numbered(left, number)) <= apart:
            return first, left
    return None


def _cut(reply: Reply, lang: str, first: int) -> list[Reply]:
    """`reply` in as few SMS as fit: its lines while they fit, and a line too long for what is
    left between its words (a heading then shares its SMS with the first words under it)."""
    parts: list[Reply] = []
    current: list[str] = []

    def add(text: str, *, word: bool = False) -> None:
        """`text` as the next line, or (`word`) as the next word of the line under way: in this
        SMS if it fits, else beginning the next."""
        if current:
            trial = [*current[:-1], f"{current[-1]} {text}"] if word else [*current, text]
            if fits(Reply("\n".join(trial)), lang):
                current[:] = trial
                return
            parts.append(Reply("\n".join(current)))
            current.clear()
        current.append(text)

    for line in reply.text.split("\n"):
        if fits(Reply(line), lang) or " " not in line:
            add(line)
            continue
        head, *words = line.split(" ")
        add(head)
        for word in words:
            add(word, word=True)
    last = dataclasses.replace(reply, text="\n".join(current))
    if parts and not fits(last, lang, first):
        # The last lines and the options together are too long: the options go on alone.
        parts.append(Reply(last.text))
        last = dataclasses.replace(reply, text="")
    return [*parts, last]
