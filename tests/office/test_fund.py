"""Payments out of the Sec XII fund on the Magistrate's order, and the fund's running statement."""

from __future__ import annotations

import threading
from datetime import date
from typing import Any

import pytest
from sqlmodel import col, func, select

from law.errors import FundInsufficient, InvalidInput, NotAuthorised, NotFound, PoundError
from models import AuditEvent, FundPayment, LedgerPosting, LedgerTxn
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.payment import record_payment
from office.acts.magistrate.fund_payment import FundPaid, pay_from_fund
from office.inputs import AnimalsIn, PersonIn
from office.jurisdiction import load_jurisdiction_text
from office.people import person_by_phone
from office.records import ledger
from office.views.fund_statement import fund_desk, fund_view
from tests.units import act
from tests.world import World, at

D = date
MARCH_3 = D(2026, 3, 3)
OTHER_DISTRICT = """
[district]
name = "Otherpur"
code = "OTHERPUR"
timezone = "Asia/Kolkata"

[[pound]]
code = "OTP"
name = "Otherpur pound"
thana = "OTHERPUR"
villages = ["Otherpur"]

[[person]]
name = "Magistrate Misra"
residence = "Otherpur"
phone = "+919000000015"
roles = ["magistrate"]

[[person]]
name = "Keeper Kesho"
residence = "Otherpur"
phone = "+919000000011"
roles = ["keeper:OTP"]
"""
MASON = PersonIn("Ramdin Mistri", "Testpur", "+919333333333")


def other_district(world: World) -> int:
    """A second district with its own Magistrate; answers his person id."""
    act(world.db, load_jurisdiction_text, OTHER_DISTRICT, now=world.now, origin="otherpur.toml")
    with world.db.reading() as s:
        person = person_by_phone(s, "+919000000015")
        assert person is not None and person.id is not None
        return person.id


def fines_paid(world: World, *, day: D = MARCH_3) -> int:
    """Two cows and a buffalo arrive on 1 March; the owner pays on `day`. Answers the fines."""
    ref = world.seize(animals=[AnimalsIn("cow", 2), AnimalsIn("buffalo")])
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 1), 11),
        now=world.now,
    )
    when = world.on(day, 16)
    # Fines 48 + 48 + 96 = 192 pies; feeding 30 pies a day for 3 days = 90 pies.
    receipt = act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=282,
        payer=None,
        occurred_at=when,
        now=when,
    )
    assert (receipt.fine, receipt.feeding) == (192, 90)
    return receipt.fine


def pay(world: World, amount: int, *, actor: int | None = None, **kw: Any) -> FundPaid:
    args: dict[str, Any] = {
        "district": "TESTPUR",
        "purpose": "pound",
        "pound": "TPR",
        "order": "Order No. 4 of 1857: repair the east wall of the Testpur pound",
        "payee": MASON,
        "occurred_at": world.now,
        "now": world.now,
    }
    args.update(kw)
    return act(world.db, pay_from_fund, actor_id=actor or world.magistrate, amount=amount, **args)


def counts(world: World) -> tuple[int, int, int]:
    with world.db.reading() as s:
        return (
            s.exec(select(func.count()).select_from(FundPayment)).one(),
            s.exec(select(func.count()).select_from(LedgerTxn)).one(),
            s.exec(select(func.count()).select_from(AuditEvent)).one(),
        )


def test_the_magistrate_pays_for_repairing_a_pound_out_of_the_fines(world: World) -> None:
    """Sec XII: the fund is available for the construction and maintenance of pounds."""
    assert fines_paid(world) == 192
    world.on(D(2026, 3, 4), 11)
    done = pay(world, 120)
    assert (done.amount, done.amount_text, done.balance_after) == (120, "Rs 0-10-0", 72)
    assert done.payee == "Ramdin Mistri"
    fund = fund_view(world.db, district="TESTPUR")["districts"][0]
    assert (fund["received"], fund["paid_out"], fund["balance"]) == (192, 120, 72)
    assert fund["balance_text"] == "Rs 0-6-0"
    # The statement: the fines in, the payment out, the balance after each, in IST.
    lines = fund["statement"]["lines"]
    assert [(ln["in"], ln["out"], ln["balance"]) for ln in lines] == [(192, 0, 192), (0, 120, 72)]
    assert lines[0]["at"] == "2026-03-03T16:00:00+05:30"
    assert lines[1]["at"] == "2026-03-04T11:00:00+05:30"
    assert lines[1]["memo"] == (
        "paid to Ramdin Mistri: construction or maintenance of Testpur thana pound"
    )
    assert lines[1]["section"] == "XII"
    assert fund["payments"] == [
        {
            "id": done.payment_id,
            "at": "2026-03-04T11:00:00+05:30",
            "purpose": "pound",
            "pound": "TPR",
            "keeper": None,
            "stated": "",
            "payee": "Ramdin Mistri",
            "amount": 120,
            "amount_text": "Rs 0-10-0",
            "order": "Order No. 4 of 1857: repair the east wall of the Testpur pound",
            "ordered_by": "Magistrate Mehta",
        }
    ]
    # Balanced: the fund is debited what the payee is credited.
    with world.db.reading() as s:
        postings = s.exec(
            select(LedgerPosting.account, LedgerPosting.amount)
            .join(LedgerTxn, col(LedgerTxn.id) == col(LedgerPosting.txn_id))
            .where(LedgerTxn.section == "XII")
            .order_by(col(LedgerPosting.id))
        ).all()
        assert postings == [(ledger.FUND_PAID, 120), ("paid:fund:pound:TPR", -120)]
        event = s.exec(select(AuditEvent).order_by(col(AuditEvent.seq).desc())).first()
        assert event is not None
        assert (event.action, event.subject, event.section) == (
            "fund_payment",
            "district:TESTPUR",
            "XII",
        )
        assert event.payload["amount"] == 120 and event.payload["balance_after"] == 72


def test_a_keepers_salary_names_the_keeper_and_his_pound_and_is_paid_to_him(world: World) -> None:
    """Sec XII: salaries allowed to pound-keepers."""
    fines_paid(world)
    world.on(D(2026, 3, 31), 17)
    done = pay(
        world,
        96,
        purpose="salary",
        keeper_phone="+919000000001",
        payee=None,
        order="Salary of the keeper of Testpur pound for March, as allowed by Government",
    )
    assert done.payee == "Keeper Kallu"
    payment = fund_view(world.db)["districts"][0]["payments"][0]
    assert (payment["purpose"], payment["pound"], payment["keeper"], payment["payee"]) == (
        "salary",
        "TPR",
        "Keeper Kallu",
        "Keeper Kallu",
    )
    assert fund_view(world.db)["districts"][0]["accounts"]["paid:fund:salary:TPR"] == -96
    # The keeper of Dhakia does not keep Testpur: his salary is not paid from it as Testpur's.
    before = counts(world)
    with pytest.raises(InvalidInput) as wrong:
        pay(world, 10, purpose="salary", pound="TPR", keeper_phone="+919000000002", payee=None)
    assert wrong.value.section == "XII"
    assert counts(world) == before


def test_another_purpose_of_the_act_is_stated(world: World) -> None:
    """Sec XII: "or for any other purpose connected with the execution of this Act"."""
    fines_paid(world)
    world.on(D(2026, 3, 5), 10)
    with pytest.raises(InvalidInput):
        pay(world, 24, purpose="other", pound=None, stated="")
    done = pay(
        world,
        24,
        purpose="other",
        pound=None,
        stated="drummer's fee for the Sec VIII proclamation at Rampur market",
        payee=PersonIn("Bhola Dhol", "Rampur"),
    )
    assert done.balance_after == 168
    assert fund_view(world.db)["districts"][0]["accounts"]["paid:fund:other"] == -24


def test_a_payment_larger_than_the_fund_is_refused_and_changes_nothing(world: World) -> None:
    """Sec XII: the fund is available for payments only up to what it holds."""
    fines_paid(world)
    world.on(D(2026, 3, 4), 11)
    before = counts(world)
    with pytest.raises(FundInsufficient) as short:
        pay(world, 193)
    assert short.value.section == "XII"
    assert short.value.code == "fund_insufficient"
    assert short.value.details == {"balance": 192, "amount": 193}
    assert counts(world) == before
    assert fund_view(world.db)["districts"][0]["balance"] == 192
    pay(world, 192)
    assert fund_view(world.db)["districts"][0]["balance"] == 0
    with pytest.raises(FundInsufficient):
        pay(world, 1)


def test_a_payment_dated_back_may_not_overdraw_a_later_one(world: World) -> None:
    """Sec XII: the fund never falls below zero on any day already on its books."""
    fines_paid(world, day=D(2026, 3, 3))  # 192 in on 3 March
    pay(world, 150, occurred_at=world.on(D(2026, 3, 10), 10))
    # On 5 March the fund held 192, but 150 went out on 10 March: only 42 may go out on 5 March.
    with pytest.raises(FundInsufficient) as short:
        pay(world, 50, occurred_at=at(D(2026, 3, 5), 10))
    assert short.value.details == {"balance": 42, "amount": 50}
    # Before the fines came in there was nothing to pay from.
    with pytest.raises(FundInsufficient) as empty:
        pay(world, 1, occurred_at=at(D(2026, 3, 2), 10))
    assert empty.value.details == {"balance": 0, "amount": 1}
    pay(world, 42, occurred_at=at(D(2026, 3, 5), 10))
    lines = fund_view(world.db)["districts"][0]["statement"]["lines"]
    assert [ln["balance"] for ln in lines] == [192, 150, 0]


def test_two_orders_at_once_never_take_the_fund_below_zero(world: World) -> None:
    """Sec XII: two payments ordered together are checked one after the other, on the
    district's row lock, so at most what the fund holds goes out."""
    fines_paid(world)
    world.on(D(2026, 3, 4), 11)
    results: list[object] = []
    start = threading.Barrier(2)

    def order(n: int) -> None:
        start.wait()
        try:
            results.append(pay(world, 120, order=f"Order No. {n}"))
        except PoundError as exc:
            results.append(exc)

    threads = [threading.Thread(target=order, args=(n,)) for n in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    refused = [r for r in results if isinstance(r, FundInsufficient)]
    assert len(results) == 2 and len(refused) == 1
    fund = fund_view(world.db)["districts"][0]
    assert (fund["paid_out"], fund["balance"]) == (120, 72)


def test_only_the_districts_magistrate_orders_a_payment(world: World) -> None:
    """Sec XII with Sec IV: the pounds and their fund are under the Magistrate of the district."""
    fines_paid(world)
    world.on(D(2026, 3, 4), 11)
    stranger = other_district(world)
    before = counts(world)
    for actor in (
        stranger,
        world.keeper,
        world.other_keeper,
        world.police,
        world.darogah,
        world.road_officer,
        world.cultivator,
        world.owner,
    ):
        with pytest.raises(NotAuthorised) as refused:
            pay(world, 10, actor=actor)
        assert refused.value.section == "XII"
    assert counts(world) == before
    # Nor may the Magistrate of Otherpur name a Testpur pound in his own district's fund.
    with pytest.raises(NotFound):
        pay(world, 10, actor=stranger, district="OTHERPUR")
    assert counts(world) == before


def test_a_payment_is_refused_without_its_order_purpose_or_payee(world: World) -> None:
    fines_paid(world)
    world.on(D(2026, 3, 4), 11)
    before = counts(world)
    with pytest.raises(InvalidInput):
        pay(world, 10, order="  ")
    with pytest.raises(InvalidInput):
        pay(world, 10, purpose="feast")
    with pytest.raises(InvalidInput):
        pay(world, 10, payee=None)
    with pytest.raises(InvalidInput):
        pay(world, 0)
    with pytest.raises(NotFound):
        pay(world, 10, pound="DHAKA")
    assert counts(world) == before


def test_the_magistrates_desk_shows_the_balance_pounds_and_keepers(world: World) -> None:
    fines_paid(world)
    desk = fund_desk(world.db, district_id=1, actor_id=world.magistrate, now=world.now)
    assert (desk.code, desk.balance, desk.balance_text) == ("TESTPUR", 192, "Rs 1-0-0")
    assert [(p.code, [k.name for k in p.keepers]) for p in desk.pounds] == [
        ("DHK", ["Keeper Dhani"]),
        ("TPR", ["Keeper Kallu"]),
    ]
    with pytest.raises(NotAuthorised):
        fund_desk(world.db, district_id=1, actor_id=world.keeper, now=world.now)


def test_the_statement_may_start_on_a_day_with_the_balance_brought_forward(world: World) -> None:
    fines_paid(world, day=D(2026, 3, 3))
    pay(world, 100, occurred_at=world.on(D(2026, 3, 20), 10))
    statement = fund_view(world.db, district="testpur", since=D(2026, 3, 10))["districts"][0][
        "statement"
    ]
    assert (statement["opening_balance"], statement["opening_balance_text"]) == (192, "Rs 1-0-0")
    assert [(ln["out"], ln["balance"]) for ln in statement["lines"]] == [(100, 92)]
