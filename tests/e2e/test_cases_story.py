"""A case of mischief from complaint to set-off, through the REST API, on IST field times: a
cultivator complains that cattle were driven into his wheat (Sec XVII), the Magistrate convicts
with a fine and compensation (XVIII), orders the fine recovered by sale of the cattle, which
belong to another man (XVII), the Darogah sells as many as are needed (X), and the complainant
takes home a certificate of the compensation he was paid, for set-off in a civil suit (XIX)."""

from __future__ import annotations

from datetime import date
from typing import Any

import httpx
from sqlmodel import col, select

from bot.notices import render
from models import Outbox
from tests.api_client import CULTIVATOR, DAROGAH, MAGISTRATE, Api
from tests.ist import ist_iso

D = date
ACCUSED = {"name": "Bhura Ahir", "residence": "Kemri", "phone": "+919777777771"}
CATTLE_OWNER = {"name": "Sitaram", "residence": "Kemri", "phone": "+919777777772"}


def ok(r: httpx.Response, status: int = 200) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body: dict[str, Any] = r.json()
    return body


def on(api: Api, day: date, hour: int) -> str:
    """The office's clock a few minutes after the act; the act itself in IST."""
    api.world.on(day, hour, 20)
    return ist_iso(day, hour)


def said(api: Api, template: str) -> list[tuple[str, str]]:
    """(address, text in the reader's language) of each message of `template`."""
    with api.world.db.reading() as s:
        rows = s.exec(
            select(Outbox).where(Outbox.template == template).order_by(col(Outbox.id))
        ).all()
        return [(r.address, render(r.template, r.params, r.language)) for r in rows]


def test_a_fine_for_mischief_is_recovered_by_sale_and_the_compensation_certified(
    api: Api,
) -> None:
    # 2 March, 10:00 IST: Hari Singh complains that Bhura Ahir drove cattle into his wheat.
    case_id = ok(
        api.post(
            "/api/v1/cases",
            CULTIVATOR,
            {
                "kind": "mischief",
                "accused": ACCUSED,
                "village": "Rampur",
                "description": "drove the cattle in his charge into my standing wheat at night",
                "occurred_at": on(api, D(2026, 3, 2), 10),
            },
        ),
        201,
    )["case_id"]

    # 10 March: convicted; fine Rs 20, of which Rs 12 compensates the damage proved (XVIII).
    decided = ok(
        api.post(
            f"/api/v1/cases/{case_id}/decision",
            MAGISTRATE,
            {
                "occurred_at": on(api, D(2026, 3, 10), 11),
                "convicted": True,
                "reasons": "the trespass and the damage to two bighas of wheat are proved",
                "fine": "Rs 20-0-0",
                "compensation": "Rs 12-0-0",
            },
        )
    )
    assert (decided["fine"], decided["compensation"]) == (3840, 2304)
    fund = ok(api.get("/api/v1/fund?district=TESTPUR", MAGISTRATE))["districts"][0]
    # Sec XII: the fund's share of the fine is owed to it, not received, so not in it.
    assert (fund["owed"], fund["fines"], fund["balance"]) == (1536, 0, 0)

    # 12 March: the fine is unpaid; the Magistrate orders it recovered by sale of the cattle,
    # which are Sitaram's, only in Bhura's charge (Sec XVII).
    order = ok(
        api.post(
            f"/api/v1/cases/{case_id}/recovery-order",
            MAGISTRATE,
            {
                "occurred_at": on(api, D(2026, 3, 12), 11),
                "cattle": [
                    {"kind": "cows", "count": 2, "description": "red, white blaze"},
                    {"kind": "buffalo", "count": 1, "description": "black, broken horn"},
                    {"kind": "heifer", "count": 1},
                ],
                "place": "Sitaram's cattle shed by the Kemri tank",
                "village": "Kemri",
                "owner": CATTLE_OWNER,
            },
        ),
        201,
    )
    assert (order["fine_due"], order["thana"]) == (3840, "TESTPUR")
    assert [c["kind"] for c in order["cattle"]] == ["cow", "cow", "buffalo", "cow"]
    (to_darogah,) = said(api, "recovery_ordered_darogah")
    assert to_darogah[0] == "+919000000004"
    assert "fine unpaid Rs 20-0-0" in to_darogah[1] and f"RECOVER {case_id}" in to_darogah[1]
    (to_owner,) = said(api, "recovery_ordered_owner")
    assert "1. cow (red, white blaze); 2. cow (red, white blaze); 3. buffalo" in to_owner[1]

    # 20 March, 11:00 IST: the Darogah auctions at the Monday market. Three lots cover the fine
    # and the expenses; the heifer is not sold, and a fourth lot would be refused.
    lots = [
        {"number": 1, "buyer": {"name": "Ganga Ram", "residence": "Kemri"}, "price": "Rs 9-0-0"},
        {"number": 2, "buyer": {"name": "Bhola", "residence": "Patwai"}, "price": "Rs 8-0-0"},
        {"number": 3, "buyer": {"name": "Jumman", "residence": "Rampur"}, "price": "Rs 15-0-0"},
    ]
    sale_body = {
        "occurred_at": on(api, D(2026, 3, 20), 11),
        "expenses": "Rs 1-8-0",
        "place": "Rampur Monday market",
    }
    heifer = {"number": 4, "buyer": {"name": "Kallu Teli", "residence": "Rampur"}, "price": 96}
    too_many = api.post(
        f"/api/v1/cases/{case_id}/recovery-sale", DAROGAH, sale_body | {"lots": [*lots, heifer]}
    )
    assert (too_many.status_code, too_many.json()["code"]) == (409, "recovery_covered")
    sale = ok(
        api.post(f"/api/v1/cases/{case_id}/recovery-sale", DAROGAH, sale_body | {"lots": lots}),
        201,
    )
    # Proceeds Rs 32 = expenses Rs 1-8-0 + fine Rs 20 (complainant Rs 12, fund Rs 8)
    # + balance to Sitaram Rs 10-8-0.
    assert {k: sale[k] for k in ("proceeds", "expenses_paid", "fine_paid")} == {
        "proceeds": 6144,
        "expenses_paid": 288,
        "fine_paid": 3840,
    }
    assert (sale["to_complainant"], sale["to_fund"], sale["balance_to_owner"]) == (
        2304,
        1536,
        2016,
    )
    assert (sale["fine_unpaid"], sale["expenses_unpaid"]) == (0, 0)

    # The fund: the fines it holds, and every account of the case settled to the pie.
    fund = ok(api.get("/api/v1/fund?district=TESTPUR", MAGISTRATE))["districts"][0]
    accounts = fund["accounts"]
    sale_id = sale["sale_id"]
    assert fund["fines"] == 1536 and fund["balance_text"] == "Rs 8-0-0"
    assert fund["owed"] == 0
    assert accounts.get(f"receivable:fine:case:{case_id}", 0) == 0
    assert accounts.get(f"payable:compensation:case:{case_id}", 0) == 0
    assert accounts[f"payable:owner:recovery:{sale_id}"] == -2016
    assert accounts[f"expenses:recovery:{sale_id}"] == -288
    assert accounts[f"cash:recovery:{sale_id}"] == 1536 + 2016 + 288
    assert sum(accounts.values()) == 0

    # What each of them reads.
    (convict,) = said(api, "recovery_sold_convict")
    assert convict[0] == ACCUSED["phone"]
    assert "3 head sold on March 20, 2026" in convict[1]
    assert "Fine still unpaid: Rs 0-0-0." in convict[1]
    (complainant,) = said(api, "recovery_sold_complainant")
    assert complainant[0] == CULTIVATOR
    assert "Rs 12-0-0 is your compensation (Sec XVIII)" in complainant[1]
    (owner,) = said(api, "recovery_sold_owner")
    assert owner[0] == CATTLE_OWNER["phone"]
    assert "the balance, Rs 10-8-0, is yours" in owner[1]

    # The record of the case, and the certificate for a civil suit (Sec XIX).
    case = ok(api.get(f"/api/v1/cases/{case_id}", CULTIVATOR))
    assert case["fine"] | {} == case["fine"] | {"recovered": 3840, "unpaid": 0}
    assert case["compensation"]["paid_text"] == "Rs 12-0-0"
    assert case["recovery"][0]["owner"]["name"] == "Sitaram"
    assert [h["action"] for h in case["history"]] == [
        "case_filed_mischief",
        "case_decided",
        "recovery_ordered",
        "recovery_sale_recorded",
    ]
    assert case["history"][-1]["at"].startswith("2026-03-20T05:30:00")  # 11:00 IST
    cert = ok(api.get(f"/api/v1/cases/{case_id}/set-off", CULTIVATOR))
    assert (cert["compensation_ordered"], cert["compensation_paid"], cert["to_set_off"]) == (
        2304,
        2304,
        2304,
    )
    assert (
        "Paid to him out of the fine recovered: Rs 12-0-0." in cert["lines"]
        and "Still unpaid: Rs 0-0-0." in cert["lines"]
    )
    assert cert["lines"][-2].endswith("(Section XIX): Rs 12-0-0.")
