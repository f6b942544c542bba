"""The `pound` command: serve the office, migrate, load districts, issue tokens, print, verify.

The root group knows its commands by name and loads a command's module only when that command
runs (`COMMANDS`, click's "Lazily Loading Subcommands"): `pound --version` and `pound --help`
import click alone, and each command what it uses.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import click

if TYPE_CHECKING:
    from law.errors import PoundError
    from models import Database
    from pound.settings import Settings

EXIT_BROKEN = 1
EXIT_REFUSED = 2

# Each command of `pound`: its name -> "module:attribute" of its click command or group.
COMMANDS: dict[str, str] = {
    "audit": "pound.audit:audit",
    "backup": "pound.backup:backup",
    "chat": "pound.chat:chat",
    "db": "pound.serve:db",
    "desk": "pound.desk:desk",
    "doctor": "pound.doctor:doctor",
    "document-link": "pound.records:document_link",
    "jurisdiction": "pound.districts:jurisdiction",
    "register": "pound.records:register",
    "serve": "pound.serve:serve",
    "telegram": "pound.telegram:telegram",
    "token": "pound.tokens:token",
    "worker": "pound.worker_command:worker",
}

# What `pound --help` says of each command without loading it; each is the command's own short
# help (tests/test_cli_start.py holds them equal). A command missing here is loaded to be listed.
SUMMARIES: dict[str, str] = {
    "audit": "The hash-chained audit log (docs/audit.md).",
    "backup": "Copy the SQLite database to FILE while the service runs.",
    "chat": "Talk to the office in this terminal, as the person with PHONE.",
    "db": "The database schema.",
    "desk": "The officials' desk (/desk).",
    "doctor": "Check the deployment and say what to do, one line each.",
    "document-link": "A link for a party to print a document.",
    "jurisdiction": "Districts: pounds, villages, officials, feeding rates.",
    "register": "Print a pound's register (Sec V) as a table.",
    "serve": "Run the REST API and webhooks on uvicorn.",
    "telegram": "The Telegram bot: register its webhook and command menu.",
    "token": "API tokens for the REST API.",
    "worker": "Advance the deadlines and send the outbox, pass after pass.",
}


def describe_error(exc: PoundError) -> str:
    """`<message> (Sec X)`, the section left out when the refusal rests on none."""
    section = exc.section
    if not section:
        return exc.message
    if section.startswith("practice"):
        return f"{exc.message} ({section})"
    return f"{exc.message} (Sec {section})"


def fail(ctx: click.Context, text: str) -> NoReturn:
    """`error: TEXT` on standard error, exit status 2."""
    click.echo(f"error: {text}", err=True)
    ctx.exit(EXIT_REFUSED)


def refusal(exc: Exception) -> str | None:
    """The one line for the office's refusal, a bad setting or database trouble; None for any
    other failure. The classes are imported only when a command has failed."""
    from pydantic import ValidationError
    from sqlalchemy.exc import OperationalError, ProgrammingError

    from law.errors import PoundError

    if isinstance(exc, PoundError):
        return describe_error(exc)
    if isinstance(exc, ValidationError):
        problems = "; ".join(
            f"POUND_{'_'.join(str(p) for p in e['loc']).upper()}: {e['msg']}" for e in exc.errors()
        )
        return f"bad setting: {problems}"
    if isinstance(exc, (OperationalError, ProgrammingError)):
        reason = str(exc.orig) if exc.orig is not None else str(exc)
        first = reason.strip().splitlines()[0] if reason.strip() else type(exc).__name__
        return f"database: {first} (is it up to date? try `pound db upgrade`)"
    return None


class PoundGroup(click.Group):
    """The root group: loads each command's module when it runs (`COMMANDS`), and turns the
    office's refusals and database trouble into one line and exit 2."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = COMMANDS.get(cmd_name)
        if where is None:
            return super().get_command(ctx, cmd_name)
        module, attribute = where.split(":")
        command = getattr(importlib.import_module(module), attribute)
        if not isinstance(command, click.Command):  # pragma: no cover - COMMANDS is wrong
            raise TypeError(f"{where} is not a click command")
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows: list[tuple[str, str]] = []
        for name in self.list_commands(ctx):
            summary = SUMMARIES.get(name)
            if summary is None:
                command = self.get_command(ctx, name)
                if command is None or command.hidden:
                    continue
                summary = command.get_short_help_str(formatter.width - 6 - len(name))
            rows.append((name, summary))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except Exception as exc:
            line = refusal(exc)
            if line is None:
                raise
            fail(ctx, line)


def settings_of(ctx: click.Context) -> Settings:
    """The settings of this run, read from the environment once, at the first command that
    needs them; from then on no secret of theirs is written in any log line (pound/logs.py)."""
    from pound.logs import protect as protect_logs
    from pound.settings import Settings

    settings = ctx.find_object(Settings)
    if settings is None:
        settings = Settings()
        ctx.find_root().obj = settings
        protect_logs(settings)
    return settings


def open_db(ctx: click.Context) -> Database:
    """The database of POUND_DATABASE_URL, closed when the command ends."""
    from pound.app import open_database

    database = open_database(settings_of(ctx))
    ctx.call_on_close(database.dispose)
    return database


def _cell(value: object) -> str:
    if value is None:
        return "-"
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return str(value)


def format_table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    """Rows as aligned text columns under a header and a rule."""
    cells = [[_cell(v) for v in row] for row in rows]
    widths = [max([len(h), *(len(row[i]) for row in cells)]) for i, h in enumerate(header)]

    def line(values: Sequence[str]) -> str:
        return "  ".join(v.ljust(widths[i]) for i, v in enumerate(values)).rstrip()

    return [line(header), line(["-" * w for w in widths]), *(line(r) for r in cells)]


@click.group(name="pound", cls=PoundGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pound-office", prog_name="pound")
def main() -> None:
    """The village pound office of Act No. III of 1857.

    Settings come from POUND_* environment variables (POUND_DATABASE_URL first; the default is
    the SQLite file ./pound.db). Start with `pound serve`.
    """
    # PTB 22 is moving Telegram's `retry_after` to a timedelta and warns until a program opts in;
    # the sender reads either form (bot/channels/telegram/send.py).
    os.environ.setdefault("PTB_TIMEDELTA", "1")
