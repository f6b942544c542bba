"""Removing a district that holds no record of the register: the demo district, loaded by
`pound serve` into a database that was meant for a real one, or a district loaded by mistake.

The district's audit chain is append-only (docs/audit.md) and each of its events names the
district, so the district's row is kept, marked removed (`REMOVED` in place of the digest of a
district file) and its audit chain with it; its pounds, villages, offices and feeding rates are
deleted, so it serves no one and its pound codes are free again. The removal is an event of the
district's chain. Loading a district file with its code afterwards brings it back.

A district whose register holds anything (a seizure, a payment, a fund payment ...) is refused:
those records are the office's, kept as the Act requires (Sec V).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from sqlalchemy import Table, func
from sqlmodel import Session, SQLModel, col, select

from law.errors import Conflict, NotFound
from models import District, FeedingRate, Pound, RoleGrant, Unit, Village
from models.columns import id_of
from office.jurisdiction.spec import REMOVED
from office.records import audit, audit_hash
from office.times import check_aware

# The district's own description (deleted with it); every other register table that names a
# district holds records of its register (they refuse the removal).
_JURISDICTION_TABLES = ("district", "pound", "village", "rolegrant", "feedingrate")


@dataclass(frozen=True)
class Removed:
    code: str
    name: str
    pounds: int
    villages: int
    role_grants: int
    feeding_rates: int


def _register_tables() -> list[Table]:
    """The register's tables that carry a district, seizures first (the usual reason)."""
    tables = [
        table
        for name, table in SQLModel.metadata.tables.items()
        if name in audit_hash.RECORD_TABLES
        and name not in _JURISDICTION_TABLES
        and "district_id" in table.c
    ]
    return sorted(tables, key=lambda t: (t.name != "seizure", t.name))


def _delete(
    s: Session, model: type[Village | RoleGrant | FeedingRate | Pound], district_id: int
) -> int:
    """Delete the district's rows of `model` one by one through the session, so that each
    deletion is recorded in the removal's event (office/records/audit.py)."""
    rows = s.exec(select(model).where(col(model.district_id) == district_id)).all()
    for row in rows:
        s.delete(row)
    s.flush()
    return len(rows)


def remove_district(u: Unit, code: str) -> Removed:
    """Remove the district with `code`: refused (Conflict) when its register holds any record,
    NotFound when there is no such district (or it was removed already)."""
    now = u.now
    check_aware(now, "now")
    wanted = code.strip().upper()
    with u.act() as s:
        district = s.exec(select(District).where(District.code == wanted)).first()
        if district is None or district.source_digest == REMOVED:
            raise NotFound(f"no district {wanted!r}")
        district_id = id_of(district)
        for table in _register_tables():
            count = int(
                s.connection()
                .execute(
                    select(func.count())
                    .select_from(table)
                    .where(table.c.district_id == district_id)
                )
                .scalar_one()
            )
            if count:
                what = "seizures" if table.name == "seizure" else f"rows in {table.name}"
                raise Conflict(
                    f"district {wanted} has {count} {what}: its register is kept, so the "
                    "district cannot be removed",
                    section="V",
                )
        # Villages point at pounds: they go first (each delete is recorded by its digest).
        villages = _delete(s, Village, district_id)
        grants = _delete(s, RoleGrant, district_id)
        rates = _delete(s, FeedingRate, district_id)
        pounds = _delete(s, Pound, district_id)
        removed = Removed(district.code, district.name, pounds, villages, grants, rates)
        district.source_digest = REMOVED
        district.loaded_at = now
        audit.append(
            s,
            action="district_removed",
            subject=f"district:{district.code}",
            occurred_at=now,
            now=now,
            actor_id=None,
            district_id=district_id,
            section="III",
            payload={k: v for k, v in asdict(removed).items() if k != "code"},
        )
        return removed
