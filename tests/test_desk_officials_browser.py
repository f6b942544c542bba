"""In Chromium, at a phone's 360 px and a desk's 1280 px: the Darogah signs in with a code from
the outbox and records a sale, whose account is there to print; the Magistrate decides a
complaint. Every page passes axe-core (labels, `lang`, contrast AA) and logs no error."""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import Browser, Page

from office.acts.complainant.complaint import file_complaint
from office.acts.darogah.notice import post_notice
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.unclaimed import report_unclaimed
from office.acts.magistrate.complaint import admit_complaint
from office.people import person_by_phone
from office.views.seizure import seizure_view
from tests.browser import HEIGHT, WIDTHS, Live, Shots, assert_accessible, checked
from tests.desk.client import last_code, last_outbox_id
from tests.units import act
from tests.world import World

pytestmark = pytest.mark.browser

D = date


def sign_in(page: Page, live: Live, world: World, phone: str) -> None:
    with world.db.reading() as s:
        person = person_by_phone(s, phone)
        assert person is not None and person.id is not None
        person_id = person.id
    page.goto(live.url + "/desk/sign-in", wait_until="load")
    assert_accessible(page)
    after = last_outbox_id(world)
    page.fill("#phone", phone)
    page.click("button[type=submit] >> nth=-1")
    page.wait_for_url("**/desk/sign-in/code**")
    page.fill("#code", last_code(world, person_id, after=after))
    page.click("form[action='/desk/sign-in/code'] button[type=submit]")
    page.wait_for_url("**/desk")


def test_the_darogah_records_a_sale_and_gets_its_account(
    world: World, live: Live, browser: Browser, shots: Shots
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
    act(
        world.db,
        report_unclaimed,
        actor_id=None,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 9), 9),
        now=world.now,
    )
    act(
        world.db,
        post_notice,
        actor_id=world.darogah,
        ref=ref,
        proclaimed_in=["Rampur", "Rampur hat"],
        occurred_at=world.on(D(2026, 3, 9), 10),
        now=world.now,
    )
    world.on(D(2026, 3, 17), 11)
    ctx = browser.new_context(viewport={"width": WIDTHS[0], "height": HEIGHT}, locale="en-IN")
    page = ctx.new_page()
    try:
        sign_in(page, live, world, "+919000000004")
        page.click("a[href='/desk/darogah/TESTPUR']")
        page.wait_for_url("**/desk/darogah/TESTPUR")
        checked(page, shots, "darogah")
        page.click(f"a[href='/desk/darogah/TESTPUR/sale/{ref}']")
        for n in (1, 2, 3):
            page.check(f"input[name='sell-{n}']")
            page.fill(f"#buyer-{n}", "Ramesh Gupta")
            page.fill(f"#residence-{n}", "Kemri")
            page.fill(f"#price-{n}", "Rs 4-0-0")
        page.fill("#expenses", "Rs 0-4-0")
        page.fill("#place", "Testpur thana")
        checked(page, shots, "darogah-sale")
        page.click("form[action$='/sale/" + ref + "'] button[type=submit]")
        page.wait_for_selector("text=The sale is recorded.")
        assert page.locator(f"a[href='/documents/account/{ref}.pdf?lang=en']").count() == 1
        checked(page, shots, "darogah-account")
    finally:
        ctx.close()
    assert seizure_view(world.db, ref=ref, now=world.now)["status"] == "closed"


def test_the_magistrate_decides_a_complaint(
    world: World, live: Live, browser: Browser, shots: Shots
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
    filed = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="मेरी गायें सड़क पर थीं, खेत में नहीं",
        occurred_at=world.on(D(2026, 3, 2), 10),
        now=world.now,
    )
    act(
        world.db,
        admit_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        hearing="10 March, Sadar court, 11 am",
        occurred_at=world.on(D(2026, 3, 3), 10),
        now=world.now,
    )
    world.on(D(2026, 3, 10), 12)
    ctx = browser.new_context(viewport={"width": WIDTHS[0], "height": HEIGHT}, locale="hi-IN")
    page = ctx.new_page()
    try:
        sign_in(page, live, world, "+919000000005")
        page.click("a[href='/desk/magistrate/TESTPUR']")
        page.click("a[href='/desk/magistrate/TESTPUR/complaints']")
        page.wait_for_url("**/complaints")
        cid = filed.complaint_id
        page.select_option(f"#outcome-{cid}", "illegal")
        page.fill(f"#reasons-{cid}", "The cows were on the road, not in the field")
        page.fill(f"#damages-{cid}", "Rs 1-0-0")
        checked(page, shots, "magistrate-complaints")
        page.click(f"form[action$='/complaints/{cid}/decision'] button[type=submit]")
        page.wait_for_selector("text=The decision is recorded.")
        assert page.locator(f"a[href='/documents/decision/{cid}.pdf?lang=en']").count() == 1
        checked(page, shots, "magistrate-decision")
        # The paper opens for him with his desk session alone.
        paper = ctx.request.get(live.url + f"/documents/decision/{cid}.html")
        assert paper.status == 200, paper.text()
        for name, path in (
            ("fund", "/fund"),
            ("rates", "/rates"),
            ("district", "/district"),
            ("returns", "/returns"),
            ("cases", "/cases"),
            ("releases", "/releases"),
        ):
            page.goto(live.url + "/desk/magistrate/TESTPUR" + path)
            checked(page, shots, f"magistrate-{name}")
    finally:
        ctx.close()
    assert seizure_view(world.db, ref=ref, now=world.now)["status"] == "closed"


def test_the_police_confirm_a_conveyance(
    world: World, live: Live, browser: Browser, shots: Shots
) -> None:
    ref = world.seize(when=world.now)
    ctx = browser.new_context(viewport={"width": WIDTHS[0], "height": HEIGHT})
    page = ctx.new_page()
    try:
        sign_in(page, live, world, "+919000000003")
        page.goto(live.url + "/desk/police/TESTPUR")
        assert ref in page.inner_text("main")
        checked(page, shots, "police")
        page.click(f"form[action$='/conveyance/{ref}'] button[type=submit]")
        page.wait_for_load_state()
        assert "confirmed" in page.inner_text("main")
        checked(page, shots, "police-confirmed")
    finally:
        ctx.close()
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert "conveyance_confirmed" in [h["action"] for h in view["history"]]
