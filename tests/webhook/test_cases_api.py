"""The API of cases (Sec XVII, XVIII, XIX, XX) and of offences (XIII): routes, who may call them,
and refusals as the error envelope with the section."""

from __future__ import annotations

from datetime import date
from typing import Any

import httpx

from tests.api_client import CULTIVATOR, DAROGAH, KEEPER, MAGISTRATE, OWNER, POLICE, Api
from tests.ist import ist_iso
from tests.other_district import OTHER_MAGISTRATE, load_other

D = date


def ok(r: httpx.Response, status: int = 200) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body: dict[str, Any] = r.json()
    return body


def refused(r: httpx.Response, status: int, code: str, section: str | None) -> None:
    assert r.status_code == status, r.text
    body = r.json()
    assert (body["code"], body["section"]) == (code, section)
    assert body["detail"] and isinstance(body["details"], dict)


def when(api: Api, day: date, hour: int) -> str:
    """The clock at half past; the act, on the hour, in IST as the field gives it."""
    api.world.on(day, hour, 30)
    return ist_iso(day, hour)


CASE = {
    "kind": "mischief",
    "accused": {"name": "Bhura Ahir", "residence": "Kemri", "phone": "+919777777771"},
    "village": "Rampur",
    "description": "drove his cattle into my standing wheat at night",
}


def convicted(api: Api) -> int:
    case_id = int(
        ok(
            api.post(
                "/api/v1/cases", CULTIVATOR, CASE | {"occurred_at": when(api, D(2026, 3, 2), 10)}
            ),
            201,
        )["case_id"]
    )
    ok(
        api.post(
            f"/api/v1/cases/{case_id}/decision",
            MAGISTRATE,
            {
                "occurred_at": when(api, D(2026, 3, 10), 11),
                "convicted": True,
                "reasons": "trespass and damage proved",
                "fine": "Rs 20-0-0",
                "compensation": "Rs 12-0-0",
            },
        )
    )
    return case_id


ORDER = {
    "cattle": [{"kind": "cow", "count": 2, "description": "red"}, {"kind": "buffalo"}],
    "place": "the cattle shed behind his house",
}


def test_a_case_in_an_excluded_village_or_on_another_districts_seizure_is_refused(
    api: Api,
) -> None:
    """Sec XX: 409 excluded_tract for Jhadi; 422 seizure_of_another_district for a seizure of
    Otherpur."""
    load_other(api.world)
    start = when(api, D(2026, 3, 2), 10)
    for kind in ("mischief", "pigs"):
        r = api.post(
            "/api/v1/cases",
            CULTIVATOR,
            CASE | {"kind": kind, "village": "Jhadi", "occurred_at": start},
        )
        refused(r, 409, "excluded_tract", "XX")
    theirs = ok(
        api.post(
            "/api/v1/seizures",
            CULTIVATOR,
            {
                "ground": "trespass",
                "village": "Sonpur",
                "place": "the gram field",
                "damage": "grazed the gram",
                "occurred_at": start,
                "animals": [{"kind": "cow"}],
            },
        ),
        201,
    )["ref"]
    r = api.post("/api/v1/cases", CULTIVATOR, CASE | {"occurred_at": start, "seizure_ref": theirs})
    refused(r, 422, "seizure_of_another_district", "XX")
    assert theirs in r.json()["detail"]


def test_the_case_record_shows_decision_fine_compensation_and_recovery(api: Api) -> None:
    case_id = convicted(api)
    view = ok(api.get(f"/api/v1/cases/{case_id}", MAGISTRATE))
    assert (view["status"], view["section"], view["village"]) == ("convicted", "XVII", "Rampur")
    assert view["decision"] | {} == view["decision"] | {
        "convicted": True,
        "decided_on": "2026-03-10",
        "reasons": "trespass and damage proved",
    }
    assert view["fine"] | {} == view["fine"] | {"adjudged": 3840, "unpaid": 3840}
    assert view["compensation"]["ordered_text"] == "Rs 12-0-0"
    assert view["recovery"] == []
    refused(api.get("/api/v1/cases/999", OWNER), 404, "not_found", None)


def test_the_recovery_is_ordered_and_the_sale_recorded_by_the_right_officers(api: Api) -> None:
    """Sec XVII order by the Magistrate of the district; the sale by the Darogah of the thana;
    Sec X buyers and a lot not needed refused with their sections."""
    load_other(api.world)
    case_id = convicted(api)
    order = ORDER | {"occurred_at": when(api, D(2026, 3, 12), 11)}
    for phone in (OTHER_MAGISTRATE, KEEPER, DAROGAH, POLICE, CULTIVATOR):
        refused(
            api.post(f"/api/v1/cases/{case_id}/recovery-order", phone, order),
            403,
            "not_authorised",
            "XVII",  # the section of the act refused: the order of recovery by sale
        )
    done = ok(api.post(f"/api/v1/cases/{case_id}/recovery-order", MAGISTRATE, order), 201)
    assert (done["fine_due"], done["thana"], len(done["cattle"])) == (3840, "TESTPUR", 3)
    refused(
        api.post(f"/api/v1/cases/{case_id}/recovery-order", MAGISTRATE, order),
        409,
        "conflict",
        "XVII",
    )
    sold_at = when(api, D(2026, 3, 20), 11)

    def lot(n: int, name: str, phone: str, price: str) -> dict[str, Any]:
        return {"number": n, "buyer": {"name": name, "phone": phone}, "price": price}

    sale = {
        "occurred_at": sold_at,
        "expenses": "Rs 1-8-0",
        "place": "Rampur Monday market",
        "lots": [
            lot(1, "Ganga Ram", "+919555555551", "Rs 9-0-0"),
            lot(2, "Keeper Kallu", KEEPER, "Rs 8-0-0"),
        ],
    }
    path = f"/api/v1/cases/{case_id}/recovery-sale"
    refused(api.post(path, DAROGAH, sale), 409, "purchaser_is_official", "X")
    for phone in (MAGISTRATE, KEEPER, CULTIVATOR):
        refused(api.post(path, phone, sale), 403, "not_authorised", "XVII")
    three = [
        lot(1, "Ganga Ram", "+919555555551", "Rs 9-0-0"),
        lot(2, "Bhola", "+919555555552", "Rs 8-0-0"),
        lot(3, "Jumman", "+919555555553", "Rs 15-0-0"),
    ]
    refused(
        api.post(path, DAROGAH, sale | {"lots": [*three[:1], three[2], three[1]], "expenses": 0}),
        409,
        "recovery_covered",
        "XVII",
    )
    done = ok(api.post(path, DAROGAH, sale | {"lots": three}), 201)
    assert {k: done[k] for k in done if k not in ("account", "sale_id")} == {
        "case_id": case_id,
        "proceeds": 6144,
        "expenses_paid": 288,
        "fine_paid": 3840,
        "to_complainant": 2304,
        "to_fund": 1536,
        "balance_to_owner": 2016,
        "fine_unpaid": 0,
        "expenses_unpaid": 0,
    }
    view = ok(api.get(f"/api/v1/cases/{case_id}", CULTIVATOR))
    assert view["recovery"][0]["status"] == "executed"
    assert [lot["buyer"] for lot in view["recovery"][0]["sale"]["lots"]] == [
        "Ganga Ram",
        "Bhola",
        "Jumman",
    ]
    cert = ok(api.get(f"/api/v1/cases/{case_id}/set-off", CULTIVATOR))
    assert (cert["to_set_off"], cert["compensation_ordered"], cert["unit"]) == (2304, 2304, "pie")
    assert cert["lines"][0].startswith("CERTIFICATE OF COMPENSATION FOR SET-OFF")
    assert any("(Section XIX): Rs 12-0-0." in line for line in cert["lines"])


def test_a_pig_fine_is_not_recovered_by_sale(api: Api) -> None:
    start = when(api, D(2026, 3, 2), 10)
    case_id = ok(
        api.post("/api/v1/cases", CULTIVATOR, CASE | {"kind": "pigs", "occurred_at": start}), 201
    )["case_id"]
    ok(
        api.post(
            f"/api/v1/cases/{case_id}/decision",
            MAGISTRATE,
            {
                "occurred_at": when(api, D(2026, 3, 10), 11),
                "convicted": True,
                "reasons": "proved",
                "fine": "Rs 5",
            },
        )
    )
    r = api.post(
        f"/api/v1/cases/{case_id}/recovery-order",
        MAGISTRATE,
        ORDER | {"occurred_at": when(api, D(2026, 3, 12), 11)},
    )
    refused(r, 409, "no_recovery_by_sale", "XVII")


def test_the_magistrate_decides_an_offence_within_the_caps_of_sec_xiii(api: Api) -> None:
    ref = ok(
        api.post(
            "/api/v1/seizures",
            CULTIVATOR,
            {
                "ground": "trespass",
                "village": "Rampur",
                "place": "the cane field",
                "damage": "ate young cane",
                "occurred_at": when(api, D(2026, 3, 1), 8),
                "animals": [{"kind": "cow", "count": 2}],
            },
        ),
        201,
    )["ref"]
    offence_id = ok(
        api.post(
            f"/api/v1/seizures/{ref}/offence",
            CULTIVATOR,
            {
                "occurred_at": when(api, D(2026, 3, 1), 9),
                "kind": "opposition",
                "offenders": "Bhura Ahir of Kemri",
                "description": "stood in the way with a lathi and threatened me",
            },
        ),
        201,
    )["offence_id"]
    path = f"/api/v1/offences/{offence_id}/decision"
    body = {"occurred_at": when(api, D(2026, 3, 15), 11), "convicted": True, "reasons": "proved"}
    for phone in (KEEPER, DAROGAH, POLICE, CULTIVATOR):
        refused(api.post(path, phone, body | {"fine": 100}), 403, "not_authorised", "XIII")
    refused(api.post(path, MAGISTRATE, body | {"fine": "Rs 500-0-1"}), 409, "fine_over_cap", "XIII")
    refused(
        api.post(path, MAGISTRATE, body | {"prison_months": 7, "labour": False}),
        409,
        "imprisonment_over_cap",
        "XIII",
    )
    refused(api.post(path, MAGISTRATE, body), 422, "invalid_input", "XIII")
    done = ok(
        api.post(
            path,
            MAGISTRATE,
            body | {"prison_months": 2, "prison_days": 15, "labour": False, "fine": "Rs 50"},
        )
    )
    assert done == {
        "offence_id": offence_id,
        "convicted": True,
        "prison_months": 2,
        "prison_days": 15,
        "labour": False,
        "fine": 9600,
    }
    refused(api.post(path, MAGISTRATE, body | {"fine": 1}), 409, "conflict", "XIII")
    refused(api.post("/api/v1/offences/999/decision", MAGISTRATE, body), 404, "not_found", None)


def test_the_openapi_document_lists_the_case_routes(api: Api) -> None:
    paths = api.client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/v1/cases/{case_id}",
        "/api/v1/cases/{case_id}/set-off",
        "/api/v1/cases/{case_id}/recovery-order",
        "/api/v1/cases/{case_id}/recovery-sale",
        "/api/v1/offences/{offence_id}/decision",
    ):
        assert path in paths


def test_a_refusal_by_office_names_the_district_and_the_section_of_the_act_refused(
    api: Api,
) -> None:
    """The Magistrate of another district may not order a Testpur release (Sec VI), nor one
    who is not the keeper take a payment (VII): each is told whose act it is, and where."""
    load_other(api.world)
    from tests.webhook.test_api import SEIZURE

    ref = ok(api.post("/api/v1/seizures", CULTIVATOR, SEIZURE), 201)["ref"]
    ok(
        api.post(
            f"/api/v1/seizures/{ref}/arrival",
            KEEPER,
            {"occurred_at": when(api, D(2026, 3, 1), 10)},
        )
    )
    release = {"occurred_at": when(api, D(2026, 3, 1), 12), "reason": "wrongly seized"}
    r = api.post(f"/api/v1/seizures/{ref}/release-order", OTHER_MAGISTRATE, release)
    refused(r, 403, "not_authorised", "VI")
    assert r.json()["details"] == {"required": "magistrate", "district": "TESTPUR"}
    assert r.json()["detail"] == "only the magistrate of district TESTPUR may do this"
    pay = {"occurred_at": when(api, D(2026, 3, 1), 12), "amount": 282}
    r = api.post(f"/api/v1/seizures/{ref}/payment", DAROGAH, pay)
    refused(r, 403, "not_authorised", "VII")
    assert r.json()["details"] == {"required": "keeper:TPR", "district": "TESTPUR"}
    assert ok(api.get(f"/api/v1/seizures/{ref}", KEEPER))["status"] == "impounded"
