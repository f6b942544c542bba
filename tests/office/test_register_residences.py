"""Sec V: the register entry names the seizer and the owner with their residences, as the act that
named them stated them, even when the office first knew them without one; a person's record may
gain a residence it lacked, never change one it has; the seizer's copy says them, in English,
Hindi and Bengali."""

from __future__ import annotations

from datetime import date

from sqlmodel import select

from bot.notices import render
from models import Outbox, Person, RegisterEntry
from office.access.tokens import issue_token
from office.acts.keeper.arrival import register_arrival
from office.acts.seizer.report import report_seizure
from office.inputs import AnimalsIn, PersonIn
from office.people import person_by_phone
from office.views.documents.seizure import register_copy
from tests.units import act, tx
from tests.world import World, at

D = date
RAM_LAL = "+919812345601"  # known from a token issued with --name only: no residence
OWNER_06 = "+919812345606"  # known from a chat contact: a name, no residence


def residence(world: World, phone: str) -> str:
    with world.db.reading() as s:
        person = person_by_phone(s, phone)
        assert person is not None
        return person.residence


def report(world: World, actor: int, seizer: PersonIn | None, owner: PersonIn) -> str:
    world.on(D(2026, 3, 1), 8)
    return act(
        world.db,
        report_seizure,
        actor_id=actor,
        ground="trespass",
        village="Rampur",
        place="the wheat field by the tank",
        damage="grazed the young wheat",
        seizer=seizer,
        owner=owner,
        animals=[AnimalsIn("cow", 1, "white")],
        occurred_at=world.now,
        now=world.now,
    ).ref


def arrive(world: World, ref: str) -> dict[str, object]:
    world.on(D(2026, 3, 1), 10)
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )
    with world.db.reading() as s:
        return dict(s.exec(select(RegisterEntry.entry)).one())


def test_the_entry_holds_the_residences_the_report_states_for_people_known_without_one(
    world: World,
) -> None:
    """Sec V: "the name and residence of the seizer, and the name and residence of the owner":
    a seizer known from a token issued with a name alone, an owner known from a chat contact,
    are entered with the residences the report states; their records gain them."""
    ram_lal = act(
        world.db, issue_token, phone=RAM_LAL, now=at(D(2026, 2, 1)), name="Ram Lal"
    ).person_id
    with tx(world.db) as s:
        s.add(Person(name="Owner 06", residence="", phone=OWNER_06, created_at=at(D(2026, 2, 1))))
    ref = report(
        world,
        ram_lal,
        PersonIn("Ram Lal", "Khairabad", RAM_LAL),
        PersonIn("Owner 06", "Sonbarsa", OWNER_06),
    )
    entry = arrive(world, ref)
    assert entry["seizer"] == {"name": "Ram Lal", "residence": "Khairabad"}
    assert entry["owner"] == {"name": "Owner 06", "residence": "Sonbarsa"}
    assert (residence(world, RAM_LAL), residence(world, OWNER_06)) == ("Khairabad", "Sonbarsa")
    # The copy: the document, and the seizer's SMS or Telegram text in each language.
    with world.db.reading() as s:
        doc = register_copy(s, ref)
        copy = s.exec(select(Outbox).where(Outbox.template == "register_copy")).one()
        template, params = copy.template, dict(copy.params)
    assert (doc.seizer.name, doc.seizer.residence) == ("Ram Lal", "Khairabad")
    assert doc.owner is not None and doc.owner.residence == "Sonbarsa"
    said = {lang: render(template, params, lang) for lang in ("en", "hi", "bn")}
    assert "Seizer: Ram Lal of Khairabad. Owner: Owner 06 of Sonbarsa." in said["en"]
    for lang in ("hi", "bn"):
        for words in ("Ram Lal", "Khairabad", "Owner 06", "Sonbarsa"):
            assert words in said[lang], (lang, words)


def test_a_residence_on_record_is_never_changed_but_the_entry_holds_the_one_stated(
    world: World,
) -> None:
    """A person's record may gain a residence it lacked, never change one it has: the owner of
    record lives in Kemri; a report naming him of Dhakia leaves his record as it is, and the
    entry holds what that report stated. A report stating none enters the record's."""
    kemri = residence(world, "+919222222222")
    assert kemri
    ref = report(world, world.cultivator, None, PersonIn("Mohan Lal", "Dhakia", "+919222222222"))
    entry = arrive(world, ref)
    assert entry["owner"] == {"name": "Mohan Lal", "residence": "Dhakia"}
    assert residence(world, "+919222222222") == kemri
    seizer = entry["seizer"]
    assert isinstance(seizer, dict) and seizer["residence"] == residence(world, "+919111111111")
