"""The link a party to a record is given to print its documents without an API token.

A link names the document (kind, ref, a return's month), the person it was given to and the
instant it expires, signed with the office's key (itsdangerous, HMAC-SHA256 over the payload;
the key is the audit key, POUND_AUDIT_KEY, which never leaves the server). Whoever opens it is
let in as that person: he still has to stand to the record as a party or an officer
(office/views/documents/issued.py `check_reader`), so a link given to the owner stops working for a
record he is no longer owner of. Links cannot be revoked one by one: they expire.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from itsdangerous import BadSignature, URLSafeSerializer

from law.errors import N_, NotAuthorised
from models.db import Reader
from office.people import person_by_phone
from office.views.documents.issued import check_reader
from office.views.documents.kinds import Kind

_SALT = "pound.document-link"
LINK_DAYS = 30


def _serializer(key: bytes | None) -> URLSafeSerializer:
    if not key:
        raise NotAuthorised(N_("links to documents need the office's key (POUND_AUDIT_KEY)"))
    return URLSafeSerializer(key, salt=_SALT)


def sign_link(
    key: bytes | None,
    *,
    kind: Kind,
    ref: str,
    person_id: int,
    now: datetime,
    days: int = LINK_DAYS,
) -> tuple[str, datetime]:
    """The signed token of a link for one person to one document, and when it expires."""
    until = now + timedelta(days=days)
    token = _serializer(key).dumps(
        {"k": kind.value, "r": ref.strip().upper(), "p": person_id, "u": int(until.timestamp())}
    )
    return str(token), until


def read_link(key: bytes | None, token: str, *, kind: Kind, ref: str, now: datetime) -> int:
    """The person a link was given to, if it is the office's, for this document, and not
    expired; refused (`NotAuthorised`) otherwise."""
    try:
        data = _serializer(key).loads(token)
    except BadSignature:
        raise NotAuthorised(N_("the link is not one the office gave")) from None
    if not isinstance(data, dict):
        raise NotAuthorised(N_("the link is not one the office gave"))
    if data.get("k") != kind.value or str(data.get("r", "")) != ref.strip().upper():
        raise NotAuthorised(N_("the link is for another document"))
    if int(data.get("u", 0)) < now.timestamp():
        raise NotAuthorised(N_("the link has expired: ask the office for a new one"))
    return int(data["p"])


def party_link(
    db: Reader,
    key: bytes | None,
    *,
    kind: Kind,
    ref: str,
    phone: str,
    base_url: str,
    now: datetime,
    days: int = LINK_DAYS,
) -> tuple[str, datetime]:
    """A link for the person with `phone` to print a document of a record he is party to (his
    standing is checked now, and again whenever the link is opened)."""
    with db.reading() as s:
        person = person_by_phone(s, phone)
        person_id = person.id if person else None
    if person_id is None:
        raise NotAuthorised(N_("nobody with that phone is known to the office"))
    check_reader(db, kind, ref, person_id)
    token, until = sign_link(key, kind=kind, ref=ref, person_id=person_id, now=now, days=days)
    url = f"{base_url.rstrip('/')}/documents/{kind.value}/{ref.strip().upper()}.pdf?link={token}"
    return url, until
