"""Counters the office numbers its records by, one row per thing numbered."""

from __future__ import annotations

from sqlmodel import Field, SQLModel


class RegisterCounter(SQLModel, table=True):
    """The last number given in a pound's register in a year (Sec V). Taking the next number
    moves this row on, locking it until the commit: two arrivals at one pound are numbered one
    after the other, arrivals at other pounds are not held up."""

    __tablename__ = "registercounter"
    pound_id: int = Field(foreign_key="pound.id", primary_key=True)
    year: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    last: int
