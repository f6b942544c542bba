"""The id printed on a document and its verification, on SQLite and PostgreSQL: the same content
printed again keeps its id; a payment after the receipt makes the receipt no longer current."""

from __future__ import annotations

from datetime import date

from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.payment import record_payment
from office.inputs import AnimalsIn
from office.views.documents.issued import issue, verify
from office.views.documents.kinds import Kind
from tests.units import act
from tests.world import World, at


def test_a_receipt_is_genuine_until_another_payment_changes_it(world: World) -> None:
    world.on(date(2026, 3, 1), 9)
    ref = world.seize(
        animals=[AnimalsIn("cow", 1, "red"), AnimalsIn("goat", 1, "black")],
        when=at(date(2026, 3, 1), 7),
    )
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=at(date(2026, 3, 1), 8),
        now=world.now,
    )
    world.on(date(2026, 3, 2), 11)
    # The cow: fine 4 annas (48 pies) and 2 days' feeding at 9 pies (Sec VI, VII, G9).
    act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=48 + 18,
        payer=None,
        occurred_at=at(date(2026, 3, 2), 10),
        now=world.now,
        animals=[1],
    )
    first = act(world.db, issue, Kind.RECEIPT, ref, actor_id=world.owner, now=world.now)
    world.on(date(2026, 3, 2), 12)
    again = act(world.db, issue, Kind.RECEIPT, ref.lower(), actor_id=world.keeper, now=world.now)
    assert again.code == first.code
    assert first.document.total == 66
    assert verify(world.db, first.code.upper(), now=world.now).current
    # The goat: fine 1 anna (12 pies) and 3 days' feeding at 3 pies.
    world.on(date(2026, 3, 3), 12)
    act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=12 + 9,
        payer=None,
        occurred_at=at(date(2026, 3, 3), 11),
        now=world.now,
        animals=[2],
    )
    old = verify(world.db, first.code, now=world.now)
    assert old.genuine and not old.current
    assert old.head and (old.head.kind, old.head.section, old.head.register_no) == (
        "receipt",
        "VII",
        "TPR/2026/1",
    )
    fresh = act(world.db, issue, Kind.RECEIPT, ref, actor_id=world.keeper, now=world.now)
    assert fresh.code != first.code and fresh.document.total == 87
    assert verify(world.db, fresh.code, now=world.now).current
    assert not verify(world.db, "nosuchcode", now=world.now).genuine
