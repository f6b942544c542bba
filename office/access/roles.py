"""The offices the Act names and the places they are held at (keeper:POUND, police:THANA ...),
and how a person stands to a seizure or a case by them."""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlalchemy import or_
from sqlmodel import Session, col, select

from law.access import Standing
from law.errors import N_, InvalidInput, NotAuthorised
from law.offices import PLACED, Role
from models import Case, Complaint, District, Payment, Person, Pound, RoleGrant, Seizure
from office.people import person_by_phone
from office.spelling import plain


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


ROLE_SECTION = {
    Role.KEEPER: "V",
    Role.POLICE: "II",
    Role.DAROGAH: "VIII",
    Role.MAGISTRATE: "XIV",
    Role.ROAD_OFFICER: "XV",
}


def roles_of(s: Session, person_id: int, district_id: int | None = None) -> list[RoleGrant]:
    q = select(RoleGrant).where(RoleGrant.person_id == person_id)
    if district_id is not None:
        q = q.where(RoleGrant.district_id == district_id)
    return list(s.exec(q.order_by(col(RoleGrant.id))).all())


def has_role(
    s: Session, person_id: int, district_id: int, role: Role, place: str | None = None
) -> bool:
    q = select(RoleGrant.id).where(
        RoleGrant.person_id == person_id,
        RoleGrant.district_id == district_id,
        RoleGrant.role == role.value,
    )
    if place is not None:
        q = q.where(RoleGrant.place == place)
    return s.exec(q).first() is not None


def require_role(
    s: Session,
    person_id: int,
    district_id: int,
    roles: Role | tuple[Role, ...],
    place: str | None,
    *,
    section: str | None = None,
) -> None:
    """The actor must hold one of `roles` here (at this pound or thana), or the act is refused
    (citing `section`, or the section that gives the first role its office)."""
    wanted = roles if isinstance(roles, tuple) else (roles,)
    for role in wanted:
        if has_role(s, person_id, district_id, role, place if role in PLACED else None):
            return
    names = " or ".join(f"{r}:{place}" if r in PLACED and place else str(r) for r in wanted)
    # The district named, so that an officer of another district reads why he is refused.
    code = s.exec(select(District.code).where(District.id == district_id)).first()
    raise NotAuthorised(
        N_("only the {required} of district {district} may do this"),
        section=section or ROLE_SECTION[wanted[0]],
        required=names,
        district=code or str(district_id),
    )


# A police officer, Darogah or pound-keeper anywhere: Sec X bars them from buying at a sale.
OFFICIAL_ROLES = [r.value for r in PLACED]


def is_official_buyer(
    s: Session, *, name: str, residence: str, phone: str | None, actor_id: int
) -> bool:
    """Whether a buyer at a sale is a police officer, Darogah or pound-keeper (of any thana or
    pound, in any district), or the officer holding the sale himself (Sec X).

    He is known by his phone; a buyer who gives none is matched by name and residence (case
    and spacing aside), so that an official cannot buy by leaving his phone out.
    """
    if phone:
        person = person_by_phone(s, phone)
        if person is None or person.id is None:
            return False
        official = select(RoleGrant.id).where(
            RoleGrant.person_id == person.id, col(RoleGrant.role).in_(OFFICIAL_ROLES)
        )
        return person.id == actor_id or s.exec(official).first() is not None
    wanted = (plain(name), plain(residence))
    officials = s.exec(
        select(Person)
        .join(RoleGrant, col(RoleGrant.person_id) == col(Person.id))
        .where(col(RoleGrant.role).in_(OFFICIAL_ROLES))
    ).all()
    actor = s.get(Person, actor_id)
    return any(
        (plain(p.name), plain(p.residence)) == wanted
        for p in [*officials, *([actor] if actor else [])]
    )
