"""The offences of Sec XIII waiting for the Magistrate's decision, and one as he reads it."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from law.errors import N_, NotFound
from law.periods import local_date
from law.profile import StatuteProfile
from models import Offence, OffenceDecision, Seizure
from models.columns import id_of
from models.db import Reader
from office.access.roles import Role, require_role
from office.district import district_context
from office.people import get_person


@dataclass(frozen=True)
class OffenceItem:
    """A recorded offence, for the Magistrate's chat."""

    offence_id: int
    kind: str
    ref: str
    offenders: str
    description: str
    occurred_on: str
    reported_by: str
    thana: str
    decided: bool


def _item(s: Session, offence: Offence) -> OffenceItem:
    ctx = district_context(s, offence.district_id)
    seizure = s.get(Seizure, offence.seizure_id) if offence.seizure_id else None
    reporter = get_person(s, offence.reported_by)
    return OffenceItem(
        offence_id=id_of(offence),
        kind=offence.kind,
        ref=seizure.ref if seizure else "",
        offenders=offence.offenders,
        description=offence.description,
        occurred_on=local_date(offence.occurred_at, ctx.tz).isoformat(),
        reported_by=reporter.name,
        thana=offence.thana,
        decided=decision_of(s, id_of(offence)) is not None,
    )


def pending_offences(db: Reader, *, district_id: int, actor_id: int) -> list[OffenceItem]:
    """Offences of the district not yet decided, oldest first, for one of its Magistrates."""
    with db.lagging() as s:
        require_role(s, actor_id, district_id, Role.MAGISTRATE, None, section="XIII")
        decided = select(OffenceDecision.offence_id)
        rows = s.exec(
            select(Offence)
            .where(Offence.district_id == district_id, col(Offence.id).not_in(decided))
            .order_by(col(Offence.occurred_at), col(Offence.id))
        ).all()
        return [_item(s, o) for o in rows]


def offence_detail(db: Reader, *, offence_id: int, actor_id: int) -> OffenceItem:
    """One offence, after checking the speaker is a Magistrate of its district."""
    with db.reading() as s:
        offence = _offence(s, offence_id)
        require_role(s, actor_id, offence.district_id, Role.MAGISTRATE, None, section="XIII")
        return _item(s, offence)


def offence_profile(db: Reader, *, offence_id: int) -> StatuteProfile:
    """The statute profile of the offence's district (its caps and its money)."""
    with db.reading() as s:
        return district_context(s, _offence(s, offence_id).district_id).profile


def _offence(s: Session, offence_id: int) -> Offence:
    offence = s.get(Offence, offence_id)
    if offence is None:
        raise NotFound(N_("no offence {offence_id}"), said={"offence_id": offence_id})
    return offence


def decision_of(s: Session, offence_id: int) -> OffenceDecision | None:
    """The Magistrate's decision of the offence (Sec XIII), None while it waits for one."""
    return s.exec(select(OffenceDecision).where(OffenceDecision.offence_id == offence_id)).first()
