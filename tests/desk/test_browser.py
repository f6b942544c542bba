"""The desk in real headless Chromium (tests/browser.py): a keeper signs in with the code the
office sent him (read from the outbox), registers an arrival and takes a payment; each page, at
360 and 1280 px, passes axe-core (labels, lang, contrast AA) and logs no CSP error."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.browser import WIDTHS, Live, Shots, checked, open_page
from tests.desk.client import last_code
from tests.world import World

pytestmark = pytest.mark.browser


def test_a_keeper_signs_in_registers_an_arrival_and_takes_a_payment(
    world: World, live: Live, browser: Browser, shots: Shots
) -> None:
    ref = world.seize(when=world.now)
    page = open_page(browser, live.url + "/desk/keeper/TPR", width=WIDTHS[0])
    try:
        assert page.url.startswith(live.url + "/desk/sign-in")
        checked(page, shots, "sign-in")
        page.get_by_label("Your phone number").fill("90000 00001")
        page.get_by_role("button", name="Send me a code").click()
        checked(page, shots, "code")
        page.get_by_label("The code").fill(last_code(world, world.keeper))
        page.get_by_role("button", name="Sign in").click()
        assert page.url == live.url + "/desk/keeper/TPR"
        checked(page, shots, "keeper-today")
        page.get_by_role("link", name="Register the arrival").click()
        checked(page, shots, "keeper-arrival")
        page.get_by_label("Animal 3: colour and marks").fill("black, broken left horn")
        page.get_by_role("button", name="Enter in the register").click()
        assert page.locator("#done").is_visible()
        assert page.locator("#document").get_attribute("href") == (
            f"/documents/register-copy/{ref}.pdf?lang=en"
        )
        checked(page, shots, "keeper-arrival-done")
        page.goto(live.url + f"/desk/keeper/TPR/payment/{ref}")
        checked(page, shots, "keeper-payment")
        page.get_by_role("button", name="Record the payment").click()
        assert page.locator("#document").get_attribute("href") == (
            f"/documents/receipt/{ref}.pdf?lang=en"
        )
        checked(page, shots, "keeper-payment-done")
        # Both papers print for him, with his desk session alone.
        for kind in ("register-copy", "receipt"):
            paper = page.context.request.get(live.url + f"/documents/{kind}/{ref}.pdf")
            assert paper.status == 200, paper.text()
            assert paper.headers["content-type"] == "application/pdf"
            assert paper.body().startswith(b"%PDF")
        page.goto(live.url + "/desk/keeper/TPR/register?lang=hi")
        assert page.locator("html").get_attribute("lang") == "hi"
        checked(page, shots, "keeper-register-hi")
    finally:
        page.context.close()
