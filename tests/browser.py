"""Browser tests: real headless Chromium (Debian's headless shell,
`/usr/bin/chromium-headless-shell`, or its full `/usr/bin/chromium` where only that is installed,
driven by Playwright for Python through `executable_path`; no browser is ever downloaded) against
the app served by uvicorn on 127.0.0.1 in a thread, over the test's own database. The headless
shell is the same Blink without the full browser's windowing: these tests cost it about half the
CPU (116 s against 208 s for the whole set here).

Loaded as a plugin by tests/conftest.py. A test module uses it so:

    pytestmark = pytest.mark.browser

    def test_board(world, live, browser, shots):
        with live_server(create_app(db=world.db, clock=lambda: world.now)) as base:
            ...
        # or, the plain app over the world's database and clock:
        page = open_page(browser, live.url + "/board/TESTPUR", width=360, locale="hi-IN")
        shots.save(page, "board-hi-360")
        assert_accessible(page)

Fixtures:
- `browser`: one Chromium per test module (closed after it: Playwright's event loop would
  otherwise stay running in the test process's main thread).
- `live`: `create_app(db=world.db, clock=lambda: world.now)` served for the test.
- `shots`: saves screenshots under `--browser-shots DIR` (to make the images of the docs); without
  it a screenshot is only named (`asked`), not taken: nothing reads it, and each took a full-page
  render and a PNG of Chromium's time.
`checked(page, shots, name)` holds the page as it stands at each of WIDTHS, resized: its
screenshot (when asked), axe-core's rules, no console error.

Where neither is installed the browser tests are skipped, saying so; with
POUND_TEST_REQUIRE_BROWSER=1 (as `.ci/run` sets, after installing the `chromium-headless-shell`
package) that is a failure instead. Tests that ask for `db` in a module marked `browser` run on
SQLite alone (tests/conftest.py): what the page shows is tested on both engines by the
TestClient tests.
"""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from fastapi import FastAPI
    from playwright.sync_api import Browser, ConsoleMessage, Page

    from tests.world import World

_INSTALLED = next(
    (p for p in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium") if Path(p).exists()),
    "/usr/bin/chromium-headless-shell",
)
CHROMIUM = Path(os.environ.get("POUND_TEST_CHROMIUM", _INSTALLED))
REQUIRE_BROWSER = os.environ.get("POUND_TEST_REQUIRE_BROWSER") == "1"
# No network beyond 127.0.0.1, no profile state, no background updaters or telemetry: the run
# depends on nothing but the page under test.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WIDTHS = (360, 1280)  # a keeper's phone and an office desktop
HEIGHT = 800
_VENDOR = Path(__file__).resolve().parent / "vendor"
AXE_JS = _VENDOR / "axe.min.js"
# The axe-core rules every page passes: each form field labelled, `lang` on every page (and a
# valid one), and text contrast of WCAG 2 AA.
AXE_RULES = (
    "label",
    "select-name",
    "button-name",
    "input-button-name",
    "html-has-lang",
    "html-lang-valid",
    "valid-lang",
    "color-contrast",
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--browser-shots",
        metavar="DIR",
        default=None,
        help="save the browser tests' screenshots under DIR (the docs' images) "
        "instead of each test's tmp_path",
    )


def browser_reason() -> str | None:
    """Why no browser test can run here, or None."""
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium-headless-shell)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install -e '.[dev]')"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium for a module's tests. Not for the whole process: Playwright's
    synchronous API keeps its event loop running in the main thread while it is open, and every
    other test after it there that calls `asyncio.run` (the bot, the worker) would fail."""
    reason = browser_reason()
    if reason is not None:
        if REQUIRE_BROWSER:
            pytest.fail(f"{reason}; POUND_TEST_REQUIRE_BROWSER=1 demands it", pytrace=False)
        pytest.skip(f"{reason}: the browser tests are skipped")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=str(CHROMIUM),
            args=CHROMIUM_ARGS,
            # Playwright adds its own defaults; the ones above are the whole intent.
            headless=True,
            chromium_sandbox=False,
        )
        try:
            yield chromium
        finally:
            chromium.close()


# --- the live server ----------------------------------------------------------------------------


@dataclass
class Live:
    """A running server: its base URL."""

    url: str


@contextmanager
def live_server(app: FastAPI) -> Iterator[Live]:
    """Serve `app` with uvicorn on 127.0.0.1 and a free port, in a daemon thread."""
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=5
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            sock.close()
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.01)
    try:
        yield Live(url=f"http://127.0.0.1:{port}")
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture
def live(world: World) -> Iterator[Live]:
    """The app over the world's database, its clock the world's, served for the test."""
    from webhook.app import create_app

    with live_server(create_app(db=world.db, clock=lambda: world.now)) as server:
        yield server


# --- pages --------------------------------------------------------------------------------------


@dataclass
class Watched:
    """What a page said to its console: errors (a script or style refused by the CSP, a failed
    load, an uncaught exception)."""

    page: Page
    errors: list[str] = field(default_factory=list)


_WATCHED: dict[int, Watched] = {}


def open_page(
    browser: Browser,
    url: str,
    *,
    width: int,
    locale: str = "en-IN",
    height: int = HEIGHT,
    **context: Any,
) -> Page:
    """A new page of a fresh context (no cookies), `width` CSS pixels wide, its
    Accept-Language from `locale`, at `url` once loaded. Its console errors are collected
    (`console_errors(page)`)."""
    ctx = browser.new_context(
        viewport={"width": width, "height": height},
        locale=locale,
        timezone_id="Asia/Kolkata",
        service_workers="block",
        **context,
    )
    page = ctx.new_page()
    watched = Watched(page)
    _WATCHED[id(page)] = watched

    def _console(msg: ConsoleMessage) -> None:
        # The browser asks for /favicon.ico of its own accord; a page that has none is fine.
        if msg.type == "error" and not msg.location.get("url", "").endswith("/favicon.ico"):
            watched.errors.append(f"{msg.text} ({msg.location.get('url', '')})")

    page.on("console", _console)
    page.on("pageerror", lambda exc: watched.errors.append(f"uncaught: {exc}"))
    page.on("close", lambda _p: _WATCHED.pop(id(page), None))
    response = page.goto(url, wait_until="load")
    assert response is not None, url
    return page


def console_errors(page: Page) -> list[str]:
    return list(_WATCHED[id(page)].errors) if id(page) in _WATCHED else []


def assert_no_console_errors(page: Page) -> None:
    errors = console_errors(page)
    assert not errors, "the page logged errors:\n" + "\n".join(errors)


@contextmanager
def pages(browser: Browser, url: str, **kwargs: Any) -> Iterator[list[tuple[int, Page]]]:
    """The page at `url` at each of WIDTHS (360 and 1280 px), closed afterwards."""
    opened = [(width, open_page(browser, url, width=width, **kwargs)) for width in WIDTHS]
    try:
        yield opened
    finally:
        for _width, page in opened:
            page.context.close()


# --- screenshots --------------------------------------------------------------------------------


class Shots:
    """Saves full-page screenshots as PNG under one folder, when `taken`; `asked` lists every
    screenshot asked for, `saved` the files written."""

    def __init__(self, folder: Path, *, taken: bool = True) -> None:
        self.folder = folder
        self.taken = taken
        self.asked: list[Path] = []
        self.saved: list[Path] = []

    def save(self, page: Page, name: str) -> Path:
        if not re.fullmatch(r"[a-z0-9][a-z0-9._-]*", name):
            raise ValueError(f"a screenshot's name is lower-case letters, digits, . _ -: {name!r}")
        path = self.folder / f"{name}.png"
        self.asked.append(path)
        if not self.taken:
            return path
        self.folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=True, animations="disabled")
        assert path.stat().st_size > 0
        self.saved.append(path)
        return path


@pytest.fixture
def shots(request: pytest.FixtureRequest, tmp_path: Path) -> Shots:
    """Screenshots under `--browser-shots DIR` when given (the docs' images), else none taken."""
    given = request.config.getoption("--browser-shots")
    return Shots(Path(given)) if given else Shots(tmp_path / "shots", taken=False)


# --- accessibility ------------------------------------------------------------------------------


def _axe_source() -> str:
    if not hasattr(_axe_source, "text"):
        _axe_source.text = AXE_JS.read_text(encoding="utf-8")  # type: ignore[attr-defined]
    return _axe_source.text  # type: ignore[attr-defined,no-any-return]


def axe_violations(page: Page, rules: tuple[str, ...] | None = AXE_RULES) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now: of `rules`, or, with None, of every
    WCAG 2 A and AA rule. The vendored axe (tests/vendor) is evaluated through the DevTools
    protocol, which the page's Content-Security-Policy does not govern, so a page served with
    `default-src 'self'` is checked as served."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(_axe_source() + "\n;undefined")
    run_only: dict[str, Any] = (
        {"type": "rule", "values": list(rules)}
        if rules is not None
        else {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}
    )
    options = {"runOnly": run_only, "resultTypes": ["violations"]}
    result = page.evaluate("options => window.axe.run(document, options)", options)
    return list(result["violations"])


def assert_accessible(page: Page, rules: tuple[str, ...] | None = AXE_RULES) -> None:
    """No axe-core violation of `rules` (labels, `lang`, contrast AA by default)."""
    violations = axe_violations(page, rules)
    if violations:
        lines = [
            f"{v['id']} ({v['impact']}): {v['help']}\n"
            + "\n".join(f"    {n['target']}: {n.get('failureSummary', '')}" for n in v["nodes"])
            for v in violations
        ]
        pytest.fail(f"axe-core found on {page.url}:\n" + "\n".join(lines), pytrace=False)


def checked(page: Page, shots: Shots, name: str) -> None:
    """The page as it stands, at each of WIDTHS (the viewport resized: the pages lay themselves
    out by CSS alone, so a resized page is laid out as one loaded at that width): its
    screenshot `<name>-<width>` (when taken), axe-core's rules passed, no console error."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": HEIGHT})
        shots.save(page, f"{name}-{width}")
        assert_accessible(page)
        assert_no_console_errors(page)


def page_weight(page: Page) -> int:
    """Bytes the page's document and every resource it loaded took over the wire (as the
    browser's resource timing reports them, bodies decoded)."""
    return int(
        page.evaluate(
            """() => {
                const nav = performance.getEntriesByType('navigation')[0];
                const res = performance.getEntriesByType('resource');
                return [nav, ...res].reduce((n, e) => n + (e.decodedBodySize || 0), 0);
            }"""
        )
    )


def external_requests(page: Page) -> list[str]:
    """URLs the page loaded from anywhere but its own origin."""
    origin = page.evaluate("() => location.origin")
    urls = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
    return [str(u) for u in urls if not str(u).startswith(origin + "/")]
