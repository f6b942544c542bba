"""A document of any kind for the record it names, as the record stands now."""

from __future__ import annotations

from datetime import datetime

from models.db import Reader
from office.views.documents.hearing import decision, set_off, summons
from office.views.documents.kinds import Document, Kind
from office.views.documents.register import receipt, register_copy
from office.views.documents.returns import fund, monthly_return, rates
from office.views.documents.sale import account, cattle_receipt, notice


def build(db: Reader, kind: Kind, ref: str, *, month: str | None, now: datetime) -> Document:
    """The document of `kind` for the record `ref`, as the record stands now."""
    with db.reading() as s:
        if kind is Kind.REGISTER_COPY:
            return register_copy(s, ref)
        if kind is Kind.RECEIPT:
            return receipt(s, ref)
        if kind is Kind.RATES:
            return rates(s, db, ref, now)
        if kind is Kind.NOTICE:
            return notice(s, ref)
        if kind is Kind.ACCOUNT:
            return account(s, ref)
        if kind is Kind.CATTLE_RECEIPT:
            return cattle_receipt(s, ref)
        if kind is Kind.SUMMONS:
            return summons(s, ref)
        if kind is Kind.DECISION:
            return decision(s, ref)
        if kind is Kind.SET_OFF:
            return set_off(s, db, ref)
        if kind is Kind.RETURN:
            return monthly_return(s, ref, month)
        return fund(s, ref)
