"""Bounded inputs, clear errors, no 5xx: a number or time out of range is a 422, every error is
the envelope (code, section, detail, details), a database away is a 503 with Retry-After."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import func, select

from models import Database, Seizure
from tests.api_client import CULTIVATOR, KEEPER, MAGISTRATE, Api
from tests.databases import PG_ADMIN_URL, _pg_exec
from tests.webhook.test_api import SEIZURE
from tests.world import World, at
from webhook.app import create_app

ENVELOPE = {"code", "section", "detail", "details"}


def enveloped(r: Any, status: int, code: str | None = None) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == ENVELOPE, body
    if code is not None:
        assert body["code"] == code, body
    return dict(body)


# --- numbers and times out of range --------------------------------------------------------


@pytest.mark.parametrize("year", [2**31, 2**63, 10**30, 0, -1, 1])
def test_a_register_year_out_of_range_is_a_422(api: Api, year: int) -> None:
    r = api.get("/api/v1/pounds/TPR/register", KEEPER, year=year)
    enveloped(r, 422, "invalid_request")


@pytest.mark.parametrize("number", [2**31, 2**63, 10**30, 0])
def test_a_path_id_out_of_range_is_a_422(api: Api, number: int) -> None:
    enveloped(api.get(f"/api/v1/cases/{number}", MAGISTRATE), 422, "invalid_request")
    when = at(date(2026, 3, 1), 10).isoformat()
    admitted = api.post(
        f"/api/v1/complaints/{number}/admission", MAGISTRATE, {"hearing": "x", "occurred_at": when}
    )
    enveloped(admitted, 422, "invalid_request")


def test_a_path_id_in_range_but_unknown_is_a_404(api: Api) -> None:
    enveloped(api.get(f"/api/v1/cases/{2**31 - 1}", MAGISTRATE), 404, "not_found")


def _order(fine: Any, per_day: Any = 12) -> dict[str, Any]:
    return {
        "kind": "elephant",
        "fine": fine,
        "per_day": per_day,
        "order": "Order No. 4 of 2026",
        "occurred_at": at(date(2026, 3, 1), 9).isoformat(),
    }


def test_money_past_two_to_the_31_pies_is_kept_whole(api: Api) -> None:
    # An INTEGER column on PostgreSQL stops at 2^31 - 1: money is BIGINT.
    fine = 2**31 + 7
    r = api.post("/api/v1/pounds/TPR/kind-orders", MAGISTRATE, _order(fine, 2**33))
    assert r.status_code == 201, r.text
    assert (r.json()["fine"], r.json()["per_day"]) == (fine, 2**33)


@pytest.mark.parametrize("amount", [10**30, 2**63, 10**15 + 1, -1, "Rs 99999999999999999"])
def test_money_past_the_bound_is_a_422(api: Api, amount: Any) -> None:
    r = api.post("/api/v1/pounds/TPR/kind-orders", MAGISTRATE, _order(amount))
    assert enveloped(r, 422)["code"] in {"invalid_request", "invalid_money"}


def test_expenses_of_ten_to_the_thirty_are_a_422(api: Api) -> None:
    ref = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE).json()["ref"]
    sale = {
        "lots": [{"animal": 1, "buyer": {"name": "Ram"}, "price": 100}],
        "expenses": 10**30,
        "place": "the pound gate",
        "occurred_at": at(date(2026, 3, 1), 11).isoformat(),
    }
    enveloped(api.post(f"/api/v1/seizures/{ref}/sale", KEEPER, sale), 422, "invalid_request")


@pytest.mark.parametrize(
    "when",
    [
        "0001-01-01T00:00:00+05:30",
        "0001-01-01T00:00:00-03:00",
        "1856-12-31T23:59:59Z",
        "9999-12-31T23:59:59-03:00",
        "yesterday",
        "2026-02-30T10:00:00+05:30",
        "",
    ],
)
def test_a_time_before_the_act_or_unreadable_is_a_422(api: Api, when: str) -> None:
    r = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE | {"occurred_at": when})
    enveloped(r, 422, "invalid_request")


@pytest.mark.parametrize("field", ["place", "damage"])
def test_text_the_database_cannot_store_is_a_422(api: Api, field: str) -> None:
    r = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE | {field: "the field\x00east"})
    enveloped(r, 422, "invalid_request")


def test_a_phone_that_is_not_one_is_a_422_with_how_to_write_it(api: Api) -> None:
    owner = {"name": "Ram Lal", "residence": "Kemri", "phone": "98300"}
    body = enveloped(
        api.post("/api/v1/seizures", CULTIVATOR, SEIZURE | {"owner": owner}), 422, "invalid_phone"
    )
    assert body["details"]["international"] == "+91 81234 56789"
    local = {"name": "Ram Lal", "residence": "Kemri", "phone": "098300 00005"}
    r = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE | {"owner": local})
    assert r.status_code == 201, r.text


# --- values taken only as JSON writes them ---------------------------------------------------


def seizures_recorded(api: Api) -> int:
    with api.world.db.reading() as s:
        return int(s.exec(select(func.count()).select_from(Seizure)).one())


@pytest.mark.parametrize(
    "change",
    [
        {"occurred_at": 1772332200},  # seconds since 1970: no time of an act
        {"occurred_at": 1772332200.0},
        {"animals": [{"kind": "cow", "count": True}]},  # true is no count
        {"animals": [{"kind": "cow", "count": 2.0}]},
        {"animals": [{"kind": "cow", "count": "2"}]},
        {"police_aid": "yes"},  # "yes" is text, not true
        {"police_aid": 1},
    ],
)
def test_a_value_of_another_json_type_is_a_422_and_records_nothing(
    api: Api, change: dict[str, Any]
) -> None:
    r = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE | change)
    body = enveloped(r, 422, "invalid_request")
    assert body["details"]["errors"], body
    assert seizures_recorded(api) == 0


def test_an_amount_of_true_is_no_pie_and_a_head_numbered_by_text_is_still_read(api: Api) -> None:
    ref = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE).json()["ref"]
    arrived = api.post(
        f"/api/v1/seizures/{ref}/arrival",
        KEEPER,
        # A JSON object's keys are text: the head's number as a key is read as a number.
        {"occurred_at": at(date(2026, 3, 1), 10).isoformat(), "descriptions": {"1": "red cow"}},
    )
    assert arrived.status_code == 200, arrived.text
    paid = api.post(
        f"/api/v1/seizures/{ref}/payment",
        KEEPER,
        {"occurred_at": at(date(2026, 3, 1), 11).isoformat(), "amount": True},
    )
    enveloped(paid, 422, "invalid_request")
    assert api.get(f"/api/v1/seizures/{ref}", KEEPER).json()["status"] == "impounded"


@pytest.mark.parametrize(
    "content",
    [
        b'{"place": "\xff\xfe"}'.decode("unicode_escape").encode("latin-1"),  # not UTF-8
        b"[" * 20_000 + b"]" * 20_000,  # past the decoder's depth, within the size cap
        b'{"animals": [{"kind": "cow", "count": ' + b"9" * 5000 + b"}]}",  # 5,000 digits
    ],
    ids=["not-utf8", "deep", "long-number"],
)
def test_a_body_the_json_decoder_cannot_read_is_a_422_envelope(api: Api, content: bytes) -> None:
    r = api.client.post(
        "/api/v1/seizures",
        content=content,
        headers=api.as_(CULTIVATOR) | {"Content-Type": "application/json"},
    )
    body = enveloped(r, 422, "invalid_request")
    assert "JSON" in body["detail"]
    assert seizures_recorded(api) == 0


# --- every error in the envelope -----------------------------------------------------------


def test_a_body_that_is_not_json_is_a_422_envelope(api: Api) -> None:
    r = api.client.post(
        "/api/v1/seizures",
        content=b'{"ground": "trespass",',
        headers=api.as_(CULTIVATOR) | {"Content-Type": "application/json"},
    )
    body = enveloped(r, 422, "invalid_request")
    assert "JSON" in body["detail"]


def test_an_unknown_route_is_a_404_envelope(api: Api) -> None:
    enveloped(api.client.get("/api/v1/no-such-thing"), 404, "not_found")
    enveloped(api.client.get("/nowhere"), 404, "not_found")


def test_a_method_not_allowed_is_a_405_envelope_with_allow(api: Api) -> None:
    r = api.client.delete("/api/v1/fund", headers=api.as_(KEEPER))
    enveloped(r, 405, "method_not_allowed")
    assert "GET" in r.headers["allow"]


def test_anything_else_is_a_500_envelope_that_tells_nothing_inside(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    from office.views import fund_statement

    def broken(*_a: Any, **_k: Any) -> Any:
        raise RuntimeError("secret inner state")

    monkeypatch.setattr(fund_statement, "fund_view", broken)
    api = Api(
        TestClient(create_app(db=world.db, clock=lambda: world.now), raise_server_exceptions=False),
        world,
    )
    body = enveloped(api.get("/api/v1/fund", KEEPER), 500, "internal_error")
    assert "secret" not in str(body)


def test_the_openapi_schema_declares_the_envelope_for_errors(api: Api) -> None:
    spec = api.client.get("/openapi.json").json()
    assert set(spec["components"]["schemas"]["ErrorBody"]["required"]) == ENVELOPE
    for path, item in spec["paths"].items():
        if not path.startswith("/api/"):
            continue
        for op in item.values():
            for status in ("403", "404", "422", "503"):
                ref = op["responses"][status]["content"]["application/json"]["schema"]["$ref"]
                assert ref.endswith("/ErrorBody"), (path, status)


# --- the database away -----------------------------------------------------------------------


@pytest.fixture
def away(world: World, tmp_path: Path) -> Iterator[Database]:
    """A database handle that cannot be reached: SQLite on a path that cannot be opened, or
    PostgreSQL on a port where nothing listens."""
    if world.db.is_sqlite:
        unreadable = Database(f"sqlite:///{tmp_path / 'no-such-dir' / 'pound.db'}")
    else:
        base, _, _ = PG_ADMIN_URL.rpartition("/")
        unreadable = Database(base.replace("127.0.0.1:5432", "127.0.0.1:1") + "/pound")
    yield unreadable
    unreadable.dispose()


# GET /metrics answers loopback clients when no token is set (webhook/metrics.py).
LOOPBACK = ("127.0.0.1", 50000)


def _unavailable(r: Any) -> None:
    body = enveloped(r, 503, "unavailable")
    assert int(r.headers["retry-after"]) > 0
    assert body["details"]["retry_after"] == int(r.headers["retry-after"])


def test_with_the_database_away_the_api_and_metrics_answer_503_with_retry_after(
    world: World, away: Database
) -> None:
    app = create_app(db=away, clock=lambda: world.now)
    with TestClient(app, raise_server_exceptions=False, client=LOOPBACK) as client:
        headers = {"Authorization": "Bearer pnd_anything"}
        _unavailable(client.get("/api/v1/fund", headers=headers))
        _unavailable(client.post("/api/v1/seizures", json=SEIZURE, headers=headers))
        _unavailable(client.get("/metrics"))
        health = client.get("/healthz")
        assert health.status_code == 503
        assert int(health.headers["Retry-After"]) > 0


def test_a_postgresql_database_dropped_under_the_app_is_a_503(world: World) -> None:
    if world.db.is_sqlite:
        pytest.skip("a database dropped under the app: on the server database only")
    api = Api(
        TestClient(
            create_app(db=world.db, clock=lambda: world.now),
            raise_server_exceptions=False,
            client=LOOPBACK,
        ),
        world,
    )
    headers = api.as_(KEEPER)
    assert api.client.get("/api/v1/fund", headers=headers).status_code == 200
    name = world.db.engine.url.database
    _pg_exec(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    _unavailable(api.client.get("/api/v1/fund", headers=headers))
    _unavailable(api.client.get("/metrics"))
