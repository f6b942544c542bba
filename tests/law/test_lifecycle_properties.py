"""Whatever happens, in whatever order, the lifecycle keeps the Act's invariants."""

import dataclasses
from collections.abc import Callable
from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from law.errors import (
    ComplaintOutOfTime,
    EventOutOfOrder,
    InvalidInput,
    InvalidTransition,
    NotFound,
    NoticeNotYetDue,
    PoundError,
    PurchaserIsOfficial,
    ReleaseWithoutFine,
    SaleNotYetDue,
    SaleStayedByComplaint,
)
from law.lifecycle import (
    ANIMAL_TRANSITIONS,
    TERMINAL_ANIMAL,
    TRANSITIONS,
    AnimalStatus,
    Arrive,
    DecideComplaint,
    Die,
    Escape,
    Event,
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
    new_seizure,
)
from law.periods import sale_not_before
from law.profile import ACT_III_1857
from tests.examples import examples

A = AnimalStatus
SEIZED_ON = date(2024, 3, 1)

# Each maker turns (day, animal ids, a flag, an amount paid, an amount due) into one event.
Maker = Callable[[date, list[int], bool, int, int], Event]
COMMON: list[Maker] = [
    lambda on, ids, flag, a, b: Pay(on=on, animal_ids=ids, paid=a, due=b),
    lambda on, ids, flag, a, b: ReportUnclaimed(on=on),
    lambda on, ids, flag, a, b: PostNotice(on=on),
    lambda on, ids, flag, a, b: Sell(on=on, animal_ids=ids, release_rest=flag),
    lambda on, ids, flag, a, b: Sell(
        on=on, animal_ids=ids, purchasers_official=[flag and a < b] * len(ids)
    ),
    lambda on, ids, flag, a, b: FileComplaint(on=on),
    lambda on, ids, flag, a, b: DecideComplaint(on=on, illegal=flag),
]
# Drawn less often, so that histories reach the notice and the auction before they end.
RARE: list[Maker] = [
    lambda on, ids, flag, a, b: Arrive(on=on),
    lambda on, ids, flag, a, b: Refuse(on=on),
    lambda on, ids, flag, a, b: OrderRelease(on=on, animal_ids=ids),
    lambda on, ids, flag, a, b: Die(on=on, animal_id=ids[0]),
    lambda on, ids, flag, a, b: Escape(on=on, animal_id=ids[0]),
    lambda on, ids, flag, a, b: Rescue(on=on, animal_ids=ids),
]


# One step of a history: an event maker, days since the last step, which animals (as positions
# among those still held, so that most steps are lawful), whether to name a stranger too, a
# flag, and two amounts.
Step = tuple[Maker, int, list[int], bool, bool, int, int]


@st.composite
def histories(draw: st.DrawFn, makers: list[Maker]) -> tuple[int, list[Step]]:
    n = draw(st.integers(min_value=1, max_value=4))
    steps = draw(
        st.lists(
            st.tuples(
                st.sampled_from(makers),
                st.integers(min_value=0, max_value=6),
                st.lists(st.integers(min_value=0, max_value=3), min_size=1, max_size=4),
                # Now and then an animal not in the seizure: refused, never invented.
                st.integers(min_value=0, max_value=9).map(lambda k: k == 0),
                st.booleans(),
                st.integers(min_value=0, max_value=200),
                st.integers(min_value=0, max_value=200),
            ),
            min_size=8,
            max_size=40,
        )
    )
    return n, steps


def play(n: int, steps: list[Step], state: SeizureState) -> SeizureState:
    """Arrive (mostly), then make each step's event against the state it meets."""
    on = SEIZED_ON
    events: list[Event] = [Arrive(on=on)] if steps[0][1] else []
    for maker, gap, picks, stranger, flag, a, b in steps:
        on += timedelta(days=gap)
        held = sorted(i for i, s in state.animals.items() if s in (A.SEIZED, A.IMPOUNDED))
        pool = held or sorted(state.animals)
        named = sorted({pool[k % len(pool)] for k in picks}) + ([n + 1] if stranger else [])
        event = maker(on, named, flag, a, b)
        state = run(state, [*events, event])
        events = []
    return state


def check_step(before: SeizureState, event: Event, after: SeizureState) -> None:
    if before.status != after.status:
        assert (before.status, after.status) in TRANSITIONS
    assert (after.status is SeizureStatus.CLOSED) == all(
        s in TERMINAL_ANIMAL for s in after.animals.values()
    )
    assert after.complaints_pending >= 0
    for i, old in before.animals.items():
        new = after.animals[i]
        if old == new:
            continue
        assert (old, new) in ANIMAL_TRANSITIONS
        if new is A.SOLD:
            # Sec IX proviso and G3: no sale of any kind while a complaint is pending.
            assert before.complaints_pending == 0
            assert isinstance(event, Sell)
            assert not any(event.purchasers_official)  # Sec X
            if not before.owner_refused:
                # Sec VIII: only after the notice and its seven days.
                assert before.status is SeizureStatus.NOTICED
                assert before.noticed_on is not None
                assert event.on >= sale_not_before(before.noticed_on, before.profile)
        if new is A.RELEASED_PAID:
            # Sec VI: released by the pound-keeper only on payment in full.
            assert isinstance(event, Pay)
            assert event.paid >= event.due
        if new is A.RELEASED_BY_ORDER:
            assert isinstance(event, OrderRelease) or (
                isinstance(event, DecideComplaint) and event.illegal
            )
        if new is A.RELEASED_AFTER_PART_SALE:
            assert isinstance(event, Sell) and before.owner_refused
        assert new not in (A.SEIZED, A.IMPOUNDED) or (old, new) == (A.SEIZED, A.IMPOUNDED)


# The refusals each act may meet, by the guards the Act sets on it (law/lifecycle.py). A refusal
# of any other kind, or one of the state chart itself ("... cannot become ..."), is a bug the
# history found, not a lawful answer.
EVERY_ACT = (EventOutOfOrder, InvalidTransition, NotFound)
MAY_REFUSE: dict[type, tuple[type[PoundError], ...]] = {
    Arrive: (*EVERY_ACT, InvalidInput),
    Pay: (*EVERY_ACT, ReleaseWithoutFine),
    OrderRelease: EVERY_ACT,
    Refuse: EVERY_ACT,
    ReportUnclaimed: (*EVERY_ACT, NoticeNotYetDue),
    PostNotice: EVERY_ACT,
    Sell: (*EVERY_ACT, SaleStayedByComplaint, SaleNotYetDue, PurchaserIsOfficial, InvalidInput),
    FileComplaint: (*EVERY_ACT, ComplaintOutOfTime),
    DecideComplaint: EVERY_ACT,
    Die: EVERY_ACT,
    Escape: EVERY_ACT,
    Rescue: EVERY_ACT,
}
CHART_BREACHES = {
    "{before} cannot become {after}",
    "animal {animal_id} cannot go from {before} to {after}",
}


def run(state: SeizureState, events: list[Event]) -> SeizureState:
    for event in events:
        try:
            after = apply(state, event)
        except PoundError as refusal:
            assert isinstance(refusal, MAY_REFUSE[type(event)]), (event, refusal)
            assert refusal.template not in CHART_BREACHES, (event, refusal)
            continue
        check_step(state, event, after)
        state = after
    return state


@settings(max_examples=examples(300), deadline=None)
@given(histories(COMMON * 3 + RARE))
def test_no_history_breaks_the_acts_invariants(history: tuple[int, list[Step]]) -> None:
    n, steps = history
    play(n, steps, new_seizure(range(1, n + 1), SEIZED_ON, ACT_III_1857))


@settings(max_examples=examples(300), deadline=None)
@given(histories(COMMON))
def test_no_history_of_claims_complaints_and_sales_breaks_them(
    history: tuple[int, list[Step]],
) -> None:
    n, steps = history
    play(n, steps, new_seizure(range(1, n + 1), SEIZED_ON, ACT_III_1857))


@settings(max_examples=examples(150), deadline=None)
@given(histories(COMMON * 3 + RARE))
def test_nor_does_any_history_under_a_district_that_rules_otherwise(
    history: tuple[int, list[Step]],
) -> None:
    n, steps = history
    other = dataclasses.replace(
        ACT_III_1857, name="other", exclude_first_day=False, claim_after_first_period=False
    )
    play(n, steps, new_seizure(range(1, n + 1), SEIZED_ON, other))


def test_a_typical_unclaimed_seizure_reaches_the_auction() -> None:
    # A sanity check that the random histories can reach the end, not just fail early.
    events: list[Event] = [
        Arrive(on=SEIZED_ON),
        ReportUnclaimed(on=date(2024, 3, 9)),
        PostNotice(on=date(2024, 3, 9)),
        Sell(on=date(2024, 3, 17), animal_ids=[1]),
    ]
    state = run(new_seizure([1], SEIZED_ON, ACT_III_1857), events)
    assert state.animals[1] is A.SOLD
    assert state.status is SeizureStatus.CLOSED
