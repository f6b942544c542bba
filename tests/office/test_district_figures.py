"""The district's figures for its charts equal the register's: seizures by pound and month (a
seizure at 23:00 IST on 30 November is November's), how their heads ended, the days they were
held, the fund month by month as its statement has it, the complaints filed and decided; the
monthly return of a pound counts the same heads."""

from __future__ import annotations

import pytest

from law.errors import InvalidInput, NotFound
from office.views.district_figures import DistrictFigures, district_figures
from office.views.documents.returns import monthly_return
from office.views.fund_statement import fund_view
from tests.figures_world import Figures, build
from tests.world import World


def figures(world: World, period: str | None) -> DistrictFigures:
    return district_figures(world.db, district="testpur", period=period, now=world.now)


def by_pound(f: DistrictFigures) -> dict[str, tuple[int, ...]]:
    return {p.code: p.by_month for p in f.pounds}


def test_seizures_are_counted_by_pound_and_by_the_month_of_their_local_day(world: World) -> None:
    build(world)
    november = figures(world, "2026-11")
    assert november.months == ("2026-11",)
    # The two cows seized at 23:00 IST on 30 November (17:30 UTC) are November's.
    assert by_pound(november) == {"DHK": (1,), "TPR": (2,)}
    assert by_pound(figures(world, "2026-12")) == {"DHK": (0,), "TPR": (1,)}
    year = figures(world, "2026")
    assert year.period == "2026" and len(year.months) == 12
    assert by_pound(year)["TPR"][10:] == (2, 1) and sum(by_pound(year)["TPR"]) == 3
    assert by_pound(year)["DHK"][10] == 1 and year.seizures == 4
    # No period: this month, the district's own (20 December, IST).
    assert figures(world, None).period == "2026-12"


def test_the_heads_of_the_periods_seizures_are_counted_by_how_they_ended(world: World) -> None:
    build(world)
    assert dict(figures(world, "2026").endings) == {
        "claimed": 2,
        "sold": 0,
        "released_by_order": 1,
        "illegal": 1,
        "still_held": 1,
        "other": 0,
    }
    assert dict(figures(world, "2026-12").endings)["still_held"] == 1
    assert sum(dict(figures(world, "2026-12").endings).values()) == 1


def test_days_held_run_from_impounding_to_leaving_or_to_today(world: World) -> None:
    build(world)
    # Claimed after 3 days (2 heads), released after 2, the illegal seizure's bullock handed
    # back after 8, the buffalo held 19 days by 20 December.
    assert dict(figures(world, "2026").days_held) == {"0-7": 3, "8-14": 1, "15-30": 1, "31+": 0}
    # A month's figures stop at its last day, not today: the buffalo impounded on 1 December is
    # counted to the 20th in December's, within its month.
    assert dict(figures(world, "2026-12").days_held)["15-30"] == 1


def test_the_fund_month_by_month_is_its_statement(world: World, figures_built: Figures) -> None:
    f = figures(world, "2026")
    assert [m.month for m in f.fund] == [f"2026-{n:02d}" for n in range(1, 13)]
    december = f.fund[-1]
    assert (december.received, december.paid_out) == (figures_built.fines_in, 50)
    assert all((m.received, m.paid_out, m.balance) == (0, 0, 0) for m in f.fund[:11])
    [fund] = fund_view(world.db, district="TESTPUR")["districts"]
    assert december.balance == fund["balance"] == figures_built.fines_in - 50
    assert sum(m.received for m in f.fund) == fund["received"]
    # A month's view draws its year up to that month.
    assert [m.month for m in figures(world, "2026-11").fund][-1] == "2026-11"


def test_complaints_are_counted_in_the_months_filed_and_decided(world: World) -> None:
    build(world)
    f = figures(world, "2026")
    assert [(c.month, c.filed, c.decided) for c in f.complaints if c.filed or c.decided] == [
        ("2026-11", 1, 1)
    ]


def test_a_pounds_month_counts_the_heads_its_monthly_return_counts(world: World) -> None:
    build(world)
    with world.db.reading() as s:
        december = monthly_return(s, "TPR", "2026-12")
    left = dict(december.heads_out)
    f = figures(world, "2026-12")
    # The return counts heads registered and leaving in December; the two cows seized on 30
    # November (entered on 1 December) are in the return's and in November's seizures.
    assert december.heads_in == 3 and left == {"released_paid": 2}
    assert december.held_at_end == dict(f.endings)["still_held"] == 1
    assert len(december.entries) == 2


def test_a_bad_period_or_district_is_refused(world: World) -> None:
    for bad in ("2026-13", "26", "2026-1-1", "abc", "3000"):
        with pytest.raises(InvalidInput):
            figures(world, bad)
    with pytest.raises(NotFound):
        district_figures(world.db, district="NOWHERE", period="2026", now=world.now)


@pytest.fixture
def figures_built(world: World) -> Figures:
    return build(world)


def test_the_days_held_are_cut_where_the_acts_periods_end() -> None:
    """Sec VIII: seven days to claim, seven more after the notice; a district whose profile rules
    other periods sees its bands cut at its own."""
    from dataclasses import replace

    from law.profile import ACT_III_1857
    from office.views.district_figures import day_bands

    profile = ACT_III_1857
    assert [b[0] for b in day_bands(profile)] == ["0-7", "8-14", "15-30", "31+"]
    longer = replace(profile, claim_days=10, notice_days=10)
    assert [b[1:] for b in day_bands(longer)] == [(0, 10), (11, 20), (21, 30), (31, None)]
