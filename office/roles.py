"""The offices the Act names and the places they are held at (keeper:POUND, police:THANA ...)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from law.errors import InvalidInput


class Role(StrEnum):
    KEEPER = "keeper"  # Sec IV, V: of one pound
    POLICE = "police"  # Sec II, XVI: of one thana
    DAROGAH = "darogah"  # Sec VIII: of one thana (a Tuhseeldar too, Sec XXI)
    MAGISTRATE = "magistrate"  # Sec III, IV, VII, XIV: of the district (Sec XXI: Joint Magistrate)
    ROAD_OFFICER = "road_officer"  # Sec XV: in charge of roads, canals, embankments


PLACED = {Role.KEEPER, Role.POLICE, Role.DAROGAH}


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
        raise InvalidInput(f"unknown role {name!r}; known roles: {known}") from None
    place = place.strip()
    if role in PLACED and not place:
        raise InvalidInput(f"role {role} needs a place, as in {role}:PLACE")
    if role not in PLACED and place:
        raise InvalidInput(f"role {role} takes no place")
    return RoleSpec(role, place)
