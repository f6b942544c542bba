"""Phones as people type them in the field: one number however it is written, read by the
numbering plan of the district's country; anything else refused with how to write it."""

from __future__ import annotations

import pytest
from sqlmodel import select

from bot.errors import explain
from bot.flows.officer_kit import person_in
from bot.i18n import translator
from bot.registry import build_engine
from bot.types import Channel, Inbound
from law.errors import InvalidInput, InvalidPhone
from models import District, Person, Seizure
from office.access.tokens import issue_token
from office.jurisdiction import JurisdictionError, load_jurisdiction_text
from office.people import person_by_phone
from office.phones import normalise_phone
from tests.bot.test_private_flows import HARI, Chat
from tests.units import act
from tests.world import OTHER_DISTRICT, World

SAME = [
    "098300 00005",
    "98300-00005",
    "+91 98300 00005",
    "9830000005",
    "+91-98300-00005",
    "0091 98300 00005",
    "(+91) 98300 00005",
    "९८३००००००५",  # Devanagari digits
    "৯৮৩০০০০০০৫",  # Bengali digits
    "+९१ ९८३०० ०००० ५",
]
REFUSED = [
    "",
    "98300",  # too short
    "98300 00005 1234 5678",  # too long
    "98300ABCDE",  # letters (no vanity numbers)
    "+91 98300 00005 ext 5",  # no extensions
    "call me",
    "+91 00000 00000",  # not a number of the Indian plan
    "1" * 200,
]


@pytest.mark.parametrize("typed", SAME)
def test_every_way_of_writing_one_indian_mobile_is_one_number(typed: str) -> None:
    assert normalise_phone(typed) == "+919830000005"


@pytest.mark.parametrize("typed", REFUSED)
def test_what_is_not_a_phone_is_refused_with_how_to_write_one(typed: str) -> None:
    with pytest.raises(InvalidPhone) as caught:
        normalise_phone(typed)
    assert isinstance(caught.value, InvalidInput)  # a 422 at the API
    assert caught.value.details["international"] == "+91 81234 56789"


def test_a_number_without_its_code_is_read_by_the_plan_of_the_region() -> None:
    assert normalise_phone("(11) 96123-4567", "BR") == "+5511961234567"
    assert normalise_phone("+91 98300 00005", "BR") == "+919830000005"
    with pytest.raises(InvalidPhone):
        normalise_phone("(11) 96123-4567")


def test_a_district_of_another_country_reads_its_peoples_phones_by_its_plan(
    world: World,
) -> None:
    text = OTHER_DISTRICT.replace(
        'timezone = "Asia/Kolkata"', 'timezone = "America/Sao_Paulo"\ncountry = "br"'
    ).replace('phone = "+919000000015"', 'phone = "(11) 96123-4567"')
    act(world.db, load_jurisdiction_text, text, now=world.now, origin="otherpur.toml")
    with world.db.reading() as s:
        district = s.exec(select(District).where(District.code == "OTHERPUR")).one()
        assert district.country == "BR"
        assert person_by_phone(s, "+55 11 96123-4567") is not None
        testpur = s.exec(select(District).where(District.code == "TESTPUR")).one()
        assert testpur.country == "IN"  # the default when the file says none


def test_a_district_file_with_an_unknown_country_is_refused(world: World) -> None:
    text = OTHER_DISTRICT.replace(
        'timezone = "Asia/Kolkata"', 'timezone = "Asia/Kolkata"\ncountry = "XX"'
    )
    with pytest.raises(JurisdictionError, match="'XX' is not a country code"):
        act(world.db, load_jurisdiction_text, text, now=world.now, origin="otherpur.toml")


def test_a_token_is_issued_for_an_official_whose_phone_is_typed_the_local_way(
    world: World,
) -> None:
    issued = act(world.db, issue_token, phone="90000 00005", now=world.now)
    assert issued.person_id == world.magistrate


def test_sms_and_whatsapp_senders_are_still_known_by_their_number(world: World) -> None:
    engine = build_engine(world.db)
    for address in ("+919111111111", "whatsapp:+919111111111"):
        replies = engine.handle(
            Inbound(channel=Channel.SMS, address=address, text="status"), now=world.now
        )
        assert replies  # answered as the known cultivator, not refused
    with world.db.reading() as s:
        assert s.exec(select(Person).where(Person.phone == "+919111111111")).one().id == (
            world.cultivator
        )


def _to_owner_phone(chat: Chat) -> None:
    chat.say("seize")
    chat.say("Rampur")
    chat.say("the sugarcane field east of the well")
    chat.say("2 cow red, white blaze")
    chat.say("done")
    chat.say("ate and trampled young cane")
    chat.say("Ram Lal")
    chat.say("Kemri")


def test_the_seizer_types_the_owners_phone_in_bengali_digits_and_it_is_recorded(
    world: World,
) -> None:
    chat = Chat(world, HARI)
    _to_owner_phone(chat)
    chat.say("৯৮৩০০ ০০০০৫")
    chat.say("no")
    summary = chat.say("skip")
    assert "Owner: Ram Lal, Kemri, +919830000005" in summary
    assert "Your reference is" in chat.say("confirm")
    with world.db.reading() as s:
        seizure = s.exec(select(Seizure)).one()
        owner = s.get(Person, seizure.owner_id)
        assert owner is not None and owner.phone == "+919830000005"


def test_a_phone_that_cannot_be_read_is_asked_again_when_typed_not_at_the_confirmation(
    world: World,
) -> None:
    chat = Chat(world, HARI)
    chat.say("lang hi")
    _to_owner_phone(chat)
    answer = chat.say("98300")
    assert "यह फ़ोन नंबर पढ़ा नहीं जा सका" in answer and "+91 81234 56789" in answer
    chat.say("098300 00005")  # asked again, and now it is read
    chat.say("no")
    chat.say("skip")
    chat.say("confirm")
    with world.db.reading() as s:
        seizure = s.exec(select(Seizure)).one()
        owner = s.get(Person, seizure.owner_id)
        assert owner is not None and owner.phone == "+919830000005"


def test_an_officer_typing_a_bad_phone_is_told_in_his_language_before_anything_is_recorded() -> (
    None
):
    assert person_in("Mohan Lal, Kemri, 098300 00005").phone == "+919830000005"
    assert person_in("Mohan Lal, Kemri").phone is None
    with pytest.raises(InvalidPhone) as caught:
        person_in("Mohan Lal, Kemri, 98300")
    said = explain(translator("bn"), caught.value)
    assert "ফোন নম্বরটি বোঝা গেল না" in said and "+91 81234 56789" in said


def test_an_address_a_channel_gives_is_read_as_a_typed_phone_or_is_none() -> None:
    from office.phones import phone_or_none

    assert phone_or_none("+91 98300 00005") == normalise_phone("+91 98300 00005")
    assert phone_or_none("098300 00005") == "+919830000005"
    assert phone_or_none("+12345") is None
    assert phone_or_none("whatsapp:+919830000005") is None  # the channel strips its prefix
    assert phone_or_none("") is None
