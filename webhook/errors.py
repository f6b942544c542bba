"""Named errors of the Act as HTTP answers: a 4xx JSON with a stable code and the section."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

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


def status_for(exc: PoundError) -> int:
    for cls in type(exc).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return 409


def body(exc: PoundError) -> dict[str, object]:
    return {
        "code": exc.code,
        "section": exc.section,
        "detail": exc.message,
        "details": exc.details,
    }


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
            {"loc": list(e.get("loc", ())), "msg": str(e.get("msg", ""))} for e in exc.errors()
        ]
        return JSONResponse(
            {
                "code": "invalid_request",
                "section": None,
                "detail": "the request does not have the expected form",
                "details": {"errors": errors},
            },
            status_code=422,
        )
