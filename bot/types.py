"""Channel-neutral messages: what a person sends (Inbound) and what the office answers (Reply)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.plain import neutral


class Channel(StrEnum):
    TELEGRAM = "telegram"
    SMS = "sms"
    WHATSAPP = "whatsapp"
    CONSOLE = "console"


@dataclass(frozen=True)
class Contact:
    """A contact card shared on Telegram; `user_id` says whose it is. `phone` is in E.164 as
    the channel type read it, or None when it is no phone number."""

    phone: str | None
    name: str = ""
    user_id: int | None = None

    def __post_init__(self) -> None:
        # A name is free text: no control or direction character is taken (bot/plain.py).
        object.__setattr__(self, "name", neutral(self.name))


@dataclass(frozen=True)
class Location:
    latitude: float
    longitude: float


@dataclass(frozen=True)
class Inbound:
    """One message from a person. `address` is the chat id (Telegram) or phone (SMS, console).

    `option` is the value of a chosen option (a keyboard button); on SMS and console a bare
    number that picks one of the last options offered is turned into `option` by the engine.
    """

    channel: Channel
    address: str
    text: str = ""
    option: str | None = None
    contact: Contact | None = None
    location: Location | None = None
    photo: str | None = None
    sender_name: str = ""
    telegram_user_id: int | None = None
    # The language the sender's app is set to (Telegram's `language_code`): a hint where the
    # office knows no language of his and his words do not show one.
    language_hint: str | None = None

    def __post_init__(self) -> None:
        # What a person typed is taken without control or direction characters (bot/plain.py):
        # none can reorder the office's words where it is shown, or spoil the feed's XML.
        object.__setattr__(self, "text", neutral(self.text))
        object.__setattr__(self, "sender_name", neutral(self.sender_name))


@dataclass(frozen=True)
class Option:
    value: str
    label: str


@dataclass(frozen=True)
class Reply:
    """One message back: text, and the choices offered with it."""

    text: str
    options: tuple[Option, ...] = ()
    request_contact: bool = False
    request_location: bool = False

    def as_dict(self) -> dict[str, object]:
        return {
            "text": self.text,
            "options": [{"value": o.value, "label": o.label} for o in self.options],
            "request_contact": self.request_contact,
            "request_location": self.request_location,
        }

    @staticmethod
    def from_dict(data: dict[str, object]) -> Reply:
        raw = data.get("options")
        items = raw if isinstance(raw, list) else []
        options = tuple(
            Option(str(o["value"]), str(o["label"])) for o in items if isinstance(o, dict)
        )
        return Reply(
            text=str(data.get("text", "")),
            options=options,
            request_contact=bool(data.get("request_contact")),
            request_location=bool(data.get("request_location")),
        )
