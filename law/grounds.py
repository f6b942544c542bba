"""The grounds of a seizure (Sec II, XV, XVI): what each requires of the report and who seizes
on it; and the grounds on which cattle leave the pound released (Sec VI, VII)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TypeVar

from law.errors import N_, ExcludedTract, InvalidInput, NotFound
from law.offices import Role

P = TypeVar("P")

# The most head one report may name: a register entry, not a herd census.
MAX_HEADS = 500


class Ground(StrEnum):
    TRESPASS = "trespass"  # Sec II: cultivator or occupier, damage to land or crop
    ROAD = "road"  # Sec XV: damage to roads, canals, embankments
    STRAY = "stray"  # Sec XVI: straying, owner unknown, brought by police

    @property
    def section(self) -> str:
        return _SECTION[self]


_SECTION = {Ground.TRESPASS: "II", Ground.ROAD: "XV", Ground.STRAY: "XVI"}


def ground_of(word: str) -> Ground:
    """The ground a report names; InvalidInput lists the grounds there are."""
    try:
        return Ground(word)
    except ValueError:
        raise InvalidInput(
            N_("ground must be one of {grounds}"),
            said={"grounds": ", ".join(g.value for g in Ground)},
        ) from None


def check_report(ground: Ground, *, counts: Sequence[int], damage: str) -> None:
    """Sec V: the report gives the number of the cattle; Sec II, XV: cattle are seized for the
    damage they were doing, which the report says (strays under Sec XVI did none)."""
    if not counts:
        raise InvalidInput(N_("at least one animal must be named (Sec V: number and description)"))
    if any(count < 1 for count in counts):
        raise InvalidInput(N_("each count must be at least 1"))
    if sum(counts) > MAX_HEADS:
        raise InvalidInput(N_("at most {most} head in one seizure"), said={"most": MAX_HEADS})
    if ground is not Ground.STRAY and not damage.strip():
        raise InvalidInput(
            N_(
                "say what damage the cattle were doing: Sec II allows seizing only cattle "
                "doing damage"
            ),
            section=ground.section,
        )


def check_in_operation(village: str, *, excluded: bool, reason: str | None) -> None:
    """Sec XX: the Act does not run in a tract the local Government has excluded."""
    if excluded:
        raise ExcludedTract(
            N_("{village} is excluded from the operation of the Act: {reason}")
            if reason
            else N_("{village} is excluded from the operation of the Act"),
            village=village,
            said={"reason": reason or ""},
        )


def pound_notified(village: str, pound: P | None) -> P:
    """Sec III: cattle are taken to the pound the Magistrate notified for the village."""
    if pound is None:
        raise NotFound(
            N_("no pound is notified for {village}"), section="III", said={"village": village}
        )
    return pound


def offices_to_seize(ground: Ground) -> tuple[Role, ...]:
    """Who may seize on this ground and report it himself: under Sec XV the person in charge of
    the road, canal or embankment; under Sec XVI the police of the thana (its officers or the
    Darogah); under Sec II any cultivator or occupier (no office: an empty tuple)."""
    return _SEIZERS.get(ground, ())


_SEIZERS = {Ground.ROAD: (Role.ROAD_OFFICER,), Ground.STRAY: (Role.POLICE, Role.DAROGAH)}


def office_of_named_seizer(ground: Ground) -> Role | None:
    """The office the seizer must hold when the keeper or police report for him: under Sec XV he
    is in charge of the road, canal or embankment; the cultivator (II) and the village police
    bringing strays (XVI) hold none the register knows."""
    return Role.ROAD_OFFICER if ground is Ground.ROAD else None


def check_named_seizer(ground: Ground, *, holds_office: bool) -> None:
    """Sec XV: a seizure for damage to a road, canal or embankment is made by the person in
    charge of it; one reported for another names him."""
    if office_of_named_seizer(ground) is not None and not holds_office:
        raise InvalidInput(
            N_(
                "a seizure under Sec XV is made by a person in charge of the road, canal or "
                "embankment: name him as the seizer"
            ),
            section="XV",
        )


def check_owner_named(ground: Ground, *, owner_named: bool) -> None:
    """Sec XVI: strays are cattle whose owners are unknown; a known owner's cattle doing damage
    are seized under Sec II."""
    if ground is Ground.STRAY and owner_named:
        raise InvalidInput(
            N_(
                "strays are cattle whose owners are unknown (Sec XVI); "
                "a known owner's cattle are seized for damage under Sec II"
            ),
            section="XVI",
        )


def check_owner_not_seizer(*, same_person: bool) -> None:
    """The seizer takes the cattle from their owner (Sec II): one person is not both."""
    if same_person:
        raise InvalidInput(N_("the owner cannot be the seizer"))


class Release(StrEnum):
    """How cattle leave the pound released, not sold."""

    PAID = "paid"  # Sec VII: the owner paid the fines and feeding
    BY_ORDER = "by_order"  # Sec VI: by order of competent authority, without fine

    @property
    def section(self) -> str:
        return "VII" if self is Release.PAID else "VI"
