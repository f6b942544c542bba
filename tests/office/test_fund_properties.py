"""Sec XII: whatever fines are adjudged, paid in part, in whole or not at all, and whatever the
Magistrate orders paid out, no payment out of the fund ever exceeds the money it received.

Random histories run against the database itself, on SQLite and PostgreSQL, so the examples
are few."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from sqlmodel import Session, func, select

from law.errors import FundInsufficient, InvalidInput
from models import FinePaid, FundPayment
from office.acts.magistrate.fines_paid import record_case_fine_paid, record_offence_fine_paid
from office.records import ledger
from tests.examples import examples
from tests.ist import ist
from tests.office.test_cases import ACCUSED, convicted, decide, offence
from tests.office.test_fund import pay
from tests.units import act
from tests.world import World

START = date(2026, 3, 16)
# The day each world's history has reached: the examples of one run share the database, and
# each goes on from where the one before it stopped, so that every act is dated after the last.
REACHED: dict[int, date] = {}

# One act: a Sec XIII fine adjudged, a Sec XVII fine (with compensation) adjudged, a part of
# an adjudged fine paid (which one, how much), or a payment out of the fund ordered.
ADJUDGE = st.tuples(st.sampled_from(["offence", "case"]), st.integers(1, 3000), st.integers(0, 99))
PAID = st.tuples(st.just("paid"), st.integers(0, 9), st.integers(1, 3000))
PAY_OUT = st.tuples(st.just("pay_out"), st.integers(0, 0), st.integers(1, 4000))
ACTS = st.lists(st.one_of(ADJUDGE, PAID, PAY_OUT, PAY_OUT), min_size=1, max_size=8)


def money(s: Session, district_id: int) -> tuple[int, int, int]:
    """(received into the fund, paid out of it, owed to it). What was received and paid out is
    counted from the records of the acts themselves (the part of each fine paid that was not
    compensation, each payment ordered), not from the fund's own accounts."""
    received = s.exec(
        select(func.coalesce(func.sum(FinePaid.to_fund), 0)).where(
            FinePaid.district_id == district_id
        )
    ).one()
    paid_out = s.exec(
        select(func.coalesce(func.sum(FundPayment.amount), 0)).where(
            FundPayment.district_id == district_id
        )
    ).one()
    bal = ledger.balances(s, district_id)
    owed = -sum(v for k, v in bal.items() if k.startswith(ledger.OWED_TO_FUND_PREFIX))
    # The fund's accounts say the same.
    assert -bal.get(ledger.FUND_FINES, 0) == received
    assert bal.get(ledger.FUND_PAID, 0) == paid_out
    return int(received), int(paid_out), owed


@settings(
    max_examples=examples(20),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(acts=ACTS)
def test_no_payment_out_of_the_fund_ever_exceeds_the_money_received(
    world: World, acts: list[tuple[str, int, int]]
) -> None:
    fines: list[tuple[str, int]] = []  # ("offence" | "case", id) adjudged
    unpaid: dict[tuple[str, int], int] = {}  # what is still unpaid of each, as the test counts
    day = REACHED.get(id(world.db), START)
    for what, a, b in acts:
        day += timedelta(days=1)
        REACHED[id(world.db)] = day
        when = world.on(day, 11)
        with world.db.reading() as s:
            received, paid_out, _ = money(s, 1)
        if what == "offence":
            offence_id = offence(world)
            decide(world, offence_id, fine=a, occurred_at=ist(world, day, 10), now=when)
            fines.append(("offence", offence_id))
            unpaid[fines[-1]] = a
        elif what == "case":
            case_id = convicted(world, fine=a, compensation=a * b // 100)
            fines.append(("case", case_id))
            unpaid[fines[-1]] = a
        elif what == "paid" and fines:
            fine = kind, ident = fines[a % len(fines)]
            try:
                if kind == "offence":
                    paid = act(
                        world.db,
                        record_offence_fine_paid,
                        actor_id=world.magistrate,
                        offence_id=ident,
                        amount=b,
                        payer=ACCUSED,
                        occurred_at=when,
                        now=when,
                    )
                else:
                    paid = act(
                        world.db,
                        record_case_fine_paid,
                        actor_id=world.magistrate,
                        case_id=ident,
                        amount=b,
                        occurred_at=when,
                        now=when,
                    )
                event("a fine was paid")
                assert b <= unpaid[fine]
                unpaid[fine] -= b
                assert paid.unpaid == unpaid[fine]
            except InvalidInput:
                # Sec XII: a payment is refused only for more than is still unpaid of the fine.
                event("more than was unpaid was refused")
                assert b > unpaid[fine]
        elif what == "pay_out":
            try:
                pay(world, b, occurred_at=when, now=when)
                event("a payment out was made")
                assert b <= received - paid_out
            except FundInsufficient as exc:
                event("a payment out was refused")
                assert exc.section == "XII"
                assert b > received - paid_out
        with world.db.reading() as s:
            now_received, now_paid_out, now_owed = money(s, 1)
            # Sec XII: what was paid out never exceeds what was received; what is only owed
            # is never in the fund.
            assert now_paid_out <= now_received
            assert sum(ledger.balances(s, 1).values()) == 0
            assert now_owed >= 0
