"""The offices the Act names, and which of them are held at a place (a pound or a thana)."""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    KEEPER = "keeper"  # Sec IV, V: of one pound
    POLICE = "police"  # Sec II, XVI: of one thana
    DAROGAH = "darogah"  # Sec VIII: of one thana (a Tuhseeldar too, Sec XXI)
    MAGISTRATE = "magistrate"  # Sec III, IV, VII, XIV: of the district (Sec XXI: Joint Magistrate)
    ROAD_OFFICER = "road_officer"  # Sec XV: in charge of roads, canals, embankments


PLACED = frozenset({Role.KEEPER, Role.POLICE, Role.DAROGAH})
