"""The front page in real Chromium (tests/browser.py): on a 360 px phone and a 1280 px screen,
in English, Hindi and Bengali as the browser asks, it passes axe-core (every WCAG 2 A and AA
rule) under the service's Content-Security-Policy, loads nothing from elsewhere, never scrolls
sideways, and its links lead to the board and the desk."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.browser import (
    WIDTHS,
    Live,
    Shots,
    assert_accessible,
    assert_no_console_errors,
    external_requests,
    open_page,
    page_weight,
)
from tests.world import World, name_dhakia

pytestmark = pytest.mark.browser

HEADINGS = {"en": "The pound office", "hi": "कांजी हाउस दफ़्तर", "bn": "খোঁয়াড় দপ্তর"}
BOARD = {"en": "Testpur district", "hi": "टेस्टपुर ज़िला", "bn": "টেস্টপুর জেলা"}


@pytest.mark.parametrize("lang", ["en", "hi", "bn"])
def test_the_front_page_fits_a_phone_and_a_screen_and_passes_axe(
    world: World, browser: Browser, shots: Shots, live: Live, lang: str
) -> None:
    name_dhakia(world)
    for width in WIDTHS:
        page = open_page(browser, f"{live.url}/", width=width, locale=f"{lang}-IN")
        try:
            assert page.evaluate("() => document.documentElement.lang") == lang
            assert page.title() == HEADINGS[lang]
            assert_accessible(page, None)
            assert_no_console_errors(page)  # nothing refused by the CSP, nothing missing
            assert external_requests(page) == []
            assert page_weight(page) < 20 * 1024
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
            shots.save(page, f"front-{lang}-{width}")
            with page.expect_navigation():
                page.get_by_role("link", name=BOARD[lang]).click()
            assert page.url.endswith(f"/board/TESTPUR?lang={lang}")
            page.go_back()
            with page.expect_navigation():
                page.locator("#officials a").first.click()
            assert "/desk/sign-in" in page.url
            assert page.evaluate("() => document.documentElement.lang") == lang
        finally:
            page.context.close()
    assert len(shots.asked) == 2
