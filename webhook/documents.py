"""Who may print a document: one dependency, `document_reader`, for every document route.

A reader is let in by a signed link the office gave a party (`?link=`,
office/views/documents/links.py), the API's bearer token (webhook/deps.py), or the session cookie of
an official signed in at the desk (webhook/desk/session.py); either way he is then checked
against the record as the API checks him (office/views/documents/issued.py `check_reader`,
law/access.py): the parties and the officers of the record's district, nobody else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Path, Query, Request
from fastapi.security import HTTPAuthorizationCredentials

from office.views.documents.issued import check_reader
from office.views.documents.kinds import Kind
from office.views.documents.links import read_link
from webhook.deps import _bearer, actor, state
from webhook.desk.session import desk, has_cookie

KindPath = Annotated[Kind, Path(description="The kind of document (docs/documents.md)")]
DocRefPath = Annotated[
    str,
    Path(
        min_length=1,
        max_length=64,
        pattern=r"^[A-Za-z0-9_-]+$",
        description="The seizure's ref, the complaint's or case's number, the pound's or "
        "district's code, as the kind says",
    ),
]
LinkQuery = Annotated[
    str | None,
    Query(
        max_length=1000,
        description="A signed link the office gave a party, in place of a bearer token",
    ),
]


@dataclass(frozen=True)
class Reader:
    """The person a document is printed for, and the district of its record."""

    person_id: int
    district_id: int
    by_link: bool = False


def document_reader(
    request: Request,
    kind: KindPath,
    ref: DocRefPath,
    creds: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    link: LinkQuery = None,
) -> Reader:
    """The reader of the document `kind` of `ref`: by his link, else his bearer token, else his
    desk session; refused
    unless he is a party to the record or an officer of its district."""
    st = state(request)
    if link:
        key: bytes | None = getattr(request.app.state, "document_key", None)
        person_id = read_link(key, link, kind=kind, ref=ref, now=st.clock())
        by_link = True
    else:
        signed_in = desk(request).who if creds is None and has_cookie(request) else None
        person_id = signed_in.person_id if signed_in is not None else actor(request, creds)
        by_link = False
    district_id = check_reader(st.db, kind, ref, person_id)
    return Reader(person_id=person_id, district_id=district_id, by_link=by_link)


DocumentReader = Annotated[Reader, Depends(document_reader)]
