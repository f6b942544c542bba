"""A page of another pound, thana or district is refused exactly as the API refuses the same act
or record: every role and place of the matrix (tests/office/test_permissions.py), each act of
the keeper's and police's pages against its route of the API."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.api_client import Api
from tests.desk.client import DeskBrowser, refusal_code
from tests.office.test_permissions import OFFICERS_HERE, PHONES, ROLES, cast, load_cast
from tests.world import World

pytestmark = pytest.mark.world_with.with_args(load_cast)  # the matrix's cast, loaded once

# Who may act: the keeper of the seizure's pound registers (Sec V); the police and Darogah of its
# thana confirm the conveyance (Sec II).
MAY_ARRIVE = {"keeper_here"}
MAY_CONVEY = {"police_here", "darogah_here"}


def api_answer(r: httpx.Response) -> tuple[int, str | None]:
    return r.status_code, (r.json().get("code") if r.status_code >= 400 else None)


# What a page answers a private person: no code is ever sent him, so he is never signed in, and
# every page of the desk sends him to the sign-in.
SENT_TO_SIGN_IN = (303, "sign_in")


def desk_answer(r: httpx.Response) -> tuple[int, str | None]:
    if r.url.path == "/desk/sign-in" and r.history and r.history[0].status_code == 303:
        return SENT_TO_SIGN_IN
    return r.status_code, (refusal_code(r.text) if r.status_code >= 400 else None)


@pytest.fixture
def signed(world: World, app_for: Any) -> Any:
    """(browser of the role, API client, ids of the cast), for one role."""
    ids = cast(world)

    def make(role: str) -> tuple[DeskBrowser, Api]:
        client = TestClient(app_for)
        browser = DeskBrowser(client, world)
        if role in OFFICERS_HERE or role.endswith("other_district"):
            browser.sign_in(PHONES[role], ids[role])
        else:  # a private person asks, and is sent nothing
            assert browser.ask_code(PHONES[role]).url.path == "/desk/sign-in/code"
            assert not browser.sent_code(ids[role])
        return browser, Api(client, world)

    return make


@pytest.mark.parametrize("role", ROLES)
def test_the_keepers_acts_and_pages_are_refused_as_the_api_refuses_them(
    world: World, signed: Any, role: str
) -> None:
    browser, api = signed(role)
    on_page, by_api = world.seize(when=world.now), world.seize(when=world.now)
    when = world.now.isoformat()
    browser.get(f"/desk/keeper/TPR/arrival/{on_page}")
    page = browser.post(f"/desk/keeper/TPR/arrival/{on_page}", {"count": "3"})
    rest = api.post(f"/api/v1/seizures/{by_api}/arrival", PHONES[role], {"occurred_at": when})
    official = role in OFFICERS_HERE or role.endswith("other_district")
    if role in MAY_ARRIVE:
        assert (page.status_code, rest.status_code) == (200, 200), page.text
    elif official:
        assert desk_answer(page) == api_answer(rest) == (403, "not_authorised")
    else:  # a private person: the desk itself is closed to him, as the API refuses the act
        assert desk_answer(page) == SENT_TO_SIGN_IN
        assert api_answer(rest) == (403, "not_authorised")
    # Today's work at TPR: its keeper alone, as the chat's worklist (office/views/worklists.py).
    today = browser.get("/desk/keeper/TPR")
    if official:
        assert today.status_code == (200 if role == "keeper_here" else 403)
    else:
        assert desk_answer(today) == SENT_TO_SIGN_IN
    # The register of TPR: the officers of its district, as the API's register.
    page = browser.get("/desk/keeper/TPR/register")
    rest = api.get("/api/v1/pounds/TPR/register", PHONES[role])
    if official:
        assert desk_answer(page)[0] == api_answer(rest)[0]
        if page.status_code != 200:
            assert desk_answer(page) == api_answer(rest) == (403, "record_not_open")
    else:
        assert desk_answer(page) == SENT_TO_SIGN_IN
        assert api_answer(rest) == (403, "record_not_open")


@pytest.mark.parametrize("role", ROLES)
def test_the_police_page_and_its_confirmation_are_refused_as_the_api_refuses_them(
    world: World, signed: Any, role: str
) -> None:
    browser, api = signed(role)
    on_page, by_api = world.seize(when=world.now), world.seize(when=world.now)
    official = role in OFFICERS_HERE or role.endswith("other_district")
    page = browser.get("/desk/police/TESTPUR")
    if official:
        assert page.status_code == (200 if role in MAY_CONVEY else 403)
    else:
        assert desk_answer(page) == SENT_TO_SIGN_IN
    page = browser.post(f"/desk/police/TESTPUR/conveyance/{on_page}", {"note": "at the pound"})
    rest = api.post(
        f"/api/v1/seizures/{by_api}/conveyance",
        PHONES[role],
        {"note": "at the pound", "occurred_at": world.now.isoformat()},
    )
    if role in MAY_CONVEY:
        assert (page.status_code, rest.status_code) == (200, 200), page.text
    elif official:
        assert desk_answer(page) == api_answer(rest), (page.text, rest.text)
        assert page.status_code == 403
    else:
        assert desk_answer(page) == SENT_TO_SIGN_IN and api_answer(rest)[0] == 403
