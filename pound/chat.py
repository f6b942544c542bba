"""`pound chat --as PHONE`: talk to the office in a terminal, as any person, with no phone; with
`--channel sms`, see each reply as the SMS it would be."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from pound.cli import settings_of

if TYPE_CHECKING:
    from bot.types import Reply

NO_DISTRICT = (
    "no district in the database: no village, pound or official is known, so a report cannot be "
    "taken; load a district with `pound jurisdiction load FILE` (docs/jurisdiction.md), or try "
    "the demo on the default SQLite file (POUND_DATABASE_URL unset)"
)


@click.command(short_help="Talk to the office in this terminal, as the person with PHONE.")
@click.option("--as", "phone", required=True, metavar="PHONE", help="Whose phone to talk from.")
@click.option(
    "--lang",
    type=click.Choice(["en", "hi", "bn"]),
    default=None,
    help="Answer in this language (remembered for this person).",
)
@click.option(
    "--channel",
    type=click.Choice(["console", "sms"]),
    default="console",
    show_default=True,
    help="sms: talk as over SMS and see each reply as the SMS it would be, with its segments.",
)
@click.pass_context
def chat(ctx: click.Context, phone: str, lang: str | None, channel: str) -> None:
    """Run the conversations of Telegram and SMS on the console, against POUND_DATABASE_URL.

    Applies the migrations first. On the default SQLite file ./pound.db it loads the bundled
    demo district into a database that never held one; on PostgreSQL, or any other database,
    it loads nothing: a database with no district is said so before the first question, with
    how to load one (`pound jurisdiction load FILE`).

    Type a message; a number picks one of the options offered. /photo ID, /location LAT LON and
    /contact stand for a photo, a place and one's own number; /quit or end of input ends it.

    With --channel sms the conversation is the phone's SMS one, answered as over SMS, and each
    reply is shown as the SMS it would be: options numbered, split as sent, each headed
    "[SMS 1/2, 3 segments]".
    """
    from bot.channels.console import inbound_from, render, render_sms, run
    from bot.engine import RESUME
    from bot.registry import build_engine
    from bot.types import Channel, Inbound
    from office.phones import normalise_phone
    from pound.app import districts, prepare, utc_now

    settings = settings_of(ctx)
    number = normalise_phone(phone)
    said: list[str] = []
    database = prepare(settings, echo=said.append)
    ctx.call_on_close(database.dispose)
    if not districts(database):
        said = [line for line in said if not line.startswith("no district")] + [NO_DISTRICT]
    for line in said:
        click.echo(line)
    stdin = sys.stdin  # CliRunner swaps it in tests
    typed = stdin.isatty()

    def read() -> str | None:
        if typed:
            click.echo("> ", nl=False)
        line = stdin.readline()
        return line if line else None

    over = Channel.SMS if channel == "sms" else Channel.CONSOLE
    on = " over SMS" if over is Channel.SMS else ""
    click.echo(f"pound chat as {number}{on} (/quit to end)")
    engine = build_engine(database, unsolicited_per_day=settings.unsolicited_per_day)
    show = render_sms if over is Channel.SMS else render

    def send(inbound: Inbound) -> list[Reply]:
        replies = engine.handle(inbound, now=utc_now())
        if replies:
            click.echo(show(replies))
        return replies

    if lang:
        send(inbound_from(f"lang {lang}", number, over))
    # A conversation of this phone left unfinished is offered to go on with; else the menu.
    if not send(Inbound(channel=over, address=number, option=RESUME)) and not lang:
        send(inbound_from("menu", number, over))
    run(
        engine,
        phone=number,
        read=read,
        write=click.echo,
        clock=utc_now,
        echo=not typed,
        channel=over,
    )
