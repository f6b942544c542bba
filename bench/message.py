"""What one message costs the server beyond HTTP, per channel type (by hand, not a test).

    .venv/bin/python bench/message.py [sms|telegram] [--messages N] [--url URL] [--profile]

The messages bench/webhook.py sends (its scripts, its 3,000 chats), each read by its channel
type from the request as posted (the header, the signature, the body), handled by the engine
in units of 16 messages as the webhooks' writer runs them (webhook/inbound.py), committed, and
answered in the channel's form; in one thread, without the HTTP server, so that the figure is
the process's CPU time of that work alone: it moves less from run to run than the webhook's
rates on a shared machine. Prints the CPU per message, the least of three rounds after a
warm-up; with --profile, cProfile's listing of one round instead.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import json
import pstats
import random
import sys
import tempfile
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BATCH = 16  # the messages of one writer's unit under bench/webhook.py's load (its `per commit`)
PUBLIC = "http://127.0.0.1:8000"


def _webhook_bench() -> Any:
    """bench/webhook.py, for its scripts and secrets (a module named apart from `webhook`)."""
    spec = importlib.util.spec_from_file_location("bench_webhook", ROOT / "bench" / "webhook.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_webhook"] = module
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("channel", choices=("sms", "telegram"))
    parser.add_argument("--messages", type=int, default=4000)
    parser.add_argument("--url", default=None, help="the database (default: a new SQLite file)")
    parser.add_argument("--profile", action="store_true", help="print cProfile's listing")
    args = parser.parse_args()

    from starlette.datastructures import Headers

    from bot.channels.base import ChannelType
    from bot.channels.telegram.channel import TelegramChannel, TelegramConfig
    from bot.channels.twilio.channel import FORM, SIGNATURE_HEADER, TwilioChannel, TwilioConfig
    from bot.registry import build_engine
    from bot.state import count_writes, open_chats
    from pound.app import prepare
    from pound.settings import Settings

    wb = _webhook_bench()
    token, secret = wb.TOKEN, wb.SECRET
    url = args.url or f"sqlite:///{tempfile.mkdtemp(prefix='pound-message-')}/bench.db"
    db = prepare(Settings(database_url=url), demo=True)
    count_writes(db.engine)  # as the webhooks' writer does
    engine = build_engine(db)
    twilio = TwilioChannel(TwilioConfig("AC" + "b" * 32, wb.AUTH, PUBLIC))
    telegram = TelegramChannel(TelegramConfig(token=token, secret=secret, api_url=PUBLIC))
    load = wb.Load(PUBLIC, users=3000)
    chats = load.sms_users if args.channel == "sms" else load.tg_users
    pick = random.Random(1)

    def request() -> tuple[ChannelType, Mapping[str, str], str, bytes]:
        user = chats[pick.randrange(len(chats))]
        if args.channel == "sms":
            path, params = load.sms(user)
            signature = load.validator.compute_signature(PUBLIC + path, params)
            headers = Headers({"content-type": FORM, SIGNATURE_HEADER: signature})
            return twilio, headers, path, urlencode(params).encode()
        path, update = load.telegram(user)
        headers = Headers(
            {"content-type": "application/json", "x-telegram-bot-api-secret-token": secret}
        )
        return telegram, headers, path, json.dumps(update).encode()

    def one_round(count: int) -> float:
        posted = [request() for _ in range(count)]
        started = time.process_time()
        for first in range(0, count, BATCH):
            read = [(ch, ch.read(h, path, body)) for ch, h, path, body in posted[first:][:BATCH]]
            now = datetime.now(UTC)
            with db.unit(now=now) as u:
                open_chats(u.session, [r.opens for _, r in read])
                handled = [(ch, r, engine.take(u.at(now, "bench"), ch, r)) for ch, r in read]
                u.commit()
            for ch, r, h in handled:
                ch.respond(r, h.replies if ch.replies_in_answer else [])
        return (time.process_time() - started) / count

    one_round(3000)  # warm: every chat seen, the caches filled
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(one_round, args.messages)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(60)
        return
    cost = min(one_round(args.messages) for _ in range(3))
    print(f"{args.channel}: {1000 * cost:.3f} ms of CPU per message ({args.messages} a round)")


if __name__ == "__main__":
    main()
