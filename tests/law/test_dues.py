"""What one head costs its owner: the fine once, feeding by the day, nothing for a head that died
or escaped, whose feeding is written off (Sec VI, VII, practice G4, G7, G9)."""

from datetime import date

import pytest

from law.dues import HeadCharge, head_charge
from law.errors import InvalidInput
from law.feeding import FeedingRate
from law.lifecycle import AnimalStatus

D = date
RATES = (
    FeedingRate(frozenset({"cow"}), 9, D(1857, 1, 1)),
    FeedingRate(frozenset({"cow"}), 12, D(1857, 3, 4)),
    # Practice G4: the rate a Magistrate's order set for an elephant.
    FeedingRate(frozenset({"elephant"}), 48, D(1857, 3, 1)),
)


def charge(status: AnimalStatus, until: int, kind: str = "cow", fine: int = 48) -> HeadCharge:
    return head_charge(
        kind=kind,
        fine=fine,
        status=status,
        rates=RATES,
        in_pound_from=D(1857, 3, 1),
        until_on=D(1857, 3, until),
    )


def test_a_head_in_the_pound_owes_its_fine_once_and_feeding_for_each_day() -> None:
    assert charge(AnimalStatus.IMPOUNDED, 1) == HeadCharge(48, 9)
    assert charge(AnimalStatus.IMPOUNDED, 3) == HeadCharge(48, 27)
    # From 4 March at the new rate (G9).
    assert charge(AnimalStatus.IMPOUNDED, 5) == HeadCharge(48, 27 + 24)
    assert charge(AnimalStatus.IMPOUNDED, 5).total == 99


@pytest.mark.parametrize("status", [AnimalStatus.DIED, AnimalStatus.ESCAPED])
def test_a_head_that_died_or_escaped_owes_nothing_and_its_feeding_is_written_off(
    status: AnimalStatus,
) -> None:
    assert charge(status, 5) == HeadCharge(fine=0, feeding=0, written_off=51)
    assert charge(status, 5).total == 0


def test_a_head_that_never_reached_the_pound_was_not_fed() -> None:
    never = head_charge(
        kind="cow",
        fine=48,
        status=AnimalStatus.DIED,
        rates=RATES,
        in_pound_from=None,
        until_on=D(1857, 3, 5),
    )
    assert never == HeadCharge(0, 0, 0)
    waiting = head_charge(
        kind="cow",
        fine=48,
        status=AnimalStatus.SEIZED,
        rates=RATES,
        in_pound_from=None,
        until_on=D(1857, 3, 5),
    )
    assert waiting == HeadCharge(48, 0)


def test_an_animal_outside_the_scale_is_charged_what_its_order_set() -> None:
    assert charge(AnimalStatus.IMPOUNDED, 2, kind="elephant", fine=384) == HeadCharge(384, 96)
    assert charge(AnimalStatus.DIED, 2, kind="elephant", fine=384) == HeadCharge(0, 0, 96)


def test_a_fine_is_never_negative() -> None:
    with pytest.raises(InvalidInput):
        charge(AnimalStatus.IMPOUNDED, 1, fine=-1)
