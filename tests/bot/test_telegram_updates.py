"""Telegram updates are read the same whether PTB builds them or the plain reader does.

Every update goes to the conversation as PTB would read it; the plain text messages and button
presses, nearly all the traffic, are read straight from the JSON (bot/channels/telegram/).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from telegram import Bot, Update

from bot.channels.base import Received
from bot.channels.telegram import BadUpdate, parse_update, read_with_ptb

BOT = Bot("123456:TEST-token", base_url="http://127.0.0.1:9/bot")
USER = {"id": 5550001, "is_bot": False, "first_name": "Hari", "language_code": "hi"}
CHAT = {"id": 5550001, "type": "private", "first_name": "Hari"}


def text(body: str = "/seize", **extra: Any) -> dict[str, Any]:
    message = {"message_id": 7, "date": 1772346600, "chat": CHAT, "from": USER, "text": body}
    return {"update_id": 901, "message": {**message, **extra}}


def press(data: str = "lang:hi", **extra: Any) -> dict[str, Any]:
    under = {
        "message_id": 1,
        "date": 1772346600,
        "chat": {"id": 5550001, "type": "private"},
        "text": "Choose a language:",
        "reply_markup": {"inline_keyboard": [[{"text": "हिन्दी", "callback_data": "lang:hi"}]]},
    }
    query = {"id": "cb901", "from": USER, "chat_instance": "-1", "data": data, "message": under}
    return {"update_id": 902, "callback_query": {**query, **extra}}


def changed(payload: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    """A copy of `payload` with the field at `path` set to `value` (removed for REMOVE)."""
    out = copy.deepcopy(payload)
    node = out
    for key in path[:-1]:
        node = node[key]
    if value is REMOVE:
        node.pop(path[-1], None)
    else:
        node[path[-1]] = value
    return out


REMOVE = object()

# What Telegram sends, and the variations a reader could get wrong.
UPDATES: list[dict[str, Any]] = [
    text(),
    text("/start", entities=[{"type": "bot_command", "offset": 0, "length": 6}]),
    text("Rampur"),
    text(""),
    text("৩ গরু রামপুর"),
    changed(text(), ("message", "text"), REMOVE),
    changed(text(), ("message", "from", "last_name"), "Prasad"),
    changed(text(), ("message", "from", "last_name"), ""),
    changed(text(), ("message", "from", "username"), "hari_p"),
    changed(text(), ("message", "chat", "type"), "group"),
    changed(text(), ("message", "chat", "id"), -100123),
    press(),
    press("12"),
    press(""),
    changed(press(), ("callback_query", "data"), REMOVE),
    changed(press(), ("callback_query", "message"), REMOVE),
    changed(press(), ("callback_query", "message", "chat", "type"), "supergroup"),
    changed(press(), ("callback_query", "message", "date"), 0),  # an inaccessible message
    changed(press(), ("callback_query", "from", "last_name"), "Prasad"),
    # Not plain: PTB reads these.
    text("the cattle", photo=[{"file_id": "a", "file_unique_id": "u", "width": 9, "height": 6}]),
    text("", contact={"phone_number": "919111111111", "first_name": "Hari", "user_id": 5550001}),
    text("", location={"latitude": 25.61, "longitude": 85.14}),
    text("", sticker=None),
    changed(text(), ("message", "from", "is_bot"), "no"),
    changed(text(), ("message", "chat", "is_forum"), False),
    {"update_id": 903, "edited_message": text()["message"]},
    {**text(), "edited_message": text()["message"]},
]

MALFORMED: list[object] = [
    {"update_id": 904, "message": {"chat": 1}},
    {"update_id": 905, "message": "a string"},
    changed(text(), ("message", "chat"), REMOVE),
    changed(text(), ("message", "chat"), [1, 2]),
    changed(press(), ("callback_query", "from"), REMOVE),
    changed(press(), ("callback_query", "message", "chat"), "x"),
]


@pytest.mark.parametrize("update", UPDATES, ids=range(len(UPDATES)))
def test_every_update_reads_as_ptb_reads_it(update: dict[str, Any]) -> None:
    kinds = [k for k in update if k in Update.ALL_TYPES]
    assert parse_update(update, BOT) == read_with_ptb(update, update["update_id"], kinds[0], BOT)


@pytest.mark.parametrize("update", MALFORMED, ids=range(len(MALFORMED)))
def test_a_malformed_update_is_refused_as_before(update: object) -> None:
    with pytest.raises(BadUpdate):
        parse_update(update, BOT)


def test_plain_messages_and_presses_are_read_without_building_ptb_objects(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(*_args: object) -> None:
        raise AssertionError("PTB was asked")

    monkeypatch.setattr(Update, "de_json", refuse)
    said = parse_update(text("Rampur"), BOT)
    assert said.inbound is not None and said.inbound.text == "Rampur"
    assert said.inbound.telegram_user_id == 5550001 and said.inbound.address == "5550001"
    assert said.inbound.language_hint == "hi"  # his app's language: a hint (bot/engine.py)
    pressed = parse_update(press("lang:bn"), BOT)
    assert pressed == Received("902", pressed.inbound, "callback_query", "cb901")
    assert pressed.inbound is not None and pressed.inbound.option == "lang:bn"
    assert parse_update(changed(text(), ("message", "chat", "type"), "group"), BOT).inbound is None
