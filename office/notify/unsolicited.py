"""How many unknown numbers one private person's acts may have the office message in a day.

A private person's report names an owner the office may never have heard from; the office
messages at most `UNSOLICITED_PER_DAY` such numbers a day for him, and holds the rest (`held`,
never sent). Officers of the district, and messages to people who wrote to the office, are not
limited (docs/messages.md).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import Session, col, select

from models import Conversation, InboundMessage, Outbox, Person
from office.access.roles import district_standing
from office.records.counters import Counted, lock_count
from office.records.outbox import HELD

# How many numbers the office has never heard from one private person's acts may have it
# message in any 24 hours (POUND_UNSOLICITED_PER_DAY sets it); the rest are held, not sent.
UNSOLICITED_PER_DAY = 5
UNSOLICITED_WINDOW = timedelta(days=1)


def _addresses(person: Person) -> list[str]:
    found = []
    if person.phone:
        found += [person.phone, f"whatsapp:{person.phone}"]
    if person.telegram_id is not None:
        found.append(str(person.telegram_id))
    return found


def _officer(s: Session, person_id: int | None, district_id: int | None) -> bool:
    """Whether the person holds an office in the district."""
    if person_id is None or district_id is None:
        return False
    return district_standing(s, person_id, district_id).official


def heard_from(s: Session, person: Person, district_id: int | None) -> bool:
    """Whether the office knows this person's number: a message ever came from it (by SMS,
    WhatsApp or Telegram), or he is an officer in the district's file."""
    if _officer(s, person.id, district_id):
        return True
    addresses = _addresses(person)
    if not addresses:
        return False
    inbound = s.exec(
        select(InboundMessage.id).where(col(InboundMessage.address).in_(addresses)).limit(1)
    ).first()
    if inbound is not None:
        return True
    # The console and a chat before its first logged update leave a conversation, not a log.
    chat = s.exec(
        select(Conversation.id).where(col(Conversation.address).in_(addresses)).limit(1)
    ).first()
    return chat is not None


def unsolicited_hold(
    s: Session,
    caused_by: int | None,
    person: Person,
    district_id: int | None,
    now: datetime,
    per_day: int,
) -> str | None:
    """Why a message to `person` caused by `caused_by`'s act is held, or None to send it.

    Only a private person's act is limited, and only its messages to numbers the office has
    never heard from: an officer of the district answers for whom he names, and nobody is
    limited in messages to himself or to people who have written to the office. Such a person
    may have the office message `per_day` unknown numbers in any 24 hours; a number already
    messaged in that time keeps getting its messages (and one held stays held).

    The count is taken under the lock of his count (`lock_count`), held until this act commits
    the row it decides: two of his acts at once take turns, the second counting the first's.
    """
    if caused_by is None or person.id is None or person.id == caused_by:
        return None
    if _officer(s, caused_by, district_id):
        return None
    if heard_from(s, person, district_id):
        return None
    lock_count(s, Counted.UNSOLICITED, caused_by)
    recent = s.exec(
        select(Outbox.person_id, Outbox.state).where(
            Outbox.caused_by == caused_by,
            col(Outbox.created_at) > now - UNSOLICITED_WINDOW,
            col(Outbox.person_id).is_not(None),
            Outbox.person_id != caused_by,
        )
    ).all()
    reason = (
        f"held: a private person may have the office message {per_day} numbers it has not "
        "heard from in 24 hours; this one was not sent"
    )
    mine = {state for pid, state in recent if pid == person.id}
    if mine:
        return reason if mine == {HELD.value} else None
    messaged = {pid for pid, state in recent if state != HELD.value and pid != person.id}
    unknown = 0
    for pid in sorted(p for p in messaged if p is not None):
        other = s.get(Person, pid)
        if other is not None and not heard_from(s, other, district_id):
            unknown += 1
    return reason if unknown >= per_day else None
