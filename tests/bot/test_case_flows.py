"""The chats of cases: the Magistrate orders a fine recovered by sale (Sec XVII) and decides an
offence of opposition or rescue (XIII); the Darogah records the sale for the fine (XVII, X)."""

from __future__ import annotations

from datetime import date

from sqlmodel import select

from models import OffenceDecision, RecoveryOrder, RecoverySale
from office.acts.complainant.case import file_case
from office.acts.magistrate.case import decide_case
from office.acts.whoever.opposition import record_offence
from office.inputs import PersonIn
from office.views.case import case_view
from tests.bot.test_officer_flows import DAROGAH, KEEPER, MAGISTRATE, POLICE, REFUSED, Desk
from tests.ist import ist
from tests.units import act
from tests.world import World

D = date
RS = 192


def convicted(world: World) -> int:
    case_id = act(
        world.db,
        file_case,
        actor_id=world.cultivator,
        kind="mischief",
        accused=PersonIn("Bhura Ahir", "Kemri", "+919777777771"),
        village="Rampur",
        description="drove his cattle into my standing wheat at night",
        occurred_at=ist(world, D(2026, 3, 2), 10),
        now=world.now,
    )
    act(
        world.db,
        decide_case,
        actor_id=world.magistrate,
        case_id=case_id,
        convicted=True,
        reasons="proved",
        fine=20 * RS,
        compensation=12 * RS,
        occurred_at=ist(world, D(2026, 3, 10), 11),
        now=world.now,
    )
    return case_id


def order_by_chat(desk: Desk, case_id: int) -> str:
    desk.world.on(D(2026, 3, 12), 11)
    out = desk(MAGISTRATE, "recovery")
    assert (
        f"Case No. {case_id}, Rampur: Bhura Ahir of Kemri convicted on complaint of Hari Singh "
        "of Rampur; fine Rs 20-0-0, unpaid Rs 20-0-0" in out
    )
    assert desk.options() == [str(case_id)]
    assert "Which cattle?" in desk(MAGISTRATE, "1")
    assert "cannot be accepted" in desk(MAGISTRATE, "a few cows")
    desk(MAGISTRATE, "3 cows, 1 buffalo")
    assert desk.options() == [] and "colour, marks" in desk.last[0].text
    assert "In which village" in desk(MAGISTRATE, "red and black, branded B")
    assert desk.options() == ["Rampur"]
    out = desk(MAGISTRATE, "Jhadi")
    assert "The Act does not run in that village" in out and "(Sec XX)" in out
    desk(MAGISTRATE, "1")
    desk(MAGISTRATE, "the cattle shed behind his house")
    assert desk.options() == ["convict"]
    out = desk(MAGISTRATE, "Sitaram, Kemri, +919777777772")
    assert (
        f"Case No. {case_id}: the unpaid fine to be recovered by sale of 3 cows (red and black, "
        "branded B), 1 buffalo (red and black, branded B), at the cattle shed behind his house, "
        "Rampur (Sec XVII)." in out
    )
    assert "Owner: Sitaram, Kemri." in out
    return desk(MAGISTRATE, "yes")


def test_the_magistrate_orders_a_fine_recovered_by_sale_step_by_step(world: World) -> None:
    desk = Desk(world)
    case_id = convicted(world)
    assert REFUSED in desk(KEEPER, "recovery")
    out = order_by_chat(desk, case_id)
    assert (
        "Order recorded (Sec XVII): Rs 20-0-0 to be recovered by sale of 4 head. The Darogah of "
        "thana TESTPUR holds the sale" in out
    )
    with world.db.reading() as s:
        order = s.exec(select(RecoveryOrder)).one()
        assert (order.status, order.place, len(order.cattle)) == (
            "ordered",
            "the cattle shed behind his house",
            4,
        )
    assert "No fine under Sec XVII is waiting" in desk(MAGISTRATE, "recovery")


def test_the_darogah_sells_only_what_the_fine_needs_and_no_official_may_buy(
    world: World,
) -> None:
    """Sec XVII: only as many as are needed; Sec X: no police officer or keeper buys."""
    desk = Desk(world)
    case_id = convicted(world)
    order_by_chat(desk, case_id)
    world.on(D(2026, 3, 20), 11)
    assert REFUSED in desk(KEEPER, f"recover {case_id}")
    out = desk(DAROGAH, "recover")
    assert f"Case No. {case_id}: fine of Bhura Ahir of Kemri unpaid Rs 20-0-0; sell 4 head" in out
    out = desk(DAROGAH, "1")
    assert "Owner of the cattle: Sitaram of Kemri." in out and "(Sec X)" in out
    assert "Head 1 (1. cow, red and black, branded B)" in desk(DAROGAH, "Rs 1-8-0")
    desk(DAROGAH, "Constable Chandan, Testpur, +919000000003")
    assert "Head 2" in desk(DAROGAH, "Rs 9")
    desk(DAROGAH, "Bhola, Patwai")
    desk(DAROGAH, "Rs 8")
    desk(DAROGAH, "Jumman, Rampur")
    out = desk(DAROGAH, "Rs 15")
    # 9 + 8 + 15 rupees cover the fine (20) and expenses (1-8-0): the buffalo is not sold.
    assert "no more may be sold (Sec XVII)" in out and "Where was the auction held?" in out
    out = desk(DAROGAH, "Rampur Monday market")
    assert "Head 1 to Constable Chandan, Testpur for Rs 9-0-0" in out
    assert "Head 4" not in out
    assert "may not buy" in desk(DAROGAH, "yes")
    with world.db.reading() as s:
        assert s.exec(select(RecoverySale)).all() == []
    # Again, with a private buyer: recorded, and the account said.
    desk(DAROGAH, f"recover {case_id}")
    desk(DAROGAH, "Rs 1-8-0")
    desk(DAROGAH, "Ganga Ram, Kemri")
    desk(DAROGAH, "Rs 9")
    desk(DAROGAH, "Bhola, Patwai")
    desk(DAROGAH, "Rs 8")
    desk(DAROGAH, "Jumman, Rampur")
    desk(DAROGAH, "Rs 15")
    desk(DAROGAH, "Rampur Monday market")
    out = desk(DAROGAH, "yes")
    assert (
        "Sale recorded (Sec XVII). Proceeds Rs 32-0-0: expenses Rs 1-8-0, fine Rs 20-0-0 "
        "(compensation to the complainant Rs 12-0-0, to the fund Rs 8-0-0); balance to the "
        "owner Rs 10-8-0; fine still unpaid Rs 0-0-0." in out
    )
    view = case_view(world.db, case_id=case_id)
    assert view["fine"]["unpaid"] == 0 and view["compensation"]["paid"] == 12 * RS
    out = desk(POLICE, f"recover {case_id}")
    assert f"no recovery order in case {case_id} is waiting for a sale" in out
    assert "No sale for a fine is waiting." in desk(DAROGAH, "recover")


def offence(world: World) -> int:
    ref = world.seize(when=ist(world, D(2026, 3, 1), 8))
    return act(
        world.db,
        record_offence,
        actor_id=world.cultivator,
        ref=ref,
        kind="rescue",
        offenders="Bhura Ahir of Kemri",
        description="took the buffalo from me with a lathi",
        animals=[3],
        occurred_at=ist(world, D(2026, 3, 1), 9),
        now=world.now,
    )


def test_the_magistrate_decides_a_rescue_within_the_caps_of_sec_xiii(world: World) -> None:
    desk = Desk(world)
    offence_id = offence(world)
    world.on(D(2026, 3, 15), 11)
    assert REFUSED in desk(DAROGAH, "offences")
    out = desk(MAGISTRATE, "offences")
    assert f"No. {offence_id}: rescue of cattle of seizure" in out and "Bhura Ahir of Kemri" in out
    out = desk(MAGISTRATE, "1")
    assert '"took the buffalo from me with a lathi"' in out
    assert desk.options() == ["convicted", "acquitted"]
    assert "at most six months" in desk(MAGISTRATE, "1")
    out = desk(MAGISTRATE, "7 months")
    assert "Imprisonment may not exceed six months. (Sec XIII)" in out
    assert "With labour?" in desk(MAGISTRATE, "2 months 10 days")
    desk(MAGISTRATE, "yes")
    assert "That fine is above what the Act allows" in desk(MAGISTRATE, "Rs 600")
    desk(MAGISTRATE, "Rs 50")
    out = desk(MAGISTRATE, "rescue proved by two witnesses")
    assert (
        f"Offence No. {offence_id}: Bhura Ahir of Kemri convicted; imprisonment for 2 months and "
        "10 days, with labour; a fine of Rs 50-0-0 (Sec XIII)." in out
    )
    assert "Decision recorded." in desk(MAGISTRATE, "yes")
    with world.db.reading() as s:
        row = s.exec(select(OffenceDecision)).one()
        assert (row.prison_months, row.prison_days, row.labour, row.fine) == (2, 10, True, 9600)
    assert "No offence of opposition or rescue is waiting" in desk(MAGISTRATE, "offences")


def test_a_conviction_without_a_sentence_is_asked_again_and_hindi_is_spoken(
    world: World,
) -> None:
    desk = Desk(world)
    offence(world)
    world.on(D(2026, 3, 15), 11)
    desk(MAGISTRATE, "offences")
    desk(MAGISTRATE, "1")
    desk(MAGISTRATE, "convicted")
    desk(MAGISTRATE, "0")
    assert "imprisonment, a fine, or both" in desk(MAGISTRATE, "0")
    desk(MAGISTRATE, "lang hi")
    out = desk(MAGISTRATE, "Rs 10")
    assert out == "आपके कारण, कुछ शब्दों में:"
    out = desk(MAGISTRATE, "proved")
    assert "दोषी" in out and "धारा 13" in out and "₹10-0-0 का जुर्माना" in out
