"""The Telegram channel type: updates posted to /telegram/webhook with the secret token.

Checks Telegram's secret header, reads the update (bot/channels/telegram/__init__.py), and
answers at once: the replies are outbox rows written with the message, which the sender
delivers (bot/channels/telegram/send.py). A button press is acknowledged in the webhook answer
itself (answerCallbackQuery).
"""

from __future__ import annotations

import functools
import hmac
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from telegram import Bot

from bot.channels.base import Answer, Received, Refused, Report
from bot.channels.telegram import SECRET_HEADER, BadUpdate, parse_update
from bot.channels.telegram.send import make_bot
from bot.state import INT64, unstorable
from bot.types import Reply

JSON = "application/json"


@dataclass(frozen=True)
class TelegramConfig:
    token: str
    secret: str
    api_url: str = "https://api.telegram.org"

    def bot(self) -> Bot:
        """A PTB Bot for reading updates (the webhook never sends with it), one a token and
        address in a process (each would read the CA bundle, some 30 ms)."""
        return _parsing_bot(self.token, self.api_url)


_parsing_bot = functools.cache(make_bot)


# The statuses the webhook refuses an update with (`ok` false, `detail` why).
REFUSALS = {
    400: "the body is not JSON, or not an update that can be read",
    403: "wrong or missing secret token",
    413: "payload too large",
    422: "an update of no known kind",
    503: "the update cannot be kept now; Telegram sends it again later",
}


def _json(status: int, body: object) -> Answer:
    return Answer(status, json.dumps(body, ensure_ascii=False, separators=(",", ":")), JSON)


class TelegramChannel:
    name = "telegram"
    path = "/telegram/webhook"
    replies_in_answer = False
    # A Telegram user stops the bot by blocking it (the sender then fails the row, "blocked").
    opt_out_words = False
    refusals = REFUSALS
    reports: tuple[str, ...] = ()  # the Bot API reports no delivery

    def __init__(self, config: TelegramConfig) -> None:
        self.bot = config.bot()
        self.secret = config.secret.encode("utf-8")

    def read(self, headers: Mapping[str, str], target: str, body: bytes) -> Received:
        given = headers.get(SECRET_HEADER, "").encode("utf-8")
        if not hmac.compare_digest(given, self.secret):
            raise Refused(403, "wrong or missing secret token", unsigned=True)
        try:
            received = parse_update(json.loads(body), self.bot)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise Refused(400, "the body is not JSON") from exc
        except RecursionError as exc:
            raise Refused(400, "the body is nested too deep") from exc
        except BadUpdate as exc:
            raise Refused(422 if "no known kind" in str(exc) else 400, str(exc)) from exc
        except ValueError as exc:  # an integer of more digits than Python reads from text
            raise Refused(400, "the body has a number too long to read") from exc
        inbound = received.inbound
        why = unstorable(inbound) if inbound is not None else None
        if why is None and int(received.external_id) >= INT64:
            why = "an update_id past 64 bits"
        return replace(received, unstorable=why)

    def respond(self, received: Received, replies: Sequence[Reply], **said: str) -> Answer:
        if said:  # ignored or rejected
            return _json(200, {"ok": True, **said})
        if received.callback is not None:
            # A webhook may answer with one Bot API call: this stops the button's spinner.
            return _json(
                200, {"method": "answerCallbackQuery", "callback_query_id": received.callback}
            )
        return _json(200, {"ok": True})

    def refuse(self, status: int, reason: str) -> Answer:
        return _json(status, {"ok": False, "detail": reason})

    def report(self, path: str, headers: Mapping[str, str], target: str, body: bytes) -> Report:
        raise LookupError(f"Telegram reports no delivery ({path})")
