"""A complaint of mischief by causing cattle to trespass (Sec XVII), or of damage by pigs
(XVIII)."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, col, select

from law.cases import SECTION, CaseKind
from law.errors import N_, ExcludedTract, InvalidInput, SeizureOfAnotherDistrict
from law.guards import check_not_excluded
from models import Case, District, Unit, Village
from models.columns import id_of
from models.enums import CaseStatus
from office.acts.alike import InDistrict, named
from office.district import district_context, find_village
from office.inputs import PersonIn
from office.people import get_person
from office.records.register import seizure_by_ref
from office.times import check_times


def check_village_under_act(s: Session, village: Village) -> None:
    """Sec XX: nothing under the Act is done in a village the local Government has excluded
    from its operation; the district file lists those villages (`[[excluded]]`)."""
    excluded = s.exec(
        select(Village.name).where(
            Village.district_id == village.district_id, col(Village.excluded).is_(True)
        )
    ).all()
    try:
        check_not_excluded(village.name, excluded)
    except ExcludedTract as exc:
        raise ExcludedTract(
            N_("{tract} is excluded from the operation of this Act: {reason}")
            if village.excluded_reason
            else N_("{tract} is excluded from the operation of this Act"),
            village=village.name,
            said={"tract": village.name, "reason": village.excluded_reason or ""},
        ) from exc


def file_case(
    u: Unit,
    *,
    kind: str,
    accused: PersonIn,
    village: str,
    description: str,
    occurred_at: datetime,
    seizure_ref: str | None = None,
) -> int:
    """A cultivator (or one who advanced money for the crop) complains of mischief by causing
    cattle to trespass (XVII), or of land or crops damaged by another's pigs (XVIII).

    Refused in a village excluded from the Act (Sec XX), and on a seizure of another district:
    a case is heard by the Magistrate of the district where the village is.
    """
    try:
        what = CaseKind(kind)
    except ValueError:
        raise InvalidInput(N_("a case is for mischief (Sec XVII) or pigs (Sec XVIII)")) from None
    if not description.strip():
        raise InvalidInput(N_("describe the damage"), section=SECTION[what])
    check_times(occurred_at, u.now)
    with u.act() as s:
        vill = find_village(s, village)
        check_village_under_act(s, vill)
        m = InDistrict(s, u, district_context(s, vill.district_id), occurred_at)
        m.ctx.check_started(occurred_at)
        complainant = get_person(s, u.actor())
        accused_p = named(s, accused, u.now)
        if accused_p.id == complainant.id:
            raise InvalidInput(N_("a person cannot complain against himself"))
        seizure_id = None
        if seizure_ref:
            seizure = seizure_by_ref(s, seizure_ref)
            if seizure.district_id != vill.district_id:
                theirs = s.get(District, seizure.district_id)
                ours = s.get(District, vill.district_id)
                raise SeizureOfAnotherDistrict(
                    N_(
                        "seizure {ref} is of district {theirs}; a case in {village} ({ours}) "
                        "cannot rest on it"
                    ),
                    ref=seizure.ref,
                    said={
                        "theirs": theirs.name if theirs else "?",
                        "village": vill.name,
                        "ours": ours.name if ours else "?",
                    },
                )
            seizure_id = seizure.id
        case = Case(
            district_id=vill.district_id,
            kind=what.value,
            complainant_id=u.actor(),
            accused_id=id_of(accused_p),
            village_id=id_of(vill),
            description=description.strip()[:4000],
            filed_at=occurred_at,
            status=CaseStatus.PENDING,
            seizure_id=seizure_id,
        )
        s.add(case)
        s.flush()
        m.event(
            f"case_filed_{what.value}",
            f"case:{case.id}",
            SECTION[what],
            accused_id=accused_p.id,
            village=vill.name,
            text=case.description,
        )
        return id_of(case)
