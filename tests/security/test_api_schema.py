"""The REST API against its own OpenAPI schema (schemathesis): whatever a private person, a
keeper or a Magistrate sends, the answer is never a 5xx and always what the schema says (the
error envelope for every error). Examples are bounded so the suite stays quick: 10 generated
examples an operation on SQLite and 4 on PostgreSQL; in the slow tier (`--slow`: `make
test-slow`, `.ci/run`) each operation's coverage cases too (schemathesis's boundaries, missing
and wrong-typed values, some 70 an operation) on both."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from models import Database
from office.access.tokens import issue_token
from office.acts.keeper.arrival import register_arrival
from tests import examples
from tests.databases import PostgresTemplate, SqliteTemplate
from tests.units import act
from tests.world import World, at, make_world
from webhook.app import create_app

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
ROLES = ("+919111111111", "+919000000001", "+919000000005")  # private person, keeper, Magistrate
SQLITE_EXAMPLES = 10
POSTGRES_EXAMPLES = 4
# The coverage cases are made as the module is collected (on every test worker) and number about
# 70 an operation: only in the slow tier.
PHASES = list(Phase) if examples.FULL else [Phase.generate]
QUIET = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture]


class Target:
    """The app over a seeded world, the three roles' tokens taken in turn, and a known seizure
    that half the examples aim at (random references would all be 404s)."""

    def __init__(self, world: World) -> None:
        world.on(date(2026, 3, 1), 8)
        self.ref = world.seize(when=at(date(2026, 3, 1), 7))
        world.on(date(2026, 3, 1), 12)
        act(
            world.db,
            register_arrival,
            actor_id=world.keeper,
            ref=self.ref,
            count=None,
            descriptions={},
            owner=None,
            occurred_at=at(date(2026, 3, 1), 9),
            now=world.now,
        )
        self.world = world
        self.app = create_app(db=world.db, clock=lambda: world.now)
        tokens = [act(world.db, issue_token, phone=p, now=world.now).token for p in ROLES]
        self.turns = itertools.cycle(tokens)
        self.aim = itertools.cycle([True, False])

    def call(self, case: Any) -> None:
        PROXY.app = self.app
        if next(self.aim):
            params = case.path_parameters or {}
            if "ref" in params:
                params["ref"] = self.ref
            for name in ("complaint_id", "case_id", "deposit_id", "offence_id"):
                if name in params:
                    params[name] = 1
            if "code" in params:
                params["code"] = "TPR"
        headers = {"Authorization": f"Bearer {next(self.turns)}"}
        case.call_and_validate(headers=headers, checks=CHECKS, timeout=60)


class Proxy:
    """An ASGI app that hands each request to the app of the test running now: the schema is
    read once, at import, from an app over no database (it does not depend on one)."""

    def __init__(self) -> None:
        self.app: Any = create_app(db=Database("sqlite://"), clock=lambda: at(date(2026, 3, 1)))

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        await self.app(scope, receive, send)


PROXY = Proxy()
# The PDF of a document is its HTML (the operation beside it, tried here with the same access,
# references and languages) put through WeasyPrint: 1-3 s of CPU an example, and what it prints
# is checked in tests/webhook/test_documents.py.
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", PROXY).exclude(path_regex=r"\.pdf$")


# One world a database kind for every operation: what one example writes, the next may meet.
@pytest.fixture(scope="module")
def sqlite_target(sqlite_template: SqliteTemplate) -> Iterator[Target]:
    with sqlite_template.fresh() as db:
        yield Target(make_world(db))


@pytest.fixture(scope="module")
def postgres_target(postgres_template: PostgresTemplate) -> Iterator[Target]:
    with postgres_template.fresh() as db:
        yield Target(make_world(db))


@SCHEMA.parametrize()
@settings(max_examples=SQLITE_EXAMPLES, deadline=None, suppress_health_check=QUIET, phases=PHASES)
def test_no_answer_is_a_5xx_or_off_the_schema_on_sqlite(case: Any, sqlite_target: Target) -> None:
    sqlite_target.call(case)


@pytest.mark.postgres
@SCHEMA.parametrize()
@settings(
    max_examples=POSTGRES_EXAMPLES,
    deadline=None,
    suppress_health_check=QUIET,
    phases=PHASES,
)
def test_no_answer_is_a_5xx_or_off_the_schema_on_postgresql(
    case: Any, postgres_target: Target
) -> None:
    postgres_target.call(case)
