"""Loading a district file in one transaction: what only the database can refuse, then each
section written and the load recorded."""

from __future__ import annotations

from pathlib import Path
from zoneinfo import ZoneInfo

from sqlalchemy import func
from sqlmodel import Session, col, select

from law.periods import default_start, local_date
from models import District, Person, Pound, Seizure, Unit
from models.columns import id_of
from models.db import Reader
from office.jurisdiction.parse import parse
from office.jurisdiction.people import write_grants, write_people
from office.jurisdiction.places import write_pounds, write_villages
from office.jurisdiction.rates import write_rates
from office.jurisdiction.reader import Lines
from office.jurisdiction.spec import REMOVED, JurisdictionError, LoadResult, Spec
from office.records import audit
from office.times import check_aware


def load_jurisdiction(u: Unit, source: str | Path) -> LoadResult:
    """Load the district file at `source` (a path) in the unit `u`; see docs/jurisdiction.md."""
    path = Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise JurisdictionError(
            f"cannot read the file ({exc})", origin=str(path), line=None
        ) from None
    return load_jurisdiction_text(u, text, origin=path.name)


def load_jurisdiction_text(u: Unit, text: str, *, origin: str = "<district file>") -> LoadResult:
    """Load a district file given as text; `origin` names it in error messages."""
    now = u.now
    check_aware(now, "now")
    spec, lines = parse(text, origin)
    digest = spec.digest()
    with u.act() as s:
        district = s.exec(select(District).where(District.code == spec.code)).first()
        if district is not None and district.source_digest == digest:
            # The same content as last time: nothing to write, nothing to record.
            return _result(district, spec, changed=False)
        _check_database(s, spec, district, lines, origin)
        created = district is None
        fields = {
            "name": spec.name,
            "timezone": spec.timezone,
            "profile": spec.profile,
            "languages": list(spec.languages),
            "country": spec.country,
            "names": dict(spec.district_names),
            "loaded_at": now,
            "source_digest": digest,
        }
        if district is None:
            start = spec.start or default_start(local_date(now, ZoneInfo(spec.timezone)))
            district = District.model_validate({**fields, "code": spec.code, "start_on": start})
        else:
            if spec.start is not None:
                district.start_on = spec.start
            district.sqlmodel_update(fields)
        s.add(district)
        s.flush()
        district_id = id_of(district)
        pound_ids = write_pounds(s, district_id, spec)
        write_villages(s, district_id, spec, pound_ids)
        person_ids = write_people(s, spec, now)
        grants = write_grants(s, district_id, spec, person_ids)
        rates = write_rates(s, district_id, spec)
        audit.append(
            s,
            action="jurisdiction_loaded",
            subject=f"district:{spec.code}",
            occurred_at=now,
            now=now,
            actor_id=None,
            district_id=district_id,
            section="III",
            payload={
                "digest": digest,
                "created": created,
                "name": spec.name,
                "profile": spec.profile,
                "pounds": len(spec.pounds),
                "villages": spec.village_count,
                "excluded": len(spec.excluded),
                "people": len(spec.people),
                "role_grants": grants,
                "feeding_rates": rates,
            },
        )
        return _result(district, spec, changed=True)


def district_count(db: Reader, *, with_removed: bool = False) -> int:
    """How many districts the database holds (with those removed, office/jurisdiction/remove.py,
    when `with_removed`)."""
    q = select(func.count()).select_from(District)
    if not with_removed:
        q = q.where(District.source_digest != REMOVED)
    with db.reading() as s:
        return int(s.exec(q).one())


def _result(district: District, spec: Spec, *, changed: bool) -> LoadResult:
    return LoadResult(
        district_id=id_of(district),
        code=district.code,
        changed=changed,
        pounds=len(spec.pounds),
        villages=spec.village_count,
        people=len(spec.people),
    )


def _check_database(
    s: Session, spec: Spec, district: District | None, lines: Lines, origin: str
) -> None:
    """What only the database can tell: codes and Telegram ids held in another district, and
    acts recorded before a new start date (practice G17)."""
    own = district.id if district is not None else None
    if district is not None and spec.start is not None:
        first = s.exec(
            select(func.min(Seizure.seized_on)).where(Seizure.district_id == district.id)
        ).one()
        if first is not None and first < spec.start:
            raise JurisdictionError(
                f"'start' {spec.start.isoformat()} is after the first seizure already recorded "
                f"({first.isoformat()}); the register cannot begin after its own entries",
                origin=origin,
                line=lines.key("district", 0, "start"),
                section="practice G17",
            )
    codes = [p.code for p in spec.pounds]
    for other in s.exec(select(Pound).where(col(Pound.code).in_(codes))).all():
        if other.district_id != own:
            held = s.get(District, other.district_id)
            at = next(p.index for p in spec.pounds if p.code == other.code)
            raise JurisdictionError(
                f"pound code {other.code!r} is already used by district "
                f"{held.code if held else other.district_id!r}; pound codes are unique "
                "across all districts",
                origin=origin,
                line=lines.key("pound", at, "code"),
                section="III",
            )
    wanted = {p.telegram_id: p for p in spec.people if p.telegram_id is not None}
    if wanted:
        for holder in s.exec(select(Person).where(col(Person.telegram_id).in_(list(wanted)))).all():
            claimant = wanted[holder.telegram_id or 0]
            if holder.phone != claimant.phone:
                raise JurisdictionError(
                    f"telegram_id {holder.telegram_id} already belongs to another person "
                    f"({holder.name}, {holder.phone or 'no phone'})",
                    origin=origin,
                    line=lines.key("person", claimant.index, "telegram_id"),
                )
