"""Single-rule guards: purchasers (X), caps (XIII, XIV, XVIII), surplus (XI), exclusion (XX)."""

from datetime import date

import pytest

from law.errors import (
    CompensationOverFine,
    DamagesOverCap,
    ExcludedTract,
    FineOverCap,
    InvalidInput,
    PurchaserIsOfficial,
    SurplusClaimOutOfTime,
)
from law.guards import (
    check_compensation,
    check_damages,
    check_fine,
    check_not_excluded,
    check_purchaser,
    check_surplus_claim,
)
from law.profile import ACT_III_1857, CTA_1871_MODERN

P = ACT_III_1857


def test_a_police_officer_or_pound_keeper_may_not_buy_at_the_sale() -> None:
    check_purchaser(False)
    with pytest.raises(PurchaserIsOfficial) as caught:
        check_purchaser(True)
    assert caught.value.section == "X"


def test_damages_for_an_illegal_seizure_are_at_most_a_hundred_rupees() -> None:
    check_damages(19200, P)
    with pytest.raises(DamagesOverCap, match=r"Rs 100-0-0"):
        check_damages(19201, P)
    with pytest.raises(DamagesOverCap, match=r"Rs 100\.00"):
        check_damages(10001, CTA_1871_MODERN)
    with pytest.raises(InvalidInput):
        check_damages(-1, P)


def test_the_fine_caps_name_their_own_sections() -> None:
    check_fine(1920, "XVIII", P)
    check_fine(96000, "XIII", P)
    with pytest.raises(FineOverCap) as pig:
        check_fine(1921, "XVIII", P)
    with pytest.raises(FineOverCap) as opposition:
        check_fine(96001, "XIII", P)
    assert pig.value.section == "XVIII"
    assert opposition.value.section == "XIII"


def test_compensation_comes_out_of_the_fine_recovered() -> None:
    check_compensation(1000, 1000)
    with pytest.raises(CompensationOverFine):
        check_compensation(1001, 1000)


def test_the_surplus_may_be_claimed_for_three_months_from_the_deposit() -> None:
    check_surplus_claim(date(2024, 2, 29), date(2023, 11, 30), P)
    with pytest.raises(SurplusClaimOutOfTime, match="2024-02-29"):
        check_surplus_claim(date(2024, 3, 1), date(2023, 11, 30), P)


def test_the_act_does_not_run_in_an_excluded_tract() -> None:
    check_not_excluded("Rampur", ["Garhwal"])
    with pytest.raises(ExcludedTract):
        check_not_excluded(" garhwal ", ["Garhwal"])
