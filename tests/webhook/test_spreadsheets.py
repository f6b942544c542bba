"""The register (Sec V), the fund's statement (Sec XII) and the monthly return (Sec IV) as XLSX
and CSV (webhook/spreadsheets.py): every entry, dates as dates in the district's time zone,
money as numbers of rupees equal to the record's, names as typed, headers in the reader's
language; refused as the JSON routes and the printed documents refuse; the desk's links.

The world (a month of a district's work, tests/webhook/documents_world.py, a seizure made at
night by names in Bengali and Hindi, and a second district) is built once for the module."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_file
from fastapi.testclient import TestClient
from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet

from bot.figures import money as written
from bot.i18n import translator
from law.money import PiesSystem
from tests.api_client import CULTIVATOR, KEEPER, MAGISTRATE, OTHER_KEEPER, Api
from tests.bot.test_catalogs import catalog
from tests.databases import SqliteTemplate
from tests.desk.client import DeskBrowser
from tests.other_district import OTHER_KEEPER as OTHERPUR_KEEPER
from tests.other_district import OTHER_MAGISTRATE as OTHERPUR_MAGISTRATE
from tests.other_district import Other, load_other
from tests.webhook.documents_world import Records, build, ok
from tests.world import World
from webhook.app import create_app
from webhook.spreadsheets import XLSX, Book, Money, Sheet, to_csv, to_xlsx

ROOT = Path(__file__).resolve().parents[2]
PIES = PiesSystem()
# Typed in the field: a Bengali seizer from a Bengali village, a Hindi owner.
SEIZER = {"name": "সুবল দাস", "residence": "কেমরি", "phone": "+919555500001"}
OWNER = {"name": "रामू यादव", "residence": "रामपुर", "phone": "+919555500002"}
# 5 March 01:30 in Asia/Kolkata is 4 March 20:00 UTC: the register dates it 5 March.
NIGHT = "2026-03-05T01:30:00+05:30"
ARRIVED = "2026-03-05T02:15:00+05:30"


class Office:
    def __init__(self, api: Api, records: Records, night: str, other: Other) -> None:
        self.api = api
        self.records = records
        self.night = night  # the ref of the seizure made at night
        self.other = other

    @property
    def world(self) -> World:
        return self.api.world

    def get(self, path: str, phone: str | None = None, **params: Any) -> Any:
        headers = self.api.as_(phone) if phone else {}
        return self.api.client.get(path, headers=headers, params=params)


@pytest.fixture(scope="module")
def office(sqlite_template: SqliteTemplate) -> Iterator[Office]:
    with sqlite_template.fresh_world() as world:
        other = load_other(world)
        world.on(date(2026, 3, 1), 12)
        with TestClient(create_app(db=world.db, clock=lambda: world.now)) as client:
            api = Api(client, world)
            records = build(api)
            night = ok(
                api.post(
                    "/api/v1/seizures",
                    KEEPER,
                    {
                        "ground": "trespass",
                        "village": "Rampur",
                        "place": "the gram field by the tank",
                        "damage": "ate the standing gram",
                        "seizer": SEIZER,
                        "owner": OWNER,
                        "animals": [{"kind": "bullock", "count": 2}],
                        "occurred_at": NIGHT,
                    },
                ),
                201,
            )["ref"]
            ok(api.post(f"/api/v1/seizures/{night}/arrival", KEEPER, {"occurred_at": ARRIVED}))
            yield Office(api, records, night, other)


def xlsx(r: Any) -> dict[str, Worksheet]:
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == XLSX
    book = load_workbook(io.BytesIO(r.content))
    return {ws.title: ws for ws in book.worksheets}


def rows_of(ws: Worksheet) -> list[list[Any]]:
    return [list(row) for row in ws.iter_rows(values_only=True)]


def csv_blocks(r: Any) -> list[list[list[str]]]:
    """The CSV's tables: the first, then each after a blank line (its title row dropped)."""
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/csv")
    assert r.content.startswith(b"\xef\xbb\xbf")  # the BOM Excel needs to read UTF-8
    rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))
    blocks: list[list[list[str]]] = [[]]
    for row in rows:
        if not row:
            blocks.append([])
        else:
            blocks[-1].append(row)
    return [blocks[0]] + [b[1:] for b in blocks[1:]]


def rupees(amount: int) -> float:
    return amount / 192


def test_the_register_as_xlsx_holds_every_entry_as_the_register_has_it(office: Office) -> None:
    register = ok(office.get("/api/v1/pounds/TPR/register", KEEPER, year=2026))["rows"]
    r = office.get("/api/v1/pounds/TPR/register.xlsx", KEEPER, year=2026)
    assert r.headers["content-disposition"] == 'attachment; filename="register-TPR-2026.xlsx"'
    [ws] = xlsx(r).values()
    header, *rows = rows_of(ws)
    assert header[:4] == ["Register No.", "Entered on", "Seized on", "Seizure"]
    assert len(register) == 5 and len(rows) == len(register)
    for entry, row in zip(register, rows, strict=True):
        cells = dict(zip(header, row, strict=True))
        assert cells["Register No."] == entry["register_no"]
        assert cells["Seizure"] == entry["ref"]
        assert isinstance(cells["Entered on"], datetime)  # a date cell, read back as a datetime
        assert cells["Entered on"].date().isoformat() == entry["entered_on"]
        assert cells["Seized on"].date().isoformat() == entry["seized_on"]
        assert cells["Head"] == entry["heads"]
        assert cells["Seizer"] == entry["seizer_name"]
        assert cells["Owner's residence"] == entry["owner_residence"]
        assert round(cells["Fine, in rupees"] * 192) == entry["fine"] > 0
        assert cells["Fine, as written"] == written("en", entry["fine"], PIES)
        assert round(cells["Amount paid, in rupees"] * 192) == entry["paid"]
    # The entry paid for: 282 pies (Rs 1-7-6) taken on 3 March, as the number 1.46875.
    paid = next(row for row in rows if row[3] == office.records.paid)
    assert paid[header.index("Amount paid, in rupees")] == 1.46875
    assert paid[header.index("Amount paid, as written")] == "Rs 1-7-6"
    cell = ws.cell(row=2, column=2)
    assert cell.is_date and cell.number_format == "yyyy-mm-dd"
    fine = ws.cell(row=2, column=header.index("Fine, in rupees") + 1)
    assert fine.data_type == "n" and fine.number_format.startswith("#,##0.00")


def test_a_seizure_at_night_is_dated_by_the_district_day_and_its_names_are_kept(
    office: Office,
) -> None:
    [ws] = xlsx(office.get("/api/v1/pounds/TPR/register.xlsx", KEEPER, year=2026)).values()
    header, *rows = rows_of(ws)
    row = dict(zip(header, next(r for r in rows if r[3] == office.night), strict=True))
    # 01:30 on 5 March in Asia/Kolkata is 4 March in UTC.
    assert row["Seized on"].date() == date(2026, 3, 5)
    assert row["Entered on"].date() == date(2026, 3, 5)
    assert (row["Seizer"], row["Seizer's residence"]) == (SEIZER["name"], SEIZER["residence"])
    assert (row["Owner"], row["Owner's residence"]) == (OWNER["name"], OWNER["residence"])
    assert row["Head"] == 2 and row["Animals"] == "2 bullock"
    assert row["Fine, as written"] == "Rs 0-8-0"  # two bullocks at 4 annas (Sec VI)
    assert row["Fine, in rupees"] == 0.5


def test_the_register_as_csv_holds_the_same_rows(office: Office) -> None:
    register = ok(office.get("/api/v1/pounds/TPR/register", KEEPER, year=2026))["rows"]
    r = office.get("/api/v1/pounds/TPR/register.csv", KEEPER, year=2026)
    assert r.headers["content-disposition"] == 'attachment; filename="register-TPR-2026.csv"'
    [[header, *rows]] = csv_blocks(r)
    assert len(rows) == len(register) == 5
    for entry, row in zip(register, rows, strict=True):
        cells = dict(zip(header, row, strict=True))
        assert cells["Register No."] == entry["register_no"]
        assert cells["Entered on"] == entry["entered_on"]  # ISO 8601
        assert cells["Seized on"] == entry["seized_on"]
        assert round(float(cells["Fine, in rupees"]) * 192) == entry["fine"]
        assert round(float(cells["Amount paid, in rupees"]) * 192) == entry["paid"]
        assert cells["Seizer"] == entry["seizer_name"]
    night = dict(zip(header, next(r for r in rows if r[3] == office.night), strict=True))
    assert (night["Seizer"], night["Owner"]) == (SEIZER["name"], OWNER["name"])
    assert night["Seized on"] == "2026-03-05"


def test_a_month_of_the_register_holds_the_entries_made_in_it(office: Office) -> None:
    march = office.get("/api/v1/pounds/TPR/register.csv", KEEPER, year=2026, month=3)
    assert march.headers["content-disposition"].endswith('register-TPR-2026-03.csv"')
    [[_header, *rows]] = csv_blocks(march)
    assert len(rows) == 5
    [[_header, *none]] = csv_blocks(
        office.get("/api/v1/pounds/TPR/register.csv", KEEPER, year=2026, month=2)
    )
    assert none == []


def test_headers_are_in_the_readers_language_and_money_in_his_notation(office: Office) -> None:
    for lang in ("hi", "bn"):
        t = translator(lang)
        [ws] = xlsx(
            office.get("/api/v1/pounds/TPR/register.xlsx", KEEPER, year=2026, lang=lang)
        ).values()
        header, *rows = rows_of(ws)
        assert ws.title == t("The register (Sec V)")
        assert header[0] == t("Register No.") != "Register No."
        assert t("Seizer's residence") in header and t("Seizer's residence") != "Seizer's residence"
        column = header.index(t("{what}, as written", what=t("Fine")))
        night = next(r for r in rows if r[3] == office.night)
        assert night[column] == written(lang, 96, PIES)  # ₹0-8-0, ₹০-৮-০
        assert night[column - 1] == 0.5
        assert night[header.index(t("Seizer"))] == SEIZER["name"]


def test_the_fund_statement_totals_are_the_funds(office: Office) -> None:
    [fund] = ok(office.get("/api/v1/fund", MAGISTRATE, district="TESTPUR"))["districts"]
    r = office.get("/api/v1/fund.xlsx", MAGISTRATE, district="TESTPUR")
    assert r.headers["content-disposition"] == 'attachment; filename="fund-TESTPUR.xlsx"'
    sheets = xlsx(r)
    statement, totals = (rows_of(ws) for ws in sheets.values())
    header, *lines = statement
    assert len(lines) == len(fund["statement"]["lines"]) > 0
    for line, row in zip(fund["statement"]["lines"], lines, strict=True):
        cells = dict(zip(header, row, strict=True))
        assert cells["Date"].date().isoformat() == line["at"][:10]
        assert round(cells["In, in rupees"] * 192) == line["in"]
        assert round(cells["Out, in rupees"] * 192) == line["out"]
        assert round(cells["Balance, in rupees"] * 192) == line["balance"]
    assert round(sum(row[header.index("In, in rupees")] for row in lines) * 192) == fund["received"]
    figures = {row[0]: round(row[1] * 192) for row in totals[1:]}
    assert figures == {
        "Received into the fund": fund["received"],
        "Paid out on the Magistrate's orders": fund["paid_out"],
        "Balance of the fund": fund["balance"],
        "Fines owed to the fund, not yet received (not in the fund)": fund["owed"],
        "Surplus of sales held in deposit": fund["deposits_held"],
    }
    assert fund["received"] > 0 and fund["balance"] == fund["received"] - fund["paid_out"]
    # The CSV: the statement, then the totals after a blank line.
    lines_csv, totals_csv = csv_blocks(
        office.get("/api/v1/fund.csv", MAGISTRATE, district="TESTPUR")
    )
    assert len(lines_csv) == len(statement)
    assert {row[0]: round(float(row[1]) * 192) for row in totals_csv[1:]} == figures


def test_the_fund_from_a_day_brings_the_balance_forward(office: Office) -> None:
    [fund] = ok(office.get("/api/v1/fund", MAGISTRATE, district="TESTPUR", since="2026-03-19"))[
        "districts"
    ]
    [[header, opening, *lines], _totals] = csv_blocks(
        office.get("/api/v1/fund.csv", MAGISTRATE, district="TESTPUR", since="2026-03-19")
    )
    assert opening[:2] == ["2026-03-19", "Balance brought forward"]
    assert (
        round(float(opening[header.index("Balance, in rupees")]) * 192)
        == (fund["statement"]["opening_balance"])
    )
    assert len(lines) == len(fund["statement"]["lines"])


def test_the_months_return_is_the_printed_return(office: Office) -> None:
    page = office.get("/documents/return/TPR.html", MAGISTRATE, month="2026-03")
    assert page.status_code == 200, page.text
    printed = re.findall(r"<td>(TPR/\d+/\d+)</td>", page.text)
    figures_printed = dict(
        re.findall(r'<tr><td>([^<]+)</td><td class="n">([^<]+)</td></tr>', page.text)
    )
    entries, totals = (
        rows_of(ws)
        for ws in xlsx(
            office.get("/api/v1/pounds/TPR/return.xlsx", MAGISTRATE, month="2026-03")
        ).values()
    )
    assert [row[0] for row in entries[1:]] == printed and len(printed) == 5
    assert all(isinstance(row[1], datetime) for row in entries[1:])
    figures = {row[0]: row for row in totals[1:]}
    assert str(figures["Head brought in"][1]) == figures_printed["Head brought in"] == "14"
    for label in ("Fines received", "Feeding received", "Proceeds of the sales"):
        amount = figures[label]
        assert amount[3] == figures_printed[label]  # the notation as the page prints it
        assert PIES.parse(amount[3]) == round(amount[2] * 192)
    [entries_csv, totals_csv] = csv_blocks(
        office.get("/api/v1/pounds/TPR/return.csv", MAGISTRATE, month="2026-03")
    )
    assert [row[0] for row in entries_csv[1:]] == printed
    assert {row[0] for row in totals_csv[1:]} == set(figures)


FILES = [
    ("/api/v1/pounds/TPR/register.{fmt}", {"year": 2026}, "/api/v1/pounds/TPR/register"),
    ("/api/v1/fund.{fmt}", {"district": "TESTPUR"}, "/api/v1/fund"),
    ("/api/v1/pounds/TPR/return.{fmt}", {"month": "2026-03"}, "/documents/return/TPR.html"),
]


@pytest.mark.parametrize("fmt", ["xlsx", "csv"])
@pytest.mark.parametrize(("path", "params", "same_as"), FILES)
def test_refused_as_the_json_route_refuses(
    office: Office, path: str, params: dict[str, Any], same_as: str, fmt: str
) -> None:
    for phone in (OTHERPUR_KEEPER, OTHERPUR_MAGISTRATE, CULTIVATOR, None):
        r = office.get(path.format(fmt=fmt), phone, **params)
        json_route = office.get(same_as, phone, **params)
        assert r.status_code == 403, (phone, r.text)
        assert r.json()["code"] == json_route.json()["code"]
        assert r.json()["code"] == ("not_authorised" if phone is None else "record_not_open")
        assert r.headers["content-type"] == "application/json"
    # The officers of the district read it, as they read the JSON and the paper: the keeper of
    # the district's other pound too.
    for phone in (KEEPER, OTHER_KEEPER, MAGISTRATE):
        assert office.get(path.format(fmt=fmt), phone, **params).status_code == 200


@pytest.mark.parametrize(
    ("path", "params", "code"),
    [
        ("/api/v1/pounds/TPR/register.xlsx", {"year": 2026, "month": 13}, "invalid_request"),
        ("/api/v1/pounds/TPR/register.xlsx", {"year": 1800}, "invalid_request"),
        ("/api/v1/pounds/TPR/register.xlsx", {"month": 3}, "invalid_input"),
        ("/api/v1/pounds/TPR/register.pdf", {"year": 2026}, "invalid_request"),
        ("/api/v1/pounds/TPR/return.csv", {}, "invalid_request"),
        ("/api/v1/pounds/TPR/return.csv", {"month": "2026-13"}, "invalid_input"),
        ("/api/v1/fund.xlsx", {}, "invalid_request"),
    ],
)
def test_bad_input_is_a_422(office: Office, path: str, params: dict[str, Any], code: str) -> None:
    r = office.get(path, MAGISTRATE, **params)
    assert (r.status_code, r.json()["code"]) == (422, code), r.text


def test_an_unknown_pound_or_district_is_a_404(office: Office) -> None:
    for path, params in (
        ("/api/v1/pounds/NOPE/register.xlsx", {}),
        ("/api/v1/pounds/NOPE/return.csv", {"month": "2026-03"}),
        ("/api/v1/fund.csv", {"district": "NOPE"}),
    ):
        r = office.get(path, MAGISTRATE, **params)
        assert (r.status_code, r.json()["code"]) == (404, "not_found")


def test_the_openapi_document_declares_the_files(office: Office) -> None:
    paths = office.api.client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/v1/pounds/{code}/register.{fmt}",
        "/api/v1/pounds/{code}/return.{fmt}",
        "/api/v1/fund.{fmt}",
    ):
        answer = paths[path]["get"]["responses"]["200"]
        assert set(answer["content"]) == {XLSX, "text/csv"}
        assert "Content-Disposition" in answer["headers"]
        assert {"403", "404", "422"} <= set(paths[path]["get"]["responses"])


# --- The desk ---------------------------------------------------------------------------------


def desk_as(office: Office, phone: str, person_id: int) -> DeskBrowser:
    client = TestClient(create_app(db=office.world.db, clock=lambda: office.world.now))
    browser = DeskBrowser(client, office.world)
    browser.sign_in(phone, person_id)
    return browser


def follow(web: DeskBrowser, href: str) -> Any:
    """A link as the browser follows it, its query as written (httpx's `params` would drop it)."""
    return web.client.get(href)


def links(html: str, ending: str) -> list[str]:
    return [h.replace("&amp;", "&") for h in re.findall(r'href="([^"]+)"', html) if ending in h]


def test_the_keepers_register_page_links_the_spreadsheets_that_download_with_his_session(
    office: Office,
) -> None:
    web = desk_as(office, KEEPER, office.world.keeper)
    page = web.get("/desk/keeper/TPR/register", lang="hi")
    assert page.status_code == 200
    found = links(page.text, "/register.")
    assert found == [
        "/desk/keeper/TPR/register.xlsx?year=2026",
        "/desk/keeper/TPR/register.csv?year=2026",
        "/desk/keeper/TPR/register.xlsx?year=2026&month=4",
        "/desk/keeper/TPR/register.csv?year=2026&month=4",
    ]
    [ws] = xlsx(follow(web, found[0])).values()
    header, *rows = rows_of(ws)
    assert header[0] == translator("hi")("Register No.")  # the desk's language
    assert len(rows) == 5
    [[_header, *april]] = csv_blocks(follow(web, found[3]))
    assert april == []
    # A keeper of another district is refused on a page, as the register page refuses him.
    stranger = desk_as(office, OTHERPUR_KEEPER, office.other.keeper)
    refused = follow(stranger, found[0])
    assert refused.status_code == 403
    assert refused.headers["content-type"].startswith("text/html")
    bad = web.get("/desk/keeper/TPR/register.xlsx", year="2026", month="13")
    assert bad.status_code == 422 and bad.headers["content-type"].startswith("text/html")
    assert "1 से 12" in bad.text  # in Hindi, the desk's language
    no_year = web.get("/desk/keeper/TPR/register.csv", month="3")
    assert no_year.status_code == 422 and "महीने का साल भी लिखें" in no_year.text
    assert web.get("/desk/keeper/TPR/register.ods").status_code == 404


def test_the_magistrates_fund_and_return_pages_link_the_spreadsheets(office: Office) -> None:
    web = desk_as(office, MAGISTRATE, office.world.magistrate)
    fund_page = web.get("/desk/magistrate/TESTPUR/fund")
    found = links(fund_page.text, "/fund.")
    assert found == ["/desk/magistrate/TESTPUR/fund.xlsx", "/desk/magistrate/TESTPUR/fund.csv"]
    [fund] = ok(office.get("/api/v1/fund", MAGISTRATE, district="TESTPUR"))["districts"]
    _statement, totals = xlsx(follow(web, found[0])).values()
    assert round(rows_of(totals)[3][1] * 192) == fund["balance"]
    lines, _totals_csv = csv_blocks(follow(web, found[1]))
    assert len(lines) == len(fund["statement"]["lines"]) + 1
    returns = web.get("/desk/magistrate/TESTPUR/returns")
    march = [h for h in links(returns.text, "/returns/") if h.endswith("month=2026-03")]
    assert sorted(march) == [
        "/desk/magistrate/TESTPUR/returns/DHK.csv?month=2026-03",
        "/desk/magistrate/TESTPUR/returns/DHK.xlsx?month=2026-03",
        "/desk/magistrate/TESTPUR/returns/TPR.csv?month=2026-03",
        "/desk/magistrate/TESTPUR/returns/TPR.xlsx?month=2026-03",
    ]
    entries, _figures = xlsx(
        follow(web, "/desk/magistrate/TESTPUR/returns/TPR.xlsx?month=2026-03")
    ).values()
    assert len(rows_of(entries)) == 1 + 5
    # The Magistrate of another district is refused them.
    stranger = desk_as(office, OTHERPUR_MAGISTRATE, office.other.magistrate)
    for path in (found[0], sorted(march)[2]):
        assert follow(stranger, path).status_code == 403


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_every_header_and_label_has_its_translation(lang: str) -> None:
    marked = {
        message
        for _l, message, _c, _x in extract_from_file(
            "python", str(ROOT / "webhook/spreadsheets.py"), keywords={"t": None, "N_": None}
        )
        if isinstance(message, str) and message
    }
    assert {"Seizer's residence", "{what}, in rupees", "Balance brought forward"} <= marked
    have = catalog(lang)
    assert sorted(m for m in marked if not have.get(m, "").strip()) == []


def test_text_typed_like_a_formula_stays_text() -> None:
    """A name typed `=HYPERLINK(...)` is a name in the spreadsheet, never a formula (OWASP's CSV
    injection); a character XML cannot hold is left out of the XLSX."""
    evil = '=HYPERLINK("http://example.com/x","Ram")'
    book = Book(
        "x",
        [
            Sheet(
                "Names",
                ["Name", "Fine, in rupees", "Fine, as written"],
                [[evil, Money(282)], ["@SUM(A1:A9)", Money(0)], ["গঙ্গা\x07 রাম", Money(192)]],
            )
        ],
        PIES,
        translator("en"),
    )
    ws = load_workbook(io.BytesIO(to_xlsx(book))).worksheets[0]
    assert (ws["A2"].value, ws["A2"].data_type) == (evil, "s")
    assert (ws["A3"].value, ws["A3"].data_type) == ("@SUM(A1:A9)", "s")
    assert ws["A4"].value == "গঙ্গা রাম"
    assert [ws["B2"].value, ws["C2"].value, ws["B4"].value] == [1.46875, "Rs 1-7-6", 1.0]
    rows = list(csv.reader(io.StringIO(to_csv(book).decode("utf-8-sig"))))
    assert rows[1] == ["'" + evil, "1.46875", "Rs 1-7-6"]
    assert rows[2][0] == "'@SUM(A1:A9)"
