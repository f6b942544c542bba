"""An API client acting as any person of the test district by their token; every 2xx JSON
answer it gets is checked against the schema `/openapi.json` declares for it."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import jsonschema_rs
from fastapi import FastAPI
from fastapi.testclient import TestClient

from office.access.tokens import issue_token
from tests.units import act
from tests.world import World


class UndeclaredAnswer(AssertionError):
    """A 2xx JSON answer that the OpenAPI document does not describe, or that its schema refuses."""


_Operations = list[tuple[re.Pattern[str], str, dict[str, Any]]]
# The OpenAPI document of an app is made from its routes' code alone: two apps with the same
# routes have the same one. Making it costs most of a second, and nearly every test makes an app
# of its own, so it is made once per set of routes (and each answer's validator once per route).
_OPERATIONS: dict[tuple[Any, ...], _Operations] = {}
_VALIDATORS: dict[tuple[int, int], Any] = {}


def _routes(app: FastAPI) -> tuple[Any, ...]:
    return tuple(
        (
            getattr(route, "path", ""),
            tuple(sorted(getattr(route, "methods", None) or ())),
            getattr(getattr(route, "endpoint", None), "__qualname__", ""),
            repr(getattr(route, "response_model", None)),
            repr(getattr(route, "responses", None)),
        )
        for route in app.routes
    )


def _operations(app: FastAPI) -> _Operations:
    key = _routes(app)
    if key in _OPERATIONS:
        return _OPERATIONS[key]
    spec = app.openapi()
    components = spec.get("components", {})
    out = []
    for path, ops in spec["paths"].items():
        pattern = re.compile("^" + re.sub(r"\\{[^}]+\\}", "[^/]+", re.escape(path)) + "$")
        for method, op in ops.items():
            out.append((pattern, method.upper(), {**op, "components": components}))
    _OPERATIONS[key] = out
    return out


def check_answer(app: FastAPI, method: str, path: str, status: int, body: str) -> None:
    """A 2xx JSON answer holds what its route's declared response model says (the schema of
    `/openapi.json`, its references resolved); raises `UndeclaredAnswer` if not."""
    op = next(
        (
            op
            for pattern, verb, op in _operations(app)
            if verb == method.upper() and pattern.match(path)
        ),
        None,
    )
    if op is None:
        raise UndeclaredAnswer(f"{method} {path}: no route in the OpenAPI document")
    declared = op["responses"].get(str(status), {}).get("content", {}).get("application/json")
    if declared is None or "$ref" not in json.dumps(declared["schema"]):
        raise UndeclaredAnswer(f"{method} {path} {status}: no response model declared")
    validator = _VALIDATORS.get((id(op), status))
    if validator is None:
        schema = {**declared["schema"], "components": op["components"]}
        validator = _VALIDATORS[(id(op), status)] = jsonschema_rs.validator_for(schema)
    errors = [e.message for e in validator.iter_errors(json.loads(body))]
    if errors:
        raise UndeclaredAnswer(f"{method} {path} {status}: " + "; ".join(errors[:5]))


class CheckedClient(TestClient):
    """A test client that checks every 2xx JSON answer (but the OpenAPI document's own) against
    its declared schema."""

    def request(  # type: ignore[override]
        self, method: str, url: Any, *args: Any, **kwargs: Any
    ) -> httpx.Response:
        answer = super().request(method, url, *args, **kwargs)
        kind = answer.headers.get("content-type", "")
        json_ok = 200 <= answer.status_code < 300 and kind.startswith("application/json")
        path = httpx.URL(str(answer.url)).path
        if json_ok and isinstance(self.app, FastAPI) and path != self.app.openapi_url:
            check_answer(self.app, method, path, answer.status_code, answer.text)
        return answer


class Api:
    """Calls the API as a named person; the world's clock is the app's clock."""

    def __init__(self, client: TestClient, world: World) -> None:
        self.client = client
        self.world = world
        self._tokens: dict[str, str] = {}

    def token(self, phone: str) -> str:
        if phone not in self._tokens:
            self._tokens[phone] = act(
                self.world.db, issue_token, phone=phone, now=self.world.now
            ).token
        return self._tokens[phone]

    def as_(self, phone: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token(phone)}"}

    def post(self, path: str, phone: str, json: dict[str, Any]) -> httpx.Response:
        return self.client.post(path, json=json, headers=self.as_(phone))

    def get(self, path: str, phone: str, **params: Any) -> httpx.Response:
        return self.client.get(path, headers=self.as_(phone), params=params)


KEEPER = "+919000000001"
OTHER_KEEPER = "+919000000002"
POLICE = "+919000000003"
DAROGAH = "+919000000004"
MAGISTRATE = "+919000000005"
CULTIVATOR = "+919111111111"
OWNER = "+919222222222"
