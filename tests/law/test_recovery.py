"""Recovery of a Sec XVII fine by sale (which lots, where the money goes) and the caps of a
Sec XIII sentence, as pure rules."""

from __future__ import annotations

import dataclasses

import pytest

from law.errors import FineOverCap, ImprisonmentOverCap, InvalidInput, RecoveryCovered
from law.guards import check_opposition_imprisonment, check_opposition_sentence
from law.profile import ACT_III_1857, CTA_1871_MODERN
from law.recovery import check_lots_needed, covered, recovery_account

P = ACT_III_1857
RS = 192  # pies in a rupee


def test_a_lot_is_refused_when_the_lots_before_it_covered_the_fine_and_expenses() -> None:
    """Sec XVII: the fine may be recovered by sale of the cattle "or any portion of them"."""
    fine, expenses = 20 * RS, 288
    check_lots_needed([9 * RS, 8 * RS, 15 * RS], fine, expenses)  # 3264 < 4128 before lot 3
    with pytest.raises(RecoveryCovered) as err:
        check_lots_needed([9 * RS, 8 * RS, 15 * RS, 1 * RS], fine, expenses)
    assert err.value.section == "XVII"
    assert err.value.details == {"lot": 4, "fetched": 6144, "dues": 4128}
    # Exactly covered is covered: the next lot is not needed.
    with pytest.raises(RecoveryCovered):
        check_lots_needed([4128, 1], fine, expenses)
    assert covered([4128], fine, expenses) and not covered([4127], fine, expenses)


def test_the_proceeds_pay_expenses_then_the_fine_the_complainant_first_and_the_rest_the_owner() -> (
    None
):
    """Sec XI (expenses of sale), XVII (the fine), XVIII (compensation out of the sums
    recovered); the balance goes back to the owner of the cattle."""
    a = recovery_account(
        prices=[9 * RS, 8 * RS, 15 * RS], fine_due=20 * RS, compensation_due=12 * RS, expenses=288
    )
    assert (a.proceeds, a.expenses_paid, a.fine_paid) == (6144, 288, 3840)
    assert (a.to_complainant, a.to_fund, a.balance_to_owner) == (2304, 1536, 2016)
    assert (a.fine_unpaid, a.expenses_unpaid, a.compensation_unpaid, a.number_sold) == (0, 0, 0, 3)


def test_a_shortfall_pays_the_complainant_first_and_leaves_the_fine_unpaid() -> None:
    """Sec XVIII: compensation is appropriated out of the sums recovered, so the first sums
    recovered go to it; what the sale does not cover stays unpaid, nothing to the owner."""
    a = recovery_account(prices=[10 * RS], fine_due=20 * RS, compensation_due=12 * RS, expenses=96)
    assert (a.expenses_paid, a.fine_paid, a.to_complainant, a.to_fund) == (96, 1824, 1824, 0)
    assert (a.balance_to_owner, a.fine_unpaid, a.compensation_unpaid) == (0, 2016, 480)
    # Not even the expenses covered: both stay unpaid.
    b = recovery_account(prices=[50], fine_due=100, compensation_due=0, expenses=96)
    assert (b.expenses_paid, b.expenses_unpaid, b.fine_paid, b.fine_unpaid) == (50, 46, 0, 100)


def test_a_recovery_account_refuses_what_cannot_be() -> None:
    with pytest.raises(InvalidInput):
        recovery_account(prices=[], fine_due=100, compensation_due=0, expenses=0)
    with pytest.raises(InvalidInput):
        recovery_account(prices=[100], fine_due=100, compensation_due=101, expenses=0)
    with pytest.raises(InvalidInput):
        recovery_account(prices=[-1], fine_due=100, compensation_due=0, expenses=0)


def test_imprisonment_for_opposing_a_seizure_is_at_most_six_months() -> None:
    """Sec XIII: "imprisonment, with or without labor, for a period not exceeding six months"."""
    check_opposition_imprisonment(6, 0, P)
    check_opposition_imprisonment(5, 30, P)
    for months, days in ((6, 1), (7, 0)):
        with pytest.raises(ImprisonmentOverCap) as err:
            check_opposition_imprisonment(months, days, P)
        assert err.value.section == "XIII"
        assert err.value.details["cap_months"] == 6
    with pytest.raises(InvalidInput):
        check_opposition_imprisonment(0, 45, P)  # say it as 1 month 15 days
    with pytest.raises(InvalidInput):
        check_opposition_imprisonment(-1, 0, P)
    # The cap is the profile's, so a district's statute may set it otherwise.
    check_opposition_imprisonment(7, 0, dataclasses.replace(P, opposition_prison_months=12))


def test_a_sec_xiii_sentence_is_prison_or_a_fine_or_both_within_their_caps() -> None:
    """Sec XIII: imprisonment up to six months, or a fine up to Rs 500, or both."""
    check_opposition_sentence(months=6, days=0, labour=True, fine=500 * RS, profile=P)
    check_opposition_sentence(months=0, days=15, labour=False, fine=0, profile=P)
    check_opposition_sentence(months=0, days=0, labour=None, fine=1, profile=P)
    with pytest.raises(FineOverCap) as fine:
        check_opposition_sentence(months=0, days=0, labour=None, fine=500 * RS + 1, profile=P)
    assert fine.value.section == "XIII"
    with pytest.raises(InvalidInput):  # neither prison nor fine
        check_opposition_sentence(months=0, days=0, labour=None, fine=0, profile=P)
    with pytest.raises(InvalidInput):  # a term must say with or without labour
        check_opposition_sentence(months=2, days=0, labour=None, fine=0, profile=P)
    with pytest.raises(InvalidInput):  # labour without a term
        check_opposition_sentence(months=0, days=0, labour=True, fine=100, profile=P)
    # The modern profile counts in paise: Rs 500 is 50,000.
    check_opposition_sentence(months=0, days=0, labour=None, fine=50_000, profile=CTA_1871_MODERN)
    with pytest.raises(FineOverCap):
        check_opposition_sentence(
            months=0, days=0, labour=None, fine=50_001, profile=CTA_1871_MODERN
        )
