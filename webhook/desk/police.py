"""The police's page: aid requests and conveyances to confirm (Sec II, XVI).

The confirmation calls office/acts/police/conveyance.py `confirm_conveyance`, as the API and the
chat do; whether this officer may confirm it is decided there."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from law.errors import N_, PoundError
from office.acts.police.conveyance import confirm_conveyance
from office.views import worklists
from webhook.desk.once import DeskFormRoute
from webhook.desk.render import page, refusal, said
from webhook.desk.session import Desk, DeskOf, Form, Official, act

router = APIRouter(prefix="/police", route_class=DeskFormRoute, include_in_schema=False)
TITLE = N_("Conveyance to the pound confirmed (Sec II)")


def _page(d: Desk, who_id: int, thana: str, status: int = 200, **extra: object) -> Response:
    try:
        aid = worklists.open_aid_requests(d.db, thana=thana, actor_id=who_id)
        convey = worklists.awaiting_conveyance(d.db, thana=thana, actor_id=who_id)
    except PoundError as exc:
        return refusal(d, exc)
    return page(
        d, "police.html", status=status, thana=thana.upper(), aid=aid, convey=convey, **extra
    )


@router.get("/{thana}")
def police(thana: str, d: DeskOf, who: Official) -> Response:
    """Aid requests not yet answered and conveyances not yet confirmed at the thana's pounds."""
    return _page(d, who.person_id, thana)


@router.post("/{thana}/conveyance/{ref}")
def confirm(thana: str, ref: str, d: DeskOf, who: Official, form: Form) -> Response:
    try:
        act(
            d,
            confirm_conveyance,
            ref=ref.upper(),
            note=form.get("note", "").strip(),
            occurred_at=d.now,
        )
    except PoundError as exc:
        return _page(d, who.person_id, thana, **said(d, exc))
    return _page(d, who.person_id, thana, confirmed=ref.upper())
