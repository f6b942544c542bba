"""Importing a module of models/, office/ or bot/ registers no SQLAlchemy event listener.

What must run per session is registered by the unit of work on its own session when it is
opened (models/unit.py), and the engines' listeners where the database handle builds its engines
(models/db.py): both are written down in docs/design.md, *Units of work*. Checked in a fresh
interpreter, whose event registry is compared before and after every module is imported.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import importlib, json, pkgutil, sys
import sqlalchemy, sqlalchemy.orm, sqlmodel
from sqlalchemy.event import registry

LIBRARIES = ("sqlalchemy", "sqlmodel")

# The function a listener runs, unwrapped from SQLAlchemy's adapters; None for the library's
# own bookkeeping (a table's columns attaching, a mapper's init).
def ours(fn):
    if not getattr(fn, "__module__", "").startswith(LIBRARIES):
        return fn
    for cell in getattr(fn, "__closure__", None) or ():
        inner = cell.cell_contents
        if callable(inner) and not getattr(inner, "__module__", "").startswith(LIBRARIES):
            return inner
    return None

def listeners():
    found = set()
    for key, collection in list(registry._key_to_collection.items()):
        for listen_ref in list(collection.values()):
            fn = ours(listen_ref())
            if fn is not None:
                found.add((fn.__module__, fn.__qualname__, key[1]))
    return found

before = listeners()
for package in ("models", "office", "bot"):
    root = importlib.import_module(package)
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        importlib.import_module(info.name)
gained = sorted(listeners() - before)
print(json.dumps(gained))
"""


def _gained(script: str) -> set[tuple[str, ...]]:
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    return {tuple(item) for item in json.loads(done.stdout.strip().splitlines()[-1])}


def test_importing_models_office_and_bot_registers_no_event_listener() -> None:
    assert _gained(SCRIPT) == set()


def test_the_check_sees_a_listener_registered_by_a_module() -> None:
    """The check bites: the webhooks' write counter (bot/state.py), registered on an engine as
    the writer registers it when it is made, is seen."""
    script = SCRIPT.replace(
        "gained = sorted(",
        "from bot import state\n"
        # Kept alive: an engine collected while the registry is read takes its listeners out
        # of the dictionaries being read.
        "engine = sqlalchemy.create_engine('sqlite://')\n"
        "state.count_writes(engine)\n"
        "gained = sorted(",
    )
    assert ("bot.state", "_count_writes", "before_cursor_execute") in _gained(script)
