"""The Darogah's desk: an unclaimed report, its notice posted (Sec VIII), the sale when it falls
due with the Sec X bar on officials as buyers, and the account to print (Sec IX); a refused
form changes nothing and is said in his language."""

from __future__ import annotations

from datetime import date

from sqlmodel import func, select

from models import Sale
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.unclaimed import report_unclaimed
from office.views.seizure import seizure_view
from tests.desk.client import DeskBrowser, refusal_code, text_of
from tests.units import act
from tests.world import World

D = date
DAROGAH = "90000 00004"  # as he types it
PAGE = "/desk/darogah/TESTPUR"


def unclaimed(world: World) -> str:
    """Two cows and a buffalo, registered on 1 March and reported unclaimed on 9 March."""
    ref = world.seize()
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
        ref=ref,
        occurred_at=world.on(D(2026, 3, 9), 9),
        now=world.now,
    )
    return ref


def status(world: World, ref: str) -> str:
    return str(seizure_view(world.db, ref=ref, now=world.now)["status"])


def sales(world: World) -> int:
    with world.db.reading() as s:
        return int(s.exec(select(func.count()).select_from(Sale)).one())


def test_the_darogah_posts_the_notice_and_sells_when_it_falls_due(
    web: DeskBrowser, world: World
) -> None:
    ref = unclaimed(world)
    world.on(D(2026, 3, 9), 10, 30)
    home = web.sign_in(DAROGAH, world.darogah)
    assert f'href="{PAGE}"' in home.text
    page = web.get(PAGE)
    assert page.status_code == 200 and '<html lang="en">' in page.text
    assert ref in text_of(page.text) and f"/notice/{ref}" in page.text
    # The market place left out: refused as the API refuses it, nothing recorded.
    r = web.post(f"{PAGE}/notice/{ref}", {"village": "Rampur", "market": ""})
    assert (r.status_code, refusal_code(r.text)) == (422, "invalid_input")
    assert status(world, ref) == "reported_unclaimed"
    r = web.post(f"{PAGE}/notice/{ref}", {"village": "Rampur", "market": "Rampur hat"})
    assert r.status_code == 200 and f"?posted={ref}" in str(r.url)
    assert status(world, ref) == "noticed"
    posted = text_of(r.text)
    assert "Notices posted" in posted and f"/sale/{ref}" not in r.text

    world.on(D(2026, 3, 17), 11)  # Sec VIII: seven days from the notice have run
    web.sign_in(DAROGAH, world.darogah)
    page = web.get(PAGE)
    assert f"/desk/darogah/TESTPUR/sale/{ref}" in page.text
    form = web.get(f"{PAGE}/sale/{ref}")
    assert form.status_code == 200
    assert all(f'name="sell-{n}"' in form.text for n in (1, 2, 3))
    assert all(f'for="price-{n}"' in form.text for n in (1, 2, 3))
    lot = {
        "sell-1": "1",
        "buyer-1": "Keeper Kallu",
        "residence-1": "Testpur",
        "phone-1": "90000 00001",  # the keeper of the pound (Sec X)
        "price-1": "Rs 3-0-0",
        "place": "Testpur thana",
    }
    r = web.post(f"{PAGE}/sale/{ref}", lot)
    assert (r.status_code, refusal_code(r.text)) == (409, "purchaser_is_official")
    assert 'value="Rs 3-0-0"' in r.text  # the form as he sent it
    assert (status(world, ref), sales(world)) == ("noticed", 0)
    buyers = {
        f"{key}-{n}": value
        for n in (1, 2, 3)
        for key, value in (
            ("sell", "1"),
            ("buyer", "Ramesh Gupta"),
            ("residence", "Kemri"),
            ("phone", "98300 00001"),
            ("price", "Rs 4-0-0"),
        )
    }
    r = web.post(f"{PAGE}/sale/{ref}", buyers | {"expenses": "Rs 0-4-0", "place": "Testpur thana"})
    assert r.status_code == 200, r.text
    assert f'href="/documents/account/{ref}.pdf?lang=en"' in r.text
    words = text_of(r.text)
    assert "Rs 12-0-0" in words  # the proceeds of three lots at Rs 4
    assert (status(world, ref), sales(world)) == ("closed", 1)


def test_in_hindi_the_refusal_is_hindi_and_a_form_without_its_token_does_nothing(
    web: DeskBrowser, world: World
) -> None:
    ref = unclaimed(world)
    world.on(D(2026, 3, 9), 10, 30)
    web.sign_in(DAROGAH, world.darogah)
    page = web.get(PAGE, lang="hi")
    assert '<html lang="hi">' in page.text and "थाना TESTPUR के दारोगा" in page.text
    r = web.post(f"{PAGE}/notice/{ref}", {"village": "रामपुर", "market": ""})
    assert (r.status_code, refusal_code(r.text)) == (422, "invalid_input")
    assert "(धारा 8)" in text_of(r.text)
    r = web.client.post(f"{PAGE}/notice/{ref}", data={"village": "Rampur", "market": "Rampur hat"})
    assert r.status_code == 403
    assert status(world, ref) == "reported_unclaimed"
