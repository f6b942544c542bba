"""The PostgreSQL test databases come back from a pool: the next test still gets one as new, never
the rows, sequence positions or schema changes of the test before, and a thread left behind by the
test before cannot reach it by its old name."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest
from sqlalchemy import text

from models import Database
from office.people import find_or_add_person, person_by_phone
from tests.databases import PostgresTemplate, Snapshot, SqliteTemplate, _pg_url
from tests.units import tx
from tests.world import World, make_world

pytestmark = pytest.mark.postgres  # the SQLite half of the last test needs no PostgreSQL


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


def test_what_a_test_changed_in_the_district_is_laid_down_again_and_nothing_else_differs(
    pool: PostgresTemplate,
) -> None:
    """Only the tables a test wrote to are laid down again; an update, a delete, a delete and
    insert of as many rows, a row whose foreign keys others point at, a sequence moved on: the
    next test finds every table and sequence exactly as the district left them."""
    with pool.fresh_world() as world:
        url = _pg_url(_name(world.db))
        wanted = Snapshot.take(url)
        world.seize()
        with world.db.engine.begin() as conn:
            conn.execute(text("SET session_replication_role = replica"))
            conn.execute(
                text("UPDATE person SET name = 'Someone else' WHERE id = :id"), {"id": world.owner}
            )
            conn.execute(text("DELETE FROM rolegrant WHERE id = (SELECT max(id) FROM rolegrant)"))
            conn.execute(text("DELETE FROM pound WHERE id = (SELECT min(id) FROM pound)"))
            conn.execute(text("INSERT INTO pound SELECT * FROM pound LIMIT 0"))
    for _ in range(2):
        with pool.fresh_world() as again:
            found = Snapshot.take(_pg_url(_name(again.db)))
            assert found.counts == wanted.counts
            assert found.rows == wanted.rows
            assert found.sequences == wanted.sequences
            again.seize()  # and the next, that wrote again, is undone as well


def _name(db: Database) -> str:
    name = db.engine.url.database
    assert name is not None
    return name


def _add_a_keeper(world: World) -> None:
    """A preparation: one more person in the district."""
    with tx(world.db) as s:
        find_or_add_person(s, name="Keeper Extra", residence="Testpur", phone=EXTRA, now=world.now)


EXTRA = "+919000000099"


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_prepared_world_comes_out_as_prepared_and_apart_from_the_plain_one(
    kind: str, pool: PostgresTemplate, sqlite_template: SqliteTemplate
) -> None:
    """`world_with`: a template holding the district and what the preparation loaded; what a
    test writes there is gone for the next, and the plain district never holds it."""
    template: PostgresTemplate | SqliteTemplate = pool if kind == "postgresql" else sqlite_template
    with template.fresh_world(_add_a_keeper) as world:
        with world.db.reading() as s:
            assert person_by_phone(s, EXTRA) is not None
        before = counts(world.db)
        world.seize()
        assert counts(world.db) != before
    with template.fresh_world(_add_a_keeper) as again:
        assert counts(again.db) == before
    with template.fresh_world() as plain:
        with plain.db.reading() as s:
            assert person_by_phone(s, EXTRA) is None
        assert counts(plain.db)[0] == before[0] - 1
