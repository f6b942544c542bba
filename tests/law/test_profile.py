"""Statute profiles: the Act's numbers as settings."""

import dataclasses

import pytest

from law.errors import InvalidInput
from law.kinds import AnimalKind, FineClass, fine_for
from law.money import PAISE, PIES
from law.profile import ACT_III_1857, CTA_1871_MODERN, PROFILES, get_profile


def test_the_act_of_1857_counts_in_pies_and_fines_8_4_2_1_annas() -> None:
    p = ACT_III_1857
    assert p.name == "act-iii-1857"
    assert p.money is PIES
    assert [p.fine_schedule[c] for c in FineClass] == [96, 48, 24, 12]
    assert (p.damages_cap, p.pig_fine_cap, p.opposition_fine_cap) == (19200, 1920, 96000)
    assert (p.claim_days, p.notice_days, p.complaint_days, p.surplus_months) == (7, 7, 10, 3)
    assert p.exclude_first_day and p.claim_after_first_period and p.complaint_stays_unclaimed_sale
    assert (p.next_step_hour, p.quiet_start_hour, p.quiet_end_hour) == (9, 21, 8)
    assert p.rest_weekdays == frozenset()


def test_the_modern_example_counts_in_paise() -> None:
    p = CTA_1871_MODERN
    assert p.money is PAISE
    assert PAISE.format(fine_for(AnimalKind.CAMEL, p.fine_schedule)) == "Rs 1,550.00"
    assert p.damages_cap == 10000


def test_profiles_are_found_by_name_and_an_unknown_one_is_refused() -> None:
    assert get_profile("act-iii-1857") is ACT_III_1857
    assert set(PROFILES) == {"act-iii-1857", "cta-1871-modern"}
    with pytest.raises(InvalidInput, match="act-iii-1857, cta-1871-modern"):
        get_profile("act-i-1871")


def test_a_profile_cannot_be_changed_once_made() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        ACT_III_1857.claim_days = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        ACT_III_1857.fine_schedule[FineClass.CALF_ASS] = 1  # type: ignore[index]


def test_a_district_may_rule_otherwise_through_its_profile() -> None:
    strict = dataclasses.replace(ACT_III_1857, name="strict", exclude_first_day=False)
    assert strict.fine_schedule == ACT_III_1857.fine_schedule
    assert hash(strict) != hash(ACT_III_1857)


@pytest.mark.parametrize(
    "change",
    [
        {"fine_schedule": {FineClass.CAMEL_BUFFALO: 96}},
        {"claim_days": 0},
        {"next_step_hour": 24},
        {"rest_weekdays": frozenset(range(7))},
        {"rest_weekdays": frozenset({7})},
        {"damages_cap": -1},
        {"claim_reminder_days_before": (-1,)},
    ],
)
def test_a_profile_that_makes_no_sense_is_refused(change: dict[str, object]) -> None:
    with pytest.raises(InvalidInput):
        dataclasses.replace(ACT_III_1857, **change)  # type: ignore[arg-type]
