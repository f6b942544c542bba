"""The keeper's pages: today's work, the register, and the forms of his acts (Sec V-IX, G7).

Each form's POST calls the one office/ use case the API and the chat call for that act
(office/acts/keeper/); the Act's rules, and who may act, are decided there. A refusal is said
in the reader's language with the API's status for it, and nothing is changed; the answer to an
act links to its document to print (`/documents/{kind}/{ref}.pdf?lang=`, in the desk's language).
Amounts are written as the chat and the papers write money (bot/figures.py) and read in any
script's digits (office/views/amounts.py `read_amount`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter
from fastapi.responses import Response

from bot.figures import digits
from bot.words import KIND_LABELS
from law.errors import N_, InvalidInput, NotFound, PoundError
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.loss import record_loss
from office.acts.keeper.payment import record_payment
from office.acts.keeper.refusal import record_refusal
from office.views import keeper_desk, worklists
from office.views.amounts import money_for
from office.views.keeper_desk import pound_zone
from office.views.worklists import SeizureBrief
from webhook import spreadsheets
from webhook.desk.once import DeskFormRoute
from webhook.desk.render import page, refusal, said
from webhook.desk.session import Desk, DeskOf, Form, Official, act, person_of

router = APIRouter(prefix="/keeper", route_class=DeskFormRoute, include_in_schema=False)


def _when(d: Desk, pound: str, text: str | None) -> datetime:
    """The time the keeper typed (his district's local time), or now when left empty."""
    text = (text or "").strip()
    if not text:
        return d.now
    try:
        typed = datetime.fromisoformat(text)
    except ValueError:
        raise InvalidInput(N_("write the date and time like 2026-03-01 14:30")) from None
    if typed.tzinfo is None:
        typed = typed.replace(tzinfo=pound_zone(d.db, pound_code=pound))
    return typed


def _brief(d: Desk, who_id: int, ref: str) -> SeizureBrief:
    return worklists.seizure_brief(d.db, ref=ref.upper(), now=d.now, actor_id=who_id)


def _kinds(d: Desk, kinds: dict[str, int]) -> str:
    t = d.t
    return ", ".join(
        f"{digits(d.lang, str(n))} {t(KIND_LABELS.get(k, k))}" for k, n in kinds.items()
    )


def _common(d: Desk, pound: str) -> dict[str, Any]:
    try:
        system = money_for(d.db, pound=pound)  # the pound's district's money
    except PoundError:
        system = None  # no such pound: the page says so, and writes no amount
    return {"pound": pound.upper(), "kinds_text": lambda k: _kinds(d, k), "money": system}


@router.get("/{pound}")
def today(pound: str, d: DeskOf, who: Official) -> Response:
    """Today's work at the pound: arrivals expected, cattle held and what each owes today,
    claim periods run (to report unclaimed), payments taken today."""
    expected = worklists.expected_arrivals(d.db, pound_code=pound, actor_id=who.person_id)
    held = [
        _brief(d, who.person_id, item.ref)
        for item in worklists.in_pound(d.db, pound_code=pound, actor_id=who.person_id)
    ]
    run_out = keeper_desk.claim_run_out(d.db, pound_code=pound, actor_id=who.person_id, now=d.now)
    on = d.now.astimezone(pound_zone(d.db, pound_code=pound)).date()
    paid = keeper_desk.payments_on(d.db, pound_code=pound, actor_id=who.person_id, on=on)
    return page(
        d,
        "keeper_today.html",
        expected=expected,
        held=held,
        run_out=run_out,
        paid=paid,
        on=on,
        **_common(d, pound),
    )


@router.get("/{pound}/register")
def register(
    pound: str,
    d: DeskOf,
    who: Official,
    number: str = "",
    on: str = "",
    village: str = "",
    owner: str = "",
    kind: str = "",
) -> Response:
    """The Sec V register, searched by number, date, village, owner, kind."""
    asked = {"number": number, "on": on, "village": village, "owner": owner, "kind": kind}
    shown = {"asked": asked, "kinds": KIND_LABELS, **_common(d, pound)}
    try:
        try:
            number_n = int(number) if number.strip() else None
            on_d = date.fromisoformat(on) if on.strip() else None
        except ValueError:
            raise InvalidInput(
                N_("write the number as digits and the date like 2026-03-01")
            ) from None
        rows = keeper_desk.search_register(
            d.db,
            pound_code=pound,
            viewer_id=who.person_id,
            now=d.now,
            number=number_n,
            on=on_d,
            village=village,
            owner=owner,
            kind=kind,
        )
    except PoundError as exc:
        return refusal(d, exc, template="keeper_register.html", rows=[], **shown)
    return page(d, "keeper_register.html", rows=rows, **_this_month(d, pound), **shown)


@router.get("/{pound}/register.{fmt}")
def register_file(
    pound: str, fmt: str, d: DeskOf, who: Official, year: str = "", month: str = ""
) -> Response:
    """The register as a spreadsheet, XLSX or CSV, of a year or a month of it
    (webhook/spreadsheets.py), for the officers of the pound's district as the page is."""
    y, m = spreadsheets.period(year, month)
    book = spreadsheets.register_book(
        d.db, pound=pound, viewer_id=who.person_id, lang=d.lang, now=d.now, year=y, month=m
    )
    return spreadsheets.answer(book, fmt)


def _this_month(d: Desk, pound: str) -> dict[str, int]:
    """The pound's local year and month now, for the register's spreadsheets."""
    try:
        today = d.now.astimezone(pound_zone(d.db, pound_code=pound)).date()
    except PoundError:
        return {}
    return {"this_year": today.year, "this_month": today.month}


# --- the acts ---------------------------------------------------------------------------------

ACTS: dict[str, dict[str, str]] = {
    "arrival": {"title": N_("Register the arrival (Sec V)"), "document": "register-copy"},
    "payment": {"title": N_("Payment and release (Sec VII)"), "document": "receipt"},
    "refusal": {"title": N_("The owner refused to pay (Sec IX)"), "document": "register-copy"},
    "loss": {"title": N_("An animal died or escaped (practice G7)"), "document": "register-copy"},
}


def _form_page(
    d: Desk, who_id: int, pound: str, act: str, ref: str, status: int = 200, **extra: Any
) -> Response:
    try:
        brief = _brief(d, who_id, ref)
    except PoundError as exc:
        return refusal(d, exc)
    return page(
        d,
        f"keeper_{act}.html",
        status=status,
        act=act,
        title=ACTS[act]["title"],
        brief=brief,
        ref=brief.item.ref,
        now_local=d.now.astimezone(pound_zone(d.db, pound_code=pound)).strftime("%Y-%m-%dT%H:%M"),
        form=extra.pop("form", {}),
        **extra,
        **_common(d, pound),
    )


def _acted(
    d: Desk,
    who_id: int,
    pound: str,
    name: str,
    ref: str,
    form: dict[str, str],
    fn: Callable[..., Any],
    args: Callable[[], dict[str, Any]],
) -> Response:
    """Do the act `fn` on the seizure with the arguments `args` reads off the form, at the time
    typed (`_when`); a refusal shows the form again with it, as filled, and changes nothing."""
    try:
        done = act(d, fn, ref=ref.upper(), **args(), occurred_at=_when(d, pound, form.get("when")))
    except PoundError as exc:
        return _form_page(d, who_id, pound, name, ref, form=form, **said(d, exc))
    kind = ACTS[name]["document"]
    return page(
        d,
        "keeper_done.html",
        act=name,
        title=ACTS[name]["title"],
        ref=ref.upper(),
        done=done,
        # Printed in the desk's language: a keeper working in Hindi prints Hindi papers.
        document=f"/documents/{kind}/{ref.upper()}.pdf?{urlencode({'lang': d.lang})}",
        **_common(d, pound),
    )


@router.get("/{pound}/{act}/{ref}")
def act_form(pound: str, act: str, ref: str, d: DeskOf, who: Official) -> Response:
    if act not in ACTS:
        return refusal(d, NotFound(N_("no such page")))
    return _form_page(d, who.person_id, pound, act, ref)


@router.post("/{pound}/arrival/{ref}")
def arrival(pound: str, ref: str, d: DeskOf, who: Official, form: Form) -> Response:
    def args() -> dict[str, Any]:
        count_text = form.get("count", "").strip()
        try:
            count = int(count_text) if count_text else None
        except ValueError:
            raise InvalidInput(N_("write the number of head as digits")) from None
        descriptions = {
            int(k.removeprefix("describe_")): v.strip()
            for k, v in form.items()
            if k.startswith("describe_") and k.removeprefix("describe_").isdigit() and v.strip()
        }
        return dict(count=count, descriptions=descriptions or None, owner=person_of(form, "owner"))

    return _acted(d, who.person_id, pound, "arrival", ref, form, register_arrival, args)


def _animals(form: dict[str, str]) -> list[int] | None:
    picked = [
        int(k.removeprefix("animal_"))
        for k in form
        if k.startswith("animal_") and k.removeprefix("animal_").isdigit()
    ]
    return sorted(picked) or None


@router.post("/{pound}/payment/{ref}")
def payment(pound: str, ref: str, d: DeskOf, who: Official, form: Form) -> Response:
    def args() -> dict[str, Any]:
        return dict(
            amount=form.get("amount", "").strip(),
            payer=person_of(form, "payer"),
            animals=_animals(form),
            agent_name=form.get("agent_name", "").strip() or None,
            signature=form.get("signature", "").strip(),
        )

    return _acted(d, who.person_id, pound, "payment", ref, form, record_payment, args)


@router.post("/{pound}/refusal/{ref}")
def owner_refused(pound: str, ref: str, d: DeskOf, who: Official, form: Form) -> Response:
    def args() -> dict[str, Any]:
        return dict(owner=person_of(form, "owner"), note=form.get("note", ""))

    return _acted(d, who.person_id, pound, "refusal", ref, form, record_refusal, args)


@router.post("/{pound}/loss/{ref}")
def loss(pound: str, ref: str, d: DeskOf, who: Official, form: Form) -> Response:
    def args() -> dict[str, Any]:
        animal = form.get("animal", "").strip()
        if not animal.isdigit():
            raise InvalidInput(N_("choose the animal"))
        return dict(animal=int(animal), what=form.get("what", ""), reason=form.get("reason", ""))

    return _acted(d, who.person_id, pound, "loss", ref, form, record_loss, args)
