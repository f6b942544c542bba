"""A document of any kind for the record it names, as the record stands now."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlmodel import Session

from models.db import Reader
from office.views.documents.hearing import decision, set_off, summons
from office.views.documents.kinds import Document, Kind
from office.views.documents.register import receipt, register_copy
from office.views.documents.returns import fund, monthly_return, rates
from office.views.documents.sale import account, cattle_receipt, notice

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
