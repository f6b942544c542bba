"""The operator's first minutes at the command line: commands that start at once, one line for
the migrations, the pages to open printed at start."""

from __future__ import annotations

import gc
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from models import Database
from pound.app import addresses, migrate
from pound.cli import COMMANDS, SUMMARIES, main

ROOT = Path(__file__).resolve().parent.parent
# What only a command that works on the record needs: none is loaded to print a help or the version.
HEAVY = (
    "fastapi",
    "sqlalchemy",
    "sqlmodel",
    "telegram",
    "twilio",
    "weasyprint",
    "office",
    "bot",
    "webhook",
)
MIGRATIONS = sorted(p.stem for p in (ROOT / "migrations" / "versions").glob("0*.py"))


def imported(*args: str) -> set[str]:
    """The top-level packages `python -m pound ARGS` imports, read from `-X importtime`."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "pound", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "POUND_DATABASE_URL": "sqlite://"},
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    names = set()
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            names.add(line.rsplit("|", 1)[1].strip().split(".")[0])
    return names


@pytest.mark.parametrize(
    "args",
    [
        ["--version"],
        ["--help"],
        ["token", "issue", "--help"],
        ["doctor", "--help"],
        ["audit", "verify", "--help"],
        ["serve", "--help"],
        ["chat", "--help"],
        ["telegram", "set-webhook", "--help"],
        ["worker", "--help"],
        ["backup", "--help"],
        ["desk", "code", "--help"],
    ],
)
def test_the_version_and_the_helps_load_no_part_of_the_office(args: list[str]) -> None:
    names = imported(*args)

    assert {"click", "pound"} <= names  # the list is read: what did load is in it
    assert sorted(names & set(HEAVY)) == []


def test_the_help_lists_each_command_with_its_own_summary() -> None:
    ctx = click.Context(main)
    for name, where in COMMANDS.items():
        command = main.get_command(ctx, name)
        assert command is not None, where
        assert SUMMARIES[name] == command.get_short_help_str(200), name
    assert sorted(SUMMARIES) == sorted(COMMANDS)
    assert main.list_commands(ctx) == sorted(COMMANDS)


def test_db_upgrade_says_in_one_line_what_it_applied_and_nothing_when_none(
    tmp_path: Path,
) -> None:
    env = {"POUND_DATABASE_URL": f"sqlite:///{tmp_path / 'new.db'}", "POUND_JURISDICTION": None}
    runner = CliRunner()

    first = runner.invoke(main, ["db", "upgrade"], env=env, catch_exceptions=False)
    again = runner.invoke(main, ["db", "upgrade"], env=env, catch_exceptions=False)

    head = MIGRATIONS[-1].split("_")[0]
    lines = first.output.splitlines()
    assert len(lines) == 2, first.output
    assert lines[0].startswith(f"database: {len(MIGRATIONS)} migrations applied (0001 ... {head}")
    assert "migration" not in again.output
    assert again.output.splitlines()[0].endswith(lines[1].rsplit(" ", 1)[1])


def test_migrate_writes_no_line_of_alembic_to_the_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    db = Database(f"sqlite:///{tmp_path / 'new.db'}")
    said: list[str] = []
    try:
        applied = migrate(db, said.append)
        migrate(db, said.append)
    finally:
        db.dispose()

    assert len(applied) == len(MIGRATIONS)
    assert said == [
        f"database: {len(MIGRATIONS)} migrations applied ({applied[0]} ... {applied[-1]})"
    ]
    assert [r.getMessage() for r in caplog.records if r.name.startswith("alembic")] == []


def test_the_desk_then_each_districts_board() -> None:
    assert addresses("http://127.0.0.1:8000", ["RAMPUR-DEMO", "OWN"]) == [
        "desk http://127.0.0.1:8000/desk",
        "board http://127.0.0.1:8000/board/RAMPUR-DEMO",
        "board http://127.0.0.1:8000/board/OWN",
    ]


def readme_block(after: str) -> list[str]:
    """The lines of README.md's first code block after the line `after` in "What you see"."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## What you see", 1)[1]
    block = re.search(r"```\n(.*?)```", section.split(after, 1)[1], re.S)
    assert block is not None
    return block.group(1).splitlines()


def test_make_run_prints_what_the_readme_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # `make run`: the default ./pound.db, new
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: gc.unfreeze())
    env = {
        name: None
        for name in os.environ
        if name.startswith("POUND_") and not name.startswith("POUND_TEST")
    }

    result = CliRunner().invoke(main, ["serve"], env=env, catch_exceptions=False)

    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == readme_block("and prints:")
    stderr = result.stderr.splitlines()
    assert stderr[:2] == readme_block("configured messages will wait in the outbox:")
    assert not [line for line in stderr if "alembic" in line]
