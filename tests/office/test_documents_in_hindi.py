"""The documents an act sends reach a Hindi or Bengali reader in his language, figures and all:
recorded through the office, rendered as the sender renders the outbox row."""

from __future__ import annotations

import re
from datetime import date

from sqlmodel import col, select

from bot.notices import render
from models import Outbox, Person
from office.acts.keeper.arrival import register_arrival
from tests.units import act, tx
from tests.world import World

D = date
NAMES = (
    "Testpur thana pound",
    "the sugarcane field east of the well",
    "Rampur",
    "Kemri",
    "Mohan Lal",
    "Hari Singh",
    "red, white blaze",
    "TPR/2026/1",
)


def speaks(world: World, person_id: int, lang: str) -> None:
    with tx(world.db) as s:
        person = s.get(Person, person_id)
        assert person is not None
        person.language = lang
        s.add(person)


def said(world: World, person_id: int, template: str) -> str:
    with world.db.reading() as s:
        row = s.exec(
            select(Outbox)
            .where(Outbox.person_id == person_id, Outbox.template == template)
            .order_by(col(Outbox.id))
        ).first()
        assert row is not None
        return render(row.template, row.params, row.language)


def english_left(text: str, ref: str) -> list[str]:
    for name in sorted((*NAMES, ref), key=len, reverse=True):
        text = text.replace(name, " ")
    return re.findall(r"[A-Za-z]+", text)


def test_a_hindi_owner_and_a_bengali_seizer_read_the_arrival_in_their_languages(
    world: World,
) -> None:
    speaks(world, world.owner, "hi")
    speaks(world, world.cultivator, "bn")
    ref = world.seize()
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 1), 10),
        now=world.now,
    )

    notice = said(world, world.owner, "claim_notice")
    # Two cows (4 annas each) and a buffalo (8 annas), one day's feeding of 30 pies: Rs 1-2-6.
    assert notice.startswith(f"{ref}: आपके पशु (2 गायें, 1 भैंस) Testpur thana pound में।")
    assert "छुड़ाने को आज ₹1-2-6 देना है, फिर ₹0-2-6 रोज़।" in notice
    assert "8 मार्च 2026 तक न छुड़ाए" in notice and "11 मार्च 2026 तक मजिस्ट्रेट से शिकायत" in notice
    assert english_left(notice, ref) == []

    copy = said(world, world.cultivator, "register_copy")
    assert copy.startswith("রেজিস্টার TPR/2026/1-এর নকল (ধারা ৫): ১ মার্চ ২০২৬ ১০:০০;")
    assert "১. গরু (red, white blaze); ২. গরু (red, white blaze); ৩. মহিষ" in copy
    # Sec V: the copy names the seizer and the owner with their residences.
    assert "আটককারী: Rampur-এর Hari Singh। মালিক: Kemri-এর Mohan Lal।" in copy
    assert english_left(copy, ref) == []

    reminder = said(world, world.owner, "claim_reminder")
    assert "(धारा 8)" in reminder and english_left(reminder, ref) == []


def test_a_message_names_the_village_as_the_district_file_writes_it_in_the_readers_script(
    world: World,
) -> None:
    """The keeper of Dhakia pound reads, in Hindi, that cattle seized in ढकिया are on their
    way; in English, Dhakia; the register and the message's params keep the register's name."""
    from tests.world import name_dhakia

    name_dhakia(world)
    ref = world.seize(village="Dhakia")
    with world.db.reading() as s:
        row = s.exec(select(Outbox).where(Outbox.template == "arrival_expected")).one()
        template, params = row.template, dict(row.params)
    said = {lang: render(template, params, lang) for lang in ("en", "hi", "bn")}

    assert params["village"] == "Dhakia"
    assert "the sugarcane field east of the well, ढकिया में" in said["hi"]
    assert "the well, ঢাকিয়ায় " in said["bn"]  # the locative its last letter asks for
    assert f"Seizure {ref}:" in said["en"] and ", Dhakia, on " in said["en"]
