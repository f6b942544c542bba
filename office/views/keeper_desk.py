"""What the keeper's desk shows beyond the chat's worklists: the claim periods that have run
(the cattle to report unclaimed, Sec VIII), the payments taken on a day (Sec VII), and the
register searched (Sec V). Read-only; each checks the asker's office first."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from sqlmodel import col, select

from law.access import check_may_read
from law.lifecycle import SeizureStatus
from law.periods import local_date
from models import Payment, Person, Seizure
from models.db import Reader
from office.access.roles import Role, district_standing, require_role
from office.district import district_context, pound_by_code
from office.views.lookup import match_village
from office.views.pound_register import RegisterRow, register_rows
from office.views.worklists import SeizureItem, in_pound

# A register page on a phone: the latest entries first, this many at most.
REGISTER_LIMIT = 100


def pound_zone(db: Reader, *, pound_code: str) -> ZoneInfo:
    """The time zone of the pound's district: the hours a keeper types are its local hours."""
    with db.reading() as s:
        pound = pound_by_code(s, pound_code)
        return district_context(s, pound.district_id).tz


def claim_run_out(
    db: Reader, *, pound_code: str, actor_id: int, now: datetime
) -> list[SeizureItem]:
    """Cattle held whose claim period has run, not yet reported unclaimed (Sec VIII)."""
    held = in_pound(db, pound_code=pound_code, actor_id=actor_id)
    today = local_date(now, pound_zone(db, pound_code=pound_code))
    return [
        item
        for item in held
        if item.status == SeizureStatus.IMPOUNDED.value
        and item.claim_until is not None
        and item.claim_until < today
    ]


@dataclass(frozen=True)
class PaymentLine:
    ref: str
    payer: str
    total: int
    total_text: str
    heads: int
    at: datetime


def payments_on(db: Reader, *, pound_code: str, actor_id: int, on: date) -> list[PaymentLine]:
    """The payments the keeper took at his pound on a local day (Sec VII)."""
    with db.reading() as s:
        pound = pound_by_code(s, pound_code)
        require_role(s, actor_id, pound.district_id, Role.KEEPER, pound.code)
        ctx = district_context(s, pound.district_id)
        rows = s.exec(
            select(Payment, Seizure, Person)
            .join(Seizure, col(Seizure.id) == col(Payment.seizure_id))
            .join(Person, col(Person.id) == col(Payment.payer_id))
            .where(Seizure.pound_id == pound.id)
            .order_by(col(Payment.occurred_at), col(Payment.id))
        ).all()
        return [
            PaymentLine(
                ref=z.ref,
                payer=p.name,
                total=pay.total,
                total_text=ctx.fmt(pay.total),
                heads=len(pay.animal_ids),
                at=pay.occurred_at,
            )
            for pay, z, p in rows
            if local_date(pay.occurred_at, ctx.tz) == on
        ]


def search_register(
    db: Reader,
    *,
    pound_code: str,
    viewer_id: int,
    now: datetime,
    number: int | None = None,
    on: date | None = None,
    village: str = "",
    owner: str = "",
    kind: str = "",
) -> list[RegisterRow]:
    """The register of a pound, searched: by entry number, day of entry, village (as typed, in
    any script), owner's name, kind of animal; for the officers of its district, as the API's
    register is (law/access.py)."""
    villages: set[str] | None = None
    if village.strip():
        named, choices = match_village(db, village)
        villages = {named.name} if named is not None else {c.name for c in choices}
    with db.reading() as s:
        pound = pound_by_code(s, pound_code)
        check_may_read(district_standing(s, viewer_id, pound.district_id), "pound register")
        out: list[RegisterRow] = []
        for row in register_rows(s, pound, newest_first=True):
            if (
                (number is not None and row.number != number)
                or (on is not None and row.entered_on != on)
                or (villages is not None and row.village not in villages)
                or (owner.strip() and owner.strip().casefold() not in row.owner_name.casefold())
                or (kind and kind not in row.kinds)
            ):
                continue
            out.append(row)
            if len(out) >= REGISTER_LIMIT:
                break
        return out
