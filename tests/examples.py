"""How many examples a property test tries: the number it names with the slow tier (`--slow`, as
`make test-slow` and `.ci/run` run), a fifth of it (at least 10, at most the number named) in
`make test`. The properties are the same in both; only how far each is searched differs."""

from __future__ import annotations

FULL = False  # set by tests/conftest.py before the test modules are imported


def examples(named: int) -> int:
    return named if FULL else max(named // 5, min(named, 10))
