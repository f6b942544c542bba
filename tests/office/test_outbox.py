"""The outbox has one owner (office/records/outbox.py): its states, the moves between them, and
every write of a row; the chart in docs/worker.md is its table, no more and no less."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlmodel import Session, col, select

from models import Database, Outbox, Person
from office.records import outbox, outbox_delivery
from office.records.outbox import BEGINS, RESTS, TRANSITIONS, IllegalTransition, OutboxState
from tests.units import tx

ROOT = Path(__file__).resolve().parents[2]
CHART = ROOT / "docs" / "worker.md"
OWNER = ROOT / "office" / "records" / "outbox.py"
PACKAGES = ("law", "models", "office", "bot", "webhook", "pound")
EDGE = re.compile(r"^\s*(\[\*\]|\w+)\s*-->\s*(\[\*\]|\w+)\s*(?::.*)?$")
T0 = datetime(2026, 3, 2, 6, 0, tzinfo=UTC)
STATES = {s.value for s in OutboxState}


# --- The chart is the table ----------------------------------------------------------------------


def chart() -> tuple[set[str], set[tuple[str, str]], set[str], set[str]]:
    """docs/worker.md's outbox chart: its states, moves, where rows begin and where they rest."""
    blocks = re.findall(r"```mermaid\n(.*?)```", CHART.read_text(encoding="utf-8"), re.S)
    [block] = [b for b in blocks if "%% enum: OutboxState" in b]
    states: set[str] = set()
    edges: set[tuple[str, str]] = set()
    begins: set[str] = set()
    rests: set[str] = set()
    for line in block.splitlines():
        match = EDGE.match(line)
        if match is None:
            continue
        a, b = match.groups()
        states |= {a, b} - {"[*]"}
        if a == "[*]":
            begins.add(b)
        elif b == "[*]":
            rests.add(a)
        else:
            edges.add((a, b))
    return states, edges, begins, rests


def test_the_worker_chart_is_the_outbox_states_and_their_moves() -> None:
    states, edges, _, _ = chart()
    assert states == STATES
    assert edges == {(a.value, b.value) for a, b in TRANSITIONS}


def test_the_chart_begins_where_rows_are_written_and_rests_where_they_may_stay() -> None:
    _, _, begins, rests = chart()
    assert begins == {s.value for s in BEGINS}
    assert rests == {s.value for s in RESTS}
    # A state with no way out is one a row rests in; no state is out of reach.
    leaving = {a for a, _ in TRANSITIONS}
    assert {s for s in OutboxState if s not in leaving} <= RESTS
    assert {b for _, b in TRANSITIONS} | BEGINS == set(OutboxState)


# --- The owner moves rows along the table only ---------------------------------------------------


def _person(db: Database) -> int:
    with tx(db) as s:
        p = Person(name="Ram Das", phone="+919333333333", telegram_id=4242, created_at=T0)
        s.add(p)
        s.flush()
        assert p.id is not None
        return p.id


def _queue(s: Session, key: str, person_id: int, **extra: object) -> Outbox:
    values: dict[str, object] = {
        "channel": "telegram",
        "address": "4242",
        "person_id": person_id,
        "language": "en",
        "template": "claim_reminder",
        "params": {"ref": "X1"},
        "due_at": T0,
        "now": T0,
        "seizure_ref": "X1",
        **extra,
    }
    return outbox_delivery.queue(s, dedupe_key=key, **values)  # type: ignore[arg-type]


class Moves:
    """Every row's (state, claim) before and after each step: what moved, and how."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.seen: set[tuple[OutboxState, OutboxState]] = set()
        self.begun: set[str] = set()
        self.last = self._rows()

    def _rows(self) -> dict[int, tuple[str, str | None]]:
        with self.db.reading() as s:
            rows = s.exec(select(Outbox.id, Outbox.state, Outbox.claimed_by)).all()
        return {i: (state, by) for i, state, by in rows if i is not None}

    def step(self, do: Callable[[Session], object]) -> object:
        with tx(self.db) as s:
            result = do(s)
        now = self._rows()
        for row_id, (state, by) in now.items():
            if row_id not in self.last:
                self.begun.add(state)
                continue
            before, before_by = self.last[row_id]
            if before == state and (state != "sending" or before_by == by):
                continue  # not moved (a claim taken again is a move of its own)
            move = (OutboxState(before), OutboxState(state))
            assert move in TRANSITIONS, f"row {row_id}: {before} -> {state} is off the chart"
            self.seen.add(move)
        self.last = now
        return result


def _only(s: Session, key: str) -> Outbox:
    row = outbox.find(s, key)
    assert row is not None
    return row


def test_every_move_the_owner_makes_is_on_the_chart_and_every_edge_is_made(db: Database) -> None:
    pid = _person(db)
    moves = Moves(db)
    lease = timedelta(minutes=5)
    telegram = ["telegram"]  # the fallback by SMS stays queued

    def claim(worker: str, at: datetime) -> Callable[[Session], object]:
        return lambda s: outbox_delivery.claim(
            s,
            now=at,
            worker=worker,
            channels=telegram,
            limit=10,
            lease=lease,
            grace=timedelta(0),
            skip_locked=not db.is_sqlite,
        )

    moves.step(lambda s: _queue(s, "a", pid, template="reply"))
    moves.step(lambda s: _queue(s, "held", pid, held="held: over the limit"))
    moves.step(lambda s: _queue(s, "untrue", pid))
    moves.step(
        lambda s: outbox.queue_at_commit(
            s,
            [
                {
                    "dedupe_key": key,
                    "channel": "telegram",
                    "address": "4242",
                    "person_id": pid,
                    "language": "en",
                    "template": "reply",
                    "params": {"body": "hello"},
                    "body": "hello",
                    "options": [],
                    "private": False,
                    "due_at": T0,
                    "created_at": T0,
                }
                for key in ("d", "e")
            ],
        )
    )
    assert moves.begun == {"queued", "held"}
    # An act makes the reminder untrue: cancelled while queued.
    moves.step(lambda s: outbox.cancel_queued(s, "X1", "claim_reminder", T0, "claimed"))
    with db.reading() as s:
        ids = {k: _only(s, k).id for k in ("a", "d", "e", "held", "untrue")}
    moves.step(claim("w1", T0))
    # w1 died: after the lease, w2 claims the same rows again.
    moves.step(claim("w2", T0 + 2 * lease))
    assert {moves.last[i][1] for i in (ids["a"], ids["d"], ids["e"])} == {"w2"}
    later = T0 + timedelta(hours=1)
    moves.step(lambda s: outbox_delivery.release(s, row_ids=[ids["d"]], worker="w2", until=later))
    assert (
        moves.step(
            lambda s: outbox_delivery.sent(
                s, row_id=ids["a"], worker="w1", provider_id="SM-a", body="x", sent_at=T0
            )
        )
        is False
    ), "a lapsed claim records nothing"
    moves.step(
        lambda s: outbox_delivery.sent(
            s, row_id=ids["a"], worker="w2", provider_id="SM-a", body="x", sent_at=T0
        )
    )
    moves.step(
        lambda s: outbox_delivery.cancel_claimed(
            s, row_id=ids["e"], worker="w2", reason="gone", now=T0
        )
    )
    moves.step(claim("w1", later))
    fallback = moves.step(
        lambda s: outbox_delivery.fail_claimed(
            s,
            row_id=ids["d"],
            worker="w1",
            reason="blocked: by the person",
            now=later,
            count_error=False,
        )
    )
    moves.step(
        lambda s: outbox_delivery.delivered(s, _only(s, "a"), now=later, outcome="delivered")
    )
    # One more sent and then reported undelivered.
    moves.step(lambda s: _queue(s, "g", pid, template="reply", seizure_ref=None))
    moves.step(claim("w1", later))
    with db.reading() as s:
        gid = _only(s, "g").id
    assert gid is not None
    moves.step(
        lambda s: outbox_delivery.sent(
            s, row_id=gid, worker="w1", provider_id="SM-g", body="x", sent_at=later
        )
    )
    moves.step(
        lambda s: outbox_delivery.failed(
            s, _only(s, "g"), reason="twilio-30003: undelivered", now=later, outcome="undelivered"
        )
    )

    assert moves.seen == set(TRANSITIONS)
    with db.reading() as s:
        states = {k: _only(s, k).state for k in ("a", "d", "e", "g", "held", "untrue")}
        made = s.get(Outbox, fallback)
        assert made is not None
        fell_back = (made.channel, made.state, made.fallback_from)
    assert states == {
        "a": "delivered",
        "d": "failed",
        "e": "cancelled",
        "g": "failed",
        "held": "held",
        "untrue": "cancelled",
    }
    # The failed Telegram message is queued again by SMS (a fallback of its own, once).
    assert fell_back == ("sms", "queued", ids["d"])


@pytest.fixture
def rows(db: Database) -> Iterator[dict[str, int]]:
    pid = _person(db)
    with tx(db) as s:
        made = {
            "q": _queue(s, "q", pid, template="reply", seizure_ref=None).id,
            "held": _queue(s, "held", pid, held="held: over the limit").id,
        }
    yield {k: v for k, v in made.items() if v is not None}


@pytest.mark.parametrize(
    "move",
    [
        lambda s, row: outbox_delivery.delivered(s, row, now=T0, outcome="delivered"),
        lambda s, row: outbox_delivery.failed(s, row, reason="twilio-30003", now=T0),
    ],
    ids=["delivered", "failed"],
)
def test_a_move_off_the_chart_is_refused_and_writes_nothing(
    db: Database, rows: dict[str, int], move: Callable[[Session, Outbox], object]
) -> None:
    for key in ("q", "held"):  # a queued row was never sent; a held one never goes
        with pytest.raises(IllegalTransition), tx(db) as s:
            move(s, _only(s, key))
    with db.reading() as s:
        assert {r.dedupe_key: r.state for r in s.exec(select(Outbox)).all()} == {
            "q": "queued",
            "held": "held",
        }
        assert s.exec(select(Outbox).where(col(Outbox.fallback_from).is_not(None))).first() is None


def test_a_finished_row_cannot_be_claimed_released_or_cancelled_again(
    db: Database, rows: dict[str, int]
) -> None:
    with tx(db) as s:
        outbox.cancel_queued(s, "X1", "claim_reminder", T0, "no longer true")
        [claimed] = outbox_delivery.claim(
            s,
            now=T0,
            worker="w",
            channels=["telegram"],
            limit=1,
            lease=timedelta(minutes=5),
            grace=timedelta(0),
            skip_locked=not db.is_sqlite,
        )
        row_id = claimed.id
        assert row_id == rows["q"]
        outbox_delivery.cancel_claimed(s, row_id=row_id, worker="w", reason="gone", now=T0)
    with tx(db) as s:
        assert outbox_delivery.release(s, row_ids=[row_id], worker="w", until=None) == 0
        assert outbox_delivery.cancel_claimed(s, row_id=row_id, worker="w", reason="x", now=T0) == 0
        assert not outbox_delivery.sent(
            s, row_id=row_id, worker="w", provider_id="SM1", body="x", sent_at=T0
        )
        with pytest.raises(IllegalTransition):
            outbox_delivery.delivered(s, _only(s, "q"), now=T0, outcome="x")


def test_may_move_is_the_table() -> None:
    for a in OutboxState:
        for b in OutboxState:
            assert outbox.may_move(a.value, b) == ((a, b) in TRANSITIONS)
    assert not outbox.may_move(None, OutboxState.SENT)
    assert not outbox.may_move("lost", OutboxState.SENT)


# --- No one else writes a row -------------------------------------------------------------------

# Columns only the outbox has: an assignment to one of them is a write of an outbox row.
OUTBOX_ONLY = {
    "state",
    "failed_reason",
    "claimed_by",
    "claimed_at",
    "provider_id",
    "delivered_at",
    "sent_at",
    "next_attempt_at",
    "error_count",
    "fallback_from",
    "sent_via",
    "via_reason",
    "outcome",
    "caused_by",
    "dedupe_key",
}
WRITES = {"insert", "update", "delete", "pg_insert", "sqlite_insert"}


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _is_state(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Constant) and node.value in STATES


def outbox_writes(source: str) -> list[tuple[int, str]]:
    """Where a module writes outbox rows or names their states itself."""
    found: list[tuple[int, str]] = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if _name(node.func) == "Outbox":
                found.append((node.lineno, "builds an Outbox row"))
            if _name(node.func) in WRITES and any(_name(a) == "Outbox" for a in node.args):
                found.append((node.lineno, f"{_name(node.func)}(Outbox)"))
            found += [
                (node.lineno, "a state written by its name")
                for k in node.keywords
                if k.arg == "state" and _is_state(k.value)
            ]
        if (
            isinstance(node, ast.Attribute)
            and node.attr == "__table__"
            and _name(node.value) == "Outbox"
        ):
            found.append((node.lineno, "the outbox table itself"))
        if isinstance(node, ast.Dict):
            found += [
                (node.lineno, "a state written by its name")
                for k, v in zip(node.keys, node.values, strict=True)
                if isinstance(k, ast.Constant) and k.value == "state" and _is_state(v)
            ]
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        found += [
            (node.lineno, f"sets .{t.attr}")
            for t in targets
            if isinstance(t, ast.Attribute) and t.attr in OUTBOX_ONLY
        ]
    # The states are named once: no module defines a constant of its own for one.
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and _is_state(stmt.value):
            found.append((stmt.lineno, "names an outbox state again"))
    return found


def test_no_module_but_the_owner_writes_outbox_rows_or_names_their_states() -> None:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path in (OWNER, OWNER.with_name("outbox_delivery.py")):
                continue
            hits = outbox_writes(path.read_text(encoding="utf-8"))
            if hits:
                found[str(path.relative_to(ROOT))] = hits
    assert found == {}


@pytest.mark.parametrize(
    "source",
    [
        "row = Outbox(dedupe_key='k', state='queued')",
        "s.execute(update(Outbox).values(state=SENT))",
        "conn.execute(insert(Outbox), rows)",
        "_T = Outbox.__table__",
        "rows.append({'dedupe_key': 'k', 'state': 'queued'})",
        "row.state = CANCELLED",
        "row.error_count += 1",
        "QUEUED = 'queued'",
    ],
)
def test_the_scan_finds_a_write_outside_the_owner(source: str) -> None:
    assert outbox_writes(source)


def test_the_owner_itself_is_what_the_scan_would_find() -> None:
    assert outbox_writes(OWNER.read_text(encoding="utf-8"))
