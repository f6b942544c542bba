"""Statute profiles: the Act's numbers and the project's practice rulings, as settings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from law.errors import N_, InvalidInput
from law.kinds import G4_ALIASES, AnimalKind, FineClass
from law.money import PAISE, PIES, MoneySystem


class ProfileName(StrEnum):
    """The profiles the office knows; a district file names one (`profile = "..."`)."""

    ACT_III_1857 = "act-iii-1857"
    CTA_1871_MODERN = "cta-1871-modern"


# A district file that names no profile is under the Act itself.
DEFAULT_PROFILE = ProfileName.ACT_III_1857


@dataclass(frozen=True, kw_only=True)
class StatuteProfile:
    """Everything a district may rule otherwise. Amounts are ints in `money`'s unit."""

    name: str
    money: MoneySystem
    fine_schedule: Mapping[FineClass, int] = field(hash=False)  # Sec VI
    aliases: Mapping[str, AnimalKind] = field(hash=False)  # practice G4
    damages_cap: int  # Sec XIV: damages for an illegal seizure, Rs 100
    pig_fine_cap: int  # Sec XVIII: fine for damage by pigs, Rs 10
    opposition_fine_cap: int  # Sec XIII: fine for opposing a seizure or a rescue, Rs 500
    opposition_prison_months: int = 6  # Sec XIII: imprisonment, with or without labour
    claim_days: int = 7  # Sec VIII, first period, from impounding
    notice_days: int = 7  # Sec VIII, second period, from the notice
    complaint_days: int = 10  # Sec XIV, from seizure
    surplus_months: int = 3  # Sec XI, practice G8
    exclude_first_day: bool = True  # practice G1
    next_step_hour: int = 9  # practice G1
    rest_weekdays: frozenset[int] = frozenset()  # Monday = 0; days on which no step is due
    quiet_start_hour: int = 21  # practice G11
    quiet_end_hour: int = 8  # practice G11
    claim_reminder_days_before: tuple[int, ...] = (2,)
    complaint_reminder_days_before: tuple[int, ...] = (2,)
    claim_after_first_period: bool = True  # practice G2
    complaint_stays_unclaimed_sale: bool = True  # practice G3

    def __post_init__(self) -> None:
        missing = [c.value for c in FineClass if c not in self.fine_schedule]
        if missing:
            raise InvalidInput(
                N_("profile {name}: no fine for {missing}"),
                said={"name": self.name, "missing": ", ".join(missing)},
            )
        amounts = {
            **{f"fine {c.value}": v for c, v in self.fine_schedule.items()},
            "damages_cap": self.damages_cap,
            "pig_fine_cap": self.pig_fine_cap,
            "opposition_fine_cap": self.opposition_fine_cap,
        }
        for what, amount in amounts.items():
            if amount < 0:
                raise InvalidInput(
                    N_("profile {name}: {what} cannot be negative"),
                    said={"name": self.name, "what": what},
                )
        periods = {
            "claim_days": self.claim_days,
            "notice_days": self.notice_days,
            "complaint_days": self.complaint_days,
            "surplus_months": self.surplus_months,
            "opposition_prison_months": self.opposition_prison_months,
        }
        for what, length in periods.items():
            if length < 1:
                raise InvalidInput(
                    N_("profile {name}: {what} must be at least 1"),
                    said={"name": self.name, "what": what},
                )
        for what, hour in {
            "next_step_hour": self.next_step_hour,
            "quiet_start_hour": self.quiet_start_hour,
            "quiet_end_hour": self.quiet_end_hour,
        }.items():
            if not 0 <= hour <= 23:
                raise InvalidInput(
                    N_("profile {name}: {what} must be 0 to 23"),
                    said={"name": self.name, "what": what},
                )
        # Some day of the week must be a working day, or no next step would ever fall due.
        if not self.rest_weekdays <= frozenset(range(7)) or len(self.rest_weekdays) == 7:
            raise InvalidInput(
                N_("profile {name}: rest_weekdays must be some of 0 to 6, not all of them"),
                said={"name": self.name},
            )
        for days in (*self.claim_reminder_days_before, *self.complaint_reminder_days_before):
            if days < 0:
                raise InvalidInput(
                    N_("profile {name}: reminder days cannot be negative"), said={"name": self.name}
                )
        # Frozen in fact, not only in name: a profile is shared by every seizure of a district.
        object.__setattr__(self, "fine_schedule", MappingProxyType(dict(self.fine_schedule)))
        object.__setattr__(self, "aliases", MappingProxyType(dict(self.aliases)))


ACT_III_1857 = StatuteProfile(
    name=ProfileName.ACT_III_1857,
    money=PIES,
    # Sec VI: 8, 4, 2 and 1 annas a head.
    fine_schedule={
        FineClass.CAMEL_BUFFALO: 96,
        FineClass.HORSE_COW: 48,
        FineClass.CALF_ASS: 24,
        FineClass.SHEEP_GOAT: 12,
    },
    aliases=G4_ALIASES,
    damages_cap=PIES.from_rupees(100),
    pig_fine_cap=PIES.from_rupees(10),
    opposition_fine_cap=PIES.from_rupees(500),
)

# An example only: under s.12 of the Cattle Trespass Act 1871 as amended, each State notifies
# its own scale, and it may differ by local area. These amounts (and the caps, not verified
# against India Code) are settings to be replaced by the real notification.
CTA_1871_MODERN = StatuteProfile(
    name=ProfileName.CTA_1871_MODERN,
    money=PAISE,
    fine_schedule={
        FineClass.CAMEL_BUFFALO: 155_000,
        FineClass.HORSE_COW: 75_000,
        FineClass.CALF_ASS: 30_000,
        FineClass.SHEEP_GOAT: 15_000,
    },
    # s.12 of 1871 as first enacted also put colts and fillies in the horse row.
    aliases={**G4_ALIASES, "colt": AnimalKind.HORSE, "filly": AnimalKind.HORSE},
    damages_cap=PAISE.from_rupees(100),
    pig_fine_cap=PAISE.from_rupees(10),
    opposition_fine_cap=PAISE.from_rupees(500),
)

PROFILES: dict[str, StatuteProfile] = {p.name: p for p in (ACT_III_1857, CTA_1871_MODERN)}


def get_profile(name: str) -> StatuteProfile:
    """The profile called `name`; InvalidInput names the known ones."""
    try:
        return PROFILES[name]
    except KeyError:
        raise InvalidInput(
            N_("unknown statute profile '{name}'; known: {known_text}"),
            name=name,
            known=list(PROFILES),
            said={"known_text": ", ".join(PROFILES)},
        ) from None
