"""Every row of the register carries its district: the key the schema can be distributed by
(e.g. Citus, docs/scale.md "Distribution by district").

A table whose rows hang off a parent row (an animal off its seizure, a posting off its ledger
transaction) takes `InDistrict`, names the column that points at the parent in `district_from`,
and never sets `district_id` itself: before each flush the district is copied from the parent,
so no use case has to remember it.
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

from sqlalchemy import Table, event, inspect
from sqlalchemy.orm import Mapper
from sqlalchemy.orm import Session as OrmSession
from sqlmodel import Field, SQLModel


class InDistrict(SQLModel):
    """A row of a district's register whose district is its parent's (see `district_from`)."""

    # The column naming the parent row, whose `district_id` this row's is.
    district_from: ClassVar[str]
    district_id: int | None = Field(
        default=None, foreign_key="district.id", index=True, nullable=False
    )


def derived_tables() -> dict[str, tuple[str, str]]:
    """For each table whose district is copied: (the column naming the parent, parent table)."""
    found: dict[str, tuple[str, str]] = {}
    for mapper in SQLModel._sa_registry.mappers:
        cls = mapper.class_
        if isinstance(cls, type) and issubclass(cls, InDistrict):
            table = cast(Table, mapper.local_table)
            (fk,) = table.c[cls.district_from].foreign_keys
            found[table.name] = (cls.district_from, fk.column.table.name)
    return found


def _mapper_of(table: str) -> Mapper[Any]:
    for mapper in SQLModel._sa_registry.mappers:
        if cast(Table, mapper.local_table).name == table:
            return mapper
    raise LookupError(table)


def _district_of(s: OrmSession, obj: InDistrict) -> int | None:
    if obj.district_id is not None:
        return obj.district_id
    parent_id = getattr(obj, obj.district_from)
    if parent_id is None:
        return None  # the NOT NULL constraint refuses the row
    table = inspect(obj).mapper.local_table
    (fk,) = table.c[obj.district_from].foreign_keys
    parent = s.get(_mapper_of(fk.column.table.name), parent_id)
    if parent is None:
        return None
    if isinstance(parent, InDistrict):
        return _district_of(s, parent)
    district: int | None = parent.district_id
    return district


@event.listens_for(OrmSession, "before_flush")
def _copy_district(s: OrmSession, _context: Any, _instances: Any) -> None:
    """Fill `district_id` of each new row from its parent, where the caller left it unset."""
    for obj in list(s.new):
        if isinstance(obj, InDistrict) and obj.district_id is None:
            obj.district_id = _district_of(s, obj)
