"""`pound register` (a pound's register as a table) and `pound document-link`."""

from __future__ import annotations

import click

from pound.cli import fail, format_table, open_db, settings_of


@click.command("document-link", short_help="A link for a party to print a document.")
@click.argument("kind")
@click.argument("ref")
@click.argument("phone")
@click.option("--days", default=30, show_default=True, type=click.IntRange(1, 365))
@click.pass_context
def document_link(ctx: click.Context, kind: str, ref: str, phone: str, days: int) -> None:
    """A signed link, valid DAYS days, for the person with PHONE to print the document KIND
    (register-copy, receipt, notice, account, cattle-receipt, summons, decision, set-off) of
    REF without an API token; he must be a party to the record (docs/documents.md). Signed
    with POUND_AUDIT_KEY."""
    from office.views.documents.kinds import Kind
    from office.views.documents.links import party_link
    from pound.app import utc_now

    try:
        chosen = Kind(kind.strip().lower())
    except ValueError:
        fail(ctx, f"unknown document kind {kind!r}: one of {', '.join(k.value for k in Kind)}")
    settings = settings_of(ctx)
    url, until = party_link(
        open_db(ctx),
        settings.audit_key_bytes,
        kind=chosen,
        ref=ref,
        phone=phone,
        base_url=settings.base_url,
        now=utc_now(),
        days=days,
    )
    click.echo(f"valid until {until.isoformat(timespec='minutes')}:")
    click.echo(url)


@click.command(short_help="Print a pound's register (Sec V) as a table.")
@click.argument("pound_code", metavar="POUND")
@click.option("--year", type=int, default=None, help="Only this year's entries [default: all].")
@click.pass_context
def register(ctx: click.Context, pound_code: str, year: int | None) -> None:
    """Print the register of the pound with code POUND (Sec V) as a table."""
    from office.views.pound_register import pound_register
    from pound.app import utc_now

    reg = pound_register(open_db(ctx), pound_code=pound_code, year=year, now=utc_now())
    title = f"Register of {reg.pound_name} ({reg.pound_code})"
    click.echo(title + (f", {year}" if year is not None else ""))
    rows = [
        (r.number, r.year, r.entered_on, r.ref, r.animals, r.seizer, r.owner, r.status)
        for r in reg.rows
    ]
    header = ("No.", "Year", "Entered", "Ref", "Animals", "Seizer", "Owner", "Status")
    for text in format_table(header, rows):
        click.echo(text)
    click.echo(f"{len(rows)} entr{'y' if len(rows) == 1 else 'ies'}")
