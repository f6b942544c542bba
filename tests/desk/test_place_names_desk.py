"""The desk names the district, each pound and each village as the district file writes them in
the reader's script (docs/jurisdiction.md, *Names in other scripts*): the offices he holds, the
Magistrate's home, the district file, the monthly returns, the cases, the keeper's register. An
English reader reads the register's names."""

from __future__ import annotations

import re
from datetime import date

import pytest
from sqlmodel import select

from models import Notice
from office.acts.complainant.case import file_case
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.unclaimed import report_unclaimed
from office.inputs import PersonIn
from office.jurisdiction import load_jurisdiction_text
from tests.desk.client import DeskBrowser, text_of
from tests.places import fund_paid_for_dhakia_pound
from tests.units import act
from tests.world import DHAKIA_POUND_NAMES, DISTRICT_NAMED, TESTPUR_NAMES, World, name_dhakia

MAGISTRATE = "+91 90000 00005"
DHANI = "+91 90000 00002"  # Keeper Dhani, of Dhakia pound
BASE = "/desk/magistrate/TESTPUR"
DHAKIA = {"hi": "ढकिया", "bn": "ঢাকিয়া", "en": "Dhakia"}
POUND = {**DHAKIA_POUND_NAMES, "en": "Dhakia pound"}
DISTRICT = {**TESTPUR_NAMES, "en": "Testpur"}
LANGS = ("hi", "bn", "en")


def part(html: str, pattern: str) -> str:
    """The words of the first piece of the page `pattern` finds (tags dropped)."""
    found = re.search(pattern, html, re.DOTALL)
    assert found, pattern
    return text_of(found.group(0))


def others(lang: str, names: dict[str, str]) -> list[str]:
    """The names of a place in the languages other than `lang`."""
    return [n for k, n in names.items() if k != lang]


def seized_at_dhakia(world: World) -> int:
    """Cattle seized at Dhakia and registered at its pound; a case of Sec XVIII at Dhakia."""
    name_dhakia(world)
    ref = world.seize(village="Dhakia")
    act(
        world.db,
        register_arrival,
        actor_id=world.other_keeper,
        ref=ref,
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    return act(
        world.db,
        file_case,
        actor_id=world.cultivator,
        kind="pigs",
        accused=PersonIn("Bhura Ahir", "Kemri", "+919830000001"),
        village="Dhakia",
        description="his pigs rooted up my sugar-cane",
        occurred_at=world.tick(hours=1),
        now=world.now,
    )


@pytest.mark.parametrize("lang", LANGS)
def test_the_magistrates_pages_name_the_district_pounds_and_villages_in_his_script(
    web: DeskBrowser, world: World, lang: str
) -> None:
    case_id = seized_at_dhakia(world)
    world.on(date(2026, 3, 3), 11)
    web.sign_in(MAGISTRATE, world.magistrate)

    offices = part(web.get("/desk", lang=lang).text, r'<p class="muted">.*?</p>')
    home = web.get(BASE, lang=lang).text
    district = web.get(f"{BASE}/district", lang=lang).text
    heads = [part(page, r"<h1>.*?</h1>") for page in (home, district)]
    for words in (offices, *heads):
        assert DISTRICT[lang] in words
        assert not any(name in words for name in others(lang, DISTRICT)), words

    row = part(district, r"<tr><td>DHK: .*?</tr>")
    assert POUND[lang] in row and DHAKIA[lang] in row
    assert not any(name in row for name in others(lang, POUND) + others(lang, DHAKIA)), row

    returns = part(web.get(f"{BASE}/returns", lang=lang).text, r"<h3>DHK: .*?</h3>")
    assert returns == f"DHK: {POUND[lang]}"

    for page in (f"{BASE}/cases", f"{BASE}/cases/{case_id}"):
        line = part(web.get(page, lang=lang).text, r"<p>[^<]*Bhura Ahir[^<]*</p>")
        assert DHAKIA[lang] in line
        assert not any(name in line for name in others(lang, DHAKIA)), line


@pytest.mark.parametrize("lang", LANGS)
def test_the_keeper_reads_his_pound_and_the_registers_villages_in_his_script(
    web: DeskBrowser, world: World, lang: str
) -> None:
    seized_at_dhakia(world)
    web.sign_in(DHANI, world.other_keeper)

    office = part(web.get("/desk", lang=lang).text, r'<a href="/desk/keeper/DHK">.*?</a>')
    assert POUND[lang] in office
    assert not any(name in office for name in others(lang, POUND)), office

    register = web.get("/desk/keeper/DHK/register", lang=lang).text
    [cells] = [
        text_of(row)
        for row in re.findall(r"<tr>\s*<td>DHK/2026/1</td>.*?</tr>", register, re.DOTALL)
    ]
    assert DHAKIA[lang] in cells
    assert not any(name in cells for name in others(lang, DHAKIA)), cells


@pytest.mark.parametrize("lang", LANGS)
def test_the_funds_line_names_the_pound_a_payment_was_for_in_the_readers_script(
    web: DeskBrowser, world: World, lang: str
) -> None:
    """The ledger keeps "construction or maintenance of Dhakia pound"; the fund's page says it
    with the pound as the district file writes it in the reader's script."""
    name_dhakia(world)
    fund_paid_for_dhakia_pound(world)
    web.sign_in(MAGISTRATE, world.magistrate)
    line = part(web.get(f"{BASE}/fund", lang=lang).text, r"<td>[^<]*रामदीन मिस्त्री[^<]*</td>")
    assert POUND[lang] in line
    assert not any(name in line for name in others(lang, POUND)), line


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_the_darogahs_notice_offers_the_village_in_his_script_and_records_the_registers_name(
    web: DeskBrowser, world: World, lang: str
) -> None:
    """The village of the drum is filled in as he reads it (रामपुर, রামপুর); sent back so, the
    notice records the register's name, as the chat records it."""
    rampur = {"hi": "रामपुर", "bn": "রামপুর"}
    named = DISTRICT_NAMED.replace(
        'villages = ["Rampur", "Kemri"]',
        'villages = [{ name = "Rampur", names = { hi = "रामपुर", bn = "রামপুর" } }, "Kemri"]',
    )
    assert act(world.db, load_jurisdiction_text, named, now=world.now).changed
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
        occurred_at=world.on(date(2026, 3, 9), 9),
        now=world.now,
    )
    world.on(date(2026, 3, 9), 10, 30)
    web.sign_in("+91 90000 00004", world.darogah)
    page = web.get("/desk/darogah/TESTPUR", lang=lang).text
    assert f'name="village" required maxlength="120" value="{rampur[lang]}"' in page
    r = web.post(f"/desk/darogah/TESTPUR/notice/{ref}", {"village": rampur[lang], "market": "हाट"})
    assert r.status_code == 200, r.text
    with world.db.reading() as s:
        assert s.exec(select(Notice.proclaimed_in)).one() == ["Rampur", "हाट"]


@pytest.mark.parametrize("lang", ["hi", "bn", "en"])
def test_a_person_is_named_with_his_residence_in_the_readers_words(
    web: DeskBrowser, world: World, lang: str
) -> None:
    """ "Hari Singh of Rampur" is the English of it: the keeper's pages say the seizer and the owner
    with their residences as his language does (केमरी के राम लाल, কেমরির রাম লাল), never with the
    English "of"."""
    seized_at_dhakia(world)
    web.sign_in(DHANI, world.other_keeper)
    with world.db.reading() as s:
        from models import Person, Seizure

        seizure = s.exec(select(Seizure)).one()
        seizer = s.get(Person, seizure.seizer_id)
        assert seizer is not None and seizer.residence
        name, residence = seizer.name, seizer.residence
    said = {
        "en": f"{name} of {residence}",
        "hi": f"{residence} के {name}",
        "bn": f"{residence}-এর {name}",
    }
    words = text_of(web.get("/desk/keeper/DHK/register", lang=lang).text)
    assert said[lang] in words or (lang == "bn" and f"{residence}র {name}" in words), words
    if lang != "en":
        assert f"{name} of " not in words, words
