"""`/openapi.json` documents every answer of every route: each success and each error has a
schema (JSON, or the TwiML and plain text of the Twilio callbacks and /metrics, named by media
type), and every status a route is known to refuse with is among its documented responses."""

from __future__ import annotations

import inspect
import re
from datetime import UTC, datetime
from importlib import import_module
from typing import Any

import pytest
from fastapi.routing import APIRoute, iter_route_contexts

from bot.channels.telegram.channel import TelegramConfig
from bot.channels.twilio.channel import TwilioConfig
from law.errors import ALL_ERRORS
from models import Database
from tests.api_client import UndeclaredAnswer, check_answer
from webhook import errors
from webhook.app import create_app

# Answers that are not JSON, each documented by its media type and a string schema (the printed
# documents are PDF and HTML, the spreadsheets XLSX and CSV).
NOT_JSON = {
    "application/xml",
    "text/plain",
    "application/pdf",
    "text/html",
    "application/atom+xml",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "text/csv",
}
# A refusal in the channels' own words: `refuse(503, ...)`, `Refused(400, ...)`.
REFUSAL_CALL = re.compile(r"\b_?(?:refuse|answer|Refused)\((\d{3}),")
STATUS = re.compile(r"status_code=(\d{3})")
# The routes outside /api/v1 and the module whose source holds each one's answers.
MODULES = {
    "/healthz": ("webhook.app",),
    "/metrics": ("webhook.metrics",),
    "/telegram/webhook": ("webhook.channels", "bot.channels.telegram.channel"),
    "/sms/inbound": ("webhook.channels", "bot.channels.twilio.channel"),
    "/sms/status": ("webhook.channels", "bot.channels.twilio.channel"),
    "/voice/status": ("webhook.channels", "bot.channels.twilio.channel"),
    "/documents/{kind}/{ref}.pdf": ("webhook.document_routes", "webhook.documents"),
    "/documents/{kind}/{ref}.html": ("webhook.document_routes", "webhook.documents"),
    "/v/{code}": ("webhook.document_routes",),
    "/board/{district}": ("webhook.board",),
    "/board/{district}/feed": ("webhook.board",),
}


@pytest.fixture(scope="module")
def app() -> Any:
    return create_app(
        db=Database("sqlite://"),
        clock=lambda: datetime(2026, 3, 1, tzinfo=UTC),
        telegram=TelegramConfig("1:x", "secret"),
        twilio=TwilioConfig("AC0", "token", "https://pound.example"),
    )


def _operations(app: Any) -> list[tuple[str, str, dict[str, Any]]]:
    spec = app.openapi()
    return [(path, method, op) for path, ops in spec["paths"].items() for method, op in ops.items()]


def test_the_routes_outside_the_rest_api_are_in_the_schema(app: Any) -> None:
    documented = {path for path, _, _ in _operations(app)}
    assert set(MODULES) <= documented


def test_every_answer_has_a_schema(app: Any) -> None:
    for path, method, op in _operations(app):
        responses = op["responses"]
        assert any(code.startswith("2") for code in responses), f"{method} {path}: no 2xx"
        for code, answer in responses.items():
            content = answer.get("content")
            assert content, f"{method} {path} {code}: no content"
            for media, body in content.items():
                assert body.get("schema"), f"{method} {path} {code} {media}: no schema"
                if media == "application/json":
                    continue
                assert media in NOT_JSON, f"{method} {path} {code}: undocumented {media}"
                assert body["schema"] == {"type": "string"}, f"{method} {path} {code}"


def test_every_json_route_declares_its_response_model(app: Any) -> None:
    """Every route of the app whose answer is JSON names the model of its success, so the
    schema says what the answer holds (not an object of anything)."""
    spec = app.openapi()
    json_routes = 0
    for context in iter_route_contexts(app.routes):
        route = context.original_route
        if not isinstance(route, APIRoute) or not route.include_in_schema:
            continue
        for method in route.methods:
            op = spec["paths"][context.path_format][method.lower()]
            for code, answer in op["responses"].items():
                body = answer.get("content", {}).get("application/json")
                if not code.startswith("2") or body is None:
                    continue
                json_routes += 1
                assert route.response_model is not None, f"{method} {context.path_format}"
                assert "$ref" in str(body["schema"]), f"{method} {context.path_format}: {body}"
    assert json_routes >= 36


def test_an_answer_other_than_its_model_says_is_refused_by_the_tests_client(app: Any) -> None:
    """The API tests' client (tests/api_client.py) checks each 2xx JSON answer against the
    schema: a field missing, of another type or not declared is an error of the test."""
    good = '{"complaint_id": 3, "status": "admitted"}'
    path = "/api/v1/complaints/3/admission"
    check_answer(app, "POST", path, 200, good)
    for bad in (
        '{"complaint_id": 3}',
        '{"complaint_id": "3", "status": "admitted"}',
        '{"complaint_id": 3, "status": "decided"}',
        '{"complaint_id": 3, "status": "admitted", "more": 1}',
    ):
        with pytest.raises(UndeclaredAnswer):
            check_answer(app, "POST", path, 200, bad)
    with pytest.raises(UndeclaredAnswer, match="no response model"):
        check_answer(app, "POST", path, 201, good)


def test_every_refusal_of_the_act_is_documented_on_every_api_route(app: Any) -> None:
    statuses = {str(errors.status_for(cls(*_args(cls)))) for cls in ALL_ERRORS}
    statuses |= {"400", "422", "429", "500", "503"}  # unreadable, out of range, limits, faults
    for path, method, op in _operations(app):
        if path.startswith("/api/v1/"):
            missing = statuses - set(op["responses"])
            assert not missing, f"{method} {path} does not document {missing}"
            for code in statuses:
                ref = op["responses"][code]["content"]["application/json"]["schema"]["$ref"]
                assert ref == errors.ERROR_BODY_REF


def test_every_refusal_of_a_channel_is_documented_on_its_route(app: Any) -> None:
    outside_the_api = {path for path, _, _ in _operations(app) if not path.startswith("/api/v1/")}
    assert outside_the_api == set(MODULES), "a new route: name the module that answers it"
    checked = 0
    for path, method, op in _operations(app):
        if path in MODULES:
            source = "".join(inspect.getsource(import_module(m)) for m in MODULES[path])
            found = REFUSAL_CALL.findall(source) + STATUS.findall(source)
            refused = {c for c in found if c >= "400"}
            missing = refused - set(op["responses"])
            assert not missing, f"{method} {path} does not document {missing}"
            checked += len(refused)
    assert checked >= 15


def _args(cls: type) -> tuple[Any, ...]:
    """Enough arguments to make an error of the Act to ask its status."""
    params = [
        p
        for p in inspect.signature(cls.__init__).parameters.values()
        if p.name != "self"
        and p.default is inspect.Parameter.empty
        and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    return tuple("x" for _ in params)
