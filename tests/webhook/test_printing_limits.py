"""One party can no longer starve printing (issue: the edges an outsider can reach): a register
copy of 500 head took 6-31 s of CPU per PDF, printed again each time, and six asked at once made
a keeper's one-page PDF wait 40-79 s. Now a page whose record has not changed is printed once,
one reader's PDFs are printed one at a time (429 with Retry-After meanwhile), in threads of
their own, so another reader's page goes on (webhook/document_routes.py, `Printer`)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import httpx
import pytest

from models import FeedingRate
from office.access.tokens import issue_token
from office.acts.keeper.arrival import register_arrival
from office.inputs import AnimalsIn
from office.records import audit
from tests.browser import live_server
from tests.units import act, tx
from tests.world import CULTIVATOR, World
from webhook import document_routes
from webhook.app import create_app

KEEPER = "+919000000001"  # Testpur's keeper (tests/world.py)


@dataclass
class Prints:
    """The real printer, counted, and held at the gate while `hold` is set."""

    pages: list[str] = field(default_factory=list)
    started: threading.Event = field(default_factory=threading.Event)
    gate: threading.Event = field(default_factory=threading.Event)
    hold: bool = False


@pytest.fixture
def prints(monkeypatch: pytest.MonkeyPatch) -> Iterator[Prints]:
    seen = Prints()
    seen.gate.set()
    real = document_routes.render_pdf

    def counted(html: str) -> bytes:
        seen.pages.append(html)
        if seen.hold and len(seen.pages) == 1:
            seen.started.set()
            assert seen.gate.wait(30)
        return real(html)

    monkeypatch.setattr(document_routes, "render_pdf", counted)
    # A printer of this test's own: nothing printed by another test is found in its cache.
    monkeypatch.setattr(document_routes, "PRINTER", document_routes.Printer())
    yield seen
    seen.gate.set()


def _bearer(world: World, phone: str) -> dict[str, str]:
    return {
        "Authorization": f"Bearer {act(world.db, issue_token, phone=phone, now=world.now).token}"
    }


def _entered(world: World, heads: int = 30) -> str:
    ref = world.seize(animals=[AnimalsIn("cow", heads, "red, a white blaze")])
    world.tick(hours=1)
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )
    return ref


@pytest.mark.both_engines
def test_a_record_that_has_not_changed_is_printed_once(world: World, prints: Prints) -> None:
    ref = _entered(world)
    party = _bearer(world, str(CULTIVATOR.phone))
    app = create_app(db=world.db, clock=lambda: world.now)
    with live_server(app) as live, httpx.Client(base_url=live.url, headers=party) as http:
        http.timeout = httpx.Timeout(60)
        path = f"/documents/register-copy/{ref}.pdf"
        first, again = http.get(path), http.get(path)
        assert first.status_code == again.status_code == 200
        assert first.content == again.content and len(prints.pages) == 1
        # Another language is another page: printed once too.
        assert http.get(path, params={"lang": "hi"}).status_code == 200
        assert http.get(path, params={"lang": "hi"}).status_code == 200
        assert len(prints.pages) == 2
    # The record changes (a new feeding rate in force): the schedule is printed anew.
    keeper = _bearer(world, KEEPER)
    with live_server(app) as live, httpx.Client(base_url=live.url, headers=keeper) as desk:
        desk.timeout = httpx.Timeout(60)
        before = desk.get("/documents/rates/TPR.pdf")
        assert desk.get("/documents/rates/TPR.pdf").content == before.content
        assert len(prints.pages) == 3
        with tx(world.db) as s:
            s.add(FeedingRate(district_id=1, kind="cow", per_day=12, valid_from=world.now.date()))
            audit.append(
                s,
                action="rate_fixed",
                subject="TESTPUR",
                occurred_at=world.now,
                now=world.now,
                actor_id=world.magistrate,
                district_id=1,
                section="VII",
            )
        changed = desk.get("/documents/rates/TPR.pdf")
        assert changed.status_code == 200 and len(prints.pages) == 4
        assert changed.content != before.content


@pytest.mark.both_engines
def test_one_reader_prints_one_pdf_at_a_time_and_never_holds_up_another(
    world: World, prints: Prints
) -> None:
    heavy, other = _entered(world, 60), _entered(world, 60)
    party = _bearer(world, str(CULTIVATOR.phone))
    keeper = _bearer(world, KEEPER)
    prints.hold = True
    prints.gate.clear()
    app = create_app(db=world.db, clock=lambda: world.now)
    with (
        live_server(app) as live,
        httpx.Client(base_url=live.url, headers=party, timeout=60) as http,
        httpx.Client(base_url=live.url, headers=keeper, timeout=60) as desk,
        ThreadPoolExecutor(1) as pool,
    ):
        held = pool.submit(http.get, f"/documents/register-copy/{heavy}.pdf")
        assert prints.started.wait(30)  # the party's first PDF is being printed
        # His next ones are refused at once, saying when to come back; nothing more is printed.
        for ref in (other, heavy):
            busy = http.get(f"/documents/register-copy/{ref}.pdf", params={"lang": "bn"})
            assert busy.status_code == 429
            assert busy.headers["Retry-After"] == "5"
            assert busy.json()["code"] == "too_many_requests"
        # The keeper's one-page schedule is printed meanwhile, beside the party's.
        rates = desk.get("/documents/rates/TPR.pdf")
        assert rates.status_code == 200 and rates.content.startswith(b"%PDF")
        assert not held.done()
        prints.gate.set()
        assert held.result().status_code == 200
        # His turn over, he prints the next one.
        assert http.get(f"/documents/register-copy/{other}.pdf").status_code == 200
