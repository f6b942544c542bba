"""The Magistrate's desk: a complaint admitted with a summons and decided (Sec XIV, G15), a
release by order (VI), a feeding rate from a date (VII), the fund (XII), the district file and
the monthly returns; a refused form changes nothing."""

from __future__ import annotations

from datetime import date

from sqlmodel import col, select

from models import Complaint, FeedingRate
from office.acts.complainant.case import file_case
from office.acts.complainant.complaint import file_complaint
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.payment import record_payment
from office.acts.magistrate.case import decide_case
from office.acts.magistrate.fund_payment import pay_from_fund
from office.inputs import AnimalsIn, PersonIn
from office.views.fund_statement import fund_view
from office.views.seizure import seizure_view
from tests.desk.client import DeskBrowser, refusal_code, text_of
from tests.units import act
from tests.world import World

D = date
MAGISTRATE = "+91 90000 00005"
BASE = "/desk/magistrate/TESTPUR"


def complaint_status(world: World) -> str:
    with world.db.reading() as s:
        return str(s.exec(select(Complaint.status)).one())


def test_the_magistrate_admits_a_complaint_with_a_summons_then_decides_it(
    web: DeskBrowser, world: World
) -> None:
    ref = world.seize()
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    world.on(D(2026, 3, 2), 10)
    done = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="मेरी गायें सड़क पर थीं, खेत में नहीं",
        occurred_at=world.now,
        now=world.now,
    )
    cid = done.complaint_id
    world.on(D(2026, 3, 3), 11)
    web.sign_in(MAGISTRATE, world.magistrate)
    page = web.get(f"{BASE}/complaints", lang="hi")
    assert page.status_code == 200 and '<html lang="hi">' in page.text
    assert "मेरी गायें सड़क पर थीं" in page.text and f"/complaints/{cid}/admission" in page.text
    # "Lawful" before the seizer was summoned: refused, in Hindi, nothing decided (G15).
    r = web.post(f"{BASE}/complaints/{cid}/decision", {"outcome": "lawful", "reasons": "खेत में पकड़ी"})
    assert (r.status_code, refusal_code(r.text)) == (409, "complaint_not_admitted")
    assert "(धारा 14)" in text_of(r.text)
    assert complaint_status(world) == "pending"
    r = web.post(f"{BASE}/complaints/{cid}/admission", {"hearing": "10 मार्च, सदर कचहरी, 11 बजे"})
    assert r.status_code == 200 and complaint_status(world) == "admitted"
    r = web.post(
        f"{BASE}/complaints/{cid}/decision",
        {"outcome": "illegal", "reasons": "गायें सड़क पर थीं", "damages": "१-०-०"},
    )
    assert r.status_code == 200, r.text
    assert f'href="/documents/decision/{cid}.pdf?lang=hi"' in r.text
    # Typed in Devanagari digits, written as the chat writes money in Hindi.
    assert "₹1-0-0" in text_of(r.text) and "Rs " not in text_of(r.text)
    assert complaint_status(world) == "illegal"
    assert seizure_view(world.db, ref=ref, now=world.now)["status"] == "closed"


def rates(world: World) -> list[tuple[str, int, date]]:
    with world.db.reading() as s:
        rows = s.exec(select(FeedingRate).order_by(col(FeedingRate.id))).all()
        return [(r.kind, r.per_day, r.valid_from) for r in rows]


def test_rates_release_fund_district_and_returns(web: DeskBrowser, world: World) -> None:
    ref = world.seize()
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    world.on(D(2026, 3, 10), 11)
    web.sign_in(MAGISTRATE, world.magistrate)
    page = web.get(f"{BASE}/rates")
    assert page.status_code == 200 and 'for="valid_from"' in page.text
    before = rates(world)
    rate = {"kind": "cow", "per_day": "Rs 0-1-0"}
    r = web.post(f"{BASE}/rates", rate | {"valid_from": "2026-03-01"})
    assert (r.status_code, refusal_code(r.text)) == (422, "invalid_input")
    assert rates(world) == before
    r = web.post(f"{BASE}/rates", rate | {"valid_from": "2026-04-01"})
    assert r.status_code == 200 and "Rs 0-1-0" in text_of(r.text)
    assert rates(world) == [*before, ("cow", 12, D(2026, 4, 1))]

    page = web.get(f"{BASE}/releases")
    assert f'<option value="{ref}"' in page.text
    r = web.post(f"{BASE}/releases", {"ref": ref, "reason": "गलती से पकड़ी गई", "animals": ""})
    assert r.status_code == 200 and "गलती से पकड़ी गई" in r.text
    assert seizure_view(world.db, ref=ref, now=world.now)["status"] == "closed"

    fund = web.get(f"{BASE}/fund")
    assert fund.status_code == 200 and 'href="/documents/fund/TESTPUR.pdf?lang=en"' in fund.text
    assert 'name="purpose"' in fund.text
    district = text_of(web.get(f"{BASE}/district").text)
    assert "Keeper Kallu" in district and "Jhadi" in district and "darogah:TESTPUR" in district
    returns = web.get(f"{BASE}/returns").text
    assert 'href="/documents/return/TPR.pdf?month=2026-03&amp;lang=en"' in returns
    assert 'href="/documents/return/DHK.pdf?month=2025-10&amp;lang=en"' in returns


def test_the_fund_says_each_line_in_the_readers_language(web: DeskBrowser, world: World) -> None:
    """The ledger keeps its lines' English words; the Magistrate reading in Hindi or Bengali
    reads them in his language, the refs and names as written."""
    ref = world.seize(animals=[AnimalsIn("cow", 2), AnimalsIn("buffalo")])
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    paid = world.on(D(2026, 3, 3), 16)
    # Fines 48 + 48 + 96 pies; feeding 30 pies a day for 3 days.
    act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=282,
        payer=None,
        occurred_at=paid,
        now=paid,
    )
    world.on(D(2026, 3, 4), 11)
    act(
        world.db,
        pay_from_fund,
        actor_id=world.magistrate,
        district="TESTPUR",
        purpose="pound",
        pound="TPR",
        order="आदेश 4: पूर्वी दीवार की मरम्मत",
        payee=PersonIn("रामदीन मिस्त्री", "Testpur", "+91 93333 33333"),
        amount=100,
        occurred_at=world.now,
        now=world.now,
    )
    web.sign_in(MAGISTRATE, world.magistrate)

    lines = {lang: text_of(web.get(f"{BASE}/fund", lang=lang).text) for lang in ("en", "hi", "bn")}

    [fund] = fund_view(world.db, district="TESTPUR")["districts"]
    record = [line["memo"] for line in fund["statement"]["lines"]]
    assert record == [
        f"payment {ref}",
        "paid to रामदीन मिस्त्री: construction or maintenance of Testpur thana pound",
    ]
    assert f"payment {ref} (Sec XI)" in lines["en"] and "March 3, 2026" in lines["en"]
    # The section in the reader's digits.
    assert f"भुगतान, {ref} (धारा 11)" in lines["hi"] and "3 मार्च 2026" in lines["hi"]
    assert "रामदीन मिस्त्री को भुगतान: Testpur thana pound का निर्माण या रखरखाव" in lines["hi"]
    assert f"পরিশোধ, {ref} (ধারা ১১)" in lines["bn"]
    # The payee's name and the pound's as they were written, in whatever script.
    assert "रामदीन मिस्त्री-কে পরিশোধ: Testpur thana pound-এর নির্মাণ বা রক্ষণাবেক্ষণ" in lines["bn"]
    for lang in ("hi", "bn"):
        assert "payment" not in lines[lang] and "construction" not in lines[lang]


def test_the_magistrate_records_a_pig_fine_paid_and_the_fund_shows_it_received(
    web: DeskBrowser, world: World
) -> None:
    """Sec XVIII, XII: on the case's page the Magistrate records the fine paid (the compensation
    first); the fund's page shows what is owed apart from what was received; too much is
    refused on the page and changes nothing."""
    world.on(D(2026, 3, 2), 10)
    case_id = act(
        world.db,
        file_case,
        actor_id=world.cultivator,
        kind="pigs",
        accused=PersonIn("Bhura Ahir", "Kemri", "+919777777771"),
        village="Rampur",
        description="his pigs rooted up my sugar-cane",
        occurred_at=world.now,
        now=world.now,
    )
    world.on(D(2026, 3, 10), 11)
    act(
        world.db,
        decide_case,
        actor_id=world.magistrate,
        case_id=case_id,
        convicted=True,
        reasons="proved",
        fine=1920,
        compensation=1152,
        occurred_at=world.now,
        now=world.now,
    )
    world.on(D(2026, 3, 11), 11)
    web.sign_in(MAGISTRATE, world.magistrate)
    fund = text_of(web.get(f"{BASE}/fund").text)
    assert "Fines owed to the fund, not yet received (not in the fund) Rs 4-0-0" in fund
    page = web.get(f"{BASE}/cases/{case_id}")
    assert f"/cases/{case_id}/fine-paid" in page.text
    r = web.post(f"{BASE}/cases/{case_id}/fine-paid", {"amount": "Rs 10-0-1"})
    assert (r.status_code, refusal_code(r.text)) == (422, "invalid_input")
    assert fund_view(world.db)["districts"][0]["owed"] == 768
    r = web.post(f"{BASE}/cases/{case_id}/fine-paid", {"amount": "Rs 10-0-0"})
    assert r.status_code == 200, r.text
    assert f"/cases/{case_id}/fine-paid" not in r.text  # nothing is left unpaid
    [fund_now] = fund_view(world.db)["districts"]
    assert (fund_now["owed"], fund_now["received"], fund_now["balance"]) == (0, 768, 768)
