"""The notice board in real Chromium (tests/browser.py): an owner who reads Hindi finds his cows
on his phone and on an office desktop, searching by his village as he writes it; the page passes
axe-core (labels, `lang`, contrast AA) under its own Content-Security-Policy, loads nothing
from elsewhere and weighs under 50 KB."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.board_world import PRIVATE, load_board
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
from tests.world import World

pytestmark = pytest.mark.browser


def test_an_owner_finds_his_cows_on_the_board_in_hindi(
    world: World, browser: Browser, shots: Shots, live: Live
) -> None:
    board = load_board(world)
    for width in WIDTHS:
        # His phone says Hindi: the board opens in Hindi without asking.
        page = open_page(browser, f"{live.url}/board/MILAK", width=width, locale="hi-IN")
        try:
            assert page.evaluate("() => document.documentElement.lang") == "hi"
            assert "सूचना पट" in page.title()
            assert_accessible(page)
            shots.save(page, f"board-hi-{width}")
            # He writes his village in Devanagari and asks for cows, by their Hindi labels.
            page.get_by_label("मवेशी किस गाँव से गुम हुए").fill("भोट")
            page.get_by_label("जानवर").select_option(label="गाय")
            page.get_by_label("रंग या निशान").fill("सफ़ेद")
            with page.expect_navigation():
                page.get_by_role("button", name="खोजें").click()
            assert "village=" in page.url and "lang=hi" in page.url
            found = page.locator("article")
            assert found.count() == 1
            card = found.first
            assert board.held.bhot in card.inner_text()
            assert "नीलामी की सबसे पहली तारीख़: 18 मार्च 2026" in card.inner_text()
            assert page.get_by_text("1 ज़ब्ती मिली।").is_visible()
            assert_accessible(page)
            assert_no_console_errors(page)  # nothing refused by the CSP, nothing missing
            assert external_requests(page) == []
            assert page_weight(page) < 50 * 1024
            text = page.inner_text("body")
            assert not [p for p in PRIVATE if p in text]
            # The card fits the screen: nothing to scroll sideways on a phone.
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
            shots.save(page, f"board-hi-found-{width}")
        finally:
            page.context.close()
    assert len(shots.asked) == 4
