"""The REST API of the Sec XII fund, the Magistrate's orders for animals outside the scale (G4)
and the feeding written off for a head that died (G7)."""

from __future__ import annotations

from datetime import date
from typing import Any

from office.jurisdiction import load_jurisdiction_text
from tests.api_client import (
    CULTIVATOR,
    DAROGAH,
    KEEPER,
    MAGISTRATE,
    OTHER_KEEPER,
    OWNER,
    POLICE,
    Api,
)
from tests.office.test_fund import OTHER_DISTRICT
from tests.units import act
from tests.webhook.test_api import SEIZURE
from tests.world import at

D = date
OTHER_MAGISTRATE = "+919000000015"
OTHER_DISTRICT_KEEPER = "+919000000011"
EVERYONE_ELSE = [OTHER_MAGISTRATE, KEEPER, OTHER_KEEPER, POLICE, DAROGAH, CULTIVATOR, OWNER]


def when(day: int, hour: int = 10) -> str:
    return at(D(2026, 3, day), hour).isoformat()


def with_fines(api: Api) -> str:
    """A seizure registered on 1 March and paid for on 3 March: 192 pies of fines in the fund."""
    act(
        api.world.db, load_jurisdiction_text, OTHER_DISTRICT, now=api.world.now, origin="other.toml"
    )
    ref = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE).json()["ref"]
    assert api.post(f"/api/v1/seizures/{ref}/arrival", KEEPER, {"occurred_at": when(1)}).is_success
    api.world.on(D(2026, 3, 3), 17)
    paid = api.post(
        f"/api/v1/seizures/{ref}/payment", KEEPER, {"occurred_at": when(3, 16), "amount": 282}
    )
    assert paid.status_code == 200, paid.text
    return ref


PAYMENT: dict[str, Any] = {
    "district": "TESTPUR",
    "purpose": "pound",
    "pound": "TPR",
    "amount": "Rs 0-10-0",
    "payee": {"name": "Ramdin Mistri", "residence": "Testpur", "phone": "+919333333333"},
    "order": "Order No. 4: repair the east wall of the Testpur pound",
    "occurred_at": when(3, 17),
}


def test_the_magistrate_pays_out_of_the_fund_and_the_statement_shows_it(api: Api) -> None:
    """Sec XII: payments out beside receipts in, with the running balance."""
    with_fines(api)
    r = api.post("/api/v1/fund/payments", MAGISTRATE, PAYMENT)
    assert r.status_code == 201, r.text
    assert r.json() == r.json() | {
        "district": "TESTPUR",
        "purpose": "pound",
        "amount": 120,
        "amount_text": "Rs 0-10-0",
        "payee": "Ramdin Mistri",
        "balance_after": 72,
        "balance_after_text": "Rs 0-6-0",
    }
    salary = api.post(
        "/api/v1/fund/payments",
        MAGISTRATE,
        PAYMENT
        | {
            "purpose": "salary",
            "keeper_phone": KEEPER,
            "payee": None,
            "amount": 48,
            "order": "Salary of the keeper for March",
        },
    )
    assert salary.status_code == 201, salary.text
    assert salary.json()["payee"] == "Keeper Kallu"
    fund = api.get("/api/v1/fund", MAGISTRATE, district="TESTPUR").json()["districts"][0]
    assert (fund["received"], fund["paid_out"], fund["balance"]) == (192, 168, 24)
    assert [
        (ln["at"], ln["in"], ln["out"], ln["balance"]) for ln in fund["statement"]["lines"]
    ] == [
        ("2026-03-03T16:00:00+05:30", 192, 0, 192),
        ("2026-03-03T17:00:00+05:30", 0, 120, 72),
        ("2026-03-03T17:00:00+05:30", 0, 48, 24),
    ]
    assert [(p["purpose"], p["keeper"], p["amount"]) for p in fund["payments"]] == [
        ("pound", None, 120),
        ("salary", "Keeper Kallu", 48),
    ]
    since = api.get("/api/v1/fund", MAGISTRATE, district="TESTPUR", since="2026-03-04").json()
    assert since["districts"][0]["statement"] == {
        "since": "2026-03-04",
        "opening_balance": 24,
        "opening_balance_text": "Rs 0-2-0",
        "lines": [],
    }


def test_only_the_districts_magistrate_may_order_a_payment(api: Api) -> None:
    """Sec XII, IV: others are answered 403 with the error envelope, and nothing is paid."""
    with_fines(api)
    for phone in EVERYONE_ELSE:
        r = api.post("/api/v1/fund/payments", phone, PAYMENT)
        assert r.status_code == 403, phone
        assert (r.json()["code"], r.json()["section"]) == ("not_authorised", "XII")
        assert set(r.json()) == {"code", "section", "detail", "details"}
    fund = api.get("/api/v1/fund", MAGISTRATE, district="TESTPUR").json()["districts"][0]
    assert (fund["paid_out"], fund["payments"]) == (0, [])


def test_a_payment_is_refused_with_its_reason(api: Api) -> None:
    with_fines(api)
    over = api.post("/api/v1/fund/payments", MAGISTRATE, PAYMENT | {"amount": "Rs 1-0-1"})
    assert over.status_code == 409
    assert over.json() == {
        "code": "fund_insufficient",
        "section": "XII",
        "detail": "the fund held Rs 1-0-0 then; Rs 1-0-1 cannot be paid out of it",
        "details": {"balance": 192, "amount": 193},
    }
    feast = api.post("/api/v1/fund/payments", MAGISTRATE, PAYMENT | {"purpose": "feast"})
    assert (feast.status_code, feast.json()["code"]) == (422, "invalid_request")
    no_pound = api.post("/api/v1/fund/payments", MAGISTRATE, PAYMENT | {"pound": None})
    assert (no_pound.status_code, no_pound.json()["section"]) == (422, "XII")
    nowhere = api.post("/api/v1/fund/payments", MAGISTRATE, PAYMENT | {"district": "NOWHERE"})
    assert nowhere.status_code == 404
    future = api.post("/api/v1/fund/payments", MAGISTRATE, PAYMENT | {"occurred_at": when(9)})
    assert (future.status_code, future.json()["code"]) == (422, "event_in_future")


ELEPHANT: dict[str, Any] = SEIZURE | {
    "animals": [{"kind": "elephant", "count": 1, "description": "tusker"}, {"kind": "cow"}]
}
ORDER: dict[str, Any] = {
    "kind": "elephant",
    "fine": "Rs 2-0-0",
    "per_day": "Rs 0-4-0",
    "order": "Fine Rs 2 a head and 4 annas a day for the elephant",
    "occurred_at": when(1, 9),
}


def test_an_elephant_is_registered_once_the_magistrate_has_ordered_its_fine(api: Api) -> None:
    """Practice G4, through the API."""
    act(
        api.world.db, load_jurisdiction_text, OTHER_DISTRICT, now=api.world.now, origin="other.toml"
    )
    r = api.post("/api/v1/seizures", CULTIVATOR, ELEPHANT)
    assert r.status_code == 201, r.text
    assert (r.json()["awaiting_order"], r.json()["fine"]) == (["elephant"], 48)
    ref = r.json()["ref"]
    early = api.post(f"/api/v1/seizures/{ref}/arrival", KEEPER, {"occurred_at": when(1, 10)})
    assert early.status_code == 409
    assert (early.json()["code"], early.json()["section"]) == ("kind_needs_order", "practice G4")
    for phone in EVERYONE_ELSE:
        refused = api.post(f"/api/v1/seizures/{ref}/kind-order", phone, ORDER)
        assert refused.status_code == 403, phone
        assert refused.json()["section"] == "practice G4"
    done = api.post(f"/api/v1/seizures/{ref}/kind-order", MAGISTRATE, ORDER)
    assert done.status_code == 201, done.text
    assert done.json() == {
        "order_id": 1,
        "kind": "elephant",
        "fine": 384,
        "per_day": 48,
        "valid_from": "2026-03-01",
        "ref": ref,
        "pound": None,
        "animals": {ref: [1]},
    }
    again = api.post(f"/api/v1/seizures/{ref}/kind-order", MAGISTRATE, ORDER)
    assert (again.status_code, again.json()["code"]) == (409, "conflict")
    arrived = api.post(f"/api/v1/seizures/{ref}/arrival", KEEPER, {"occurred_at": when(1, 11)})
    assert arrived.status_code == 200, arrived.text
    api.world.on(D(2026, 3, 2), 12)
    due = api.get(f"/api/v1/seizures/{ref}", OWNER).json()["due"]
    assert (due["fine"], due["feeding"], due["total_text"]) == (432, 2 * (48 + 9), "Rs 2-13-6")


def test_a_standing_order_for_a_pound(api: Api) -> None:
    act(
        api.world.db, load_jurisdiction_text, OTHER_DISTRICT, now=api.world.now, origin="other.toml"
    )
    for phone in EVERYONE_ELSE:
        r = api.post("/api/v1/pounds/TPR/kind-orders", phone, ORDER)
        assert (r.status_code, r.json()["code"]) == (403, "not_authorised"), phone
    r = api.post("/api/v1/pounds/tpr/kind-orders", MAGISTRATE, ORDER)
    assert r.status_code == 201, r.text
    assert (r.json()["pound"], r.json()["ref"], r.json()["fine"]) == ("TPR", None, 384)
    mine = api.post("/api/v1/pounds/OTP/kind-orders", OTHER_MAGISTRATE, ORDER)
    assert mine.status_code == 201, mine.text
    pigs = api.post("/api/v1/pounds/TPR/kind-orders", MAGISTRATE, ORDER | {"kind": "pigs"})
    assert (pigs.status_code, pigs.json()["code"], pigs.json()["section"]) == (
        409,
        "pigs_not_impoundable",
        "XVIII",
    )
    cows = api.post("/api/v1/pounds/TPR/kind-orders", MAGISTRATE, ORDER | {"kind": "heifer"})
    assert (cows.status_code, cows.json()["code"], cows.json()["section"]) == (
        422,
        "invalid_input",
        "VI",
    )
    assert api.post("/api/v1/pounds/NOPE/kind-orders", MAGISTRATE, ORDER).status_code == 404
    seized = api.post("/api/v1/seizures", CULTIVATOR, ELEPHANT)
    assert (seized.json()["awaiting_order"], seized.json()["fine"]) == ([], 384 + 48)


def test_a_death_writes_the_keepers_feeding_off_in_the_fund_statement(api: Api) -> None:
    """Practice G7, through the API."""
    ref = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE).json()["ref"]
    api.post(f"/api/v1/seizures/{ref}/arrival", KEEPER, {"occurred_at": when(1)})
    api.world.on(D(2026, 3, 3), 12)
    died = api.post(
        f"/api/v1/seizures/{ref}/death",
        KEEPER,
        {"occurred_at": when(3, 7), "animal": 3, "what": "died", "reason": "colic"},
    )
    assert died.status_code == 200, died.text
    assert (died.json()["due"]["fine"], died.json()["due"]["feeding"]) == (96, 54)
    written = api.get("/api/v1/fund", KEEPER).json()["districts"][0]["feeding_written_off"]
    assert (written["by_pound"], written["total_text"]) == ({"TPR": 36}, "Rs 0-3-0")


def test_a_pig_fine_is_paid_through_the_api_and_only_then_enters_the_fund(api: Api) -> None:
    """Sec XII, XVIII: a fine adjudged is owed to the fund, not in it, and cannot be paid out;
    the Magistrate records it paid (the compensation to the complainant first), and only what
    the fund received may be paid out. Nobody else records a fine paid."""
    act(
        api.world.db, load_jurisdiction_text, OTHER_DISTRICT, now=api.world.now, origin="other.toml"
    )
    api.world.on(D(2026, 3, 2), 11)
    case_id = api.post(
        "/api/v1/cases",
        CULTIVATOR,
        {
            "kind": "pigs",
            "accused": {"name": "Bhura Ahir", "residence": "Kemri", "phone": "+919777777771"},
            "village": "Rampur",
            "description": "his pigs rooted up my sugar-cane",
            "occurred_at": when(2),
        },
    ).json()["case_id"]
    api.world.on(D(2026, 3, 10), 12)
    decided = api.post(
        f"/api/v1/cases/{case_id}/decision",
        MAGISTRATE,
        {
            "occurred_at": when(10, 11),
            "convicted": True,
            "reasons": "the damage by the pigs of the accused is proved",
            "fine": "Rs 10-0-0",
            "compensation": "Rs 6-0-0",
        },
    )
    assert decided.status_code == 200, decided.text
    fund = api.get("/api/v1/fund?district=TESTPUR", MAGISTRATE).json()["districts"][0]
    assert (fund["owed"], fund["owed_text"], fund["received"], fund["balance"]) == (
        768,
        "Rs 4-0-0",
        0,
        0,
    )
    assert fund["owed_by"] == [
        {"source": f"case:{case_id}", "amount": 768, "amount_text": "Rs 4-0-0"}
    ]
    api.world.on(D(2026, 3, 12), 12)
    refused = api.post("/api/v1/fund/payments", MAGISTRATE, PAYMENT | {"occurred_at": when(12, 11)})
    assert refused.status_code == 409 or refused.status_code == 422, refused.text
    assert (refused.json()["code"], refused.json()["section"]) == ("fund_insufficient", "XII")
    body = {"occurred_at": when(12, 11), "amount": "Rs 10-0-0"}
    for phone in EVERYONE_ELSE:
        assert api.post(f"/api/v1/cases/{case_id}/fine-paid", phone, body).status_code == 403
    paid = api.post(f"/api/v1/cases/{case_id}/fine-paid", MAGISTRATE, body)
    assert paid.status_code == 201, paid.text
    assert paid.json() == paid.json() | {
        "section": "XVIII",
        "payer": "Bhura Ahir",
        "amount": 1920,
        "to_complainant": 1152,
        "to_fund": 768,
        "unpaid": 0,
    }
    again = api.post(f"/api/v1/cases/{case_id}/fine-paid", MAGISTRATE, body)
    assert (again.status_code, again.json()["code"]) == (422, "invalid_input")
    fund = api.get("/api/v1/fund?district=TESTPUR", MAGISTRATE).json()["districts"][0]
    assert (fund["owed"], fund["received"], fund["balance"]) == (0, 768, 768)
    r = api.post("/api/v1/fund/payments", MAGISTRATE, PAYMENT | {"occurred_at": when(12, 12)})
    assert r.status_code == 201, r.text
