"""The test databases themselves: migrated, empty, isolated."""

from sqlalchemy import inspect
from sqlmodel import SQLModel, select

from models import Database, District
from models.migrate import current


def test_each_test_gets_a_migrated_empty_database(db: Database) -> None:
    assert current(db) is not None
    tables = set(inspect(db.engine).get_table_names())
    assert set(SQLModel.metadata.tables) <= tables
    with db.reading() as s:
        assert s.exec(select(District)).all() == []
