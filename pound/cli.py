"""The `pound` command: serve the office, migrate, load districts, issue tokens, print, verify."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import click
from pydantic import ValidationError
from sqlalchemy.exc import OperationalError, ProgrammingError

from law.errors import PoundError
from models import Database
from models.migrate import current, upgrade
from office.audit import (
    Chain,
    Head,
    chain_head,
    chains,
    check_heads,
    count_of,
    describe_ranges,
    parse_head,
    verify_chains,
    verify_records,
    witnessed_count,
)
from office.jurisdiction import load_jurisdiction, remove_district
from office.queries import pound_register
from office.tokens import issue_token, revoke_token
from pound.app import (
    build_app,
    describe_load,
    districts,
    open_database,
    prepare,
    safe_url,
    settle_heap,
    utc_now,
    warn_without_audit_key,
    warn_without_channel,
)
from pound.backup import backup as backup_command
from pound.chat import chat as chat_command
from pound.desk import desk as desk_group
from pound.doctor import doctor as doctor_command
from pound.logs import configure as configure_logging
from pound.logs import protect as protect_logs
from pound.settings import Settings
from pound.telegram import telegram as telegram_group
from pound.worker import WorkerThread, make_worker
from pound.worker import worker as worker_command

EXIT_BROKEN = 1
EXIT_REFUSED = 2


def describe_error(exc: PoundError) -> str:
    """`<message> (Sec X)`, the section left out when the refusal rests on none."""
    section = exc.section
    if not section:
        return exc.message
    if section.startswith("practice"):
        return f"{exc.message} ({section})"
    return f"{exc.message} (Sec {section})"


def _fail(ctx: click.Context, text: str) -> NoReturn:
    click.echo(f"error: {text}", err=True)
    ctx.exit(EXIT_REFUSED)


class PoundGroup(click.Group):
    """The root group: turns the office's refusals and database trouble into one line and exit 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PoundError as exc:
            _fail(ctx, describe_error(exc))
        except ValidationError as exc:
            problems = "; ".join(
                f"POUND_{'_'.join(str(p) for p in e['loc']).upper()}: {e['msg']}"
                for e in exc.errors()
            )
            _fail(ctx, f"bad setting: {problems}")
        except (OperationalError, ProgrammingError) as exc:
            reason = str(exc.orig) if exc.orig is not None else str(exc)
            first = reason.strip().splitlines()[0] if reason.strip() else type(exc).__name__
            _fail(ctx, f"database: {first} (is it up to date? try `pound db upgrade`)")


def _settings(ctx: click.Context) -> Settings:
    settings = ctx.find_object(Settings)
    if settings is None:  # pragma: no cover - main() always builds one
        settings = Settings()
        ctx.obj = settings
    return settings


def _db(ctx: click.Context) -> Database:
    database = open_database(_settings(ctx))
    ctx.call_on_close(database.dispose)
    return database


@click.group(name="pound", cls=PoundGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pound-office", prog_name="pound")
@click.pass_context
def main(ctx: click.Context) -> None:
    """The village pound office of Act No. III of 1857.

    Settings come from POUND_* environment variables (POUND_DATABASE_URL first; the default is
    the SQLite file ./pound.db). Start with `pound serve`.
    """
    # PTB 22 is moving Telegram's `retry_after` to a timedelta and warns until a program opts in;
    # the sender reads either form (bot/transports/telegram.py).
    os.environ.setdefault("PTB_TIMEDELTA", "1")
    ctx.obj = Settings()
    protect_logs(ctx.obj)  # no secret in any log line, whatever the command (pound/logs.py)


# --- serve -------------------------------------------------------------------------------------


@main.command()
@click.option(
    "--host", default=None, help="Address to listen on [default: POUND_HOST or 127.0.0.1]."
)
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=None,
    help="Port to listen on [default: POUND_PORT or 8000].",
)
@click.option(
    "--no-worker",
    is_flag=True,
    help="Do not run the background worker (deadlines, outbox) inside this process.",
)
@click.option(
    "--demo",
    is_flag=True,
    help="Load the bundled demo district into a database that never held a district, whatever "
    "the database [default: only into the default SQLite file ./pound.db].",
)
@click.pass_context
def serve(
    ctx: click.Context, host: str | None, port: int | None, no_worker: bool, demo: bool
) -> None:
    """Run the REST API and webhooks on uvicorn.

    Applies the migrations first and loads POUND_JURISDICTION if it is set. The bundled demo
    district is loaded only into a database that never held a district, and only when it is
    the default SQLite file or --demo is given: never into PostgreSQL by itself.
    """
    import uvicorn

    settings = _settings(ctx)
    configure_logging(settings)
    update: dict[str, Any] = {}
    if host is not None:
        update["host"] = host
    if port is not None:
        update["port"] = port
    if update:
        settings = settings.model_copy(update=update)
    warn_without_audit_key(settings, lambda line: click.echo(line, err=True))
    warn_without_channel(settings, lambda line: click.echo(line, err=True))
    database = prepare(settings, clock=utc_now, echo=click.echo, demo=demo or None)
    ctx.call_on_close(database.dispose)
    url = settings.base_url
    click.echo(f"pound office: {url}  (API docs {url}/docs, health {url}/healthz)")
    click.echo(f"database: {safe_url(database.url)}")
    names = ", ".join(f"{d.name} ({d.code})" for d in districts(database)) or "none"
    click.echo(f"districts: {names}")
    from webhook.metrics import Metrics

    metrics = Metrics()  # one registry: the app's requests and the worker's passes and sends
    background = None
    if not no_worker:
        background = WorkerThread(make_worker(database, settings, clock=utc_now, metrics=metrics))
    app = build_app(
        database,
        clock=utc_now,
        settings=settings,
        on_outbox=background.wake if background is not None else None,
        metrics=metrics,
    )
    if background is not None:
        background.start()
        click.echo("worker: running inside this process (deadlines, outbox); --no-worker to not")
    settle_heap()
    try:
        # uvicorn logs through our handler (log_config=None), and X-Forwarded-For is believed
        # only from POUND_TRUSTED_PROXIES, by the app itself (webhook/ratelimit.py).
        uvicorn.run(
            app,
            host=settings.host,
            port=settings.port,
            log_level=settings.log_level,
            log_config=None,
            proxy_headers=False,
            access_log=False,  # the app writes each request's line, with its id (webhook/edge.py)
        )
    finally:
        if background is not None:
            background.stop()


# --- db ----------------------------------------------------------------------------------------


@main.group()
def db() -> None:
    """The database schema."""


@db.command("upgrade")
@click.pass_context
def db_upgrade(ctx: click.Context) -> None:
    """Apply every migration not yet applied (safe to run again)."""
    database = _db(ctx)
    upgrade(database)
    click.echo(f"database {safe_url(database.url)} is at revision {current(database)}")


# --- jurisdiction ------------------------------------------------------------------------------


@main.group()
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
    database = _db(ctx)
    upgrade(database)
    click.echo(describe_load(load_jurisdiction(database, file, now=utc_now())))


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
    removed = remove_district(_db(ctx), code, now=utc_now())
    click.echo(
        f"district {removed.code} removed ({removed.pounds} pounds, {removed.villages} "
        f"villages, {removed.role_grants} offices, {removed.feeding_rates} feeding rates); "
        "its audit chain is kept"
    )


# --- token -------------------------------------------------------------------------------------


@main.group()
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
    issued = issue_token(_db(ctx), phone=phone, name=name, now=utc_now())
    click.echo(f"API token for {issued.name} (person {issued.person_id}); keep it secret:")
    click.echo(issued.token)


@token.command("revoke")
@click.argument("token_text", metavar="TOKEN")
@click.pass_context
def token_revoke(ctx: click.Context, token_text: str) -> None:
    """Revoke an API TOKEN so it no longer works."""
    person_id = revoke_token(_db(ctx), token=token_text, now=utc_now())
    click.echo(f"token revoked (it belonged to person {person_id})")


# --- document-link -----------------------------------------------------------------------------


@main.command("document-link", short_help="A link for a party to print a document.")
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
    from office.documents.kinds import Kind
    from office.documents.links import party_link

    try:
        chosen = Kind(kind.strip().lower())
    except ValueError:
        _fail(ctx, f"unknown document kind {kind!r}: one of {', '.join(k.value for k in Kind)}")
    settings = _settings(ctx)
    url, until = party_link(
        _db(ctx),
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


# --- register ----------------------------------------------------------------------------------


def _cell(value: object) -> str:
    if value is None:
        return "-"
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return str(value)


def format_table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    """Rows as aligned text columns under a header and a rule."""
    cells = [[_cell(v) for v in row] for row in rows]
    widths = [len(h) for h in header]
    for row in cells:
        for i, text in enumerate(row):
            widths[i] = max(widths[i], len(text))

    def line(values: Sequence[str]) -> str:
        return "  ".join(v.ljust(widths[i]) for i, v in enumerate(values)).rstrip()

    return [line(header), line(["-" * w for w in widths]), *(line(r) for r in cells)]


REGISTER_HEADER = ("No.", "Year", "Entered", "Ref", "Animals", "Seizer", "Owner", "Status")


@main.command(short_help="Print a pound's register (Sec V) as a table.")
@click.argument("pound_code", metavar="POUND")
@click.option("--year", type=int, default=None, help="Only this year's entries [default: all].")
@click.pass_context
def register(ctx: click.Context, pound_code: str, year: int | None) -> None:
    """Print the register of the pound with code POUND (Sec V) as a table."""
    reg = pound_register(_db(ctx), pound_code=pound_code, year=year, now=utc_now())
    title = f"Register of {reg.pound_name} ({reg.pound_code})"
    click.echo(title + (f", {year}" if year is not None else ""))
    rows = [
        (r.number, r.year, r.entered_on, r.ref, r.animals, r.seizer, r.owner, r.status)
        for r in reg.rows
    ]
    for text in format_table(REGISTER_HEADER, rows):
        click.echo(text)
    click.echo(f"{len(rows)} entr{'y' if len(rows) == 1 else 'ies'}")


# --- audit -------------------------------------------------------------------------------------


@main.group()
def audit() -> None:
    """The hash-chained audit log (docs/audit.md)."""


_DISTRICT_OPTION = click.option(
    "--district",
    metavar="CODE",
    help="Only this district's chain (each district has its own).",
)


def _chains(ctx: click.Context, database: Database, district: str | None) -> list[Chain]:
    try:
        return chains(database, district)
    except LookupError:
        _fail(ctx, f"no district {str(district).strip().upper()!r}")


@audit.command("head")
@_DISTRICT_OPTION
@click.pass_context
def audit_head(ctx: click.Context, district: str | None) -> None:
    """Print each chain's head: its last event as SEQ:HASH, one line per chain (`office`, then
    each district by code); with --district, the district's head alone on the last line.

    Keep it (the worker also sends each district's head to its Magistrates daily) and later give
    it to `pound audit verify --district CODE --expect-head SEQ:HASH`: a chain cut short, or
    rewritten, fails.
    """
    database = _db(ctx)
    found = _chains(ctx, database, district)
    if district is None:
        click.echo("audit chains: the office chain, then one per district (CHAIN SEQ:HASH)")
        for chain in found:
            click.echo(f"{chain.name} {chain_head(database, chain)}")
        return
    [chain] = found
    head = chain_head(database, chain)
    if head.seq == 0:
        click.echo(f"audit chain of {chain}: no event yet")
    else:
        click.echo(f"audit chain of {chain}: {head.seq} events; the head is its last event")
    click.echo(str(head))


def _head_option(
    _ctx: click.Context, _param: click.Parameter, values: tuple[str, ...]
) -> tuple[Head, ...]:
    try:
        return tuple(parse_head(v) for v in values)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from exc


@audit.command("verify")
@_DISTRICT_OPTION
@click.option(
    "--expect-head",
    "expected",
    metavar="SEQ:HASH",
    multiple=True,
    callback=_head_option,
    help="A head printed by `pound audit head` or sent to a Magistrate: fail unless its chain "
    "(the --district's, else the chain that has an event with that hash) still has that event "
    "with that hash. May be given more than once.",
)
@click.option(
    "--records",
    is_flag=True,
    help="Also digest every row of the register (of every district) as it stands and compare "
    "it with the digest of the latest event that wrote it; name the first record altered, "
    "deleted or added.",
)
@click.pass_context
def audit_verify(
    ctx: click.Context, district: str | None, expected: tuple[Head, ...], records: bool
) -> None:
    """Prove the audit chains, each district's and the office chain, or with --district that
    district's alone; exit 1 naming the first event or record that fails, and its chain.

    Recomputes every event's hash, and with POUND_AUDIT_KEY every event's mac (events written
    without the key are named as checked by hash only). Checks that each head sent to a
    Magistrate, and each --expect-head, is still in its chain. Exit status: 0 all proved,
    1 something altered, cut short or missing, 2 refused (e.g. the database is not migrated).
    """
    settings = _settings(ctx)
    database = _db(ctx)
    key = settings.audit_key_bytes
    failures: list[str] = []

    _chains(ctx, database, district)  # an unknown district is refused before anything is read
    reports = verify_chains(database, key=key, district=district)
    for report in reports:
        name = report.chain.name
        if report.ok:
            proved = f", {report.macs_checked} of them also by mac" if report.macs_checked else ""
            click.echo(f"{name}: {report.checked} events hash-checked{proved}")
        else:
            failures.append(
                f"audit chain of {report.chain} BROKEN at event seq {report.broken_seq}: "
                f"{report.reason} ({report.checked} events before it are intact)"
            )
        if report.without_mac:
            click.echo(
                f"{name}: hash only: {count_of(report.without_mac)} events carry no mac "
                f"(seq {describe_ranges(report.without_mac)}): written without POUND_AUDIT_KEY"
            )
        if report.macs_unchecked:
            click.echo(
                f"{name}: hash only: POUND_AUDIT_KEY is not set, so the macs of "
                f"{count_of(report.macs_unchecked)} events (seq "
                f"{describe_ranges(report.macs_unchecked)}) were not checked"
            )

    problems = check_heads(database, expected, district=district)
    for problem in problems:
        where = f"of {problem.chain} " if problem.chain is not None else ""
        failures.append(f"audit chain {where}TRUNCATED or rewritten: {problem.reason}")
    witnessed = witnessed_count(database, district)
    if not problems and (expected or witnessed):
        click.echo(
            f"heads: the {len(expected)} expected and the {witnessed} sent to Magistrates "
            "are all events of their chains, with their hashes"
        )

    if records:
        found = verify_records(database)
        if found.ok:
            click.echo(
                f"records: {found.rows} rows match the digests of the {found.events} events "
                "that wrote them"
            )
        else:
            first, more = found.problems[0], len(found.problems) - 1
            failures.append(
                f"records ALTERED: {first.describe()}"
                + (f" (and {more} more record{'s' if more != 1 else ''})" if more else "")
            )

    if failures:
        for line in failures:
            click.echo(line, err=True)
        ctx.exit(EXIT_BROKEN)
    checked = sum(r.checked for r in reports)
    if district is not None:
        click.echo(f"audit chain of {reports[0].chain} intact: {checked} events checked")
    else:
        click.echo(f"audit chains intact: {checked} events checked in {len(reports)} chains")


main.add_command(worker_command)
main.add_command(telegram_group)
main.add_command(chat_command)
main.add_command(doctor_command)
main.add_command(backup_command)
main.add_command(desk_group)
