"""The Magistrate orders cattle released without fine (Sec VI, XXI); deciding a complaint that
the seizure was illegal, he orders the same (XIV, office/acts/magistrate/complaint.py)."""

from __future__ import annotations

from datetime import datetime

from law.custody import check_release_reason, check_some_held
from law.grounds import Release
from law.lifecycle import OrderRelease
from models import ReleaseOrder, Unit
from models.columns import id_of
from office import notify
from office.access.roles import Role
from office.acts.alike import OnSeizure, on_seizure
from office.people import get_person
from office.state import chosen_numbers, clear_due_if_closed


def order_release(
    u: Unit,
    *,
    ref: str,
    reason: str,
    occurred_at: datetime,
    animals: list[int] | None = None,
    authority: str = "",
) -> int:
    """Release without fine by order of competent authority: the Magistrate (Sec VI, XXI)."""
    check_release_reason(reason)
    with u.act() as s:
        a = on_seizure(s, u, ref, occurred_at, Role.MAGISTRATE, "VI")
        seizure = a.seizure
        chosen = chosen_numbers(a.rows, animals)
        check_some_held(chosen)
        why = f"released by order: {reason.strip()[:400]}"
        a.advance(OrderRelease(on=a.on, animal_ids=tuple(chosen)), reason=why)
        by = authority or get_person(s, u.actor()).name + ", Magistrate"
        order_id = write_release_order(
            a, reason=reason, authority=by, numbers=chosen, complaint_id=None
        )
        # Messages: the seizer and the owner hear of the release by order (Sec VI).
        notify.released(
            s,
            seizure,
            a.ctx,
            how=Release.BY_ORDER,
            key=f"order{order_id}",
            numbers=chosen,
            at=occurred_at,
            now=u.now,
        )
        return order_id


def write_release_order(
    a: OnSeizure, *, reason: str, authority: str, numbers: list[int], complaint_id: int | None
) -> int:
    """The order itself (Sec VI, XIV), once the animals' release is applied."""
    seizure = a.seizure
    order = ReleaseOrder(
        seizure_id=id_of(seizure),
        district_id=seizure.district_id,
        ordered_by=a.u.actor(),
        authority=authority[:200],
        reason=reason.strip()[:2000],
        complaint_id=complaint_id,
        animal_ids=numbers,
        occurred_at=a.at,
        recorded_by=a.u.actor(),
    )
    a.s.add(order)
    a.s.flush()
    a.event(
        "release_ordered",
        "XIV" if complaint_id else "VI",
        order_id=order.id,
        animals=numbers,
        authority=order.authority,
        reason=order.reason,
        complaint_id=complaint_id,
    )
    clear_due_if_closed(seizure)
    return id_of(order)
