"""The desk in real headless Chromium (tests/browser.py): a keeper signs in with the code the
office sent him (read from the outbox), registers an arrival and takes a payment, at 360 and
1280 px; each page passes axe-core (labels, lang, contrast AA) and logs no CSP error."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from tests.browser import (
    WIDTHS,
    Live,
    Shots,
    assert_accessible,
    assert_no_console_errors,
    open_page,
)
from tests.desk.client import last_code
from tests.world import World

pytestmark = pytest.mark.browser


def checked(page: Page, shots: Shots, name: str) -> None:
    shots.save(page, name)
    assert_accessible(page)
    assert_no_console_errors(page)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_keeper_signs_in_registers_an_arrival_and_takes_a_payment(
    world: World, live: Live, browser: Browser, shots: Shots, width: int
) -> None:
    ref = world.seize(when=world.now)
    page = open_page(browser, live.url + "/desk/keeper/TPR", width=width)
    try:
        assert page.url.startswith(live.url + "/desk/sign-in")
        checked(page, shots, f"sign-in-{width}")
        page.get_by_label("Your phone number").fill("90000 00001")
        page.get_by_role("button", name="Send me a code").click()
        checked(page, shots, f"code-{width}")
        page.get_by_label("The code").fill(last_code(world, world.keeper))
        page.get_by_role("button", name="Sign in").click()
        assert page.url == live.url + "/desk/keeper/TPR"
        checked(page, shots, f"keeper-today-{width}")
        page.get_by_role("link", name="Register the arrival").click()
        checked(page, shots, f"keeper-arrival-{width}")
        page.get_by_label("Animal 3: colour and marks").fill("black, broken left horn")
        page.get_by_role("button", name="Enter in the register").click()
        assert page.locator("#done").is_visible()
        assert page.locator("#document").get_attribute("href") == (
            f"/documents/register-copy/{ref}.pdf?lang=en"
        )
        checked(page, shots, f"keeper-arrival-done-{width}")
        page.goto(live.url + f"/desk/keeper/TPR/payment/{ref}")
        checked(page, shots, f"keeper-payment-{width}")
        page.get_by_role("button", name="Record the payment").click()
        assert page.locator("#document").get_attribute("href") == (
            f"/documents/receipt/{ref}.pdf?lang=en"
        )
        checked(page, shots, f"keeper-payment-done-{width}")
        # Both papers print for him, with his desk session alone.
        for kind in ("register-copy", "receipt"):
            paper = page.context.request.get(live.url + f"/documents/{kind}/{ref}.pdf")
            assert paper.status == 200, paper.text()
            assert paper.headers["content-type"] == "application/pdf"
            assert paper.body().startswith(b"%PDF")
        page.goto(live.url + "/desk/keeper/TPR/register?lang=hi")
        assert page.locator("html").get_attribute("lang") == "hi"
        checked(page, shots, f"keeper-register-hi-{width}")
    finally:
        page.context.close()
