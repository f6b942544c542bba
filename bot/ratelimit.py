"""Token buckets for the sender: per channel, per chat and per sender number, in one process.

Telegram allows about 30 messages a second per bot and 1 a second per private chat; Twilio
queues a long code at about 1 segment a second. Each bucket refills at `rate` tokens a second up
to one; a provider's own "slow down" (429, `retry_after`) pauses a bucket for as long as told.
The buckets are per process: with several workers, give each a share of the rate (docs/worker.md).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

Clock = Callable[[], float]
_EPSILON = 1e-9


class TokenBucket:
    """`rate` tokens a second, at most `burst` saved up; a pause stops it until a given instant."""

    def __init__(self, rate: float, *, clock: Clock = time.monotonic):
        if rate <= 0:
            raise ValueError("a rate is a positive number of tokens a second")
        self.rate = rate
        # A burst of one spaces messages evenly, so no one-second window holds more than `rate`+1.
        self.burst = 1.0
        self.clock = clock
        self.tokens = self.burst
        self.stamp = clock()
        self.paused_until = 0.0

    def _refill(self) -> float:
        now = self.clock()
        if now > self.stamp:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now
        return now

    def wait_time(self, n: float = 1.0) -> float:
        """Seconds until `n` tokens can be taken (0 when they can be taken now)."""
        now = self._refill()
        pause = max(0.0, self.paused_until - now)
        # A message larger than the burst (a long SMS) may go once the bucket is full.
        need = min(n, self.burst)
        short = need - self.tokens
        if short <= _EPSILON:  # floating point must not make a full bucket wait a nanosecond
            short = 0.0
        return max(pause, short / self.rate)

    def take(self, n: float = 1.0) -> None:
        """Take `n` tokens (call after `wait_time` said 0); a large `n` leaves a debt to repay."""
        self._refill()
        self.tokens -= n

    def pause(self, seconds: float) -> None:
        """The provider said "retry after `seconds`": nothing passes this bucket until then."""
        now = self._refill()
        self.paused_until = max(self.paused_until, now + max(0.0, seconds))
        self.tokens = min(self.tokens, 0.0)


@dataclass
class Limits:
    """Buckets by key, made on first use with the same rate (one per chat, one per number)."""

    rate: float
    clock: Clock = time.monotonic
    buckets: dict[Hashable, TokenBucket] = field(default_factory=dict)
    # Idle per-chat buckets are full again after burst/rate seconds; forget them then.
    max_keys: int = 10_000

    def get(self, key: Hashable) -> TokenBucket:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.max_keys:
                self._forget_idle()
            bucket = TokenBucket(self.rate, clock=self.clock)
            self.buckets[key] = bucket
        return bucket

    def _forget_idle(self) -> None:
        for key, bucket in list(self.buckets.items()):
            if bucket.wait_time(bucket.burst) == 0.0:
                del self.buckets[key]


def wait_time(buckets: Sequence[TokenBucket], n: float = 1.0) -> float:
    """Seconds until every bucket can give `n` tokens."""
    return max((b.wait_time(n) for b in buckets), default=0.0)


def take(buckets: Sequence[TokenBucket], n: float = 1.0) -> None:
    for b in buckets:
        b.take(n)
