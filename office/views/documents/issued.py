"""A document of any kind as its record stands now (`build`), who may print it, the public id
each printed document carries, and whether a printed document is genuine and still current.

A document is printed for the officers of its district and for the parties to its record, as
the API shows them the record itself (law/access.py): the papers of a seizure (register copy,
receipt, notice, account, cattle receipt) for the parties to the seizure; the summons and the
decision of a Sec XIV complaint for the parties to its seizure; the Sec XIX certificate for the
parties to the case; the schedule of rates, the monthly return and the fund statement for the
officers of the district. Anyone else is refused (`RecordNotOpen`), an officer of another
district included.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from datetime import datetime

from sqlmodel import Session, col, select

from law.access import check_may_read
from law.errors import N_, NotFound, PoundError
from law.periods import local_date
from models import Case, Complaint, IssuedDocument, Seizure, Unit
from models.columns import id_of
from models.db import Reader
from office.access.roles import case_standing, district_standing, seizure_standing
from office.district import district_by_code, district_context, pound_by_code
from office.records import audit
from office.records.register import seizure_by_ref
from office.views.documents.hearing import decision, set_off, summons
from office.views.documents.kinds import (
    CASE_KINDS,
    COMPLAINT_KINDS,
    POUND_KINDS,
    SEIZURE_KINDS,
    Document,
    Kind,
)
from office.views.documents.returns import fund, monthly_return, rates
from office.views.documents.seizure import account, cattle_receipt, notice, receipt, register_copy

# Each kind's builder, given the session, the reader, the ref, a return's month and now.
_BUILDERS: dict[Kind, Callable[[Session, Reader, str, str | None, datetime], Document]] = {
    Kind.REGISTER_COPY: lambda s, db, ref, month, now: register_copy(s, ref),
    Kind.RECEIPT: lambda s, db, ref, month, now: receipt(s, ref),
    Kind.RATES: lambda s, db, ref, month, now: rates(s, db, ref, now),
    Kind.NOTICE: lambda s, db, ref, month, now: notice(s, ref),
    Kind.ACCOUNT: lambda s, db, ref, month, now: account(s, ref),
    Kind.CATTLE_RECEIPT: lambda s, db, ref, month, now: cattle_receipt(s, ref),
    Kind.SUMMONS: lambda s, db, ref, month, now: summons(s, ref),
    Kind.DECISION: lambda s, db, ref, month, now: decision(s, ref),
    Kind.SET_OFF: lambda s, db, ref, month, now: set_off(s, db, ref),
    Kind.RETURN: lambda s, db, ref, month, now: monthly_return(s, ref, month),
    Kind.FUND: lambda s, db, ref, month, now: fund(s, ref),
}


def build(db: Reader, kind: Kind, ref: str, *, month: str | None, now: datetime) -> Document:
    """The document of `kind` for the record `ref`, as the record stands now."""
    with db.reading() as s:
        return _BUILDERS[kind](s, db, ref, month, now)


# Letters and digits that cannot be misread for one another when typed from paper.
_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
CODE_LENGTH = 10


def check_reader(db: Reader, kind: Kind, ref: str, person_id: int | None) -> int:
    """Refuse (`RecordNotOpen`) anyone who may not read the document's record; the district
    of the record otherwise."""
    with db.reading() as s:
        if kind in SEIZURE_KINDS:
            seizure = seizure_by_ref(s, ref)
            check_may_read(seizure_standing(s, person_id, seizure), "seizure")
            return seizure.district_id
        if kind in COMPLAINT_KINDS:
            number = _number(ref, N_("no complaint {complaint_id}"), "complaint_id")
            complaint = s.get(Complaint, number)
            of = s.get(Seizure, complaint.seizure_id) if complaint else None
            if of is None:
                raise NotFound(N_("no complaint {complaint_id}"), said={"complaint_id": ref})
            check_may_read(seizure_standing(s, person_id, of), "complaint")
            return of.district_id
        if kind in CASE_KINDS:
            case = s.get(Case, _number(ref, N_("no case {case_id}"), "case_id"))
            if case is None:
                raise NotFound(N_("no case {case_id}"), said={"case_id": ref})
            check_may_read(case_standing(s, person_id, case), "case")
            return case.district_id
        if kind in POUND_KINDS:
            pound = pound_by_code(s, ref)
            check_may_read(district_standing(s, person_id, pound.district_id), "pound register")
            return pound.district_id
        district = district_by_code(s, ref)
        check_may_read(district_standing(s, person_id, id_of(district)), "fund")
        return id_of(district)


def _number(ref: str, message: str, name: str) -> int:
    try:
        return int(ref.strip())
    except ValueError:
        raise NotFound(message, said={name: ref}) from None


@dataclass(frozen=True)
class Printed:
    """A document as printed now, and the public id it carries."""

    document: Document
    code: str
    issued_at: datetime


def issue(
    u: Unit,
    kind: Kind,
    ref: str,
    *,
    month: str | None = None,
) -> Printed:
    """The document as the record stands now, with its id: the id it was first printed with
    if its content is unchanged since, else a new one (recorded, and audited as the document's
    issue)."""
    now = u.now
    document = build(u, kind, ref, month=month, now=now)
    digest = document.digest
    with u.act() as s:
        found = s.exec(
            select(IssuedDocument)
            .where(
                IssuedDocument.kind == document.kind,
                IssuedDocument.ref == document.ref,
                IssuedDocument.params == document.params,
                IssuedDocument.digest == digest,
            )
            .order_by(col(IssuedDocument.id))
        ).first()
        if found is not None:
            return Printed(document, found.code, found.issued_at)
        row = IssuedDocument(
            code=_fresh_code(s),
            district_id=document.district_id,
            kind=document.kind,
            ref=document.ref,
            params=document.params,
            digest=digest,
            issued_at=now,
            issued_by=u.actor_id,
        )
        s.add(row)
        audit.append(
            s,
            action="document_issued",
            subject=document.ref,
            occurred_at=now,
            now=now,
            actor_id=u.actor_id,
            district_id=document.district_id,
            section=document.section,
            payload={
                "code": row.code,
                "kind": document.kind,
                "params": document.params,
                "digest": digest,
            },
        )
        return Printed(document, row.code, now)


def _fresh_code(s: Session) -> str:
    while True:
        code = "".join(secrets.choice(_ALPHABET) for _ in range(CODE_LENGTH))
        taken = s.exec(select(IssuedDocument.id).where(IssuedDocument.code == code)).first()
        if taken is None:
            return code


@dataclass(frozen=True)
class Verification:
    """What the public verification page says of an id: whether the office issued it, and
    whether the record still says what the document said. Only what the document's head
    states (kind, section, district, pound, register number, date), never a name or a phone."""

    code: str
    genuine: bool
    current: bool = False
    # The head alone (`Document`, none of its kind's own fields), of the ref and params it was
    # issued for, with the names of the district and the pound in other scripts.
    head: Document | None = None
    issued_at: datetime | None = None
    issued_on: str = ""  # the district's day it was first printed (ISO)


def verify(db: Reader, code: str, *, now: datetime) -> Verification:
    """Whether `code` names a document the office issued and, if so, whether a document of
    the same kind printed from the record now would state the same."""
    wanted = code.strip().lower()
    with db.reading() as s:
        found = s.exec(select(IssuedDocument).where(IssuedDocument.code == wanted)).first()
        row = IssuedDocument.model_validate(found.model_dump()) if found else None
    if row is None:
        return Verification(code=wanted, genuine=False)
    try:
        now_doc: Document | None = build(
            db, Kind(row.kind), row.ref, month=row.params or None, now=now
        )
    except PoundError:
        now_doc = None  # the record no longer yields the document at all
    with db.reading() as s:
        ctx = district_context(s, row.district_id)
        district = ctx.district
        issued_on = local_date(row.issued_at, ctx.tz)
        # A record that no longer yields the document: its head as the issue recorded it.
        said = now_doc or Document(
            kind=row.kind,
            ref=row.ref,
            params=row.params,
            section="",
            district_id=row.district_id,
            district_code=district.code,
            district_name=district.name,
            money="",
            dated="",
            names=(("district", tuple(sorted(district.names.items()))),) if district.names else (),
        )
    head = Document(**{f.name: getattr(said, f.name) for f in fields(Document)})
    return Verification(
        code=row.code,
        genuine=True,
        current=now_doc is not None and now_doc.digest == row.digest,
        head=replace(
            head,
            kind=row.kind,
            ref=row.ref,
            params=row.params,
            names=tuple((k, n) for k, n in head.names if k != "village"),
        ),
        issued_at=row.issued_at,
        issued_on=issued_on.isoformat(),
    )
