"""`pound jurisdiction`: load a district from its file, or remove one that holds nothing."""

from __future__ import annotations

from pathlib import Path

import click

from pound.cli import open_db


@click.group()
def jurisdiction() -> None:
    """Districts: pounds, villages, officials, feeding rates."""


@jurisdiction.command("load")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.pass_context
def jurisdiction_load(ctx: click.Context, file: Path) -> None:
    """Load or update a district from a TOML FILE (see docs/jurisdiction.md).

    Applies the migrations first. Loading the same file twice changes nothing; a bad file is
    refused with its line and the reason, and nothing is written.
    """
    from migrations import upgrade
    from office.jurisdiction import load_jurisdiction
    from pound.app import act_alone, describe_load, utc_now

    database = open_db(ctx)
    upgrade(database)
    click.echo(describe_load(act_alone(database, utc_now(), load_jurisdiction, file)))


@jurisdiction.command("remove")
@click.argument("code")
@click.pass_context
def jurisdiction_remove(ctx: click.Context, code: str) -> None:
    """Remove the district CODE when its register holds nothing: the demo district, or one
    loaded by mistake.

    Its pounds, villages, offices and feeding rates are deleted and the removal is an event of
    its audit chain, which is kept. A district with seizures (or any record) is refused, exit
    status 2. Loading a file with its code brings it back.
    """
    from office.jurisdiction import remove_district
    from pound.app import act_alone, utc_now

    removed = act_alone(open_db(ctx), utc_now(), remove_district, code)
    click.echo(
        f"district {removed.code} removed ({removed.pounds} pounds, {removed.villages} "
        f"villages, {removed.role_grants} offices, {removed.feeding_rates} feeding rates); "
        "its audit chain is kept"
    )
