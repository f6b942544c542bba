"""Each act only by the right person, and each record seen only as far as the asker may see it:
every role and place of the matrix. Who may act and who sees what is decided in Python
(law/access.py) from the roles the district file gives, which tests/office/test_jurisdiction.py
loads on both databases: the matrix runs on SQLite (tests/conftest.py), and the tests of the
people's records and of the roles' places a report names (marked `both_engines`) on PostgreSQL
too.

The cast: the seizer and the owner of a Rampur seizure (pound TPR, thana TESTPUR), a stranger,
the keeper of TPR and of the other pound of the district (DHK), police and Darogah of TESTPUR
and of the other thana (DHAKIA), the Magistrate and the road officer of Testpur, and the
Magistrate, Darogah and keeper of another district (Otherpur).
"""

from __future__ import annotations

import json
from datetime import date, datetime

import pytest
from sqlmodel import col, func, select

from law.access import View
from law.errors import InvalidInput, OffenceRecorderNotEntitled, OwnSeizureOnly
from models import AuditEvent, Offence, Seizure
from office.access.tokens import issue_token
from office.acts.complainant.complaint import file_complaint
from office.acts.seizer.report import report_seizure
from office.acts.whoever.opposition import record_offence
from office.inputs import AnimalsIn, PersonIn
from office.jurisdiction import load_jurisdiction_text
from office.people import find_or_add_person, person_by_phone
from office.views.seizure import seizure_view, seizure_view_as
from tests.ist import ist
from tests.other_district import OTHER_DAROGAH, OTHER_KEEPER, OTHER_MAGISTRATE, load_other
from tests.units import act, tx
from tests.world import DISTRICT, World

# Testpur's file again, with a constable and a Darogah at the other thana, DHAKIA.
DHAKIA_OFFICERS = """
[[person]]
name = "Constable Dhruv"
residence = "Dhakia"
phone = "+919000000013"
roles = ["police:DHAKIA"]

[[person]]
name = "Darogah Dharam"
residence = "Dhakia"
phone = "+919000000014"
roles = ["darogah:DHAKIA"]
"""

PHONES: dict[str, str] = {
    "seizer": "+919111111111",
    "owner": "+919222222222",
    "stranger": "+919333333333",
    "keeper_here": "+919000000001",
    "keeper_other_pound": "+919000000002",
    "police_here": "+919000000003",
    "police_other_thana": "+919000000013",
    "darogah_here": "+919000000004",
    "darogah_other_thana": "+919000000014",
    "magistrate_here": "+919000000005",
    "road_officer": "+919000000006",
    "magistrate_other_district": OTHER_MAGISTRATE,
    "darogah_other_district": OTHER_DAROGAH,
    "keeper_other_district": OTHER_KEEPER,
}
ROLES = list(PHONES)
OFFICERS_HERE = {
    "keeper_here",
    "keeper_other_pound",
    "police_here",
    "police_other_thana",
    "darogah_here",
    "darogah_other_thana",
    "magistrate_here",
    "road_officer",
}
# Sec XIII: the seizer, the keeper of the pound, the police officers and Darogah of its thana.
MAY_RECORD_OFFENCE = {"seizer", "keeper_here", "police_here", "darogah_here"}
# Sec II, V: the keeper of the pound or the police of its thana write a report for the seizer.
MAY_REPORT_FOR_ANOTHER = {"keeper_here", "police_here", "darogah_here"}
# Who sees what of a seizure: parties and the officers of its district the record, the rest
# what the Sec VIII notice shows.
SEES: dict[str, View] = {
    role: View.OFFICIAL
    if role in OFFICERS_HERE
    else View.PARTY
    if role in ("seizer", "owner")
    else View.PUBLIC
    for role in ROLES
}
PUBLIC_KEYS = {
    "view",
    "ref",
    "status",
    "ground",
    "district",
    "village",
    "village_names",
    "place",
    "pound",
    "seized_on",
    "impounded_on",
    "noticed_on",
    "as_of",
    "animals",
    "deadlines",
}


def load_cast(world: World) -> None:
    """The officers of DHAKIA, the district of Otherpur, and the stranger (a token's holder)."""
    act(
        world.db,
        load_jurisdiction_text,
        DISTRICT + DHAKIA_OFFICERS,
        now=world.now,
        origin="testpur.toml",
    )
    load_other(world)
    act(world.db, issue_token, phone=PHONES["stranger"], name="Ram Prasad", now=world.now)


# The tests of the matrix start from the district with the cast loaded (a template made once).
pytestmark = pytest.mark.world_with.with_args(load_cast)


def cast(world: World) -> dict[str, int]:
    """Everyone of the matrix, by role: the person id of each. The test's module is marked
    `world_with.with_args(load_cast)`, so its world holds them all."""
    ids: dict[str, int] = {}
    with world.db.reading() as s:
        for role, phone in PHONES.items():
            person = person_by_phone(s, phone)
            if person is None or person.id is None:
                raise LookupError(
                    f"{role} is not in this world: mark the test's module "
                    "pytest.mark.world_with.with_args(load_cast)"
                )
            ids[role] = person.id
    return ids


def count(world: World, table: type, *where: object) -> int:
    with world.db.reading() as s:
        return int(s.exec(select(func.count()).select_from(table).where(*where)).one())  # type: ignore[arg-type]


def record_of(world: World, phone: str) -> tuple[int, str, str, str | None, int | None] | None:
    """A person's record as it stands: id, name, residence, phone, Telegram id."""
    with world.db.reading() as s:
        found = person_by_phone(s, phone)
        if found is None or found.id is None:
            return None
        return (found.id, found.name, found.residence, found.phone, found.telegram_id)


def report(
    world: World,
    actor: int,
    *,
    seizer: PersonIn | None = None,
    owner: PersonIn | None = None,
    ground: str = "trespass",
    when: datetime | None = None,
    per_day: int = 5,
) -> str:
    return act(
        world.db,
        report_seizure,
        actor_id=actor,
        ground=ground,
        village="Rampur",
        place="the cane field by the Rampur well",
        damage="" if ground == "stray" else "ate young cane",
        seizer=seizer,
        owner=owner,
        animals=[AnimalsIn("cow", 2, "red"), AnimalsIn("buffalo", 1, "black")],
        occurred_at=when or world.now,
        now=world.now,
        unsolicited_per_day=per_day,
    ).ref


# --- Sec XIII: who records forcible opposition or a rescue ----------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_only_the_seizer_the_keeper_and_the_police_of_the_thana_record_a_sec_xiii_offence(
    world: World, role: str
) -> None:
    people = cast(world)
    ref = world.seize(when=ist(world, date(2026, 3, 1), 8))
    ist(world, date(2026, 3, 1), 9)
    before = seizure_view(world.db, ref=ref, now=world.now)
    assert before["due"]["total"] > 0

    def record(kind: str) -> int:
        return act(
            world.db,
            record_offence,
            actor_id=people[role],
            ref=ref,
            kind=kind,
            offenders="Bhura Ahir of Kemri",
            description="stood in the way with a lathi, then drove the cattle off",
            occurred_at=world.now,
            now=world.now,
        )

    if role in MAY_RECORD_OFFENCE:
        record("opposition")
        record("rescue")
        after = seizure_view(world.db, ref=ref, now=world.now)
        # The rescue takes every head out of custody: the seizure closes, nothing is due.
        assert after["status"] == "closed"
        assert after["due"]["total"] == 0
        assert count(world, Offence, col(Offence.reported_by) == people[role]) == 2
        return
    for kind in ("opposition", "rescue"):
        with pytest.raises(OffenceRecorderNotEntitled) as refused:
            record(kind)
        assert refused.value.section == "XIII"
        assert refused.value.code == "offence_recorder_not_entitled"
    after = seizure_view(world.db, ref=ref, now=world.now)
    assert (after["status"], after["animals"], after["due"]) == (
        before["status"],
        before["animals"],
        before["due"],
    )
    assert count(world, Offence) == 0


# --- Sec II, V: reporting a seizure, for oneself or for another ---------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_a_seizure_is_reported_for_another_seizer_only_by_the_keeper_or_police_of_its_pound(
    world: World, role: str
) -> None:
    people = cast(world)
    gopal = PersonIn("Gopal Yadav", "Rampur", "+91 94444 44444")
    if role not in MAY_REPORT_FOR_ANOTHER:
        with pytest.raises(OwnSeizureOnly) as refused:
            report(world, people[role], seizer=gopal)
        assert (refused.value.code, refused.value.section) == ("own_seizure_only", "II")
        assert count(world, Seizure) == 0
        assert record_of(world, "+919444444444") is None
        return
    ref = report(world, people[role], seizer=gopal)
    added = record_of(world, "+919444444444")
    assert added is not None
    gopal_id = added[0]
    with world.db.reading() as s:
        seizure = s.exec(select(Seizure).where(Seizure.ref == ref)).one()
        assert (seizure.seizer_id, seizure.reporter_id) == (gopal_id, people[role])
        event = s.exec(select(AuditEvent).where(AuditEvent.subject == ref)).one()
        assert event.actor_id == people[role]
        assert (event.payload["seizer_id"], event.payload["reporter_id"]) == (
            gopal_id,
            people[role],
        )
    reporter = record_of(world, PHONES[role])
    assert reporter is not None
    view = seizure_view_as(world.db, ref=ref, viewer_id=gopal_id, now=world.now)
    assert view["seizer"] == {"name": "Gopal Yadav", "residence": "Rampur"}
    assert view["reported_by"] == {"name": reporter[1], "residence": reporter[2]}


@pytest.mark.parametrize("role", ROLES)
def test_anyone_reports_a_trespass_he_made_himself_naming_himself_or_not(
    world: World, role: str
) -> None:
    """Sec II: a cultivator or occupier seizes; an officer may be one too. Naming oneself as
    the seizer (by one's phone, or by one's name) is the same as leaving the seizer out."""
    people = cast(world)
    before = record_of(world, PHONES[role])
    assert before is not None
    refs = [
        report(world, people[role]),
        report(world, people[role], seizer=PersonIn(before[1].upper(), "Somewhere else")),
        report(world, people[role], seizer=PersonIn("Any name", "", PHONES[role])),
    ]
    with world.db.reading() as s:
        rows = s.exec(select(Seizure).where(col(Seizure.ref).in_(refs))).all()
        assert {(r.seizer_id, r.reporter_id) for r in rows} == {(people[role], people[role])}
    after = record_of(world, PHONES[role])
    assert after is not None and after[:2] == before[:2] and after[3:] == before[3:]
    # A village he lacked is gained from the report that states it (Sec V), one he has kept.
    assert after[2] == (before[2] or "Somewhere else")


@pytest.mark.both_engines
def test_a_private_person_may_not_name_the_district_magistrate_as_his_seizer(
    world: World,
) -> None:
    people = cast(world)
    magistrate = record_of(world, PHONES["magistrate_here"])
    named = PersonIn("Magistrate Mehta", "Rampur fields", PHONES["magistrate_here"])
    for role in ("seizer", "owner", "stranger", "keeper_other_pound", "police_other_thana"):
        with pytest.raises(OwnSeizureOnly):
            report(world, people[role], seizer=named)
    assert count(world, Seizure) == 0
    assert record_of(world, PHONES["magistrate_here"]) == magistrate


@pytest.mark.both_engines
def test_a_report_never_changes_the_record_of_a_person_it_names(world: World) -> None:
    """Whoever is named by a phone the office knows is that person, as he is recorded: his name
    is never changed by someone else's report, and a village he lacked is gained from the first
    report that states one (Sec V), never changed by a later one."""
    people = cast(world)
    # A person known by his phone alone (he was given a token), with no village recorded.
    sita = act(world.db, issue_token, phone="+919555555555", name="Sita Devi", now=world.now)
    before = record_of(world, "+919555555555")
    assert before is not None and before[1:3] == ("Sita Devi", "")
    ref = report(
        world, people["seizer"], owner=PersonIn("Somebody Else", "Kemri", "+91 95555 55555")
    )
    # The keeper reporting for a seizer named by that phone changes nothing either.
    other = report(
        world,
        people["keeper_here"],
        seizer=PersonIn("Not Sita", "Dhakia", "+919555555555"),
        owner=PersonIn("Mohan", "Nowhere", PHONES["owner"]),
    )
    assert record_of(world, "+919555555555") == (before[0], "Sita Devi", "Kemri", *before[3:])
    mohan = record_of(world, PHONES["owner"])
    assert mohan is not None and mohan[1:3] == ("Mohan Lal", "Kemri")
    with world.db.reading() as s:
        first = s.exec(select(Seizure).where(Seizure.ref == ref)).one()
        second = s.exec(select(Seizure).where(Seizure.ref == other)).one()
        assert first.owner_id == sita.person_id
        assert (second.seizer_id, second.owner_id) == (sita.person_id, people["owner"])


@pytest.mark.both_engines
def test_strays_and_road_seizures_are_reported_for_their_seizer_by_the_officers_of_the_pound(
    world: World,
) -> None:
    """Sec XVI: village police bring strays, and the keeper writes them down; Sec XV: a person
    in charge of a road seizes, and the keeper or police may report it for him (he and no one
    else is the seizer of a Sec XV seizure)."""
    people = cast(world)
    bansi = PersonIn("Chowkidar Bansi", "Rampur", "+919666666666")
    stray = report(world, people["keeper_here"], seizer=bansi, ground="stray")
    with world.db.reading() as s:
        row = s.exec(select(Seizure).where(Seizure.ref == stray)).one()
        assert (row.ground, row.reporter_id) == ("stray", people["keeper_here"])
    with pytest.raises(OwnSeizureOnly):
        report(world, people["keeper_other_pound"], seizer=bansi, ground="stray")
    om = PersonIn("Overseer Om", "", PHONES["road_officer"])
    road = report(world, people["police_here"], seizer=om, ground="road")
    with world.db.reading() as s:
        row = s.exec(select(Seizure).where(Seizure.ref == road)).one()
        assert (row.seizer_id, row.reporter_id) == (people["road_officer"], people["police_here"])
    with pytest.raises(InvalidInput) as not_road:
        report(world, people["police_here"], seizer=bansi, ground="road")
    assert not_road.value.section == "XV"


# --- Reading: the record for parties and officers, the notice for everyone else ----------------


@pytest.mark.parametrize("role", ROLES)
def test_a_seizure_is_seen_whole_by_parties_and_district_officers_and_as_the_notice_by_others(
    world: World, role: str
) -> None:
    people = cast(world)
    ref = world.seize()
    view = seizure_view_as(world.db, ref=ref, viewer_id=people[role], now=world.now)
    assert view["view"] == SEES[role].value
    if SEES[role] is not View.PUBLIC:
        assert view["seizer"] == {"name": "Hari Singh", "residence": "Rampur"}
        assert view["owner"] == {"name": "Mohan Lal", "residence": "Kemri"}
        assert view["due"]["total"] == 192
        return
    assert set(view) == PUBLIC_KEYS
    text = json.dumps(view, ensure_ascii=False)
    for secret in ("Hari Singh", "Mohan Lal", "Kemri", PHONES["seizer"], PHONES["owner"]):
        assert secret not in text
    # What the notice of Sec VIII says: the cattle, where seized, where impounded, the dates.
    assert [(a["kind"], a["description"]) for a in view["animals"]] == [
        ("cow", "red, white blaze"),
        ("cow", "red, white blaze"),
        ("buffalo", ""),
    ]
    assert (view["village"], view["place"], view["pound"]["code"]) == (
        "Rampur",
        "the sugarcane field east of the well",
        "TPR",
    )
    assert view["deadlines"]["complaint_until"] == "2026-03-11"
    assert seizure_view_as(world.db, ref=ref, viewer_id=None, now=world.now) == view


@pytest.mark.both_engines
def test_a_complainant_and_the_agent_who_filed_for_the_owner_are_parties(world: World) -> None:
    """Sec XIV: a complaint is made in person or by an agent; both then see the record."""
    people = cast(world)
    unowned = world.seize(owner=None)
    owned = world.seize()
    for ref in (unowned, owned):
        seen = seizure_view_as(world.db, ref=ref, viewer_id=people["stranger"], now=world.now)
        assert seen["view"] == "public"
    world.tick(hours=1)
    # With no owner on record the stranger complains as claiming to be the owner (G14) ...
    act(
        world.db,
        file_complaint,
        actor_id=people["stranger"],
        ref=unowned,
        text="they are my cattle",
        occurred_at=world.now,
        now=world.now,
    )
    # ... and on the other he files for the owner of record, as his agent.
    act(
        world.db,
        file_complaint,
        actor_id=people["stranger"],
        ref=owned,
        text="the field was fenced and the gate broken",
        agent_name="Ram Prasad",
        occurred_at=world.now,
        now=world.now,
    )
    for ref in (unowned, owned):
        seen = seizure_view_as(world.db, ref=ref, viewer_id=people["stranger"], now=world.now)
        assert seen["view"] == "party"
        assert seen["seizer"]["name"] == "Hari Singh"


@pytest.mark.both_engines
def test_a_new_person_named_by_a_report_is_added_once_and_only_by_the_report_that_names_him(
    world: World,
) -> None:
    """find_or_add_person adds a new person, and otherwise finds him: his name is kept, and a
    village he lacked is gained."""
    with tx(world.db) as s:
        first = find_or_add_person(
            s, name="Lakhan", residence="", phone="+919777000001", now=world.now
        )
        again = find_or_add_person(
            s, name="Someone", residence="Elsewhere", phone="+91 97770 00001", now=world.now
        )
        assert (again.id, again.name, again.residence) == (first.id, "Lakhan", "Elsewhere")
        other = find_or_add_person(s, name="Lakhan", residence="", phone=None, now=world.now)
        assert other.id != first.id  # without a phone, a name is a new person
