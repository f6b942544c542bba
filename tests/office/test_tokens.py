"""API tokens: issued to known people, stored only as a hash, found again, revoked."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import select

from law.errors import InvalidInput, NotFound
from models import ApiToken, AuditEvent, Database, Person
from office.access.tokens import issue_token, person_for_token, revoke_token
from office.people import find_or_add_person
from office.records.audit_verify import verify_chain
from tests.units import act, tx

NOW = datetime(2024, 3, 1, 9, 30, tzinfo=UTC)
PHONE = "+919812345678"


def add_person(db: Database, name: str = "Ram Lal", phone: str = PHONE) -> int:
    with tx(db) as s:
        person = find_or_add_person(s, name=name, residence="Rampur", phone=phone, now=NOW)
        assert person.id is not None
        return person.id


def test_a_known_person_gets_a_token_that_finds_them(db: Database) -> None:
    person_id = add_person(db)

    issued = act(db, issue_token, phone="+91 98123-45678", now=NOW)

    assert issued.person_id == person_id
    assert issued.name == "Ram Lal"
    assert len(issued.token) >= 43
    assert person_for_token(db, issued.token) == person_id


def test_the_token_is_stored_only_as_its_sha256_and_never_audited(db: Database) -> None:
    add_person(db)

    issued = act(db, issue_token, phone=PHONE, now=NOW)

    digest = hashlib.sha256(issued.token.encode()).hexdigest()
    with db.reading() as s:
        hashes = [r.token_hash for r in s.exec(select(ApiToken)).all()]
        events = [(e.action, e.subject, e.payload) for e in s.exec(select(AuditEvent)).all()]
    assert hashes == [digest]
    assert [action for action, _, _ in events] == ["token_issued"]
    stored = json.dumps([[subject, payload] for _, subject, payload in events])
    assert issued.token not in stored
    assert digest not in stored
    assert verify_chain(db).ok


def test_a_stranger_without_a_name_is_refused_and_nothing_is_written(db: Database) -> None:
    with pytest.raises(NotFound) as refused:
        act(db, issue_token, phone=PHONE, now=NOW)

    assert PHONE in refused.value.message
    with db.reading() as s:
        assert s.exec(select(Person)).all() == []
        assert s.exec(select(ApiToken)).all() == []
        assert s.exec(select(AuditEvent)).all() == []


def test_a_stranger_with_a_name_becomes_a_private_person(db: Database) -> None:
    issued = act(db, issue_token, phone=PHONE, name="Sita Devi", now=NOW)

    with db.reading() as s:
        person = s.get(Person, issued.person_id)
        assert person is not None
        assert (person.name, person.phone) == ("Sita Devi", PHONE)
    assert person_for_token(db, issued.token) == issued.person_id


def test_a_name_does_not_rename_a_known_person(db: Database) -> None:
    person_id = add_person(db)

    issued = act(db, issue_token, phone=PHONE, name="Someone Else", now=NOW)

    assert (issued.person_id, issued.name) == (person_id, "Ram Lal")


def test_each_issue_gives_a_new_token_and_both_work(db: Database) -> None:
    person_id = add_person(db)

    first = act(db, issue_token, phone=PHONE, now=NOW)
    second = act(db, issue_token, phone=PHONE, now=NOW + timedelta(minutes=1))

    assert first.token != second.token
    assert person_for_token(db, first.token) == person_id
    assert person_for_token(db, second.token) == person_id


def test_a_revoked_token_no_longer_works_and_others_still_do(db: Database) -> None:
    person_id = add_person(db)
    kept = act(db, issue_token, phone=PHONE, now=NOW)
    dropped = act(db, issue_token, phone=PHONE, now=NOW)

    assert act(db, revoke_token, token=dropped.token, now=NOW + timedelta(hours=1)) == person_id
    assert act(db, revoke_token, token=dropped.token, now=NOW + timedelta(hours=2)) == person_id

    assert person_for_token(db, dropped.token) is None
    assert person_for_token(db, kept.token) == person_id
    with db.reading() as s:
        actions = [e.action for e in s.exec(select(AuditEvent)).all()]
    assert actions == ["token_issued", "token_issued", "token_revoked"]
    assert verify_chain(db).ok


def test_an_unknown_token_cannot_be_revoked(db: Database) -> None:
    with pytest.raises(NotFound):
        act(db, revoke_token, token="not-a-token", now=NOW)
    with pytest.raises(InvalidInput):
        act(db, revoke_token, token="", now=NOW)


@pytest.mark.parametrize("text", ["", "x", "A" * 43, "A" * 10_000])
def test_nonsense_finds_no_one(db: Database, text: str) -> None:
    add_person(db)
    act(db, issue_token, phone=PHONE, now=NOW)

    assert person_for_token(db, text) is None


def test_a_phone_not_in_international_form_is_refused(db: Database) -> None:
    with pytest.raises(InvalidInput):
        act(db, issue_token, phone="98123", name="Ram Lal", now=NOW)


def test_a_naive_time_is_refused(db: Database) -> None:
    add_person(db)
    with pytest.raises(InvalidInput):
        act(db, issue_token, phone=PHONE, now=NOW.replace(tzinfo=None))
