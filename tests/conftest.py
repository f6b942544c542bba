"""Fixtures: every data-layer test runs on SQLite and on PostgreSQL, each in a database of its own.

Where no PostgreSQL answers, the PostgreSQL half is skipped with a line saying so; with
POUND_TEST_REQUIRE_POSTGRES=1 (as `.ci/run` sets) that is a failure instead.
"""

from __future__ import annotations

import gc
import logging
import os
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from sqlalchemy import event

from models import Database
from tests import examples
from tests.api_client import Api
from tests.databases import PostgresTemplate, SqliteTemplate, postgres_reason
from tests.shared_routes import share_route_handlers
from tests.world import World, make_world

REQUIRE_PG = os.environ.get("POUND_TEST_REQUIRE_POSTGRES") == "1"
# The browser tests' fixtures: headless Chromium, a live server, screenshots, axe-core.
pytest_plugins = ("tests.browser",)
# As `pound` does at start: Telegram's retry_after as a timedelta, without PTB's warning.
os.environ.setdefault("PTB_TIMEDELTA", "1")

# On a shared 2-core machine, with the tests in parallel, how long an example takes to run or to
# draw is the machine's, not the code's: no property test fails for it (a deadline, or the health
# check on slow input generation). What each property asserts is unchanged. Loaded before the test
# modules are imported, so their own @settings start from it.
settings.register_profile("pound", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("pound")
share_route_handlers()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--slow",
        action="store_true",
        help="also run the slow tier: the tests marked `slow` (load tests)",
    )


def pytest_configure(config: pytest.Config) -> None:
    # Before the test modules are imported: their `@settings` read it.
    examples.FULL = bool(config.getoption("--slow"))
    # A test process holds the app, the ORM and the test modules (some 400,000 objects) and
    # makes and drops apps, worlds and sessions all the time: at Python's thresholds (700, 10,
    # 10) about twenty full collections walked that heap, a quarter of a worker's CPU. A young
    # generation of 20,000 makes them five (measured on tests/office and tests/webhook: the
    # collector's time from 12.7 s to 4.6 s a worker). `pound serve` freezes its heap instead
    # (pound/app.py `settle_heap`).
    gc.set_threshold(20_000, 10, 10)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without --slow, the tests marked `slow` are left out, unless named on the command line."""
    if config.getoption("--slow"):
        return
    named = {arg.split("[")[0] for arg in config.args if "::" in arg}
    slow = [
        item
        for item in items
        if item.get_closest_marker("slow") is not None and item.nodeid.split("[")[0] not in named
    ]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item not in slow]
        config.stash[_LEFT_OUT] = len(slow)
        if hasattr(config, "workeroutput"):  # an xdist worker tells the controller
            config.workeroutput["slow_left_out"] = len(slow)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: one worker more than the machine has cores. A test spends about a fifth of
    its time waiting (on PostgreSQL, on the app's threads, on a `pound` process or the
    browser); with a worker a core, the cores stood idle that long (measured on 2 cores: 18%
    idle with 2 workers, 5% with 3)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """On the xdist controller: what the workers left out of the slow tier."""
    left_out = getattr(node, "workeroutput", {}).get("slow_left_out", 0)
    stash = node.config.stash
    stash[_LEFT_OUT] = max(stash.get(_LEFT_OUT, 0), left_out)


_LEFT_OUT = pytest.StashKey[int]()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SqliteTemplate]:
    tpl = SqliteTemplate(Path(tmp_path_factory.mktemp("sqlite")))
    yield tpl
    tpl.close()


@pytest.fixture(scope="session")
def postgres_template() -> Iterator[PostgresTemplate]:
    reason = postgres_reason()
    if reason is not None:
        if REQUIRE_PG:
            pytest.fail(f"{reason}; POUND_TEST_REQUIRE_POSTGRES=1 demands it", pytrace=False)
        pytest.skip(f"{reason}: the PostgreSQL tests are skipped")
    tpl = PostgresTemplate()
    yield tpl
    tpl.close()


# Test modules of the chat's wording and flows and of the API's contract: what they check is said
# or answered the same on either engine, and the acts under them are tested on both (tests/office,
# the e2e stories, the outbox and conversation-state tests), so these run on SQLite alone. Every
# other test that asks for `db` runs on both engines, as do a new module (until named here) and a
# test marked `both_engines`; a test marked `browser` runs on SQLite alone.
# Also on SQLite alone, each with its tests of the database marked `both_engines`: the matrix of
# who may act and see (office/test_permissions.py: decided in Python from the roles, which
# office/test_jurisdiction.py loads on both), the front page's and the sign-in pages' wording
# (the sign-in itself: desk/test_signin.py, on both), the board's names in each script (kept and
# read back: office/test_place_names.py, on both) and typed text refused or taken out in Python.
# The desk's pages and the charts are drawn from views and figures that office/ tests on both
# (office/test_district_figures.py, test_worklists.py ...); their modules run on SQLite alone
# but for the keeper's register search, whose matching is the database's. A `From` read as a
# phone is decided by phonenumbers before any row is read. The engine's own tests run on SQLite
# but for a draft kept between messages and an update handled once (tests/bot/test_state.py
# keeps a chat's state on both); JSON log lines are written alike whatever the database.
SQLITE_ONLY_MODULES = frozenset(
    {
        "tests/office/test_permissions.py",
        "tests/webhook/test_front.py",
        "tests/desk/test_signin_no_channel.py",
        "tests/webhook/test_board_names.py",
        "tests/security/test_typed_text.py",
        "tests/bot/test_case_flows.py",
        "tests/bot/test_console.py",
        "tests/bot/test_conversations_doc.py",
        "tests/bot/test_flow_diagrams.py",
        "tests/bot/test_hindi_bengali.py",
        "tests/bot/test_location.py",
        "tests/bot/test_magistrate_orders.py",
        "tests/bot/test_messages_now.py",
        "tests/bot/test_no_dead_ends.py",
        "tests/bot/test_officer_flows.py",
        "tests/bot/test_officer_language.py",
        "tests/bot/test_owner_search.py",
        "tests/bot/test_permissions_chat.py",
        "tests/bot/test_place_names_chat.py",
        "tests/bot/test_private_flows.py",
        "tests/bot/test_refusals_language.py",
        "tests/bot/test_sms_segments.py",
        "tests/bot/test_villagers_bengali_more.py",
        "tests/bot/test_villagers_hindi_more.py",
        "tests/bot/test_villagers_words.py",
        "tests/desk/test_officials_permissions.py",
        "tests/desk/test_permissions.py",
        "tests/bot/test_engine.py",
        "tests/test_logs_json.py",
        "tests/desk/test_darogah_pages.py",
        "tests/desk/test_keeper.py",
        "tests/desk/test_magistrate_charts.py",
        "tests/desk/test_magistrate_pages.py",
        "tests/desk/test_place_names_desk.py",
        "tests/webhook/test_api.py",
        "tests/webhook/test_api_complaints.py",
        "tests/webhook/test_board.py",
        "tests/webhook/test_board_charts.py",
        "tests/webhook/test_charts.py",
        "tests/webhook/test_sms_from.py",
        "tests/webhook/test_bounds_channels.py",
        "tests/webhook/test_bounds_feeding.py",
        "tests/webhook/test_cases_api.py",
        "tests/webhook/test_channel_stories.py",
        "tests/webhook/test_fund_api.py",
        "tests/webhook/test_location_channels.py",
        "tests/webhook/test_permissions.py",
        "tests/webhook/test_sms.py",
        "tests/webhook/test_telegram.py",
    }
)
_ROOT = Path(__file__).resolve().parent.parent
_ENGINES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """The engines a test that asks for `db` runs on: both, or SQLite alone (see above)."""
    if "db" not in metafunc.fixturenames:
        return
    module = Path(metafunc.definition.path).resolve().relative_to(_ROOT).as_posix()
    both = module not in SQLITE_ONLY_MODULES or metafunc.definition.get_closest_marker(
        "both_engines"
    )
    if metafunc.definition.get_closest_marker("browser"):  # pages in Chromium: SQLite alone
        both = False
    metafunc.parametrize("db", _ENGINES if both else _ENGINES[:1], indirect=True)


@pytest.fixture
def db(request: pytest.FixtureRequest) -> Iterator[Database]:
    """A fresh, migrated database of each kind: empty, or, for a test that asks for `world`,
    holding the test district already (copied from a template, as `make_world` leaves it)."""
    name = "sqlite_template" if request.param == "sqlite" else "postgres_template"
    template = request.getfixturevalue(name)
    if "world" not in request.fixturenames:
        with template.fresh() as database:
            yield database
        return
    marker = request.node.get_closest_marker("world_with")
    with template.fresh_world(marker.args[0] if marker else None) as loaded:
        writes = _count_commits(loaded.db)
        _WORLDS[id(loaded.db)] = (loaded, writes)
        try:
            yield loaded.db
        finally:
            del _WORLDS[id(loaded.db)]


# The world each `db` fixture loaded for its test, and the count of commits made on it since.
_WORLDS: dict[int, tuple[World, list[int]]] = {}


def _count_commits(database: Database) -> list[int]:
    count = [0]

    @event.listens_for(database.engine, "commit")
    def _commit(_conn: object) -> None:
        count[0] += 1

    return count


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    left_out = terminalreporter.config.stash.get(_LEFT_OUT, 0)
    if left_out:
        terminalreporter.write_line(
            f"NOTE: {left_out} slow test(s) left out (marked `slow`); "
            "`make test-slow` and `.ci/run` run them (or pytest --slow)."
        )
    skipped = terminalreporter.stats.get("skipped", [])
    if any("PostgreSQL" in str(getattr(r, "longrepr", "")) for r in skipped):
        terminalreporter.write_line(
            "NOTE: PostgreSQL did not answer; the PostgreSQL half of the suite was skipped.",
            yellow=True,
        )


@pytest.fixture
def world(db: Database) -> World:
    """The Testpur district loaded, its officers and two private people, and a clock."""
    if id(db) not in _WORLDS:  # asked for by name during the test: loaded now, as it used to be
        return make_world(db)
    loaded, writes = _WORLDS[id(db)]
    if writes[0]:
        pytest.fail(
            "a fixture wrote to the database before `world` was made: the district is loaded "
            "first, so ask for `world` before that fixture",
            pytrace=False,
        )
    return loaded


@pytest.fixture
def api(world: World) -> Iterator[Api]:
    """The REST API over the test district, its clock the world's (1 March 2026, noon IST)."""
    from tests.api_client import CheckedClient
    from webhook.app import create_app

    world.on(date(2026, 3, 1), 12)
    with CheckedClient(create_app(db=world.db, clock=lambda: world.now)) as client:
        yield Api(client, world)


@pytest.fixture(autouse=True)
def _logging_as_found() -> Iterator[None]:
    """Each test leaves logging as it found it: a command run in the test's process (`pound
    serve`, `pound worker` through click's runner) sets the root level, adds its handler and
    puts its redacting filter on every handler, and the tests after it in that process would
    otherwise capture nothing below that level."""
    root = logging.getLogger()
    handlers = list(root.handlers)
    level = root.level
    loggers = {
        name: (logger.level, logger.disabled, logger.propagate)
        for name, logger in logging.Logger.manager.loggerDict.items()
        if isinstance(logger, logging.Logger)
    }
    filters = {h: list(h.filters) for h in handlers}
    yield
    if root.level != level:
        root.setLevel(level)
    for handler in [h for h in root.handlers if h not in handlers]:
        root.removeHandler(handler)
    for handler, kept in filters.items():
        handler.filters[:] = kept
    for name, (was, disabled, propagate) in loggers.items():
        logger = logging.getLogger(name)
        # setLevel empties every logger's cache of levels: only where the level was changed.
        if logger.level != was:
            logger.setLevel(was)
        logger.disabled = disabled
        logger.propagate = propagate
