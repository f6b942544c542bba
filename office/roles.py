"""The offices the Act names and the places they are held at (keeper:POUND, police:THANA ...),
and how a person stands to a seizure or a case by them."""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlalchemy import or_
from sqlmodel import Session, col, select

from law.access import Standing
from law.errors import N_, InvalidInput
from law.offices import PLACED, Role
from models import Case, Complaint, Payment, Pound, RoleGrant, Seizure


@dataclass(frozen=True)
class RoleSpec:
    role: Role
    place: str = ""

    def __str__(self) -> str:
        return f"{self.role}:{self.place}" if self.place else str(self.role)


def parse_role(text: str) -> RoleSpec:
    """`keeper:RMP` -> (keeper, RMP); a placed role needs its place, the others take none."""
    name, _, place = text.strip().partition(":")
    try:
        role = Role(name.strip().lower())
    except ValueError:
        known = ", ".join(r.value for r in Role)
        raise InvalidInput(
            N_("unknown role '{name}'; known roles: {known}"), said={"name": name, "known": known}
        ) from None
    place = place.strip()
    if role in PLACED and not place:
        raise InvalidInput(
            N_("role {role} needs a place, as in {role}:PLACE"), said={"role": str(role)}
        )
    if role not in PLACED and place:
        raise InvalidInput(N_("role {role} takes no place"), said={"role": str(role)})
    return RoleSpec(role, place)


def _grants(s: Session, person_id: int | None, district_id: int) -> list[tuple[str, str]]:
    if person_id is None:
        return []
    rows = s.exec(
        select(RoleGrant.role, RoleGrant.place).where(
            RoleGrant.person_id == person_id, RoleGrant.district_id == district_id
        )
    ).all()
    return [(str(r), str(p)) for r, p in rows]


def offices_at(
    s: Session, person_id: int | None, *, district_id: int, pound_code: str, thana: str
) -> Standing:
    """The offices a person holds over one pound: its keeper, police or Darogah of its thana,
    any office at all in its district."""
    grants = _grants(s, person_id, district_id)
    return Standing(
        keeper_here=(Role.KEEPER.value, pound_code) in grants,
        police_here=any(
            (role, thana) in grants for role in (Role.POLICE.value, Role.DAROGAH.value)
        ),
        official=bool(grants),
    )


def seizure_standing(s: Session, person_id: int | None, seizure: Seizure) -> Standing:
    """How a person stands to a seizure: party to it (seizer, owner, reporter, complainant or
    the agent who filed for him, payer), and the offices he holds over its pound."""
    pound = s.get(Pound, seizure.pound_id)
    offices = offices_at(
        s,
        person_id,
        district_id=seizure.district_id,
        pound_code=pound.code if pound else "",
        thana=pound.thana if pound else "",
    )
    if person_id is None:
        return offices
    complained = s.exec(
        select(Complaint.id).where(
            Complaint.seizure_id == seizure.id,
            or_(col(Complaint.complainant_id) == person_id, col(Complaint.filed_by) == person_id),
        )
    ).first()
    paid = s.exec(
        select(Payment.id).where(Payment.seizure_id == seizure.id, Payment.payer_id == person_id)
    ).first()
    return replace(
        offices,
        seizer=seizure.seizer_id == person_id,
        owner=seizure.owner_id == person_id,
        reporter=seizure.reporter_id == person_id,
        complainant=complained is not None,
        payer=paid is not None,
    )


def case_standing(s: Session, person_id: int | None, case: Case) -> Standing:
    """How a person stands to a case of Sec XVII or XVIII: its complainant, the accused, or an
    officer of its district."""
    return Standing(
        complainant=person_id is not None and case.complainant_id == person_id,
        accused=person_id is not None and case.accused_id == person_id,
        official=bool(_grants(s, person_id, case.district_id)),
    )


def district_standing(s: Session, person_id: int | None, district_id: int) -> Standing:
    """An officer of the district, or no one in particular (for the register and the fund)."""
    return Standing(official=bool(_grants(s, person_id, district_id)))
