"""The district's charts in real Chromium (tests/browser.py): the Magistrate's page of charts for a
month and a year, and the public board's, at 360 and 1280 px in English and Bengali: nothing to
scroll sideways (the measure of tests/desk/test_fit.py), axe-core passes, nothing refused by the
Content-Security-Policy (the charts' styles by their hashes), each chart drawn with its table.
Their screenshots are the docs' (docs/desk.md, docs/board.md: `--browser-shots docs/desk`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page

from tests.browser import (
    HEIGHT,
    WIDTHS,
    Live,
    Shots,
    assert_accessible,
    assert_no_console_errors,
    open_page,
)
from tests.desk.test_fit import Fit, desk, sign_in
from tests.figures_world import build
from tests.world import World, name_dhakia

pytestmark = pytest.mark.browser


def drawn(page: Page, count: int) -> None:
    """`count` charts, each an SVG image with its bars and a table of its figures."""
    figures = page.locator("figure.chart")
    assert figures.count() == count
    for i in range(count):
        figure = figures.nth(i)
        svg = figure.locator("svg[role=img]")
        assert svg.count() == 1 and svg.bounding_box() is not None
        assert (svg.bounding_box() or {"width": 0})["width"] > 200
        assert figure.locator("table tbody tr").count() >= 1
    # pygal's colours reached the bars: the style the policy allows by its hash was applied.
    fill = page.evaluate(
        "() => getComputedStyle(document.querySelector('svg .color-0 rect, svg rect.rect')).fill"
    )
    assert fill not in ("", "rgb(0, 0, 0)"), fill


def errors_of(errors: list[str]) -> Callable[[ConsoleMessage], None]:
    def said(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(f"{message.text} {message.location.get('url', '')}")

    return said


@pytest.mark.parametrize("lang", ["en", "bn"])
def test_the_magistrates_charts_fit_a_phone_and_a_screen_and_pass_axe(
    world: World, live: Live, browser: Browser, shots: Shots, lang: str
) -> None:
    build(world)
    name_dhakia(world)
    fit = Fit(lang, shots)
    with desk(browser) as page:
        # A style the policy refused would be said on the console.
        errors: list[str] = []
        page.on("console", errors_of(errors))
        sign_in(page, live, world, "magistrate", fit)
        base = f"{live.url}/desk/magistrate/TESTPUR/charts"
        for name, query in (("charts", "period=2026-11"), ("charts-year", "period=2026")):
            fit.go(page, f"{base}?{query}&lang={lang}", f"magistrate-{name}")
            drawn(page, 5)
            assert_accessible(page)
            assert [e for e in errors if "favicon" not in e] == []
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": HEIGHT})
                shots.save(page, f"magistrate-{name}-{lang}-{width}")
        # The chooser: another month, chosen and shown.
        page.select_option("#period", "2026-12")
        with page.expect_navigation():
            page.click("form[action$='/charts'] button[type=submit]")
        assert "period=2026-12" in page.url
        drawn(page, 5)
    assert not fit.failures, "pages that do not fit:\n" + "\n".join(fit.failures)


def test_the_boards_charts_fit_and_pass_axe(
    world: World, live: Live, browser: Browser, shots: Shots
) -> None:
    build(world)
    name_dhakia(world)
    for lang in ("en", "bn"):
        for width in WIDTHS:
            page = open_page(browser, f"{live.url}/board/TESTPUR?lang={lang}", width=width)
            try:
                drawn(page, 2)
                assert_accessible(page)
                assert_no_console_errors(page)
                assert page.evaluate("() => document.documentElement.scrollWidth") <= width
                page.locator("#figures").scroll_into_view_if_needed()
                shots.save(page, f"board-charts-{lang}-{width}")
            finally:
                page.close()
