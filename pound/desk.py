"""`pound desk code PHONE`: the sign-in code waiting for an officer, for the operator of an
office no channel can deliver it through (no Telegram, no Twilio configured; docs/desk.md).
Where a channel is configured it prints no code.

Its imports are inside the command, so that `pound --help` loads none of them.
"""

from __future__ import annotations

import click

EXIT_NONE = 1


@click.group("desk")
def desk() -> None:
    """The officials' desk (/desk)."""


@desk.command("code")
@click.argument("phone")
@click.pass_context
def code(ctx: click.Context, phone: str) -> None:
    """Print the newest sign-in code of the officer with PHONE that still works (not used, not
    late, not spent by wrong tries), alone on the last line; exit 1 when there is none.
    Only where no channel (Telegram, Twilio) is configured: else the code went to his phone,
    and this refuses (exit 2).

    PHONE in any form the office reads: +91 98000 10101, 098000 10101, 98000-10101.
    """
    from datetime import UTC

    from office.access.desk_signin import CODE_MINUTES, CODE_TRIES, pending_code
    from pound.app import can_deliver, utc_now
    from pound.cli import fail, open_db, settings_of

    settings = settings_of(ctx)
    if can_deliver(settings):
        # The code went to the officer's own Telegram or phone: no one else is shown it.
        fail(
            ctx,
            "a channel is configured (Telegram or Twilio): sign-in codes go to the officer's "
            "phone and are never printed",
        )
    found = pending_code(open_db(ctx), phone, now=utc_now())
    if found is None:
        click.echo(
            f"no sign-in code waits for {phone.strip()}: ask for one on the desk's sign-in page "
            f"(/desk/sign-in) with an officer's phone; a code works for {CODE_MINUTES} minutes, "
            f"until it is used or tried wrongly {CODE_TRIES} times",
            err=True,
        )
        ctx.exit(EXIT_NONE)
    expires = found.expires_at
    until = (expires.astimezone(UTC) if expires.tzinfo else expires).strftime("%H:%M:%S UTC")
    click.echo(f"sign-in code for {found.name} ({found.phone}), good until {until}:")
    click.echo(found.code)
