"""What an animal outside the Sec VI scale tells (practice G4): the Magistrates that an order is
needed, the keeper that it is made."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from sqlmodel import Session

from models import KindOrder, Seizure
from office.access.roles import Role
from office.district import DistrictContext
from office.notify.params import kinds, seizure_params
from office.notify.queueing import tell_officers
from office.state import animals_of


def kind_order_needed(
    s: Session, seizure: Seizure, ctx: DistrictContext, *, kinds: Mapping[str, int], now: datetime
) -> None:
    """Practice G4: the district's Magistrates hear that a seizure brought in animals outside
    the Sec VI scale, which the keeper can register only on their order."""
    params = {**seizure_params(s, seizure, ctx), "animals_kinds": dict(kinds), "section": "G4"}
    tell_officers(
        s,
        seizure,
        ctx,
        Role.MAGISTRATE,
        "kind_order_needed",
        params=params,
        key="reported",
        now=now,
    )


def kind_ordered(
    s: Session, seizure: Seizure, ctx: DistrictContext, *, order_id: int, now: datetime
) -> None:
    """Practice G4: the keeper hears that the Magistrate has ordered the fine and feeding of
    the animals outside the scale, so he may now register the seizure (Sec V)."""
    rows = [a for a in animals_of(s, seizure) if a.order_id == order_id]
    # Queued before the order's audit event: caused by the Magistrate who made the order.
    order = s.get(KindOrder, order_id)
    params = {**seizure_params(s, seizure, ctx), "animals_kinds": kinds(rows), "section": "G4"}
    by = order.ordered_by if order is not None else None
    key = f"order{order_id}"
    tell_officers(
        s, seizure, ctx, Role.KEEPER, "kind_ordered", params=params, key=key, now=now, caused_by=by
    )
