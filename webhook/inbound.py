"""What both channel webhooks share: a bounded body, and one writer thread per process for SQLite.

Sync routes run in AnyIO's pool of 40 threads; on SQLite they would all queue on the one file
lock (busy_timeout), which is what makes p99 latency explode under load. The webhooks instead
hand their transaction to `Writer`: one thread on SQLite (writers never fight), a few on
PostgreSQL (where the global advisory writer lock, models/db.py, orders them anyway).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from fastapi import Request

from models import Database

MAX_BODY = 64 * 1024
T = TypeVar("T")


class TooLarge(Exception):
    """The request body is over the limit."""


async def read_body(request: Request, limit: int = MAX_BODY) -> bytes:
    """The body, refused (TooLarge) as soon as it passes `limit` bytes, never read whole."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise TooLarge(f"{declared} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TooLarge(f"more than {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


class Writer:
    """Runs blocking database work off the event loop, in a pool sized for the database."""

    def __init__(self, db: Database, *, threads: int | None = None) -> None:
        size = threads if threads is not None else (1 if db.is_sqlite else 4)
        self.threads = size
        self._pool = ThreadPoolExecutor(max_workers=size, thread_name_prefix="pound-writer")

    async def run(self, fn: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn)

    def close(self) -> None:
        self._pool.shutdown(wait=False)
