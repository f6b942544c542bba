"""Importing bot/ registers no SQLAlchemy event listener of its own: what must run on a
database is registered where it is used (the webhooks' writer counts its engine's writes,
bot/state.py `count_writes`)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import importlib, pkgutil
import sqlalchemy.event.registry as registry
import bot
names = sorted(m.name for m in pkgutil.walk_packages(bot.__path__, "bot."))
for name in names:
    importlib.import_module(name)
mine = set()
for collection in registry._key_to_collection.values():
    for ref in list(collection.values()):
        fn = ref()
        # SQLAlchemy wraps some listeners in a closure of its own: look inside it too.
        inner = [c.cell_contents for c in getattr(fn, "__closure__", None) or ()]
        for f in [fn, *inner]:
            f = getattr(f, "__func__", f)
            module = getattr(f, "__module__", "") or ""
            if callable(f) and module.split(".")[0] == "bot":
                mine.add(f"{module}.{getattr(f, '__qualname__', f)}")
print(len(names))
print(*sorted(mine), sep="\\n")
"""


def test_importing_bot_registers_no_listener_of_its_own() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split("\n")
    assert int(out[0]) > 40  # every module of bot/ was imported
    assert [line for line in out[1:] if line] == []


def test_the_probe_sees_a_listener_registered_at_import() -> None:
    """The check bites: bot/state.py's write counter, once registered, is seen."""
    probe = PROBE.replace(
        "mine = set()",
        "from sqlalchemy import create_engine\n"
        "from bot import state\n"
        "state.count_writes(create_engine('sqlite://'))\n"
        "mine = set()",
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split("\n")
    assert "bot.state._count_writes" in out
