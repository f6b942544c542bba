"""A refusal says what happens: a private person is never told which practice ruling it rests on;
an official is, and everyone is told the section of the Act."""

from __future__ import annotations

from datetime import date

import pytest

from bot.errors import explain
from bot.i18n import translator
from law.errors import N_, ActBeforeStart, ComplaintOutOfTime


@pytest.mark.parametrize("lang", ["en", "hi", "bn"])
def test_a_private_person_is_not_told_a_practice_ruling(lang: str) -> None:
    t = translator(lang)
    refused = ActBeforeStart(
        N_("the act is dated {on}, before this district's register begins ({start})"),
        on="2025-02-28",
        start="2025-03-01",
    )
    said = explain(t, refused, official=False)
    assert "G17" not in said
    assert t.day(date(2025, 3, 1)) in said  # the date as the reader writes dates
    assert "G17" in explain(t, refused, official=True)


def test_the_section_of_the_act_is_named_to_everyone() -> None:
    t = translator("en")
    said = explain(t, ComplaintOutOfTime("out of time"), official=False)
    assert said.endswith("(Sec XIV)")
