"""`pound doctor`: the checks of pound/checks.py, one line each, and the exit status."""

from __future__ import annotations

import click

from pound.cli import settings_of


@click.command("doctor", short_help="Check the deployment and say what to do, one line each.")
@click.pass_context
def doctor(ctx: click.Context) -> None:
    """Check the deployment and say what to do, one line each: the database reachable and
    migrated, districts loaded, the audit key, Telegram (the token by getMe, the webhook by
    getWebhookInfo), Twilio (the account, the number's incoming SMS URL), the public URL on
    https, quiet hours and rates, the outbox's backlog.

    Changes nothing. Exit status: 0 nothing failed (warnings aside), 1 something failed.
    """
    import httpx

    from pound.app import utc_now
    from pound.checks import TIMEOUT, run_checks

    settings = settings_of(ctx)
    failed = 0
    with httpx.Client(timeout=TIMEOUT) as client:
        for finding in run_checks(settings, now=utc_now(), client=client):
            click.echo(finding.line())
            failed += finding.status == "FAIL"
    if failed:
        click.echo(f"{failed} check{'s' if failed != 1 else ''} failed", err=True)
        ctx.exit(1)
    click.echo("all checks passed")
