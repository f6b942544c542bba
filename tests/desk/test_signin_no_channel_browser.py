"""The sign-in pages of an office no channel can deliver a code through, in real Chromium
(tests/browser.py): in English, Hindi and Bengali, at 360 and 1280 px, the notice of where the
code is fits the page and passes axe-core (every WCAG 2 A and AA rule) under the desk's CSP,
and the keeper signs in with the code the log gave."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.browser import (
    WIDTHS,
    Shots,
    assert_accessible,
    assert_no_console_errors,
    live_server,
    open_page,
)
from tests.desk.client import last_code, last_outbox_id
from tests.world import World

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["en", "hi", "bn"])
def test_the_no_channel_notice_fits_and_passes_axe(
    world: World, browser: Browser, shots: Shots, lang: str
) -> None:
    from webhook.app import create_app
    from webhook.desk import DeskConfig

    app = create_app(
        db=world.db,
        clock=lambda: world.now,
        desk=DeskConfig.for_url(None, None, delivers=False),
    )
    with live_server(app) as live:
        for width in WIDTHS:
            page = open_page(browser, f"{live.url}/desk/sign-in?lang={lang}", width=width)
            after = last_outbox_id(world)
            try:
                for step in ("sign-in", "code"):
                    notice = page.locator("#no-channel")
                    assert notice.is_visible() and "pound desk code" in notice.inner_text()
                    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
                    assert_accessible(page, None)
                    assert_no_console_errors(page)
                    shots.save(page, f"no-channel-{step}-{lang}-{width}")
                    if step == "sign-in":
                        page.locator("#phone").fill("90000 00001")
                        page.locator("form.form button").click()
                page.locator("#code").fill(last_code(world, world.keeper, after=after))
                page.locator("form.form button").click()
                assert page.url == live.url + "/desk"
            finally:
                page.context.close()
