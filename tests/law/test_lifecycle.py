"""The seizure lifecycle: each guard of the Act, told as a story."""

import dataclasses
from datetime import date, timedelta

import pytest

from law.errors import (
    ComplaintOutOfTime,
    EventOutOfOrder,
    InvalidInput,
    InvalidTransition,
    NotFound,
    NoticeNotYetDue,
    PurchaserIsOfficial,
    ReleaseWithoutFine,
    SaleNotYetDue,
    SaleStayedByComplaint,
)
from law.lifecycle import (
    AnimalStatus,
    Arrive,
    DecideComplaint,
    Die,
    Escape,
    FileComplaint,
    OrderRelease,
    Pay,
    PostNotice,
    Refuse,
    ReportUnclaimed,
    Rescue,
    SeizureState,
    SeizureStatus,
    Sell,
    apply,
    awaiting_order,
    new_seizure,
)
from law.profile import ACT_III_1857

A = AnimalStatus
S = SeizureStatus
SEIZED_ON = date(2024, 3, 1)


def day(n: int) -> date:
    """The n-th day after the seizure."""
    return SEIZED_ON + timedelta(days=n)


def impounded(n: int = 3) -> SeizureState:
    return apply(new_seizure(range(1, n + 1), SEIZED_ON, ACT_III_1857), Arrive(on=SEIZED_ON))


def noticed() -> SeizureState:
    state = apply(impounded(), ReportUnclaimed(on=day(8)))
    return apply(state, PostNotice(on=day(9)))


def refused() -> SeizureState:
    return apply(impounded(), Refuse(on=day(2)))


def test_a_new_seizure_has_every_animal_in_the_seizers_hands() -> None:
    state = new_seizure([1, 2], SEIZED_ON, ACT_III_1857)
    assert state.status is S.SEIZED
    assert dict(state.animals) == {1: A.SEIZED, 2: A.SEIZED}
    with pytest.raises(InvalidInput):
        new_seizure([], SEIZED_ON, ACT_III_1857)


def test_arrival_at_the_pound_starts_the_first_period() -> None:
    state = impounded()
    assert state.status is S.IMPOUNDED
    assert state.impounded_on == SEIZED_ON
    assert set(state.animals.values()) == {A.IMPOUNDED}
    with pytest.raises(InvalidTransition):
        apply(state, Arrive(on=day(1)))


def test_the_count_at_arrival_must_match_the_seizure() -> None:
    with pytest.raises(InvalidInput, match="2 arrived but 3"):
        apply(new_seizure([1, 2, 3], SEIZED_ON, ACT_III_1857), Arrive(on=SEIZED_ON, count=2))


def test_an_owner_who_pays_in_full_takes_his_cattle() -> None:
    state = apply(impounded(), Pay(on=day(2), animal_ids=[1, 2], paid=120, due=120))
    assert state.animals[1] is A.RELEASED_PAID
    assert state.animals[3] is A.IMPOUNDED
    assert state.status is S.IMPOUNDED
    state = apply(state, Pay(on=day(2), animal_ids=[3], paid=70, due=60))
    assert state.status is S.CLOSED


def test_no_animal_is_released_without_the_fine() -> None:
    with pytest.raises(ReleaseWithoutFine, match="Rs 0-4-0 paid of Rs 0-8-0 due") as caught:
        apply(impounded(), Pay(on=day(2), animal_ids=[1], paid=48, due=96))
    assert caught.value.section == "VI"


def test_competent_authority_may_order_a_release_without_the_fine() -> None:
    state = apply(impounded(), OrderRelease(on=day(2), animal_ids=[2]))
    assert state.animals[2] is A.RELEASED_BY_ORDER


def test_the_owner_may_still_claim_after_the_notice() -> None:
    state = apply(noticed(), Pay(on=day(12), animal_ids=[1, 2, 3], paid=1, due=1))
    assert state.status is S.CLOSED


def test_a_profile_may_close_claims_after_the_first_period() -> None:
    state = dataclasses.replace(
        noticed(), profile=dataclasses.replace(ACT_III_1857, claim_after_first_period=False)
    )
    with pytest.raises(InvalidTransition) as caught:
        apply(state, Pay(on=day(12), animal_ids=[1], paid=1, due=1))
    assert caught.value.section == "practice G2"


def test_cattle_are_not_reported_unclaimed_within_the_first_seven_days() -> None:
    with pytest.raises(NoticeNotYetDue, match="2024-03-09"):
        apply(impounded(), ReportUnclaimed(on=day(7)))
    state = apply(impounded(), ReportUnclaimed(on=day(8)))
    assert state.status is S.REPORTED_UNCLAIMED
    assert state.reported_on == day(8)


def test_cattle_whose_owner_appeared_are_not_unclaimed() -> None:
    with pytest.raises(InvalidTransition) as caught:
        apply(refused(), ReportUnclaimed(on=day(8)))
    assert caught.value.section == "IX"


def test_the_notice_follows_the_report() -> None:
    with pytest.raises(InvalidTransition):
        apply(impounded(), PostNotice(on=day(8)))
    state = noticed()
    assert state.status is S.NOTICED
    assert state.noticed_on == day(9)


def test_unclaimed_cattle_are_sold_only_after_the_second_seven_days() -> None:
    with pytest.raises(SaleNotYetDue, match="from 2024-03-18"):
        apply(noticed(), Sell(on=day(16), animal_ids=[1]))
    state = apply(noticed(), Sell(on=day(17), animal_ids=[1, 2, 3]))
    assert set(state.animals.values()) == {A.SOLD}
    assert state.status is S.CLOSED


def test_unclaimed_cattle_are_not_sold_before_the_notice() -> None:
    with pytest.raises(SaleNotYetDue):
        apply(impounded(), Sell(on=day(30), animal_ids=[1]))


def test_a_complaint_stays_every_sale() -> None:
    state = apply(noticed(), FileComplaint(on=day(10)))
    with pytest.raises(SaleStayedByComplaint) as caught:
        apply(state, Sell(on=day(20), animal_ids=[1]))
    assert caught.value.section == "practice G3"
    state = apply(refused(), FileComplaint(on=day(3)))
    with pytest.raises(SaleStayedByComplaint) as caught:
        apply(state, Sell(on=day(4), animal_ids=[1]))
    assert caught.value.section == "IX"


def test_a_profile_may_let_a_complaint_stay_only_a_sale_for_non_payment() -> None:
    lenient = dataclasses.replace(ACT_III_1857, complaint_stays_unclaimed_sale=False)
    state = dataclasses.replace(apply(noticed(), FileComplaint(on=day(10))), profile=lenient)
    assert apply(state, Sell(on=day(17), animal_ids=[1])).animals[1] is A.SOLD


def test_the_sale_goes_ahead_when_the_seizure_is_held_lawful() -> None:
    state = apply(noticed(), FileComplaint(on=day(10)))
    state = apply(state, DecideComplaint(on=day(14), illegal=False))
    assert state.complaints_pending == 0
    assert apply(state, Sell(on=day(17), animal_ids=[1])).animals[1] is A.SOLD


def test_an_illegal_seizure_releases_every_animal_still_held() -> None:
    state = apply(impounded(), Pay(on=day(1), animal_ids=[1], paid=48, due=48))
    state = apply(state, FileComplaint(on=day(2)))
    state = apply(state, DecideComplaint(on=day(5), illegal=True))
    assert dict(state.animals) == {
        1: A.RELEASED_PAID,
        2: A.RELEASED_BY_ORDER,
        3: A.RELEASED_BY_ORDER,
    }
    assert state.status is S.CLOSED


def test_a_complaint_after_release_may_still_be_decided() -> None:
    state = apply(impounded(1), Pay(on=day(1), animal_ids=[1], paid=48, due=48))
    assert state.status is S.CLOSED
    state = apply(state, FileComplaint(on=day(4)))
    state = apply(state, DecideComplaint(on=day(6), illegal=True))
    assert state.animals[1] is A.RELEASED_PAID
    assert state.complaints_pending == 0


def test_the_complaint_window_is_ten_days_from_seizure() -> None:
    late_arrival = apply(new_seizure([1], SEIZED_ON, ACT_III_1857), Arrive(on=day(2)))
    assert apply(late_arrival, FileComplaint(on=day(10))).complaints_pending == 1
    with pytest.raises(ComplaintOutOfTime, match="2024-03-11"):
        apply(late_arrival, FileComplaint(on=day(11)))


def test_a_complaint_after_a_sale_stays_the_next_sale_and_the_sale_held_stands() -> None:
    """Practice G12, Sec IX proviso: the ten days run from the seizure whatever happened since."""
    state = apply(refused(), Sell(on=day(3), animal_ids=[1]))
    state = apply(state, FileComplaint(on=day(4)))
    assert state.complaints_pending == 1
    assert state.animals[1] is A.SOLD
    with pytest.raises(SaleStayedByComplaint) as caught:
        apply(state, Sell(on=day(5), animal_ids=[2]))
    assert caught.value.section == "IX"
    state = apply(state, DecideComplaint(on=day(6), illegal=True))
    # The sale held stands; the head still held are released by the order.
    assert dict(state.animals) == {1: A.SOLD, 2: A.RELEASED_BY_ORDER, 3: A.RELEASED_BY_ORDER}
    assert state.status is S.CLOSED


def test_a_complaint_after_every_head_was_sold_is_still_admissible_within_ten_days() -> None:
    """Practice G12: even with nothing left to stay, the complaint is heard (damages, XIV)."""
    state = apply(refused(), Sell(on=day(3), animal_ids=[1, 2, 3]))
    assert state.status is S.CLOSED
    assert apply(state, FileComplaint(on=day(10))).complaints_pending == 1
    with pytest.raises(ComplaintOutOfTime):
        apply(state, FileComplaint(on=day(11)))


def test_only_a_pending_complaint_is_decided() -> None:
    with pytest.raises(InvalidTransition):
        apply(impounded(), DecideComplaint(on=day(2), illegal=True))


def test_an_owner_who_refuses_to_pay_may_have_some_cattle_sold_and_the_rest_handed_back() -> None:
    state = apply(refused(), Sell(on=day(3), animal_ids=[2], release_rest=True))
    assert dict(state.animals) == {
        1: A.RELEASED_AFTER_PART_SALE,
        2: A.SOLD,
        3: A.RELEASED_AFTER_PART_SALE,
    }
    assert state.status is S.CLOSED


def test_a_sale_for_non_payment_may_leave_the_rest_in_the_pound() -> None:
    state = apply(refused(), Sell(on=day(3), animal_ids=[2]))
    assert state.in_pound == [1, 3]
    assert state.owner_refused  # a sale under Sec IX


def test_only_an_owner_who_appeared_gets_the_rest_handed_back() -> None:
    with pytest.raises(InvalidTransition):
        apply(noticed(), Sell(on=day(17), animal_ids=[1], release_rest=True))


def test_the_refusal_is_recorded_once() -> None:
    with pytest.raises(InvalidTransition):
        apply(refused(), Refuse(on=day(3)))


def test_a_police_officer_may_not_buy() -> None:
    with pytest.raises(PurchaserIsOfficial) as err:
        apply(noticed(), Sell(on=day(17), animal_ids=[1, 2], purchasers_official=[False, True]))
    assert (err.value.section, err.value.details) == ("X", {"animal": 2})
    with pytest.raises(PurchaserIsOfficial):  # Sec IX sales too
        apply(refused(), Sell(on=day(3), animal_ids=[3], purchasers_official=[True]))
    with pytest.raises(InvalidInput):
        Sell(on=day(17), animal_ids=[1, 2], purchasers_official=[False])


def test_an_animal_that_died_or_escaped_is_out_of_the_pound() -> None:
    state = apply(impounded(), Die(on=day(2), animal_id=1))
    state = apply(state, Escape(on=day(2), animal_id=2))
    assert (state.animals[1], state.animals[2]) == (A.DIED, A.ESCAPED)
    with pytest.raises(InvalidTransition, match="animal 1 is not in the pound"):
        apply(state, Pay(on=day(3), animal_ids=[1], paid=48, due=48))
    with pytest.raises(InvalidTransition):
        apply(state, Die(on=day(3), animal_id=1))


def test_cattle_rescued_on_the_way_never_reach_the_pound() -> None:
    state = apply(
        new_seizure([1, 2], SEIZED_ON, ACT_III_1857), Rescue(on=SEIZED_ON, animal_ids=[1])
    )
    assert state.animals[1] is A.RESCUED
    state = apply(state, Arrive(on=SEIZED_ON))
    assert dict(state.animals) == {1: A.RESCUED, 2: A.IMPOUNDED}


def test_a_seizure_whose_cattle_are_all_gone_is_closed() -> None:
    state = apply(new_seizure([1], SEIZED_ON, ACT_III_1857), Rescue(on=SEIZED_ON, animal_ids=[1]))
    assert state.status is S.CLOSED
    with pytest.raises(InvalidTransition):
        apply(state, Arrive(on=day(1)))


def test_nothing_is_paid_before_the_cattle_reach_the_pound() -> None:
    with pytest.raises(InvalidTransition, match="not reached the pound"):
        apply(
            new_seizure([1], SEIZED_ON, ACT_III_1857),
            Pay(on=SEIZED_ON, animal_ids=[1], paid=1, due=1),
        )


def test_an_animal_not_in_the_seizure_is_not_found() -> None:
    with pytest.raises(NotFound):
        apply(impounded(), OrderRelease(on=day(1), animal_ids=[9]))


def test_an_animal_named_twice_is_refused() -> None:
    with pytest.raises(InvalidInput):
        Pay(on=day(1), animal_ids=[1, 1], paid=0, due=0)
    with pytest.raises(InvalidInput):
        OrderRelease(on=day(1), animal_ids=[])


def test_an_event_before_what_is_already_recorded_is_out_of_order() -> None:
    with pytest.raises(EventOutOfOrder):
        apply(new_seizure([1], SEIZED_ON, ACT_III_1857), Arrive(on=day(-1)))
    with pytest.raises(EventOutOfOrder):
        apply(noticed(), Pay(on=day(8), animal_ids=[1], paid=1, due=1))


def test_apply_never_changes_the_state_it_is_given() -> None:
    before = impounded()
    snapshot = dict(before.animals)
    apply(before, Pay(on=day(2), animal_ids=[1], paid=48, due=48))
    assert dict(before.animals) == snapshot
    with pytest.raises(TypeError):
        before.animals[1] = A.SOLD  # type: ignore[index]


@pytest.mark.parametrize(
    ("kind", "order_id", "status", "waits"),
    [
        ("elephant", None, "seized", True),  # outside the scale, no order yet (G4)
        ("elephant", 7, "seized", False),  # an order has set its fine
        ("elephant", None, "impounded", False),  # no longer with the seizer
        ("cow", None, "seized", False),  # a row of the Sec VI scale needs no order
    ],
)
def test_a_head_outside_the_scale_waits_for_an_order_only_while_seized_and_unordered(
    kind: str, order_id: int | None, status: str, waits: bool
) -> None:
    assert awaiting_order(kind, order_id, status) is waits
