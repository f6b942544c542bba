"""Cases of mischief and pigs (Sec XVII, XVIII): who may decide, the exclusion of tracts (XX), the
recovery of a fine by sale of the cattle (XVII, X, XVIII), the certificate for set-off (XIX); and
the Magistrate's decision on forcible opposition or rescue (XIII)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import pytest
from sqlmodel import col, func, select

from law.errors import (
    Conflict,
    EventOutOfOrder,
    ExcludedTract,
    FineOverCap,
    ImprisonmentOverCap,
    InvalidInput,
    NoRecoveryBySale,
    NotAuthorised,
    NotFound,
    PurchaserIsOfficial,
    RecoveryCovered,
    SeizureOfAnotherDistrict,
)
from law.money import PIES
from models import (
    AuditEvent,
    Case,
    LedgerPosting,
    LedgerTxn,
    OffenceDecision,
    Outbox,
    Person,
    RecoveryLot,
    RecoveryOrder,
    RecoverySale,
)
from office.acts.complainant.case import file_case
from office.acts.complainant.complaint import file_complaint
from office.acts.darogah.recovery_sale import RecoveryLotIn, RecoverySold, record_recovery_sale
from office.acts.magistrate.case import decide_case
from office.acts.magistrate.complaint import admit_complaint, decide_complaint
from office.acts.magistrate.offence import OffenceDecided, decide_offence
from office.acts.magistrate.recovery_order import order_recovery
from office.acts.seizer.report import report_seizure
from office.acts.whoever.opposition import record_offence
from office.inputs import AnimalsIn, PersonIn
from office.records import ledger
from office.recovery import recoveries_due
from office.views.case import (
    case_view,
    set_off_certificate,
)
from office.views.fund_statement import fund_view
from office.views.offences import pending_offences
from tests.ist import ist
from tests.other_district import load_other
from tests.units import act
from tests.world import World

D = date
RS = 192  # pies in a rupee
ACCUSED = PersonIn("Bhura Ahir", "Kemri", "+919777777771")
OWNER_OF_CATTLE = PersonIn("Sitaram", "Kemri", "+919777777772")
BUYERS = [
    PersonIn("Ganga Ram", "Kemri", "+919555555551"),
    PersonIn("Bhola", "Patwai", "+919555555552"),
    PersonIn("Jumman", "Rampur", "+919555555553"),
    PersonIn("Kallu Teli", "Rampur", "+919555555554"),
]
SALE_DAY = D(2026, 3, 20)
CATTLE = [AnimalsIn("cow", 2, "red, white blaze"), AnimalsIn("buffalo", 1, "black")]


def filed(world: World, *, kind: str = "mischief", village: str = "Rampur") -> int:
    return act(
        world.db,
        file_case,
        actor_id=world.cultivator,
        kind=kind,
        accused=ACCUSED,
        village=village,
        description="drove his cattle into my standing wheat at night",
        occurred_at=ist(world, D(2026, 3, 2), 10),
        now=world.now,
    )


def convicted(world: World, *, fine: int = 20 * RS, compensation: int = 12 * RS) -> int:
    case_id = filed(world)
    act(
        world.db,
        decide_case,
        actor_id=world.magistrate,
        case_id=case_id,
        convicted=True,
        reasons="trespass and damage proved",
        fine=fine,
        compensation=compensation,
        occurred_at=ist(world, D(2026, 3, 10), 11),
        now=world.now,
    )
    return case_id


def ordered(
    world: World,
    case_id: int,
    *,
    cattle: list[AnimalsIn] | None = None,
    village: str | None = None,
    owner: PersonIn | None = None,
    actor: int | None = None,
) -> int:
    return act(
        world.db,
        order_recovery,
        actor_id=world.magistrate if actor is None else actor,
        case_id=case_id,
        cattle=cattle or CATTLE,
        village=village,
        place="the cattle shed behind his house",
        owner=owner,
        occurred_at=ist(world, D(2026, 3, 12), 11),
        now=world.now,
    ).order_id


def lots(*prices: int) -> list[RecoveryLotIn]:
    return [RecoveryLotIn(n + 1, BUYERS[n], p) for n, p in enumerate(prices)]


def sell(
    world: World,
    case_id: int,
    sold: list[RecoveryLotIn],
    *,
    expenses: int = 288,
    actor: int | None = None,
    day: date = SALE_DAY,
) -> RecoverySold:
    return act(
        world.db,
        record_recovery_sale,
        actor_id=world.darogah if actor is None else actor,
        case_id=case_id,
        lots=sold,
        expenses=expenses,
        place="Rampur Monday market",
        occurred_at=ist(world, day, 11),
        now=world.now,
    )


def counts(world: World) -> tuple[int, int, int, int, int, int]:
    """Rows an act writes: orders, sales, lots, ledger transactions, audit events, outbox."""
    with world.db.reading() as s:
        return tuple(  # type: ignore[return-value]
            int(s.exec(select(func.count()).select_from(table)).one())
            for table in (RecoveryOrder, RecoverySale, RecoveryLot, LedgerTxn, AuditEvent, Outbox)
        )


def balance(world: World, account: str) -> int:
    with world.db.reading() as s:
        return ledger.balances(s, 1).get(account, 0)


@dataclass(frozen=True)
class Sent:
    person_id: int | None
    address: str
    private: bool
    params: dict[str, object]


def sent(world: World, template: str) -> list[Sent]:
    with world.db.reading() as s:
        rows = s.exec(
            select(Outbox).where(Outbox.template == template).order_by(col(Outbox.id))
        ).all()
        return [Sent(r.person_id, r.address, r.private, dict(r.params)) for r in rows]


# --- Sec XX: excluded tracts, and the district a case belongs to ------------------------------


@pytest.mark.parametrize("kind", ["mischief", "pigs"])
def test_a_case_in_an_excluded_village_is_refused_under_section_xx(world: World, kind: str) -> None:
    """Sec XX: the Act does not run in a tract the local Government excluded (Jhadi)."""
    with pytest.raises(ExcludedTract) as err:
        filed(world, kind=kind, village="Jhadi")
    assert err.value.section == "XX"
    assert "forest tract excluded by the local Government" in err.value.message
    with world.db.reading() as s:
        assert s.exec(select(Case)).all() == []


def test_a_case_cannot_rest_on_a_seizure_of_another_district(world: World) -> None:
    """A case is heard in its own district (Sec XX, XXI): a seizure made in Otherpur cannot be
    linked to a case in Rampur, Testpur; one of its own district can."""
    load_other(world)
    theirs = act(
        world.db,
        report_seizure,
        actor_id=world.cultivator,
        ground="trespass",
        village="Sonpur",
        place="the gram field",
        damage="grazed the gram",
        seizer=None,
        owner=None,
        animals=[AnimalsIn("cow")],
        occurred_at=ist(world, D(2026, 3, 2), 8),
        now=world.now,
    ).ref
    ours = world.seize(when=ist(world, D(2026, 3, 2), 9))
    kwargs = {
        "actor_id": world.cultivator,
        "kind": "mischief",
        "accused": ACCUSED,
        "village": "Rampur",
        "description": "drove the cattle in",
        "occurred_at": ist(world, D(2026, 3, 2), 10),
        "now": world.now,
    }
    with pytest.raises(SeizureOfAnotherDistrict) as err:
        act(world.db, file_case, seizure_ref=theirs, **kwargs)  # type: ignore[arg-type]
    assert (err.value.code, err.value.section) == ("seizure_of_another_district", "XX")
    assert err.value.details == {"ref": theirs}
    with world.db.reading() as s:
        assert s.exec(select(Case)).all() == []
    case_id = act(world.db, file_case, seizure_ref=ours, **kwargs)  # type: ignore[arg-type]
    assert case_view(world.db, case_id=case_id)["seizure_ref"] == ours


# --- Who decides a case -------------------------------------------------------------------------


def test_only_a_magistrate_of_the_district_decides_a_case(world: World) -> None:
    """Sec XVII, XVIII, XXI: the Magistrate (of the district) adjudges the penalty."""
    other = load_other(world)
    case_id = filed(world)
    for who in (
        other.magistrate,
        world.keeper,
        world.darogah,
        world.police,
        world.cultivator,
        world.owner,
    ):
        with pytest.raises(NotAuthorised):
            act(
                world.db,
                decide_case,
                actor_id=who,
                case_id=case_id,
                convicted=True,
                reasons="proved",
                fine=RS,
                occurred_at=ist(world, D(2026, 3, 10), 11),
                now=world.now,
            )
    assert case_view(world.db, case_id=case_id)["status"] == "pending"
    act(
        world.db,
        decide_case,
        actor_id=world.magistrate,
        case_id=case_id,
        convicted=True,
        reasons="proved",
        fine=RS,
        occurred_at=ist(world, D(2026, 3, 10), 11),
        now=world.now,
    )
    view = case_view(world.db, case_id=case_id)
    assert view["status"] == "convicted"
    assert view["decision"]["magistrate"] == "Magistrate Mehta of Sadar"
    assert view["decision"]["decided_on"] == "2026-03-10"


# --- Sec XVII: the order to recover the fine by sale ------------------------------------------


def test_the_magistrate_orders_an_unpaid_fine_recovered_by_sale_of_named_cattle(
    world: World,
) -> None:
    """Sec XVII: the fine may be recovered by sale of the cattle by which the trespass was
    committed, whether they are the offender's or only in his charge."""
    case_id = convicted(world)
    order_id = ordered(world, case_id, owner=OWNER_OF_CATTLE)
    with world.db.reading() as s:
        order = s.get(RecoveryOrder, order_id)
        assert order is not None
        assert (order.status, order.fine_due, order.thana) == ("ordered", 3840, "TESTPUR")
        assert order.cattle == [
            {"number": 1, "kind": "cow", "stated_kind": "cow", "description": "red, white blaze"},
            {"number": 2, "kind": "cow", "stated_kind": "cow", "description": "red, white blaze"},
            {"number": 3, "kind": "buffalo", "stated_kind": "buffalo", "description": "black"},
        ]
        event = s.exec(select(AuditEvent).where(AuditEvent.action == "recovery_ordered")).one()
        assert (event.subject, event.section) == (f"case:{case_id}", "XVII")
    # The convicted person, the complainant, the owner of the cattle and the Darogah hear of it.
    convict = sent(world, "recovery_ordered_convict")
    assert [m.address for m in convict] == ["+919777777771"]
    assert PIES.format(convict[0].params["due_amount"]) == "Rs 20-0-0"
    assert convict[0].params["ordered_date"] == "2026-03-12"
    assert [m.person_id for m in sent(world, "recovery_ordered_complainant")] == [world.cultivator]
    assert [m.address for m in sent(world, "recovery_ordered_owner")] == ["+919777777772"]
    darogah = sent(world, "recovery_ordered_darogah")
    assert [(m.person_id, m.private) for m in darogah] == [(world.darogah, False)]
    items = recoveries_due(world.db, thana="TESTPUR", actor_id=world.darogah)
    assert [(i.case_id, i.fine_due, i.compensation_due, i.owner) for i in items] == [
        (case_id, 3840, 2304, "Sitaram of Kemri")
    ]


def test_only_a_magistrate_of_the_district_orders_a_recovery(world: World) -> None:
    other = load_other(world)
    case_id = convicted(world)
    before = counts(world)
    for who in (other.magistrate, world.keeper, world.darogah, world.police, world.cultivator):
        with pytest.raises(NotAuthorised):
            ordered(world, case_id, actor=who)
    assert counts(world) == before


def test_a_recovery_is_refused_without_an_unpaid_sec_xvii_fine(world: World) -> None:
    """No order before a conviction with a fine; none for a pig fine (Sec XVIII: the sale is
    Sec XVII's own remedy); no second order while one waits for its sale."""
    pending = filed(world)
    with pytest.raises(Conflict):
        ordered(world, pending)
    pigs = filed(world, kind="pigs")
    act(
        world.db,
        decide_case,
        actor_id=world.magistrate,
        case_id=pigs,
        convicted=True,
        reasons="proved",
        fine=5 * RS,
        compensation=2 * RS,
        occurred_at=ist(world, D(2026, 3, 10), 11),
        now=world.now,
    )
    with pytest.raises(NoRecoveryBySale) as err:
        ordered(world, pigs)
    assert (err.value.code, err.value.section) == ("no_recovery_by_sale", "XVII")
    case_id = convicted(world)
    ordered(world, case_id)
    before = counts(world)
    with pytest.raises(Conflict):
        ordered(world, case_id)
    assert counts(world) == before


def test_the_cattle_must_be_in_a_village_of_the_district_under_the_act(world: World) -> None:
    """Sec XX: no sale under the Act in an excluded tract; the sale is held by the thana of the
    pound serving the village where the cattle are, in the case's own district."""
    load_other(world)
    case_id = convicted(world)
    with pytest.raises(ExcludedTract):
        ordered(world, case_id, village="Jhadi")
    with pytest.raises(NotFound):
        ordered(world, case_id, village="Sonpur")  # of Otherpur
    with pytest.raises(InvalidInput):
        ordered(world, case_id, cattle=[AnimalsIn("cow", 0)])
    with world.db.reading() as s:
        assert s.exec(select(RecoveryOrder)).all() == []
    ordered(world, case_id, village="Dhakia")
    with world.db.reading() as s:
        assert s.exec(select(RecoveryOrder.thana)).one() == "DHAKIA"


# --- Sec XVII, X, XVIII: the sale --------------------------------------------------------------


def test_the_sale_pays_expenses_then_the_fine_compensation_first_and_the_balance_to_the_owner(
    world: World,
) -> None:
    """Sec XVII sale; Sec XI expenses first; Sec XVIII compensation out of the fine recovered,
    the rest to the fund (XII); what is left goes back to the owner of the cattle."""
    case_id = convicted(world)  # fine Rs 20, compensation Rs 12
    fund = fund_view(world.db)["districts"][0]
    # Sec XII: the fund's share is owed to it, and not in it, until the fine is recovered.
    assert (fund["owed"], fund["fines"], fund["balance"]) == (8 * RS, 0, 0)
    ordered(world, case_id, owner=OWNER_OF_CATTLE)
    done = sell(world, case_id, lots(9 * RS, 8 * RS, 15 * RS), expenses=288)
    assert (done.proceeds, done.expenses_paid, done.fine_paid) == (6144, 288, 3840)
    assert (done.to_complainant, done.to_fund, done.balance_to_owner) == (2304, 1536, 2016)
    assert (done.fine_unpaid, done.expenses_unpaid) == (0, 0)
    sale_id = done.sale_id
    assert "2. cow (red, white blaze) to Bhola for Rs 8-0-0" in done.account_text
    # The ledger: the fine receivable cleared, the complainant paid, the owner owed his balance.
    assert balance(world, f"receivable:fine:case:{case_id}") == 0
    assert balance(world, f"payable:compensation:case:{case_id}") == 0
    assert balance(world, f"payable:owner:recovery:{sale_id}") == -2016
    assert balance(world, f"expenses:recovery:{sale_id}") == -288
    assert balance(world, f"cash:recovery:{sale_id}") == 6144 - 2304
    assert balance(world, ledger.FUND_FINES) == -1536  # received at the sale (Sec XII)
    assert balance(world, ledger.owed_to_fund(f"case:{case_id}")) == 0
    with world.db.reading() as s:
        assert s.exec(select(func.sum(LedgerPosting.amount))).one() == 0
        order = s.exec(select(RecoveryOrder)).one()
        assert order.status == "executed"
        assert [
            (lot.number, lot.buyer_name, lot.price)
            for lot in s.exec(select(RecoveryLot).order_by(col(RecoveryLot.number))).all()
        ] == [(1, "Ganga Ram", 1728), (2, "Bhola", 1536), (3, "Jumman", 2880)]
    view = case_view(world.db, case_id=case_id)
    assert view["fine"] == view["fine"] | {"adjudged": 3840, "recovered": 3840, "unpaid": 0}
    assert view["compensation"] == view["compensation"] | {"ordered": 2304, "paid": 2304}
    assert view["recovery"][0]["sale"]["balance_to_owner_text"] == "Rs 10-8-0"
    assert [h["action"] for h in view["history"]] == [
        "case_filed_mischief",
        "case_decided",
        "recovery_ordered",
        "recovery_sale_recorded",
    ]
    # Messages: the account to the convicted person, the compensation to the complainant, the
    # balance to the owner, whose cattle they were.
    convict = sent(world, "recovery_sold_convict")[0]
    assert (convict.address, PIES.format(convict.params["proceeds_amount"])) == (
        "+919777777771",
        "Rs 32-0-0",
    )
    complainant = sent(world, "recovery_sold_complainant")[0]
    assert (complainant.person_id, PIES.format(complainant.params["to_complainant_amount"])) == (
        world.cultivator,
        "Rs 12-0-0",
    )
    owner = sent(world, "recovery_sold_owner")[0]
    assert (owner.address, PIES.format(owner.params["balance_amount"])) == (
        "+919777777772",
        "Rs 10-8-0",
    )
    # Sec XIX: what he was paid is set off against damages in a civil suit.
    assert set_off_certificate(world.db, case_id=case_id).to_set_off == 2304


def test_a_lot_is_refused_once_the_lots_before_it_covered_the_fine_and_expenses(
    world: World,
) -> None:
    """Sec XVII "or any portion of them": never more is sold than the fine and expenses need."""
    case_id = convicted(world)
    ordered(world, case_id, cattle=[AnimalsIn("cow", 4)])
    before = counts(world)
    with pytest.raises(RecoveryCovered) as err:
        sell(world, case_id, lots(15 * RS, 8 * RS, 5 * RS), expenses=RS)
    assert err.value.details == {"lot": 3, "fetched": 23 * RS, "dues": 21 * RS}
    assert counts(world) == before
    done = sell(world, case_id, lots(15 * RS, 8 * RS), expenses=RS)
    assert (done.fine_paid, done.balance_to_owner) == (20 * RS, 2 * RS)


def test_a_shortfall_stays_against_the_case_and_a_further_order_may_recover_it(
    world: World,
) -> None:
    """Sec XVII: a shortfall stays unpaid (nothing is invented to fill it); the complainant
    is paid first from what is recovered (Sec XVIII); the Magistrate may order a further sale."""
    case_id = convicted(world)
    ordered(world, case_id, cattle=[AnimalsIn("goat", 1)])
    short = sell(world, case_id, lots(10 * RS), expenses=96)
    assert (short.fine_paid, short.to_complainant, short.to_fund) == (1824, 1824, 0)
    assert (short.fine_unpaid, short.balance_to_owner) == (2016, 0)
    assert balance(world, f"receivable:fine:case:{case_id}") == 2016
    assert balance(world, f"payable:compensation:case:{case_id}") == -480
    view = case_view(world.db, case_id=case_id)
    assert (view["fine"]["unpaid_text"], view["compensation"]["unpaid"]) == ("Rs 10-8-0", 480)
    # No sale without an order waiting.
    with pytest.raises(Conflict):
        sell(world, case_id, lots(RS), day=D(2026, 3, 21))
    ordered(world, case_id, cattle=[AnimalsIn("buffalo", 1)])
    with world.db.reading() as s:
        assert s.exec(select(RecoveryOrder.fine_due).order_by(col(RecoveryOrder.id))).all() == [
            3840,
            2016,
        ]
    rest = sell(world, case_id, lots(12 * RS), expenses=96, day=D(2026, 3, 25))
    assert (rest.fine_paid, rest.to_complainant, rest.to_fund) == (2016, 480, 1536)
    assert rest.balance_to_owner == 12 * RS - 96 - 2016
    assert balance(world, f"receivable:fine:case:{case_id}") == 0
    assert set_off_certificate(world.db, case_id=case_id).to_set_off == 12 * RS


def test_only_the_darogah_or_police_of_the_thana_record_the_sale(world: World) -> None:
    """Sec VIII, XVII: the Darogah, or an officer of his establishment he deputes, holds it."""
    other = load_other(world)
    case_id = convicted(world)
    ordered(world, case_id, village="Dhakia")  # thana DHAKIA: not the Testpur Darogah's
    before = counts(world)
    for who in (
        world.darogah,
        world.police,
        other.darogah,
        world.keeper,
        world.magistrate,
        world.cultivator,
    ):
        with pytest.raises(NotAuthorised):
            sell(world, case_id, lots(30 * RS), actor=who)
    assert counts(world) == before
    case_two = convicted(world)
    ordered(world, case_two)
    police_sale = sell(world, case_two, lots(30 * RS), actor=world.police)
    assert police_sale.fine_paid == 20 * RS


@pytest.mark.parametrize(
    "buyer",
    [
        PersonIn("Keeper Kallu", "Testpur", "+919000000001"),
        PersonIn("Constable Chandan", "Testpur", "+919000000003"),
        PersonIn("Darogah Dinanath", "Testpur", "+919000000004"),
        PersonIn("Keeper Kesar", "Sonpur", "+919300000001"),
        # Without a phone an official is known by his name and residence, as at a Sec IX sale.
        PersonIn("Keeper Kallu", "Testpur"),
        PersonIn("Constable Chandan", "Testpur"),
        PersonIn("  keeper   DHANI ", "dhakia "),
        PersonIn("Keeper Kesar", "Sonpur"),
        PersonIn("Darogah Dinanath", "TESTPUR"),
    ],
    ids=[
        "keeper",
        "police",
        "the-officer-himself",
        "keeper-of-another-district",
        "keeper-no-phone",
        "police-no-phone",
        "keeper-of-another-pound-no-phone",
        "keeper-of-another-district-no-phone",
        "the-officer-himself-no-phone",
    ],
)
def test_no_police_officer_or_pound_keeper_may_buy_at_the_sale(
    world: World, buyer: PersonIn
) -> None:
    """Sec X: "Police Officers and pound-keepers are prohibited from becoming, directly or
    indirectly, purchasers of any Cattle [at a] sale under this Act"."""
    load_other(world)
    case_id = convicted(world)
    ordered(world, case_id)
    before = counts(world)
    with world.db.reading() as s:
        people = s.exec(select(func.count()).select_from(Person)).one()
    with pytest.raises(PurchaserIsOfficial) as err:
        sell(world, case_id, [RecoveryLotIn(1, BUYERS[0], 5 * RS), RecoveryLotIn(2, buyer, RS)])
    assert (err.value.section, err.value.details) == ("X", {"animal": 2})
    assert counts(world) == before
    with world.db.reading() as s:
        assert s.exec(select(func.count()).select_from(Person)).one() == people


def test_a_private_namesake_of_an_official_may_buy_at_a_recovery_sale(world: World) -> None:
    """Sec X bars the official, not his name: a Keeper Dhani of Kemri (not of Dhakia) buys at
    a Sec XVII recovery sale as he would at a Sec IX sale."""
    case_id = convicted(world)
    ordered(world, case_id)
    done = sell(world, case_id, [RecoveryLotIn(1, PersonIn("Keeper Dhani", "Kemri"), 30 * RS)])
    assert done.fine_paid == 20 * RS


def test_a_sale_names_only_cattle_of_the_order_and_follows_it_in_time(world: World) -> None:
    case_id = convicted(world)
    ordered(world, case_id)
    with pytest.raises(InvalidInput):
        sell(world, case_id, [RecoveryLotIn(4, BUYERS[0], RS)])
    with pytest.raises(EventOutOfOrder):
        sell(world, case_id, lots(30 * RS), day=D(2026, 3, 11))
    with pytest.raises(InvalidInput):
        sell(world, case_id, [RecoveryLotIn(1, BUYERS[0], RS), RecoveryLotIn(1, BUYERS[1], RS)])


# --- Sec XIX: the certificate for set-off ------------------------------------------------------


def test_the_set_off_certificate_states_the_compensation_paid_by_order_of_the_magistrate(
    world: World,
) -> None:
    """Sec XIX: compensation paid by order of the Magistrate is set off against damages in a
    civil suit; damages under Sec XIV (to the owner of seized cattle) are not."""
    case_id = convicted(world)
    before = set_off_certificate(world.db, case_id=case_id)
    assert (before.compensation_ordered, before.compensation_paid, before.to_set_off) == (
        2304,
        0,
        0,
    )
    assert "Still unpaid: Rs 12-0-0." in before.lines
    ordered(world, case_id)
    sell(world, case_id, lots(9 * RS, 8 * RS, 15 * RS))
    cert = set_off_certificate(world.db, case_id=case_id)
    assert cert.as_dict() == {
        "case_id": case_id,
        "person_id": world.cultivator,
        "lines": cert.lines,
        "compensation_ordered": 2304,
        "compensation_paid": 2304,
        "compensation_unpaid": 0,
        "to_set_off": 2304,
        "unit": "pie",
    }
    assert cert.lines[0].startswith("CERTIFICATE OF COMPENSATION FOR SET-OFF")
    assert (
        f"Case No. {case_id}, Section XVII (mischief by causing cattle to trespass), at Rampur, "
        "district Testpur: complaint of Hari Singh of Rampur against Bhura Ahir of Kemri, filed "
        "on 2 March 2026." in cert.lines
    )
    assert "Decided on 10 March 2026 by Magistrate Mehta of Sadar: convicted; fine Rs 20-0-0." in (
        cert.lines
    )
    assert (
        "To be set off and deducted from any sum claimed by or awarded to Hari Singh of Rampur as "
        "damages in a civil suit for this trespass (Section XIX): Rs 12-0-0." in cert.lines
    )


def test_sec_xiv_damages_to_an_owner_are_not_compensation_to_set_off(world: World) -> None:
    ref = world.seize(when=ist(world, D(2026, 3, 1), 8))
    complaint = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="my cattle were on the road",
        occurred_at=ist(world, D(2026, 3, 2), 9),
        now=world.now,
    ).complaint_id
    act(
        world.db,
        admit_complaint,
        actor_id=world.magistrate,
        complaint_id=complaint,
        hearing="3 March, 10:00, Sadar court",
        occurred_at=ist(world, D(2026, 3, 2), 12),
        now=world.now,
    )
    act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=complaint,
        outcome="illegal",
        reasons="on the road",
        damages=25 * RS,
        expenses=0,
        occurred_at=ist(world, D(2026, 3, 3), 11),
        now=world.now,
    )
    # Sec XIX sets off only the compensation of a case (XVII, XVIII): the decision makes none.
    with world.db.reading() as s:
        assert s.exec(select(Case)).first() is None


# --- Sec XIII: the Magistrate's decision on an offence -----------------------------------------


def offence(world: World) -> int:
    ref = world.seize(when=ist(world, D(2026, 3, 1), 8))
    return act(
        world.db,
        record_offence,
        actor_id=world.cultivator,
        ref=ref,
        kind="rescue",
        offenders="Bhura Ahir and his brother, of Kemri",
        description="took the buffalo from me with lathis on the road to the pound",
        animals=[3],
        occurred_at=ist(world, D(2026, 3, 1), 9),
        now=world.now,
    )


def decide(
    world: World, offence_id: int, *, actor: int | None = None, **kw: object
) -> OffenceDecided:
    args: dict[str, object] = {
        "convicted": True,
        "reasons": "rescue proved by two witnesses",
        "occurred_at": ist(world, D(2026, 3, 15), 11),
        "now": world.now,
    }
    return act(
        world.db,
        decide_offence,
        actor_id=world.magistrate if actor is None else actor,
        offence_id=offence_id,
        **args | kw,
    )


def test_a_rescue_is_punished_with_prison_and_a_fine_within_the_caps_of_sec_xiii(
    world: World,
) -> None:
    """Sec XIII: imprisonment up to six months, with or without labour, and/or a fine up to
    Rs 500; the fine is owed to the fund (Sec XII) until paid."""
    offence_id = offence(world)
    before = counts(world)
    with pytest.raises(FineOverCap) as fine:
        decide(world, offence_id, fine=500 * RS + 1)
    assert (fine.value.section, fine.value.details["cap"]) == ("XIII", 96000)
    with pytest.raises(ImprisonmentOverCap) as prison:
        decide(world, offence_id, prison_months=6, prison_days=1, labour=True)
    assert prison.value.section == "XIII"
    with pytest.raises(InvalidInput):
        decide(world, offence_id, convicted=False, fine=RS)
    with pytest.raises(InvalidInput):
        decide(world, offence_id)  # convicted, but no sentence
    assert counts(world) == before
    done = decide(world, offence_id, prison_months=6, labour=True, fine=500 * RS)
    assert (done.prison_months, done.labour, done.fine) == (6, True, 96000)
    with world.db.reading() as s:
        row = s.exec(select(OffenceDecision)).one()
        assert (row.convict, row.prison_days, row.magistrate_id) == (
            "Bhura Ahir and his brother, of Kemri",
            0,
            world.magistrate,
        )
        event = s.exec(select(AuditEvent).where(AuditEvent.action == "offence_decided")).one()
        assert event.section == "XIII" and event.payload["fine"] == 96000
    assert balance(world, f"receivable:fine:offence:{offence_id}") == 96000
    # Sec XII: the fine is owed to the fund, not in it, until it is paid.
    assert balance(world, ledger.owed_to_fund(f"offence:{offence_id}")) == -96000
    assert balance(world, ledger.FUND_FINES) == 0
    fund = fund_view(world.db)["districts"][0]
    assert (fund["owed"], fund["received"], fund["balance"]) == (96000, 0, 0)
    with pytest.raises(Conflict):
        decide(world, offence_id, fine=RS)
    assert pending_offences(world.db, district_id=1, actor_id=world.magistrate) == []


def test_only_a_magistrate_of_the_district_decides_an_offence(world: World) -> None:
    other = load_other(world)
    offence_id = offence(world)
    for who in (
        other.magistrate,
        world.keeper,
        world.darogah,
        world.police,
        world.cultivator,
        world.owner,
    ):
        with pytest.raises(NotAuthorised):
            decide(world, offence_id, actor=who, fine=RS)
    items = pending_offences(world.db, district_id=1, actor_id=world.magistrate)
    assert [(i.offence_id, i.kind, i.occurred_on) for i in items] == [
        (offence_id, "rescue", "2026-03-01")
    ]
    done = decide(world, offence_id, convicted=False, reasons="not proved")
    assert (done.convicted, done.fine) == (False, 0)
    assert balance(world, f"receivable:fine:offence:{offence_id}") == 0
