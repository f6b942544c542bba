"""The REST API acts and reads only as the token's person may: every role and place of the
matrix (tests/office/test_permissions.py), on both databases."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import httpx
import pytest

from tests.api_client import Api, CheckedClient
from tests.office.test_permissions import (
    MAY_RECORD_OFFENCE,
    MAY_REPORT_FOR_ANOTHER,
    OFFICERS_HERE,
    PHONES,
    PUBLIC_KEYS,
    ROLES,
    SEES,
    cast,
    load_cast,
)
from tests.webhook.test_api import SEIZURE
from tests.webhook.test_cases_api import CASE
from tests.world import at

pytestmark = pytest.mark.world_with.with_args(load_cast)  # the matrix's cast, loaded once

OTHER_DISTRICT = {"magistrate_other_district", "darogah_other_district", "keeper_other_district"}


def body(r: httpx.Response, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.text
    answer: dict[str, Any] = r.json()
    return answer


def refused(r: httpx.Response, code: str, section: str | None) -> None:
    """A 403 in the envelope of every refusal: code, section, detail, details."""
    answer = body(r, 403)
    assert set(answer) == {"code", "section", "detail", "details"}
    assert (answer["code"], answer["section"]) == (code, section)
    assert answer["detail"]


def seized(api: Api) -> str:
    return str(body(api.post("/api/v1/seizures", PHONES["seizer"], SEIZURE), 201)["ref"])


@pytest.mark.parametrize("role", ROLES)
def test_any_token_reads_a_seizure_but_only_parties_and_officers_see_who_and_what_is_due(
    api: Api, role: str
) -> None:
    cast(api.world)
    ref = seized(api)
    view = body(api.get(f"/api/v1/seizures/{ref}", PHONES[role]), 200)
    assert view["view"] == SEES[role].value
    text = json.dumps(view, ensure_ascii=False)
    if view["view"] == "public":
        assert set(view) == PUBLIC_KEYS
        for secret in ("Hari Singh", "Mohan Lal", "Kemri", PHONES["seizer"], PHONES["owner"]):
            assert secret not in text
        assert [a["kind"] for a in view["animals"]] == ["cow", "cow", "buffalo"]
        assert view["pound"]["code"] == "TPR"
    else:
        assert view["seizer"] == {"name": "Hari Singh", "residence": "Rampur"}
        assert view["owner"] == {"name": "Mohan Lal", "residence": "Kemri"}
        assert view["due"]["total"] == 192


@pytest.mark.parametrize("role", ROLES)
def test_records_with_no_public_view_answer_403_to_anyone_not_party_or_officer(
    api: Api, role: str
) -> None:
    cast(api.world)
    ref = seized(api)
    case = body(
        api.post(
            "/api/v1/cases",
            PHONES["seizer"],
            CASE | {"occurred_at": at(date(2026, 3, 1), 11).isoformat()},
        ),
        201,
    )["case_id"]
    phone = PHONES[role]
    officer = role in OFFICERS_HERE
    # The case is the complainant's (the seizer here), the accused's and the officers'.
    for path in (f"/api/v1/cases/{case}", f"/api/v1/cases/{case}/set-off"):
        r = api.get(path, phone)
        if officer or role == "seizer":
            assert r.status_code != 403, r.text
        else:
            refused(r, "record_not_open", None)
    # The owner's receipt after a Sec IX sale: none yet, which only those who may see it learn.
    r = api.get(f"/api/v1/seizures/{ref}/cattle-receipt", phone)
    if officer or role in ("seizer", "owner"):
        assert body(r, 404)["code"] == "not_found"
    else:
        refused(r, "record_not_open", None)
    # The register (Sec V) and the fund (Sec XII): the officers of the district.
    for path, params in (
        ("/api/v1/pounds/TPR/register", {}),
        ("/api/v1/pounds/DHK/register", {}),
        ("/api/v1/fund", {"district": "TESTPUR"}),
    ):
        r = api.get(path, phone, **params)
        if officer:
            body(r, 200)
        else:
            refused(r, "record_not_open", None)
    r = api.get("/api/v1/fund", phone)
    if officer or role in OTHER_DISTRICT:
        # Without a district: the funds of the districts he is an officer of.
        districts = [d["district"] for d in body(r, 200)["districts"]]
        assert districts == (["TESTPUR"] if officer else ["OTHERPUR"])
    else:
        refused(r, "record_not_open", None)


@pytest.mark.parametrize("role", ROLES)
def test_only_the_keeper_or_police_of_the_pound_report_a_seizure_for_another(
    api: Api, role: str
) -> None:
    cast(api.world)
    gopal = {"name": "Gopal Yadav", "residence": "Rampur", "phone": "+919444444444"}
    r = api.post("/api/v1/seizures", PHONES[role], SEIZURE | {"seizer": gopal})
    if role not in MAY_REPORT_FOR_ANOTHER:
        refused(r, "own_seizure_only", "II")
        return
    done = body(r, 201)
    assert done["reported_for"] == "Gopal Yadav"
    view = body(api.get(f"/api/v1/seizures/{done['ref']}", gopal["phone"]), 200)
    assert view["view"] == "party"
    assert view["seizer"]["name"] == "Gopal Yadav"
    assert view["reported_by"]["name"] != "Gopal Yadav"
    assert [h["action"] for h in view["history"]] == ["seizure_reported"]


def test_a_token_may_not_name_the_district_magistrate_as_its_seizer(api: Api) -> None:
    cast(api.world)
    magistrate = {"name": "Hari Singh", "residence": "Rampur", "phone": PHONES["magistrate_here"]}
    for role in ("seizer", "owner", "stranger"):
        r = api.post("/api/v1/seizures", PHONES[role], SEIZURE | {"seizer": magistrate})
        refused(r, "own_seizure_only", "II")


@pytest.mark.parametrize("role", ROLES)
def test_only_the_seizer_the_keeper_and_the_police_of_the_thana_record_opposition_or_rescue(
    api: Api, role: str
) -> None:
    cast(api.world)
    ref = seized(api)
    api.world.on(date(2026, 3, 1), 13)
    act = {
        "occurred_at": at(date(2026, 3, 1), 12, 30).isoformat(),
        "offenders": "Bhura Ahir of Kemri",
        "description": "took the buffalo back with a lathi on the road to the pound",
    }
    r = api.post(f"/api/v1/seizures/{ref}/offence", PHONES[role], act | {"kind": "rescue"})
    after = body(api.get(f"/api/v1/seizures/{ref}", PHONES["keeper_here"]), 200)
    if role in MAY_RECORD_OFFENCE:
        assert body(r, 201)["offence_id"] >= 1
        assert (after["status"], after["due"]["total"]) == ("closed", 0)
    else:
        refused(r, "offence_recorder_not_entitled", "XIII")
        assert (after["status"], after["due"]["total"]) == ("seized", 192)


def test_the_owners_messages_are_held_over_the_limit_and_the_answer_says_so(api: Api) -> None:
    """POUND_UNSOLICITED_PER_DAY, here 1: the seizure is recorded, its owner is not messaged."""
    from webhook.app import create_app

    world = api.world
    with CheckedClient(
        create_app(db=world.db, clock=lambda: world.now, unsolicited_per_day=1)
    ) as client:
        limited = Api(client, world)
        answers = [
            body(
                limited.post(
                    "/api/v1/seizures",
                    PHONES["seizer"],
                    SEIZURE | {"owner": {"name": "Kalu", "residence": "Kemri", "phone": phone}},
                ),
                201,
            )
            for phone in ("+919555000001", "+919555000002")
        ]
    assert [(a["owner_messages"], bool(a["notes"])) for a in answers] == [
        ("queued", False),
        ("held", True),
    ]
    assert "not message" in answers[1]["notes"][0]
