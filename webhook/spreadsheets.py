"""The register (Sec V), the fund's statement (Sec XII) and a pound's monthly return (Sec IV) as
spreadsheets, XLSX and CSV, for the officers of the district: the API's routes here, and the
functions the desk's routes call (webhook/desk/keeper.py, webhook/desk/magistrate.py).

The rows are the office's own reads (office/views/pound_register.py `pound_register_read`,
`fund_view_as`; office/views/documents/returns.py `monthly_return`), checked as the JSON routes and
the documents check the reader (law/access.py): nothing is counted here. One row per entry; a date
is a date (a date cell in XLSX, ISO 8601 in CSV), the local date of the district; an amount is a
number of rupees (the units divided by the rupee's, e.g. 1.4375 for Rs 1-7-0 of 276 pies), with the
amount as the district writes it in the column beside it; the headers in the reader's language;
names and residences as typed.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import lru_cache
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query
from fastapi.responses import Response
from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font

from bot.figures import money as written
from bot.i18n import Translator, translator
from law.errors import N_, InvalidInput, NotFound
from law.money import MoneySystem
from law.periods import YEAR_MAX, YEAR_MIN
from models import Database
from office.records import memos
from office.views.amounts import money_for
from office.views.documents.issued import build, check_reader
from office.views.documents.kinds import Kind
from office.views.documents.returns import MonthlyReturn
from office.views.fund_statement import fund_view_as
from office.views.pound_register import pound_register_read
from webhook import schemas as b
from webhook.deps import Actor, State
from webhook.errors import ERROR_RESPONSES
from webhook.printing import STATUSES, kind_word

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv"
MEDIA = {"xlsx": XLSX, "csv": f"{CSV}; charset=utf-8"}
Format = Literal["xlsx", "csv"]

FormatPath = Annotated[Format, Path(description="`xlsx` (Excel) or `csv` (UTF-8, with a BOM)")]
LangQuery = Annotated[
    Literal["en", "hi", "bn"], Query(description="The language of the headers and labels")
]
MonthNumberQuery = Annotated[
    int, Query(ge=1, le=12, description="A month of `year` (1-12): its entries alone")
]
ReturnMonthQuery = Annotated[
    str, Query(pattern=r"^\d{4}-\d{2}$", description="The month of the return, YYYY-MM")
]

# A date cell shows as a date in every spreadsheet program.
DATE_FORMAT = "yyyy-mm-dd"


@dataclass(frozen=True)
class Money:
    """An amount in units of the district's money: two cells, rupees as a number and the
    amount as the district writes it."""

    amount: int


Cell = str | int | float | date | Money | None


@dataclass
class Sheet:
    title: str
    headers: list[str]
    rows: list[list[Cell]] = field(default_factory=list)


@dataclass(frozen=True)
class Book:
    """A spreadsheet: its file name (without the extension), its sheets, the money system its
    amounts count in and the reader's language."""

    name: str
    sheets: list[Sheet]
    system: MoneySystem
    t: Translator


def _money_headers(t: Translator, what: str) -> list[str]:
    return [t("{what}, in rupees", what=what), t("{what}, as written", what=what)]


Value = str | int | float | date | None


def _cells(book: Book, row: list[Cell]) -> list[tuple[Value, str]]:
    """A row's values with what each is (`money`, `date`, `text`, or "" for a count), each amount
    made two: rupees as a number and its notation."""
    out: list[tuple[Value, str]] = []
    for value in row:
        if isinstance(value, Money):
            # True division of ints is correctly rounded: the nearest number a spreadsheet holds.
            rupees = value.amount / book.system.per_rupee
            out += [(rupees, "money"), (_written(book.t.lang, value.amount, book.system), "text")]
        elif isinstance(value, date):
            out.append((value, "date"))
        elif isinstance(value, str):
            out.append((value, "text"))
        else:
            out.append((value, ""))
    return out


@lru_cache(maxsize=4096)
def _written(lang: str, amount: int, system: MoneySystem) -> str:
    """An amount as the district writes it (bot/figures.py), kept: a register repeats its fines,
    and writing one with Babel takes a while."""
    return written(lang, amount, system)


def to_xlsx(book: Book) -> bytes:
    wb = Workbook()
    # Rupees: paise in two decimals; pies (1/192 of a rupee) in as many as a fraction of an anna
    # or a pie needs to show.
    money_format = "#,##0.00" if book.system.per_rupee == 100 else "#,##0.00######"
    for i, sheet in enumerate(book.sheets):
        title = _sheet_title(sheet.title, wb.sheetnames[:i])
        ws = wb.worksheets[0] if i == 0 else wb.create_sheet(title)
        ws.title = title
        for c, header in enumerate(sheet.headers, start=1):
            cell = _text_cell(ws.cell(row=1, column=c), header)
            cell.font = Font(bold=True)
            ws.column_dimensions[cell.column_letter].width = max(12, min(len(header) + 2, 40))
        ws.freeze_panes = "A2"
        for r, row in enumerate(sheet.rows, start=2):
            for c, (value, kind) in enumerate(_cells(book, row), start=1):
                cell = ws.cell(row=r, column=c)
                if kind == "text" and isinstance(value, str):
                    _text_cell(cell, value)
                    continue
                cell.value = value
                if kind == "money":
                    cell.number_format = money_format
                elif kind == "date":
                    cell.number_format = DATE_FORMAT
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _text_cell(cell: Any, text: str) -> Any:
    """Text as text: a name typed `=...` stays a name, never a formula; the characters XML
    cannot hold are left out."""
    cell.value = ILLEGAL_CHARACTERS_RE.sub("", text)
    cell.data_type = "s"
    return cell


def _sheet_title(title: str, taken: list[str]) -> str:
    """A sheet's name as spreadsheets take it: at most 31 characters, none of []:*?/\\."""
    cleaned = "".join(" " if c in "[]:*?/\\" else c for c in title).strip()[:31] or "Sheet"
    n = 2
    found = cleaned
    while found in taken:
        found = f"{cleaned[:28]} {n}"
        n += 1
    return found


def to_csv(book: Book) -> bytes:
    """The first sheet as a table (its header first); each further sheet after a blank line,
    its title on a line of its own, then its header and rows."""
    text = io.StringIO()
    writer = csv.writer(text)
    for i, sheet in enumerate(book.sheets):
        if i:
            writer.writerow([])
            writer.writerow([sheet.title])
        writer.writerow(sheet.headers)
        for row in sheet.rows:
            writer.writerow([_csv_value(value, kind) for value, kind in _cells(book, row)])
    # Excel reads a CSV as the machine's code page unless it starts with the UTF-8 byte order
    # mark: with it, Hindi and Bengali names and headers open as written.
    return ("\ufeff" + text.getvalue()).encode("utf-8")


def period(year: str, month: str) -> tuple[int | None, int | None]:
    """A year and a month of it as the desk's address gives them (either may be empty)."""
    year, month = year.strip(), month.strip()
    try:
        y = int(year) if year else None
        m = int(month) if month else None
    except ValueError:
        y = m = 0
    if (y is not None and not YEAR_MIN <= y <= YEAR_MAX) or (m is not None and not 1 <= m <= 12):
        raise InvalidInput(
            N_("give the year like 2026 and the month as a number from 1 to 12"),
            said={"year": year, "month": month},
        )
    return y, m


# A spreadsheet program reads a CSV field that starts so as a formula (OWASP, CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _csv_value(value: Value, kind: str) -> Value:
    """A date in ISO 8601; a text that a spreadsheet would take for a formula after a `'`, which
    it shows as text."""
    if isinstance(value, date):
        return value.isoformat()
    if kind == "text" and isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def answer(book: Book, fmt: str) -> Response:
    """The file, named to be saved (Content-Disposition); a format other than `xlsx` or `csv`
    (as a desk's address may name one) is no such page."""
    if fmt not in MEDIA:
        raise NotFound(N_("no such page"))
    content = to_xlsx(book) if fmt == "xlsx" else to_csv(book)
    return Response(
        content,
        media_type=MEDIA[fmt],
        headers={"Content-Disposition": f'attachment; filename="{book.name}.{fmt}"'},
    )


# --- The books ----------------------------------------------------------------------------------


def register_book(
    db: Database,
    *,
    pound: str,
    viewer_id: int,
    lang: str,
    now: datetime,
    year: int | None = None,
    month: int | None = None,
) -> Book:
    """The Sec V register of a pound, one row per entry: of a year, or a month of it."""
    t = translator(lang)
    if month is not None and year is None:
        raise InvalidInput(N_("give the year of the month too"), said={"month": month})
    register = pound_register_read(
        db, pound_code=pound, year=year, month=month, viewer_id=viewer_id, now=now
    )
    headers = [
        t("Register No."),
        t("Entered on"),
        t("Seized on"),
        t("Seizure"),
        t("Village"),
        t("Head"),
        t("Animals"),
        t("Seizer"),
        t("Seizer's residence"),
        t("Owner"),
        t("Owner's residence"),
        *_money_headers(t, t("Fine")),
        *_money_headers(t, t("Amount paid")),
        t("Now"),
    ]
    sheet = Sheet(t("The register (Sec V)"), headers)
    for r in register.rows:
        sheet.rows.append(
            [
                r.register_no,
                r.entered_on,
                r.seized_on,
                r.ref,
                r.village,
                r.heads,
                ", ".join(f"{n} {kind_word(t.lang, k)}" for k, n in r.kinds.items()),
                r.seizer_name,
                r.seizer_residence,
                r.owner_name,
                r.owner_residence,
                Money(r.fine),
                Money(r.paid),
                _status(t, r.status),
            ]
        )
    period = "-".join(str(p) for p in (year, month and f"{month:02d}") if p)
    name = "-".join(p for p in ("register", register.pound_code, period) if p)
    return Book(name, [sheet], money_for(db, pound=pound), t)


def fund_book(
    db: Database, *, district: str, viewer_id: int, lang: str, since: date | None = None
) -> Book:
    """The Sec XII fund's statement, line by line, and its totals
    (office/acts/magistrate/fund_payment.py)."""
    t = translator(lang)
    [fund] = fund_view_as(db, viewer_id=viewer_id, district=district, since=since)["districts"]
    statement = fund["statement"]
    lines = Sheet(
        t("Statement"),
        [
            t("Date"),
            t("Entry"),
            t("Section"),
            *_money_headers(t, t("In")),
            *_money_headers(t, t("Out")),
            *_money_headers(t, t("Balance")),
        ],
    )
    if since is not None:
        opening = Money(statement["opening_balance"])
        lines.rows.append(
            [since, t("Balance brought forward"), "", None, None, None, None, opening]
        )
    for line in statement["lines"]:
        lines.rows.append(
            [
                date.fromisoformat(line["at"][:10]),
                memos.said(line["memo"], t),
                line["section"] or "",
                Money(line["in"]),
                Money(line["out"]),
                Money(line["balance"]),
            ]
        )
    totals = Sheet(t("Totals"), [t("Item"), *_money_headers(t, t("Amount"))])
    for label, amount in (
        (t("Received into the fund"), fund["received"]),
        (t("Paid out on the Magistrate's orders"), fund["paid_out"]),
        (t("Balance of the fund"), fund["balance"]),
        (t("Fines owed to the fund, not yet received (not in the fund)"), fund["owed"]),
        (t("Surplus of sales held in deposit"), fund["deposits_held"]),
    ):
        totals.rows.append([label, Money(amount)])
    name = "-".join(p for p in ("fund", fund["district"], since and since.isoformat()) if p)
    return Book(name, [lines, totals], money_for(db, district=district), t)


def return_book(
    db: Database, *, pound: str, month: str, viewer_id: int, lang: str, now: datetime
) -> Book:
    """A pound's monthly return (Sec IV): the cattle registered in the month, one row each, and
    its figures, as the printed return has them (office/views/documents/kinds.py)."""
    t = translator(lang)
    check_reader(db, Kind.RETURN, pound, viewer_id)
    found = build(db, Kind.RETURN, pound, month=month, now=now)
    if not isinstance(found, MonthlyReturn):  # pragma: no cover - build's kind is RETURN
        raise TypeError(found)
    entries = Sheet(
        t("Return for {month}", month=found.month),
        [t("Register No."), t("Date"), t("Head"), t("Kind"), t("Now")],
    )
    for e in found.entries:
        entries.rows.append(
            [
                e.register_no,
                date.fromisoformat(e.entered_on),
                e.heads,
                ", ".join(kind_word(t.lang, k) for k in e.kinds),
                _status(t, e.status),
            ]
        )
    figures = Sheet(t("Totals"), [t("Item"), t("Number"), *_money_headers(t, t("Amount"))])
    counts: list[tuple[str, int]] = [
        (t("Head brought in"), found.heads_in),
        *(
            (t("Head that left the pound: {how}", how=_status(t, how)), n)
            for how, n in found.heads_out
        ),
        (t("Head in the pound at the end of the month"), found.held_at_end),
        (t("Sales held"), found.sales),
    ]
    for label, n in counts:
        figures.rows.append([label, n, None, None])
    for label, amount in (
        (t("Fines received"), found.fines_received),
        (t("Feeding received"), found.feeding_received),
        (t("Expenses of sale received"), found.expenses_received),
        (t("Proceeds of the sales"), found.proceeds),
    ):
        figures.rows.append([label, None, Money(amount)])
    name = f"return-{found.ref}-{found.month}"
    return Book(name, [entries, figures], money_for(db, pound=pound), t)


def _status(t: Translator, code: str) -> str:
    return t(STATUSES[code]) if code in STATUSES else code


# --- The API's routes ----------------------------------------------------------------------------

router = APIRouter(prefix="/api/v1", tags=["spreadsheets"])

FILES: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "the spreadsheet, as an attachment (Content-Disposition names the file)",
        "content": {XLSX: {"schema": {"type": "string"}}, CSV: {"schema": {"type": "string"}}},
        "headers": {
            "Content-Disposition": {
                "description": 'attachment; filename="register-TPR-2026.xlsx"',
                "schema": {"type": "string"},
            }
        },
    },
    **ERROR_RESPONSES,
}


@router.get("/pounds/{code}/register.{fmt}", response_class=Response, responses=FILES)
def register_file(
    code: b.CodePath,
    fmt: FormatPath,
    st: State,
    actor: Actor,
    year: b.YearQuery | None = None,
    month: MonthNumberQuery | None = None,
    lang: LangQuery = "en",
) -> Response:
    """The pound register (Sec V) as a spreadsheet, one row per entry, of a year (and a month
    of it); for the officers of the pound's district, as `GET /pounds/{code}/register`."""
    book = register_book(
        st.db, pound=code, viewer_id=actor, lang=lang, now=st.clock(), year=year, month=month
    )
    return answer(book, fmt)


@router.get("/pounds/{code}/return.{fmt}", response_class=Response, responses=FILES)
def return_file(
    code: b.CodePath,
    fmt: FormatPath,
    month: ReturnMonthQuery,
    st: State,
    actor: Actor,
    lang: LangQuery = "en",
) -> Response:
    """A pound's monthly return (Sec IV) as a spreadsheet: the cattle registered in the month
    and its figures; for the officers of the pound's district, as the printed return."""
    book = return_book(st.db, pound=code, month=month, viewer_id=actor, lang=lang, now=st.clock())
    return answer(book, fmt)


@router.get("/fund.{fmt}", response_class=Response, responses=FILES)
def fund_file(
    fmt: FormatPath,
    district: b.DistrictQuery,
    st: State,
    actor: Actor,
    since: b.DayQuery | None = None,
    lang: LangQuery = "en",
) -> Response:
    """The Sec XII fund's statement as a spreadsheet, line by line from `since`, and its
    totals; for the officers of the district, as `GET /fund`."""
    book = fund_book(st.db, district=district, viewer_id=actor, lang=lang, since=since)
    return answer(book, fmt)
