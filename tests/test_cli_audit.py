"""`pound audit head` and `pound audit verify` as an auditor uses them, on both databases: each
district's chain (--district), the key (POUND_AUDIT_KEY), the expected head, the heads sent to
the Magistrates and the records."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from click.testing import Result
from sqlalchemy import text

from models import Database
from office.records import audit_chains
from office.records.witness import witness_heads
from tests.office.test_audit_heads import cut, grow
from tests.office.test_audit_records import EDITS, _latest_writer, _paid, _target
from tests.other_district import load_other
from tests.test_worker import pound
from tests.world import World, at, make_world

KEY = "a key the district keeps in its vault, not in the database"
D = date


def run(db: Database, *args: str, key: str | None = None) -> Result:
    return pound(db, "audit", *args, POUND_AUDIT_KEY=key)


def last_line(result: Result) -> str:
    return result.stdout.rstrip("\n").splitlines()[-1]


def ours(db: Database) -> audit_chains.Chain:
    return audit_chains.chains(db, "TESTPUR")[0]


def test_head_of_a_district_prints_seq_colon_hash_alone_on_its_last_line(world: World) -> None:
    grow(world, 2)

    result = run(world.db, "head", "--district", "testpur")

    assert result.exit_code == 0, result.output
    assert last_line(result) == str(audit_chains.chain_head(world.db, ours(world.db)))
    assert last_line(result).startswith("3:")
    assert "district TESTPUR: 3 events" in result.stdout


def test_head_prints_one_line_per_chain(world: World) -> None:
    load_other(world)
    grow(world, 2)

    result = run(world.db, "head")

    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()[1:]
    other = audit_chains.chains(world.db, "OTHERPUR")[0]
    assert lines == [
        f"office 0:{'0' * 64}",
        f"OTHERPUR {audit_chains.chain_head(world.db, other)}",
        f"TESTPUR {audit_chains.chain_head(world.db, ours(world.db))}",
    ]
    assert lines[1].startswith("OTHERPUR 1:") and lines[2].startswith("TESTPUR 3:")


def test_head_of_an_empty_chain(db: Database) -> None:
    pound(db, "db", "upgrade")
    result = run(db, "head")
    assert result.exit_code == 0
    assert last_line(result) == f"office 0:{'0' * 64}"


def test_an_unknown_district_is_refused(world: World) -> None:
    for command in ("head", "verify"):
        result = run(world.db, command, "--district", "NOWHERE")
        assert result.exit_code == 2
        assert "no district 'NOWHERE'" in result.stderr


@pytest.mark.parametrize("last", [1, 10, 11])
def test_verify_fails_when_the_chain_no_longer_reaches_the_expected_head(
    world: World, last: int
) -> None:
    grow(world, 10)
    head = last_line(run(world.db, "head", "--district", "TESTPUR"))
    whole = run(world.db, "verify", "--district", "TESTPUR", "--expect-head", head)
    assert whole.exit_code == 0, whole.output
    assert "audit chain of district TESTPUR intact: 11 events checked" in whole.stdout

    cut(world.db, last)
    result = run(world.db, "verify", "--district", "TESTPUR", "--expect-head", head)

    assert result.exit_code == 1
    assert "audit chain of district TESTPUR TRUNCATED" in result.stderr
    seq, digest = head.split(":")
    assert (
        f"event {seq} with hash {digest} is not in the chain: the chain ends at {11 - last}"
        in result.stderr
    )
    assert "intact" not in result.stdout


def test_verify_fails_when_the_expected_event_has_another_hash(world: World) -> None:
    grow(world, 2)
    head = last_line(run(world.db, "head", "--district", "TESTPUR"))
    cut(world.db, 1)
    grow(world, 1)

    result = run(world.db, "verify", "--district", "TESTPUR", "--expect-head", head)

    assert result.exit_code == 1
    assert f"event {head.split(':')[0]} has another hash" in result.stderr


def test_a_head_that_is_not_seq_colon_hash_is_a_usage_error(world: World) -> None:
    result = run(world.db, "verify", "--expect-head", "12:abc")
    assert result.exit_code == 2
    assert "SEQ:HASH" in result.output


def test_verify_fails_on_an_emptied_chain_whose_head_was_sent_to_the_magistrate(
    world: World,
) -> None:
    grow(world, 2)
    [sent] = witness_heads(world.db, now=at(D(2026, 3, 1), 12))
    cut(world.db, 3)

    result = run(world.db, "verify")

    assert result.exit_code == 1
    assert (
        f"audit chain of district TESTPUR TRUNCATED or rewritten: event 3 with hash "
        f"{sent.head.hash} is not in the chain: the chain ends at 0, but that head was "
        "witnessed on 2026-03-01"
    ) in result.stderr
    assert "intact" not in result.stdout


def test_with_the_key_events_without_a_mac_are_named_not_passed_silently(db: Database) -> None:
    world = make_world(db)  # written without the key
    grow(world, 2)

    result = run(db, "verify", key=KEY)

    assert result.exit_code == 0, result.output
    assert "TESTPUR: hash only: 3 events carry no mac (seq 1-3)" in result.stdout


def test_with_another_key_verify_fails_at_the_first_event(db: Database) -> None:
    db.audit_key = b"the key the office wrote with, not the auditor's"
    world = make_world(db)
    grow(world, 1)

    proved = run(db, "verify", key="the key the office wrote with, not the auditor's")
    wrong = run(db, "verify", key=KEY)

    assert proved.exit_code == 0, proved.output
    assert "TESTPUR: 2 events hash-checked, 2 of them also by mac" in proved.stdout
    assert wrong.exit_code == 1
    assert "audit chain of district TESTPUR BROKEN at event seq 1" in wrong.stderr
    assert "another key" in wrong.stderr


def test_without_the_key_the_macs_are_said_to_be_unchecked(db: Database) -> None:
    db.audit_key = KEY.encode()
    grow(make_world(db), 1)

    result = run(db, "verify")

    assert result.exit_code == 0
    assert "POUND_AUDIT_KEY is not set, so the macs of 2 events (seq 1-2) were not checked" in (
        result.stdout
    )


CHANGES = [
    *((table, EDITS[table]) for table in ("registerentry", "payment", "ledgerposting", "seizure")),
    *((table, f"DELETE FROM {table} WHERE id = :id") for table in ("payment", "ledgerposting")),
    ("registerentry", "DELETE FROM registerentry WHERE id = :id"),
]


@pytest.mark.parametrize(("table", "sql"), CHANGES, ids=lambda v: str(v).split(" ")[0])
def test_verify_records_names_the_record_changed_and_the_event_that_wrote_it(
    world: World, table: str, sql: str
) -> None:
    ref = _paid(world)
    clean = run(world.db, "verify", "--records")
    assert clean.exit_code == 0, clean.output
    assert "records: " in clean.stdout
    ident = _target(world, ref, table)
    seq, action = _latest_writer(world.db, table, ident)

    with world.db.engine.begin() as conn:
        conn.execute(text(sql), {"id": ident})
    result = run(world.db, "verify", "--records")

    assert result.exit_code == 1
    how = "is missing" if sql.startswith("DELETE") else "was altered"
    assert f"record {table} id {ident} {how}" in result.stderr
    assert f"event {seq} of district TESTPUR ({action})" in result.stderr
    assert "intact" not in result.stdout
    # Without --records the chain itself is intact: the change is in the register, not the log.
    assert run(world.db, "verify").exit_code == 0


def test_serve_and_worker_warn_at_start_without_the_key(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: None)
    warning = "warning: POUND_AUDIT_KEY is not set"

    served: list[Any] = [
        pound(db, "serve", "--no-worker", POUND_AUDIT_KEY=key) for key in (None, KEY)
    ]
    worked: list[Any] = [
        pound(db, "worker", "--once", "--at", "2026-03-01T08:00+05:30", POUND_AUDIT_KEY=key)
        for key in (None, KEY)
    ]

    for without, with_key in (served, worked):
        assert without.exit_code == 0 and with_key.exit_code == 0, without.output
        assert [line for line in without.stderr.splitlines() if warning in line] == [
            "warning: POUND_AUDIT_KEY is not set: audit events written now carry no mac, and "
            "`pound audit verify` can prove them by their hash only (docs/audit.md)"
        ]
        assert warning not in with_key.output


def test_a_short_key_is_refused_by_name(db: Database) -> None:
    result = run(db, "verify", key="short")
    assert result.exit_code == 2
    assert "POUND_AUDIT_KEY" in result.stderr


def test_verify_and_head_help_name_their_options_and_exit_statuses(db: Database) -> None:
    verify = run(db, "verify", "--help")
    head = run(db, "head", "--help")
    assert verify.exit_code == head.exit_code == 0
    for word in (
        "--district",
        "--expect-head",
        "SEQ:HASH",
        "--records",
        "POUND_AUDIT_KEY",
        "Exit status",
    ):
        assert word in verify.output
    assert "SEQ:HASH" in head.output and "--district" in head.output
