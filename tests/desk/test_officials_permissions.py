"""The Darogah's and the Magistrate's pages refuse exactly whom the API refuses: every role and
place of the matrix (tests/office/test_permissions.py) signs in and tries each act and each
page; a refused act answers the API's status and code, and changes nothing. A private person is
sent no code: every page sends him to the sign-in, and nothing changes."""

from __future__ import annotations

from datetime import date
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlmodel import col, select

from models import FeedingRate, ReleaseOrder, RoleGrant
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.unclaimed import report_unclaimed
from office.people import person_by_phone
from office.views.seizure import seizure_view
from tests.api_client import Api
from tests.desk.client import DeskBrowser, refusal_code
from tests.office.test_permissions import PHONES, ROLES, cast, load_cast
from tests.units import act
from tests.world import World

pytestmark = pytest.mark.world_with.with_args(load_cast)  # the matrix's cast, loaded once

D = date
# Who may act, as the Act has it: the Darogah of the pound's thana posts the notice (Sec VIII);
# the Magistrate of the district fixes rates (VII) and orders a release (VI).
MAY = {"notice": {"darogah_here"}, "rate": {"magistrate_here"}, "release": {"magistrate_here"}}
# Who reads each desk page: the Darogah of the thana, the Magistrate of the district.
READS = {
    "/desk/darogah/TESTPUR": {"darogah_here"},
    "/desk/magistrate/TESTPUR/complaints": {"magistrate_here"},
    "/desk/magistrate/TESTPUR/district": {"magistrate_here"},
    "/desk/magistrate/TESTPUR/rates": {"magistrate_here"},
}


def answer(r: httpx.Response) -> tuple[int, str | None]:
    """A page's status and refusal code, or the API's."""
    if r.headers.get("content-type", "").startswith("application/json"):
        return r.status_code, r.json().get("code") if r.status_code >= 400 else None
    return r.status_code, refusal_code(r.text)


def test_every_role_is_refused_on_the_pages_as_the_api_refuses_it(
    world: World, app_for: Any
) -> None:
    cast(world)
    noticed = world.seize()
    held = world.seize(village="Kemri")
    for ref in (noticed, held):
        act(
            world.db,
            register_arrival,
            actor_id=world.keeper,
            ref=ref,
            occurred_at=world.tick(hours=1),
            now=world.now,
        )
    act(
        world.db,
        report_unclaimed,
        actor_id=None,
        ref=noticed,
        occurred_at=world.on(D(2026, 3, 9), 9),
        now=world.now,
    )
    world.on(D(2026, 3, 9), 10)
    acts: dict[str, tuple[str, dict[str, str], str, dict[str, Any]]] = {
        "notice": (
            f"/desk/darogah/TESTPUR/notice/{noticed}",
            {"village": "Rampur", "market": "Rampur hat"},
            f"/api/v1/seizures/{noticed}/notice",
            {"proclaimed_in": ["Rampur", "Rampur hat"], "occurred_at": world.now.isoformat()},
        ),
        "release": (
            "/desk/magistrate/TESTPUR/releases",
            {"ref": held, "reason": "wrongly seized", "animals": ""},
            f"/api/v1/seizures/{held}/release-order",
            {"reason": "wrongly seized", "occurred_at": world.now.isoformat()},
        ),
    }
    # The acts allowed come last, so each refusal meets the record as it was.
    order = sorted(ROLES, key=lambda role: role in ("darogah_here", "magistrate_here"))
    with TestClient(app_for) as api_client:
        api = Api(api_client, world)
        for role in order:
            with TestClient(app_for) as client:
                browser = DeskBrowser(client, world)
                official = _sign_in(browser, world, PHONES[role])
                for path, allowed in READS.items():
                    r = browser.get(path)
                    if not official:
                        assert r.url.path == "/desk/sign-in", (role, path)
                    elif role in allowed:
                        assert r.status_code == 200, (role, path, r.text)
                    else:
                        assert answer(r) == (403, "not_authorised"), (role, path)
                rates_before = _rates(world)
                r = browser.post(
                    "/desk/magistrate/TESTPUR/rates",
                    {"kind": "cow", "per_day": "Rs 0-1-0", "valid_from": "2026-04-01"},
                )
                if not official:
                    assert r.url.path == "/desk/sign-in" and _rates(world) == rates_before
                elif role in MAY["rate"]:
                    assert r.status_code == 200 and len(_rates(world)) == len(rates_before) + 1
                else:
                    assert answer(r) == (403, "not_authorised"), role
                    assert _rates(world) == rates_before
                for named, (page, form, route, body) in acts.items():
                    before = _state(world, noticed, held)
                    r = browser.post(page, form)
                    if not official:
                        assert r.url.path == "/desk/sign-in", (role, named)
                        assert _state(world, noticed, held) == before
                        continue
                    if role in MAY[named]:
                        assert r.status_code == 200, (role, named, r.text)
                        continue
                    refused = answer(r)
                    assert refused[0] == 403, (role, named, refused)
                    assert _state(world, noticed, held) == before
                    by_api = answer(api.post(route, PHONES[role], body))
                    assert refused == by_api, (role, named, refused, by_api)
    assert _state(world, noticed, held)[:2] == ("noticed", "closed")


def _sign_in(browser: DeskBrowser, world: World, phone: str) -> bool:
    """Sign in if a code comes: everyone of the matrix is known to the office, but only those who
    hold an office are sent one. Whether he is signed in."""
    with world.db.reading() as s:
        person = person_by_phone(s, phone)
        assert person is not None and person.id is not None
        person_id = person.id
        official = s.exec(select(RoleGrant.id).where(RoleGrant.person_id == person_id)).first()
    if official is None:
        browser.ask_code(phone)
        assert not browser.sent_code(person_id)
        return False
    browser.sign_in(phone, person_id)
    return True


def _rates(world: World) -> list[tuple[str, int, date]]:
    with world.db.reading() as s:
        rows = s.exec(select(FeedingRate).order_by(col(FeedingRate.id))).all()
        return [(r.kind, r.per_day, r.valid_from) for r in rows]


def _state(world: World, noticed: str, held: str) -> tuple[str, str, int]:
    with world.db.reading() as s:
        orders = len(s.exec(select(ReleaseOrder.id)).all())
    return (
        str(seizure_view(world.db, ref=noticed, now=world.now)["status"]),
        str(seizure_view(world.db, ref=held, now=world.now)["status"]),
        orders,
    )
