"""`pound audit`: print the chains' heads, and prove the chains and the records."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from pound.cli import EXIT_BROKEN, fail, open_db, settings_of

if TYPE_CHECKING:
    from models import Database
    from office.records.audit_chains import Chain, Head


@click.group()
def audit() -> None:
    """The hash-chained audit log (docs/audit.md)."""


_DISTRICT_OPTION = click.option(
    "--district",
    metavar="CODE",
    help="Only this district's chain (each district has its own).",
)


def _chains(ctx: click.Context, database: Database, district: str | None) -> list[Chain]:
    from office.records.audit_chains import chains

    try:
        return chains(database, district)
    except LookupError:
        fail(ctx, f"no district {str(district).strip().upper()!r}")


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
    from office.records.audit_chains import chain_head

    database = open_db(ctx)
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
    from office.records.audit_chains import parse_head

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
    from office.records.audit_chains import count_of, describe_ranges
    from office.records.audit_verify import (
        check_heads,
        verify_chains,
        verify_records,
        witnessed_count,
    )

    settings = settings_of(ctx)
    database = open_db(ctx)
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
