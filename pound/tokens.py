"""`pound token`: API tokens for the REST API."""

from __future__ import annotations

import click

from pound.cli import open_db


@click.group()
def token() -> None:
    """API tokens for the REST API."""


@token.command("issue")
@click.argument("phone")
@click.option(
    "--name",
    default=None,
    help="Add a private person of this name when no one has the phone yet.",
)
@click.pass_context
def token_issue(ctx: click.Context, phone: str, name: str | None) -> None:
    """Issue an API token for the person with PHONE (+91 98300 00005, or 098300 00005).

    The token is printed once, alone on the last line; only its SHA-256 is stored.
    """
    from office.access.tokens import issue_token
    from pound.app import act_alone, utc_now

    issued = act_alone(open_db(ctx), utc_now(), issue_token, phone=phone, name=name)
    click.echo(f"API token for {issued.name} (person {issued.person_id}); keep it secret:")
    click.echo(issued.token)


@token.command("revoke")
@click.argument("token_text", metavar="TOKEN")
@click.pass_context
def token_revoke(ctx: click.Context, token_text: str) -> None:
    """Revoke an API TOKEN so it no longer works."""
    from office.access.tokens import revoke_token
    from pound.app import act_alone, utc_now

    person_id = act_alone(open_db(ctx), utc_now(), revoke_token, token=token_text)
    click.echo(f"token revoked (it belonged to person {person_id})")
