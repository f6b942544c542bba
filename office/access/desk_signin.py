"""The desk's sign-in without passwords: a one-time code to an officer's Telegram or SMS, the
session it opens, and signing out (docs/desk.md).

The person types his phone; the asker is answered at once, before anything is looked up
(`ask_code`), with an attempt token his browser keeps: the answer is the same for every phone,
so it tells no one whose phone the office holds. Then (`send_code`) a six-digit code goes
through the outbox, at once and not held by quiet hours (the row is not private: practice G11
holds private messages only), to a person who holds an office, at most `CODES_PER_HOUR` an
hour; anyone else is sent nothing and nothing is written. The code and the attempt token
together open a session, whose token the browser then holds. Only digests are stored.

What an asker does writes the office's audit chain only where it touches an officer's sign-in,
each bounded: a code sent (`CODES_PER_HOUR`), a wrong try at it (`CODE_TRIES`), a sign-in and a
sign-out. A code refused as unknown, used up or late changes nothing and is only logged.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from law.errors import N_, InvalidInput, NotAuthorised
from models import DeskSignIn, District, Outbox, Person, Pound, RoleGrant, Unit
from models.db import Reader
from office.access.tokens import token_hash
from office.district import names_of
from office.notify.queueing import enqueue
from office.people import person_by_phone
from office.phones import normalise_phone
from office.records import audit
from office.records.counters import Counted, lock_count
from office.times import check_aware

log = logging.getLogger(__name__)

# How long a code works, and how many wrong tries it takes before it is spent.
CODE_MINUTES = 10
CODE_TRIES = 5
CODE_DIGITS = 6
# Codes sent to one person in the last hour, at most: a stranger typing an official's phone
# again and again must not flood his Telegram or run up SMS charges. Counted under a lock of
# his count (office/records/counters.py), so requests at once cannot pass it together.
CODES_PER_HOUR = 5
# A session lasts a working day; he signs in again the next.
SESSION_HOURS = 12
TEMPLATE = "desk_code"


@dataclass(frozen=True)
class CodeAsked:
    """What the asker is answered with, whoever the phone is: the attempt token his browser
    keeps (never stored), the phone read, and when he asked."""

    attempt: str
    phone: str
    asked_at: datetime


@dataclass(frozen=True)
class CodeSent:
    """A code sent, which the caller shows to no one but the operator, and only where no
    channel can deliver it (webhook/desk/signin.py)."""

    phone: str
    code: str


@dataclass(frozen=True)
class PendingCode:
    """A code sent and still good: not used, not spent by wrong tries, not late."""

    code: str
    name: str
    phone: str
    expires_at: datetime


class CodeRefused(InvalidInput):
    """A code refused, its words saying why; `tried`: the wrong codes the attempt has had, this
    one counted (the browser keeps it: see `check_code`)."""

    def __init__(self, message: str, *, tried: int, **details: Any) -> None:
        super().__init__(message, **details)
        self.tried = tried


@dataclass(frozen=True)
class Office:
    """One office a person holds: the district, the role, and its place (a pound or a thana)."""

    district_id: int
    district_code: str
    district_name: str
    role: str
    place: str
    place_name: str
    # The district's and the pound's names in other scripts, by language (`names_of`).
    district_names: tuple[tuple[str, str], ...] = ()
    place_names: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class SignedIn:
    """The person behind a live session, and the offices he holds."""

    person_id: int
    name: str
    language: str | None
    offices: tuple[Office, ...]

    @property
    def official(self) -> bool:
        return bool(self.offices)


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


def ask_code(phone: str, *, now: datetime) -> CodeAsked:
    """A request for a sign-in code, answered before anything is looked up: the phone read (a
    phone that cannot be read is refused, InvalidPhone) and a fresh attempt token. The answer is
    the same whoever the phone is; `send_code` then sends the code, or nothing."""
    check_aware(now, "now")
    return CodeAsked(attempt=secrets.token_urlsafe(32), phone=normalise_phone(phone), asked_at=now)


def send_code(u: Unit, asked: CodeAsked) -> CodeSent | None:
    """Send the sign-in code of `asked` to the person with its phone, on the channel that
    reaches him; what was sent, or None when nothing was.

    Only a person who holds an office is sent a code, at most `CODES_PER_HOUR` in any hour,
    counted under the lock of his count. For anyone else (a phone of no known person, a private
    person, an officer past his codes) nothing is sent and nothing is written, only logged.
    """
    now = u.now
    check_aware(now, "now")
    code = f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"
    # Read first: a phone that is no officer's takes no writing transaction (on SQLite, no
    # turn of the one writer), however often it is asked for.
    with u.reading() as s:
        person = person_by_phone(s, asked.phone)
        person_id = person.id if person is not None else None
        grant = select(RoleGrant.district_id).where(RoleGrant.person_id == person_id).limit(1)
        district_id = s.exec(grant).first() if person_id is not None else None
    if person_id is None or district_id is None:
        log.info("desk code not sent: the phone is no officer's")
        return None
    with u.act() as s:
        lock_count(s, Counted.DESK_CODES, person_id)
        recent = s.exec(
            select(func.count())
            .select_from(DeskSignIn)
            .where(
                DeskSignIn.person_id == person_id,
                col(DeskSignIn.created_at) > now - timedelta(hours=1),
            )
        ).one()
        if int(recent) >= CODES_PER_HOUR:
            log.warning(
                "desk code not sent to person %s: %s codes in the last hour", person_id, recent
            )
            return None
        attempt_hash = token_hash(asked.attempt)
        sent = enqueue(
            s,
            person_id=person_id,
            template=TEMPLATE,
            params={"code": code, "minutes": CODE_MINUTES},
            key=f"{TEMPLATE}:{attempt_hash}",
            due_at=now,
            now=now,
            private=False,  # sent at once: quiet hours (G11) hold private messages only
            district_id=district_id,
            caused_by=person_id,
        )
        if sent is None:
            log.warning("desk code not sent to person %s: no channel reaches him", person_id)
            return None
        row = DeskSignIn(
            person_id=person_id,
            attempt_hash=attempt_hash,
            code_hash=_code_digest(asked.attempt, code),
            channel=sent.channel,
            created_at=now,
            code_expires_at=now + timedelta(minutes=CODE_MINUTES),
        )
        s.add(row)
        s.flush()
        _event(s, "desk_code_sent", person_id, now, signin_id=row.id, channel=row.channel)
        return CodeSent(phone=asked.phone, code=code)


def pending_code(db: Reader, phone: str, *, now: datetime) -> PendingCode | None:
    """The newest code sent to the officer with this phone (in any form `normalise_phone`
    reads) that still works now: not used, not spent by wrong tries, not late; None if there is
    none. Read from the message that carries it (the outbox row its sending wrote): for the
    operator of an office no channel can deliver through (`pound desk code`, docs/desk.md)."""
    check_aware(now, "now")
    wanted = normalise_phone(phone)
    with db.reading() as s:
        person = s.exec(select(Person).where(Person.phone == wanted)).first()
        if person is None:
            return None
        found = s.exec(
            select(DeskSignIn, Outbox)
            .join(Outbox, col(Outbox.dedupe_key) == TEMPLATE + ":" + col(DeskSignIn.attempt_hash))
            .where(
                DeskSignIn.person_id == person.id,
                col(DeskSignIn.signed_in_at).is_(None),
                col(DeskSignIn.tries) < CODE_TRIES,
                col(DeskSignIn.code_expires_at) > now,
            )
            .order_by(col(DeskSignIn.created_at).desc(), col(DeskSignIn.id).desc())
        ).first()
        if found is None:
            return None
        row, message = found
        return PendingCode(
            code=str(message.params["code"]),
            name=person.name,
            phone=wanted,
            expires_at=row.code_expires_at,
        )


def _as_if_sent(asked_at: datetime | None, tried: int, now: datetime) -> CodeRefused:
    """The refusal a code sent at `asked_at` and tried `tried` times wrongly would get now: the
    answer to an attempt no code was sent for, so that it reads as any other."""
    if asked_at is None:
        return CodeRefused(N_("that code is not known; ask for a new one"), tried=tried)
    if tried >= CODE_TRIES:
        return _used_up(tried)
    if now > asked_at + timedelta(minutes=CODE_MINUTES):
        return _late(tried)
    return _wrong(tried + 1)


def _used_up(tried: int) -> CodeRefused:
    return CodeRefused(N_("that code is used up; ask for a new one"), tried=tried)


def _late(tried: int) -> CodeRefused:
    return CodeRefused(
        N_("that code is more than {minutes} minutes old; ask for a new one"),
        tried=tried,
        minutes=CODE_MINUTES,
    )


def _wrong(tried: int) -> CodeRefused:
    left = CODE_TRIES - tried
    if left > 0:
        return CodeRefused(N_("that code is wrong; {left} tries left"), tried=tried, left=left)
    return CodeRefused(N_("that code is wrong, and now used up; ask for a new one"), tried=tried)


def check_code(
    u: Unit,
    *,
    attempt: str,
    code: str,
    asked_at: datetime | None = None,
    tried: int = 0,
) -> str:
    """The session token the right code opens; a wrong, spent or late code is refused
    (CodeRefused): each wrong try is counted and audited, the fifth spends the code.

    An attempt no code was sent for (the phone was no officer's) is answered as a code sent
    when the browser asked (`asked_at`) and tried wrongly `tried` times (both kept in its
    cookie) would be, and nothing is written: the asker cannot tell it from an officer's.
    """
    now = u.now
    check_aware(now, "now")
    typed = "".join(ch for ch in (code or "") if not ch.isspace())
    digest = token_hash(attempt or "")
    with u.reading() as s:
        known = s.exec(select(DeskSignIn.id).where(DeskSignIn.attempt_hash == digest)).first()
    if known is None:  # read only: no writing transaction for it
        raise _as_if_sent(asked_at, tried, now)
    refused: CodeRefused | None = None
    with u.act() as s:
        row = s.exec(
            select(DeskSignIn).where(DeskSignIn.attempt_hash == digest).with_for_update()
        ).first()
        if row is None or row.id is None:
            refused = _as_if_sent(asked_at, tried, now)
        elif row.signed_in_at is not None or row.tries >= CODE_TRIES:
            log.info("desk code %s refused: used up", row.id)
            refused = _used_up(row.tries)
        elif now > row.code_expires_at:
            log.info("desk code %s refused: late", row.id)
            refused = _late(row.tries)
        elif not hmac.compare_digest(row.code_hash, _code_digest(attempt, typed)):
            row.tries += 1
            _event(
                s, "desk_code_refused", row.person_id, now, signin_id=row.id, reason="wrong_code"
            )
            refused = _wrong(row.tries)
        else:
            session = secrets.token_urlsafe(32)
            row.signed_in_at = now
            row.session_hash = token_hash(session)
            row.session_expires_at = now + timedelta(hours=SESSION_HOURS)
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
        (p.district_id, p.code): p
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
            # A pound's register name; a thana's (or no) place as it is.
            place_name=pound.name if pound is not None else str(g.place or ""),
            district_names=names_of(d),
            place_names=names_of(pound),
        )
        for g, d in rows
        for pound in [pounds.get((g.district_id, g.place))]
    )


def signed_in(db: Reader, *, session: str, now: datetime) -> SignedIn | None:
    """The person a live session belongs to, with his offices; None for no such session, one
    signed out, or one past its hours."""
    if not session or len(session) > 128:
        return None
    with db.reading() as s:
        row = s.exec(
            select(DeskSignIn).where(DeskSignIn.session_hash == token_hash(session))
        ).first()
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
        )


def sign_out(u: Unit, *, session: str) -> bool:
    """End a session; True if one was live."""
    now = u.now
    check_aware(now, "now")
    if not session or len(session) > 128:
        return False
    with u.act() as s:
        row = s.exec(
            select(DeskSignIn)
            .where(DeskSignIn.session_hash == token_hash(session))
            .with_for_update()
        ).first()
        if row is None or row.signed_out_at is not None:
            return False
        row.signed_out_at = now
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
