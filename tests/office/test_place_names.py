"""A pound and the district take their names in other scripts from the district file, as a
village does (`names = { hi = "...", bn = "..." }`); the office's messages name them in the
reader's script, and the register, the records and the params keep the register's names."""

from __future__ import annotations

import pytest
from sqlmodel import select

from bot.notices import render
from models import District, Outbox, Pound
from office.jurisdiction import JurisdictionError, load_jurisdiction_text
from tests.places import fund_paid_for_dhakia_pound
from tests.units import act
from tests.world import (
    DHAKIA_POUND_NAMES,
    DISTRICT,
    DISTRICT_NAMED,
    TESTPUR_NAMES,
    World,
    name_dhakia,
)


def test_a_district_file_names_a_pound_and_the_district_in_other_scripts(world: World) -> None:
    assert act(world.db, load_jurisdiction_text, DISTRICT_NAMED, now=world.now).changed
    with world.db.reading() as s:
        pound = s.exec(select(Pound).where(Pound.code == "DHK")).one()
        other = s.exec(select(Pound).where(Pound.code == "TPR")).one()
        district = s.exec(select(District).where(District.code == "TESTPUR")).one()
        assert (pound.name, pound.names) == ("Dhakia pound", DHAKIA_POUND_NAMES)
        assert other.names == {}
        assert (district.name, district.names) == ("Testpur", TESTPUR_NAMES)

    # Loading the file without them again takes them away; a file without them keeps the
    # digest it had before pounds and districts could be named.
    assert act(world.db, load_jurisdiction_text, DISTRICT, now=world.now).changed
    assert not act(world.db, load_jurisdiction_text, DISTRICT, now=world.now).changed
    with world.db.reading() as s:
        assert s.exec(select(Pound).where(Pound.code == "DHK")).one().names == {}
        assert s.exec(select(District)).one().names == {}


@pytest.mark.parametrize(
    ("table", "wrong", "said"),
    [
        ('name = "Dhakia pound"\n', 'names = "ढकिया"\n', "'names' of pound 'DHK' must be a table"),
        ('name = "Dhakia pound"\n', "names = { hi = 3 }\n", "the hi name of pound 'DHK'"),
        ('name = "Testpur"\n', 'names = { "x y" = "टेस्टपुर" }\n', "'x y' is not a language"),
    ],
)
def test_a_bad_name_of_a_pound_or_the_district_is_refused_by_its_line(
    world: World, table: str, wrong: str, said: str
) -> None:
    bad = DISTRICT.replace(table, table + wrong)
    with pytest.raises(JurisdictionError) as refused:
        act(world.db, load_jurisdiction_text, bad, now=world.now)
    assert said in refused.value.reason
    assert refused.value.line == bad.splitlines().index(wrong.strip()) + 1
    with world.db.reading() as s:
        assert s.exec(select(Pound).where(Pound.code == "DHK")).one().names == {}


def test_a_message_names_the_pound_and_the_village_in_the_readers_script(world: World) -> None:
    """The keeper of Dhakia pound reads that cattle seized in ढकिया are on their way to ढकिया
    कांजी हाउस, in Bengali to ঢাকিয়া খোঁয়াড়; in English, Dhakia pound. The params keep the
    register's names beside the file's."""
    name_dhakia(world)
    world.seize(village="Dhakia")
    with world.db.reading() as s:
        row = s.exec(select(Outbox).where(Outbox.template == "arrival_expected")).one()
        template, params = row.template, dict(row.params)
    assert (params["pound"], params["pound_names"]) == ("Dhakia pound", DHAKIA_POUND_NAMES)
    said = {lang: render(template, params, lang) for lang in ("en", "hi", "bn")}

    assert "ढकिया कांजी हाउस" in said["hi"] and "ढकिया में" in said["hi"]
    assert "ঢাকিয়া খোঁয়াড়" in said["bn"] and "Dhakia" not in said["bn"]
    assert "Dhakia pound" not in said["hi"]
    assert "on their way to Dhakia pound." in said["en"]


def test_a_paper_names_the_village_the_pound_and_the_district_in_the_readers_script(
    world: World,
) -> None:
    """The copy of the register entry printed in Hindi names ढकिया, ढकिया कांजी हाउस and
    टेस्टपुर; in Bengali, ঢাকিয়া, ঢাকিয়া খোঁয়াড় and টেস্টপুর; in English, the register's
    names. The names in other scripts are not what the paper states: one printed before the
    file gave them is still current after, and the verification page names them too."""
    from datetime import date

    from office.acts.keeper.arrival import register_arrival
    from office.views.documents.issued import issue, verify
    from office.views.documents.kinds import Kind
    from webhook.printing import render_html, render_verification

    ref = world.seize(village="Dhakia")
    act(
        world.db,
        register_arrival,
        actor_id=world.other_keeper,
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )
    before = act(world.db, issue, Kind.REGISTER_COPY, ref, actor_id=world.magistrate, now=world.now)
    name_dhakia(world)
    after = act(world.db, issue, Kind.REGISTER_COPY, ref, actor_id=world.magistrate, now=world.now)
    assert after.code == before.code and verify(world.db, before.code, now=world.now).current

    def printed(lang: str) -> str:
        return render_html(
            after.document,
            code=after.code,
            verify_url="https://pound.example.in/v/x",
            lang=lang,
            size="a4",
            printed_on=date(2026, 3, 1),
        )

    hi, bn, en = printed("hi"), printed("bn"), printed("en")
    for word in ("ढकिया", DHAKIA_POUND_NAMES["hi"], TESTPUR_NAMES["hi"]):
        assert word in hi, word
    for word in ("ঢাকিয়া", DHAKIA_POUND_NAMES["bn"], TESTPUR_NAMES["bn"]):
        assert word in bn, word
    assert "Dhakia" not in hi.replace("Keeper Dhani", "") and "Dhakia" not in bn.replace(
        "Keeper Dhani", ""
    )
    assert "Dhakia pound" in en and "Testpur" in en and "ढकिया" not in en

    checked = verify(world.db, after.code, now=world.now)
    page = render_verification({"v": checked, "title": "", "issued_on": "", "languages": []}, "bn")
    assert DHAKIA_POUND_NAMES["bn"] in page and TESTPUR_NAMES["bn"] in page


def test_the_fund_statement_names_the_pound_a_payment_was_for_in_the_readers_script(
    world: World,
) -> None:
    """A payment for the upkeep of Dhakia pound is a line the ledger keeps in English words; the
    printed statement says it with ढकिया कांजी हाउस, ঢাকিয়া খোঁয়াড়, or in English Dhakia pound.
    The names are not what it states: one issued before the file gave them is still current."""
    from datetime import date

    from office.views.documents.issued import issue, verify
    from office.views.documents.kinds import Kind
    from webhook.printing import render_html

    fund_paid_for_dhakia_pound(world)
    before = act(world.db, issue, Kind.FUND, "TESTPUR", actor_id=world.magistrate, now=world.now)
    name_dhakia(world)
    after = act(world.db, issue, Kind.FUND, "TESTPUR", actor_id=world.magistrate, now=world.now)
    assert after.code == before.code and verify(world.db, before.code, now=world.now).current

    def line(lang: str) -> str:
        page = render_html(
            after.document,
            code=after.code,
            verify_url="https://pound.example.in/v/x",
            lang=lang,
            size="a4",
            printed_on=date(2026, 3, 1),
        )
        [paid] = [row for row in page.split("<tr>") if "रामदीन मिस्त्री" in row]
        return paid

    hi, bn, en = line("hi"), line("bn"), line("en")
    assert DHAKIA_POUND_NAMES["hi"] in hi and "Dhakia" not in hi
    assert DHAKIA_POUND_NAMES["bn"] in bn and "Dhakia" not in bn
    assert "construction or maintenance of Dhakia pound" in en and "ढकिया" not in en
