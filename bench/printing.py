"""What printing costs one party and the others (by hand; not a test).

    .venv/bin/python bench/printing.py [--heads 500] [--burst 6]

Over a fresh SQLite database in a temporary folder, the test district with one seizure of
HEADS cows entered in the register, and the app served by uvicorn on loopback:

1. the register copy of that seizure as PDF, asked twice by its keeper: the first is printed,
   the second (the record unchanged) is the one printed before;
2. the same party asks BURST copies of another large record at once while a keeper of the
   district asks the one-page schedule of rates: how long the keeper waited, and what the
   party's requests were answered.

Prints the seconds on the clock and the answers' status codes.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from migrations import upgrade  # noqa: E402
from models import Database  # noqa: E402
from office.access.tokens import issue_token  # noqa: E402
from office.acts.keeper.arrival import register_arrival  # noqa: E402
from office.inputs import AnimalsIn  # noqa: E402
from tests.browser import live_server  # noqa: E402
from tests.units import act  # noqa: E402
from tests.world import CULTIVATOR, make_world  # noqa: E402
from webhook.app import create_app  # noqa: E402

KEEPER = "+919000000001"  # Testpur's keeper (tests/world.py)


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heads", type=int, default=500)
    parser.add_argument("--burst", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Database(f"sqlite:///{folder}/bench.db")
        upgrade(db)
        world = make_world(db)
        refs = []
        for _ in range(2):
            ref = world.seize(animals=[AnimalsIn("cow", args.heads, "red, a white blaze")])
            world.tick(hours=1)
            act(
                db,
                register_arrival,
                actor_id=world.keeper,
                ref=ref,
                occurred_at=world.now,
                now=world.now,
            )
            refs.append(ref)
        # The party: the cultivator who reported both seizures; the keeper of Testpur apart.
        party = act(db, issue_token, phone=str(CULTIVATOR.phone), now=world.now).token
        keeper = act(db, issue_token, phone=KEEPER, now=world.now).token
        app = create_app(db=db, clock=lambda: world.now)
        with (
            live_server(app) as live,
            httpx.Client(base_url=live.url, headers=_bearer(party), timeout=600) as http,
            httpx.Client(base_url=live.url, headers=_bearer(keeper), timeout=600) as desk,
        ):
            for n in (1, 2):
                started = time.perf_counter()
                r = http.get(f"/documents/register-copy/{refs[0]}.pdf")
                took = time.perf_counter() - started
                print(
                    f"register copy of {args.heads} head, ask {n}: {r.status_code}, "
                    f"{len(r.content)} bytes, {took:.1f} s"
                )
            desk.get("/documents/rates/TPR.pdf")  # the first print of a process loads WeasyPrint

            def heavy(lang: str) -> int:
                return http.get(f"/documents/register-copy/{refs[1]}.pdf?lang={lang}").status_code

            with ThreadPoolExecutor(args.burst + 1) as pool:
                burst = [pool.submit(heavy, ("en", "hi", "bn")[i % 3]) for i in range(args.burst)]
                time.sleep(0.5)
                started = time.perf_counter()
                rates = desk.get("/documents/rates/TPR.pdf?lang=hi")
                waited = time.perf_counter() - started
                codes = sorted(f.result() for f in burst)
            print(f"{args.burst} heavy PDFs at once by one party: answered {codes}")
            print(f"meanwhile the one-page rates: {rates.status_code} in {waited:.1f} s")


if __name__ == "__main__":
    main()
