"""A fake Twilio REST API (Messages.json, with WhatsApp and Content templates; Calls.json) and a
signer for webhooks posted as Twilio would."""

from __future__ import annotations

import base64
import itertools
import json
import re
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from typing import Any, Protocol
from urllib.parse import parse_qsl, urlencode

from twilio.request_validator import RequestValidator
from twilio.rest import Client

from tests.fakes.server import LoopbackServer

ERRORS = {
    21610: (400, "Attempt to send to unsubscribed recipient"),
    21211: (400, "The 'To' number is not a valid phone number."),
    429: (429, "Too Many Requests"),
}
_MESSAGES = re.compile(r"^/2010-04-01/Accounts/(?P<sid>[^/]+)/Messages\.json$")
_CALLS = re.compile(r"^/2010-04-01/Accounts/(?P<sid>[^/]+)/Calls\.json$")
_ACCOUNT = re.compile(r"^/2010-04-01/Accounts/(?P<sid>[^/]+)\.json$")
_NUMBERS = re.compile(r"^/2010-04-01/Accounts/(?P<sid>[^/]+)/IncomingPhoneNumbers\.json$")


@dataclass
class _Failure:
    code: int
    times: int | None


class FakeTwilio(LoopbackServer):
    """POST /2010-04-01/Accounts/{sid}/Messages.json: records the form, returns a message SID;
    POST .../Calls.json: records the call (its To, From, Twiml or Url), returns a call SID.

    As Twilio does, a WhatsApp message (`From` = `whatsapp:+...`) needs a `Body` or a
    `ContentSid`, and a call needs `Twiml` or `Url`."""

    def __init__(self, account_sid: str = "AC" + "0" * 32, auth_token: str = "tw-token") -> None:
        super().__init__()
        self.account_sid = account_sid
        self.auth_token = auth_token
        self._messages: list[dict[str, str]] = []
        self._calls: list[dict[str, str]] = []
        self._failures: dict[str, _Failure] = {}
        self._ids = itertools.count(1)
        self.handler_class = _Handler
        # The account's numbers (GET .../IncomingPhoneNumbers.json): number -> its SMS URL.
        self.numbers: dict[str, str] = {}

    def own_number(self, number: str, sms_url: str = "") -> None:
        """Give the account `number`, posting incoming SMS to `sms_url`."""
        with self.lock:
            self.numbers[number] = sms_url

    def authorised(self, header: str | None) -> bool:
        """HTTP Basic with the account SID and auth token, as the REST API asks."""
        expected = base64.b64encode(f"{self.account_sid}:{self.auth_token}".encode()).decode()
        return header == f"Basic {expected}"

    def read(
        self, path: str, query: dict[str, str], authorization: str | None
    ) -> tuple[int, dict[str, Any]]:
        """GET the account, or its IncomingPhoneNumbers (filtered by PhoneNumber)."""
        account = _ACCOUNT.match(path)
        numbers = _NUMBERS.match(path)
        match = account or numbers
        if match is None:
            return 404, {"code": 20404, "message": "not found", "status": 404}
        if match["sid"] != self.account_sid or not self.authorised(authorization):
            return 401, {"code": 20003, "message": "Authenticate", "status": 401}
        if account is not None:
            return 200, {"sid": self.account_sid, "status": "active", "type": "Full"}
        with self.lock:
            wanted = query.get("PhoneNumber")
            rows = [
                {
                    "sid": f"PN{i:032x}",
                    "phone_number": number,
                    "sms_url": url,
                    "sms_method": "POST",
                }
                for i, (number, url) in enumerate(sorted(self.numbers.items()))
                if wanted is None or number == wanted
            ]
        return 200, {"incoming_phone_numbers": rows, "page": 0, "page_size": 50}

    def client(self) -> Client:
        """A real twilio Client whose API domain is this server (twilio 9: `api.base_url`)."""
        client = Client(self.account_sid, self.auth_token)
        client.api.base_url = self.url
        return client

    @property
    def messages(self) -> list[dict[str, str]]:
        with self.lock:
            return list(self._messages)

    @property
    def calls(self) -> list[dict[str, str]]:
        with self.lock:
            return list(self._calls)

    def sent_to(self, number: str) -> list[str]:
        return [m.get("Body", "") for m in self.messages if m.get("To") == number]

    def place_call(self, account: str, form: dict[str, str]) -> tuple[int, dict[str, Any]]:
        with self.lock:
            if account != self.account_sid:
                return 404, {"code": 20404, "message": "not found", "status": 404}
            if not form.get("To") or not form.get("From"):
                return 400, {"code": 21201, "message": "To and From are required", "status": 400}
            if not form.get("Twiml") and not form.get("Url"):
                return 400, {"code": 21205, "message": "Url or Twiml is required", "status": 400}
            if len(form.get("Twiml", "")) > 4000:
                return 400, {"code": 13208, "message": "Twiml too long", "status": 400}
            sid = f"CA{next(self._ids):032x}"
            self._calls.append({**form, "Sid": sid})
            return 201, {
                "sid": sid,
                "account_sid": account,
                "to": form["To"],
                "from": form["From"],
                "status": "queued",
                "direction": "outbound-api",
                "api_version": "2010-04-01",
                "uri": f"/2010-04-01/Accounts/{account}/Calls/{sid}.json",
                "date_created": "Sun, 01 Mar 2026 06:30:00 +0000",
                "date_updated": "Sun, 01 Mar 2026 06:30:00 +0000",
                "subresource_uris": {},
            }

    def fail_to(self, number: str, code: int, *, times: int | None = None) -> None:
        """Refuse messages to `number` with Twilio error `code` (21610, 21211 or 429)."""
        if code not in ERRORS:
            raise ValueError(code)
        with self.lock:
            self._failures[number] = _Failure(code, times)

    def clear_failures(self) -> None:
        with self.lock:
            self._failures.clear()

    def create(self, account: str, form: dict[str, str]) -> tuple[int, dict[str, Any]]:
        with self.lock:
            if account != self.account_sid:
                return 404, {"code": 20404, "message": "not found", "status": 404}
            to = form.get("To", "")
            if not form.get("Body") and not form.get("ContentSid") and not form.get("MediaUrl"):
                return 400, {
                    "code": 21619,
                    "message": "A text message body is required",
                    "status": 400,
                }
            if len(form.get("Body", "")) > 1600:
                # Twilio's limit on one message's body (error 21617).
                return 400, {
                    "code": 21617,
                    "message": "The concatenated message body exceeds the 1600 character limit",
                    "status": 400,
                }
            if form.get("ContentVariables") and not form.get("ContentSid"):
                return 400, {
                    "code": 21656,
                    "message": "ContentVariables need a ContentSid",
                    "status": 400,
                }
            if to.startswith("whatsapp:") != form.get("From", "").startswith("whatsapp:"):
                return 400, {"code": 21910, "message": "From and To channels differ", "status": 400}
            failure = self._failures.get(to)
            if failure is not None:
                if failure.times is not None:
                    failure.times -= 1
                    if failure.times <= 0:
                        del self._failures[to]
                status, text = ERRORS[failure.code]
                code = 20429 if failure.code == 429 else failure.code
                return status, {
                    "code": code,
                    "message": text,
                    "more_info": f"https://www.twilio.com/docs/errors/{code}",
                    "status": status,
                }
            sid = f"SM{next(self._ids):032x}"
            record = {**form, "Sid": sid}
            self._messages.append(record)
            return 201, {
                "sid": sid,
                "account_sid": account,
                "to": to,
                "from": form.get("From"),
                "messaging_service_sid": form.get("MessagingServiceSid"),
                "body": form.get("Body", ""),
                "status": "queued",
                "num_segments": "1",
                "num_media": "0",
                "direction": "outbound-api",
                "api_version": "2010-04-01",
                "price": None,
                "price_unit": "USD",
                "error_code": None,
                "error_message": None,
                "uri": f"/2010-04-01/Accounts/{account}/Messages/{sid}.json",
                "date_created": "Sun, 01 Mar 2026 06:30:00 +0000",
                "date_updated": "Sun, 01 Mar 2026 06:30:00 +0000",
                "date_sent": None,
                "subresource_uris": {},
            }


class _Handler(BaseHTTPRequestHandler):
    fake: FakeTwilio
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        path, _, query = self.path.partition("?")
        status, body = self.fake.read(
            path, dict(parse_qsl(query)), self.headers.get("Authorization")
        )
        self._send(status, body)

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length).decode("utf-8") if length else ""
        path = self.path.split("?")[0]
        form = dict(parse_qsl(raw, keep_blank_values=True))
        if (match := _MESSAGES.match(path)) is not None:
            status, body = self.fake.create(match["sid"], form)
        elif (match := _CALLS.match(path)) is not None:
            status, body = self.fake.place_call(match["sid"], form)
        else:
            status, body = 404, {"code": 20404, "message": "not found", "status": 404}
        self._send(status, body)

    def _send(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class _Poster(Protocol):
    def post(self, url: str, *, content: bytes, headers: dict[str, str]) -> Any: ...


class TwilioWebhooks:
    """Posts form requests signed exactly as Twilio signs them (the real RequestValidator)."""

    def __init__(self, auth_token: str, public_url: str) -> None:
        self.validator = RequestValidator(auth_token)
        self.public_url = public_url.rstrip("/")
        self._ids = itertools.count(1)

    def sign(self, path: str, params: dict[str, str]) -> str:
        return str(self.validator.compute_signature(self.public_url + path, params))

    def post(self, client: _Poster, path: str, params: dict[str, str]) -> Any:
        return client.post(
            path,
            content=urlencode(params).encode("utf-8"),
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "X-Twilio-Signature": self.sign(path, params),
            },
        )

    def inbound_params(
        self,
        sender: str,
        body: str,
        *,
        sid: str | None = None,
        to: str = "+15005550006",
        media: str | None = None,
    ) -> dict[str, str]:
        sid = sid or f"SMin{next(self._ids):030d}"
        params = {
            "MessageSid": sid,
            "SmsMessageSid": sid,
            "AccountSid": "AC" + "0" * 32,
            "From": sender,
            "To": to,
            "Body": body,
            "NumMedia": "1" if media else "0",
            "NumSegments": "1",
            "SmsStatus": "received",
            "ApiVersion": "2010-04-01",
        }
        if media:
            params["MediaUrl0"] = media
            params["MediaContentType0"] = "image/jpeg"
        return params

    def inbound(
        self, client: _Poster, sender: str, body: str, *, path: str = "/sms/inbound", **kw: Any
    ) -> Any:
        return self.post(client, path, self.inbound_params(sender, body, **kw))

    def call_status(
        self,
        client: _Poster,
        call_sid: str,
        status: str,
        *,
        duration: str | None = None,
        path: str = "/voice/status",
    ) -> Any:
        """A call's status callback as Twilio posts it when the call ends."""
        params = {
            "CallSid": call_sid,
            "AccountSid": "AC" + "0" * 32,
            "CallStatus": status,
            "Direction": "outbound-api",
            "ApiVersion": "2010-04-01",
        }
        if duration is not None:
            params["CallDuration"] = duration
        return self.post(client, path, params)

    def status(
        self,
        client: _Poster,
        message_sid: str,
        status: str,
        *,
        error_code: str | None = None,
        path: str = "/sms/status",
    ) -> Any:
        params = {
            "MessageSid": message_sid,
            "SmsSid": message_sid,
            "MessageStatus": status,
            "SmsStatus": status,
            "AccountSid": "AC" + "0" * 32,
        }
        if error_code:
            params["ErrorCode"] = error_code
        return self.post(client, path, params)
