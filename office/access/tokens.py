"""API tokens: issue one to a known person, find the person behind one, revoke one."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, select

from law.errors import N_, InvalidInput, NotFound
from models import ApiToken, Unit
from models.columns import id_of
from models.db import Reader
from office.people import find_or_add_person, person_by_phone
from office.phones import normalise_phone
from office.records import audit
from office.times import check_aware

# token_urlsafe(32) gives 43 characters; anything far longer is not one of ours.
MAX_TOKEN_LENGTH = 128
# A token may begin with "-" from token_urlsafe; the prefix keeps `pound token revoke TOKEN` from
# reading it as an option, and says what the string is when it turns up in a shell history.
TOKEN_PREFIX = "pnd_"


@dataclass(frozen=True)
class IssuedToken:
    person_id: int
    name: str
    token: str


def token_hash(token: str) -> str:
    """The SHA-256 hex digest under which a token is stored; the token itself never is."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def issue_token(u: Unit, *, phone: str, name: str | None = None) -> IssuedToken:
    """A new API token for the person with this phone.

    An official from the jurisdiction file or a private person already known gets one at once; a
    stranger is added as a private person only when `name` is given, else the request is refused.
    """
    now = u.now
    check_aware(now, "now")
    number = normalise_phone(phone)
    with u.act() as s:
        person = person_by_phone(s, number)
        if person is None:
            if not (name and name.strip()):
                raise NotFound(
                    N_("no person has the phone {phone}; give a name to add a private person"),
                    phone=number,
                )
            person = find_or_add_person(s, name=name, residence="", phone=number, now=now)
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        row = ApiToken(person_id=id_of(person), token_hash=token_hash(token), created_at=now)
        s.add(row)
        _audited(s, "token_issued", row, now)
        return IssuedToken(person_id=row.person_id, name=person.name, token=token)


def person_for_token(db: Reader, token: str) -> int | None:
    """The id of the person a live token belongs to, or None.

    The lookup is by the token's SHA-256, so the time it takes says nothing about how much of a
    guessed token was right.
    """
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    with db.reading() as s:
        row = s.exec(select(ApiToken).where(ApiToken.token_hash == token_hash(token))).first()
        if row is None or row.revoked_at is not None:
            return None
        return row.person_id


def revoke_token(u: Unit, *, token: str) -> int:
    """Stop a token from working; answers the id of the person it belonged to.

    Revoking a token already revoked changes nothing; an unknown token is refused.
    """
    now = u.now
    check_aware(now, "now")
    if not token or len(token) > MAX_TOKEN_LENGTH:
        raise InvalidInput(N_("that is not an API token"))
    with u.act() as s:
        row = s.exec(select(ApiToken).where(ApiToken.token_hash == token_hash(token))).first()
        if row is None:
            raise NotFound(N_("no such API token"))
        if row.revoked_at is None:
            row.revoked_at = now
            _audited(s, "token_revoked", row, now)
        return row.person_id


def _audited(s: Session, action: str, row: ApiToken, now: datetime) -> None:
    """The token's issue or revocation in its person's audit chain."""
    s.flush()
    audit.append(
        s,
        action=action,
        subject=f"person:{row.person_id}",
        occurred_at=now,
        now=now,
        actor_id=None,
        district_id=None,
        payload={"token_id": row.id, "person_id": row.person_id},
    )
