"""Idempotency-Key on every POST of the REST API: a request sent again is answered once.

A client that did not hear the answer (a time-out, a dropped connection, the server dying after
its commit) sends the request again. With the same key, its person's, the same request within
24 hours gets the first answer again and changes nothing; another request under that key is
409 `idempotency_key_reused`; a 5xx is never kept, so the retry runs the act.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlmodel import func, select

import office.acts.seizer.report
import webhook.idempotency
from bot.sender import Sender
from models import AuditEvent, IdempotencyKey, Outbox, Seizure
from pound.worker import Worker
from tests.api_client import CULTIVATOR, KEEPER, OWNER, Api
from tests.world import at

SEIZURE: dict[str, Any] = {
    "ground": "trespass",
    "village": "Rampur",
    "place": "the sugarcane field east of the well",
    "damage": "ate and trampled young cane",
    "occurred_at": at(date(2026, 3, 1), 8).isoformat(),
    "seizer": {"name": "Hari Singh", "residence": "Rampur", "phone": CULTIVATOR},
    "owner": {"name": "Mohan Lal", "residence": "Kemri", "phone": OWNER},
    "animals": [{"kind": "cow", "count": 2, "description": "red, white blaze"}],
}
KEY = "4f1c2a9e-7b3d-4e8a-9c1f-0d2e3b4a5c6d"


def post(api: Api, path: str, phone: str, body: Any, key: str | None = KEY) -> httpx.Response:
    headers = api.as_(phone)
    if key is not None:
        headers["Idempotency-Key"] = key
    return api.client.post(path, json=body, headers=headers)


def counts(api: Api) -> dict[str, int]:
    with api.world.db.reading() as s:
        return {
            t.__name__: int(s.exec(select(func.count()).select_from(t)).one())
            for t in (Seizure, AuditEvent, Outbox, IdempotencyKey)
        }


def test_the_same_key_and_request_again_gets_the_first_answer_and_changes_nothing(
    api: Api,
) -> None:
    first = post(api, "/api/v1/seizures", CULTIVATOR, SEIZURE)
    after_first = counts(api)
    api.world.tick(minutes=3)
    # The same request as another client library would send it: keys in another order.
    again = post(api, "/api/v1/seizures", CULTIVATOR, dict(reversed(list(SEIZURE.items()))))

    assert first.status_code == 201, first.text
    assert again.status_code == 201
    assert again.content == first.content
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert counts(api) == after_first
    assert after_first["Seizure"] == 1 and after_first["IdempotencyKey"] == 1


def test_an_answer_read_after_the_act_is_kept_as_given(api: Api) -> None:
    """A route that answers the record as it stands after its act (200, not 201)."""
    ref = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE).json()["ref"]
    body = {"occurred_at": at(date(2026, 3, 1), 10).isoformat(), "count": 2}
    first = post(api, f"/api/v1/seizures/{ref}/arrival", KEEPER, body)
    before = counts(api)
    again = post(api, f"/api/v1/seizures/{ref}/arrival", KEEPER, body)

    assert first.status_code == 200, first.text
    assert first.json()["register_no"] == "TPR/2026/1"
    assert (again.status_code, again.content) == (200, first.content)
    assert counts(api) == before


def test_an_answer_with_a_key_has_the_form_of_one_without(api: Api) -> None:
    plain = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE).json()
    keyed = post(api, "/api/v1/seizures", CULTIVATOR, SEIZURE).json()

    assert plain["ref"] != keyed["ref"]
    assert {k: v for k, v in plain.items() if k != "ref"} == {
        k: v for k, v in keyed.items() if k != "ref"
    }


def test_the_same_key_for_another_body_or_route_is_409_reused(api: Api) -> None:
    ref = post(api, "/api/v1/seizures", CULTIVATOR, SEIZURE).json()["ref"]
    before = counts(api)
    other_body = post(api, "/api/v1/seizures", CULTIVATOR, {**SEIZURE, "place": "the mango grove"})
    other_route = post(
        api,
        f"/api/v1/seizures/{ref}/aid-request",
        CULTIVATOR,
        {"occurred_at": at(date(2026, 3, 1), 9).isoformat()},
    )

    for r in (other_body, other_route):
        assert r.status_code == 409, r.text
        assert set(r.json()) == {"code", "section", "detail", "details"}
        assert r.json()["code"] == "idempotency_key_reused"
        assert r.json()["section"] is None
        assert r.json()["details"]["first_used_for"] == "POST /api/v1/seizures"
    assert counts(api) == before


def test_a_key_is_its_persons_own(api: Api) -> None:
    mine = post(api, "/api/v1/seizures", CULTIVATOR, SEIZURE)
    theirs = post(
        api,
        "/api/v1/seizures",
        OWNER,
        {**SEIZURE, "seizer": None, "owner": None, "place": "the threshing floor"},
    )

    assert mine.status_code == theirs.status_code == 201, theirs.text
    assert mine.json()["ref"] != theirs.json()["ref"]
    assert counts(api)["Seizure"] == 2


def test_a_refusal_of_the_act_is_kept_and_answered_again(api: Api) -> None:
    """A 4xx of the Act or the record is kept: the same request later gets the same refusal,
    even when the act would now be allowed."""
    ref = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE).json()["ref"]
    body = {"occurred_at": at(date(2026, 3, 1), 14).isoformat(), "count": 2}
    early = post(api, f"/api/v1/seizures/{ref}/arrival", KEEPER, body)
    api.world.on(date(2026, 3, 1), 15)
    before = counts(api)
    again = post(api, f"/api/v1/seizures/{ref}/arrival", KEEPER, body)
    after_again = counts(api)
    new_key = post(api, f"/api/v1/seizures/{ref}/arrival", KEEPER, body, key="retry-2")

    assert early.status_code == 422
    assert early.json()["code"] == "event_in_future"
    assert (again.status_code, again.content) == (422, early.content)
    assert after_again == before
    assert new_key.status_code == 200, new_key.text


def test_a_server_error_is_not_kept_and_the_retry_runs_the_act(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = office.acts.seizer.report.report_seizure
    calls: list[int] = []

    def dies_after_writing(*args: Any, **kwargs: Any) -> Any:
        done = real(*args, **kwargs)
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the server fell over after the act")
        return done

    monkeypatch.setattr(office.acts.seizer.report, "report_seizure", dies_after_writing)
    client = TestClient(api.client.app, raise_server_exceptions=False)
    headers = {**api.as_(CULTIVATOR), "Idempotency-Key": KEY}

    failed = client.post("/api/v1/seizures", json=SEIZURE, headers=headers)
    after_failure = counts(api)
    retried = client.post("/api/v1/seizures", json=SEIZURE, headers=headers)

    assert failed.status_code == 500
    assert after_failure["Seizure"] == 0 and after_failure["IdempotencyKey"] == 0
    assert retried.status_code == 201, retried.text
    assert counts(api)["Seizure"] == 1


def test_the_key_and_the_act_commit_together(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keeping the answer fails: the act is undone with it (one transaction)."""

    def no_room(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError("the key's row could not be written")

    monkeypatch.setattr(webhook.idempotency, "_store", no_room)
    client = TestClient(api.client.app, raise_server_exceptions=False)
    headers = {**api.as_(CULTIVATOR), "Idempotency-Key": KEY}
    before = counts(api)

    r = client.post("/api/v1/seizures", json=SEIZURE, headers=headers)

    assert r.status_code == 500
    assert counts(api) == before


def test_an_answer_lost_after_the_commit_is_given_on_the_retry(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server dies after its commit, before the 201 leaves: the retry gets the 201."""
    real = webhook.idempotency.JSONResponse
    lost: list[int] = []

    def lost_once(*args: Any, **kwargs: Any) -> Any:
        if not lost:
            lost.append(1)
            raise ConnectionResetError("the answer never left")
        return real(*args, **kwargs)

    monkeypatch.setattr(webhook.idempotency, "JSONResponse", lost_once)
    client = TestClient(api.client.app, raise_server_exceptions=False)
    headers = {**api.as_(CULTIVATOR), "Idempotency-Key": KEY}

    first = client.post("/api/v1/seizures", json=SEIZURE, headers=headers)
    retried = client.post("/api/v1/seizures", json=SEIZURE, headers=headers)

    assert first.status_code == 500
    assert retried.status_code == 201, retried.text
    with api.world.db.reading() as s:
        refs = list(s.exec(select(Seizure.ref)).all())
    assert refs == [retried.json()["ref"]]


def test_a_request_while_its_key_is_being_answered_waits_and_gets_that_answer(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = office.acts.seizer.report.report_seizure
    inside = threading.Event()
    release = threading.Event()

    def slow(*args: Any, **kwargs: Any) -> Any:
        inside.set()
        release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(office.acts.seizer.report, "report_seizure", slow)
    answers: dict[str, httpx.Response] = {}

    def send(name: str) -> Callable[[], None]:
        def run() -> None:
            answers[name] = post(api, "/api/v1/seizures", CULTIVATOR, SEIZURE)

        return run

    first = threading.Thread(target=send("first"))
    second = threading.Thread(target=send("second"))
    first.start()
    assert inside.wait(30)
    second.start()
    second.join(0.5)  # the second is waiting for the key while the first acts
    release.set()
    first.join(30)
    second.join(30)

    assert answers["first"].status_code == 201, answers["first"].text
    assert (answers["second"].status_code, answers["second"].content) == (
        201,
        answers["first"].content,
    )
    assert counts(api)["Seizure"] == 1


@pytest.mark.parametrize(
    "key",
    ["", "with space", "ключ", "tab\tkey", "x" * 256],
    ids=["empty", "space", "not-ascii", "control", "too-long"],
)
def test_a_key_must_be_1_to_255_visible_ascii_characters(api: Api, key: str) -> None:
    headers: dict[str, str | bytes] = {**api.as_(CULTIVATOR), "Idempotency-Key": key.encode()}
    r = api.client.post("/api/v1/seizures", json=SEIZURE, headers=headers)

    assert r.status_code == 422, r.text
    assert r.json()["code"] == "invalid_request"
    assert counts(api)["Seizure"] == 0


def test_the_longest_key_is_taken(api: Api) -> None:
    key = "~" + "Z" * 253 + "!"
    first = post(api, "/api/v1/seizures", CULTIVATOR, SEIZURE, key=key)
    again = post(api, "/api/v1/seizures", CULTIVATOR, SEIZURE, key=key)

    assert first.status_code == 201, first.text
    assert again.content == first.content


def test_a_key_is_kept_24_hours_then_forgotten_and_the_worker_deletes_it(api: Api) -> None:
    first = post(api, "/api/v1/seizures", CULTIVATOR, SEIZURE)
    api.world.tick(hours=23, minutes=59)
    within = post(api, "/api/v1/seizures", CULTIVATOR, SEIZURE)
    api.world.tick(minutes=2)
    after = post(api, "/api/v1/seizures", CULTIVATOR, SEIZURE)

    assert within.content == first.content
    assert after.status_code == 201, after.text
    assert after.json()["ref"] != first.json()["ref"]  # a new act under the old key
    assert counts(api)["Seizure"] == 2

    worker = Worker(
        db=api.world.db, sender=Sender(api.world.db, {}, worker="w"), clock=lambda: api.world.now
    )
    asyncio.run(worker.once(api.world.now + timedelta(hours=23)))
    assert counts(api)["IdempotencyKey"] == 1  # the new one is younger than 24 hours
    asyncio.run(worker.once(api.world.now + timedelta(hours=24, seconds=1)))
    assert counts(api)["IdempotencyKey"] == 0


def test_the_openapi_document_offers_the_header_on_every_post_and_only_there(api: Api) -> None:
    paths = api.client.get("/openapi.json").json()["paths"]
    posts = 0
    for path, operations in paths.items():
        for method, operation in operations.items():
            headers = {p["name"]: p for p in operation.get("parameters", []) if p["in"] == "header"}
            if method == "post":
                posts += 1
                assert "Idempotency-Key" in headers, path
                assert headers["Idempotency-Key"]["required"] is False
            else:
                assert "Idempotency-Key" not in headers, path
    assert posts >= 20
