"""The browser tests' harness itself (tests/browser.py): Chromium drives a live server, the
screenshots are saved at both widths, and axe-core and the console check do catch what they
are meant to catch, so a page that passes them has passed something."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from fastapi.responses import HTMLResponse, PlainTextResponse
from playwright.sync_api import Browser

from tests.browser import (
    AXE_JS,
    CHROMIUM_ARGS,
    WIDTHS,
    Live,
    Shots,
    assert_accessible,
    assert_no_console_errors,
    axe_violations,
    console_errors,
    external_requests,
    live_server,
    open_page,
    page_weight,
    pages,
)

pytestmark = pytest.mark.browser

CSP = {"Content-Security-Policy": "default-src 'self'"}
GOOD = """<!doctype html><html lang="hi"><head><meta charset="utf-8">
<title>सूचना पट</title><link rel="stylesheet" href="/site.css"></head>
<body><main><h1>कांजी हौस</h1><form method="get" action="/">
<label for="village">गाँव</label><input id="village" name="village">
<button type="submit">खोजें</button></form></main></body></html>"""
BAD = """<!doctype html><html><head><title>bad</title><link rel="stylesheet" href="/site.css">
</head>
<body><p class="faint">faint text</p><input name="unlabelled">
<script>document.title = 'ran'</script></body></html>"""
CSS = "body{color:#111;background:#fff;font-family:sans-serif}.faint{color:#ddd}"


def _app() -> FastAPI:
    app = FastAPI()

    @app.get("/", response_class=HTMLResponse)
    def good() -> HTMLResponse:
        return HTMLResponse(GOOD, headers=CSP)

    @app.get("/bad", response_class=HTMLResponse)
    def bad() -> HTMLResponse:
        return HTMLResponse(BAD, headers=CSP)

    @app.get("/site.css")
    def css() -> PlainTextResponse:
        return PlainTextResponse(CSS, media_type="text/css", headers=CSP)

    return app


@pytest.fixture(scope="module")
def server() -> Live:
    with live_server(_app()) as live:
        yield live  # type: ignore[misc]


def test_the_live_server_answers_plain_http(server: Live) -> None:
    assert server.url.startswith("http://127.0.0.1:")
    assert httpx.get(server.url + "/").status_code == 200


def test_a_good_page_passes_at_both_widths_and_is_shot(
    browser: Browser, server: Live, tmp_path: Path
) -> None:
    shots = Shots(tmp_path / "shots")  # taken, as under --browser-shots
    with pages(browser, server.url + "/", locale="hi-IN") as opened:
        assert [w for w, _ in opened] == list(WIDTHS) == [360, 1280]
        for width, page in opened:
            assert page.evaluate("() => window.innerWidth") == width
            assert page.evaluate("() => navigator.language") == "hi-IN"
            assert page.get_by_label("गाँव").is_visible()
            assert_accessible(page)
            assert_no_console_errors(page)
            assert external_requests(page) == []
            assert 0 < page_weight(page) < 2000
            path = shots.save(page, f"harness-{width}")
            assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in shots.saved] == ["harness-360.png", "harness-1280.png"]


def test_axe_and_the_console_catch_a_bad_page(browser: Browser, server: Live) -> None:
    page = open_page(browser, server.url + "/bad", width=360)
    try:
        found = {v["id"] for v in axe_violations(page)}
        assert {"html-has-lang", "label", "color-contrast"} <= found
        # The inline script was refused under `default-src 'self'`, and said so.
        assert page.title() == "bad"
        assert any("Content Security Policy" in e for e in console_errors(page))
        with pytest.raises(pytest.fail.Exception, match="html-has-lang"):
            assert_accessible(page)
    finally:
        page.context.close()


def test_the_harness_uses_the_system_chromium_and_the_vendored_axe() -> None:
    assert {"--headless", "--no-sandbox", "--disable-quic"} <= set(CHROMIUM_ARGS)
    assert AXE_JS.read_text(encoding="utf-8").startswith("/*! axe v4.")
    readme = (AXE_JS.parent / "README.md").read_text(encoding="utf-8")
    assert "MPL-2.0" in readme


def test_shots_go_under_the_given_folder(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        Shots(tmp_path).save(None, "Bad Name")  # type: ignore[arg-type]


def test_live_serves_the_app_over_the_worlds_database(live: Live) -> None:
    answer = httpx.get(live.url + "/healthz")
    assert answer.json() == {"status": "ok", "database": "sqlite"}
