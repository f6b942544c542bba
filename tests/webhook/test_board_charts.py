"""The public board shows the district's counts as the Magistrate's charts do (docs/board.md):
this year's seizures by pound and how their heads ended, each with its table, in the reader's
language and digits; no name, phone or amount; the charts' style allowed by its hash."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.figures_world import PAYEE, build
from tests.world import OWNER, World, name_dhakia
from webhook.app import create_app


@pytest.fixture
def client(world: World) -> Iterator[TestClient]:
    with TestClient(create_app(db=world.db, clock=lambda: world.now)) as c:
        yield c


def words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_board_counts_this_years_seizures_by_pound_and_how_they_ended(
    world: World, client: TestClient
) -> None:
    build(world)
    html = client.get("/board/TESTPUR", params={"lang": "en"}).text
    figures = html[html.index('<section id="figures">') :]
    said = words(figures)
    assert "Seizures in each pound, 2026" in said
    assert "Dhakia pound 1 Testpur thana pound 3 Total 4" in said
    assert "Claimed by the owner 2" in said and "Seizure held illegal 1" in said
    assert "Still held 1" in said and "Released by order 1" in said
    for key in ("seizures", "endings"):
        assert f'<svg xmlns="http://www.w3.org/2000/svg" id="chart-{key}"' in figures
        assert f'aria-labelledby="{key}-caption"' in figures
    # Counts alone: no name, phone or amount of anyone in the charts.
    for private in (OWNER.name, OWNER.phone, PAYEE.name, "Rs "):
        assert private not in figures


def test_the_boards_charts_are_in_bengali_and_allowed_by_their_hash(
    world: World, client: TestClient
) -> None:
    build(world)
    name_dhakia(world)
    answer = client.get("/board/TESTPUR", params={"lang": "bn"})
    said = words(answer.text)
    assert "জেলার হিসাব" in said and "প্রতিটি খোঁয়াড়ে আটক, ২০২৬" in said
    assert "ঢাকিয়া খোঁয়াড় ১" in said and "মালিক ছাড়িয়ে নিয়েছেন ২" in said
    policy = answer.headers["content-security-policy"]
    styles = re.findall(r"<style[^>]*>(.*?)</style>", answer.text, re.DOTALL)
    assert len(styles) == 2
    for css in styles:
        digest = base64.b64encode(hashlib.sha256(css.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in policy
    assert "unsafe-inline" not in policy and "<script" not in answer.text
