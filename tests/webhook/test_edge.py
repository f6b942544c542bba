"""Safe defaults on the web: security headers on every route, /docs without a CDN and within the
Content-Security-Policy, request bodies capped (413 in the error envelope), CORS closed unless
configured, and a request id answered on every response."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from html.parser import HTMLParser
from typing import Any

import pytest
from fastapi.routing import iter_route_contexts
from fastapi.testclient import TestClient

from bot.channels.telegram.channel import TelegramConfig
from bot.channels.twilio.channel import TwilioConfig
from migrations import upgrade
from models import Database
from webhook.app import create_app
from webhook.edge import CSP, WebConfig

NOW = datetime(2026, 3, 2, 6, 30, tzinfo=UTC)  # 12:00 IST
PUBLIC = "https://pound.example.in"
TELEGRAM_SECRET = "edge-Secret-7731"


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    db = Database(f"sqlite:///{tmp_path_factory.mktemp('edge') / 'edge.db'}")
    upgrade(db)
    yield db
    db.dispose()


def _app(db: Database, web: WebConfig | None = None) -> Any:
    return create_app(
        db=db,
        clock=lambda: NOW,
        telegram=TelegramConfig("7312345678:edge", TELEGRAM_SECRET),
        twilio=TwilioConfig("AC" + "0" * 32, "twilio-auth", PUBLIC),
        web=web,
    )


@pytest.fixture(scope="module")
def https(database: Database) -> Iterator[TestClient]:
    with TestClient(_app(database, WebConfig(https=True)), raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="module")
def plain(database: Database) -> Iterator[TestClient]:
    with TestClient(_app(database), raise_server_exceptions=False) as c:
        yield c


def _concrete(path: str) -> str:
    return re.sub(r"\{[^}]+\}", "1", path)


def _requests(app: Any) -> list[tuple[str, str]]:
    """One request per route of the app: its path with each parameter filled, its first
    method."""
    found = []
    for route in iter_route_contexts(app.routes):
        if route.path is None:
            continue
        methods = sorted(route.methods or {"GET"})
        method = "GET" if "GET" in methods else methods[0]
        found.append((method, _concrete(route.path)))
    return found


def test_every_route_answers_with_the_security_headers(https: TestClient) -> None:
    requests = _requests(https.app)
    assert len(requests) > 40  # the API, the webhooks, health, metrics, docs
    for method, path in requests:
        answer = https.request(method, path)
        h = answer.headers
        where = f"{method} {path} ({answer.status_code})"
        assert h["x-content-type-options"] == "nosniff", where
        assert h["referrer-policy"] == "no-referrer", where
        assert h["x-frame-options"] == "DENY", where
        assert "frame-ancestors 'none'" in h["content-security-policy"], where
        assert h["content-security-policy"].startswith("default-src 'self'"), where
        assert h["strict-transport-security"].startswith("max-age="), where
        assert re.fullmatch(r"[0-9a-f]{32}", h["x-request-id"]), where


def test_an_unknown_path_and_a_refusal_carry_them_too(https: TestClient) -> None:
    for answer in (
        https.get("/no/such/page"),
        https.post("/telegram/webhook", json={"update_id": 1}),  # no secret: 403
        https.delete("/healthz"),  # 405
    ):
        assert answer.status_code in (403, 404, 405)
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["content-security-policy"] == CSP


def test_hsts_only_when_the_public_url_is_https(plain: TestClient) -> None:
    answer = plain.get("/healthz")
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert "strict-transport-security" not in answer.headers


def test_a_sane_request_id_is_echoed_and_any_other_replaced(plain: TestClient) -> None:
    given = plain.get("/healthz", headers={"X-Request-ID": "kolkata-7f3a:0042"})
    assert given.headers["x-request-id"] == "kolkata-7f3a:0042"
    for bad in ("a b", "x" * 65, "<script>", "नमस्ते".encode(), ""):
        answer = plain.get("/healthz", headers={"X-Request-ID": bad})
        assert answer.headers["x-request-id"] != bad
        assert re.fullmatch(r"[0-9a-f]{32}", answer.headers["x-request-id"])
    one, two = plain.get("/healthz"), plain.get("/healthz")
    assert one.headers["x-request-id"] != two.headers["x-request-id"]


# --- /docs ------------------------------------------------------------------------------------


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.scripts: list[dict[str, str | None]] = []
        self.inline_scripts = 0
        self.styles = 0
        self.style_attributes = 0
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.urls += [v for k, v in attrs if k in ("src", "href", "action") and v]
        if "style" in a:
            self.style_attributes += 1
        if any(k.startswith("on") for k in a):
            self.inline_scripts += 1
        if tag == "script":
            self.scripts.append(a)
            self._in_script = "src" not in a
        if tag == "style":
            self.styles += 1

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_scripts += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False


def test_docs_name_no_external_url_and_nothing_the_policy_refuses(plain: TestClient) -> None:
    answer = plain.get("/docs")
    assert answer.status_code == 200
    html = answer.text
    assert not re.search(r"(?i)(https?:)?//[a-z0-9]", html), "an external URL in /docs"
    page = _Page()
    page.feed(html)
    assert page.urls and all(u.startswith("/") and not u.startswith("//") for u in page.urls)
    # script-src 'self' and style-src 'self': no inline script, handler, style or attribute.
    assert page.inline_scripts == 0
    assert page.styles == 0 and page.style_attributes == 0
    assert [s["src"] for s in page.scripts] == [
        "/docs/assets/swagger-ui-bundle.js",
        "/docs/assets/swagger-init.js",
    ]
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    assert "unsafe-inline" not in answer.headers["content-security-policy"]


def test_docs_assets_are_served_by_the_app_itself(plain: TestClient) -> None:
    page = _Page()
    page.feed(plain.get("/docs").text)
    for url in page.urls:
        asset = plain.get(url)
        assert asset.status_code == 200, url
        assert len(asset.content) > 0
    bundle = plain.get("/docs/assets/swagger-ui-bundle.js")
    assert bundle.headers["content-type"].startswith("text/javascript")
    assert len(bundle.content) > 500_000  # the whole of Swagger UI, not a loader
    init = plain.get("/docs/assets/swagger-init.js").text
    assert '"/openapi.json"' in init and "validatorUrl: null" in init
    assert plain.get("/docs/assets/..%2Fapidocs.py").status_code == 404
    assert plain.get("/docs/assets/index.html").status_code == 404
    assert plain.get("/redoc").status_code == 404
    assert plain.get("/openapi.json").json()["openapi"].startswith("3.1")


# --- bodies ------------------------------------------------------------------------------------


def _too_large(answer: Any, limit: int) -> None:
    assert answer.status_code == 413
    body = answer.json()
    assert body["code"] == "too_large"
    assert set(body) == {"code", "section", "detail", "details"}
    assert str(limit) in body["detail"]
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_a_body_over_the_cap_is_refused_413_in_the_envelope(database: Database) -> None:
    web = WebConfig(max_body=2048)
    with TestClient(_app(database, web), raise_server_exceptions=False) as c:
        big = b'{"village": "' + "रामपुर".encode() * 200 + b'"}'
        assert len(big) > 2048
        _too_large(c.post("/api/v1/seizures", content=big), 2048)
        _too_large(
            c.post(
                "/telegram/webhook",
                content=big,
                headers={"X-Telegram-Bot-Api-Secret-Token": TELEGRAM_SECRET},
            ),
            2048,
        )

        # Sent without a length, in chunks: refused as it passes the cap.
        def chunks() -> Iterator[bytes]:
            for _ in range(10):
                yield b"x" * 512

        _too_large(
            c.post(
                "/api/v1/seizures",
                content=chunks(),
                headers={"Content-Type": "application/json"},
            ),
            2048,
        )
        small = c.post("/api/v1/seizures", json={"village": "Rampur"})
        assert small.status_code == 403  # read, then refused for want of a token


def test_the_default_cap_is_64_kib(plain: TestClient) -> None:
    _too_large(plain.post("/api/v1/seizures", content=b"x" * (64 * 1024 + 1)), 64 * 1024)
    assert plain.post("/api/v1/seizures", content=b"x" * 1000).status_code != 413


def test_every_api_operation_that_takes_a_body_declares_the_413_it_may_answer(
    plain: TestClient,
) -> None:
    """The cap holds on every route, so the schema says so wherever a body is read: a client
    generated from it (or a fuzzer) meets no answer the schema does not name."""
    schema = plain.get("/openapi.json").json()
    with_body = [
        (path, method, operation)
        for path, item in schema["paths"].items()
        if path.startswith("/api/")
        for method, operation in item.items()
        if "requestBody" in operation
    ]
    assert len(with_body) > 10
    for path, method, operation in with_body:
        declared = operation["responses"].get("413")
        assert declared is not None, (method, path)
        assert declared["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/ErrorBody"
        }, (method, path)


# --- CORS ----------------------------------------------------------------------------------------


def _preflight(c: TestClient, origin: str) -> Any:
    return c.options(
        "/api/v1/seizures",
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type",
        },
    )


def test_cors_is_closed_unless_configured(plain: TestClient) -> None:
    answer = _preflight(plain, "https://evil.example.com")
    assert answer.status_code >= 400
    assert "access-control-allow-origin" not in answer.headers
    simple = plain.get("/healthz", headers={"Origin": "https://evil.example.com"})
    assert "access-control-allow-origin" not in simple.headers


def test_cors_allows_the_configured_origins_only(database: Database) -> None:
    web = WebConfig(cors_origins=("https://desk.pound.example.in",))
    with TestClient(_app(database, web)) as c:
        allowed = _preflight(c, "https://desk.pound.example.in")
        refused = _preflight(c, "https://evil.example.com")
        simple = c.get("/healthz", headers={"Origin": "https://desk.pound.example.in"})

    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == "https://desk.pound.example.in"
    assert "POST" in allowed.headers["access-control-allow-methods"]
    assert "authorization" in allowed.headers["access-control-allow-headers"].lower()
    assert allowed.headers["x-content-type-options"] == "nosniff"
    assert refused.status_code == 400
    assert "access-control-allow-origin" not in refused.headers
    assert simple.headers["access-control-allow-origin"] == "https://desk.pound.example.in"
