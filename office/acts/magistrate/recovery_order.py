"""The Magistrate orders an adjudged, unpaid Sec XVII fine recovered by sale of the cattle by
which the trespass was committed; the Darogah of the thana whose pound serves their village holds
the sale (office/acts/darogah/recovery_sale.py). The ruling on which fines: office/recovery.py."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session

from law.cases import CaseKind
from law.errors import N_, NotFound
from law.kinds import resolve_kind
from law.periods import local_date
from law.recovery import check_cattle_named, check_recoverable
from models import Case, Pound, RecoveryOrder, Unit, Village
from models.columns import id_of
from models.db import Reader
from office import notify
from office.access.roles import Role, require_role
from office.acts.alike import magistrate, named, tell_parties
from office.acts.complainant.case import check_village_under_act
from office.district import DistrictContext, district_context, find_village, names_of
from office.inputs import AnimalsIn, PersonIn
from office.notify.queueing import send
from office.people import get_person
from office.recovery import ORDERED, locked_case, open_order
from office.views.case import recovered


@dataclass(frozen=True)
class RecoveryOrdered:
    case_id: int
    order_id: int
    fine_due: int
    thana: str
    cattle: list[dict[str, Any]]


def order_recovery(
    u: Unit,
    *,
    case_id: int,
    cattle: list[AnimalsIn],
    place: str,
    occurred_at: datetime,
    village: str | None = None,
    owner: PersonIn | None = None,
) -> RecoveryOrdered:
    """The Magistrate of the district orders an adjudged, unpaid Sec XVII fine recovered by sale
    of the cattle by which the trespass was committed (Sec XVII): their kind, number and
    description, and where they are (`village`, by default the case's, and `place`). `owner` is
    whose they are, if not the convicted person's: the balance of the sale goes back to him.
    The Darogah or police of the thana whose pound serves that village hold the sale.
    """
    check_cattle_named([group.count for group in cattle], place)
    with u.act() as s:
        case = locked_case(s, case_id)
        after = case.decided_at or case.filed_at
        m = magistrate(s, u, case.district_id, "XVII", occurred_at, after)
        ctx = m.ctx
        due = _unpaid_fine(s, case)
        here, pound = where(s, case, ctx, village)
        listed = _listed(cattle, ctx)
        # Whose the cattle are: the convicted person's unless another is named (Sec XVII).
        owner_p = get_person(s, case.accused_id) if owner is None else named(s, owner, u.now)
        order = RecoveryOrder(
            case_id=case_id,
            district_id=ctx.id,
            ordered_by=u.actor(),
            ordered_at=occurred_at,
            fine_due=due,
            cattle=listed,
            village_id=id_of(here),
            place=place.strip(),
            thana=pound.thana,
            owner_id=id_of(owner_p),
            status=ORDERED,
        )
        s.add(order)
        s.flush()
        m.event(
            "recovery_ordered",
            f"case:{case_id}",
            "XVII",
            order_id=order.id,
            fine_due=due,
            cattle=listed,
            village=here.name,
            place=order.place,
            thana=order.thana,
            owner_id=order.owner_id,
        )
        # The convict, the complainant, the owner if another, and the Darogah of the thana.
        params = {
            "case_id": case.id,
            **notify.amounts(
                ctx, fine=case.fine, due=order.fine_due, compensation=case.compensation
            ),
            "cattle_animals": order.cattle,
            **notify.place_params("village", here),
            "place": order.place,
            "convict": notify.person_param(s, case.accused_id),
            "ordered_date": local_date(order.ordered_at, ctx.tz).isoformat(),
            "section": "XVII",
        }
        key = f"case:{case.id}:{order.id}"
        tell_parties(s, ctx, case, order, "recovery_ordered", params=params, key=key, now=u.now)
        for officer in notify.officers(s, ctx.id, Role.DAROGAH, order.thana):
            darogah = "recovery_ordered_darogah"
            send(s, None, ctx, officer, darogah, params=params, key=key, now=u.now, private=False)
        return RecoveryOrdered(case_id, id_of(order), due, order.thana, listed)


def _unpaid_fine(s: Session, case: Case) -> int:
    """What is unpaid of the case's fine, once the law finds it recoverable by sale."""
    unpaid = case.fine - recovered(s, id_of(case)).fine
    check_recoverable(
        id_of(case),
        pigs=CaseKind(case.kind) is CaseKind.PIGS,
        adjudged=case.status == "convicted" and case.fine > 0,
        unpaid=unpaid,
        order_waiting=open_order(s, id_of(case)) is not None,
    )
    return unpaid


def where(
    s: Session, case: Case, ctx: DistrictContext, village: str | None
) -> tuple[Village, Pound]:
    """The village where the cattle are (the case's unless named), in the case's district and
    under the Act (Sec XX), and the pound serving it: its thana holds the sale."""
    if village is None or not village.strip():
        here = s.get(Village, case.village_id)
        if here is None:
            raise NotFound(N_("no village {village_id}"), said={"village_id": case.village_id})
    else:
        here = find_village(s, village, ctx.district.code)
    check_village_under_act(s, here)
    pound = s.get(Pound, here.pound_id) if here.pound_id is not None else None
    if pound is None:
        raise NotFound(
            N_("no pound and thana serve {village}"), section="III", said={"village": here.name}
        )
    return here, pound


def recovery_village(
    db: Reader, *, case_id: int, village: str, actor_id: int
) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The name of the village where the cattle to be sold are (and its names in other scripts,
    by language), checked as the order will check it (the case's district, not excluded, served
    by a pound), for the Magistrate's chat."""
    with db.reading() as s:
        case = s.get(Case, case_id)
        if case is None:
            raise NotFound(N_("no case {case_id}"), said={"case_id": case_id})
        require_role(s, actor_id, case.district_id, Role.MAGISTRATE, None, section="XVII")
        here, _ = where(s, case, district_context(s, case.district_id), village)
        return here.name, names_of(here)


def _listed(cattle: list[AnimalsIn], ctx: DistrictContext) -> list[dict[str, Any]]:
    """The order's cattle, one numbered head a line, by the kinds of the scale."""
    kinds = [resolve_kind(g.kind, ctx.profile.aliases) for g in cattle]
    listed: list[dict[str, Any]] = []
    for group, kind in zip(cattle, kinds, strict=True):
        for _ in range(group.count):
            listed.append(
                {
                    "number": len(listed) + 1,
                    "kind": kind.value,
                    "stated_kind": group.kind.strip().lower()[:32],
                    "description": group.description.strip()[:500],
                }
            )
    return listed
