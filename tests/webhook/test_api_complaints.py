"""The complaint routes (Sec XIV): who may complain, admit and decide; the refusals as 4xx with a
code and a section; the decision's answer saying what the seizer owes (G12, G14, G15)."""

from __future__ import annotations

from datetime import date
from typing import Any

import httpx

from tests.api_client import (
    CULTIVATOR,
    DAROGAH,
    KEEPER,
    MAGISTRATE,
    OWNER,
    POLICE,
    Api,
)
from tests.world import OTHER_MAGISTRATE, at, other_district_magistrate

D = date
STRANGER = {"name": "Ram Prasad", "residence": "Dhakia", "phone": "+919333333333"}


def ok(r: httpx.Response, status: int = 200) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body: dict[str, Any] = r.json()
    return body


def refused(r: httpx.Response, status: int, code: str, section: str | None) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body: dict[str, Any] = r.json()
    assert (body["code"], body["section"]) == (code, section)
    assert set(body) == {"code", "section", "detail", "details"}
    return body


def seized(api: Api, owner: dict[str, Any] | None) -> str:
    api.world.on(D(2026, 3, 1), 8, 30)
    ref = ok(
        api.post(
            "/api/v1/seizures",
            CULTIVATOR,
            {
                "ground": "trespass",
                "village": "Rampur",
                "place": "gram field",
                "damage": "ate gram",
                "occurred_at": at(D(2026, 3, 1), 8).isoformat(),
                "owner": owner,
                "animals": [{"kind": "bullock", "count": 2}],
            },
        ),
        201,
    )["ref"]
    api.world.on(D(2026, 3, 1), 11, 30)
    ok(
        api.post(
            f"/api/v1/seizures/{ref}/arrival",
            KEEPER,
            {"occurred_at": at(D(2026, 3, 1), 11).isoformat()},
        )
    )
    return str(ref)


def post(api: Api, path: str, phone: str, day: date, hour: int, **body: Any) -> httpx.Response:
    api.world.on(day, hour, 30)
    return api.post(path, phone, {"occurred_at": at(day, hour).isoformat(), **body})


def complain(api: Api, ref: str, phone: str, day: date, hour: int, **body: Any) -> httpx.Response:
    return post(
        api, f"/api/v1/seizures/{ref}/complaint", phone, day, hour, **({"text": "x"} | body)
    )


OWNER_BODY = {"name": "Mohan Lal", "residence": "Kemri", "phone": OWNER}


def test_a_decision_on_a_complaint_not_admitted_is_refused_with_section_xiv(api: Api) -> None:
    """Practice G15: 409 with the error envelope; the complaint stays pending."""
    ref = seized(api, OWNER_BODY)
    filed = ok(complain(api, ref, OWNER, D(2026, 3, 2), 10, text="on the road"), 201)
    assert (filed["status"], filed["standing"], filed["complaint_until"]) == (
        "pending",
        "owner_of_record",
        "2026-03-11",
    )
    cid = filed["complaint_id"]
    for outcome in ("lawful", "illegal"):
        body = refused(
            post(
                api,
                f"/api/v1/complaints/{cid}/decision",
                MAGISTRATE,
                D(2026, 3, 3),
                11,
                outcome=outcome,
                reasons="without a summons",
            ),
            409,
            "complaint_not_admitted",
            "XIV",
        )
        assert body["details"] == {"complaint_id": cid}
    view = ok(api.get(f"/api/v1/seizures/{ref}", OWNER))
    assert view["complaints"][0]["status"] == "pending"
    assert {a["status"] for a in view["animals"]} == {"impounded"}
    # Dismissal on examination needs no summons.
    done = ok(
        post(
            api,
            f"/api/v1/complaints/{cid}/decision",
            MAGISTRATE,
            D(2026, 3, 3),
            12,
            outcome="dismissed",
            reasons="not well founded",
        )
    )
    assert (done["outcome"], done["released"], done["seizer_owes"]) == ("dismissed", [], 0)
    refused(
        post(
            api,
            f"/api/v1/complaints/{cid}/admission",
            MAGISTRATE,
            D(2026, 3, 3),
            13,
            hearing="5 March",
        ),
        409,
        "complaint_decided",
        "XIV",
    )


def test_only_the_magistrate_of_the_district_admits_and_decides(api: Api) -> None:
    ref = seized(api, OWNER_BODY)
    cid = ok(complain(api, ref, OWNER, D(2026, 3, 2), 10), 201)["complaint_id"]
    other_district_magistrate(api.world)
    for phone in (KEEPER, DAROGAH, POLICE, OWNER, CULTIVATOR, OTHER_MAGISTRATE):
        refused(
            post(
                api,
                f"/api/v1/complaints/{cid}/admission",
                phone,
                D(2026, 3, 2),
                12,
                hearing="4 March, Sadar",
            ),
            403,
            "not_authorised",
            "XIV",
        )
    admitted = ok(
        post(
            api,
            f"/api/v1/complaints/{cid}/admission",
            MAGISTRATE,
            D(2026, 3, 2),
            13,
            hearing="4 March, Sadar",
        )
    )
    assert admitted == {"complaint_id": cid, "status": "admitted"}
    for phone in (KEEPER, DAROGAH, POLICE, OWNER, CULTIVATOR, OTHER_MAGISTRATE):
        refused(
            post(
                api,
                f"/api/v1/complaints/{cid}/decision",
                phone,
                D(2026, 3, 4),
                12,
                outcome="illegal",
                reasons="x",
            ),
            403,
            "not_authorised",
            "XIV",
        )
    refused(
        post(
            api,
            f"/api/v1/complaints/{cid}/decision",
            MAGISTRATE,
            D(2026, 3, 4),
            12,
            outcome="dismissed",
            reasons="x",
        ),
        409,
        "complaint_under_enquiry",
        "XIV",
    )
    decision = ok(
        post(
            api,
            f"/api/v1/complaints/{cid}/decision",
            MAGISTRATE,
            D(2026, 3, 4),
            15,
            outcome="illegal",
            reasons="seized on the road",
            damages="Rs 5-0-0",
            expenses="Rs 0-4-0",
        )
    )
    # Nothing was paid; fines 2 x 48 and feeding 4 days x 2 x 9 of the held bullocks.
    assert decision == decision | {
        "outcome": "illegal",
        "damages": 960,
        "expenses": 48,
        "released": [1, 2],
        "fines_repaid": 0,
        "held_charges": 96 + 72,
        "seizer_pays": 168,
        "owed_to_owner": 1008,
        "owed_to": api.world.owner,
        "seizer_owes": 1008 + 168,
    }
    assert decision["money"]["owed_to_owner_text"] == "Rs 5-4-0"
    assert decision["money"]["unit"] == "pie"
    # Sec XIV, XII: the seizer pays what he is charged; only a Magistrate of the district
    # records it. The held fines enter the fund, the feeding is the keeper's, the rest the owner's.
    for phone in (KEEPER, POLICE, DAROGAH, CULTIVATOR, OWNER):
        refused(
            post(api, f"/api/v1/complaints/{cid}/seizer-paid", phone, D(2026, 3, 5), 10, amount=1),
            403,
            "not_authorised",
            "XIV",
        )
    paid = ok(
        post(
            api,
            f"/api/v1/complaints/{cid}/seizer-paid",
            MAGISTRATE,
            D(2026, 3, 5),
            11,
            amount="Rs 6-2-0",
        ),
        201,
    )
    assert paid == paid | {
        "section": "XIV",
        "amount": 1176,
        "to_fund": 96,
        "to_keeper": 72,
        "to_owner": 1008,
        "unpaid": 0,
    }


def test_a_stranger_is_refused_while_an_owner_is_on_record_unless_his_agent(api: Api) -> None:
    """Sec XIV, practice G14."""
    ref = seized(api, OWNER_BODY)
    body = refused(
        complain(api, ref, CULTIVATOR, D(2026, 3, 2), 10),
        403,
        "complainant_not_owner",
        "XIV",
    )
    assert body["details"] == {"owner": "Mohan Lal"}
    filed = ok(complain(api, ref, CULTIVATOR, D(2026, 3, 2), 11, agent_name="Hari Singh"), 201)
    assert (filed["complainant_id"], filed["standing"]) == (api.world.owner, "owner_of_record")
    # One undecided complaint per complainant per seizure.
    refused(
        complain(api, ref, OWNER, D(2026, 3, 2), 12),
        409,
        "complaint_already_pending",
        "practice G14",
    )
    view = ok(api.get(f"/api/v1/seizures/{ref}", OWNER))
    assert [(c["status"], c["agent"]) for c in view["complaints"]] == [("pending", "Hari Singh")]


def test_with_no_owner_on_record_the_complainant_only_claims_to_be_the_owner(api: Api) -> None:
    """Practice G14: filing never sets the owner of record; the keeper records him."""
    ref = seized(api, None)
    filed = ok(complain(api, ref, CULTIVATOR, D(2026, 3, 2), 10, text="they are mine"), 201)
    assert filed["standing"] == "claiming_owner"
    view = ok(api.get(f"/api/v1/seizures/{ref}", KEEPER))
    assert view["owner"] is None
    assert view["complaints"][0]["complainant"] == {"name": "Hari Singh", "residence": "Rampur"}
    # The real owner's payment is accepted and receipted to him.
    paid = ok(
        post(
            api,
            f"/api/v1/seizures/{ref}/payment",
            KEEPER,
            D(2026, 3, 2),
            12,
            amount=2 * 48 + 2 * 2 * 9,
            payer=OWNER_BODY,
        )
    )
    assert "Signed: Mohan Lal" in paid["receipt"]
    assert "from Testpur thana pound on 02 Mar 2026" in paid["receipt"]
    assert ok(api.get(f"/api/v1/seizures/{ref}", OWNER))["owner"]["name"] == "Mohan Lal"


def test_a_verbal_complaint_taken_down_names_its_complainant(api: Api) -> None:
    ref = seized(api, None)
    refused(
        complain(api, ref, MAGISTRATE, D(2026, 3, 2), 10, mode="verbal"),
        422,
        "invalid_input",
        "XIV",
    )
    refused(
        complain(api, ref, OWNER, D(2026, 3, 2), 10, mode="verbal", complainant=OWNER_BODY),
        403,
        "not_authorised",
        "XIV",
    )
    filed = ok(
        complain(
            api,
            ref,
            MAGISTRATE,
            D(2026, 3, 2),
            11,
            mode="verbal",
            complainant={"name": "Bhola Nath", "residence": "Kemri"},
        ),
        201,
    )
    assert filed["standing"] == "claiming_owner"
    complaint = ok(api.get(f"/api/v1/seizures/{ref}", MAGISTRATE))["complaints"][0]
    assert (complaint["mode"], complaint["complainant"]["name"]) == ("verbal", "Bhola Nath")
    assert ok(api.get(f"/api/v1/seizures/{ref}", MAGISTRATE))["owner"] is None


def test_the_api_says_what_expenses_are_beside_what_is_already_counted(api: Api) -> None:
    """Sec XIV, G12: the decision's `expenses` are described beside `fines_repaid` in the
    OpenAPI schema, so a Magistrate's system does not enter the fines paid as expenses."""
    schema = api.client.get("/openapi.json").json()["components"]["schemas"]["DecisionBody"]
    said = schema["properties"]["expenses"]["description"]
    assert "procuring the release" in said and "fines_repaid" in said
    assert schema["properties"]["expenses_besides_repaid"]["default"] is False
