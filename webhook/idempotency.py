"""Idempotency-Key: a POST of the REST API sent again gets its first answer, and changes nothing.

A client that did not hear the answer to a POST (a time-out, a dropped connection, a crash of
the server after its commit) sends it again with the same `Idempotency-Key` header. The key is
its person's (the bearer token's), and answers for 24 hours:

- the same key with the same request (method, path, query and body; JSON compared in a
  canonical form) gets the first answer again, the same status and the same body, with
  `Idempotent-Replayed: true`; nothing runs and nothing changes;
- the same key with another request is 409 `idempotency_key_reused`;
- a request with a key still being answered waits for that answer and then gets it: the key's
  row is written in the act's own transaction, and its unique index makes the second request
  wait for the first, be rolled back, and answer as the first did;
- what is kept: 2xx answers and the refusals of the Act and the record (a 4xx with its code);
  never a 5xx, so a retry after a failure runs the act. A request refused before its act (a bad
  token, a malformed body or key) keeps nothing: sent again it is refused again.

Every POST of the API acts in one unit of work (models/unit.py), which its dependency opens and
commits when the route has answered (webhook/deps.py `unit`). The key's row is written in that
SAME unit as the act (a refused act leaves only the row): either both commit or neither does.

Keys older than 24 hours are ignored here and deleted by the worker (`purge_expired`).
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Annotated, Any

from fastapi import Depends, Header, Request
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from pydantic import TypeAdapter
from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from law.errors import PoundError
from models import Database, IdempotencyKey, Unit
from webhook import errors
from webhook.deps import Actor, InUnit

HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"
KEEP_FOR = timedelta(hours=24)
# 1 to 255 visible ASCII characters: a UUID, a ULID, a client's own counter.
KEY_PATTERN = r"^[\x21-\x7e]{1,255}$"
_ANSWER = TypeAdapter(dict[str, Any])


@dataclass(frozen=True)
class Keyed:
    """A POST that carried a key: whose, which, and what request it was."""

    person_id: int
    key: str
    route: str
    fingerprint: str


# A first answer and what to keep of it, (status, body); None: keep nothing.
Answered = tuple[Response, tuple[int, dict[str, Any]] | None]


def canonical(body: bytes) -> bytes:
    """A JSON body in one form (keys sorted, no spaces); any other body as it came."""
    if not body.strip():
        return b""
    try:
        parsed = json.loads(body)
    except (UnicodeDecodeError, ValueError):
        return body
    return json.dumps(parsed, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def fingerprint(method: str, path: str, query: str, body: bytes) -> str:
    digest = hashlib.sha256()
    for part in (method.upper().encode(), path.encode(), query.encode(), canonical(body)):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


async def keyed(
    request: Request,
    actor: Actor,
    u: InUnit,
    key: Annotated[
        str | None,
        Header(
            alias=HEADER,
            pattern=KEY_PATTERN,
            description=(
                "Send the same key again with the same request to get its first answer again "
                "without acting twice (24 hours, per token's person); 1-255 visible ASCII "
                "characters, e.g. a UUID. See docs/api.md."
            ),
        ),
    ] = None,
) -> None:
    """The request's key, if it sent one, kept on the request's unit for its route."""
    if key is None:
        return
    query = "&".join(sorted(request.url.query.split("&"))) if request.url.query else ""
    u.edge_key = Keyed(
        person_id=actor,
        key=key,
        route=f"{request.method} {request.url.path}"[:300],
        fingerprint=fingerprint(request.method, request.url.path, query, await request.body()),
    )


def _find(s: Session, k: Keyed) -> IdempotencyKey | None:
    q = (
        select(IdempotencyKey)
        .where(IdempotencyKey.person_id == k.person_id, IdempotencyKey.key == k.key)
        .with_for_update()
    )
    return s.exec(q).first()


def _store(s: Session, k: Keyed, status: int, body: dict[str, Any], now: datetime) -> None:
    s.add(
        IdempotencyKey(
            person_id=k.person_id,
            key=k.key,
            fingerprint=k.fingerprint,
            route=k.route,
            status=status,
            body=body,
            created_at=now,
        )
    )
    s.flush()


def _reused(row: IdempotencyKey) -> JSONResponse:
    return errors.envelope(
        409,
        "idempotency_key_reused",
        "this Idempotency-Key was used within the last 24 hours for another request; "
        "use a new key for a new request",
        {"first_used_for": row.route, "first_used_at": row.created_at.isoformat()},
    )


def _replay(row: IdempotencyKey) -> JSONResponse:
    return JSONResponse(row.body, status_code=row.status, headers={REPLAYED: "true"})


def answer_once(
    u: Unit, k: Keyed, act: Callable[[], Answered], replay: Callable[[IdempotencyKey], Response]
) -> Response:
    """Run `act` (the route) with its key's row in the unit `u`, or answer as its key's first
    request was answered (`replay`; 409 when the key was used for another request)."""
    s, now = u.session, u.now
    row = _find(s, k)
    if row is not None and row.created_at > now - KEEP_FOR:
        return replay(row) if row.fingerprint == k.fingerprint else _reused(row)
    try:
        with s.begin_nested():  # the act and its key's row, or neither
            if row is not None:  # more than 24 hours old: forgotten
                s.delete(row)
                s.flush()
            response, kept = act()
            if kept is not None:
                _store(s, k, *kept, now)
    except IntegrityError:
        # Another request with this key committed first (possible only if two writers ran at
        # once): its row is there now, and answers this one.
        row = _find(s, k)
        if row is None:
            raise
        return replay(row) if row.fingerprint == k.fingerprint else _reused(row)
    return response


def keyed_route(
    endpoint: Callable[..., Any],
    key_of: Callable[[dict[str, Any]], Any],
    run: Callable[[Any, Callable[[], Any]], Any],
) -> Callable[..., Any]:
    """The route `endpoint`, handed to `run` with its key (`key_of` finds it in the route's own
    arguments, where its dependency kept it). Its signature is the endpoint's
    own (`functools.wraps`), so FastAPI solves the same parameters; the key's dependency is one
    of the route's `dependencies`."""
    if inspect.iscoroutinefunction(endpoint):
        raise TypeError(f"{endpoint.__name__}: an idempotent route runs in a thread (def)")

    @functools.wraps(endpoint)
    def route(**kwargs: Any) -> Any:
        return run(key_of(kwargs), lambda: endpoint(**kwargs))

    return route


def _unit(kwargs: dict[str, Any]) -> Unit | None:
    """The route's unit, if it acts in one."""
    return next((v for v in kwargs.values() if isinstance(v, Unit)), None)


def _api_run(status_code: int) -> Callable[[Unit | None, Callable[[], Any]], Any]:
    """How an API route runs with the key `keyed` kept on its unit: through `answer_once` in
    that unit, its answer kept as JSON (a refusal of the Act too); a route without a key, or
    that acts in no unit, as it is."""

    def run(u: Unit | None, call: Callable[[], Any]) -> Any:
        k = u.edge_key if u is not None else None
        if u is None or not isinstance(k, Keyed):
            return call()

        def act() -> Answered:
            try:
                with u.act():  # a refused act leaves only the key's row
                    result = call()
            except PoundError as exc:
                status, body = errors.status_for(exc), errors.body(exc)
            else:
                if isinstance(result, Response):  # not a JSON answer: nothing to keep
                    return result, None
                status, body = status_code, _ANSWER.dump_python(result, mode="json")
            return JSONResponse(body, status_code=status), (status, body)

        return answer_once(u, k, act, _replay)

    return run


class IdempotentRoute(APIRoute):
    """An APIRoute whose POST routes take an Idempotency-Key (the router's `route_class`): the
    `keyed` dependency reads the header, and the route runs through `answer_once`."""

    def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        if "POST" in {m.upper() for m in kwargs.get("methods") or ()}:
            endpoint = keyed_route(endpoint, _unit, _api_run(kwargs.get("status_code") or 200))
            kwargs["dependencies"] = [*(kwargs.get("dependencies") or ()), Depends(keyed)]
        super().__init__(path, endpoint, **kwargs)


def purge_expired(db: Database, now: datetime) -> int:
    """Delete the keys older than 24 hours; answers how many (the worker calls it)."""
    cutoff = now - KEEP_FOR
    with db.reading() as s:
        old = s.exec(
            select(IdempotencyKey.id).where(col(IdempotencyKey.created_at) <= cutoff).limit(1)
        ).first()
    if old is None:  # the usual case: no write, no lock
        return 0
    with db.row_transaction() as s:
        res = s.execute(delete(IdempotencyKey).where(col(IdempotencyKey.created_at) <= cutoff))
        return int(res.rowcount)  # type: ignore[attr-defined]
