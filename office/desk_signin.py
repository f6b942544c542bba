"""The desk's sign-in without passwords: a one-time code to the person's Telegram or SMS, the
session it opens, and signing out (docs/desk.md).

The person types his phone; the office sends a six-digit code through the outbox, at once and
not held by quiet hours (the row is not private: practice G11 holds private messages only). The
browser holds an attempt token meanwhile; the code and that token together open a session,
whose token the browser then holds. Only digests are stored. Every code sent, every wrong try,
every sign-in and sign-out is an audit event of the office's own chain.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func
from sqlmodel import Session, col, select

from law.errors import N_, InvalidInput, NotAuthorised
from models import Database, DeskSignIn, District, Person, Pound, RoleGrant
from office import audit
from office.common import check_aware, normalise_phone, person_by_phone
from office.notify.queueing import enqueue

# How long a code works, and how many wrong tries it takes before it is spent.
CODE_MINUTES = 10
CODE_TRIES = 5
CODE_DIGITS = 6
# Codes sent to one person in the last hour, at most: a stranger typing an official's phone
# again and again must not flood his Telegram or run up SMS charges.
CODES_PER_HOUR = 5
# A session lasts a working day; he signs in again the next.
SESSION_HOURS = 12
TEMPLATE = "desk_code"


@dataclass(frozen=True)
class CodeSent:
    """What the browser keeps while the code travels: the attempt token (never stored)."""

    attempt: str
    channel: str | None  # None: nothing was sent (an unknown phone, or too many codes)


@dataclass(frozen=True)
class Office:
    """One office a person holds: the district, the role, and its place (a pound or a thana)."""

    district_id: int
    district_code: str
    district_name: str
    role: str
    place: str
    place_name: str


@dataclass(frozen=True)
class SignedIn:
    """The person behind a live session, and the offices he holds."""

    person_id: int
    name: str
    language: str | None
    offices: tuple[Office, ...]
    session_expires_at: datetime

    def places(self, role: str) -> list[str]:
        return [o.place for o in self.offices if o.role == role]

    @property
    def official(self) -> bool:
        return bool(self.offices)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _code_digest(attempt: str, code: str) -> str:
    return hmac.new(attempt.encode("utf-8"), code.encode("utf-8"), hashlib.sha256).hexdigest()


def _event(
    s: Session, action: str, person_id: int | None, now: datetime, **payload: object
) -> None:
    audit.append(
        s,
        action=action,
        subject=f"person:{person_id}" if person_id is not None else "desk",
        occurred_at=now,
        now=now,
        actor_id=person_id,
        district_id=None,
        payload=payload,
    )


def _district_of(s: Session, person_id: int) -> int | None:
    return s.exec(
        select(RoleGrant.district_id).where(RoleGrant.person_id == person_id).limit(1)
    ).first()


def issue_code(db: Database, *, phone: str, now: datetime) -> CodeSent:
    """Send a sign-in code to the person with this phone, on the channel that reaches him.

    A phone that cannot be read is refused (InvalidPhone). A phone of no known person, or one
    sent too many codes this hour, gets an attempt token all the same, and nothing is sent: the
    page says the same in every case, so it tells no one whose phone is known.
    """
    check_aware(now, "now")
    number = normalise_phone(phone)
    attempt = secrets.token_urlsafe(32)
    code = f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"
    with db.transaction() as s:
        person = person_by_phone(s, number)
        if person is None or person.id is None:
            _event(s, "desk_code_not_sent", None, now, reason="unknown_phone")
            return CodeSent(attempt=attempt, channel=None)
        recent = s.exec(
            select(func.count())
            .select_from(DeskSignIn)
            .where(
                DeskSignIn.person_id == person.id,
                col(DeskSignIn.created_at) > now - timedelta(hours=1),
            )
        ).one()
        if int(recent) >= CODES_PER_HOUR:
            _event(s, "desk_code_not_sent", person.id, now, reason="too_many_codes")
            return CodeSent(attempt=attempt, channel=None)
        row = DeskSignIn(
            person_id=person.id,
            attempt_hash=_sha(attempt),
            code_hash=_code_digest(attempt, code),
            channel="",
            created_at=now,
            code_expires_at=now + timedelta(minutes=CODE_MINUTES),
        )
        s.add(row)
        s.flush()
        sent = enqueue(
            s,
            person_id=person.id,
            template=TEMPLATE,
            params={"code": code, "minutes": CODE_MINUTES},
            key=f"{TEMPLATE}:{row.id}",
            due_at=now,
            now=now,
            private=False,  # sent at once: quiet hours (G11) hold private messages only
            district_id=_district_of(s, person.id),
            caused_by=person.id,
        )
        row.channel = sent.channel if sent is not None else ""
        s.add(row)
        _event(
            s,
            "desk_code_sent" if sent is not None else "desk_code_not_sent",
            person.id,
            now,
            signin_id=row.id,
            channel=row.channel,
            **({} if sent is not None else {"reason": "no_channel"}),
        )
        return CodeSent(attempt=attempt, channel=row.channel or None)


def check_code(db: Database, *, attempt: str, code: str, now: datetime) -> str:
    """The session token the right code opens; a wrong, spent or late code is refused
    (InvalidInput), each wrong try counted and audited: the fifth spends the code."""
    check_aware(now, "now")
    typed = "".join(ch for ch in (code or "") if not ch.isspace())
    refused: InvalidInput | None = None
    with db.transaction() as s:
        row = s.exec(
            select(DeskSignIn)
            .where(DeskSignIn.attempt_hash == _sha(attempt or ""))
            .with_for_update()
        ).first()
        if row is None or row.id is None:
            _event(s, "desk_code_refused", None, now, reason="no_code")
            refused = InvalidInput(N_("that code is not known; ask for a new one"))
        elif row.signed_in_at is not None or row.tries >= CODE_TRIES:
            _event(s, "desk_code_refused", row.person_id, now, signin_id=row.id, reason="spent")
            refused = InvalidInput(N_("that code is used up; ask for a new one"))
        elif now > row.code_expires_at:
            _event(s, "desk_code_refused", row.person_id, now, signin_id=row.id, reason="expired")
            refused = InvalidInput(
                N_("that code is more than {minutes} minutes old; ask for a new one"),
                minutes=CODE_MINUTES,
            )
        elif not hmac.compare_digest(row.code_hash, _code_digest(attempt, typed)):
            row.tries += 1
            s.add(row)
            left = CODE_TRIES - row.tries
            _event(
                s, "desk_code_refused", row.person_id, now, signin_id=row.id, reason="wrong_code"
            )
            refused = (
                InvalidInput(N_("that code is wrong; {left} tries left"), left=left)
                if left > 0
                else InvalidInput(N_("that code is wrong, and now used up; ask for a new one"))
            )
        else:
            session = secrets.token_urlsafe(32)
            row.signed_in_at = now
            row.session_hash = _sha(session)
            row.session_expires_at = now + timedelta(hours=SESSION_HOURS)
            s.add(row)
            _event(s, "desk_signed_in", row.person_id, now, signin_id=row.id)
            return session
    # Committed: the wrong try counts and is audited whatever the page does next.
    raise refused


def _offices(s: Session, person_id: int) -> tuple[Office, ...]:
    rows = s.exec(
        select(RoleGrant, District)
        .join(District, col(District.id) == col(RoleGrant.district_id))
        .where(RoleGrant.person_id == person_id)
        .order_by(col(RoleGrant.district_id), col(RoleGrant.role), col(RoleGrant.place))
    ).all()
    pounds = {
        (p.district_id, p.code): p.name
        for p in s.exec(
            select(Pound).where(col(Pound.district_id).in_({g.district_id for g, _ in rows}))
        ).all()
    }
    return tuple(
        Office(
            district_id=g.district_id,
            district_code=d.code,
            district_name=d.name,
            role=str(g.role),
            place=str(g.place or ""),
            place_name=pounds.get((g.district_id, g.place), str(g.place or "")),
        )
        for g, d in rows
    )


def signed_in(db: Database, *, session: str, now: datetime) -> SignedIn | None:
    """The person a live session belongs to, with his offices; None for no such session, one
    signed out, or one past its hours."""
    if not session or len(session) > 128:
        return None
    with db.reading(primary=True) as s:
        row = s.exec(select(DeskSignIn).where(DeskSignIn.session_hash == _sha(session))).first()
        if row is None or row.signed_out_at is not None or row.session_expires_at is None:
            return None
        if now >= row.session_expires_at:
            return None
        person = s.get(Person, row.person_id)
        if person is None or person.id is None:
            return None
        return SignedIn(
            person_id=person.id,
            name=person.name,
            language=person.language,
            offices=_offices(s, person.id),
            session_expires_at=row.session_expires_at,
        )


def sign_out(db: Database, *, session: str, now: datetime) -> bool:
    """End a session; True if one was live."""
    check_aware(now, "now")
    if not session or len(session) > 128:
        return False
    with db.transaction() as s:
        row = s.exec(
            select(DeskSignIn).where(DeskSignIn.session_hash == _sha(session)).with_for_update()
        ).first()
        if row is None or row.signed_out_at is not None:
            return False
        row.signed_out_at = now
        s.add(row)
        _event(s, "desk_signed_out", row.person_id, now, signin_id=row.id)
        return True


def require_official(who: SignedIn | None) -> SignedIn:
    """The signed-in person, if he holds an office under the Act; else a clear refusal."""
    if who is None:
        raise NotAuthorised(N_("sign in first"))
    if not who.official:
        raise NotAuthorised(
            N_("the desk is for the officers of a district; {name} holds no office"),
            said={"name": who.name},
        )
    return who
