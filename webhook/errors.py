"""Every error of the API as one JSON envelope: `code`, `section`, `detail`, `details`.

Named errors of the Act are 4xx with their stable code and section (docs/api.md lists the codes).
A request that cannot be read (not JSON, a value out of range) is a 422; an unknown route, a
method not allowed and any other HTTP error keep their status with the envelope; a database
that does not answer is a 503 with Retry-After (try again later); anything else is a 500 that
says no more than that, the rest goes to the log.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy.exc import DBAPIError, DisconnectionError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from law.errors import (
    ActBeforeStart,
    Conflict,
    EventInFuture,
    EventOutOfOrder,
    InvalidInput,
    InvalidMoney,
    NotAuthorised,
    NotFound,
    PoundError,
    UnknownAnimalKind,
)
from webhook.ratelimit import TooManyRequests

log = logging.getLogger(__name__)
RETRY_AFTER = 30  # seconds: how soon to ask again while the database is away

# Anything else the Act refuses (a sale stayed, a complaint out of time ...) is a 409: the request
# was understood, but the record's state or the law forbids it now.
STATUS = {
    NotFound: 404,
    NotAuthorised: 403,
    InvalidInput: 422,
    InvalidMoney: 422,
    UnknownAnimalKind: 422,
    EventInFuture: 422,
    ActBeforeStart: 422,
    EventOutOfOrder: 409,
    Conflict: 409,
}

# The envelope's code for an HTTP error raised outside the Act's named errors.
HTTP_CODES = {
    400: "bad_request",
    401: "not_authenticated",
    403: "not_authorised",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    413: "too_large",
    415: "unsupported_media_type",
    429: "too_many_requests",
}


class ErrorBody(BaseModel):
    """The error envelope: a stable snake_case `code`, the section of the Act or practice ruling
    it rests on (or null), a sentence for people, and details for programs."""

    code: str = Field(examples=["complaint_out_of_time"])
    section: str | None = Field(examples=["XIV"])
    detail: str
    details: dict[str, Any]


# The envelope in the OpenAPI schema, for a route whose own answers are not JSON.
ERROR_BODY_REF = "#/components/schemas/ErrorBody"


def _response(description: str) -> dict[str, Any]:
    return {"model": ErrorBody, "description": description}


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: _response("the request cannot be read"),
    403: _response("no or an unknown token, or the token's person may not do this here"),
    404: _response("no such record"),
    409: _response("the Act or the record's state refuses it now (code and section)"),
    # webhook/edge.py caps every route's body (POUND_MAX_BODY_BYTES, 64 KiB by default).
    413: _response("the request body is larger than the service takes (code too_large)"),
    422: _response("the request is malformed or a value is out of range"),
    429: _response("too many failed authentications from this address: wait Retry-After seconds"),
    500: _response("an error of the office itself (code internal_error)"),
    503: _response("the database does not answer; try again after Retry-After seconds"),
}


# What every Twilio callback route may answer besides its own: the envelope while the address is
# over its limit of unsigned posts, and while the database does not answer.
CALLBACK_ERRORS: dict[int | str, dict[str, Any]] = {
    429: _response("too many unsigned or forged posts from this address: wait Retry-After seconds"),
    503: _response("the database does not answer; try again after Retry-After seconds"),
}


def status_for(exc: PoundError) -> int:
    for cls in type(exc).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return 409


def body(exc: PoundError) -> dict[str, object]:
    return {"code": exc.code, "section": exc.section, "detail": exc.message, "details": exc.details}


def envelope(
    status: int,
    code: str,
    detail: str,
    details: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    content = {"code": code, "section": None, "detail": detail, "details": details or {}}
    return JSONResponse(content, status_code=status, headers=headers)


def database_unavailable(exc: BaseException) -> bool:
    """Whether `exc` says the database cannot be reached now (down, unreadable, connection lost,
    pool exhausted, locked): worth trying again later, unlike a value it refused."""
    if isinstance(exc, OperationalError | InterfaceError | DisconnectionError | PoolTimeout):
        return True
    return isinstance(exc, DBAPIError) and bool(exc.connection_invalidated)


def unavailable() -> JSONResponse:
    return envelope(
        503,
        "unavailable",
        "the database does not answer; try again later",
        {"retry_after": RETRY_AFTER},
        headers={"Retry-After": str(RETRY_AFTER)},
    )


# FastAPI's detail when reading a JSON body raised anything but a JSON syntax error.
_UNPARSED_BODY = "There was an error parsing the body"


def install(app: FastAPI) -> None:
    @app.exception_handler(PoundError)
    async def _pound_error(_request: Request, exc: PoundError) -> JSONResponse:
        return JSONResponse(body(exc), status_code=status_for(exc))

    @app.exception_handler(TooManyRequests)
    async def _too_many(_request: Request, exc: TooManyRequests) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=429, headers=exc.headers())

    @app.exception_handler(RequestValidationError)
    async def _validation(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", ""))}
            for e in exc.errors()
        ]
        unreadable = any(e.get("type") == "json_invalid" for e in exc.errors())
        return envelope(
            422,
            "invalid_request",
            "the body is not valid JSON"
            if unreadable
            else "the request does not have the expected form",
            {"errors": errors},
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400 and exc.detail == _UNPARSED_BODY:
            # FastAPI reads the body itself and answers 400 where the JSON decoder raised
            # something else than a syntax error: bytes that are not UTF-8, nesting past the
            # decoder's depth, a number of thousands of digits. A body that is not JSON.
            return envelope(
                422,
                "invalid_request",
                "the body is not valid JSON",
                {"errors": [{"loc": ["body"], "msg": type(exc.__cause__).__name__}]},
            )
        code = HTTP_CODES.get(exc.status_code, "http_error")
        detail = exc.detail if isinstance(exc.detail, str) else code.replace("_", " ")
        return envelope(exc.status_code, code, detail, headers=dict(exc.headers or {}))

    @app.exception_handler(DBAPIError)
    async def _database(request: Request, exc: DBAPIError) -> JSONResponse:
        return await _away(request, exc) if database_unavailable(exc) else _internal(request, exc)

    @app.exception_handler(DisconnectionError)
    @app.exception_handler(PoolTimeout)
    async def _away(request: Request, exc: Exception) -> JSONResponse:
        log.warning(
            "%s %s: database unavailable (%s)", request.method, request.url.path, _kind(exc)
        )
        return unavailable()

    @app.exception_handler(Exception)
    async def _anything(request: Request, exc: Exception) -> JSONResponse:
        return _internal(request, exc)


def _kind(exc: BaseException) -> str:
    orig = getattr(exc, "orig", None)
    return type(orig if orig is not None else exc).__name__


def _internal(request: Request, exc: BaseException) -> JSONResponse:
    log.error("%s %s failed: %s", request.method, request.url.path, _kind(exc), exc_info=exc)
    return envelope(500, "internal_error", "the office could not answer this request")
