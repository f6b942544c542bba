"""The PostgreSQL test databases come back from a pool: the next test still gets one as new, never
the rows, sequence positions or schema changes of the test before, and a thread left behind by the
test before cannot reach it by its old name."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest
from sqlalchemy import text

from models import Database
from tests.databases import PostgresTemplate, _pg_url
from tests.world import make_world

pytestmark = pytest.mark.postgres


@pytest.fixture(scope="module")
def pool(postgres_template: PostgresTemplate) -> Iterator[PostgresTemplate]:
    """A pool of its own, so that what these tests leave behind is theirs to see."""
    template = PostgresTemplate()
    yield template
    template.close()


def counts(db: Database) -> tuple[int, int, int]:
    with db.engine.connect() as conn:
        return (
            conn.execute(text("SELECT count(*) FROM person")).scalar_one(),
            conn.execute(text("SELECT count(*) FROM auditevent")).scalar_one(),
            conn.execute(text("SELECT count(*) FROM district")).scalar_one(),
        )


def test_a_database_given_back_comes_out_empty_and_its_sequences_start_again(
    pool: PostgresTemplate,
) -> None:
    with pool.fresh() as db:
        first = make_world(db)
        first.seize()
        used = db.engine.url.database
    with pool.fresh() as db:
        assert counts(db) == (0, 0, 0)
        again = make_world(db)
        assert db.engine.url.database != used
    assert (again.keeper, again.cultivator, again.owner) == (
        first.keeper,
        first.cultivator,
        first.owner,
    )


def test_the_loaded_district_is_the_one_make_world_leaves(pool: PostgresTemplate) -> None:
    with pool.fresh() as db:
        made = make_world(db)
        expected = counts(db)
    with pool.fresh_world() as world:
        assert counts(world.db) == expected
        assert (world.keeper, world.magistrate, world.now) == (
            made.keeper,
            made.magistrate,
            made.now,
        )
        world.seize()
        with world.db.engine.connect() as conn:
            last = conn.execute(text("SELECT max(seq) FROM auditevent")).scalar_one()
        assert last == expected[1] + 1  # the audit chain goes on from the loaded district


def test_a_database_whose_schema_a_test_changed_is_not_lent_again(pool: PostgresTemplate) -> None:
    with pool.fresh() as db, db.engine.begin() as conn:
        conn.execute(text("DROP TRIGGER auditevent_append_only ON auditevent"))
    for _ in range(3):
        with pool.fresh() as db, db.engine.connect() as conn:
            triggers = conn.execute(
                text("SELECT tgname FROM pg_trigger WHERE tgrelid = 'auditevent'::regclass")
            ).scalars()
            assert "auditevent_append_only" in set(triggers)


def test_the_old_name_of_a_database_given_back_no_longer_connects(pool: PostgresTemplate) -> None:
    with pool.fresh() as db:
        name = db.engine.url.database
        assert name is not None
    with pytest.raises(psycopg.OperationalError, match="does not exist"):
        psycopg.connect(_pg_url(name), connect_timeout=5).close()
