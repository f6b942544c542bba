"""Telegram through the real PTB: updates in, replies as outbox rows, sent with keyboards."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from sqlmodel import col, func, select
from telegram import Bot, InlineKeyboardMarkup, ReplyKeyboardMarkup

from bot.channels.telegram import (
    SECRET_HEADER,
    BadUpdate,
    message_kwargs,
    parse_update,
    reply_markup_for,
)
from bot.channels.telegram.channel import TelegramConfig
from bot.engine import language_question
from bot.types import Channel, Option
from models import Conversation, InboundMessage, Outbox, Person
from pound.cli import main
from tests.fakes import FakeTelegram
from tests.units import act
from tests.world import World
from webhook.app import create_app

TOKEN = "123456:TEST-token"
SECRET = "s3cret-webhook-token"
CHAT = 5550001
CULTIVATOR_PHONE = "+919111111111"

CHOOSE = language_question()  # the heading of the language chooser


@pytest.fixture
def fake_telegram() -> Iterator[FakeTelegram]:
    with FakeTelegram() as fake:
        yield fake


@pytest.fixture
def tg(world: World, fake_telegram: FakeTelegram) -> Iterator[TestClient]:
    world.on(date(2026, 3, 1), 12)
    config = TelegramConfig(token=TOKEN, secret=SECRET, api_url=fake_telegram.api_url)
    app = create_app(db=world.db, clock=lambda: world.now, telegram=config)
    with TestClient(app) as client:
        yield client


class Updates:
    """Realistic update JSON for one chat; update ids run on across chats, as a bot's do."""

    ids = itertools.count(900001)

    def __init__(self, chat: int = CHAT) -> None:
        self.chat = chat
        self.next_id = 0

    def _user(self) -> dict[str, Any]:
        return {"id": self.chat, "is_bot": False, "first_name": "Hari", "language_code": "en"}

    def _message(self, **content: Any) -> dict[str, Any]:
        self.next_id = next(self.ids)
        return {
            "update_id": self.next_id,
            "message": {
                "message_id": self.next_id - 899000,
                "date": 1772346600,
                "chat": {"id": self.chat, "type": "private", "first_name": "Hari"},
                "from": self._user(),
                **content,
            },
        }

    def text(self, text: str) -> dict[str, Any]:
        return self._message(text=text)

    def contact(self, phone: str, user_id: int | None = None) -> dict[str, Any]:
        contact = {"phone_number": phone, "first_name": "Hari", "user_id": user_id or self.chat}
        return self._message(contact=contact)

    def location(self, lat: float, lon: float) -> dict[str, Any]:
        return self._message(location={"latitude": lat, "longitude": lon})

    def photo(self) -> dict[str, Any]:
        sizes = [
            {"file_id": "small", "file_unique_id": "u1", "width": 90, "height": 60},
            {"file_id": "large", "file_unique_id": "u3", "width": 1280, "height": 853},
            {"file_id": "medium", "file_unique_id": "u2", "width": 320, "height": 213},
        ]
        return self._message(photo=sizes, caption="the cattle")

    def press(self, data: str) -> dict[str, Any]:
        self.next_id = next(self.ids)
        return {
            "update_id": self.next_id,
            "callback_query": {
                "id": f"cb{self.next_id}",
                "from": self._user(),
                "chat_instance": "-1",
                "data": data,
                "message": {
                    "message_id": 1,
                    "date": 1772346600,
                    "chat": {"id": self.chat, "type": "private"},
                    "text": "Choose a language:",
                },
            },
        }


def post(client: TestClient, update: object, secret: str | None = SECRET) -> Any:
    headers = {SECRET_HEADER: secret} if secret is not None else {}
    return client.post("/telegram/webhook", json=update, headers=headers)


def outbox(world: World) -> list[Outbox]:
    with world.db.reading() as s:
        rows = list(s.exec(select(Outbox).order_by(col(Outbox.id))).all())
        s.expunge_all()  # keep them readable after the read transaction ends
        return rows


def count(world: World, table: type[Any]) -> int:
    with world.db.reading() as s:
        return int(s.exec(select(func.count()).select_from(table)).one())


def send_rows(fake: FakeTelegram, rows: list[Outbox]) -> None:
    """Send outbox rows as the sender does, with the real PTB Bot against the fake API."""

    async def go() -> None:
        async with Bot(TOKEN, base_url=fake.base_url) as bot:
            for row in rows:
                params = row.params or {}
                first = params.get("first_number", 1)
                kwargs = message_kwargs(
                    row.address,
                    row.body or "",
                    [Option(str(o["value"]), str(o["label"])) for o in row.options or []],
                    request_contact=bool(params.get("request_contact")),
                    request_location=bool(params.get("request_location")),
                    language=row.language,
                    first_number=first if isinstance(first, int) else 1,
                )
                await bot.send_message(**kwargs)

    asyncio.run(go())


def test_a_message_is_answered_through_the_outbox_and_sent_with_its_keyboard(
    world: World, tg: TestClient, fake_telegram: FakeTelegram
) -> None:
    updates = Updates()
    update = updates.text("/lang")
    answer = post(tg, update)
    assert answer.status_code == 200
    rows = outbox(world)
    assert [r.dedupe_key for r in rows] == [f"reply:telegram:{update['update_id']}:0"]
    row = rows[0]
    assert (row.channel, row.address, row.template, row.state) == (
        "telegram",
        str(CHAT),
        "reply",
        "queued",
    )
    assert row.body == row.params["body"] == CHOOSE
    assert [o["value"] for o in row.options] == ["lang:en", "lang:hi", "lang:bn"]
    assert row.private is False and row.due_at == world.now
    send_rows(fake_telegram, rows)
    sent = fake_telegram.calls_to("sendMessage")[-1].params
    assert sent["chat_id"] == str(CHAT) and sent["text"] == CHOOSE
    buttons = [b for r in sent["reply_markup"]["inline_keyboard"] for b in r]
    assert [b["callback_data"] for b in buttons] == ["lang:en", "lang:hi", "lang:bn"]


def test_a_button_press_is_acknowledged_in_the_answer_and_moves_the_conversation(
    world: World, tg: TestClient
) -> None:
    updates = Updates()
    post(tg, updates.text("/lang"))
    press = updates.press("lang:hi")
    answer = post(tg, press)
    assert answer.json() == {
        "method": "answerCallbackQuery",
        "callback_query_id": press["callback_query"]["id"],
    }
    with world.db.reading() as s:
        conv = s.exec(select(Conversation).where(Conversation.address == str(CHAT))).one()
        assert conv.language == "hi"
    assert outbox(world)[-1].language == "hi"


def test_a_repeated_update_is_answered_200_and_changes_nothing(
    world: World, tg: TestClient
) -> None:
    updates = Updates()
    update = updates.text("/start")
    assert post(tg, update).status_code == 200
    before = (count(world, Outbox), count(world, InboundMessage))
    assert post(tg, update).status_code == 200
    assert (count(world, Outbox), count(world, InboundMessage)) == before == (1, 1)


@pytest.mark.parametrize("secret", [None, "wrong", SECRET + "x", ""])
def test_a_wrong_or_missing_secret_is_refused_and_nothing_written(
    world: World, tg: TestClient, secret: str | None
) -> None:
    assert post(tg, Updates().text("/start"), secret=secret).status_code == 403
    assert count(world, InboundMessage) == count(world, Outbox) == 0


def test_malformed_oversized_and_unknown_payloads_get_a_4xx_and_write_nothing(
    world: World, tg: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="webhook.channels")
    headers = {SECRET_HEADER: SECRET, "Content-Type": "application/json"}
    bad: list[tuple[bytes, int]] = [
        (b"{not json", 400),
        (b"[1, 2, 3]", 400),
        (b'{"message": {"text": "no update id"}}', 400),
        (b'{"update_id": 5, "something_new": {}}', 422),
        (b'{"update_id": 6, "message": "a string"}', 400),
        (b'{"update_id": 7, "message": {"chat": 1}}', 400),
        (b"\xff\xfe", 400),
        (b'{"update_id": 8, "message": {"text": "' + b"x" * 70000 + b'"}}', 413),
        (b"[" * 100000, 413),
        (b"[" * 50000 + b"]" * 50000, 413),
    ]
    for body, status in bad:
        answer = tg.post("/telegram/webhook", content=body, headers=headers)
        assert answer.status_code == status, body[:40]
    assert count(world, InboundMessage) == count(world, Outbox) == 0
    assert "refused" in caplog.text


def test_updates_the_office_does_not_converse_on_are_acknowledged_and_ignored(
    world: World, tg: TestClient
) -> None:
    edited = {"update_id": 11, "edited_message": Updates().text("x")["message"]}
    group = Updates().text("hello")
    group["message"]["chat"] = {"id": -100123, "type": "supergroup", "title": "Village"}
    for update in (edited, group):
        answer = post(tg, update)
        assert answer.status_code == 200 and "ignored" in answer.json()
    assert count(world, InboundMessage) == 0


def test_sharing_ones_own_contact_ties_the_phone_to_the_chat(world: World, tg: TestClient) -> None:
    updates = Updates()
    post(tg, updates.contact(CULTIVATOR_PHONE.lstrip("+")))
    with world.db.reading() as s:
        person = s.exec(select(Person).where(Person.phone == CULTIVATOR_PHONE)).one()
        assert person.telegram_id == CHAT
    assert "tied to this chat" in (outbox(world)[0].body or "")
    # Somebody else's contact card ties nothing.
    other = Updates(chat=5550002)
    post(tg, other.contact("+919222222222", user_id=777))
    said = [r.body or "" for r in outbox(world) if r.address == "5550002"]
    assert any("own contact" in text for text in said)
    with world.db.reading() as s:
        owner = s.exec(select(Person).where(Person.phone == "+919222222222")).one()
        assert owner.telegram_id is None
    # A card whose number is no phone is answered so, and ties nothing.
    stranger = Updates(chat=5550003)
    post(tg, stranger.contact("12345"))
    said = [r.body or "" for r in outbox(world) if r.address == "5550003"]
    assert any("That phone number cannot be read" in text for text in said)
    with world.db.reading() as s:
        assert s.exec(select(Person).where(Person.telegram_id == 5550003)).first() is None


def test_a_language_chosen_before_the_phone_is_shared_is_the_persons_for_the_offices_messages(
    world: World, tg: TestClient
) -> None:
    """A cultivator picks Hindi, then shares his phone: the copy of the register the keeper's
    act sends him (Sec V) comes in Hindi, not in the district's default."""
    from office.acts.keeper.arrival import register_arrival

    updates = Updates(chat=7400123456)  # Telegram ids pass 2^31
    post(tg, updates.text("भाषा"))
    post(tg, updates.press("lang:hi"))
    post(tg, updates.contact(CULTIVATOR_PHONE.lstrip("+")))
    with world.db.reading() as s:
        person = s.exec(select(Person).where(Person.phone == CULTIVATOR_PHONE)).one()
        assert (person.telegram_id, person.language) == (7400123456, "hi")
    ref = world.seize()
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    [copy] = [r for r in outbox(world) if r.template == "register_copy"]
    assert (copy.person_id, copy.language) == (world.cultivator, "hi")


def test_cancel_and_help_work_over_telegram(world: World, tg: TestClient) -> None:
    updates = Updates()
    post(tg, updates.text("/cancel"))
    post(tg, updates.text("/help"))
    bodies = [r.body or "" for r in outbox(world)]
    assert bodies[0] == "Nothing to cancel.\nWhat next?"  # and the menu's buttons
    assert "Send CANCEL at any time" in bodies[1]


def test_photos_locations_and_contacts_are_read_with_ptb() -> None:
    bot = Bot(TOKEN, base_url="http://127.0.0.1:9/bot")
    updates = Updates()
    photo = parse_update(updates.photo(), bot).inbound
    assert photo is not None and photo.photo == "large" and photo.text == "the cattle"
    where = parse_update(updates.location(25.61, 85.14), bot).inbound
    assert where is not None and where.location is not None
    assert (where.location.latitude, where.location.longitude) == (25.61, 85.14)
    # Telegram sends a contact's phone with its country code, with or without the `+`.
    for sent in ("919111111111", "+919111111111"):
        card = parse_update(updates.contact(sent), bot).inbound
        assert card is not None and card.contact is not None
        assert (card.contact.phone, card.contact.user_id, card.telegram_user_id) == (
            "+919111111111",
            CHAT,
            CHAT,
        )
    unreadable = parse_update(updates.contact("12345"), bot).inbound
    assert unreadable is not None and unreadable.contact is not None
    assert unreadable.contact.phone is None
    pressed = parse_update(updates.press("lang:bn"), bot)
    assert pressed.inbound is not None and pressed.inbound.option == "lang:bn"
    assert pressed.callback is not None
    assert pressed.inbound.channel is Channel.TELEGRAM
    with pytest.raises(BadUpdate):
        parse_update({"update_id": "1", "message": {}}, bot)


def test_options_are_inline_buttons_and_requests_a_one_time_reply_keyboard() -> None:
    markup = reply_markup_for([Option("cow", "Cow"), Option("buffalo", "Buffalo")])
    assert isinstance(markup, InlineKeyboardMarkup)
    assert [r[0].callback_data for r in markup.inline_keyboard] == ["cow", "buffalo"]
    # A value too long for Telegram's 64 bytes travels as its number in the turn.
    long = Option("v" * 65, "Long")
    markup = reply_markup_for([long], first_number=3)
    assert isinstance(markup, InlineKeyboardMarkup)
    assert markup.inline_keyboard[0][0].callback_data == "3"
    asked = reply_markup_for([], request_contact=True, request_location=True, language="hi")
    assert isinstance(asked, ReplyKeyboardMarkup) and asked.one_time_keyboard
    flat = [b for row in asked.keyboard for b in row]
    assert [bool(b.request_contact) for b in flat] == [True, False]
    assert [bool(b.request_location) for b in flat] == [False, True]
    assert reply_markup_for([]) is None
    assert "reply_markup" not in message_kwargs(1, "hi")


def test_set_webhook_registers_the_url_secret_and_command_menu(
    fake_telegram: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in {
        "POUND_TELEGRAM_TOKEN": TOKEN,
        "POUND_TELEGRAM_SECRET": SECRET,
        "POUND_TELEGRAM_API_URL": fake_telegram.api_url,
        "POUND_PUBLIC_URL": "https://pound.example.org/",
    }.items():
        monkeypatch.setenv(name, value)
    result = CliRunner().invoke(main, ["telegram", "set-webhook"])
    assert result.exit_code == 0, result.output
    assert "https://pound.example.org/telegram/webhook" in result.output
    hook = fake_telegram.webhook
    assert hook["url"] == "https://pound.example.org/telegram/webhook"
    assert hook["secret_token"] == SECRET
    assert hook["allowed_updates"] == ["message", "callback_query"]
    menus = fake_telegram.commands
    assert set(menus) == {"", "hi", "bn"}
    names = [c["command"] for c in menus[""]]
    assert names[:4] == ["start", "help", "cancel", "lang"]
    assert all(c["token"] == TOKEN for c in [{"token": c.token} for c in fake_telegram.calls])


def test_set_webhook_without_a_secret_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POUND_TELEGRAM_TOKEN", TOKEN)
    monkeypatch.delenv("POUND_TELEGRAM_SECRET", raising=False)
    monkeypatch.setenv("POUND_PUBLIC_URL", "https://pound.example.org")
    result = CliRunner().invoke(main, ["telegram", "set-webhook"])
    assert result.exit_code != 0
    assert "POUND_TELEGRAM_SECRET" in result.output


def test_the_update_json_is_read_as_telegram_sends_it() -> None:
    # A round trip through json keeps the fixtures honest about what Telegram posts.
    raw = json.dumps(Updates().press("x"))
    assert parse_update(json.loads(raw), Bot(TOKEN)).callback is not None


def test_committed_replies_wake_the_worker_but_a_repeat_does_not(
    world: World, fake_telegram: FakeTelegram
) -> None:
    woken: list[int] = []
    config = TelegramConfig(token=TOKEN, secret=SECRET, api_url=fake_telegram.api_url)
    app = create_app(
        db=world.db, clock=lambda: world.now, telegram=config, on_outbox=lambda: woken.append(1)
    )
    update = Updates().text("/start")
    with TestClient(app) as client:
        assert post(client, update).status_code == 200
        assert post(client, update).status_code == 200
    assert woken == [1]
