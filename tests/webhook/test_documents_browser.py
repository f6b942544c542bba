"""The documents' pages in real Chromium (tests/browser.py) under the service's own
Content-Security-Policy: the page to print keeps its layout, and `/v/{id}` says "genuine",
"no longer current" and "unknown" in their colours (their `<style>` is allowed by its hash,
webhook/edge.py; no inline style is refused, so the console stays clean)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page

from models import FeedingRate
from office.records import audit
from office.views.documents.issued import issue
from office.views.documents.kinds import Kind
from office.views.documents.links import sign_link
from tests.browser import assert_no_console_errors, console_errors, live_server, open_page
from tests.units import act, tx
from tests.world import World
from webhook.app import create_app

pytestmark = pytest.mark.browser
KEY = b"a key for the tests' links"


def _colour(page: Page, selector: str) -> str:
    return str(page.eval_on_selector(selector, "e => getComputedStyle(e).color"))


def test_the_verification_page_and_the_page_to_print_keep_their_styles_under_the_csp(
    world: World, browser: Browser
) -> None:
    code = act(
        world.db, issue, Kind.RATES, "TPR", month=None, actor_id=world.keeper, now=world.now
    ).code
    token, _ = sign_link(KEY, kind=Kind.RATES, ref="TPR", person_id=world.keeper, now=world.now)
    app = create_app(db=world.db, clock=lambda: world.now, document_key=KEY)
    with live_server(app) as live:
        page = open_page(browser, f"{live.url}/v/{code}", width=360)
        assert _colour(page, "p.ok") == "rgb(10, 92, 31)"  # genuine and current: green
        assert_no_console_errors(page)
        unknown = open_page(browser, f"{live.url}/v/zzzzzzzzzz", width=360)
        assert _colour(unknown, "p.bad") == "rgb(155, 0, 0)"  # unknown: red
        # Its 404 is the browser's one console line; no style was refused.
        assert not [e for e in console_errors(unknown) if "Content Security Policy" in e]
        # A new feeding rate in force: the schedule printed is no longer current.
        with tx(world.db) as s:
            s.add(FeedingRate(district_id=1, kind="cow", per_day=12, valid_from=world.now.date()))
            audit.append(
                s,
                action="rate_fixed",
                subject="TESTPUR",
                occurred_at=world.now,
                now=world.now,
                actor_id=world.magistrate,
                district_id=1,
                section="VII",
            )
        changed = open_page(browser, f"{live.url}/v/{code}", width=360)
        assert _colour(changed, "p.warn") == "rgb(138, 59, 0)"  # no longer current: brown
        assert_no_console_errors(changed)
        printed = open_page(
            browser, f"{live.url}/documents/rates/TPR.html?link={token}", width=1024
        )
        head = printed.eval_on_selector(
            ".head", "e => [getComputedStyle(e).display, getComputedStyle(e).borderBottomWidth]"
        )
        assert head == ["flex", "2px"]
        assert_no_console_errors(printed)
        assert re.search(
            r"Noto Sans",
            str(printed.evaluate("() => getComputedStyle(document.documentElement).fontFamily")),
        )
