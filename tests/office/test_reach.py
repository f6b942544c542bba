"""The office writes to a person on the channel he last wrote on: WhatsApp when that was his last
word, else Telegram if he has it, else SMS."""

from __future__ import annotations

from datetime import date

from models import InboundMessage, Person
from office.records.reach import channel_for, note_inbound
from tests.units import tx
from tests.world import World, at

OWNER = "+919222222222"
TELEGRAM_ID = 5_550_001_112  # past 2^31
D = date


def where_to(world: World) -> tuple[str, str] | None:
    with world.db.reading() as s:
        person = s.get(Person, world.owner)
        assert person is not None
        return channel_for(s, person)


def with_telegram(world: World) -> None:
    with tx(world.db) as s:
        person = s.get(Person, world.owner)
        assert person is not None
        person.telegram_id = TELEGRAM_ID
        s.add(person)


def telegram_message(world: World, hour: int) -> None:
    with tx(world.db) as s:
        s.add(
            InboundMessage(
                channel="telegram",
                external_id=f"upd-{hour}",
                address=str(TELEGRAM_ID),
                received_at=at(D(2026, 3, 1), hour),
                kind="text",
                payload={},
                replies=[],
                status="handled",
            )
        )


def wrote(world: World, channel: str, hour: int) -> None:
    with tx(world.db) as s:
        note_inbound(s, channel=channel, address=OWNER, now=at(D(2026, 3, 1), hour))


def test_sms_to_a_phone_that_never_wrote(world: World) -> None:
    assert where_to(world) == ("sms", OWNER)


def test_whatsapp_once_his_last_message_came_by_whatsapp(world: World) -> None:
    wrote(world, "sms", 9)
    wrote(world, "whatsapp", 10)
    assert where_to(world) == ("whatsapp", OWNER)
    wrote(world, "sms", 11)
    assert where_to(world) == ("sms", OWNER)
    # An older note never moves the last message back.
    wrote(world, "whatsapp", 8)
    assert where_to(world) == ("sms", OWNER)


def test_telegram_or_whatsapp_whichever_he_used_last(world: World) -> None:
    with_telegram(world)
    assert where_to(world) == ("telegram", str(TELEGRAM_ID))
    telegram_message(world, 9)
    wrote(world, "whatsapp", 10)
    assert where_to(world) == ("whatsapp", OWNER)
    telegram_message(world, 11)
    assert where_to(world) == ("telegram", str(TELEGRAM_ID))
