"""Who is acting in the open unit of work: the person whose act causes the messages it queues.

The record is the unit's own (models/unit.py `Unit.acting`): each `Unit` starts with nobody
acting, so a message handled in a unit shared with others (the webhooks' group commit) names its
own actor. Every act appends its audit event with its actor (office/audit.py), which notes him
here; the outbox rows queued after it carry him as `caused_by`, and a row queued before any act
of the unit was recorded takes the actor of the first one that is. An act is recorded with the
session it writes in, so the record is reached through the session's pointer to it.
"""

from __future__ import annotations

from sqlmodel import Session

from models.acting import Acting
from models.deferred import DeferringSession
from models.messaging import Outbox
from office import outbox


def _acting(s: Session) -> Acting | None:
    """The record of the unit of work `s` serves (none for the outbox sender's row writes)."""
    return s.acting if isinstance(s, DeferringSession) else None


def note_actor(s: Session, actor_id: int | None) -> None:
    """The act being recorded is `actor_id`'s: so are the messages it queued so far."""
    acting = _acting(s)
    if acting is None:
        return
    acting.actor_id = actor_id
    waiting, acting.waiting = acting.waiting, []
    outbox.attribute(s, waiting, actor_id)


def actor(s: Session) -> int | None:
    """The person acting in this unit of work, once his act has been recorded."""
    acting = _acting(s)
    return acting.actor_id if acting is not None else None


def wait_for_actor(s: Session, row: Outbox) -> None:
    """A row queued before its act was recorded takes the act's actor when it is."""
    acting = _acting(s)
    if acting is not None:
        acting.waiting.append(row)
