"""Failed authentications and unsigned webhook posts, limited per client address.

An address that presented N unknown API tokens (POUND_AUTH_FAILURES_PER_MINUTE), or N Telegram
posts without the right secret or Twilio posts without a valid signature
(POUND_UNSIGNED_WEBHOOKS_PER_MINUTE), within the last 60 seconds is answered 429
`too_many_requests` with `Retry-After` for that kind of request until the oldest of those
failures is a minute old; its requests are not looked at meanwhile, so a guess is not checked.
A client that only succeeds is never limited: successes are not counted.

The count is a sliding window kept in this process's memory: each replica counts on its own
(docs/api.md). The client address is the peer of the connection; X-Forwarded-For is believed
only when that peer is one of POUND_TRUSTED_PROXIES, and then the client is the nearest address
in it that is not itself a trusted proxy.
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from fastapi import Request

from bot.channels.base import Refused

WINDOW_SECONDS = 60.0
# The addresses remembered at once; the least recently refused are forgotten first.
MAX_ADDRESSES = 100_000

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class TooManyRequests(Exception):
    """The client address is over its limit; `retry_after` whole seconds until it is not."""

    code = "too_many_requests"

    def __init__(self, retry_after: int, what: str) -> None:
        self.retry_after = retry_after
        self.what = what
        super().__init__(f"too many {what} from this address; try again in {retry_after} s")

    def body(self) -> dict[str, object]:
        return {
            "code": self.code,
            "section": None,
            "detail": str(self),
            "details": {"retry_after": self.retry_after},
        }

    def headers(self) -> dict[str, str]:
        return {"Retry-After": str(self.retry_after)}


class Window:
    """At most `limit` failures per key in any `window` seconds (a sliding log of times)."""

    def __init__(
        self,
        limit: int,
        *,
        what: str,
        window: float = WINDOW_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = MAX_ADDRESSES,
    ) -> None:
        self.limit = limit
        self.what = what
        self.window = window
        self.clock = clock
        self.max_keys = max_keys
        self._times: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def on(self) -> bool:
        return self.limit > 0

    def _recent(self, key: str, now: float) -> deque[float] | None:
        times = self._times.get(key)
        if times is None:
            return None
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._times[key]
            return None
        return times

    def _refuse_if_full(self, key: str, now: float) -> None:
        times = self._recent(key, now)
        if times is not None and len(times) >= self.limit:
            wait = times[0] + self.window - now
            raise TooManyRequests(max(1, math.ceil(wait)), self.what)

    def _count(self, key: str, now: float) -> None:
        times = self._recent(key, now)
        if times is None:
            times = self._times[key] = deque(maxlen=self.limit)
        self._times.move_to_end(key)
        times.append(now)
        while len(self._times) > self.max_keys:
            self._times.popitem(last=False)

    def check(self, key: str) -> None:
        """Raise TooManyRequests while `key` has `limit` failures in the window."""
        if not self.on:
            return
        with self._lock:
            self._refuse_if_full(key, self.clock())

    def take(self, key: str) -> None:
        """Count one request of `key`, or raise TooManyRequests (not counting it) while it has
        `limit` in the window: checked and counted under one lock, so requests at once cannot
        all pass the check before any is counted."""
        if not self.on:
            return
        with self._lock:
            now = self.clock()
            self._refuse_if_full(key, now)
            self._count(key, now)

    def failed(self, key: str) -> None:
        """Count one failure of `key`."""
        if not self.on:
            return
        with self._lock:
            self._count(key, self.clock())


def parse_networks(text: str | None) -> tuple[Network, ...]:
    """`10.0.0.1, 192.168.0.0/16, ::1` as networks; a bad entry is a ValueError naming it."""
    networks: list[Network] = []
    for part in (text or "").replace(";", ",").split(","):
        item = part.strip()
        if item:
            try:
                networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError as exc:
                raise ValueError(f"not an address or network: {item!r}") from exc
    return tuple(networks)


def client_in(host: str | None, networks: Iterable[Network]) -> bool:
    """Whether `host` is an address of one of `networks`."""
    if host is None:
        return False
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return any(address in net for net in networks)


def client_address(request: Request, proxies: tuple[Network, ...] = ()) -> str:
    """The address a request comes from (see the module's note on X-Forwarded-For)."""
    peer = request.client.host if request.client is not None else "unknown"
    if not proxies or not client_in(peer, proxies):
        return peer
    hops = [h.strip() for h in ",".join(request.headers.getlist("x-forwarded-for")).split(",")]
    for hop in reversed([h for h in hops if h]):
        if not client_in(hop, proxies):
            return hop
    return peer


@dataclass(frozen=True)
class RateLimits:
    """What `pound` passes down from its settings; 0 turns a limit off. `clock` counts seconds
    (the composition root passes `time.monotonic`)."""

    auth_failures_per_minute: int = 0
    unsigned_webhooks_per_minute: int = 0
    trusted_proxies: tuple[Network, ...] = ()
    clock: Callable[[], float] = time.monotonic


@dataclass
class Limiter:
    """The windows of one app (one process)."""

    auth: Window
    unsigned: Window
    proxies: tuple[Network, ...] = field(default_factory=tuple)

    @classmethod
    def build(cls, limits: RateLimits | None) -> Limiter:
        limits = limits or RateLimits()
        return cls(
            auth=Window(
                limits.auth_failures_per_minute, what="failed authentications", clock=limits.clock
            ),
            unsigned=Window(
                limits.unsigned_webhooks_per_minute,
                what="unsigned webhook posts",
                clock=limits.clock,
            ),
            proxies=limits.trusted_proxies,
        )

    def address(self, request: Request) -> str:
        return client_address(request, self.proxies)


def limiter_of(request: Request) -> Limiter | None:
    found = getattr(request.app.state, "limiter", None)
    return found if isinstance(found, Limiter) else None


@contextmanager
def unsigned_posts(request: Request) -> Iterator[None]:
    """Around a webhook's reading of a post: TooManyRequests before it is looked at while its
    address is over its limit, and a post refused as unsigned (a wrong secret or signature)
    counted for its address."""
    limiter = limiter_of(request)
    address = limiter.address(request) if limiter is not None else ""
    if limiter is not None:
        limiter.unsigned.check(address)
    try:
        yield
    except Refused as refused:
        if refused.unsigned and limiter is not None:
            limiter.unsigned.failed(address)
        raise
