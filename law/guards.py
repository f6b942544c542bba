"""Single-rule guards of the Act that stand outside the seizure lifecycle."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date
from enum import StrEnum

from law.access import Standing
from law.errors import (
    N_,
    CompensationOverFine,
    DamagesOverCap,
    ExcludedTract,
    FineOverCap,
    ImprisonmentOverCap,
    InvalidInput,
    OffenceRecorderNotEntitled,
    OwnSeizureOnly,
    PurchaserIsOfficial,
    SurplusClaimOutOfTime,
)
from law.periods import surplus_until
from law.profile import StatuteProfile


def not_negative(amount: int, what: str) -> None:
    """InvalidInput unless `amount` (`what` it is, in words) is 0 or more."""
    if amount < 0:
        raise InvalidInput(N_("{what} cannot be negative"), amount=amount, said={"what": what})


def check_purchaser(is_police_or_keeper: bool, animal: int | None = None) -> None:
    """Sec X: no Police Officer or pound-keeper may buy, directly or indirectly, at the sale.

    The office says whether the buyer (of `animal`) is one: a police officer, Darogah or
    pound-keeper anywhere, the officer holding the sale among them.
    """
    if is_police_or_keeper:
        if animal is None:
            raise PurchaserIsOfficial(
                N_("Police Officers and pound-keepers may not buy at this sale")
            )
        raise PurchaserIsOfficial(
            N_(
                "the buyer of animal {animal} is a Police Officer or pound-keeper, who may not buy "
                "at this sale"
            ),
            animal=animal,
        )


def check_damages(damages: int, profile: StatuteProfile) -> None:
    """Sec XIV: damages for an illegal seizure are at most Rs 100 (expenses of release apart)."""
    not_negative(damages, "damages")
    if damages > profile.damages_cap:
        cap = profile.money.format(profile.damages_cap)
        raise DamagesOverCap(
            N_("damages may not exceed {cap_text}"), cap=profile.damages_cap, said={"cap_text": cap}
        )


def check_fine(fine: int, section: str, profile: StatuteProfile) -> None:
    """The fine for damage by pigs is at most Rs 10 (Sec XVIII); for forcibly opposing a seizure
    or rescuing cattle, at most Rs 500 (Sec XIII)."""
    not_negative(fine, "a fine")
    pigs = section == "XVIII"
    cap = profile.pig_fine_cap if pigs else profile.opposition_fine_cap
    if fine > cap:
        raise FineOverCap(
            N_("the fine for damage by pigs may not exceed {cap_text}")
            if pigs
            else N_("the fine for opposing a seizure or rescuing cattle may not exceed {cap_text}"),
            section=section,
            cap=cap,
            said={"cap_text": profile.money.format(cap)},
        )


# A term of imprisonment is said in months and days; more than this many days is said in months.
DAYS_IN_A_TERM_MONTH = 30


def check_opposition_imprisonment(months: int, days: int, profile: StatuteProfile) -> None:
    """Sec XIII: imprisonment, with or without labour, for a period not exceeding six months.

    The term is said as the Magistrate says it, in whole months and days (days at most 30,
    else say a month more). Six months and no more: six months and one day is over the cap.
    """
    not_negative(months, "months of imprisonment")
    not_negative(days, "days of imprisonment")
    if days > DAYS_IN_A_TERM_MONTH:
        raise InvalidInput(
            N_("say a term of more than {most} days in months and days"),
            days=days,
            said={"most": DAYS_IN_A_TERM_MONTH},
        )
    cap = profile.opposition_prison_months
    if (months, days) > (cap, 0):
        raise ImprisonmentOverCap(
            N_(
                "imprisonment for opposing a seizure or rescuing cattle may not exceed "
                "{cap_months} months"
            ),
            cap_months=cap,
            months=months,
            days=days,
        )


def check_opposition_sentence(
    *, months: int, days: int, labour: bool | None, fine: int, profile: StatuteProfile
) -> None:
    """Sec XIII: imprisonment (with or without labour) up to six months, or a fine up to
    Rs 500, or both. A conviction carries one of them at least; labour is said for a term of
    imprisonment and only for one."""
    check_opposition_imprisonment(months, days, profile)
    check_fine(fine, "XIII", profile)
    prison = months > 0 or days > 0
    if not prison and fine == 0:
        raise InvalidInput(
            N_("a conviction under Sec XIII carries imprisonment, a fine, or both"), section="XIII"
        )
    if prison and labour is None:
        raise InvalidInput(
            N_("say whether the imprisonment is with or without labour"), section="XIII"
        )
    if not prison and labour is not None:
        raise InvalidInput(N_("labour goes with a term of imprisonment only"), section="XIII")


def check_compensation(compensation: int, fine_recovered: int) -> None:
    """Sec XVIII: compensation comes out of the fine recovered, so it cannot exceed it."""
    not_negative(compensation, "compensation")
    not_negative(fine_recovered, "the fine recovered")
    if compensation > fine_recovered:
        raise CompensationOverFine(
            N_("compensation cannot exceed the fine recovered"),
            compensation=compensation,
            fine_recovered=fine_recovered,
        )


def check_surplus_claim(claimed_on: date, deposited_on: date, profile: StatuteProfile) -> None:
    """Sec XI, practice G8: a claim to the surplus is made within 3 months of the deposit."""
    until = surplus_until(deposited_on, profile)
    if claimed_on > until:
        raise SurplusClaimOutOfTime(
            N_("the surplus could be claimed until {until}; it has gone to the fund"),
            until=until.isoformat(),
        )


def check_not_excluded(tract: str, excluded: Collection[str]) -> None:
    """Sec XX: the Act does not run in a district or tract the local Government has excluded."""
    if tract.strip().casefold() in {t.strip().casefold() for t in excluded}:
        raise ExcludedTract(N_("{tract} is excluded from the operation of this Act"), tract=tract)


class OffenceKind(StrEnum):
    """Sec XIII: what may be done against a seizure or the pound."""

    OPPOSITION = "opposition"  # forcible opposition to the seizure
    RESCUE = "rescue"  # a rescue from the seizer or from the pound


def offence_said(kind: str, description: str) -> OffenceKind:
    """Sec XIII: an offence recorded is opposition or rescue, and says what happened."""
    try:
        said = OffenceKind(kind)
    except ValueError:
        raise InvalidInput(N_("kind must be opposition or rescue")) from None
    if not description.strip():
        raise InvalidInput(N_("describe what happened"), section="XIII")
    return said


def check_offence_recorder(standing: Standing) -> None:
    """Sec XIII: forcible opposition to a seizure, or a rescue from the seizer or from the pound,
    is recorded by the seizer it was done against, the keeper of that pound, or the police of
    its thana (police officers or Darogah), who deal with it. The Magistrate decides it and
    does not record it; a keeper or police officer of another pound or thana records nothing.
    """
    if not (standing.seizer or standing.keeper_here or standing.police_here):
        raise OffenceRecorderNotEntitled(
            N_(
                "only the seizer, the keeper of the pound or the police of its thana may record "
                "opposition to the seizure or a rescue"
            )
        )


def check_report_for(standing: Standing, *, for_another: bool) -> None:
    """Sec II, V: a private person reports the seizure he made himself. The keeper of the pound
    the cattle go to, or the police of its thana, may write one down for the seizer (a
    cultivator, a person in charge of a road (Sec XV), village police bringing strays (XVI)):
    the keeper enters the seizer's name and residence in his register (Sec V)."""
    if for_another and not (standing.keeper_here or standing.police_here):
        raise OwnSeizureOnly(
            N_(
                "you report the seizure you made yourself; only the keeper of the pound or the "
                "police of its thana may report one for the seizer"
            )
        )
