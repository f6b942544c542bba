"""`pound backup FILE`: a consistent copy of the SQLite database while the office runs.

SQLite's online backup API (`sqlite3.Connection.backup`) copies the database page by page and
starts again if a writer changes it meanwhile, so the copy is of one moment even while the
service and the worker write. PostgreSQL is backed up by its own tool, `pg_dump`
(docs/deploy.md, Backups): the command says so and exits non-zero.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import click

from pound.cli import EXIT_REFUSED, fail, settings_of

PAGES_PER_STEP = 1024  # between steps other connections may write


def pg_dump_command(url: str, file: Path) -> str:
    """The pg_dump line that backs up the database of `url` (its password left out: pg_dump
    reads it from PGPASSWORD or ~/.pgpass)."""
    from sqlalchemy.engine import URL, make_url

    given = make_url(url)
    parsed = URL.create(
        "postgresql",
        username=given.username,
        host=given.host,
        port=given.port,
        database=given.database,
        query=given.query,
    )
    target = parsed.render_as_string(hide_password=False)
    return f"pg_dump --format=custom --file={file} '{target}'"


def backup_sqlite(source: Path, target: Path) -> int:
    """Copy the SQLite database `source` to `target` through the online backup API; the copy
    is written beside `target` and renamed onto it when complete and checked. Returns its
    size in bytes."""
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst, pages=PAGES_PER_STEP)
            (verdict,) = dst.execute("PRAGMA quick_check").fetchone()
            if verdict != "ok":
                raise click.ClickException(f"the copy does not check: {verdict}")
        finally:
            dst.close()
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        src.close()
    os.replace(partial, target)
    return target.stat().st_size


@click.command("backup", short_help="Copy the SQLite database to FILE while the service runs.")
@click.argument("file", type=click.Path(dir_okay=False, writable=True, path_type=Path))
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@click.pass_context
def backup(ctx: click.Context, file: Path, force: bool) -> None:
    """Copy the SQLite database of POUND_DATABASE_URL to FILE, consistent while the service
    runs (SQLite's online backup API).

    For PostgreSQL it prints the pg_dump command to use instead and exits 2. Restore by
    stopping the service and putting FILE in the database's place; `pound audit verify
    --records` then proves what it holds.
    """
    settings = settings_of(ctx)
    from sqlalchemy.engine import make_url

    url = make_url(settings.database_url)
    if url.get_backend_name() != "sqlite":
        click.echo(
            "error: `pound backup` copies SQLite databases; back up PostgreSQL with pg_dump "
            "(docs/deploy.md, Backups):",
            err=True,
        )
        click.echo(f"  {pg_dump_command(settings.database_url, file)}", err=True)
        ctx.exit(EXIT_REFUSED)
    if not url.database or url.database == ":memory:":
        fail(ctx, "the database is in memory: there is no file to back up")
    source = Path(url.database)
    if not source.is_file():
        fail(ctx, f"no database file {source}")
    if file.resolve() == source.resolve():
        fail(ctx, "FILE is the database itself")
    if file.exists() and not force:
        fail(ctx, f"{file} exists; give another name, or --force to replace it")
    size = backup_sqlite(source, file)
    click.echo(f"backup of {source} written to {file} ({size} bytes)")
