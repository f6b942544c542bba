"""A desk form posted twice with its page's key acts once, and the second answer is the first
(webhook/desk/once.py); another key acts again; the same key on another form or by another
officer is a new key; an API key never meets a desk key."""

from __future__ import annotations

import re
from datetime import date as D

from sqlmodel import col, select

from models import FinePaid, IdempotencyKey
from office.acts.complainant.case import file_case
from office.acts.magistrate.case import decide_case
from office.inputs import PersonIn
from tests.desk.client import DeskBrowser
from tests.desk.test_keeper import KEEPER
from tests.desk.test_magistrate_pages import BASE, MAGISTRATE, rates
from tests.units import act
from tests.world import World

_KEY = re.compile(r'name="form_key" value="([^"]+)"')


def key_of(html: str) -> str:
    found = _KEY.search(html)
    assert found, "the page has no form with a key"
    return found.group(1)


def paid(world: World) -> int:
    with world.db.reading() as s:
        return len(s.exec(select(FinePaid.id)).all())


def keys(world: World) -> list[tuple[int, str]]:
    with world.db.reading() as s:
        rows = s.exec(select(IdempotencyKey).order_by(col(IdempotencyKey.id))).all()
        return [(r.person_id, r.key) for r in rows]


def pig_case(world: World) -> int:
    """A Sec XVIII case decided with a fine of Rs 10-0-0, none of it paid yet."""
    world.on(D(2026, 3, 2), 10)
    case_id = act(
        world.db,
        file_case,
        actor_id=world.cultivator,
        kind="pigs",
        accused=PersonIn("Bhura Ahir", "Kemri", "+919777777771"),
        village="Rampur",
        description="his pigs rooted up my sugar-cane",
        occurred_at=world.now,
        now=world.now,
    )
    world.on(D(2026, 3, 10), 11)
    act(
        world.db,
        decide_case,
        actor_id=world.magistrate,
        case_id=case_id,
        convicted=True,
        reasons="proved",
        fine=1920,
        compensation=1152,
        occurred_at=world.now,
        now=world.now,
    )
    world.on(D(2026, 3, 11), 11)
    return case_id


def test_a_form_sent_twice_with_its_key_acts_once_and_answers_the_same(
    web: DeskBrowser, world: World
) -> None:
    case_id = pig_case(world)
    web.sign_in(MAGISTRATE, world.magistrate)
    page = web.get(f"{BASE}/cases/{case_id}")
    key, path = key_of(page.text), f"{BASE}/cases/{case_id}/fine-paid"
    first = web.post(path, {"amount": "Rs 1-0-0", "form_key": key}, follow=False)
    assert first.status_code == 303, first.text
    assert paid(world) == 1
    again = web.post(path, {"amount": "Rs 1-0-0", "form_key": key}, follow=False)
    assert (again.status_code, again.headers["location"]) == (303, first.headers["location"])
    assert paid(world) == 1
    # Scoped to the desk: the officer's row, and no key an API client could send (a space).
    [(person, stored)] = keys(world)
    assert person == world.magistrate and stored.startswith("desk ") and key not in stored
    # The page drawn again has a key of its own: the same payment again is a new act.
    other = key_of(web.get(f"{BASE}/cases/{case_id}").text)
    assert other != key
    r = web.post(path, {"amount": "Rs 1-0-0", "form_key": other})
    assert r.status_code == 200, r.text
    assert paid(world) == 2
    # A form sent without a key (an old page) acts as before, every time.
    web.post(path, {"amount": "Rs 1-0-0"})
    assert paid(world) == 3 and len(keys(world)) == 2


def test_a_key_on_another_form_or_of_another_officer_is_a_new_key(
    web: DeskBrowser, world: World
) -> None:
    case_id = pig_case(world)
    web.sign_in(MAGISTRATE, world.magistrate)
    key = key_of(web.get(f"{BASE}/cases/{case_id}").text)
    r = web.post(f"{BASE}/cases/{case_id}/fine-paid", {"amount": "Rs 1-0-0", "form_key": key})
    assert r.status_code == 200 and paid(world) == 1
    # The same key on the feeding rates' form: that form acts, with a key of its own.
    before = rates(world)
    rate = {"kind": "cow", "per_day": "Rs 0-1-0", "valid_from": "2026-04-01", "form_key": key}
    r = web.post(f"{BASE}/rates", rate)
    assert r.status_code == 200, r.text
    assert len(rates(world)) == len(before) + 1
    # Another officer sending that key on a form of his: his own key, and his act is done.
    ref = world.seize(when=world.now)
    web.sign_in(KEEPER, world.keeper)
    web.get(f"/desk/keeper/TPR/arrival/{ref}")
    r = web.post(f"/desk/keeper/TPR/arrival/{ref}", {"count": "3", "form_key": key})
    assert r.status_code == 200 and "TPR/2026/1" in r.text
    stored = keys(world)
    assert [p for p, _ in stored] == [world.magistrate, world.magistrate, world.keeper]
    assert len({k for _, k in stored}) == 3


def test_a_refusal_is_the_answer_again_and_changes_nothing(web: DeskBrowser, world: World) -> None:
    case_id = pig_case(world)
    web.sign_in(MAGISTRATE, world.magistrate)
    key = key_of(web.get(f"{BASE}/cases/{case_id}").text)
    path = f"{BASE}/cases/{case_id}/fine-paid"
    first = web.post(path, {"amount": "Rs 10-0-1", "form_key": key})
    assert first.status_code == 422
    # Sent again with the same key, even corrected: the first answer, and no act.
    again = web.post(path, {"amount": "Rs 1-0-0", "form_key": key})
    assert (again.status_code, again.text) == (first.status_code, first.text)
    assert paid(world) == 0
