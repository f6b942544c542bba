"""The Darogah's pages: unclaimed reports and the notices to post, notices counting down, sales
due, and the sale with its account (Sec VIII, IX, X, XI).

Each page reads and acts through office/ alone: the worklists check he is the Darogah of the
thana, the acts check everything the Act asks (who may buy at the sale, Sec X, is decided in
law/ and applied by office/acts/darogah/auction.py). A refusal is said on the page in his language
with the status the API gives it, and changes nothing.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import APIRouter
from fastapi.responses import Response

from law.errors import PoundError
from office import inputs
from office.access.roles import Role
from office.acts.darogah import auction as sales
from office.acts.darogah import notice as notice_module
from office.inputs import PersonIn
from office.views import worklists
from office.views.amounts import money_for
from office.views.lookup import match_village
from webhook.desk.officials_view import acted, refused_on_form, show
from webhook.desk.once import DeskFormRoute
from webhook.desk.render import written
from webhook.desk.session import DeskOf, Form, Official, act

router = APIRouter(route_class=DeskFormRoute, include_in_schema=False)

ROLES = (Role.DAROGAH,)


def _lists(d: Any, thana: str, who: int) -> dict[str, Any]:
    return {
        "unclaimed": worklists.awaiting_notice(d.db, thana=thana, actor_id=who),
        "posted": worklists.notices_posted(d.db, thana=thana, now=d.now, actor_id=who),
        "due": worklists.sales_due(d.db, thana=thana, now=d.now, actor_id=who),
    }


@router.get("/darogah/{thana}")
def darogah_home(thana: str, d: DeskOf, who: Official, posted: str = "") -> Response:
    """Reports of cattle unclaimed for seven days, each with its notice to post; notices posted
    and the day their sale may be held; sales due now (Sec VIII, IX)."""
    lists = _lists(d, thana, who.person_id)
    return show(d, "darogah/home.html", thana=thana, done_notice=posted, **lists)


@router.post("/darogah/{thana}/notice/{ref}")
def darogah_notice(thana: str, ref: str, d: DeskOf, who: Official, form: Form) -> Response:
    """The notice posted at the thana and proclaimed by beat of drum in the village and at the
    nearest market place (Sec VIII). A village of the district typed in its own script is
    written as the register names it, as the chat writes it."""
    typed = form.get("village", "")
    village, _ = match_village(d.db, typed) if typed.strip() else (None, [])
    places = [village.name if village is not None else typed, form.get("market", "")]
    return acted(
        d,
        lambda: act(d, notice_module.post_notice, ref=ref, proclaimed_in=places, occurred_at=d.now),
        f"/desk/darogah/{quote(thana)}?posted={quote(ref)}",
        "darogah/home.html",
        lambda: _lists(d, thana, who.person_id),
        thana=thana,
        done_notice="",
        failed_ref=ref,
        sent=form,
    )


def _sale_page(d: Any, thana: str, ref: str, who: int, **context: Any) -> Response:
    brief = worklists.seizure_brief(d.db, ref=ref, now=d.now, actor_id=who, roles=ROLES)
    money = money_for(d.db, seizure_ref=ref)
    return show(
        d,
        "darogah/sale.html",
        thana=thana,
        brief=brief,
        money=money,
        example=written(d, 48, money),
        **context,
    )


@router.get("/darogah/{thana}/sale/{ref}")
def darogah_sale_form(thana: str, ref: str, d: DeskOf, who: Official) -> Response:
    """The sale's form: a lot per head held, its buyer and price; the expenses; the place."""
    return _sale_page(d, thana, ref, who.person_id, sent={})


def _lots(form: dict[str, str]) -> list[inputs.LotIn]:
    numbers = sorted(k.removeprefix("sell-") for k in form if k.startswith("sell-"))
    return [
        inputs.LotIn(
            animal=int(number),
            buyer=PersonIn(
                name=form.get(f"buyer-{number}", ""),
                residence=form.get(f"residence-{number}", ""),
                phone=form.get(f"phone-{number}", "").strip() or None,
            ),
            price=form.get(f"price-{number}", "").strip() or "0",
        )
        for number in numbers
        if number.isdigit()
    ]


@router.post("/darogah/{thana}/sale/{ref}")
def darogah_sale(thana: str, ref: str, d: DeskOf, who: Official, form: Form) -> Response:
    """The auction recorded as the API records it (office/acts/darogah/auction.py `record_sale`):
    the account of the sale answers, with its document to print."""
    try:
        done = act(
            d,
            sales.record_sale,
            ref=ref,
            lots=_lots(form),
            expenses=form.get("expenses", "").strip() or "0",
            place=form.get("place", ""),
            occurred_at=d.now,
        )
    except PoundError as exc:

        def read() -> dict[str, Any]:
            brief = worklists.seizure_brief(
                d.db, ref=ref, now=d.now, actor_id=who.person_id, roles=ROLES
            )
            return {"brief": brief, "example": money_for(d.db, seizure_ref=ref).format(48)}

        return refused_on_form(d, exc, "darogah/sale.html", read, thana=thana, sent=form)
    money = money_for(d.db, seizure_ref=ref)  # the page's amounts
    return show(
        d,
        "darogah/sold.html",
        thana=thana,
        done=done,
        money=money,
        account_pdf=f"/documents/account/{quote(done.ref)}.pdf",
    )
