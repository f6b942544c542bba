"""The district's figures as charts: SVG drawn on the server by pygal, in the reader's language.

Each chart is inline SVG with its figures beside it as a table (for a screen reader, and to check
it). No script: pygal's JavaScript is off and the small script it writes of its settings is taken
out, so a page with charts keeps the service's `script-src 'self'`; the one `<style>` pygal writes
in each SVG is allowed by its hash (webhook/edge.py `style_sources`). Texts are in the reader's
language, figures in his digits (Bengali digits in Bengali, bot/figures.py), months as Babel
names them, pounds as the district file writes them in his script.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

import pygal
from babel.dates import format_date
from babel.numbers import format_decimal
from markupsafe import Markup
from pygal.style import Style

from bot.figures import digits, money
from bot.i18n import N_, Translator, translator, written_in
from law.money import money_system
from office.views.district_figures import (
    CLAIMED,
    ILLEGAL,
    OTHER,
    RELEASED_BY_ORDER,
    SOLD,
    STILL_HELD,
    DistrictFigures,
)
from office.views.documents.returns import MonthlyReturn

# The fonts the pages and papers name, so Devanagari and Bengali are shaped (fonts-noto-core).
FONTS = "'Noto Sans', 'Noto Sans Devanagari', 'Noto Sans Bengali', sans-serif"
# Colours told apart by most readers, each dark enough against white for its label.
COLOURS = ("#1f5f99", "#b3261e", "#2e7d32", "#6a3d9a", "#b35900", "#5d4037", "#ad1457", "#455a64")
STYLE = Style(
    font_family=FONTS,
    background="transparent",
    plot_background="transparent",
    foreground="#222",
    foreground_strong="#111",
    foreground_subtle="#888",
    colors=COLOURS,
    label_font_size=13,
    major_label_font_size=13,
    legend_font_size=14,
    value_font_size=12,
    title_font_size=16,
)
WIDTH, HEIGHT = 560, 340

ENDING_NAMES = {
    CLAIMED: N_("Claimed by the owner"),
    SOLD: N_("Sold at auction"),
    RELEASED_BY_ORDER: N_("Released by order"),
    ILLEGAL: N_("Seizure held illegal"),
    STILL_HELD: N_("Still held"),
    OTHER: N_("Died, escaped or rescued"),
}
SEIZURES = N_("Seizures")
HEADS = N_("Heads")
NUMBER = N_("No.")
POUND = N_("Pound")
MONTH = N_("Month")
TOTAL = N_("Total")
BY_POUND = N_("Seizures in each pound, {period}")
BY_POUND_AND_MONTH = N_("Seizures in each pound, month by month, {period}")
ENDED = N_("How the seized cattle ended, {period} (head)")
HOW = N_("How it ended")
DAYS = N_("Days in the pound, {period} (head)")
DAYS_BAND = N_("{low} to {high} days")
DAYS_OVER = N_("More than {days} days")
DAYS_HELD = N_("Days held")
FUND = N_("The pound fund, month by month, {year}")
RECEIVED = N_("Received")
PAID_OUT = N_("Paid out")
BALANCE = N_("Balance at the month's end")
COMPLAINTS = N_("Complaints filed and decided, {period}")
FILED = N_("Filed")
DECIDED = N_("Decided")
RETURN_HEADS = N_("Head in the pound in {month}")
BROUGHT_IN = N_("Head brought in")
LEFT = N_("Head that left the pound: {how}")
HELD_AT_END = N_("Head in the pound at the end of the month")


@dataclass(frozen=True)
class Chart:
    """One chart: its caption, the SVG (labelled by the caption) and its figures as a table."""

    key: str
    caption: str
    svg: Markup
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


class Writer:
    """Numbers, months and places as a reader of one language writes them."""

    def __init__(self, t: Translator) -> None:
        self.t = t
        self.lang = t.lang

    def number(self, n: float) -> str:
        return digits(self.lang, format_decimal(n, locale=f"{self.lang}_IN"))

    def month(self, value: str, pattern: str = "LLLL y") -> str:
        year, number = (int(p) for p in value.split("-"))
        return digits(self.lang, format_date(date(year, number, 1), pattern, locale=self.lang))

    def period(self, value: str) -> str:
        return self.month(value) if "-" in value else digits(self.lang, value)


def _plain(root: Any, caption: str) -> Any:
    """The SVG without what pygal writes for its tooltips (a script of its settings, a hidden
    box styled inline, a description of each bar) and titled by the chart's caption."""
    for parent in list(root.iter()):
        for child in list(parent):
            tag = str(child.tag).rpartition("}")[2]
            if tag in ("script", "desc") or "tooltip-overlay" in child.get("class", ""):
                parent.remove(child)
            elif tag == "title":
                child.text = caption
    return root


_STYLE_TEXT = re.compile(r"(<style[^>]*>)(.*?)(</style>)", re.DOTALL)
_ID = re.compile(r'id="(chart-[0-9a-f-]+)"')
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_LONG_FIGURE = re.compile(r"(\d\.\d\d)\d+")


def _svg(chart: Any, key: str, caption: str) -> Markup:
    """The chart as inline SVG, an image labelled by its caption (`key`-caption)."""

    def labelled(root: Any) -> Any:
        root.set("role", "img")
        root.set("aria-labelledby", f"{key}-caption")
        return _plain(root, caption)

    text = chart.render(is_unicode=True, xml_filters=[labelled])
    # pygal names each chart by a random id its style is written for: the chart's key instead,
    # so the same chart has the same style (and hash) each time it is drawn.
    found = _ID.search(text)
    if found:
        text = text.replace(found[1], f"chart-{key}")
    text = _LONG_FIGURE.sub(r"\1", _COMMENT.sub("", text))
    # The style as the browser reads it (its hash is what the page's policy allows): a literal
    # '>' where the serialiser wrote an entity, which is the same text in an SVG of HTML.
    text = _STYLE_TEXT.sub(lambda m: m[1] + m[2].replace("&gt;", ">") + m[3], text)
    return Markup(text)


def _chart(kind: Callable[..., Any], labels: Sequence[str], w: Writer, **config: Any) -> Any:
    settings: dict[str, Any] = {
        "js": [],
        "disable_xml_declaration": True,
        "style": STYLE,
        "width": WIDTH,
        "height": HEIGHT,
        "legend_at_bottom": True,
        "legend_at_bottom_columns": 2,
        "truncate_legend": -1,
        "truncate_label": -1,
        "print_values": True,
        "print_zeroes": False,
        "margin": 8,
        "value_formatter": w.number,
        "no_data_text": "-",
    }
    chart = kind(**{**settings, **config})
    chart.x_labels = list(labels)
    return chart


def seizures(f: DistrictFigures, w: Writer, *, by_month: bool = True) -> Chart:
    """Seizures by pound: one bar a pound for a month (or a year's total), bars a month
    stacked by pound for a year."""
    t = w.t
    pounds = [written_in(w.lang, p.name, p.names) for p in f.pounds]
    period = w.period(f.period)
    if len(f.months) == 1 or not by_month:
        totals = [p.total for p in f.pounds]
        chart = _chart(pygal.Bar, pounds, w, show_legend=False, y_labels=_whole(totals))
        chart.add(t(SEIZURES), _bars(totals))
        caption = t(BY_POUND, period=period)
        head: tuple[str, ...] = (t(POUND), t(SEIZURES))
        rows: tuple[tuple[str, ...], ...] = tuple(
            (name, w.number(p.total)) for name, p in zip(pounds, f.pounds, strict=True)
        )
    else:
        labels = [w.month(m, "LLL") for m in f.months]
        in_month = [sum(p.by_month[i] for p in f.pounds) for i in range(len(f.months))]
        chart = _chart(
            pygal.StackedBar,
            labels,
            w,
            x_label_rotation=-45,
            print_values=False,
            y_labels=_whole(in_month),
        )
        for name, p in zip(pounds, f.pounds, strict=True):
            chart.add(name, _bars(p.by_month))
        caption = t(BY_POUND_AND_MONTH, period=period)
        head = (t(MONTH), *pounds, t(TOTAL))
        rows = tuple(
            (
                w.month(m),
                *(w.number(p.by_month[i]) for p in f.pounds),
                w.number(sum(p.by_month[i] for p in f.pounds)),
            )
            for i, m in enumerate(f.months)
        )
    blank = [] if len(f.months) == 1 or not by_month else ["" for _ in pounds]
    rows += ((t(TOTAL), *blank, w.number(f.seizures)),)
    return Chart("seizures", caption, _svg(chart, "seizures", caption), head, rows)


def _whole(values: Sequence[int]) -> list[int]:
    """Whole numbers up the axis of a count, at most six of them."""
    top = max([*values, 1])
    step = -(-top // 5)
    return list(range(0, top + step, step))


def _bars(values: Sequence[int]) -> list[int | None]:
    """A count's bars: none (and no figure written) where it is nought."""
    return [v or None for v in values]


def _counts(
    key: str, caption: str, head: tuple[str, str], counted: Sequence[tuple[str, int]], w: Writer
) -> Chart:
    """One bar for each of `counted` (label, figure), and the table of them."""
    # pygal draws a horizontal chart's first bar at the bottom: the first is read at the top.
    labels = [label for label, _n in reversed(counted)]
    values = [n for _label, n in reversed(counted)]
    chart = _chart(pygal.HorizontalBar, labels, w, show_legend=False, y_labels=_whole(values))
    chart.add(head[1], _bars(values))
    rows = tuple((label, w.number(n)) for label, n in counted)
    return Chart(key, caption, _svg(chart, key, caption), head, rows)


def endings(f: DistrictFigures, w: Writer) -> Chart:
    t = w.t
    counted = [(t(ENDING_NAMES[e]), n) for e, n in f.endings]
    return _counts("endings", t(ENDED, period=w.period(f.period)), (t(HOW), t(HEADS)), counted, w)


def band_name(band: str, w: Writer) -> str:
    low, _dash, high = band.rstrip("+").partition("-")
    if band.endswith("+"):
        return w.t(DAYS_OVER, days=int(low) - 1)
    return w.t(DAYS_BAND, low=int(low), high=int(high))


def days_held(f: DistrictFigures, w: Writer) -> Chart:
    t = w.t
    counted = [(band_name(b, w), n) for b, n in f.days_held]
    return _counts("days", t(DAYS, period=w.period(f.period)), (t(DAYS_HELD), t(HEADS)), counted, w)


def fund(f: DistrictFigures, w: Writer) -> Chart:
    """What came into the fund and went out of it each month of the year, and its balance at
    each month's end, in rupees on the chart and to the smallest unit in the table."""
    t = w.t
    system = money_system(f.money)
    labels = [w.month(m.month, "LLL") for m in f.fund]
    chart = _chart(
        pygal.Bar,
        labels,
        w,
        x_label_rotation=-45,
        print_values=False,
        legend_at_bottom_columns=1,
        value_formatter=lambda v: w.number(round(v, 2)),
    )

    def rupees(amounts: Sequence[int]) -> list[float]:
        return [a / system.per_rupee for a in amounts]

    chart.add(t(RECEIVED), rupees([m.received for m in f.fund]))
    chart.add(t(PAID_OUT), rupees([m.paid_out for m in f.fund]))
    chart.add(t(BALANCE), rupees([m.balance for m in f.fund]))
    year = w.period(f.months[0][:4])
    rows = tuple(
        (
            w.month(m.month),
            money(w.lang, m.received, system),
            money(w.lang, m.paid_out, system),
            money(w.lang, m.balance, system),
        )
        for m in f.fund
    )
    head = (t(MONTH), t(RECEIVED), t(PAID_OUT), t(BALANCE))
    caption = t(FUND, year=year)
    return Chart("fund", caption, _svg(chart, "fund", caption), head, rows)


def complaints(f: DistrictFigures, w: Writer) -> Chart:
    t = w.t
    labels = [w.month(c.month, "LLL") for c in f.complaints]
    filed = [c.filed for c in f.complaints]
    decided = [c.decided for c in f.complaints]
    chart = _chart(
        pygal.Bar,
        labels,
        w,
        x_label_rotation=0 if len(labels) == 1 else -45,
        y_labels=_whole(filed + decided),
    )
    chart.add(t(FILED), _bars(filed))
    chart.add(t(DECIDED), _bars(decided))
    rows = tuple((w.month(c.month), w.number(c.filed), w.number(c.decided)) for c in f.complaints)
    caption = t(COMPLAINTS, period=w.period(f.period))
    head = (t(MONTH), t(FILED), t(DECIDED))
    return Chart("complaints", caption, _svg(chart, "complaints", caption), head, rows)


def period_name(period: str, t: Translator) -> str:
    """`YYYY-MM` as the month's name and year, `YYYY` as the year, in the reader's language."""
    return Writer(t).period(period)


def district_charts(f: DistrictFigures, t: Translator) -> list[Chart]:
    """Every chart of the Magistrate's page."""
    w = Writer(t)
    return [seizures(f, w), endings(f, w), days_held(f, w), fund(f, w), complaints(f, w)]


def board_charts(f: DistrictFigures, t: Translator) -> list[Chart]:
    """The public board's: seizures by pound and how their heads ended, counts alone (no
    amount, no name)."""
    w = Writer(t)
    return [seizures(f, w, by_month=False), endings(f, w)]


def return_chart(
    d: MonthlyReturn, lang: str, t: Callable[..., str], status: Callable[[str], str]
) -> Chart:
    """The head a pound's monthly return counts: brought in, each way they left, held at the
    month's end (the return's own figures, webhook/templates/documents/return.html), written
    with the document's `t` and its words for how a head left (`status`).

    The bars are named by number, the words in the table beside them: WeasyPrint draws an
    SVG's text a letter at a time, which would break Devanagari and Bengali apart, while the
    page's own text is shaped."""
    w = Writer(translator(lang))
    counted = [
        (t(BROUGHT_IN), d.heads_in),
        *((t(LEFT, how=status(how)), n) for how, n in d.heads_out),
        (t(HELD_AT_END), d.held_at_end),
    ]
    numbers = [w.number(i) for i in range(1, len(counted) + 1)]
    values = [n for _label, n in counted]
    chart = _chart(
        pygal.HorizontalBar,
        list(reversed(numbers)),
        w,
        show_legend=False,
        height=40 + 34 * len(counted),
        width=360,
        y_labels=_whole(values),
    )
    chart.add(t(HEADS), _bars(list(reversed(values))))
    caption = t(RETURN_HEADS, month=w.month(d.month))
    rows = tuple(
        (number, label, w.number(n)) for number, (label, n) in zip(numbers, counted, strict=True)
    )
    head = (t(NUMBER), t(HOW), t(HEADS))
    return Chart("return", caption, _svg(chart, "return", caption), head, rows)
