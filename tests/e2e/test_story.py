"""Whole stories through the REST API, one act after another, as the people of the Act do them."""

from __future__ import annotations

from datetime import date
from typing import Any

from office.records.audit_verify import verify_chains
from tests.api_client import CULTIVATOR, DAROGAH, KEEPER, MAGISTRATE, OWNER, POLICE, Api
from tests.world import at


def ok(r: Any, status: int = 200) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body: dict[str, Any] = r.json()
    return body


def act(api: Api, ref: str, name: str, phone: str, day: date, hour: int, **body: Any) -> Any:
    api.world.on(day, hour, 30)
    return api.post(
        f"/api/v1/seizures/{ref}/{name}", phone, {"occurred_at": at(day, hour).isoformat(), **body}
    )


def test_unclaimed_cattle_go_from_seizure_to_auction_to_surplus_to_the_fund(api: Api) -> None:
    api.world.on(date(2026, 3, 1), 8, 30)
    ref = ok(
        api.post(
            "/api/v1/seizures",
            CULTIVATOR,
            {
                "ground": "trespass",
                "village": "Kemri",
                "place": "wheat field by the Kemri tank",
                "damage": "grazed two bighas of standing wheat",
                "occurred_at": at(date(2026, 3, 1), 7).isoformat(),
                "owner": None,
                "animals": [{"kind": "buffalo", "count": 2, "description": "black, young"}],
                "police_aid": True,
            },
        ),
        201,
    )["ref"]
    ok(act(api, ref, "conveyance", POLICE, date(2026, 3, 1), 9, note="walked them in"))
    arrival = ok(act(api, ref, "arrival", KEEPER, date(2026, 3, 1), 11, count=2))
    assert "Owner: not known" in arrival["copy"]
    # The pound as the district names it, "Testpur thana pound", once.
    assert arrival["copy"].startswith(
        "Copy of entry TPR/2026/1 in the register of Testpur thana pound (Sec V)."
    )
    assert arrival["claim_until"] == "2026-03-08"

    # Nobody claims; on the eighth day the keeper reports to the Darogah (Sec VIII).
    assert act(api, ref, "unclaimed", KEEPER, date(2026, 3, 8), 18).status_code == 409
    ok(act(api, ref, "unclaimed", KEEPER, date(2026, 3, 9), 9))
    notice = ok(
        act(
            api,
            ref,
            "notice",
            DAROGAH,
            date(2026, 3, 9),
            15,
            proclaimed_in=["Kemri village", "Rampur Monday market"],
        )
    )
    assert notice["sale_not_before"] == "2026-03-17"
    early = act(api, ref, "sale", DAROGAH, date(2026, 3, 16), 11, lots=[], place="x")
    assert early.status_code == 422  # no lots at all is malformed before anything else
    lots = [
        {"animal": 1, "buyer": {"name": "Ganga Ram", "residence": "Kemri"}, "price": "Rs 9-0-0"},
        {"animal": 2, "buyer": {"name": "Bhola", "residence": "Patwai"}, "price": "Rs 7-0-0"},
    ]
    early = act(api, ref, "sale", DAROGAH, date(2026, 3, 16), 11, lots=lots, place="market")
    assert (early.status_code, early.json()["code"]) == (409, "sale_not_yet_due")
    sale = ok(
        act(
            api,
            ref,
            "sale",
            DAROGAH,
            date(2026, 3, 17),
            11,
            lots=lots,
            place="Rampur market",
            expenses="Rs 0-8-0",
        )
    )
    # Proceeds Rs 16; expenses 96 pies; fines 2 x 96; feeding 17 days x 2 x 12 = 408.
    proceeds = 16 * 192
    assert sale["proceeds"] == proceeds
    assert sale["surplus"] == proceeds - 96 - 192 - 408
    assert sale["surplus_claim_until"] == "2026-06-17"
    for item in ("seized", "impounded", "sold", "proceeds"):
        assert item in sale["account"].lower()

    view = ok(api.get(f"/api/v1/seizures/{ref}", KEEPER))
    assert view["status"] == "closed"
    assert {a["status"] for a in view["animals"]} == {"sold"}
    assert view["surplus"]["status"] == "deposited"
    fund = ok(api.get("/api/v1/fund", MAGISTRATE))["districts"][0]
    assert (fund["fines"], fund["unclaimed_surplus"]) == (192, 0)
    assert fund["deposits_held"] == sale["surplus"]

    # Three months pass with no claim: the surplus joins the Sec XII fund.
    api.world.on(date(2026, 6, 17), 22)
    assert ok(api.post("/api/v1/fund/transfers?district=TESTPUR", MAGISTRATE, {}))["moved"] == []
    api.world.on(date(2026, 6, 18), 9)
    refused = api.post("/api/v1/fund/transfers?district=TESTPUR", KEEPER, {})
    assert refused.status_code == 403
    moved = ok(api.post("/api/v1/fund/transfers?district=TESTPUR", MAGISTRATE, {}))["moved"]
    assert moved == [sale["surplus_deposit_id"]]
    fund = ok(api.get("/api/v1/fund", MAGISTRATE))["districts"][0]
    assert fund["unclaimed_surplus"] == sale["surplus"]
    assert fund["balance"] == 192 + sale["surplus"]
    assert fund["deposits_held"] == 0

    history = [h["action"] for h in ok(api.get(f"/api/v1/seizures/{ref}", KEEPER))["history"]]
    assert history == [
        "seizure_reported",
        "police_aid_requested",
        "conveyance_confirmed",
        "arrival_registered",
        "reported_unclaimed",
        "notice_posted",
        "sale_recorded",
        "surplus_to_fund",
    ]
    assert all(r.ok for r in verify_chains(api.world.db))


def test_a_complaint_stays_the_sale_and_is_decided_for_the_owner(api: Api) -> None:
    api.world.on(date(2026, 3, 1), 8, 30)
    ref = ok(
        api.post(
            "/api/v1/seizures",
            CULTIVATOR,
            {
                "ground": "trespass",
                "village": "Rampur",
                "place": "gram field",
                "damage": "ate gram",
                "occurred_at": at(date(2026, 3, 1), 7).isoformat(),
                "owner": {"name": "Mohan Lal", "residence": "Kemri", "phone": OWNER},
                "animals": [{"kind": "bullock", "count": 2}],
            },
        ),
        201,
    )["ref"]
    ok(act(api, ref, "arrival", KEEPER, date(2026, 3, 1), 11))
    ok(act(api, ref, "refusal", KEEPER, date(2026, 3, 2), 10, note="will not pay"))
    complaint = ok(
        act(
            api,
            ref,
            "complaint",
            OWNER,
            date(2026, 3, 3),
            10,
            text="My bullocks were on the road, not in his field.",
        ),
        201,
    )
    lots = [{"animal": 1, "buyer": {"name": "Ganga Ram", "residence": "Kemri"}, "price": 900}]
    stayed = act(api, ref, "sale", DAROGAH, date(2026, 3, 4), 11, lots=lots, place="market")
    assert (stayed.status_code, stayed.json()["code"], stayed.json()["section"]) == (
        409,
        "sale_stayed_by_complaint",
        "IX",
    )
    api.world.on(date(2026, 3, 4), 12, 30)
    admitted = api.post(
        f"/api/v1/complaints/{complaint['complaint_id']}/admission",
        MAGISTRATE,
        {"occurred_at": at(date(2026, 3, 4), 12).isoformat(), "hearing": "6 March, Sadar"},
    )
    assert ok(admitted)["status"] == "admitted"
    api.world.on(date(2026, 3, 6), 16)
    decision = ok(
        api.post(
            f"/api/v1/complaints/{complaint['complaint_id']}/decision",
            MAGISTRATE,
            {
                "occurred_at": at(date(2026, 3, 6), 15).isoformat(),
                "outcome": "illegal",
                "reasons": "the cattle were seized on the public road",
                "damages": "Rs 5-0-0",
                "expenses": "Rs 0-4-0",
            },
        )
    )
    assert decision["released"] == [1, 2]
    # Fines 2 x 48 and feeding 6 days x 2 x 9 fall on the seizer (Sec XIV).
    assert decision["seizer_pays"] == 96 + 108
    over = api.post(
        f"/api/v1/complaints/{complaint['complaint_id']}/decision",
        MAGISTRATE,
        {"occurred_at": at(date(2026, 3, 6), 15).isoformat(), "outcome": "lawful", "reasons": "x"},
    )
    assert over.status_code == 409
    view = ok(api.get(f"/api/v1/seizures/{ref}", OWNER))
    assert view["status"] == "closed"
    assert {a["status"] for a in view["animals"]} == {"released_by_order"}
    assert view["complaints"][0]["status"] == "illegal"
    assert view["due"]["total"] == 0
    assert all(r.ok for r in verify_chains(api.world.db))
