"""The Magistrate's page of charts (docs/desk.md): a month or a year chosen, each chart inline
with its figures as a table, its style allowed by its hash and nothing else inline; a bad period
is refused in his language and another officer may not read it."""

from __future__ import annotations

import base64
import hashlib
import re

from tests.desk.client import DeskBrowser, refusal_code, text_of
from tests.figures_world import build
from tests.world import World

MAGISTRATE = "+91 90000 00005"
OFFICER = "+91 90000 00006"
BASE = "/desk/magistrate/TESTPUR"


def test_the_magistrate_reads_the_district_in_charts_for_a_month_and_a_year(
    web: DeskBrowser, world: World
) -> None:
    build(world)
    web.sign_in(MAGISTRATE, world.magistrate)
    assert f'href="{BASE}/charts"' in web.get(BASE).text
    page = web.get(f"{BASE}/charts")
    assert page.status_code == 200
    # This month by default, the district's (20 December 2026): one seizure, at Testpur.
    assert '<option value="2026-12" selected>' in page.text
    assert '<option value="2026">' in page.text and '<option value="2026-01">' in page.text
    assert len(re.findall(r'<figure class="chart"', page.text)) == 5
    for key in ("seizures", "endings", "days", "fund", "complaints"):
        assert f'<figcaption id="{key}-caption">' in page.text
        assert f'aria-labelledby="{key}-caption"' in page.text
    words = text_of(page.text)
    assert "Seizures in each pound, December 2026" in words
    assert "Testpur thana pound 1 Total 1" in words
    year = text_of(web.get(f"{BASE}/charts", period="2026").text)
    assert "November 2026 1 2 3" in year  # Dhakia 1, Testpur 2 (one at 23:00 IST on the 30th)
    assert "Complaints filed and decided, 2026" in year


def test_the_pages_policy_allows_the_charts_styles_by_hash_and_no_script(
    web: DeskBrowser, world: World
) -> None:
    build(world)
    web.sign_in(MAGISTRATE, world.magistrate)
    page = web.get(f"{BASE}/charts", period="2026")
    policy = page.headers["content-security-policy"]
    styles = re.findall(r"<style[^>]*>(.*?)</style>", page.text, re.DOTALL)
    assert len(styles) == 5 and "<script" not in page.text
    for css in styles:
        digest = base64.b64encode(hashlib.sha256(css.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in policy
    assert "unsafe-inline" not in policy and "default-src 'self'" in policy
    # A page without a chart keeps the desk's policy as it was.
    fund = web.get(f"{BASE}/fund")
    assert "style-src" not in fund.headers["content-security-policy"]


def test_the_charts_are_in_bengali_with_bengali_digits(web: DeskBrowser, world: World) -> None:
    build(world)
    web.sign_in(MAGISTRATE, world.magistrate)
    words = text_of(web.get(f"{BASE}/charts", period="2026-11", lang="bn").text)
    assert "জেলার হিসাব, ছবিতে" in words
    assert "প্রতিটি খোঁয়াড়ে আটক, নভেম্বর ২০২৬" in words
    assert "মালিক ছাড়িয়ে নিয়েছেন ২" in words


def test_a_bad_period_is_refused_and_another_officer_may_not_read_the_charts(
    web: DeskBrowser, world: World
) -> None:
    build(world)
    web.sign_in(MAGISTRATE, world.magistrate)
    bad = web.get(f"{BASE}/charts", period="2026-13", lang="hi")
    assert bad.status_code == 422 and refusal_code(bad.text) == "invalid_input"
    assert "महीना YYYY-MM या साल YYYY" in text_of(bad.text) and '<html lang="hi">' in bad.text
    other = DeskBrowser(web.client, world)
    other.client.cookies.clear()
    other.sign_in(OFFICER, world.road_officer)
    refused = other.get(f"{BASE}/charts")
    assert refused.status_code == 403 and "<figure" not in refused.text
