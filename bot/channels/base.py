"""What a channel type is (as RapidPro's `channels/types/<name>/`): the webhook's side of it.

Each package of bot/channels/ is one type and says, for the one webhook path (webhook/channels.py):
how a request is read (`read`: its header, signature and message, and whether it can be stored,
in one call), how an answer is made (`respond`, `refuse`), and where its delivery reports are
read (`report`). What happens between, the same for every channel, is the engine's
(`Engine.take`, bot/engine.py): the message recorded once under its id, the opt-out words, the
note of the channel it came by (office/records/reach.py). Its sending side is the `Transport` of
bot/channels/outgoing.py.
Channel packages never import one another; bot/channels/registry.py names them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bot.state import OpenKey, key_of
from bot.types import Inbound, Reply


@dataclass(frozen=True)
class Answer:
    """An HTTP answer, said in the channel's own form (TwiML, the Bot API's JSON, plain text)."""

    status: int
    body: str
    media_type: str
    headers: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Received:
    """One request read: the message's id, the message for the engine (None: nothing to
    answer), what kind it is, and what the answer must still carry (a callback query's id)."""

    external_id: str
    inbound: Inbound | None
    kind: str = "text"
    callback: str | None = None
    # Why it can never be stored though it was read (bot/state.py `unstorable`, an id past the
    # database's columns).
    unstorable: str | None = None
    # The sender's phone, as the type read it (E.164), so that nobody reads it again.
    phone: str | None = None

    @property
    def opens(self) -> OpenKey:
        """What the start of the message is read by (bot/state.py `open_chat`)."""
        assert self.inbound is not None
        return key_of(self.inbound, self.external_id, self.phone)


@dataclass(frozen=True)
class Report:
    """A delivery report: the provider's id of the message or call, its state, and the code
    or the call's length it gave."""

    provider_id: str
    status: str
    error_code: str | None = None
    duration: str | None = None
    call: bool = False


class Refused(Exception):
    """The request is refused with `status` and a line saying why; `unsigned` when its
    signature or secret does not match (the address's failed posts are counted)."""

    def __init__(self, status: int, reason: str, *, unsigned: bool = False) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.unsigned = unsigned


class ChannelType(Protocol):
    """One channel type as the webhook path sees it: its `name`; the `path` its messages are
    posted to; whether its replies go in the answer itself (TwiML) rather than as outbox rows
    the sender delivers (`replies_in_answer`); whether STOP and START are said on it
    (`opt_out_words`, bot/engine.py); the statuses a message is refused with, a line each
    (`refusals`, listed in the OpenAPI schema); and the paths its provider posts delivery
    reports to (`reports`, none when it has none)."""

    name: str
    path: str
    replies_in_answer: bool
    opt_out_words: bool
    refusals: dict[int, str]
    reports: tuple[str, ...]

    def read(self, headers: Mapping[str, str], target: str, body: bytes) -> Received:
        """The request checked (its header; a signature covers the path and query `target`
        posted to), its message read, and why it can never be stored, if so; raise Refused."""
        ...

    def respond(self, received: Received, replies: Sequence[Reply], **said: str) -> Answer:
        """The answer to a message handled, or to one with nothing to converse on
        (`ignored=` its kind) or that can never be stored (`rejected=` why; kept in the inbound
        log as rejected): one its provider will not send again."""
        ...

    def refuse(self, status: int, reason: str) -> Answer:
        """A refusal in the channel's form."""
        ...

    def report(self, path: str, headers: Mapping[str, str], target: str, body: bytes) -> Report:
        """The delivery report posted to `path`, checked and read; raise Refused."""
        ...
