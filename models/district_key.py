"""Every row of the register carries its district: the key the schema can be distributed by
(e.g. Citus, docs/scale.md "Distribution by district").

A table whose rows hang off a parent row (an animal off its seizure, a posting off its ledger
transaction) takes `InDistrict` and names the column that points at the parent in
`district_from`. The use case that makes such a row sets its `district_id` to its parent's as it
makes it (`Animal(seizure_id=..., district_id=seizure.district_id, ...)`); the column is NOT NULL,
so a row made without it is refused, and `pound audit verify` names one whose district is not
its parent's (office/records/audit.py `verify_records`).
"""

from __future__ import annotations

from typing import ClassVar, cast

from sqlalchemy import Table
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
