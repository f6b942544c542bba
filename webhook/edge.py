"""What every HTTP request passes through: its request id, the body cap, the security headers,
the latency histogram and the access log line.

One pure ASGI middleware rather than a `BaseHTTPMiddleware` (which runs the app in a task of
its own and copies each message through memory streams) or a stack of several: the webhooks
are the busiest path, and this costs them one function call and a few header tuples
(bench/webhook.py measures it).

- **Request id**: the client's `X-Request-ID` when it is sane (1-64 letters, digits, `.`, `_`,
  `:` and `-`), else a fresh one; it is answered in the response's `X-Request-ID`, written on
  the request's log line, kept in `scope["state"]["request_id"]` for the routes (the units of
  work they open carry it to the outbox rows they write, models/unit.py).
- **Body cap**: a body declared or streamed over `max_body` bytes is refused 413 with the error
  envelope (`too_large`), before the route reads it whole.
- **Headers**: `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`,
  `X-Frame-Options: DENY`, a Content-Security-Policy that allows nothing but the service's own
  scripts, styles, images (and `data:` images), and `Strict-Transport-Security` when the public
  URL is https. A route may set its own CSP: the documents' pages and `/v/{id}` allow their own
  `<style>` by its hash (`csp_for_styles`).
"""

from __future__ import annotations

import base64
import hashlib
import logging
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from webhook.errors import envelope
from webhook.ratelimit import Network, parse_networks

# Told of each answer: its route's template, method, status class ("2xx") and seconds taken
# (webhook/metrics.py `Metrics.observe_request`).
ObserveRequest = Callable[[str, str, str, float], None]

log = logging.getLogger("pound.http")

REQUEST_ID = "request_id"  # the key in scope["state"] (Starlette's `request.state.request_id`)
_SANE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,63}")
MAX_BODY = 64 * 1024
HSTS = "max-age=31536000; includeSubDomains"
CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
LOOPBACK = "127.0.0.0/8, ::1/128"
_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.DOTALL)


def style_sources(html: str) -> str:
    """`'self'` and the SHA-256 of each of the page's own `<style>` elements (CSP Level 2 hash
    sources), the same style once."""
    hashes = dict.fromkeys(
        "'sha256-" + base64.b64encode(hashlib.sha256(css.encode()).digest()).decode() + "'"
        for css in _STYLE.findall(html)
    )
    return " ".join(["'self'", *hashes])


def csp_for_styles(html: str) -> str:
    """The service's policy, allowing also the page's own `<style>` elements by their hashes:
    a page whose style is written for it (a document's paper size, a chart's colours,
    webhook/charts.py) keeps it without allowing any other inline style."""
    return CSP.replace("style-src 'self'", "style-src " + style_sources(html))


@dataclass(frozen=True)
class WebConfig:
    """What `pound` passes down from its settings (docs/operations.md)."""

    https: bool = False  # the public URL is https: answer HSTS
    max_body: int = MAX_BODY  # bytes, every route
    cors_origins: tuple[str, ...] = ()  # none: no cross-origin browser call is allowed
    metrics_token: str | None = None  # GET /metrics wants it as a bearer token when set
    # Without a token, GET /metrics answers only clients in these networks.
    metrics_networks: tuple[Network, ...] = field(default_factory=lambda: parse_networks(LOOPBACK))
    trusted_proxies: tuple[Network, ...] = ()


class BodyTooLarge(HTTPException):
    """A streamed body passed the cap: the app's handler answers it with the envelope (413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is larger than {limit} bytes")


class Edge:
    """The middleware (see the module's note). `observe` may be None (nothing observed)."""

    def __init__(self, app: ASGIApp, *, config: WebConfig, observe: ObserveRequest | None) -> None:
        self.app = app
        self.config = config
        self.observe = observe
        self.headers = [
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
            (b"x-frame-options", b"DENY"),
            (b"content-security-policy", CSP.encode()),
        ]
        if config.https:
            self.headers.append((b"strict-transport-security", HSTS.encode()))
        self.max_body = config.max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        declared: int | None = None
        given: str | None = None
        for name, value in scope["headers"]:
            if name == b"x-request-id":
                given = value.decode("latin-1")
            elif name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = None
        # The client's, when sane; else 32 random hex digits (a UUID4's randomness, without
        # building the UUID).
        request_id = (
            given if given is not None and _SANE_ID.fullmatch(given) else os.urandom(16).hex()
        )
        scope.setdefault("state", {})[REQUEST_ID] = request_id
        extra = [*self.headers, (b"x-request-id", request_id.encode())]
        status = 500

        async def send_with_headers(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                present = {name.lower() for name, _ in message.get("headers", ())}
                message["headers"] = [
                    *message.get("headers", ()),
                    *(h for h in extra if h[0] not in present),
                ]
            await send(message)

        limit = self.max_body
        try:
            if declared is not None and declared > limit:
                await self._refuse(scope, receive, send_with_headers, limit)
                return
            received = 0

            async def receive_capped() -> Message:
                nonlocal received
                message = await receive()
                if message["type"] == "http.request":
                    received += len(message.get("body", b""))
                    if received > limit:
                        raise BodyTooLarge(limit)
                return message

            await self.app(scope, receive_capped, send_with_headers)
        finally:
            self._done(scope, status, time.perf_counter() - started, request_id)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        # The error envelope (webhook/errors.py), answered here: the app is not called at all.
        detail = f"the request body is larger than {limit} bytes"
        closing = {"connection": "close"}
        answer = envelope(413, "too_large", detail, {"max_bytes": limit}, headers=closing)
        await answer(scope, receive, send)

    def _done(self, scope: Scope, status: int, seconds: float, request_id: str) -> None:
        route = scope.get("route")
        template = getattr(route, "path", None) or "unmatched"
        method = scope["method"]
        if self.observe is not None:
            self.observe(template, method, f"{status // 100}xx", seconds)
        if log.isEnabledFor(logging.INFO):
            log.info(
                "%s %s %d %.1f ms",
                method,
                template,
                status,
                seconds * 1000,
                extra={
                    "request_id": request_id,
                    "method": method,
                    "route": template,
                    "status": status,
                    "duration_ms": round(seconds * 1000, 3),
                },
            )


def request_id(request: Request) -> str | None:
    """The id the middleware gave `request` (None when it did not run: a bare test app)."""
    state = request.scope.get("state")
    value = state.get(REQUEST_ID) if isinstance(state, dict) else None
    return value if isinstance(value, str) else None
