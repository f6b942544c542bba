"""The Darogah posts the notice of cattle not claimed and has the drum beaten (Sec VIII)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session

from law.accounts import long_date
from law.errors import N_, InvalidInput
from law.lifecycle import PostNotice
from law.periods import next_step_due, sale_not_before
from models import Notice, Pound, Seizure, Unit
from models.columns import id_of
from office import notify
from office.access.roles import Role
from office.acts.alike import on_seizure
from office.notify.params import notice_params


@dataclass(frozen=True)
class NoticePosted:
    ref: str
    notice_id: int
    text: str  # as the register keeps it
    sale_not_before: str
    params: dict[str, Any]  # the same notice as data, for the reader's language (`notice_params`)


def notice_text(s: Session, seizure: Seizure, pound: Pound) -> str:
    """The notice as the register keeps it (in English, the register's language; Sec VIII)."""
    p = notice_params(s, seizure, pound)
    counted = ", ".join(f"{k}: {n}" for k, n in p["animals_kinds"].items())
    described = "; ".join(
        f"{a['number']}. {a['kind']}, {a['description']}"
        for a in p["entry_animals"]
        if a["description"]
    )
    return (
        f"NOTICE under Section VIII of Act III of 1857. {p['heads']} head of cattle ({counted})"
        + (f" — {described}" if described else "")
        + f", seized at {p['place']}, {p['village']}, on {long_date(seizure.seized_on)}, are "
        f"impounded at {pound.name} (ref {seizure.ref}) and have not been claimed. If not "
        "claimed within seven days from the date of this notice they will be sold by public "
        "auction."
    )


def post_notice(
    u: Unit,
    *,
    ref: str,
    occurred_at: datetime,
    proclaimed_in: list[str],
) -> NoticePosted:
    """The Darogah posts the notice at the Police Office and has it proclaimed by beat of drum in
    the village and at the market place nearest to the place of seizure (Sec VIII)."""
    places = [p.strip()[:200] for p in proclaimed_in if p.strip()]

    def proclaimed(
        _: Seizure,
    ) -> None:  # asked only of one who may post it: one who may not is told so
        if len(places) < 2:
            raise InvalidInput(
                N_("name where the drum was beaten: the village and the nearest market place"),
                section="VIII",
            )

    with u.act() as s:
        a = on_seizure(s, u, ref, occurred_at, Role.DAROGAH, "VIII", then=proclaimed)
        seizure, pound, ctx, on = a.seizure, a.pound, a.ctx, a.on
        text = notice_text(s, seizure, pound)
        a.advance(PostNotice(on=on))
        seizure.noticed_at = occurred_at
        seizure.noticed_on = on
        seizure.sale_not_before = sale_not_before(on, ctx.profile)
        seizure.next_due_at = next_step_due(
            seizure.sale_not_before.fromordinal(seizure.sale_not_before.toordinal() - 1),
            ctx.profile,
            ctx.tz,
        )
        s.add(seizure)
        notice = Notice(
            seizure_id=id_of(seizure),
            district_id=seizure.district_id,
            darogah_id=u.actor(),
            posted_at=occurred_at,
            posted_on=on,
            text=text,
            proclaimed_in=places,
        )
        s.add(notice)
        s.flush()
        a.event("notice_posted", "VIII", notice_id=notice.id, text=text, proclaimed_in=places)
        # Messages: the owner hears the notice is up and when the sale may be held.
        notify.notice_posted(s, seizure, ctx, u.now)
        return NoticePosted(
            seizure.ref,
            id_of(notice),
            text,
            seizure.sale_not_before.isoformat(),
            notice_params(s, seizure, pound),
        )
