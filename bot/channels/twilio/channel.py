"""The Twilio channel type: SMS and WhatsApp messages posted to /sms/inbound, answered in TwiML,
and the delivery reports of messages (/sms/status) and calls (/voice/status).

Every request is checked with Twilio's own RequestValidator against the public URL
(POUND_PUBLIC_URL + path + query), never the Host header a proxy may rewrite. The TwiML answer
is the delivery: Twilio sends it back on the channel the message came by, so a WhatsApp message
is answered on WhatsApp.
"""

from __future__ import annotations

import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import parse_qsl

from twilio.request_validator import RequestValidator

from bot.channels.base import Answer, Received, Refused, Report
from bot.channels.twilio import BadMessage, message_from_form, twiml
from bot.types import Channel, Reply

SIGNATURE_HEADER = "X-Twilio-Signature"
TWIML = "application/xml"
FORM = "application/x-www-form-urlencoded"
MESSAGE_STATUS_PATH = "/sms/status"
VOICE_STATUS_PATH = "/voice/status"


@dataclass(frozen=True)
class TwilioConfig:
    account_sid: str
    auth_token: str
    public_url: str
    from_number: str | None = None
    api_url: str = "https://api.twilio.com"


# The statuses a message is refused with, a line of plain text saying why.
REFUSALS = {
    400: "the form cannot be read",
    403: "the Twilio signature does not match",
    413: "payload too large",
    415: "not a form",
    503: "the message cannot be kept now; Twilio sends it again",
}


class _Form(dict[str, str]):
    """The form's fields (the last value of a repeated one), and every value of each for the
    signature, which covers them all (RequestValidator reads `getlist`)."""

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        super().__init__(pairs)
        self.pairs = pairs

    def getlist(self, key: str) -> list[str]:
        return [v for k, v in self.pairs if k == key]


class TwilioChannel:
    name = "twilio"
    path = "/sms/inbound"
    replies_in_answer = True
    opt_out_words = True
    refusals = REFUSALS
    reports: tuple[str, ...] = (MESSAGE_STATUS_PATH, VOICE_STATUS_PATH)

    def __init__(self, config: TwilioConfig) -> None:
        self.validator = RequestValidator(config.auth_token)
        self.public_url = config.public_url.rstrip("/")

    def form(self, headers: Mapping[str, str], target: str, body: bytes) -> dict[str, str]:
        """The posted form, once its signature is checked: over the public URL Twilio posted
        to (POUND_PUBLIC_URL + `target`, the path and query)."""
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != FORM:
            raise Refused(415, f"expected a form, got {kind or 'nothing'}")
        try:
            pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True)
        except (UnicodeDecodeError, ValueError) as exc:
            raise Refused(400, "the form cannot be read") from exc
        form = _Form(pairs)
        signature = headers.get(SIGNATURE_HEADER, "")
        if not signature or not self.signed(self.public_url + target, form, signature):
            raise Refused(403, "the Twilio signature does not match", unsigned=True)
        return form

    def signed(self, url: str, form: _Form, signature: str) -> bool:
        """Whether Twilio signed the form posted to `url`. RequestValidator.validate computes
        two signatures for every request (the URL with and without its port, as Twilio may sign
        either); the URL as configured is one of the two, so its signature is computed first,
        and only a signature that is not it pays for both."""
        mine = self.validator.compute_signature(url, form)
        if hmac.compare_digest(mine.encode(), signature.encode("utf-8", "replace")):
            return True
        return bool(self.validator.validate(url, form, signature))

    def read(self, headers: Mapping[str, str], target: str, body: bytes) -> Received:
        form = self.form(headers, target, body)
        try:
            return message_from_form(form)
        except BadMessage as exc:
            raise Refused(400, str(exc)) from exc

    def report(self, path: str, headers: Mapping[str, str], target: str, body: bytes) -> Report:
        """A delivery report posted to `path`: a message's (MESSAGE_STATUS_PATH) or a call's."""
        form = self.form(headers, target, body)
        if path == VOICE_STATUS_PATH:
            sid, status = form.get("CallSid") or "", form.get("CallStatus") or ""
            if not sid or not status or len(sid) > 64 or len(status) > 32:
                raise Refused(400, "CallSid and CallStatus are required")
            duration = (form.get("CallDuration") or "").strip()[:8] or None
            return Report(sid, status, duration=duration, call=True)
        sid = form.get("MessageSid") or form.get("SmsSid") or ""
        status = form.get("MessageStatus") or form.get("SmsStatus") or ""
        if not sid or not status or len(sid) > 64 or len(status) > 32:
            raise Refused(400, "MessageSid and MessageStatus are required")
        code = (form.get("ErrorCode") or "").strip()[:16] or None
        return Report(sid, status, error_code=code)

    def respond(self, received: Received, replies: Sequence[Reply], **said: str) -> Answer:
        # Twilio has nothing to retry: a message ignored or rejected gets an empty answer.
        channel = received.inbound.channel if received.inbound is not None else Channel.SMS
        return Answer(200, twiml(replies, channel), TWIML)

    def refuse(self, status: int, reason: str) -> Answer:
        return Answer(status, reason, "text/plain")
