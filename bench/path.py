"""The path of one message through the product's code, as it runs (by hand, not a test).

    .venv/bin/python bench/path.py [--sequence]

Builds the app as bench/webhook.py does (a SQLite file, the demo district), sends one SMS and
one Telegram update through it in-process (warmed up first by the same message of another chat)
and records, with `sys.setprofile`, every call that enters a product module (law, models,
office, bot, webhook, pound) from outside it. It prints, per message: the visits (entries into a
module), the returns (entries into a module, or a package, already left on the way), and with
--sequence the packages in the order entered.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PACKAGES = ("law", "models", "office", "bot", "webhook", "pound")
TOKEN, SECRET = "123456:PATH", "path-secret"
ACCOUNT, AUTH, PUBLIC = "AC" + "b" * 32, "path-auth-token", "http://testserver"


def _module(filename: str) -> str | None:
    """The product module a code object's file is, e.g. `bot/engine.py`, else None."""
    try:
        rel = Path(filename).resolve().relative_to(ROOT)
    except ValueError:
        return None
    return str(rel) if rel.parts and rel.parts[0] in PACKAGES else None


class Tracer:
    """The product modules entered while `recording`, in order, in every thread started after
    it is installed (the app's own, the webhooks' writer): a call within one module, or from
    one product module back into itself, is no entry."""

    def __init__(self) -> None:
        self.recording = False
        self.entered: list[str] = []
        self.local = threading.local()
        threading.setprofile(self.profile)
        sys.setprofile(self.profile)

    def profile(self, frame: Any, event: str, _arg: Any) -> None:
        stack: list[str | None] = self.local.__dict__.setdefault("stack", [])
        if event == "call":
            module = _module(frame.f_code.co_filename)
            caller = stack[-1] if stack else None
            if self.recording and module is not None and module != caller:
                self.entered.append(module)
            stack.append(module if module is not None else caller)
        elif event == "return" and stack:
            stack.pop()

    def trace(self, run: Callable[[], Any]) -> list[str]:
        self.entered = []
        self.recording = True
        try:
            run()
        finally:
            self.recording = False
        return self.entered


def figures(entered: list[str]) -> tuple[int, int, list[str]]:
    """Visits, returns (an entry into a module or package already left) and the packages in
    order (consecutive entries into one package once)."""
    left_modules: set[str] = set()
    left_packages: set[str] = set()
    returns = 0
    previous: str | None = None
    packages: list[str] = []
    for module in entered:
        package = module.split("/")[0]
        if module in left_modules or (package in left_packages and package != _pkg(previous)):
            returns += 1
        if previous is not None:
            left_modules.add(previous)
            if _pkg(previous) != package:
                left_packages.add(_pkg(previous))
        if not packages or packages[-1] != package:
            packages.append(package)
        previous = module
    return len(entered), returns, packages


def _pkg(module: str | None) -> str:
    return module.split("/")[0] if module else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sequence", action="store_true", help="print the modules entered")
    args = parser.parse_args()

    from fastapi.testclient import TestClient

    from bot.channels.telegram.channel import TelegramConfig
    from bot.channels.twilio.channel import TwilioConfig
    from bot.registry import build_engine
    from pound.app import prepare
    from pound.settings import Settings
    from tests.fakes import TwilioWebhooks
    from webhook.app import create_app

    folder = tempfile.mkdtemp(prefix="pound-path-")
    settings = Settings(
        database_url=f"sqlite:///{folder}/path.db",
        telegram_token=TOKEN,
        telegram_secret=SECRET,
        telegram_api_url="http://127.0.0.1:9",
    )
    db = prepare(settings, demo=True)
    app = create_app(
        db=db,
        clock=lambda: datetime.now(UTC),
        telegram=TelegramConfig(token=TOKEN, secret=SECRET, api_url="http://127.0.0.1:9"),
        twilio=TwilioConfig(account_sid=ACCOUNT, auth_token=AUTH, public_url=PUBLIC),
        engine=build_engine(db),
    )
    hooks = TwilioWebhooks(AUTH, PUBLIC)
    tracer = Tracer()
    with TestClient(app) as client:

        def sms(sender: str) -> Callable[[], Any]:
            params = hooks.inbound_params(sender, "help")
            return lambda: hooks.post(client, "/sms/inbound", params)

        def telegram(user: int, update_id: int) -> Callable[[], Any]:
            who = {"id": user, "is_bot": False, "first_name": "Hari"}
            message = {
                "message_id": 1,
                "date": 1_700_000_000,
                "chat": {"id": user, "type": "private", "first_name": "Hari"},
                "from": who,
                "text": "help",
            }
            body = {"update_id": update_id, "message": message}
            headers = {"X-Telegram-Bot-Api-Secret-Token": SECRET}
            return lambda: client.post("/telegram/webhook", json=body, headers=headers)

        for name, warm, measured in (
            ("SMS", sms("+919111100001"), sms("+919111100002")),
            ("Telegram", telegram(5001, 1), telegram(5002, 2)),
        ):
            warm()
            entered = tracer.trace(measured)
            visits, returns, packages = figures(entered)
            print(f"{name}: {visits} visits, {returns} returns")
            print("  packages: " + " -> ".join(packages))
            if args.sequence:
                for module in entered:
                    print("    " + module)


if __name__ == "__main__":
    main()
