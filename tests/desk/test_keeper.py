"""The keeper's pages: today's work as the chat counts it, the register searched, and his acts
through the same office/ use cases as the API, refusals said and nothing changed."""

from __future__ import annotations

from datetime import date

import pytest
from fastapi.testclient import TestClient
from sqlmodel import select

from models import Payment, Seizure
from office.inputs import AnimalsIn, PersonIn
from office.views.seizure import seizure_view
from office.views.worklists import seizure_brief
from tests.desk.client import DeskBrowser, refusal_code, text_of
from tests.world import World

KEEPER = "98300 00001".replace("98300", "90000")  # +919000000001 as a keeper types it


def status_of(world: World, ref: str) -> str:
    return str(seizure_view(world.db, ref=ref, now=world.now)["status"])


def payments(world: World) -> int:
    with world.db.reading() as s:
        return len(s.exec(select(Payment.id)).all())


@pytest.fixture
def keeper(web: DeskBrowser, world: World) -> DeskBrowser:
    web.sign_in(KEEPER, world.keeper)
    return web


def arrive(keeper: DeskBrowser, ref: str, **extra: str) -> object:
    keeper.get(f"/desk/keeper/TPR/arrival/{ref}")
    return keeper.post(f"/desk/keeper/TPR/arrival/{ref}", {"count": "3", **extra})


def test_an_arrival_then_a_payment_each_answer_with_the_document_to_print(
    keeper: DeskBrowser, world: World
) -> None:
    ref = world.seize(when=world.now)
    today = keeper.get("/desk/keeper/TPR")
    assert today.status_code == 200 and ref in text_of(today.text)
    assert f"/desk/keeper/TPR/arrival/{ref}" in today.text
    r = arrive(keeper, ref, describe_3="black, broken left horn")
    assert r.status_code == 200, r.text
    assert f'href="/documents/register-copy/{ref}.pdf?lang=en"' in r.text
    assert "TPR/2026/1" in text_of(r.text)
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["status"] == "impounded" and view["register_no"] == "TPR/2026/1"
    assert view["animals"][2]["description"] == "black, broken left horn"
    # Two days on: what the seizure owes today is the chat's figure for that day.
    world.on(date(2026, 3, 3), 11)
    keeper.sign_in(KEEPER, world.keeper)  # a new working day, a new session
    brief = seizure_brief(world.db, ref=ref, now=world.now)
    today = text_of(keeper.get("/desk/keeper/TPR").text)
    assert f"total {brief.total_text}" in today and brief.total > 0
    keeper.get(f"/desk/keeper/TPR/payment/{ref}")
    r = keeper.post(
        f"/desk/keeper/TPR/payment/{ref}", {"amount": brief.total_text, "signature": "Mohan Lal"}
    )
    assert r.status_code == 200, r.text
    assert f'href="/documents/receipt/{ref}.pdf?lang=en"' in r.text
    assert status_of(world, ref) == "closed"
    today = text_of(keeper.get("/desk/keeper/TPR").text)
    assert "Mohan Lal" in today and brief.total_text in today  # the payment taken today


def test_a_payment_short_of_the_amount_due_is_refused_and_changes_nothing(
    keeper: DeskBrowser, world: World
) -> None:
    ref = world.seize(when=world.now)
    arrive(keeper, ref)
    keeper.get(f"/desk/keeper/TPR/payment/{ref}")
    r = keeper.post(f"/desk/keeper/TPR/payment/{ref}", {"amount": "Rs 0-0-1"})
    assert r.status_code in (409, 422) and refusal_code(r.text)
    assert 'value="Rs 0-0-1"' in r.text  # the form as he filled it
    assert (status_of(world, ref), payments(world)) == ("impounded", 0)
    r = keeper.post(f"/desk/keeper/TPR/payment/{ref}", {"amount": "twelve annas"})
    assert r.status_code == 422 and refusal_code(r.text) == "invalid_money"
    assert payments(world) == 0


def test_a_refusal_is_said_in_hindi_to_a_keeper_reading_hindi(
    keeper: DeskBrowser, world: World
) -> None:
    ref = world.seize(when=world.now)
    keeper.get(f"/desk/keeper/TPR/arrival/{ref}", lang="hi")
    r = keeper.post(f"/desk/keeper/TPR/arrival/{ref}", {"count": "तीन"})
    assert r.status_code == 422 and '<html lang="hi">' in r.text
    assert "अंकों" in text_of(r.text)
    r = keeper.post(f"/desk/keeper/TPR/arrival/{ref}", {"count": "3", "when": "2026-02-01T10:00"})
    assert r.status_code in (409, 422) and refusal_code(r.text)
    assert status_of(world, ref) == "seized"


def test_the_owner_refused_and_an_animal_died(keeper: DeskBrowser, world: World) -> None:
    ref = world.seize(when=world.now)
    arrive(keeper, ref)
    world.tick(hours=2)
    keeper.get(f"/desk/keeper/TPR/loss/{ref}")
    r = keeper.post(f"/desk/keeper/TPR/loss/{ref}", {"animal": "3", "what": "died"})
    assert r.status_code == 422 and refusal_code(r.text) == "invalid_input"
    r = keeper.post(
        f"/desk/keeper/TPR/loss/{ref}",
        {"animal": "3", "what": "died", "reason": "snake bite in the night"},
    )
    assert r.status_code == 200, r.text
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["animals"][2]["status"] == "died"
    keeper.get(f"/desk/keeper/TPR/refusal/{ref}")
    r = keeper.post(f"/desk/keeper/TPR/refusal/{ref}", {"note": "says the field was his"})
    assert r.status_code == 200, r.text
    assert seizure_view(world.db, ref=ref, now=world.now)["owner_refused"] is True


@pytest.mark.both_engines
def test_the_register_is_searched_by_number_date_village_owner_and_kind(
    keeper: DeskBrowser, world: World
) -> None:
    first = world.seize(when=world.now)
    arrive(keeper, first)
    world.on(date(2026, 3, 2), 9)
    keeper.sign_in(KEEPER, world.keeper)
    second = world.seize(
        animals=[AnimalsIn("goat", 2, "")],
        owner=PersonIn(name="Bhura Ahir", residence="Kemri", phone="+919555000003"),
        village="Kemri",
        when=world.now,
    )
    keeper.get(f"/desk/keeper/TPR/arrival/{second}")
    keeper.post(f"/desk/keeper/TPR/arrival/{second}", {"count": "2"})

    def found(**query: str) -> set[str]:
        r = keeper.get("/desk/keeper/TPR/register", **query)
        assert r.status_code == 200
        return {ref for ref in (first, second) if ref in r.text}

    assert found() == {first, second}
    assert found(number="2") == {second}
    assert found(on="2026-03-01") == {first}
    assert found(village="Kemri") == {second}
    assert found(village="रामपुर") == {first}
    assert found(owner="bhura") == {second}
    assert found(kind="goat") == {second}
    assert found(kind="buffalo", village="Rampur") == {first}
    r = keeper.get("/desk/keeper/TPR/register", on="1 March")
    assert r.status_code == 422


def test_police_confirm_a_conveyance_and_a_keeper_may_not(web: DeskBrowser, world: World) -> None:
    ref = world.seize(when=world.now)
    web.sign_in("9000000003", world.police)
    page = web.get("/desk/police/TESTPUR")
    assert page.status_code == 200 and ref in page.text
    r = web.post(f"/desk/police/TESTPUR/conveyance/{ref}", {"note": "walked them in"})
    assert r.status_code == 200 and "confirmed" in text_of(r.text)
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert "conveyance_confirmed" in [h["action"] for h in view["history"]]
    assert ref not in web.get("/desk/police/TESTPUR").text.split("Conveyances to confirm")[1]


def test_a_keeper_is_refused_the_police_page_and_another_pound(
    keeper: DeskBrowser, world: World
) -> None:
    r = keeper.get("/desk/police/TESTPUR")
    assert r.status_code == 403 and refusal_code(r.text) == "not_authorised"
    r = keeper.get("/desk/keeper/DHK")
    assert r.status_code == 403 and refusal_code(r.text) == "not_authorised"


def test_pages_of_the_desk_ask_for_a_sign_in_first(web: DeskBrowser, world: World) -> None:
    r = web.client.get("/desk/keeper/TPR", follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"] == "/desk/sign-in?next=%2Fdesk%2Fkeeper%2FTPR"
    with world.db.reading() as s:
        assert s.exec(select(Seizure.id)).first() is None


def test_the_document_an_act_answers_with_opens_for_the_signed_in_keeper_and_no_stranger(
    keeper: DeskBrowser, world: World, app_for: object
) -> None:
    """The link under an act's answer is followed with the desk's session alone (no token):
    the keeper of the record's pound reads it; a browser signed in as nobody is refused."""
    ref = world.seize(when=world.now)
    r = arrive(keeper, ref, describe_3="black, broken left horn")
    assert f'href="/documents/register-copy/{ref}.pdf?lang=en"' in r.text
    copy = keeper.client.get(f"/documents/register-copy/{ref}.html")
    assert copy.status_code == 200, copy.text
    assert "TPR/2026/1" in text_of(copy.text)
    with TestClient(app_for, base_url="http://testserver") as stranger:  # type: ignore[arg-type]
        refused = stranger.get(f"/documents/register-copy/{ref}.html")
    assert refused.status_code == 403  # as the API answers a request without a token
    assert "not_authorised" in refused.text
    keeper.post("/desk/sign-out", {})
    assert keeper.client.get(f"/documents/register-copy/{ref}.html").status_code == 403


NATIVE_DIGITS = {
    "hi": str.maketrans("0123456789", "०१२३४५६७८९"),
    "bn": str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯"),
}


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_a_keeper_working_in_hindi_or_bengali_prints_its_papers_and_pays_in_its_digits(
    keeper: DeskBrowser, world: World, lang: str
) -> None:
    """The desk's print links carry its language, so the papers print in it; an amount typed
    in the language's digits (१-२-६, ১-২-৬) is read; money is written with ₹, as the chat and
    the papers write it, never "Rs"."""
    ref = world.seize(when=world.now)
    keeper.get(f"/desk/keeper/TPR/arrival/{ref}", lang=lang)
    r = keeper.post(f"/desk/keeper/TPR/arrival/{ref}", {"count": "3"})
    link = f"/documents/register-copy/{ref}.pdf?lang={lang}"
    assert r.status_code == 200 and f'href="{link}"' in r.text
    paper = keeper.client.get(link.replace(".pdf", ".html"))
    assert paper.status_code == 200 and f'<html lang="{lang}">' in paper.text
    assert "Copy of the entry" not in paper.text  # the paper is in the desk's language
    register = keeper.get("/desk/keeper/TPR/register")
    assert f'href="{link}"' in register.text

    world.on(date(2026, 3, 3), 11)
    keeper.sign_in(KEEPER, world.keeper)  # a new working day, a new session
    brief = seizure_brief(world.db, ref=ref, now=world.now)
    due = brief.total_text.removeprefix("Rs ")  # 1-7-6, as the register keeps it
    form = keeper.get(f"/desk/keeper/TPR/payment/{ref}", lang=lang)
    shown = "₹" + (typed := due.translate(NATIVE_DIGITS[lang])) if lang == "bn" else f"₹{due}"
    assert shown in text_of(form.text) and "Rs " not in text_of(form.text)
    typed = due.translate(NATIVE_DIGITS[lang])  # Bengali money is written in its own digits
    assert typed != due
    r = keeper.post(f"/desk/keeper/TPR/payment/{ref}", {"amount": typed, "signature": "Mohan Lal"})
    assert r.status_code == 200, text_of(r.text)
    assert f'href="/documents/receipt/{ref}.pdf?lang={lang}"' in r.text
    assert shown in text_of(r.text) and "Rs " not in text_of(r.text)
    assert status_of(world, ref) == "closed" and payments(world) == 1
    today = text_of(keeper.get("/desk/keeper/TPR").text)
    assert shown in today and "Rs " not in today
