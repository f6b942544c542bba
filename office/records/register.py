"""The register of Sec V: a seizure by its reference, the pound it is at, new references."""

from __future__ import annotations

import secrets

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from law.errors import N_, NotFound
from models import Pound, Seizure


def seizure_by_ref(s: Session, ref: str, *, lock: bool = False) -> Seizure:
    q = select(Seizure).where(Seizure.ref == ref.strip().upper())
    if lock:
        # The seizure's acts take turns on its row (NO KEY UPDATE: rows that refer to it are
        # still written meanwhile; docs/design.md).
        q = q.with_for_update(key_share=True)
    seizure = s.exec(q).first()
    if seizure is None:
        raise NotFound(N_("no seizure '{ref}'"), ref=ref)
    return seizure


def pound_of(s: Session, seizure: Seizure) -> Pound:
    pound = s.get(Pound, seizure.pound_id)
    if pound is None:
        raise NotFound(N_("no pound {pound_id}"), said={"pound_id": seizure.pound_id})
    return pound


# Unambiguous on a phone keypad and when read aloud: no 0/O, 1/I/L, U.
REF_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789"
REF_LENGTH = 6


def new_ref(s: Session) -> str:
    while True:
        ref = "".join(secrets.choice(REF_ALPHABET) for _ in range(REF_LENGTH))
        if s.exec(select(Seizure.id).where(Seizure.ref == ref)).first() is None:
            return ref


def add_with_fresh_ref(s: Session, seizure: Seizure) -> None:
    """Write the new seizure; should another transaction have taken its ref meanwhile (the ref
    is unique), draw another and write it again, in a savepoint, so the act goes on."""
    while True:
        try:
            with s.begin_nested():
                s.add(seizure)
                s.flush()
            return
        except IntegrityError:
            if s.exec(select(Seizure.id).where(Seizure.ref == seizure.ref)).first() is None:
                raise  # not the ref
            seizure.id = None
            seizure.ref = new_ref(s)
