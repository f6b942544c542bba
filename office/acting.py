"""Who is acting in the open unit of work: the person whose act causes the messages it queues.

Every act appends its audit event with its actor (office/audit.py) before it queues its
messages; the outbox rows it writes then carry that person as `caused_by`. A row queued before
any act of the unit of work was recorded takes the actor of the first one that is. A message
handled in a unit of work shared with others (the webhooks' group commit, models/work.py)
starts afresh. It is kept with the unit's session, which is what the acts that record it
(office/audit.py) and the messages that name it (office/notify.py) are handed.
"""

from __future__ import annotations

from sqlmodel import Session

from office import outbox

_ACTOR = "pound.acting.actor_id"


def note_actor(s: Session, actor_id: int | None) -> None:
    """The act being recorded is `actor_id`'s: so are the messages it queued so far."""
    s.info[_ACTOR] = actor_id
    outbox.attribute_waiting(s, actor_id)


def forget(s: Session) -> None:
    """A new message begins in a unit of work shared with others (the webhooks' group commit):
    nothing it queues is the act of whoever acted before it."""
    s.info.pop(_ACTOR, None)
    outbox.forget_waiting(s)


def actor(s: Session) -> int | None:
    """The person acting in this unit of work, once his act has been recorded."""
    value = s.info.get(_ACTOR)
    return value if isinstance(value, int) else None
