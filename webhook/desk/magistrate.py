"""The Magistrate's pages: complaints (admit with a summons, decide), release orders, cases, the
fund and its statement, the feeding rates, the district file, the monthly returns, the district
in charts (Sec VI, VII, XII, XIV, XVII, XVIII).

Each page reads and acts through office/ alone, with the same use cases as the API: they check
he is the Magistrate of the district and everything else the Act asks. A refusal is said on the
page in his language with the status the API gives it, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import Any
from urllib.parse import quote
from zoneinfo import ZoneInfo

from fastapi import APIRouter
from fastapi.responses import Response

from law.errors import N_, InvalidInput, NotAuthorised
from law.periods import local_date
from office.access.desk_signin import SignedIn
from office.acts.magistrate import case as cases
from office.acts.magistrate import complaint as complaints
from office.acts.magistrate import surplus
from office.acts.magistrate.feeding_rate import fix_feeding_rate
from office.acts.magistrate.fines_paid import record_case_fine_paid
from office.acts.magistrate.fund_payment import pay_from_fund
from office.acts.magistrate.release import order_release
from office.records import memos
from office.views import district_desk, worklists
from office.views.amounts import money_for
from office.views.case import case_view_as
from office.views.district_desk import district_rates
from office.views.district_figures import district_figures
from office.views.fund_statement import fund_desk, fund_view_as
from webhook import spreadsheets
from webhook.charts import district_charts, period_name
from webhook.desk.officials_view import acted, show
from webhook.desk.once import DeskFormRoute
from webhook.desk.render import written
from webhook.desk.session import Desk, DeskOf, Form, Official, act, person_of

router = APIRouter(route_class=DeskFormRoute, include_in_schema=False)

PREFIX = "/desk/magistrate"
MONTHS = 6  # the returns offered: this month and the five before it


def _base(code: str) -> str:
    return f"{PREFIX}/{quote(code.strip().upper())}"


def _answer(d: Desk, page: str, built: dict[str, Any], **context: Any) -> Response:
    """The page magistrate/`page`.html, of what office/ reads (`built`)."""
    return show(d, f"magistrate/{page}.html", **built, **context)


def _district(d: Desk, code: str, who: int) -> dict[str, Any]:
    district_id, district_code, name, names = district_desk.district_of(
        d.db, code=code, actor_id=who
    )
    return {
        "district_id": district_id,
        "code": district_code,
        "name": name,
        "names": names,  # the district's in other scripts, by language
        "base": _base(code),
        "money": money_for(d.db, district=district_code),
    }


def _amount(text: str) -> str:
    """An amount as typed on a form, read in its district's money by the act (none: 0)."""
    return text.strip() or "0"


# --- The Magistrate's desk ------------------------------------------------------------------------


@router.get("/magistrate/{code}")
def magistrate_home(code: str, d: DeskOf, who: Official) -> Response:
    here = _district(d, code, who.person_id)
    pending = worklists.pending_complaints(
        d.db, district_id=here["district_id"], actor_id=who.person_id
    )
    return _answer(d, "home", here, pending=len(pending))


# --- Complaints (Sec XIV) -------------------------------------------------------------------------


def _complaints(d: Desk, code: str, who: int) -> dict[str, Any]:
    here = _district(d, code, who)
    items = worklists.pending_complaints(d.db, district_id=here["district_id"], actor_id=who)
    money = money_for(d.db, district=code)
    # Sec XIV, G12: beside the expenses he claims, what the decision repays him already.
    counted = {
        c.id: money.format(complaints.counted_already(d.db, complaint_id=c.id)) for c in items
    }
    return {**here, "complaints": items, "counted": counted}


@router.get("/magistrate/{code}/complaints")
def magistrate_complaints(code: str, d: DeskOf, who: Official, done: str = "") -> Response:
    """The complaints of the district awaiting him, oldest first: each to admit with a summons
    to the seizer, or to decide (Sec XIV; G15)."""
    return _answer(d, "complaints", _complaints(d, code, who.person_id), done=done, sent={})


def _acted_on(
    d: Desk,
    code: str,
    who: SignedIn,
    form: dict[str, str],
    page: str,
    do: Callable[[], Any],
    to: str | Callable[[Any], str | Response],
    **extra: Any,
) -> Response:
    """An act (`do`) from the page magistrate/`page`.html: done, on `to` (`acted`); refused, that
    page again with the refusal and the form as it was sent."""
    read = {"complaints": _complaints, "releases": _releases, "fund": _fund, "rates": _rates}[page]
    template = f"magistrate/{page}.html"
    reread = lambda: read(d, code, who.person_id)  # noqa: E731
    return acted(d, do, to, template, reread, done="", sent=form, **extra)


@router.post("/magistrate/{code}/complaints/{complaint_id}/admission")
def magistrate_admission(
    code: str, complaint_id: int, d: DeskOf, who: Official, form: Form
) -> Response:
    hearing = form.get("hearing", "")
    do = lambda: act(  # noqa: E731
        d, complaints.admit_complaint, complaint_id=complaint_id, hearing=hearing, occurred_at=d.now
    )
    to = f"{_base(code)}/complaints?done=admitted-{complaint_id}"
    return _acted_on(d, code, who, form, "complaints", do, to, failed=complaint_id)


@router.post("/magistrate/{code}/complaints/{complaint_id}/decision")
def magistrate_decision(
    code: str, complaint_id: int, d: DeskOf, who: Official, form: Form
) -> Response:
    do = lambda: act(  # noqa: E731
        d,
        complaints.decide_complaint,
        complaint_id=complaint_id,
        outcome=form.get("outcome", ""),
        reasons=form.get("reasons", ""),
        damages=_amount(form.get("damages", "")),
        expenses=_amount(form.get("expenses", "")),
        expenses_besides_repaid=form.get("expenses_besides_repaid") == "yes",
        occurred_at=d.now,
    )

    def decided(done: Any) -> Response:
        ref = worklists.complaint_detail(d.db, complaint_id=complaint_id, actor_id=who.person_id)
        return show(
            d,
            "magistrate/decided.html",
            ref=ref.ref,
            base=_base(code),
            done=done,
            money=money_for(d.db, complaint_id=complaint_id),  # the page's amounts
            # A decision's paper is known by its complaint's number (docs/documents.md).
            decision_pdf=f"/documents/decision/{complaint_id}.pdf",
        )

    return _acted_on(d, code, who, form, "complaints", do, decided, failed=complaint_id)


# --- Release orders (Sec VI) ------------------------------------------------------------------


def _releases(d: Desk, code: str, who: int) -> dict[str, Any]:
    here = _district(d, code, who)
    return {
        **here,
        "held": worklists.held_in_district(d.db, district_id=here["district_id"], actor_id=who),
        "orders": district_desk.release_orders(d.db, district=code, actor_id=who),
    }


@router.get("/magistrate/{code}/releases")
def magistrate_releases(code: str, d: DeskOf, who: Official, done: str = "") -> Response:
    """Cattle held in the district, to release without fine by his order, and the orders made."""
    return _answer(d, "releases", _releases(d, code, who.person_id), done=done, sent={})


def _numbers(text: str) -> list[int] | None:
    words = text.replace(",", " ").split()
    if not words:
        return None
    if not all(w.isdigit() for w in words):
        raise InvalidInput(N_("write the numbers of the animals, like 1, 3"), section="VI")
    return [int(w) for w in words]


@router.post("/magistrate/{code}/releases")
def magistrate_release(code: str, d: DeskOf, who: Official, form: Form) -> Response:
    ref = form.get("ref", "").strip()
    do = lambda: act(  # noqa: E731
        d,
        order_release,
        ref=ref,
        reason=form.get("reason", ""),
        animals=_numbers(form.get("animals", "")),
        occurred_at=d.now,
    )
    return _acted_on(
        d, code, who, form, "releases", do, f"{_base(code)}/releases?done={quote(ref)}"
    )


# --- Cases (Sec XVII, XVIII) --------------------------------------------------------------------


@router.get("/magistrate/{code}/cases")
def magistrate_cases(code: str, d: DeskOf, who: Official) -> Response:
    found = district_desk.district_cases(d.db, district=code, actor_id=who.person_id)
    return _answer(d, "cases", _district(d, code, who.person_id), cases=found)


def _case(d: Desk, code: str, case_id: int, who: int) -> dict[str, Any]:
    here = _district(d, code, who)
    return {**here, "case": case_view_as(d.db, case_id=case_id, viewer_id=who)}


@router.get("/magistrate/{code}/cases/{case_id}")
def magistrate_case(code: str, case_id: int, d: DeskOf, who: Official) -> Response:
    """The record of a case, and his decision on it (Sec XVII, XVIII; the set-off, XIX)."""
    return _answer(d, "case", _case(d, code, case_id, who.person_id), sent={})


@router.post("/magistrate/{code}/cases/{case_id}/decision")
def magistrate_case_decision(
    code: str, case_id: int, d: DeskOf, who: Official, form: Form
) -> Response:
    return _case_acted(
        d,
        code,
        case_id,
        who.person_id,
        form,
        cases.decide_case,
        convicted=form.get("convicted") == "yes",
        reasons=form.get("reasons", ""),
        fine=_amount(form.get("fine", "")),
        compensation=_amount(form.get("compensation", "")),
    )


@router.post("/magistrate/{code}/cases/{case_id}/fine-paid")
def magistrate_case_fine_paid(
    code: str, case_id: int, d: DeskOf, who: Official, form: Form
) -> Response:
    """The fine of a case paid to him: the compensation first, the rest into the fund (Sec XII,
    XVIII)."""
    amount = _amount(form.get("amount", ""))
    return _case_acted(d, code, case_id, who.person_id, form, record_case_fine_paid, amount=amount)


def _case_acted(
    d: Desk,
    code: str,
    case_id: int,
    who: int,
    form: dict[str, str],
    fn: Callable[..., Any],
    **kw: Any,
) -> Response:
    """The act `fn` on the case, done now, from the case's page: the page again, or the refusal
    said on it."""
    do = lambda: act(d, fn, case_id=case_id, **kw, occurred_at=d.now)  # noqa: E731
    read = lambda: _case(d, code, case_id, who)  # noqa: E731
    return acted(d, do, f"{_base(code)}/cases/{case_id}", "magistrate/case.html", read, sent=form)


# --- The fund (Sec XII) -------------------------------------------------------------------------


def _fund(d: Desk, code: str, who: int) -> dict[str, Any]:
    [fund] = fund_view_as(d.db, viewer_id=who, district=code)["districts"]
    try:
        # The payment form for the Magistrate alone; the other officers of the district read
        # the statement, as the API lets them.
        district_id = district_desk.district_of(d.db, code=code, actor_id=who)[0]
        desk_ = fund_desk(d.db, district_id=district_id, actor_id=who, now=d.now)
    except NotAuthorised:
        desk_ = None
    return {
        "code": fund["district"],
        "base": _base(code),
        "fund": fund,
        "desk": desk_,
        "money": money_for(d.db, district=code),
        "example": written(d, 48, desk_.money) if desk_ else "",
        "statement_pdf": f"/documents/fund/{quote(code.strip().upper())}.pdf",
        # A line's words and day in the reader's language (office/records/memos.py).
        "memo": lambda text: memos.said(text, d.t, fund["pound_names"]),
        "on": lambda at: d.t.day(date.fromisoformat(at[:10])),
    }


@router.get("/magistrate/{code}/fund")
def magistrate_fund(code: str, d: DeskOf, who: Official, done: str = "") -> Response:
    """The fund's receipts, payments and balance, the deposits held (Sec XI, XII), and his
    order of a payment out of it."""
    return _answer(d, "fund", _fund(d, code, who.person_id), done=done, sent={})


@router.get("/magistrate/{code}/fund.{fmt}")
def magistrate_fund_file(code: str, fmt: str, d: DeskOf, who: Official) -> Response:
    """The fund's statement and totals as a spreadsheet, XLSX or CSV (webhook/spreadsheets.py)."""
    book = spreadsheets.fund_book(d.db, district=code, viewer_id=who.person_id, lang=d.lang)
    return spreadsheets.answer(book, fmt)


@router.post("/magistrate/{code}/fund/payments")
def magistrate_fund_payment(code: str, d: DeskOf, who: Official, form: Form) -> Response:
    return _acted_on(
        d,
        code,
        who,
        form,
        "fund",
        lambda: act(
            d,
            pay_from_fund,
            district=code,
            purpose=form.get("purpose", ""),
            pound=form.get("pound", "").strip() or None,
            keeper_phone=form.get("keeper_phone", "").strip() or None,
            stated=form.get("stated", ""),
            amount=_amount(form.get("amount", "")),
            payee=person_of(form, "payee"),
            order=form.get("order", ""),
            occurred_at=d.now,
        ),
        f"{_base(code)}/fund?done=paid",
    )


@router.post("/magistrate/{code}/fund/transfers")
def magistrate_fund_transfer(code: str, d: DeskOf, who: Official, form: Form) -> Response:
    """Surplus unclaimed for three months moved into the fund (Sec XI, XII)."""
    do = lambda: act(d, surplus.transfer_unclaimed_surplus, district=code)  # noqa: E731
    to = lambda moved: f"{_base(code)}/fund?done=moved-{len(moved)}"  # noqa: E731
    return _acted_on(d, code, who, form, "fund", do, to)


# --- Feeding rates (Sec VII) --------------------------------------------------------------------


def _rates(d: Desk, code: str, who: int) -> dict[str, Any]:
    rates = district_rates(d.db, district=code, actor_id=who, now=d.now)
    money = money_for(d.db, district=code)
    return {
        "code": rates.district,
        "base": _base(code),
        "rates": rates,
        "money": money,
        "example": written(d, 9, money),
        "tomorrow": (rates.on + timedelta(days=1)).isoformat(),
    }


@router.get("/magistrate/{code}/rates")
def magistrate_rates(code: str, d: DeskOf, who: Official, done: str = "") -> Response:
    """The feeding rates by kind and date, the one charged today marked; a new rate from a day."""
    return _answer(d, "rates", _rates(d, code, who.person_id), done=done, sent={})


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise InvalidInput(
            N_("write the date like 2024-04-01"), section="VII", said={"date": text}
        ) from None


@router.post("/magistrate/{code}/rates")
def magistrate_rate(code: str, d: DeskOf, who: Official, form: Form) -> Response:
    do = lambda: act(  # noqa: E731
        d,
        fix_feeding_rate,
        district=code,
        kind=form.get("kind", ""),
        per_day=form.get("per_day", "").strip(),
        valid_from=_day(form.get("valid_from", "")),
        occurred_at=d.now,
    )
    return _acted_on(d, code, who, form, "rates", do, f"{_base(code)}/rates?done=1")


# --- The district file and the monthly returns -------------------------------------------------


@router.get("/magistrate/{code}/district")
def magistrate_district(code: str, d: DeskOf, who: Official) -> Response:
    """The district as its file set it up: pounds, thanas, villages, keepers, officers, the
    tracts excluded (Sec III, IV, XX). Read-only: the file is changed by `pound load`."""
    found = district_desk.district_file(d.db, district=code, actor_id=who.person_id)
    return _answer(d, "district", {"base": _base(code), "file": found})


def months_before(today: date, count: int = MONTHS) -> list[str]:
    """This month and the `count - 1` before it, as YYYY-MM, the latest first."""
    n = today.year * 12 + today.month - 1  # months since year 0
    return [f"{m // 12:04d}-{m % 12 + 1:02d}" for m in range(n, n - count, -1)]


@router.get("/magistrate/{code}/returns")
def magistrate_returns(code: str, d: DeskOf, who: Official) -> Response:
    """The monthly return of each pound of the district, to print."""
    found = district_desk.district_file(d.db, district=code, actor_id=who.person_id)
    today = local_date(d.now, ZoneInfo(found.timezone))
    return _answer(
        d, "returns", {"base": _base(code), "file": found, "months": months_before(today)}
    )


@router.get("/magistrate/{code}/returns/{pound}.{fmt}")
def magistrate_return_file(
    code: str, pound: str, fmt: str, d: DeskOf, who: Official, month: str = ""
) -> Response:
    """A pound's monthly return as a spreadsheet, XLSX or CSV (webhook/spreadsheets.py), for the
    officers of the pound's district as the printed return is."""
    book = spreadsheets.return_book(
        d.db, pound=pound, month=month, viewer_id=who.person_id, lang=d.lang, now=d.now
    )
    return spreadsheets.answer(book, fmt)


# --- The district in charts -----------------------------------------------------------------------

YEARS = 3  # the years offered: this year and the two before it


@router.get("/magistrate/{code}/charts")
def magistrate_charts(code: str, d: DeskOf, who: Official, period: str = "") -> Response:
    """The district at a glance for a month or a year: seizures by pound and month, how they
    ended, the days held, the fund month by month, the complaints filed and decided; each
    chart with its figures as a table (docs/desk.md)."""
    here = _district(d, code, who.person_id)
    figures = district_figures(d.db, district=code, period=period.strip() or None, now=d.now)
    today = figures.today
    chosen = [*months_before(today, 12), *(str(today.year - n) for n in range(YEARS))]
    if figures.period not in chosen:
        chosen.insert(0, figures.period)
    return _answer(
        d,
        "charts",
        here,
        charts=district_charts(figures, d.t),
        period=figures.period,
        periods=[(p, period_name(p, d.t)) for p in chosen],
    )
