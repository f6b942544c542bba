"""The provider's acceptances, kept until the database has them: in memory and in a local file.

When Telegram or Twilio has taken a message, that fact must reach the outbox row or the row's
claim lapses and the message is sent again; the database may not answer just then. So the
sender notes each acceptance here first, fsynced as a JSON line in this worker's file
(`outbox-<database>-<worker>.jsonl`, held under `flock` while it lives; a worker starting takes
over the files of dead ones), and records it once the database answers (docs/worker.md,
"Provider acceptance").
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import logging
import os
import re
import threading
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from sqlalchemy.engine import make_url

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Acceptance:
    """A message the provider took: which row, under whose claim, and what was sent."""

    row_id: int
    worker: str
    provider_id: str
    body: str
    sent_at: datetime
    params: dict[str, object] | None = None
    language: str | None = None
    rest: str | None = None  # the rest of a long text, to follow in a row of its own

    def line(self) -> bytes:
        data: dict[str, Any] = asdict(self)
        data["sent_at"] = self.sent_at.isoformat()
        return (json.dumps(data, ensure_ascii=False, default=str) + "\n").encode("utf-8")

    @classmethod
    def parse(cls, line: bytes) -> Acceptance:
        data = json.loads(line)
        data["sent_at"] = datetime.fromisoformat(data["sent_at"])
        return cls(**data)


def database_scope(url: str) -> str:
    """A short name for one database (its URL without the password), for journal file names."""
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except Exception:
        shown = url
    return hashlib.sha256(shown.encode("utf-8")).hexdigest()[:12]


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name)[:80]


class Journal:
    """Acceptances not yet recorded: in memory, and in a file when `directory` is given."""

    def __init__(self, directory: Path | None = None, *, scope: str = "", worker: str = "") -> None:
        self.directory = directory
        self.prefix = f"outbox-{_safe(scope)}-"
        self.path = directory / f"{self.prefix}{_safe(worker)}.jsonl" if directory else None
        self._pending: dict[int, Acceptance] = {}
        self._file: IO[bytes] | None = None
        self._lock = threading.Lock()
        # Group commit: one fsync covers every line written before it began.
        self._sync_lock = threading.Lock()
        self._written = 0
        self._synced = 0

    def pending(self) -> list[Acceptance]:
        with self._lock:
            return list(self._pending.values())

    def __len__(self) -> int:
        with self._lock:
            return len(self._pending)

    def open(self) -> int:
        """Open this worker's file and take over those of dead workers; answers how many
        acceptances were taken over (they are pending now)."""
        if self.path is None or self.directory is None or self._file is not None:
            return 0
        self.directory.mkdir(parents=True, exist_ok=True)
        # Locked before it bears a name another worker looks for: never taken for a dead one's.
        fresh = self.path.with_suffix(".new")
        mine = open(fresh, "ab")  # noqa: SIM115 - held open for the worker's life
        fcntl.flock(mine.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.replace(fresh, self.path)
        self._file = mine
        taken: list[Acceptance] = []
        for other in sorted(self.directory.glob(f"{self.prefix}*.jsonl")):
            if other != self.path:
                taken.extend(self._take_over(other))
        # What this journal held before (opened again after a stop) and what it took over.
        for acceptance in [*self.pending(), *taken]:
            self.accepted(acceptance)
        return len(taken)

    def _take_over(self, path: Path) -> list[Acceptance]:
        try:
            f = open(path, "r+b")  # noqa: SIM115 - closed below
        except FileNotFoundError:
            return []
        with f:
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return []  # its worker is alive
            found: dict[int, Acceptance] = {}
            for line in f.read().splitlines():
                if not line.strip():
                    continue
                try:
                    acceptance = Acceptance.parse(line)
                except (ValueError, TypeError, KeyError):
                    # The last line of a worker killed while writing it: that acceptance is the
                    # one that may be sent again (docs/worker.md).
                    log.warning("journal %s: an unreadable line skipped", path.name)
                    continue
                found[acceptance.row_id] = acceptance
            if found:
                log.warning(
                    "journal %s of a worker that stopped: %d acceptances to record",
                    path.name,
                    len(found),
                )
            f.truncate(0)
            path.unlink(missing_ok=True)
            return list(found.values())

    def accepted(self, acceptance: Acceptance) -> None:
        """Note an acceptance: in memory at once, then on disk, returning once it is fsynced
        (threads noting acceptances at once share their fsyncs)."""
        with self._lock:
            self._pending[acceptance.row_id] = acceptance
            if self._file is None:
                return
            self._file.write(acceptance.line())
            self._file.flush()
            self._written += 1
            mine = self._written
        with self._sync_lock:
            if self._synced >= mine:
                return  # an fsync begun after this line was written has covered it
            with self._lock:
                if self._file is None:
                    return
                upto = self._written
                fd = self._file.fileno()
            os.fsync(fd)
            self._synced = upto

    def recorded(self, row_ids: list[int]) -> None:
        """These are in the database now; an empty journal's file is emptied."""
        with self._lock:
            for row_id in row_ids:
                self._pending.pop(row_id, None)
            if not self._pending and self._file is not None and self._file.tell() > 0:
                self._file.truncate(0)
                self._file.seek(0)

    def close(self) -> None:
        """Release the file: deleted when nothing is pending, else left for the next worker."""
        with self._sync_lock, self._lock:  # the order `accepted` takes them in
            if self._file is None:
                return
            if not self._pending and self.path is not None:
                self.path.unlink(missing_ok=True)
            elif self._pending:
                log.warning(
                    "%d acceptances not yet recorded are left in %s for the next worker",
                    len(self._pending),
                    self.path,
                )
            self._file.close()  # the lock goes with it
            self._file = None
