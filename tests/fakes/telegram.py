"""A fake Telegram Bot API: the methods PTB calls, every call recorded, failures on demand."""

from __future__ import annotations

import itertools
import json
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qsl

from tests.fakes.server import LoopbackServer

BOT_USER = {
    "id": 7000000001,
    "is_bot": True,
    "first_name": "Pound office",
    "username": "pound_office_bot",
    "can_join_groups": False,
    "can_read_all_group_messages": False,
    "supports_inline_queries": False,
}

FAILURES = {
    "flood": (429, "Too Many Requests: retry after {retry_after}"),
    "blocked": (403, "Forbidden: bot was blocked by the user"),
    "not_found": (400, "Bad Request: chat not found"),
}


@dataclass(frozen=True)
class Call:
    method: str
    token: str
    params: dict[str, Any]


@dataclass
class _Failure:
    kind: str
    retry_after: int
    times: int | None


@dataclass
class _State:
    calls: list[Call] = field(default_factory=list)
    failures: dict[str, _Failure] = field(default_factory=dict)
    webhook: dict[str, Any] = field(default_factory=dict)
    commands: dict[str, Any] = field(default_factory=dict)
    refused_tokens: set[str] = field(default_factory=set)
    # What getWebhookInfo says of the last post that failed ("Wrong response ...: 403 ...").
    webhook_error: str = ""


def _value(raw: str) -> Any:
    """PTB sends each parameter JSON-encoded, except plain strings: decode what is JSON."""
    if raw[:1] in "{[" or raw in ("true", "false", "null"):
        try:
            return json.loads(raw)
        except ValueError:
            return raw
    return raw


class FakeTelegram(LoopbackServer):
    """`base_url` is what PTB's Bot(base_url=...) wants (PTB appends the token)."""

    def __init__(self) -> None:
        super().__init__()
        self.state = _State()
        self._ids = itertools.count(1)
        self.handler_class = _Handler

    @property
    def base_url(self) -> str:
        return f"{self.url}/bot"

    @property
    def api_url(self) -> str:
        """What POUND_TELEGRAM_API_URL is set to (the service adds "/bot")."""
        return self.url

    @property
    def calls(self) -> list[Call]:
        with self.lock:
            return list(self.state.calls)

    def calls_to(self, method: str) -> list[Call]:
        return [c for c in self.calls if c.method.lower() == method.lower()]

    def sent_to(self, chat_id: int | str) -> list[str]:
        return [
            str(c.params.get("text", ""))
            for c in self.calls_to("sendMessage")
            if str(c.params.get("chat_id")) == str(chat_id)
        ]

    def fail_chat(
        self, chat_id: int | str, kind: str, *, retry_after: int = 3, times: int | None = None
    ) -> None:
        """Answer calls for this chat with `kind` ("flood" 429, "blocked" 403, "not_found" 400),
        `times` times (None: until cleared)."""
        if kind not in FAILURES:
            raise ValueError(kind)
        with self.lock:
            self.state.failures[str(chat_id)] = _Failure(kind, retry_after, times)

    def clear_failures(self) -> None:
        with self.lock:
            self.state.failures.clear()

    def answer(self, method: str, token: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        with self.lock:
            self.state.calls.append(Call(method, token, params))
            if token in self.state.refused_tokens:
                return 401, {"ok": False, "error_code": 401, "description": "Unauthorized"}
            chat = str(params.get("chat_id", ""))
            failure = self.state.failures.get(chat) if chat else None
            if failure is not None:
                if failure.times is not None:
                    failure.times -= 1
                    if failure.times <= 0:
                        del self.state.failures[chat]
                status, text = FAILURES[failure.kind]
                body: dict[str, Any] = {
                    "ok": False,
                    "error_code": status,
                    "description": text.format(retry_after=failure.retry_after),
                }
                if failure.kind == "flood":
                    body["parameters"] = {"retry_after": failure.retry_after}
                return status, body
            return 200, {"ok": True, "result": self._result(method.lower(), params)}

    def refuse_token(self, token: str) -> None:
        """Answer every call made with `token` 401 Unauthorized, as for a revoked token."""
        with self.lock:
            self.state.refused_tokens.add(token)

    def fail_webhook(self, message: str) -> None:
        """Make getWebhookInfo report `message` as the last error posting to the webhook."""
        with self.lock:
            self.state.webhook_error = message

    def _result(self, method: str, params: dict[str, Any]) -> Any:
        if method == "getme":
            return BOT_USER
        if method == "sendmessage":
            chat_id = params.get("chat_id", 0)
            try:
                chat = int(chat_id)
            except (TypeError, ValueError):
                chat = 0
            return {
                "message_id": next(self._ids),
                "date": int(time.time()),
                "chat": {"id": chat, "type": "private"},
                "from": BOT_USER,
                "text": params.get("text", ""),
            }
        if method == "setwebhook":
            self.state.webhook = dict(params)
            return True
        if method == "deletewebhook":
            self.state.webhook = {}
            return True
        if method == "getwebhookinfo":
            info = {
                "url": self.state.webhook.get("url", ""),
                "has_custom_certificate": False,
                "pending_update_count": 0,
                "allowed_updates": self.state.webhook.get("allowed_updates", []),
            }
            if self.state.webhook_error:
                info["last_error_date"] = 1772343000
                info["last_error_message"] = self.state.webhook_error
            return info
        if method == "setmycommands":
            self.state.commands[str(params.get("language_code", ""))] = params.get("commands")
            return True
        if method in ("answercallbackquery", "deletemycommands", "close", "logout"):
            return True
        return True

    @property
    def webhook(self) -> dict[str, Any]:
        with self.lock:
            return dict(self.state.webhook)

    @property
    def commands(self) -> dict[str, Any]:
        """The command menus set, by language_code ("" for the default)."""
        with self.lock:
            return dict(self.state.commands)


class _Handler(BaseHTTPRequestHandler):
    fake: FakeTelegram
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:
        self._serve()

    def do_GET(self) -> None:
        self._serve()

    def _serve(self) -> None:
        path = self.path.split("?")[0].strip("/")
        prefix, _, method = path.rpartition("/")
        if not prefix.startswith("bot") or not method:
            self._send(404, {"ok": False, "error_code": 404, "description": "Not Found"})
            return
        token = prefix.removeprefix("bot")
        params = self._params()
        status, body = self.fake.answer(method, token, params)
        self._send(status, body)

    def _params(self) -> dict[str, Any]:
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        kind = (self.headers.get("content-type") or "").split(";")[0].strip().lower()
        if kind == "application/json":
            data = json.loads(raw or b"{}")
            return data if isinstance(data, dict) else {}
        if kind == "application/x-www-form-urlencoded":
            return {k: _value(v) for k, v in parse_qsl(raw.decode("utf-8"))}
        return {}

    def _send(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
