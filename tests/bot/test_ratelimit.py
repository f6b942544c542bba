"""Token buckets: the rates the sender keeps, on a clock the test moves by hand."""

from __future__ import annotations

import pytest

from bot.ratelimit import Limits, TokenBucket, take, wait_time


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def send_all(bucket: TokenBucket, clock: FakeClock, count: int, cost: float = 1.0) -> list[float]:
    """Send `count` messages as fast as the bucket allows; the instants they went."""
    sent = []
    for _ in range(count):
        wait = bucket.wait_time(cost)
        clock.advance(wait)
        assert bucket.wait_time(cost) == 0.0
        bucket.take(cost)
        sent.append(clock.now)
    return sent


def most_in_any_second(instants: list[float]) -> int:
    return max(sum(1 for t in instants if start <= t < start + 1.0) for start in instants)


def test_thirty_a_second_reaches_thirty_and_never_more_in_any_second() -> None:
    clock = FakeClock()
    bucket = TokenBucket(30, clock=clock)

    sent = send_all(bucket, clock, 300)

    assert sent[-1] - sent[0] == pytest.approx(299 / 30)
    assert most_in_any_second(sent) <= 30


def test_one_a_second_per_chat_spaces_messages_a_second_apart() -> None:
    clock = FakeClock()
    chats = Limits(1.0, clock=clock)

    first = chats.get("111")
    sent = send_all(first, clock, 3)

    assert [round(t - sent[0], 6) for t in sent] == [0.0, 1.0, 2.0]
    assert chats.get("222").wait_time() == 0.0  # another chat is not held up


def test_a_long_sms_takes_a_token_per_segment() -> None:
    clock = FakeClock()
    number = TokenBucket(1.0, clock=clock)

    number.take(3)  # a three-segment message goes at once ...

    assert number.wait_time(1) == pytest.approx(3.0)  # ... and the next waits for all three


def test_a_pause_holds_the_bucket_as_long_as_told() -> None:
    clock = FakeClock()
    bucket = TokenBucket(30, clock=clock)

    bucket.pause(5)

    assert bucket.wait_time() == pytest.approx(5.0)
    clock.advance(5)
    assert bucket.wait_time() == 0.0


def test_several_buckets_wait_for_the_slowest_and_take_from_each() -> None:
    clock = FakeClock()
    overall, chat = TokenBucket(30, clock=clock), TokenBucket(1, clock=clock)

    take([overall, chat])

    assert wait_time([overall, chat]) == pytest.approx(1.0)
    assert overall.wait_time() == pytest.approx(1 / 30)


def test_idle_chats_are_forgotten_when_there_are_too_many() -> None:
    clock = FakeClock()
    chats = Limits(1.0, clock=clock, max_keys=2)
    chats.get("a").take()
    chats.get("b")

    clock.advance(10)
    chats.get("c")

    assert set(chats.buckets) == {"c"}


def test_a_rate_must_be_positive() -> None:
    with pytest.raises(ValueError):
        TokenBucket(0)
