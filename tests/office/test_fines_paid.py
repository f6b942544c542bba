"""What the Magistrate adjudged, paid to him (Sec XI): a Sec XIII fine, a Sec XVII or XVIII fine
(the compensation first, XVIII), what a Sec XIV decision charges the seizer; and the Sec XII fund,
which holds only the sums received."""

from __future__ import annotations

from datetime import date

import pytest
from sqlmodel import func, select

from law.errors import FundInsufficient, InvalidInput, NotAuthorised
from models import AuditEvent, FinePaid, LedgerTxn
from office.acts.magistrate.case import decide_case
from office.acts.magistrate.complaint import decide_complaint
from office.acts.magistrate.fines_paid import (
    record_case_fine_paid,
    record_offence_fine_paid,
    record_seizer_paid,
)
from office.inputs import PersonIn
from office.records import ledger
from office.views.case import case_view, set_off_certificate
from office.views.fund_statement import fund_view
from tests.ist import ist
from tests.office.test_cases import ACCUSED, RS, balance, decide, filed, offence
from tests.office.test_complaints import admit, arrive, complain, refuse_and_sell_one_cow
from tests.office.test_fund import pay
from tests.units import act
from tests.world import World

D = date


def fund(world: World) -> tuple[int, int, int]:
    """The fund as (owed to it, received, balance)."""
    view = fund_view(world.db, district="TESTPUR")["districts"][0]
    return view["owed"], view["received"], view["balance"]


def counts(world: World) -> tuple[int, int, int]:
    with world.db.reading() as s:
        return (
            s.exec(select(func.count()).select_from(FinePaid)).one(),
            s.exec(select(func.count()).select_from(LedgerTxn)).one(),
            s.exec(select(func.count()).select_from(AuditEvent)).one(),
        )


def test_a_sec_xiii_fine_is_owed_to_the_fund_and_enters_it_only_when_paid(world: World) -> None:
    """Sec XII: the fund is "the sums received on account of fines"; a Sec XIII fine adjudged is
    owed, and nothing of it may be paid out until it is paid."""
    offence_id = offence(world)
    decide(world, offence_id, fine=50 * RS)
    assert fund(world) == (50 * RS, 0, 0)
    world.on(D(2026, 3, 16), 11)
    with pytest.raises(FundInsufficient) as refused:
        pay(world, RS)
    assert (refused.value.code, refused.value.section) == ("fund_insufficient", "XII")
    paid = act(
        world.db,
        record_offence_fine_paid,
        actor_id=world.magistrate,
        offence_id=offence_id,
        amount=20 * RS,
        payer=ACCUSED,
        occurred_at=world.on(D(2026, 3, 17), 11),
        now=world.now,
    )
    assert (paid.section, paid.payer, paid.to_fund, paid.unpaid) == (
        "XIII",
        "Bhura Ahir",
        20 * RS,
        30 * RS,
    )
    assert fund(world) == (30 * RS, 20 * RS, 20 * RS)
    assert balance(world, f"receivable:fine:offence:{offence_id}") == 30 * RS
    world.on(D(2026, 3, 18), 11)
    with pytest.raises(FundInsufficient):
        pay(world, 20 * RS + 1)
    assert pay(world, 20 * RS).balance_after == 0
    # More than is unpaid is refused, and changes nothing.
    before = counts(world)
    with pytest.raises(InvalidInput) as over:
        act(
            world.db,
            record_offence_fine_paid,
            actor_id=world.magistrate,
            offence_id=offence_id,
            amount=30 * RS + 1,
            payer=ACCUSED,
            occurred_at=world.now,
            now=world.now,
        )
    assert over.value.section == "XIII"
    assert counts(world) == before


def test_a_pig_fine_paid_pays_the_compensation_first_and_the_rest_enters_the_fund(
    world: World,
) -> None:
    """Sec XVIII: a fine for damage by pigs, never recovered by sale, is recovered when the
    person convicted pays it; the compensation ordered out of it is paid to the complainant
    first (set off in a civil suit, XIX), the rest enters the fund (XII)."""
    case_id = filed(world, kind="pigs")
    act(
        world.db,
        decide_case,
        actor_id=world.magistrate,
        case_id=case_id,
        convicted=True,
        reasons="the pigs of the accused rooted up the sugar-cane",
        fine=10 * RS,
        compensation=6 * RS,
        occurred_at=ist(world, D(2026, 3, 10), 11),
        now=world.now,
    )
    assert fund(world) == (4 * RS, 0, 0)
    first = act(
        world.db,
        record_case_fine_paid,
        actor_id=world.magistrate,
        case_id=case_id,
        amount=4 * RS,
        occurred_at=world.on(D(2026, 3, 12), 11),
        now=world.now,
    )
    assert (first.section, first.payer, first.to_complainant, first.to_fund) == (
        "XVIII",
        "Bhura Ahir",
        4 * RS,
        0,
    )
    assert fund(world) == (4 * RS, 0, 0)
    rest = act(
        world.db,
        record_case_fine_paid,
        actor_id=world.magistrate,
        case_id=case_id,
        amount=6 * RS,
        occurred_at=world.on(D(2026, 3, 13), 11),
        now=world.now,
    )
    assert (rest.to_complainant, rest.to_fund, rest.unpaid) == (2 * RS, 4 * RS, 0)
    assert fund(world) == (0, 4 * RS, 4 * RS)
    assert balance(world, f"payable:compensation:case:{case_id}") == 0
    assert balance(world, f"receivable:fine:case:{case_id}") == 0
    view = case_view(world.db, case_id=case_id)
    assert view["fine"] | {"recovered": 10 * RS, "unpaid": 0} == view["fine"]
    assert view["compensation"] | {"paid": 6 * RS} == view["compensation"]
    assert set_off_certificate(world.db, case_id=case_id).to_set_off == 6 * RS
    with pytest.raises(InvalidInput) as none_left:
        act(
            world.db,
            record_case_fine_paid,
            actor_id=world.magistrate,
            case_id=case_id,
            amount=1,
            occurred_at=world.now,
            now=world.now,
        )
    assert none_left.value.section == "XVIII"


def test_the_seizer_pays_what_sec_xiv_charges_him_held_charges_first_then_the_owner(
    world: World,
) -> None:
    """Sec XIV, G12: the seizer of cattle held illegal pays the fines (into the fund, XII) and
    feeding of the cattle still held, and the owner's damages, expenses and the fines and
    expenses he paid."""
    ref = world.seize()
    arrive(world, ref)
    refuse_and_sell_one_cow(world, ref)
    complaint = complain(world, ref, D(2026, 3, 4))
    admit(world, complaint, D(2026, 3, 5))
    decided = act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=complaint,
        outcome="illegal",
        reasons="the cattle were seized on the public road",
        damages=1920,
        expenses=96,
        occurred_at=world.on(D(2026, 3, 7), 15),
        now=world.now,
    )
    held_fines = 192 - 75
    assert decided.seizer_owes == 2406
    owed, received, _ = fund(world)
    assert (owed, received) == (held_fines, 75)  # only the fines paid out of the sale are in it
    first = act(
        world.db,
        record_seizer_paid,
        actor_id=world.magistrate,
        complaint_id=complaint,
        amount=200,
        occurred_at=world.on(D(2026, 3, 8), 11),
        now=world.now,
    )
    assert (first.section, first.to_fund, first.to_keeper, first.to_owner) == (
        "XIV",
        held_fines,
        200 - held_fines,
        0,
    )
    assert fund(world)[:2] == (0, 75 + held_fines)
    rest = act(
        world.db,
        record_seizer_paid,
        actor_id=world.magistrate,
        complaint_id=complaint,
        amount=2206,
        occurred_at=world.on(D(2026, 3, 9), 11),
        now=world.now,
    )
    assert (rest.to_fund, rest.to_keeper, rest.to_owner, rest.unpaid) == (0, 91, 2115, 0)
    assert balance(world, ledger.seizer_receivable(ref)) == 0
    assert balance(world, ledger.owed_by_seizer(ref, world.owner)) == 0


def test_only_a_magistrate_of_the_district_records_a_fine_paid(world: World) -> None:
    """Sec XI: fines are paid to the Magistrate; the keeper, the police, the complainant and a
    Magistrate of another district may not record one, and a refusal changes nothing."""
    offence_id = offence(world)
    decide(world, offence_id, fine=5 * RS)
    before = counts(world)
    for who in (world.keeper, world.police, world.darogah, world.cultivator):
        with pytest.raises(NotAuthorised):
            act(
                world.db,
                record_offence_fine_paid,
                actor_id=who,
                offence_id=offence_id,
                amount=RS,
                payer=PersonIn("Bhura Ahir", "Kemri"),
                occurred_at=world.on(D(2026, 3, 16), 11),
                now=world.now,
            )
    assert counts(world) == before
