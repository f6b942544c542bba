"""What the audit events' record digests cost: the e2e stories with and without them (by hand).

    .venv/bin/python bench/audit_records.py [--db sqlite|postgresql] [--rounds 1]

Runs the stories of tests/e2e (the REST API stories and the time-travel stories with the
worker) under pytest in a child process, once as the office runs (every event carries the
digests of the rows its act wrote, read back at the commit) and once with no table counted as
the record (the events carry none), and prints the time spent in the stories themselves (the
call phase: not pytest's start, not the making of each test database) and the ratio. With
--rounds N it alternates the two N times and sums. Not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
STORIES = [
    "tests/e2e/test_story.py",
    "tests/e2e/test_cases_story.py",
    "tests/e2e/test_time_travel.py",
    "tests/e2e/test_time_travel_complaint.py",
    "tests/e2e/test_time_travel_messages.py",
    "tests/e2e/test_time_travel_sales.py",
]


class _Timer:
    """A pytest plugin: the seconds spent in the tests' call phase, summed: on the clock, and
    on this process's CPU (which a machine busy with other work disturbs far less; on
    PostgreSQL it leaves out the server's own work)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.cpu = 0.0
        self.failed = 0

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: Any) -> Any:
        started = time.process_time()
        try:
            return (yield)
        finally:
            self.cpu += time.process_time() - started

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.when == "call":
            self.seconds += report.duration
            if report.failed:
                self.failed += 1


def child(mode: str, db: str) -> None:
    from office.records import audit_hash

    if mode == "without":
        audit_hash.RECORD_TABLES = frozenset()  # nothing is gathered, no event carries digests
    timer = _Timer()
    started = time.perf_counter()
    code = pytest.main(
        [*STORIES, "-q", "-p", "no:cacheprovider", "-k", db, "--no-header"],
        plugins=[timer],
    )
    print(
        json.dumps(
            {
                "mode": mode,
                "calls": timer.seconds,
                "cpu": timer.cpu,
                "wall": time.perf_counter() - started,
                "failed": timer.failed,
                "exit": int(code),
            }
        )
    )


def run(mode: str, db: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, "--child", mode, "--db", db],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    for line in reversed(done.stdout.splitlines()):
        if line.startswith("{"):
            result: dict[str, Any] = json.loads(line)
            return result
    raise RuntimeError(f"{mode}: no result\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--child", choices=["with", "without"])
    args = parser.parse_args()
    if args.child:
        child(args.child, args.db)
        return
    totals = {"with": [0.0, 0.0], "without": [0.0, 0.0]}
    for _ in range(args.rounds):
        for mode in ("without", "with"):
            result = run(mode, args.db)
            if result["exit"] != 0:
                raise SystemExit(f"{mode}: the stories failed ({result})")
            totals[mode][0] += result["calls"]
            totals[mode][1] += result["cpu"]
            print(
                f"{mode:>7} record digests: stories {result['calls']:.2f} s, "
                f"CPU {result['cpu']:.2f} s",
                flush=True,
            )
    (wall_with, cpu_with), (wall_without, cpu_without) = totals["with"], totals["without"]
    print(
        f"{args.db}: clock {wall_with:.2f} s with, {wall_without:.2f} s without, ratio "
        f"{wall_with / wall_without:.3f}; CPU {cpu_with:.2f} s with, {cpu_without:.2f} s "
        f"without, ratio {cpu_with / cpu_without:.3f}"
    )


if __name__ == "__main__":
    main()
