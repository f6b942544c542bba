"""Every notice to a private person fits the SMS budget with its longest realistic values:
2 segments in English (GSM-7, 160 characters alone or 153 a segment once split), 3 in Hindi and
Bengali (UCS-2, 70 alone or 67 a segment)."""

from __future__ import annotations

import pytest

from bot.notices import TEMPLATES, render
from tests.bot.notice_params import LAKHS, longest
from tests.sms_segments import is_unicode, sms_segments

BUDGET = {"en": 2, "hi": 3, "bn": 3}

# Exempt: these go only to officers (keeper, police, Darogah, Magistrate; `private=False` in
# office/notify/ and office/recovery.py), who work from the desk or Telegram and need the whole
# of the task, the Sec VIII notice to post or the audit head in one message; "reply" carries a
# conversation's own text, measured by the chat replies' budget test.
OFFICERS_ONLY = {
    "aid_requested": "police of the thana",
    "arrival_expected": "keeper",
    "unclaimed_report": "Darogah: carries the whole Sec VIII notice to post",
    "sale_due": "Darogah",
    "sale_due_refused": "Darogah",
    "kind_order_needed": "Magistrates",
    "kind_ordered": "keeper",
    "complaint_waiting": "Magistrates: carries the complaint's own words",
    "audit_head": "Magistrates: the audit head is a 64-digit hash",
    "recovery_ordered_darogah": "Darogah",
    "reply": "a conversation's reply, not a notice",
}
TO_PRIVATE_PEOPLE = sorted(set(TEMPLATES) - set(OFFICERS_ONLY))
# Longer by need: the claim notice says what to do and by when, that a notice and then the sale
# seven days later follow (Sec VIII), and that he may complain to the Magistrate of a wrongful
# seizure until a date (Sec XIV): two amounts, two dates, the kinds and the pound.
LONGER = {"claim_notice": {"en": 2, "hi": 4, "bn": 4}}


def test_the_counter_counts_as_the_networks_do() -> None:
    assert (
        sms_segments("x" * 160) == 1
        and sms_segments("x" * 161) == 2
        and sms_segments("x" * 306) == 2
    )
    assert sms_segments("x" * 307) == 3
    assert sms_segments("{" * 80) == 1 and sms_segments("{" * 81) == 2  # the extension costs two
    assert (
        sms_segments("क" * 70) == 1 and sms_segments("क" * 71) == 2 and sms_segments("क" * 201) == 3
    )
    assert sms_segments("क" * 202) == 4
    assert is_unicode("Rs 5 or ₹5") and not is_unicode("Rs 12,34,567.50 @ £")


def test_every_officer_only_template_is_named_and_exists() -> None:
    assert set(OFFICERS_ONLY) <= set(TEMPLATES)


def test_the_longest_values_are_the_longest() -> None:
    params = longest()
    assert len(str(params["ref"])) == 6 and len(str(params["village"])) >= 17
    assert len(params["animals_kinds"]) == 3  # type: ignore[arg-type]
    assert (
        render("claim_notice", {**params, "total_amount": LAKHS}, "en").count("Rs 12,34,567.50")
        == 2
    )  # due today and the feeding per day


@pytest.mark.parametrize("lang", sorted(BUDGET))
@pytest.mark.parametrize("template", TO_PRIVATE_PEOPLE)
def test_a_notice_to_a_private_person_fits_its_sms_budget(template: str, lang: str) -> None:
    text = render(template, longest(), lang)
    if lang == "en":
        assert not is_unicode(text), f"not GSM-7, so sent as UCS-2: {text}"
    budget = LONGER.get(template, BUDGET)[lang]
    assert sms_segments(text) <= budget, f"{sms_segments(text)} segments, {len(text)}: {text}"
