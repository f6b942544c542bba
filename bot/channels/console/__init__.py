"""The console channel: the same flows in a terminal, so anyone can try every role offline.

A line typed is a message from the phone given; options come back numbered, and a number picks
one (as on SMS). A few slash words stand for what a phone would send:
`/photo ID`, `/location LAT LON`, `/contact` (share one's own number), and `/quit`.
Run as the SMS channel, each reply is shown as the SMS it would be, split as sent, with its
segments (`render_sms`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime

from bot.engine import Engine
from bot.segments import segments, texts_for
from bot.types import Channel, Contact, Inbound, Location, Reply

QUIT_WORDS = {"/quit", "/exit", "quit", "exit"}


def render(replies: Iterable[Reply]) -> str:
    """Replies as the console shows them: the options numbered across all replies, in the
    order the engine remembers them, so that a number picks the same one."""
    lines: list[str] = []
    number = 0
    for reply in replies:
        lines.append(reply.text)
        for option in reply.options:
            number += 1
            lines.append(f"  {number}. {option.label}")
        if reply.request_contact:
            lines.append("  (/contact shares your number)")
        if reply.request_location:
            lines.append("  (/location LAT LON shares a place)")
    return "\n".join(lines)


def render_sms(replies: Iterable[Reply]) -> str:
    """Replies as the SMS the office would send for them (bot/segments.py): the options
    numbered as SMS numbers them, cut as sent, each SMS headed by its place in the turn and
    its segments, e.g. "[SMS 1/2, 3 segments]"."""
    texts = texts_for(list(replies), Channel.SMS)
    return "\n".join(
        f"[SMS {i}/{len(texts)}, {segments(text)} segment{'s' if segments(text) != 1 else ''}]"
        f"\n{text}"
        for i, text in enumerate(texts, 1)
    )


def inbound_from(line: str, phone: str, channel: Channel = Channel.CONSOLE) -> Inbound:
    """One typed line as the message a phone would send on `channel`."""
    text = line.strip()
    word, _, rest = text.partition(" ")
    if word == "/photo" and rest.strip():
        return Inbound(channel=channel, address=phone, photo=rest.strip()[:500])
    if word == "/location":
        parts = rest.split()
        try:
            lat, lon = float(parts[0]), float(parts[1])
        except (IndexError, ValueError):
            return Inbound(channel=channel, address=phone, text=text)
        return Inbound(channel=channel, address=phone, location=Location(lat, lon))
    if word == "/contact":
        return Inbound(channel=channel, address=phone, contact=Contact(phone=phone))
    return Inbound(channel=channel, address=phone, text=text)


def run(
    engine: Engine,
    *,
    phone: str,
    read: Callable[[], str | None],
    write: Callable[[str], None],
    clock: Callable[[], datetime],
    first: Iterable[str] = (),
    echo: bool = False,
    channel: Channel = Channel.CONSOLE,
) -> int:
    """Talk until end of input or /quit; returns how many messages were handled.

    `read` returns the next line, or None at the end of input; `first` are lines sent before
    reading (e.g. `lang hi`); `echo` repeats each line read (for input that is not typed);
    `channel` is the console's own, or SMS: the conversation is the phone's SMS one, and each
    reply is shown as the SMS it would be.
    """
    handled = 0
    show = render_sms if channel is Channel.SMS else render

    def say(line: str) -> None:
        nonlocal handled
        replies = engine.handle(inbound_from(line, phone, channel), now=clock())
        handled += 1
        write(show(replies))

    for line in first:
        say(line)
    while True:
        got = read()
        if got is None or got.strip().lower() in QUIT_WORDS:
            return handled
        if not got.strip():
            continue
        if echo:
            write(f"> {got.strip()}")
        say(got)
