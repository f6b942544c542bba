"""Loading a district file: the demo, re-loading, changes, refusals by line, several districts."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func
from sqlmodel import SQLModel, col, select

from law.errors import InvalidInput
from models import (
    AuditEvent,
    Database,
    District,
    FeedingRate,
    Person,
    Pound,
    RoleGrant,
    Village,
)
from office.jurisdiction import (
    JurisdictionError,
    district_count,
    load_jurisdiction,
    load_jurisdiction_text,
)
from office.records.audit_verify import verify_chains
from tests.units import act, tx

NOW = datetime(2025, 6, 1, 4, 30, tzinfo=UTC)
LATER = NOW + timedelta(days=3)
DEMO = Path(__file__).resolve().parents[2] / "pound" / "data" / "demo.toml"

TESTPUR = """\
[district]
name = "Testpur"
code = "TESTPUR"
timezone = "Asia/Kolkata"
profile = "act-iii-1857"
languages = ["en", "hi"]

[[pound]]
code = "TST"
name = "Testpur pound"
thana = "TESTPUR"
villages = ["Alpha", "Beta"]

[[pound]]
code = "OTH"
name = "Otherganj pound"
thana = "OTHERGANJ"
villages = [
    "Gamma",
    "Delta",
]

[[person]]
name = "Keeper One"
residence = "Alpha"
phone = "+919811100001"
roles = ["keeper:TST"]

[[person]]
name = "Constable Two"
phone = "+919811100002"
telegram_id = 811100002
roles = ["police:TESTPUR", "darogah:OTHERGANJ"]

[[person]]
name = "Magistrate Three"
phone = "+919811100003"
roles = ["magistrate"]

[[feeding_rate]]
kinds = ["cow", "heifer"]
per_day = "0-0-6"
from = 2024-04-01

[[excluded]]
village = "Epsilon"
reason = "forest tract excluded by the local Government"
"""

TABLES: tuple[type[SQLModel], ...] = (
    District,
    Pound,
    Village,
    Person,
    RoleGrant,
    FeedingRate,
    AuditEvent,
)


def counts(db: Database) -> dict[str, int]:
    with db.reading() as s:
        return {t.__name__: int(s.exec(select(func.count()).select_from(t)).one()) for t in TABLES}


def load(db: Database, text: str, *, now: datetime = NOW) -> int:
    return act(db, load_jurisdiction_text, text, now=now, origin="testpur.toml").district_id


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def events(db: Database, action: str = "jurisdiction_loaded") -> list[dict[str, Any]]:
    with db.reading() as s:
        rows = s.exec(
            select(AuditEvent).where(AuditEvent.action == action).order_by(col(AuditEvent.seq))
        )
        return [row.model_dump() for row in rows.all()]


# --- The demo -------------------------------------------------------------------------------------


def test_the_bundled_demo_district_loads(db: Database) -> None:
    result = act(db, load_jurisdiction, DEMO, now=NOW)

    assert result.changed
    assert (result.code, result.pounds, result.villages, result.people) == (
        "RAMPUR-DEMO",
        3,
        12,
        12,
    )
    assert district_count(db) == 1
    with db.reading() as s:
        district = s.exec(select(District)).one()
        assert district.timezone == "Asia/Kolkata"
        assert district.profile == "act-iii-1857"
        assert district.languages == ["en", "hi", "bn"]
        chamraua = s.exec(select(Village).where(Village.name == "Chamraua")).one()
        assert chamraua.excluded and chamraua.pound_id is None
        assert "Governor General" in (chamraua.excluded_reason or "")
        kemri = s.exec(select(Village).where(Village.name == "Kemri")).one()
        rmp = s.exec(select(Pound).where(Pound.code == "RMP")).one()
        assert kemri.pound_id == rmp.id and not kemri.excluded
        buffalo = s.exec(
            select(FeedingRate)
            .where(FeedingRate.kind == "buffalo")
            .order_by(col(FeedingRate.valid_from))
        ).all()
        assert [(r.valid_from, r.per_day) for r in buffalo] == [
            (date(2024, 4, 1), 12),
            (date(2025, 4, 1), 18),
        ]
        assert {r.kind for r in s.exec(select(FeedingRate)).all()} == {
            "camel",
            "buffalo",
            "horse",
            "tattoo",
            "bull",
            "bullock",
            "cow",
            "calf",
            "ass",
            "sheep",
            "goat",
        }
        keeper = s.exec(select(Person).where(Person.phone == "+919800010101")).one()
        grants = s.exec(select(RoleGrant).where(RoleGrant.person_id == keeper.id)).all()
        assert [(g.role, g.place) for g in grants] == [("keeper", "RMP")]
        assert keeper.telegram_id == 700010101 and keeper.language == "hi"
    [event] = events(db)
    assert event["subject"] == "district:RAMPUR-DEMO"
    assert event["section"] == "III"
    assert event["payload"]["pounds"] == 3 and event["payload"]["people"] == 12
    assert len(str(event["payload"]["digest"])) == 64
    assert all(r.ok for r in verify_chains(db))


def test_loading_the_same_file_twice_changes_nothing(db: Database) -> None:
    act(db, load_jurisdiction, DEMO, now=NOW)
    before = counts(db)
    with db.reading() as s:
        loaded_at = s.exec(select(District)).one().loaded_at

    again = act(db, load_jurisdiction, DEMO, now=LATER)

    assert not again.changed
    assert counts(db) == before
    with db.reading() as s:
        assert s.exec(select(District)).one().loaded_at == loaded_at


def test_comments_spacing_and_order_are_not_a_change(db: Database) -> None:
    load(db, TESTPUR)
    before = counts(db)
    shuffled = "# reordered and commented\n" + TESTPUR.replace(
        'villages = ["Alpha", "Beta"]', 'villages = [ "Beta",   "Alpha" ]  # north to south'
    )

    assert not act(db, load_jurisdiction_text, shuffled, now=LATER).changed
    assert counts(db) == before


# --- Changes in place ----------------------------------------------------------------------------


def test_a_changed_rate_is_updated_in_place_with_one_audit_event(db: Database) -> None:
    district_id = load(db, TESTPUR)
    before = counts(db)

    result = act(
        db,
        load_jurisdiction_text,
        TESTPUR.replace('per_day = "0-0-6"', 'per_day = "0-0-7"'),
        now=LATER,
    )

    assert result.changed and result.district_id == district_id
    after = counts(db)
    assert after["AuditEvent"] == before["AuditEvent"] + 1
    assert {k: v for k, v in after.items() if k != "AuditEvent"} == {
        k: v for k, v in before.items() if k != "AuditEvent"
    }
    with db.reading() as s:
        rates = s.exec(select(FeedingRate).where(FeedingRate.district_id == district_id)).all()
        assert {(r.kind, r.valid_from, r.per_day) for r in rates} == {("cow", date(2024, 4, 1), 7)}
        assert s.exec(select(District)).one().loaded_at == LATER
    latest = events(db)[-1]
    assert latest["payload"]["feeding_rates"] == 1 and not latest["payload"]["created"]
    assert all(r.ok for r in verify_chains(db))


def test_a_new_rate_date_adds_a_rate_and_keeps_the_old_one(db: Database) -> None:
    district_id = load(db, TESTPUR)
    changed = (
        TESTPUR + '\n[[feeding_rate]]\nkinds = ["cow"]\nper_day = "0-0-8"\nfrom = 2025-04-01\n'
    )

    load(db, changed, now=LATER)

    with db.reading() as s:
        rates = s.exec(select(FeedingRate).where(FeedingRate.district_id == district_id)).all()
        assert sorted((r.valid_from, r.per_day) for r in rates) == [
            (date(2024, 4, 1), 6),
            (date(2025, 4, 1), 8),
        ]


def test_pounds_villages_people_and_roles_are_updated_in_place(db: Database) -> None:
    district_id = load(db, TESTPUR)
    with db.reading() as s:
        delta_id = s.exec(select(Village).where(Village.name == "Delta")).one().id
        constable_id = s.exec(select(Person).where(Person.phone == "+919811100002")).one().id
    changed = (
        TESTPUR.replace('"Delta",\n', "")
        .replace('["Alpha", "Beta"]', '["Alpha", "Beta", "delta", "Zeta"]')
        .replace('name = "Keeper One"', 'name = "Keeper One Singh"')
        .replace('["police:TESTPUR", "darogah:OTHERGANJ"]', '["police:TESTPUR"]')
        .replace('name = "Otherganj pound"', 'name = "Otherganj cattle pound"')
    )

    result = load(db, changed, now=LATER)

    assert result == district_id
    with db.reading() as s:
        tst = s.exec(select(Pound).where(Pound.code == "TST")).one()
        delta = s.exec(select(Village).where(Village.id == delta_id)).one()
        assert delta.pound_id == tst.id and delta.name == "delta"
        assert s.exec(select(Village).where(Village.name == "Zeta")).one().pound_id == tst.id
        assert (
            s.exec(select(Pound).where(Pound.code == "OTH")).one().name == "Otherganj cattle pound"
        )
        assert s.exec(select(Person).where(Person.phone == "+919811100001")).one().name == (
            "Keeper One Singh"
        )
        grants = s.exec(select(RoleGrant).where(RoleGrant.person_id == constable_id)).all()
        assert [(g.role, g.place) for g in grants] == [("police", "TESTPUR")]
        assert int(s.exec(select(func.count()).select_from(Person)).one()) == 3


def test_a_village_left_out_is_kept_but_served_by_no_pound(db: Database) -> None:
    load(db, TESTPUR)

    load(db, TESTPUR.replace('"Gamma",\n', "").replace('village = "Epsilon"', 'village = "Omega"'))

    with db.reading() as s:
        gamma = s.exec(select(Village).where(Village.name == "Gamma")).one()
        assert gamma.pound_id is None and not gamma.excluded
        epsilon = s.exec(select(Village).where(Village.name == "Epsilon")).one()
        assert not epsilon.excluded and epsilon.excluded_reason is None
        assert s.exec(select(Village).where(Village.name == "Omega")).one().excluded


def test_a_person_left_out_keeps_the_record_but_loses_the_office(db: Database) -> None:
    load(db, TESTPUR)
    without_magistrate = TESTPUR.replace(
        '[[person]]\nname = "Magistrate Three"\nphone = "+919811100003"\nroles = ["magistrate"]\n',
        "",
    )

    load(db, without_magistrate, now=LATER)

    with db.reading() as s:
        person = s.exec(select(Person).where(Person.phone == "+919811100003")).one()
        assert s.exec(select(RoleGrant).where(RoleGrant.person_id == person.id)).all() == []


def test_a_telegram_id_learnt_in_chat_is_kept_when_the_file_gives_none(db: Database) -> None:
    load(db, TESTPUR)
    with tx(db) as s:
        keeper = s.exec(select(Person).where(Person.phone == "+919811100001")).one()
        keeper.telegram_id = 555
        s.add(keeper)

    load(db, TESTPUR.replace('residence = "Alpha"', 'residence = "Alpha village"'), now=LATER)

    with db.reading() as s:
        keeper = s.exec(select(Person).where(Person.phone == "+919811100001")).one()
        assert keeper.telegram_id == 555 and keeper.residence == "Alpha village"


def test_the_district_code_is_made_from_the_name_when_not_given(db: Database) -> None:
    text = TESTPUR.replace('name = "Testpur"\ncode = "TESTPUR"', 'name = "Nawābganj (demo)"')

    assert act(db, load_jurisdiction_text, text, now=NOW).code == "NAWABGANJ-DEMO"


def test_a_modern_profile_reads_rates_in_paise(db: Database) -> None:
    modern = TESTPUR.replace('"act-iii-1857"', '"cta-1871-modern"').replace('"0-0-6"', '"Rs 12.50"')

    district_id = load(db, modern)

    with db.reading() as s:
        rates = s.exec(select(FeedingRate).where(FeedingRate.district_id == district_id)).all()
        assert {r.per_day for r in rates} == {1250}


# --- Several districts --------------------------------------------------------------------------


def test_two_districts_live_in_one_database(db: Database) -> None:
    demo = act(db, load_jurisdiction, DEMO, now=NOW)
    testpur = act(db, load_jurisdiction_text, TESTPUR, now=NOW)

    assert demo.district_id != testpur.district_id
    assert district_count(db) == 2
    with db.reading() as s:
        for result in (demo, testpur):
            villages = s.exec(select(Village).where(Village.district_id == result.district_id))
            assert len(villages.all()) == result.villages
    before = counts(db)
    assert not act(db, load_jurisdiction, DEMO, now=LATER).changed
    assert not act(db, load_jurisdiction_text, TESTPUR, now=LATER).changed
    assert counts(db) == before
    assert all(r.ok for r in verify_chains(db))


def test_a_person_may_hold_roles_in_two_districts(db: Database) -> None:
    # The demo's District Magistrate also sits as a Joint Magistrate in Testpur.
    shared = TESTPUR.replace('phone = "+919811100003"', 'phone = "+91 98000 10401"')
    demo = act(db, load_jurisdiction, DEMO, now=NOW)
    testpur = act(db, load_jurisdiction_text, shared, now=NOW)

    with db.reading() as s:
        [person] = s.exec(select(Person).where(Person.phone == "+919800010401")).all()
        person_id = person.id
        grants = s.exec(select(RoleGrant).where(RoleGrant.person_id == person_id)).all()
        assert {(g.district_id, g.role) for g in grants} == {
            (demo.district_id, "magistrate"),
            (testpur.district_id, "magistrate"),
        }
        # The file that gave no Telegram id did not take away the one the demo gave.
        assert person.telegram_id == 700010401

    # Taking the office away in one district leaves the other alone.
    act(
        db,
        load_jurisdiction_text,
        shared.replace('roles = ["magistrate"]', 'roles = ["road_officer"]'),
        now=LATER,
    )
    with db.reading() as s:
        grants = s.exec(select(RoleGrant).where(RoleGrant.person_id == person_id)).all()
        assert {(g.district_id, g.role) for g in grants} == {
            (demo.district_id, "magistrate"),
            (testpur.district_id, "road_officer"),
        }


def test_a_pound_code_of_another_district_is_refused_by_its_line(db: Database) -> None:
    act(db, load_jurisdiction, DEMO, now=NOW)
    before = counts(db)
    clash = TESTPUR.replace('code = "OTH"', 'code = "RMP"')

    with pytest.raises(JurisdictionError) as refused:
        load(db, clash)

    assert refused.value.line == line_of(clash, 'code = "RMP"')
    assert "RAMPUR-DEMO" in refused.value.message
    assert counts(db) == before


def test_a_telegram_id_held_by_someone_else_is_refused_by_its_line(db: Database) -> None:
    act(db, load_jurisdiction, DEMO, now=NOW)
    before = counts(db)
    clash = TESTPUR.replace("telegram_id = 811100002", "telegram_id = 700010101")

    with pytest.raises(JurisdictionError) as refused:
        load(db, clash)

    assert refused.value.line == line_of(clash, "telegram_id = 700010101")
    assert "Ram Prasad Yadav" in refused.value.message
    assert counts(db) == before


# --- Refusals, each naming its line --------------------------------------------------------------

REFUSALS: list[tuple[str, str, str, str, str]] = [
    # (id, old text, new text, the line to name (a piece of it), a piece of the reason)
    ("unknown profile", '"act-iii-1857"', '"act-iv-1858"', "profile =", "unknown statute profile"),
    ("bad time zone", '"Asia/Kolkata"', '"Asia/Kolkatta"', "timezone =", "unknown time zone"),
    ("bad language", '["en", "hi"]', '["en", "Hindi"]', "languages =", "not a language code"),
    (
        "duplicate pound code",
        'code = "OTH"',
        'code = "tst"  # again',
        "# again",
        "pound code 'TST' is used twice",
    ),
    ("pound code with a space", 'code = "OTH"', 'code = "O T H"', 'code = "O T H"', "letters"),
    (
        "village served by two pounds",
        '    "Delta",',
        '    "beta",  # again',
        "# again",
        "already served by pound TST",
    ),
    (
        "village twice in one pound",
        '"Alpha", "Beta"]',
        '"Alpha", "Beta",\n  "Alpha"]',
        '  "Alpha"]',
        "twice in this pound",
    ),
    ("pound without villages", '["Alpha", "Beta"]', "[]", "villages = []", "not empty"),
    (
        "excluded village that a pound serves",
        'village = "Epsilon"',
        'village = "Gamma"',
        'village = "Gamma"',
        "cannot be both",
    ),
    (
        "keeper of no pound",
        '"keeper:TST"',
        '"keeper:TESTPUR"',
        "keeper:TESTPUR",
        "not the code of a pound",
    ),
    (
        "police of no thana",
        '"police:TESTPUR"',
        '"police:NOWHERE"',
        "police:NOWHERE",
        "not the thana of a pound",
    ),
    (
        "darogah at a pound code, not a thana",
        '"darogah:OTHERGANJ"',
        '"darogah:OTH"',
        "darogah:OTH",
        "not the thana of a pound",
    ),
    ("unknown role", '"police:TESTPUR"', '"constable:TESTPUR"', "constable:", "unknown role"),
    ("bad phone", '"+919811100002"', '"98111 0000"', '"98111 0000"', "not a phone number"),
    (
        "duplicate phone",
        'phone = "+919811100003"',
        'phone = "+91 98111-00001"',
        "+91 98111-00001",
        "given twice",
    ),
    ("phone as a number", 'phone = "+919811100003"', "phone = 919811100003", "phone = 9", "text"),
    (
        "telegram id as true",
        "telegram_id = 811100002",
        "telegram_id = true",
        "telegram_id",
        "whole",
    ),
    ("unknown animal kind", '["cow", "heifer"]', '["cow", "unicorn"]', "kinds =", "unknown kind"),
    (
        "elephant without an order",
        '["cow", "heifer"]',
        '["elephant"]',
        "kinds =",
        "Magistrate's order",
    ),
    ("pigs in a rate", '["cow", "heifer"]', '[\n  "cow",\n  "pigs",\n]', '  "pigs"', "Sec XVIII"),
    ("bad money", '"0-0-6"', '"0-16-0"', "per_day =", "annas must be 0 to 15"),
    ("money as a bare number", 'per_day = "0-0-6"', "per_day = 6", "per_day =", "in quotes"),
    (
        "date with a time",
        "from = 2024-04-01",
        "from = 2024-04-01T10:00:00",
        "from =",
        "without a time",
    ),
    ("date that is no date", "from = 2024-04-01", 'from = "next Monday"', "from =", "not a date"),
    (
        "the same kind twice on one date",
        '["cow", "heifer"]',
        '["cow"]\nper_day = "0-0-6"\nfrom = 2024-04-01\n\n[[feeding_rate]]\nkinds = ["heifer"]',
        '["heifer"]',
        "already has a rate",
    ),
    ("typo in a pound key", 'villages = ["Alpha"', 'vilages = ["Alpha"', "vilages", "'villages'"),
    ("typo in a district key", "timezone =", "time_zone =", "time_zone", "did you mean 'timezone'"),
    ("unknown table", "[[excluded]]", "[[exclude]]", "[[exclude]]", "unknown key 'exclude'"),
    ("missing pound name", 'name = "Testpur pound"\n', "", "[[pound]]", "needs 'name'"),
    ("toml syntax", 'name = "Testpur"', 'name = "Testpur', 'name = "Testpur', "not valid TOML"),
]


@pytest.mark.parametrize(
    ("old", "new", "needle", "reason"),
    [pytest.param(*case[1:], id=case[0]) for case in REFUSALS],
)
def test_a_bad_file_is_refused_naming_the_line_and_the_reason(
    db: Database, old: str, new: str, needle: str, reason: str
) -> None:
    assert old in TESTPUR
    bad = TESTPUR.replace(old, new, 1)
    expected = line_of(bad, needle)

    with pytest.raises(JurisdictionError) as refused:
        load(db, bad)

    err = refused.value
    assert isinstance(err, InvalidInput) and err.code == "invalid_input"
    assert err.line == expected, err.message
    assert f"testpur.toml, line {expected}" in err.message
    assert reason in err.message
    assert district_count(db) == 0 and events(db) == []


def test_a_pound_written_as_one_table_is_refused(db: Database) -> None:
    text = '[district]\nname = "Onepur"\n\n[pound]\ncode = "ONE"\n'

    with pytest.raises(JurisdictionError) as refused:
        load(db, text)

    assert refused.value.line == 4
    assert "[[pound]]" in refused.value.message


def test_pigs_in_a_rate_are_refused_under_sec_xviii(db: Database) -> None:
    with pytest.raises(JurisdictionError) as refused:
        load(db, TESTPUR.replace('["cow", "heifer"]', '["cow", "hog"]'))

    assert refused.value.section == "XVIII"


def test_a_refused_change_leaves_the_loaded_district_as_it_was(db: Database) -> None:
    load(db, TESTPUR)
    before = counts(db)

    with pytest.raises(JurisdictionError):
        load(db, TESTPUR.replace('"0-0-6"', '"0-0-6"\nper_week = "0-1-0"'), now=LATER)

    assert counts(db) == before


def test_a_file_on_disk_is_named_in_its_refusal(db: Database, tmp_path: Path) -> None:
    path = tmp_path / "bhojpur.toml"
    path.write_text(TESTPUR.replace('"Asia/Kolkata"', '"Mars/Olympus"'), encoding="utf-8")

    with pytest.raises(JurisdictionError) as refused:
        act(db, load_jurisdiction, str(path), now=NOW)

    assert refused.value.message.startswith("bhojpur.toml, line 4: unknown time zone")


def test_a_missing_file_is_refused(db: Database, tmp_path: Path) -> None:
    with pytest.raises(JurisdictionError, match="cannot read"):
        act(db, load_jurisdiction, tmp_path / "nowhere.toml", now=NOW)


def test_now_must_carry_a_time_zone(db: Database) -> None:
    with pytest.raises(InvalidInput):
        act(db, load_jurisdiction_text, TESTPUR, now=datetime(2025, 6, 1, 10, 0))
