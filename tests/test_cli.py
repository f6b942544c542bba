"""The `pound` command, driven as a user would, against a SQLite file of its own."""

from __future__ import annotations

import gc
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from sqlalchemy import text

from law.errors import NotFound, PoundError
from models import Database
from office.access.tokens import person_for_token
from office.jurisdiction import district_count
from pound.app import demo_path, prepare
from pound.cli import describe_error, format_table, main
from pound.settings import Settings
from tests.databases import SqliteTemplate

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def url(tmp_path: Path, sqlite_template: SqliteTemplate) -> str:
    """A file as `pound db upgrade` leaves it: the schema, no rows."""
    path = tmp_path / "pound.db"
    shutil.copyfile(sqlite_template.path, path)
    return f"sqlite:///{path}"


@pytest.fixture
def blank(tmp_path: Path) -> str:
    """A file no command has touched yet."""
    return f"sqlite:///{tmp_path / 'blank.db'}"


@pytest.fixture
def pound(url: str) -> Any:
    """Run `pound ARGS...` with POUND_DATABASE_URL pointing at this test's SQLite file."""
    runner = CliRunner()

    def run(*args: str, **env: str) -> Result:
        environment = {"POUND_DATABASE_URL": url, "POUND_JURISDICTION": None, **env}
        return runner.invoke(main, list(args), env=environment, catch_exceptions=False)

    return run


@pytest.fixture
def demo() -> dict[str, Any]:
    return tomllib.loads(demo_path().read_text(encoding="utf-8"))


def last_line(result: Result) -> str:
    return result.output.rstrip("\n").splitlines()[-1]


def test_pound_help_lists_every_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pound", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "POUND_DATABASE_URL": "sqlite://"},
        check=False,
        timeout=60,
    )

    assert done.returncode == 0, done.stderr
    for command in (
        "serve",
        "db",
        "jurisdiction",
        "token",
        "register",
        "audit",
        "doctor",
        "backup",
    ):
        assert command in done.stdout


@pytest.mark.parametrize(
    "command",
    [
        ["serve"],
        ["db"],
        ["db", "upgrade"],
        ["jurisdiction", "load"],
        ["jurisdiction", "remove"],
        ["doctor"],
        ["backup"],
        ["token", "issue"],
        ["token", "revoke"],
        ["register"],
        ["audit", "verify"],
    ],
)
def test_every_command_explains_itself(pound: Any, command: list[str]) -> None:
    result = pound(*command, "--help")

    assert result.exit_code == 0
    assert result.output.startswith("Usage: pound")
    assert len(result.output.splitlines()) > 3


def test_db_upgrade_creates_the_schema_and_can_run_again(pound: Any, blank: str) -> None:
    first = pound("db", "upgrade", POUND_DATABASE_URL=blank)
    again = pound("db", "upgrade", POUND_DATABASE_URL=blank)

    assert first.exit_code == 0, first.output
    assert again.exit_code == 0
    assert "revision" in again.output


def test_loading_the_demo_twice_changes_nothing_the_second_time(pound: Any, url: str) -> None:
    first = pound("jurisdiction", "load", str(demo_path()))
    again = pound("jurisdiction", "load", str(demo_path()))

    assert first.exit_code == 0, first.output
    assert "loaded" in first.output
    assert again.exit_code == 0
    assert "unchanged" in again.output
    db = Database(url)
    try:
        assert district_count(db) == 1
    finally:
        db.dispose()


def test_a_bad_district_file_is_refused_with_its_line(pound: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[district]\nname = "Nowhere"\ntimezone = "Mars/Olympus"\n', encoding="utf-8")

    result = pound("jurisdiction", "load", str(bad))

    assert result.exit_code == 2
    assert "line 3" in result.stderr
    assert "Mars/Olympus" in result.stderr
    assert "Traceback" not in result.output


def test_a_missing_district_file_is_a_usage_error(pound: Any, tmp_path: Path) -> None:
    result = pound("jurisdiction", "load", str(tmp_path / "none.toml"))

    assert result.exit_code == 2
    assert "does not exist" in result.stderr


def test_a_token_is_printed_alone_on_the_last_line_and_works(
    pound: Any, url: str, demo: dict[str, Any]
) -> None:
    pound("jurisdiction", "load", str(demo_path()))
    phone = demo["person"][0]["phone"]

    result = pound("token", "issue", phone)

    assert result.exit_code == 0, result.output
    token = last_line(result)
    assert token.strip() == token and " " not in token and len(token) >= 43
    assert token.startswith("pnd_")  # never "-...", which the shell would read as an option
    db = Database(url)
    try:
        assert person_for_token(db, token) is not None
    finally:
        db.dispose()

    revoked = pound("token", "revoke", token)
    assert revoked.exit_code == 0
    db = Database(url)
    try:
        assert person_for_token(db, token) is None
    finally:
        db.dispose()


def test_a_token_for_a_stranger_needs_a_name(pound: Any) -> None:
    pound("db", "upgrade")

    refused = pound("token", "issue", "+919800000001")
    named = pound("token", "issue", "+919800000001", "--name", "Sita Devi")

    assert refused.exit_code == 2
    assert refused.stderr.startswith("error: no person has the phone +919800000001")
    assert "Traceback" not in refused.output
    assert named.exit_code == 0
    assert "Sita Devi" in named.output


def test_audit_verify_passes_then_names_the_altered_event(pound: Any, url: str) -> None:
    pound("jurisdiction", "load", str(demo_path()))
    pound("token", "issue", "+919800000002", "--name", "Gopal")

    intact = pound("audit", "verify")
    assert intact.exit_code == 0, intact.output
    assert "2 events checked" in intact.output

    db = Database(url)
    try:
        with db.engine.begin() as conn:
            # Someone with the database file in hand: the append-only triggers go first.
            conn.execute(text("DROP TRIGGER auditevent_no_update"))
            # The token's event: the first of the office chain (docs/audit.md).
            conn.execute(
                text("UPDATE auditevent SET payload = :p WHERE district_id IS NULL AND seq = 1"),
                {"p": "{}"},
            )
    finally:
        db.dispose()
    broken = pound("audit", "verify")

    assert broken.exit_code == 1, broken.output
    assert "the office chain BROKEN at event seq 1" in broken.stderr
    assert "does not match" in broken.stderr


def test_the_register_is_printed_as_a_table(pound: Any, demo: dict[str, Any]) -> None:
    pound("jurisdiction", "load", str(demo_path()))
    code = demo["pound"][0]["code"]

    result = pound("register", code, "--year", "2024")

    assert result.exit_code == 0, result.output
    header = result.output.splitlines()[1]
    assert header.split() == [
        "No.",
        "Year",
        "Entered",
        "Ref",
        "Animals",
        "Seizer",
        "Owner",
        "Status",
    ]
    assert "0 entries" in result.output


def test_an_unknown_pound_is_refused(pound: Any) -> None:
    pound("db", "upgrade")

    result = pound("register", "NOWHERE")

    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")


def test_a_database_without_tables_is_refused_with_a_hint(pound: Any, blank: str) -> None:
    result = pound("audit", "verify", POUND_DATABASE_URL=blank)

    assert result.exit_code == 2
    assert "pound db upgrade" in result.stderr
    assert "Traceback" not in result.output


def test_a_bad_setting_is_named(pound: Any) -> None:
    result = pound("db", "upgrade", POUND_PORT="eighty")

    assert result.exit_code == 2
    assert "POUND_PORT" in result.stderr


def test_serve_prepares_and_says_where_it_listens(
    pound: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: dict[str, Any] = {}

    def fake_run(app: object, **kwargs: Any) -> None:
        # What start-up built is out of the collector's rounds before the first request.
        started.update(kwargs, app=app, frozen=gc.get_freeze_count())
        gc.unfreeze()

    monkeypatch.setattr("uvicorn.run", fake_run)

    result = pound("serve", "--port", "8123", "--demo")

    assert result.exit_code == 0, result.output
    assert "http://127.0.0.1:8123/docs" in result.output
    assert "database: sqlite:///" in result.output
    assert "bundled demo" in result.output
    assert "districts: " in result.output
    assert (started["host"], started["port"]) == ("127.0.0.1", 8123)
    assert started["frozen"] > 0


def test_prepare_loads_the_demo_only_into_an_empty_database(url: str) -> None:
    settings = Settings(database_url=url, jurisdiction=None)
    said: list[str] = []

    prepare(settings, echo=said.append, demo=True).dispose()
    prepare(settings, echo=said.append, demo=True).dispose()

    assert len(said) == 1
    assert "bundled demo" in said[0]
    db = Database(url)
    try:
        assert district_count(db) == 1
    finally:
        db.dispose()


def test_prepare_loads_the_configured_district_instead_of_the_demo(
    url: str, tmp_path: Path
) -> None:
    own = tmp_path / "own.toml"
    own.write_text(
        '[district]\nname = "Own District"\ncode = "OWN"\n\n'
        '[[pound]]\ncode = "OWN1"\nname = "Own pound"\nthana = "OWNT"\nvillages = ["Ownpur"]\n',
        encoding="utf-8",
    )
    settings = Settings(database_url=url, jurisdiction=own)
    said: list[str] = []

    prepare(settings, echo=said.append).dispose()

    assert said == ["district OWN: loaded (1 pounds, 1 villages, 0 people)"]
    db = Database(url)
    try:
        assert district_count(db) == 1
    finally:
        db.dispose()


def test_refusals_name_their_section() -> None:
    class Late(PoundError):
        section = "XIV"

    assert describe_error(Late("complaint out of time")) == "complaint out of time (Sec XIV)"
    assert describe_error(NotFound("no such pound")) == "no such pound"
    assert describe_error(PoundError("x", section="practice G4")) == "x (practice G4)"


def test_tables_line_up() -> None:
    lines = format_table(("No.", "Owner"), [(1, None), (12, "Ram Lal")])

    assert lines == ["No.  Owner", "---  -------", "1    -", "12   Ram Lal"]
