"""A district with known seizures across months and both pounds, each ending another way, a
complaint filed and decided, fines into the fund and a payment out of it: what the district's
charts count (office/views/district_figures.py, webhook/charts.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from office.acts.complainant.complaint import file_complaint
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.payment import record_payment
from office.acts.magistrate.complaint import admit_complaint, decide_complaint
from office.acts.magistrate.fund_payment import pay_from_fund
from office.acts.magistrate.release import order_release
from office.inputs import AnimalsIn, PersonIn
from office.views.seizure import seizure_view
from tests.units import act
from tests.world import World, at

D = date
# Seized at 23:00 IST on 30 November, 17:30 UTC: November's, not December's.
LATE_NOVEMBER = at(D(2026, 11, 30), 23)
PAYEE = PersonIn("Ramdin Mistri", "Testpur", "+919333333333")


@dataclass(frozen=True)
class Figures:
    """What the register holds, as the test wrote it."""

    claimed: str  # TPR, 30 Nov 23:00 IST: 2 cows, claimed on 3 December (3 days held)
    held: str  # TPR, 1 Dec: 1 buffalo, still held on 20 December (19 days)
    released: str  # DHK, 10 Nov: 1 cow, released by order on 12 November (2 days)
    illegal: str  # TPR, 12 Nov: 1 bullock, the seizure held illegal on 20 November (8 days)
    complaint_id: int
    fines_in: int  # the fines paid into the fund on 3 December
    paid_out: int  # paid out of the fund on 5 December
    now: datetime  # 20 December 2026, 12:00 IST


def arrive(world: World, ref: str, keeper: int, when: datetime) -> None:
    act(world.db, register_arrival, actor_id=keeper, ref=ref, occurred_at=when, now=when)


def build(world: World) -> Figures:
    world.on(D(2026, 11, 10), 9)
    released = world.seize(village="Dhakia", animals=[AnimalsIn("cow", 1)])
    arrive(world, released, world.other_keeper, world.on(D(2026, 11, 10), 15))
    world.on(D(2026, 11, 12), 11)
    act(
        world.db,
        order_release,
        actor_id=world.magistrate,
        ref=released,
        reason="the cow is the village's temple cow",
        occurred_at=world.now,
        now=world.now,
    )

    world.on(D(2026, 11, 12), 8)
    illegal = world.seize(animals=[AnimalsIn("bullock", 1)])
    arrive(world, illegal, world.keeper, world.on(D(2026, 11, 12), 12))
    world.on(D(2026, 11, 13), 10)
    complaint_id = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=illegal,
        text="my bullock was on the road, not in his field",
        occurred_at=world.now,
        now=world.now,
    ).complaint_id
    world.on(D(2026, 11, 14), 10)
    act(
        world.db,
        admit_complaint,
        actor_id=world.magistrate,
        complaint_id=complaint_id,
        hearing="18 November, Sadar court, 11 o'clock",
        occurred_at=world.now,
        now=world.now,
    )
    world.on(D(2026, 11, 20), 12)
    act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=complaint_id,
        outcome="illegal",
        reasons="the bullock was on the road",
        occurred_at=world.now,
        now=world.now,
    )

    world.on(D(2026, 12, 1), 6)
    claimed = world.seize(animals=[AnimalsIn("cow", 2)], when=LATE_NOVEMBER)
    arrive(world, claimed, world.keeper, world.on(D(2026, 12, 1), 9))
    world.on(D(2026, 12, 1), 10)
    held = world.seize(animals=[AnimalsIn("buffalo", 1)], when=at(D(2026, 12, 1), 1))
    arrive(world, held, world.keeper, world.on(D(2026, 12, 1), 12))

    paid = world.on(D(2026, 12, 4), 16)
    due = seizure_view(world.db, ref=claimed, now=paid)["due"]
    act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=claimed,
        amount=int(due["total"]),
        payer=None,
        occurred_at=paid,
        now=paid,
    )
    world.on(D(2026, 12, 5), 11)
    act(
        world.db,
        pay_from_fund,
        actor_id=world.magistrate,
        district="TESTPUR",
        purpose="pound",
        pound="TPR",
        order="order 4: mend the east wall",
        payee=PAYEE,
        amount=50,
        occurred_at=world.now,
        now=world.now,
    )
    world.on(D(2026, 12, 20), 12)
    return Figures(
        claimed=claimed,
        held=held,
        released=released,
        illegal=illegal,
        complaint_id=complaint_id,
        fines_in=int(due["fine"]),
        paid_out=50,
        now=world.now,
    )
