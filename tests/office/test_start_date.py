"""Practice G17: no act is dated before the district's register begins, and a Telegram id is kept
whole however large (both databases)."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from sqlmodel import func, select

from law.errors import ActBeforeStart
from models import AuditEvent, Database, District, Person, Seizure
from office.jurisdiction import JurisdictionError, load_jurisdiction_text
from tests.api_client import CULTIVATOR, Api
from tests.units import act, tx
from tests.webhook.test_api import SEIZURE
from tests.world import DISTRICT, IST, World, at, make_world


def _start_of(db: Database, code: str = "TESTPUR") -> date:
    with db.reading() as s:
        district = s.exec(select(District).where(District.code == code)).one()
        return district.start_on


def _count(db: Database, table: type) -> int:
    with db.reading() as s:
        return int(s.exec(select(func.count()).select_from(table)).one())


def test_a_district_whose_file_names_no_start_began_a_year_before_it_was_loaded(
    world: World,
) -> None:
    # The world loads Testpur at 08:00 IST on 1 March 2026.
    assert _start_of(world.db) == date(2025, 3, 1)


def test_a_seizure_dated_before_the_register_began_is_refused_and_nothing_is_written(
    world: World,
) -> None:
    world.on(date(2026, 3, 2), 9)
    seizures, events = _count(world.db, Seizure), _count(world.db, AuditEvent)
    with pytest.raises(ActBeforeStart) as refused:
        world.seize(when=datetime(2025, 2, 28, 23, 59, tzinfo=IST))
    assert refused.value.section == "practice G17"
    assert refused.value.details == {"on": "2025-02-28", "start": "2025-03-01"}
    assert (_count(world.db, Seizure), _count(world.db, AuditEvent)) == (seizures, events)
    # The first day of the register is open, counted in the district's own time zone:
    # 00:10 IST on 1 March 2025 is still 28 February in UTC.
    ref = world.seize(when=datetime(2025, 3, 1, 0, 10, tzinfo=IST))
    assert ref


def test_a_start_in_the_file_is_kept_and_a_later_load_cannot_move_it_past_an_entry(
    db: Database,
) -> None:
    loaded = at(date(2026, 3, 1), 8)
    with_start = DISTRICT.replace(
        'languages = ["en", "hi"]', 'languages = ["en", "hi"]\nstart = 2026-01-15'
    )
    act(db, load_jurisdiction_text, with_start, now=loaded)
    assert _start_of(db) == date(2026, 1, 15)

    world = make_world(db)
    world.on(date(2026, 3, 2), 9)
    world.seize(when=datetime(2026, 2, 1, 10, 0, tzinfo=IST))
    later = with_start.replace("start = 2026-01-15", "start = 2026-02-10")
    with pytest.raises(JurisdictionError, match="after the first seizure") as refused:
        act(db, load_jurisdiction_text, later, now=world.now)
    assert refused.value.details["line"] == 8  # the `start` line of the file
    assert _start_of(db) == date(2026, 1, 15)


def test_the_api_refuses_an_act_dated_in_1900_with_the_envelope(api: Api) -> None:
    body = dict(SEIZURE, occurred_at="1900-01-01T10:00:00+05:30")
    r = api.post("/api/v1/seizures", CULTIVATOR, body)
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "act_before_start"
    assert r.json()["section"] == "practice G17"


def test_a_telegram_id_over_two_to_the_thirty_one_is_kept_whole(world: World) -> None:
    big = 6_123_456_789
    with tx(world.db) as s:
        person = s.get(Person, world.owner)
        assert person is not None
        person.telegram_id = big
        s.add(person)
    with world.db.reading() as s:
        found = s.exec(select(Person).where(Person.telegram_id == big)).one()
        assert found.id == world.owner
