"""Each chart of the district (webhook/charts.py) carries the figures of the register: in its
SVG, as the bars' written values, and in its table; in the reader's language and digits, the
pounds named in his script; no script, one style, labelled by its caption."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from babel.dates import format_date
from babel.messages.extract import extract_from_file

from bot.figures import money
from bot.i18n import translator
from law.money import money_system
from office.views.district_figures import district_figures
from tests.bot.test_catalogs import catalog
from tests.figures_world import build
from tests.world import World, name_dhakia
from webhook.charts import Chart, board_charts, district_charts

CHARTS = Path(__file__).resolve().parents[2] / "webhook" / "charts.py"


def charts(world: World, period: str, lang: str) -> dict[str, Chart]:
    f = district_figures(world.db, district="TESTPUR", period=period, now=world.now)
    return {c.key: c for c in district_charts(f, translator(lang))}


def written(svg: str) -> list[str]:
    """The figures written on the chart's bars."""
    return re.findall(r'<text[^>]*class="value"[^>]*>([^<]*)</text>', svg)


def test_every_chart_carries_the_registers_figures_in_svg_and_table(world: World) -> None:
    built = build(world)
    c = charts(world, "2026-11", "en")
    assert list(c) == ["seizures", "endings", "days", "fund", "complaints"]
    # November: two seizures at Testpur's pound (one at 23:00 IST on the 30th), one at Dhakia.
    assert c["seizures"].rows == (
        ("Dhakia pound", "1"),
        ("Testpur thana pound", "2"),
        ("Total", "3"),
    )
    assert sorted(written(c["seizures"].svg)) == ["1", "2"]
    endings = dict(c["endings"].rows)
    assert endings == {
        "Claimed by the owner": "2",
        "Sold at auction": "0",
        "Released by order": "1",
        "Seizure held illegal": "1",
        "Still held": "0",
        "Died, escaped or rescued": "0",
    }
    assert sorted(written(c["endings"].svg)) == ["1", "1", "2"]
    assert dict(c["days"].rows) == {
        "0 to 7 days": "3",
        "8 to 14 days": "1",
        "15 to 30 days": "0",
        "More than 30 days": "0",
    }
    # The fund's year to November: nothing moved before December.
    nothing = written_money(world, 0)
    assert [r[0] for r in c["fund"].rows][-1] == "November 2026"
    assert {r[1:] for r in c["fund"].rows} == {(nothing, nothing, nothing)}
    assert c["complaints"].rows == (("November 2026", "1", "1"),)
    assert sorted(written(c["complaints"].svg)) == ["1", "1"]
    december = charts(world, "2026", "en")["fund"].rows[-1]
    assert december == (
        "December 2026",
        written_money(world, built.fines_in),
        written_money(world, built.paid_out),
        written_money(world, built.fines_in - built.paid_out),
    )


def written_money(world: World, amount: int) -> str:
    f = district_figures(world.db, district="TESTPUR", period="2026", now=world.now)
    return money("en", amount, money_system(f.money))


def test_the_fund_chart_draws_what_came_in_and_went_out_each_month(world: World) -> None:
    built = build(world)
    fund = charts(world, "2026", "en")["fund"]
    assert len(fund.rows) == 12
    assert fund.head[1:] == ("Received", "Paid out", "Balance at the month's end")
    # The bars' heights are in rupees: what came in, went out, and the balance in December.
    heights = [float(h) for h in re.findall(r'height="([0-9.]+)" class="rect', fund.svg)]
    bars = [h for h in heights if h]
    assert len(heights) == 36 and len(bars) == 3  # nothing before December has a height
    received, paid, balance = bars
    assert received / paid == pytest.approx(built.fines_in / built.paid_out, rel=0.02)
    assert received / balance == pytest.approx(built.fines_in / (built.fines_in - 50), rel=0.02)


def test_a_chart_is_in_the_readers_language_digits_and_script(world: World) -> None:
    build(world)
    name_dhakia(world)
    bn = charts(world, "2026-11", "bn")
    seizures = bn["seizures"]
    assert seizures.caption == "প্রতিটি খোঁয়াড়ে আটক, নভেম্বর ২০২৬"
    assert ("ঢাকিয়া খোঁয়াড়", "১") in seizures.rows and "ঢাকিয়া খোঁয়াড়" in seizures.svg
    assert sorted(written(seizures.svg)) == ["১", "২"]
    assert ("মালিক ছাড়িয়ে নিয়েছেন", "২") in bn["endings"].rows
    assert ("০ থেকে ৭ দিন", "৩") in bn["days"].rows
    hi = charts(world, "2026", "hi")
    assert hi["seizures"].caption == "हर कांजी हाउस में ज़ब्तियाँ, महीने-दर-महीने, 2026"
    assert "ढकिया कांजी हाउस" in hi["seizures"].head
    # Each month on the axis by its short name, as Babel names it in Hindi.
    november = format_date(date(2026, 11, 1), "LLL", locale="hi")
    assert f">{november}</text>" in hi["seizures"].svg


def test_a_chart_has_no_script_one_style_and_is_labelled_by_its_caption(world: World) -> None:
    build(world)
    for c in charts(world, "2026", "en").values():
        assert "<script" not in c.svg and "style=" not in c.svg
        assert c.svg.count("<style") == 1 and "&gt;" not in c.svg.split("</style>")[0]
        assert f'role="img" aria-labelledby="{c.key}-caption"' in c.svg
        assert f"<title>{c.caption}</title>" in c.svg
    board = board_charts(
        district_figures(world.db, district="TESTPUR", period="2026-11", now=world.now),
        translator("en"),
    )
    assert [c.key for c in board] == ["seizures", "endings"]


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_every_text_of_the_charts_has_a_translation(lang: str) -> None:
    have = catalog(lang)
    texts = [m[1] for m in extract_from_file("python", str(CHARTS), keywords={"N_": None})]
    assert len(texts) > 20
    assert [t for t in texts if not have.get(t)] == []
