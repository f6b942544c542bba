"""GET /api/v1/search/held: the cattle held now near a village (practice G18), for anyone,
without a token, telling what the Sec VIII notice shows and the amount due, never a name, a
home or a phone; bounded inputs, errors in the envelope. On SQLite and PostgreSQL."""

from __future__ import annotations

import json

from tests.api_client import Api
from tests.owner_search_world import SEIZER_NAME, SEIZER_PHONE, Held, load_milak

PATH = "/api/v1/search/held"


def held_near(api: Api) -> Held:
    return load_milak(api.world)


def test_anyone_finds_the_cattle_held_near_a_village_without_signing_in(api: Api) -> None:
    held = held_near(api)
    r = api.client.get(PATH, params={"district": "milak", "village": "पटवई", "kind": "cows"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["district"] == "MILAK" and body["village"] == "Patwai"
    assert body["village_names"] == {"hi": "पटवाई", "bn": "পটওয়াই"}
    # Patwai's own pound first, then the other pound at its thana (G18); not Saifni's.
    assert [p["code"] for p in body["pounds"]] == ["MLK", "BHT"]
    assert body["kind"] == "cow" and body["as_of"] == "2026-03-03"
    [found] = body["held"]
    assert found["ref"] == held.bhot
    assert found["pound"] == {"code": "BHT", "name": "Bhot pound", "thana": "MILAK"}
    assert found["village"] == "Bhot" and found["seized_on"] == "2026-03-01"
    assert found["in_pound"] and found["impounded_on"] == "2026-03-01"
    assert found["heads"] == 3
    assert found["animals"] == [{"kind": "cow", "description": "सफ़ेद white", "count": 3}]
    assert found["due"]["total"] == 225 and found["due"]["total_text"] == "Rs 1-2-9"
    assert found["due"]["per_day"] == 27 and found["due"]["unit"] == "pie"
    assert found["deadlines"] == {
        "claim_until": "2026-03-08",
        "complaint_until": "2026-03-11",
        "sale_not_before": None,
        "next": "claim",
        "next_on": "2026-03-08",
    }
    # Nothing of the people: no seizer, no owner or payer, no keeper, no phone.
    text = json.dumps(body, ensure_ascii=False)
    for private in (SEIZER_NAME, SEIZER_PHONE, "Nandu", "Keeper", "+91", "9400000"):
        assert private not in text, private
    assert held.released not in text and held.saifni not in text


def test_without_a_kind_every_head_held_is_listed_the_closest_count_first(api: Api) -> None:
    held = held_near(api)
    r = api.client.get(PATH, params={"village": "Kakrauwa", "number": 2})
    assert r.status_code == 200, r.text
    refs = [h["ref"] for h in r.json()["held"]]
    # Two buffaloes on the way to the Milak pound match "2" better than three cows.
    assert refs == [held.patwai, held.bhot]
    patwai = r.json()["held"][0]
    assert not patwai["in_pound"] and patwai["impounded_on"] is None
    assert patwai["due"]["fine"] == 192 and patwai["due"]["feeding"] == 0


def test_an_excluded_village_is_searched_in_every_pound_of_its_district(api: Api) -> None:
    held = held_near(api)
    r = api.client.get(PATH, params={"village": "Chamraua", "district": "MILAK", "kind": "cow"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["excluded"] and [p["code"] for p in body["pounds"]] == ["BHT", "MLK", "SFN"]
    assert sorted(h["ref"] for h in body["held"]) == sorted([held.bhot, held.saifni])


def test_the_openapi_schema_documents_the_search(api: Api) -> None:
    schema = api.client.get("/openapi.json").json()
    route = schema["paths"][PATH]["get"]
    assert "security" not in route
    ok = route["responses"]["200"]["content"]["application/json"]["schema"]
    assert ok == {"$ref": "#/components/schemas/HeldSearchOut"}
    assert route["responses"]["404"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ErrorBody"
    }
    fields = schema["components"]["schemas"]["HeldSeizureOut"]["properties"]
    assert "owner" not in fields and "seizer" not in fields and "due" in fields
    params = {p["name"]: p for p in route["parameters"]}
    assert params["village"]["required"] and params["village"]["schema"]["maxLength"] == 120
    [bounded] = [o for o in params["number"]["schema"]["anyOf"] if o.get("type") == "integer"]
    assert (bounded["minimum"], bounded["maximum"]) == (1, 500)


def test_an_unknown_village_is_a_404_that_names_the_close_ones(api: Api) -> None:
    held_near(api)
    r = api.client.get(PATH, params={"village": "Patwaii", "district": "MILAK"})
    assert r.status_code == 404
    body = r.json()
    assert body["code"] == "not_found"
    assert body["details"]["close"] == [{"name": "Patwai", "district": "MILAK"}]
    r = api.client.get(PATH, params={"village": "Patwai", "district": "TESTPUR"})
    assert r.status_code == 404


def test_inputs_out_of_bounds_are_422_and_pigs_are_refused_by_sec_xviii(api: Api) -> None:
    held_near(api)
    for params in (
        {},
        {"village": ""},
        {"village": "x" * 121},
        {"village": "Patwai", "number": 0},
        {"village": "Patwai", "number": 501},
        {"village": "Patwai", "kind": "k" * 33},
        {"village": "Patwai", "district": "MILAK; drop"},
        {"village": "Pat\x00wai"},
    ):
        r = api.client.get(PATH, params=params)
        assert r.status_code == 422, params
        assert r.json()["code"] == "invalid_request", params
    r = api.client.get(PATH, params={"village": "Patwai", "kind": "dragon"})
    assert (r.status_code, r.json()["code"]) == (422, "unknown_animal_kind")
    r = api.client.get(PATH, params={"village": "Patwai", "kind": "pigs"})
    assert (r.status_code, r.json()["code"], r.json()["section"]) == (
        409,
        "pigs_not_impoundable",
        "XVIII",
    )
