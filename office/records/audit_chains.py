"""The audit chains, the office's and each district's, and their heads (docs/audit.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from models import AuditEvent, District
from models.db import Reader
from office.records.audit_hash import GENESIS

Ranges = tuple[tuple[int, int], ...]


def describe_ranges(ranges: Ranges) -> str:
    """`1-20, 45, 50-52`."""
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in ranges)


def count_of(ranges: Ranges) -> int:
    return sum(b - a + 1 for a, b in ranges)


@dataclass(frozen=True)
class Head:
    """The last event of a chain: its number and hash (`SEQ:HASH`)."""

    seq: int
    hash: str

    def __str__(self) -> str:
        return f"{self.seq}:{self.hash}"


_HEAD = re.compile(r"^\s*(\d+):([0-9a-fA-F]{64})\s*$")


def parse_head(text: str) -> Head:
    """`SEQ:HASH` as `pound audit head` prints it."""
    found = _HEAD.match(text)
    if found is None:
        raise ValueError(f"{text!r} is not SEQ:HASH (a number, a colon and 64 hex digits)")
    return Head(int(found.group(1)), found.group(2).lower())


EMPTY_HEAD = Head(0, GENESIS)


@dataclass(frozen=True)
class Chain:
    """One audit chain: a district's (its id and code), or the office chain (both None): the
    events written before the districts had chains of their own, and the acts of no district."""

    district_id: int | None = None
    code: str | None = None

    @property
    def name(self) -> str:
        """The district's code, or `office`."""
        return self.code if self.code is not None else "office"

    def __str__(self) -> str:
        return f"district {self.code}" if self.code is not None else "the office chain"


OFFICE = Chain()


def _in_chain(district_id: int | None) -> Any:
    column = col(AuditEvent.district_id)
    return column.is_(None) if district_id is None else column == district_id


def chains(db: Reader, district: str | None = None) -> list[Chain]:
    """Every chain, the office chain first and then the districts by code; or, given a
    district's code, that district's chain alone (LookupError for a code no district has)."""
    with db.reading() as s:
        return chains_in(s, district)


def chains_in(s: Session, district: str | None = None) -> list[Chain]:
    q = select(District.id, District.code).order_by(col(District.code))
    if district is not None:
        code = district.strip().upper()
        row = s.exec(q.where(District.code == code)).first()
        if row is None or row[0] is None:
            raise LookupError(f"no district {code!r}")
        return [Chain(int(row[0]), str(row[1]))]
    return [OFFICE, *(Chain(int(i or 0), str(c)) for i, c in s.exec(q).all())]


def chain_head(db: Reader, chain: Chain = OFFICE) -> Head:
    """The chain's last event as `SEQ:HASH`, or `0:000...` for a chain with no event."""
    with db.reading() as s:
        return chain_head_in(s, chain.district_id)


def chain_head_in(s: Session, district_id: int | None) -> Head:
    """The head of a district's chain (None: the office chain) as this session sees it."""
    last = s.exec(
        select(AuditEvent.seq, AuditEvent.hash)
        .where(_in_chain(district_id))
        .order_by(col(AuditEvent.seq).desc())
        .limit(1)
    ).first()
    return EMPTY_HEAD if last is None else Head(int(last[0]), str(last[1]))
