"""Telegram (python-telegram-bot 22): updates to `Inbound`, replies to keyboards and send kwargs.

PTB renders, and parses what is not plain; the conversation itself is ours (bot/engine.py). The
webhook uses `parse_update`; the outbox sender uses `message_kwargs` to send the stored reply
rows exactly as the conversation meant them.

Nearly every update is a private text message or a button press, and building PTB's objects for
one (the whole message the button was under, its keyboard, every entity) cost more than the
rest of the webhook's request. `parse_update` reads those two plain shapes from the JSON itself,
checking the type of every field it reads; anything else, or anything it does not expect in
them, goes to PTB as before, so PTB still decides what a contact, a location, a photo or a
malformed update is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from telegram import (
    Bot,
    BotCommand,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    KeyboardButton,
    ReplyKeyboardMarkup,
    Update,
)
from telegram.constants import ChatType

from bot.channels.base import Received
from bot.flows.base import Flow
from bot.i18n import N_, translator
from bot.types import Channel, Contact, Inbound, Location, Option
from office.phones import phone_or_none

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
# Telegram's limit on callback_data; a longer option value is sent as its number instead.
CALLBACK_LIMIT = 64
ALLOWED_UPDATES = (Update.MESSAGE, Update.CALLBACK_QUERY)
_COMMAND = re.compile(r"^[a-z0-9_]{1,32}$")

# The engine's own commands (bot/engine.py), first in the command menu.
BUILT_IN_COMMANDS: tuple[tuple[str, str], ...] = (
    ("start", N_("Show the menu")),
    ("help", N_("What I can do, and how to stop")),
    ("cancel", N_("Stop what you are doing; nothing is recorded")),
    ("lang", N_("Choose your language")),
)


class BadUpdate(ValueError):
    """The payload is not a Telegram update this office can read."""


def parse_update(payload: object, bot: Bot) -> Received:
    """Read one webhook payload: its id, the message for the engine (None: nothing to answer)
    and, for a button press, the callback query to answer; raise BadUpdate for anything that is
    not an update."""
    if not isinstance(payload, dict):
        raise BadUpdate("the payload is not a JSON object")
    update_id = payload.get("update_id")
    if not isinstance(update_id, int) or isinstance(update_id, bool) or update_id < 0:
        raise BadUpdate("the payload has no update_id")
    kinds = [k for k in payload if k in Update.ALL_TYPES]
    if not kinds:
        raise BadUpdate(f"update {update_id} is of no known kind")
    plain = _plain(payload, update_id)
    return plain if plain is not None else read_with_ptb(payload, update_id, kinds[0], bot)


def read_with_ptb(payload: dict[str, Any], update_id: int, kind: str, bot: Bot) -> Received:
    """The update read by PTB: every shape Telegram sends."""
    try:
        update = Update.de_json(payload, bot)
        query = update.callback_query
        return Received(str(update_id), _inbound(update), kind, query.id if query else None)
    except Exception as exc:  # PTB raises many kinds on a malformed object; all mean "bad"
        raise BadUpdate(f"update {update_id} cannot be read: {type(exc).__name__}") from exc


# --- the plain shapes, read without PTB ----------------------------------------------------------

# What a private text message may carry and still be read here (the rest goes to PTB).
_PLAIN_MESSAGE = frozenset({"message_id", "date", "chat", "from", "text", "entities"})
_PLAIN_QUERY = frozenset({"id", "from", "chat_instance", "data", "message"})
_PLAIN_USER_TEXT = ("first_name", "last_name", "username", "language_code")
_PLAIN_USER = frozenset({"id", "is_bot", "is_premium", *_PLAIN_USER_TEXT})
_PLAIN_CHAT_TEXT = ("type", "first_name", "last_name", "username", "title")
_PLAIN_CHAT = frozenset({"id", *_PLAIN_CHAT_TEXT})
_PLAIN_ENTITY = frozenset({"type", "offset", "length"})


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plain_object(raw: object, fields: frozenset[str], texts: tuple[str, ...]) -> dict[str, Any]:
    """`raw` if it is an object of no other `fields`, an int `id` and strings for its `texts`,
    else an empty dict."""
    if not isinstance(raw, dict) or not fields.issuperset(raw) or not _is_int(raw.get("id")):
        return {}
    return {} if any(k in raw and not isinstance(raw[k], str) for k in texts) else raw


def _user(raw: object) -> tuple[int, str, str | None] | None:
    """A sender's id, full name (first and last, as PTB's `User.full_name`) and the language his
    app is set to, or None."""
    user = _plain_object(raw, _PLAIN_USER, _PLAIN_USER_TEXT)
    first, last = user.get("first_name"), user.get("last_name")
    if not isinstance(user.get("is_bot"), bool) or not isinstance(first, str):
        return None
    if "is_premium" in user and not isinstance(user["is_premium"], bool):
        return None
    return user["id"], f"{first} {last}" if last else first, user.get("language_code")


def _chat(raw: object) -> tuple[int, str] | None:
    """A chat's id and type, or None."""
    chat = _plain_object(raw, _PLAIN_CHAT, _PLAIN_CHAT_TEXT)
    return (chat["id"], chat["type"]) if isinstance(chat.get("type"), str) else None


def _entities_plain(raw: object) -> bool:
    return isinstance(raw, list) and all(
        isinstance(e, dict)
        and _PLAIN_ENTITY.issuperset(e)
        and isinstance(e.get("type"), str)
        and _is_int(e.get("offset"))
        and _is_int(e.get("length"))
        for e in raw
    )


def _plain(payload: dict[str, Any], update_id: int) -> Received | None:
    """A private text message or a button press read from the JSON, as PTB would read it; None
    for any other update, or one with a field this does not read, for PTB to read."""
    if len(payload) != 2:
        return None
    message = payload.get("message")
    if isinstance(message, dict):
        if not _PLAIN_MESSAGE.issuperset(message) or not _is_int(message.get("message_id")):
            return None
        if not _is_int(message.get("date")) or not isinstance(message.get("text", ""), str):
            return None
        if "entities" in message and not _entities_plain(message["entities"]):
            return None
        chat, user = _chat(message.get("chat")), _user(message.get("from"))
        if chat is None or user is None:
            return None
        if chat[1] != ChatType.PRIVATE:
            return Received(str(update_id), None, "message")
        text = message.get("text") or ""
        return Received(str(update_id), _base(str(chat[0]), *user, text=text), "message")
    query = payload.get("callback_query")
    if not isinstance(query, dict) or not _PLAIN_QUERY.issuperset(query):
        return None
    qid, data, user = query.get("id"), query.get("data", ""), _user(query.get("from"))
    if not isinstance(qid, str) or not isinstance(query.get("chat_instance"), str):
        return None
    if not isinstance(data, str) or user is None:
        return None
    chat = None
    if "message" in query:
        # The message the button was under: only its chat is read (PTB would build it all).
        under = query["message"]
        if not isinstance(under, dict) or not _is_int(under.get("message_id")):
            return None
        if not _is_int(under.get("date")):
            return None
        chat = _chat(under.get("chat"))
        if chat is None:
            return None
        if chat[1] != ChatType.PRIVATE:
            return Received(str(update_id), None, "callback_query", qid)
    address = str(chat[0] if chat is not None else user[0])
    return Received(str(update_id), _pressed(address, user, data), "callback_query", qid)


def _pressed(address: str, who: tuple[int, str, str | None], data: str) -> Inbound:
    """A button press: a long option value travels as its number, which the engine resolves
    (bot/engine.py)."""
    if data.isdigit():
        return _base(address, *who, text=data)
    return _base(address, *who, option=data or None)


def _inbound(update: Update) -> Inbound | None:
    """The message for the engine, or None for updates the office does not converse on
    (edited messages, groups and channels, member changes ...)."""
    query = update.callback_query
    if query is not None:
        chat = query.message.chat if query.message is not None else None
        if chat is not None and chat.type != ChatType.PRIVATE:
            return None
        user = query.from_user
        address = str(chat.id if chat is not None else user.id)
        return _pressed(address, (user.id, user.full_name, user.language_code), query.data or "")
    message = update.message
    if message is None or message.chat.type != ChatType.PRIVATE or message.from_user is None:
        return None
    user = message.from_user
    who = (user.id, user.full_name, user.language_code)
    address = str(message.chat.id)
    if message.contact is not None:
        c = message.contact
        name = " ".join(p for p in (c.first_name, c.last_name) if p)
        # Telegram sends the phone with its country code, with or without the `+`.
        number = c.phone_number if c.phone_number.startswith("+") else "+" + c.phone_number
        contact = Contact(phone=phone_or_none(number), name=name, user_id=c.user_id)
        return _base(address, *who, contact=contact)
    if message.location is not None:
        loc = Location(message.location.latitude, message.location.longitude)
        return _base(address, *who, location=loc)
    if message.photo:
        largest = max(message.photo, key=lambda p: (p.width * p.height, p.file_size or 0))
        return _base(address, *who, photo=largest.file_id, text=message.caption or "")
    # Anything else (a sticker, a voice note) reaches the flow as an empty message: it asks again.
    return _base(address, *who, text=message.text or message.caption or "")


def _base(address: str, user_id: int, name: str, language: str | None, **kw: Any) -> Inbound:
    return Inbound(
        channel=Channel.TELEGRAM,
        address=address,
        telegram_user_id=user_id,
        sender_name=name[:200],
        language_hint=(language or "")[:2].lower() or None,
        **kw,
    )


def callback_data(option: Option, number: int) -> str:
    """The option's value if Telegram can carry it (64 bytes), else its number in the turn."""
    if len(option.value.encode("utf-8")) <= CALLBACK_LIMIT:
        return option.value
    return str(number)


SHARE_PHONE = N_("Share my phone number")
SHARE_LOCATION = N_("Share my location")


def reply_markup_for(
    options: Sequence[Option],
    request_contact: bool = False,
    request_location: bool = False,
    *,
    language: str = "en",
    first_number: int = 1,
) -> InlineKeyboardMarkup | ReplyKeyboardMarkup | None:
    """The keyboard of one reply.

    Options become inline buttons (one per row, the value as callback_data). A request for the
    person's contact or location is a one-time reply keyboard instead (a message carries one
    keyboard, so flows put choices in a separate reply when they also ask for these).
    `first_number` is the number the turn gives this reply's first option (see callback_data).
    """
    if request_contact or request_location:
        t = translator(language)
        buttons: list[list[KeyboardButton]] = []
        if request_contact:
            buttons.append([KeyboardButton(t(SHARE_PHONE), request_contact=True)])
        if request_location:
            buttons.append([KeyboardButton(t(SHARE_LOCATION), request_location=True)])
        return ReplyKeyboardMarkup(buttons, one_time_keyboard=True, resize_keyboard=True)
    if not options:
        return None
    rows = [
        [
            InlineKeyboardButton(
                o.label[:64] or o.value, callback_data=callback_data(o, first_number + i)
            )
        ]
        for i, o in enumerate(options)
    ]
    return InlineKeyboardMarkup(rows)


def message_kwargs(
    chat_id: str | int,
    text: str,
    options: Sequence[Option] = (),
    *,
    request_contact: bool = False,
    request_location: bool = False,
    language: str = "en",
    first_number: int = 1,
) -> dict[str, Any]:
    """Keyword arguments for `Bot.send_message` that say one reply."""
    markup = reply_markup_for(
        options,
        request_contact,
        request_location,
        language=language,
        first_number=first_number,
    )
    kwargs: dict[str, Any] = {"chat_id": chat_id, "text": text[:4096] or "…"}
    if markup is not None:
        kwargs["reply_markup"] = markup
    return kwargs


def bot_commands(flows: Sequence[Flow], language: str) -> list[BotCommand]:
    """The command menu in one language: the engine's commands, then each flow's first command."""
    t = translator(language)
    commands = [BotCommand(name, t(text)) for name, text in BUILT_IN_COMMANDS]
    seen = {name for name, _ in BUILT_IN_COMMANDS}
    for flow in flows:
        if not flow.menu or not flow.commands:
            continue
        name = flow.commands[0].lstrip("/").lower()
        if name in seen or not _COMMAND.fullmatch(name):
            continue
        seen.add(name)
        commands.append(BotCommand(name, t(flow.menu)[:256]))
    return commands[:100]
