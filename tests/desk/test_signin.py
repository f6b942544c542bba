"""Sign-in without passwords: phone as typed, a code to Telegram or SMS through the outbox, at
once even in quiet hours, 10 minutes and 5 tries, a signed cookie, every wrong try audited.
(What an outsider may try against it: tests/desk/test_signin_attacks.py.)"""

from __future__ import annotations

from datetime import date

import pytest
from fastapi.testclient import TestClient
from sqlmodel import col, select

from models import AuditEvent, DeskSignIn, Outbox, RoleGrant
from tests.desk.client import DeskBrowser, last_code, refusal_code, text_of
from tests.units import tx
from tests.world import World


def audit_actions(world: World) -> list[str]:
    with world.db.reading() as s:
        return [
            a
            for a in s.exec(select(AuditEvent.action).order_by(col(AuditEvent.id)))
            if a.startswith("desk_")
        ]


@pytest.mark.parametrize("typed", ["90000 00001", "+91 90000 00001", "090000-00001"])
def test_the_keeper_signs_in_with_his_phone_as_typed_and_a_code_from_the_outbox(
    web: DeskBrowser, world: World, typed: str
) -> None:
    r = web.ask_code(typed)
    assert r.status_code == 200 and "/desk/sign-in/code" in str(r.url)
    with world.db.reading() as s:
        [row] = s.exec(select(Outbox).where(Outbox.template == "desk_code")).all()
        code_hash, session_hash = s.exec(
            select(DeskSignIn.code_hash, DeskSignIn.session_hash)
        ).one()
        assert (row.person_id, row.state, row.private) == (world.keeper, "queued", False)
        assert row.due_at == world.now
        code = str(row.params["code"])
    assert len(code) == 6 and code.isdigit()
    # Only digests are kept: neither the code nor a token is in the sign-in row.
    assert code not in code_hash and session_hash is None
    r = web.post("/desk/sign-in/code", {"code": code[:3] + " " + code[3:]})
    assert r.status_code == 200, r.text
    assert str(r.url).endswith("/desk")
    assert "Keeper Kallu" in r.text and "/desk/keeper/TPR" in r.text
    assert audit_actions(world) == ["desk_code_sent", "desk_signed_in"]


def test_the_code_goes_at_once_in_quiet_hours_in_the_persons_language(
    web: DeskBrowser, world: World
) -> None:
    """At 23:30 IST a private message waits for morning (practice G11); the code does not."""
    from bot.notices import render

    world.on(date(2026, 3, 1), 23, 30)
    web.ask_code("9000000003")
    with world.db.reading() as s:
        row = s.exec(select(Outbox).where(Outbox.template == "desk_code")).one()
        assert (row.private, row.due_at, row.state) == (False, world.now, "queued")
        text = render(row.template, row.params, "hi")
        code = str(row.params["code"])
    assert code in text and "10" in text and "कोड" in text


def test_a_code_lapses_after_ten_minutes(web: DeskBrowser, world: World) -> None:
    web.ask_code("9000000001")
    code = last_code(world, world.keeper)
    world.tick(minutes=10, seconds=1)
    r = web.post("/desk/sign-in/code", {"code": code})
    assert r.status_code == 422 and refusal_code(r.text) == "invalid_input"
    assert "10 minutes" in text_of(r.text)
    assert web.get("/desk").url.path == "/desk/sign-in"
    # A late code changes nothing: it is logged, not written to the chain.
    assert audit_actions(world) == ["desk_code_sent"]


def test_a_code_works_until_its_tenth_minute(web: DeskBrowser, world: World) -> None:
    web.ask_code("9000000001")
    world.tick(minutes=9, seconds=59)
    r = web.post("/desk/sign-in/code", {"code": last_code(world, world.keeper)})
    assert r.url.path == "/desk"


def test_five_wrong_tries_spend_the_code_each_audited(web: DeskBrowser, world: World) -> None:
    web.ask_code("9000000001")
    code = last_code(world, world.keeper)
    wrong = f"{(int(code) + 1) % 10**6:06d}"
    said = []
    for _ in range(5):
        r = web.post("/desk/sign-in/code", {"code": wrong})
        assert r.status_code == 422
        said.append(text_of(r.text))
    assert "4 tries left" in said[0] and "1 tries left" in said[3]
    assert "used up" in said[4]
    r = web.post("/desk/sign-in/code", {"code": code})  # the right one, too late
    assert r.status_code == 422 and "used up" in text_of(r.text)
    assert web.get("/desk").url.path == "/desk/sign-in"
    # The five wrong tries are audited; the right code after them changes nothing.
    assert audit_actions(world) == ["desk_code_sent"] + ["desk_code_refused"] * 5
    with world.db.reading() as s:
        assert s.exec(select(DeskSignIn.tries)).one() == 5


def test_a_code_signs_in_once(web: DeskBrowser, world: World, app_for) -> None:  # type: ignore[no-untyped-def]
    web.ask_code("9000000001")
    code = last_code(world, world.keeper)
    attempt_cookie = web.client.cookies.get("pound_desk")
    assert web.post("/desk/sign-in/code", {"code": code}).url.path == "/desk"
    # Another web replaying the cookie and code of the attempt gets nothing.
    with TestClient(app_for) as other:
        thief = DeskBrowser(other, world)
        other.cookies.set("pound_desk", attempt_cookie or "")
        thief.get("/desk/sign-in/code")
        r = thief.post("/desk/sign-in/code", {"code": code})
        assert r.status_code == 422 and "used up" in text_of(r.text)


def test_a_phone_that_cannot_be_read_is_refused_and_nothing_is_sent(
    web: DeskBrowser, world: World
) -> None:
    r = web.ask_code("98300 abcde")
    assert r.status_code == 422 and refusal_code(r.text) == "invalid_phone"
    assert r.url.path == "/desk/sign-in"


def test_an_officer_whose_office_ended_is_refused_the_desk_clearly(
    web: DeskBrowser, world: World
) -> None:
    """A session outlives the office it was opened by: the desk then says he holds none."""
    web.sign_in("9000000001", world.keeper)
    with tx(world.db) as s:
        for grant in s.exec(select(RoleGrant).where(RoleGrant.person_id == world.keeper)):
            s.delete(grant)
    r = web.get("/desk")
    assert r.status_code == 403 and refusal_code(r.text) == "not_authorised"
    assert "Keeper Kallu holds no office" in text_of(r.text)


def test_sign_out_ends_the_session_and_its_cookie_is_worth_nothing(
    web: DeskBrowser,
    world: World,
    app_for,  # type: ignore[no-untyped-def]
) -> None:
    web.sign_in("9000000001", world.keeper)
    session_cookie = web.client.cookies.get("pound_desk")
    r = web.post("/desk/sign-out", {})
    assert r.url.path == "/desk/sign-in"
    assert web.get("/desk").url.path == "/desk/sign-in"
    with TestClient(app_for) as other:
        other.cookies.set("pound_desk", session_cookie or "")
        assert other.get("/desk").url.path == "/desk/sign-in"
    assert audit_actions(world)[-1] == "desk_signed_out"


def test_a_session_lasts_twelve_hours(web: DeskBrowser, world: World) -> None:
    web.sign_in("9000000001", world.keeper)
    world.tick(hours=11, minutes=59)
    assert web.get("/desk").url.path == "/desk"
    world.tick(minutes=2)
    assert web.get("/desk").url.path == "/desk/sign-in"


def test_a_post_without_the_sessions_csrf_token_is_refused_and_does_nothing(
    web: DeskBrowser, world: World
) -> None:
    web.get("/desk/sign-in")
    r = web.client.post("/desk/sign-in", data={"phone": "9000000001"})
    assert r.status_code == 403 and refusal_code(r.text) == "csrf"
    r = web.client.post("/desk/sign-in", data={"phone": "9000000001", "csrf": "0" * 64})
    assert r.status_code == 403
    with world.db.reading() as s:
        assert s.exec(select(Outbox).where(Outbox.template == "desk_code")).first() is None
    # The token of the signed-out web is no good once signed in (a new one is drawn).
    before = web.csrf
    web.sign_in("9000000001", world.keeper)
    assert web.csrf != before
    r = web.client.post("/desk/sign-out", data={"csrf": before})
    assert r.status_code == 403
    assert web.get("/desk").url.path == "/desk"


def test_a_forged_cookie_is_no_cookie(web: DeskBrowser, world: World) -> None:
    from itsdangerous import URLSafeTimedSerializer

    forged = URLSafeTimedSerializer(b"not the secret", salt="pound-desk").dumps(
        {"n": "x", "s": "y"}
    )
    web.client.cookies.set("pound_desk", forged)
    assert web.get("/desk").url.path == "/desk/sign-in"


def test_pages_are_in_the_chosen_language(web: DeskBrowser, world: World) -> None:
    r = web.get("/desk/sign-in", lang="hi")
    assert '<html lang="hi">' in r.text and "फ़ोन" in r.text
    # The choice stays for the pages after.
    r = web.get("/desk/sign-in")
    assert '<html lang="hi">' in r.text
    r = web.get("/desk/sign-in", lang="bn")
    assert '<html lang="bn">' in r.text and "ফোন" in r.text
