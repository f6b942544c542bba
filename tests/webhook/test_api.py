"""The REST API: auth, the seizure contract, errors as 4xx with a code and a section."""

from __future__ import annotations

from datetime import date
from typing import Any

from tests.api_client import CULTIVATOR, DAROGAH, KEEPER, OTHER_KEEPER, OWNER, Api
from tests.world import at

SEIZURE: dict[str, Any] = {
    "ground": "trespass",
    "village": "Rampur",
    "place": "the sugarcane field east of the well",
    "damage": "ate and trampled young cane",
    "occurred_at": at(date(2026, 3, 1), 8).isoformat(),
    "seizer": {"name": "Hari Singh", "residence": "Rampur", "phone": CULTIVATOR},
    "owner": {"name": "Mohan Lal", "residence": "Kemri", "phone": OWNER},
    "animals": [
        {"kind": "cow", "count": 2, "description": "red, white blaze"},
        {"kind": "buffalo", "count": 1, "description": ""},
    ],
}


def test_health_answers_with_the_database(api: Api) -> None:
    r = api.client.get("/healthz")
    assert r.status_code == 200
    assert r.json()["status"] == "ok"


def test_every_api_route_needs_a_known_bearer_token(api: Api) -> None:
    assert api.client.post("/api/v1/seizures", json=SEIZURE).status_code == 403
    r = api.client.get("/api/v1/fund", headers={"Authorization": "Bearer nonsense"})
    assert r.status_code == 403
    assert r.json()["code"] == "not_authorised"


def test_a_seizure_is_reported_and_read_back_with_due_and_deadlines(api: Api) -> None:
    r = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE)
    assert r.status_code == 201, r.text
    ref = r.json()["ref"]
    r = api.post(
        f"/api/v1/seizures/{ref}/arrival",
        KEEPER,
        {"occurred_at": at(date(2026, 3, 1), 10).isoformat(), "count": 3},
    )
    assert r.status_code == 200, r.text
    assert r.json()["register_no"] == "TPR/2026/1"
    api.world.on(date(2026, 3, 3), 12)
    body = api.get(f"/api/v1/seizures/{ref}", OWNER).json()
    assert body["status"] == "impounded"
    assert [(a["id"], a["kind"], a["status"]) for a in body["animals"]] == [
        (1, "cow", "impounded"),
        (2, "cow", "impounded"),
        (3, "buffalo", "impounded"),
    ]
    assert body["due"] == body["due"] | {
        "fine": 192,
        "feeding": 90,
        "total": 282,
        "total_text": "Rs 1-7-6",
    }
    assert body["deadlines"] | {} == body["deadlines"] | {
        "claim_until": "2026-03-08",
        "complaint_until": "2026-03-11",
        "sale_not_before": None,
    }
    assert [h["action"] for h in body["history"]] == ["seizure_reported", "arrival_registered"]


def test_payment_takes_the_profile_notation(api: Api) -> None:
    ref = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE).json()["ref"]
    when = at(date(2026, 3, 1), 10).isoformat()
    api.post(f"/api/v1/seizures/{ref}/arrival", KEEPER, {"occurred_at": when})
    short = api.post(
        f"/api/v1/seizures/{ref}/payment", KEEPER, {"occurred_at": when, "amount": "Rs 1-0-0"}
    )
    assert short.status_code == 409
    assert (short.json()["code"], short.json()["section"]) == ("release_without_fine", "VI")
    paid = api.post(
        f"/api/v1/seizures/{ref}/payment", KEEPER, {"occurred_at": when, "amount": "Rs 1-2-6"}
    )
    assert paid.status_code == 200, paid.text
    assert paid.json()["total"] == 222
    bad = api.post(
        f"/api/v1/seizures/{ref}/payment", KEEPER, {"occurred_at": when, "amount": "Rs 1-16-0"}
    )
    assert bad.status_code == 422
    assert bad.json()["code"] == "invalid_money"


def test_errors_are_json_with_a_stable_code_and_the_section(api: Api) -> None:
    pigs = api.post(
        "/api/v1/seizures", CULTIVATOR, SEIZURE | {"animals": [{"kind": "pig", "count": 2}]}
    )
    assert pigs.status_code == 409
    assert pigs.json()["code"] == "pigs_not_impoundable"
    assert pigs.json()["section"] == "XVIII"
    excluded = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE | {"village": "Jhadi"})
    assert (excluded.json()["code"], excluded.json()["section"]) == ("excluded_tract", "XX")
    missing = api.get("/api/v1/seizures/ZZZZZZ", OWNER)
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")
    malformed = api.post("/api/v1/seizures", CULTIVATOR, {"ground": "trespass"})
    assert (malformed.status_code, malformed.json()["code"]) == (422, "invalid_request")
    extra = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE | {"surprise": 1})
    assert extra.status_code == 422
    ref = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE).json()["ref"]
    wrong_pound = api.post(
        f"/api/v1/seizures/{ref}/arrival",
        OTHER_KEEPER,
        {"occurred_at": at(date(2026, 3, 1), 10).isoformat()},
    )
    assert (wrong_pound.status_code, wrong_pound.json()["code"]) == (403, "not_authorised")
    future = api.post(
        f"/api/v1/seizures/{ref}/arrival",
        KEEPER,
        {"occurred_at": at(date(2026, 3, 2), 10).isoformat()},
    )
    assert (future.status_code, future.json()["code"]) == (422, "event_in_future")
    naive = api.post(
        f"/api/v1/seizures/{ref}/arrival", KEEPER, {"occurred_at": "2026-03-01T04:00:00"}
    )
    assert (naive.status_code, naive.json()["code"]) == (422, "invalid_input")


def test_the_register_and_the_fund_are_readable(api: Api) -> None:
    ref = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE).json()["ref"]
    api.post(
        f"/api/v1/seizures/{ref}/arrival",
        KEEPER,
        {"occurred_at": at(date(2026, 3, 1), 10).isoformat()},
    )
    reg = api.get("/api/v1/pounds/TPR/register", KEEPER).json()
    assert [(r["number"], r["ref"], r["animals"]) for r in reg["rows"]] == [
        (1, ref, "2 cow, 1 buffalo")
    ]
    fund = api.get("/api/v1/fund", KEEPER).json()
    assert fund["districts"][0]["balance_text"] == "Rs 0-0-0"


def test_the_openapi_document_lists_every_act(api: Api) -> None:
    paths = api.client.get("/openapi.json").json()["paths"]
    for act in (
        "conveyance",
        "arrival",
        "payment",
        "release-order",
        "refusal",
        "death",
        "notice",
        "sale",
        "complaint",
    ):
        assert f"/api/v1/seizures/{{ref}}/{act}" in paths
    assert "/api/v1/complaints/{complaint_id}/decision" in paths
    assert api.client.get("/docs").status_code == 200


def test_a_sec_ix_sale_refuses_a_lot_not_needed_and_the_receipt_is_printable(api: Api) -> None:
    """Sec IX, G13: a lot after the dues are covered is a 409 with the envelope; the owner's
    receipt for the cattle handed back and the balance is read back as lines."""
    ref = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE).json()["ref"]
    api.post(
        f"/api/v1/seizures/{ref}/arrival",
        KEEPER,
        {"occurred_at": at(date(2026, 3, 1), 10).isoformat()},
    )
    api.world.on(date(2026, 3, 3), 12)
    r = api.post(
        f"/api/v1/seizures/{ref}/refusal",
        KEEPER,
        {"occurred_at": at(date(2026, 3, 3), 10).isoformat()},
    )
    assert r.status_code == 200, r.text
    missing = api.get(f"/api/v1/seizures/{ref}/cattle-receipt", OWNER)
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")
    buyer = {"name": "Ganga Ram", "residence": "Kemri", "phone": "+919555555555"}
    sale = {"occurred_at": at(date(2026, 3, 3), 11).isoformat(), "place": "Rampur market"}
    # Fines 192 and 3 days' feeding of two cows and a buffalo (90): Rs 10 for the buffalo covers it.
    lots = [
        {"animal": 3, "buyer": buyer, "price": "Rs 10-0-0"},
        {"animal": 1, "buyer": buyer, "price": 100},
    ]
    refused = api.post(f"/api/v1/seizures/{ref}/sale", DAROGAH, sale | {"lots": lots})
    assert refused.status_code == 409
    assert refused.json() == {
        "code": "lot_not_needed",
        "section": "IX",
        "detail": "the lots before animal 1 already cover the dues and the expenses of sale; "
        "no more cattle may be sold",
        "details": {"animal": 1, "due": 282, "covered_by": 1920},
    }
    done = api.post(f"/api/v1/seizures/{ref}/sale", DAROGAH, sale | {"lots": lots[:1]})
    assert done.status_code == 200, done.text
    assert done.json() | {} == done.json() | {
        "kind": "non_payment",
        "surplus": 1920 - 282,
        "still_due": 0,
        "handed_back": [1, 2],
        "still_held": [],
    }
    receipt = api.get(f"/api/v1/seizures/{ref}/cattle-receipt", OWNER)
    assert receipt.status_code == 200, receipt.text
    body = receipt.json()
    assert (body["animals"], body["balance"], body["balance_text"]) == ([1, 2], 1638, "Rs 8-8-6")
    assert body["owner"] == {"name": "Mohan Lal", "residence": "Kemri"}
    assert body["lines"][0] == f"Receipt under Section IX, seizure {ref}, Testpur thana pound."
    assert "the balance of the purchase money: Rs 8-8-6;" in body["lines"]
