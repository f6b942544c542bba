"""Every outbound template renders in English, Hindi and Bengali with its params, dates and kinds
written for the reader, and every translation keeps the English placeholders."""

from __future__ import annotations

import re
import string
from datetime import date

import pytest

from bot.figures import money
from bot.i18n import LANGUAGES, translated, translator
from bot.notices import KIND_NAMES, NOT_KNOWN, TEMPLATES, notice, render
from tests.bot.notice_params import LAKHS, NAMES, longest


def fields(text: str) -> set[str]:
    """The params a text needs; `{say_...}` (a word to send, bot/i18n.py) is the translator's."""
    return {
        name
        for _, name, _, _ in string.Formatter().parse(text)
        if name and not name.startswith("say_")
    }


def sample(name: str) -> object:
    """A plausible value for a placeholder, by the naming rules of office/notify/."""
    if name.endswith("_date"):
        return "2026-03-08"
    if name.endswith("_amount"):
        return 12345
    if name.endswith("_kinds"):
        return {"cow": 2, "buffalo": 1}
    if name.endswith("_animals"):
        return [{"number": 1, "kind": "cow", "description": "red"}, {"number": 2, "kind": "goat"}]
    return f"<{name}>"


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("template", sorted(TEMPLATES))
def test_every_template_renders_in_every_language(template: str, lang: str) -> None:
    params = {name: sample(name) for name in fields(TEMPLATES[template])}
    text = render(template, params, lang)
    assert "{" not in text and "}" not in text
    for name, value in params.items():
        if isinstance(value, str) and value.startswith("<"):
            assert value in text, f"{template} in {lang} lost {name}"
    if lang != "en" and template != "reply":
        assert translated(lang, TEMPLATES[template]), f"{template} has no {lang} translation"
        assert text != render(template, params, "en")


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_translations_keep_exactly_the_english_placeholders(lang: str) -> None:
    from bot.i18n import _load

    catalog = _load(lang).texts
    for key, msgid in TEMPLATES.items():
        assert fields(catalog[msgid]) == fields(msgid), key
    for msgid in (*KIND_NAMES.values(), NOT_KNOWN):
        assert translated(lang, msgid), msgid


def test_dates_are_written_for_the_reader() -> None:
    params = {"ref": "K7M2QA", "complaint_date": "2026-03-11", "section": "XIV"}
    assert "March 11, 2026" in render("complaint_reminder", params, "en")
    assert "11 मार्च 2026" in render("complaint_reminder", params, "hi")
    assert "মার্চ" in render("complaint_reminder", params, "bn")


def test_kinds_and_an_unknown_owner_are_said_in_the_readers_language() -> None:
    params = {
        "ref": "K7M2QA",
        "pound": "Testpur thana pound",
        "register_no": "TPR/2026/1",
        "brought_date": "2026-03-01",
        "brought_time": "10:00",
        "heads": 2,
        "entry_animals": [
            {"number": 1, "kind": "cow", "description": "red"},
            {"number": 2, "kind": "buffalo"},
        ],
        "seizer_name": "Hari Singh",
        "owner_name": None,
        "seizer": {"name": "Hari Singh", "residence": "Rampur"},
    }
    english = render("register_copy", params, "en")
    assert "1. cow (red); 2. buffalo" in english and "Owner: not known to the office" in english
    hindi = render("register_copy", params, "hi")
    assert "1. गाय (red); 2. भैंस" in hindi and "मालिक: दफ़्तर को पता नहीं" in hindi
    extra = {"place": "the field", "village": "Rampur", "seized_date": "2026-03-01"}
    bengali = render("arrival_expected", {**params, **extra, "animals_kinds": {"cow": 2}}, "bn")
    assert "২টি গরু" in bengali  # a count of cattle, with its classifier, in Bengali digits


def test_an_unknown_template_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        render("no_such_template", {}, "en")


# --- The documents the office sends, in the reader's language ----------------------------------

# What a private person receives: the register copy (Sec V), the outcomes and receipts (VI, VII),
# the notice and the sale (VIII, IX), the decisions and the summons (XIV), the cases (XVII).
DOCUMENTS = sorted(
    name
    for name in TEMPLATES
    if name
    not in {
        "reply",
        "aid_requested",
        "arrival_expected",
        "unclaimed_report",
        "sale_due",
        "sale_due_refused",
        "kind_order_needed",
        "kind_ordered",
        "complaint_waiting",
        "audit_head",
        "recovery_ordered_darogah",
    }
)
ENGLISH_WORD = re.compile(r"[A-Za-z]+")


def latin_words(text: str, names: tuple[str, ...] = NAMES) -> list[str]:
    """The words in Latin letters left once the names and references passed in are taken out."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return ENGLISH_WORD.findall(text)


@pytest.mark.parametrize("lang", ["hi", "bn"])
@pytest.mark.parametrize("template", DOCUMENTS)
def test_a_document_in_hindi_or_bengali_has_no_english_but_names_and_refs(
    template: str, lang: str
) -> None:
    text = render(template, longest(), lang)
    assert latin_words(text) == [], text
    if "_amount}" in TEMPLATES[template]:
        # Rs 12,34,567.50: the rupee sign and the Indian grouping (Babel, hi_IN and bn_IN).
        assert money(lang, LAKHS, "paise") in text and "Rs" not in text


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_officers_read_their_messages_and_the_notice_without_english_too(lang: str) -> None:
    params = {**longest(), "notice": {k: longest()[k] for k in ("ref", "heads", "place")}}
    params["notice"] = {
        **params["notice"],
        "animals_kinds": {"cow": 2},
        "entry_animals": [],
        "village": "Tanda Badri Khurd",
        "seized_date": "2026-03-01",
        "pound": "Shahabad thana pound",
    }
    for template in ("unclaimed_report", "sale_due", "recovery_ordered_darogah", "summons"):
        text = render(template, params, lang)
        assert latin_words(text) == [], text


def test_money_is_written_as_the_reader_writes_it() -> None:
    # Babel's own output for hi_IN and bn_IN: the rupee sign before, lakhs grouped in pairs.
    assert money("hi", LAKHS, "paise") == "₹12,34,567.50"
    assert money("bn", LAKHS, "paise") == "₹১২,৩৪,৫৬৭.৫০"  # in Bengali digits
    # English keeps to the SMS alphabet (GSM-7 has no ₹), with the same Indian grouping.
    assert money("en", LAKHS, "paise") == "Rs 12,34,567.50"
    assert money("en", 5, "paise") == "Rs 0.05" and money("hi", -5, "paise") == "-₹0.05"
    # The 1857 profile counts in pies: rupees-annas-pies, the rupees grouped the same way.
    assert money("hi", 192 * 123456 + 7 * 12 + 3, "pies") == "₹1,23,456-7-3"
    assert money("en", 222, "pies") == "Rs 1-2-6"


def test_a_claim_notice_in_hindi_states_the_amount_due_in_rupees() -> None:
    params = {**longest(), "money": "pies", "total_amount": 222, "per_day_amount": 30}
    text = render("claim_notice", params, "hi")
    assert "आज ₹1-2-6 देना है, फिर ₹0-2-6 रोज़" in text
    assert "3 भैंसें, 2 बैल, 1 टट्टू" in text  # the plural of each count (ngettext)


CLAIM_SAYS = {
    # What to do, by when, what follows (the notice, then the sale seven days on: Sec VIII),
    # and the complaint of a wrongful seizure to the Magistrate (Sec XIV), in each language.
    "en": (
        "Pay Rs",
        "to take them",
        "a notice, then sale 7 days on (Sec VIII)",
        "Complain to the Magistrate by",
        "(Sec XIV)",
    ),
    "hi": (
        "छुड़ाने को आज ₹",
        "देना है",
        "तक न छुड़ाए तो सूचना, 7 दिन बाद नीलामी (धारा 8)",
        "ज़ब्ती ग़लत हो तो",
        "तक मजिस्ट्रेट से शिकायत करें (धारा 14)",
    ),
    "bn": (
        "ছাড়াতে আজ ₹",
        "দিতে হবে, রোজ ₹",
        "না ছাড়ালে নোটিশ, তার ৭ দিন পর নিলাম",
        "আটক অন্যায় হলে",
        "অবধি ম্যাজিস্ট্রেটকে নালিশ করুন",
    ),
}


@pytest.mark.parametrize("lang", sorted(CLAIM_SAYS))
def test_the_claim_notice_says_what_to_do_by_when_what_follows_and_the_complaint(
    lang: str,
) -> None:
    params = {**longest(), "claim_date": "2026-10-04", "complaint_date": "2026-10-07"}
    text = render("claim_notice", params, lang)
    for part in CLAIM_SAYS[lang]:
        assert part in text, (part, text)
    t = translator(lang)
    claim, complaint = t.day(date(2026, 10, 4)), t.day(date(2026, 10, 7))
    # The sale is told as following the notice, not the claim date.
    assert text.index(claim) < text.index(CLAIM_SAYS[lang][2][:8]) < text.index(complaint)


# The owner's debt and the money paid to him, never one word for both (docs/glossary/).
OWES = {"hi": ("देना है", "बकाया"), "bn": ("দিতে হবে", "বাকি")}
GETS = {"hi": "मिलेंगे", "bn": "পাবেন"}
NEVER = {"hi": ("आपको बाकी", "आज देय"), "bn": ("প্রাপ্য", "আজ দেয়")}


@pytest.mark.parametrize("lang", sorted(OWES))
def test_money_he_owes_and_money_he_gets_are_told_apart(lang: str) -> None:
    params = longest()
    for template in ("claim_notice", "claim_reminder", "notice_posted", "sale_account_short"):
        text = render(template, params, lang)
        assert any(w in text for w in OWES[lang]), text
        assert GETS[lang] not in text, text
    for template in ("sale_account", "sale_account_all_sold", "recovery_sold_convict"):
        assert GETS[lang] in render(template, params, lang)
    for template in TEMPLATES:
        text = render(template, params, lang)
        assert not any(w in text for w in NEVER[lang]), (template, text)


def test_counts_in_english_take_their_plural_and_no_article_goes_wrong() -> None:
    params = {**longest(), "animals_kinds": {"cow": 1, "elephant": 1, "buffalo": 3}}
    text = render("claim_notice", params, "en")
    assert "(1 cow, 1 elephant, 3 buffaloes)" in text
    params["animals_kinds"] = {"cow": 3}
    assert "(3 cows)" in render("claim_notice", params, "en")
    for lang in LANGUAGES:
        for template in TEMPLATES:
            said = render(template, {**longest(), "animals_kinds": {"elephant": 1}}, lang)
            assert not re.search(r"\ba elephant\b|\bpound pound\b|\b\d+ cow\b(?!s)", said[1:])


def test_the_notice_of_sec_viii_is_written_in_the_readers_language() -> None:
    params = {
        "ref": "K7M2QA",
        "heads": 2,
        "animals_kinds": {"cow": 2},
        "entry_animals": [{"number": 1, "kind": "cow", "description": "red"}],
        "place": "the field",
        "village": "Rampur",
        "seized_date": "2026-03-01",
        "pound": "Rampur Kotwali pound",
    }
    english = notice("en", params)
    assert "2 head (2 cows: 1. cow (red))" in english
    assert "impounded at Rampur Kotwali pound (ref K7M2QA)" in english
    hindi = notice("hi", params)
    assert "सूचना (धारा 8, 1857 का अधिनियम 3)" in hindi and "2 गायें" in hindi
    assert not latin_words(hindi, ("K7M2QA", "the field", "Rampur Kotwali pound", "Rampur", "red"))


def test_a_row_queued_before_amounts_were_data_is_still_said() -> None:
    """Rows queued with the old params (`*_text`, people as one string) render as they were."""
    old = {
        "ref": "K7M2QA",
        "pound": "Testpur thana pound",
        "heads": 3,
        "animals_kinds": {"cow": 2, "buffalo": 1},
        "fine_text": "Rs 1-0-0",
        "per_day_text": "Rs 0-2-6",
        "total_text": "Rs 1-2-6",
        "claim_date": "2026-03-08",
        "complaint_date": "2026-03-11",
        "impounded_date": "2026-03-01",
    }
    assert "Pay Rs 1-2-6 today, then Rs 0-2-6 a day" in render("claim_notice", old, "en")
    assert "आज Rs 1-2-6 देना है" in render("claim_notice", old, "hi")
    account = {
        "ref": "K7M2QA",
        "number_sold": 1,
        "proceeds_text": "Rs 4-0-0",
        "fines_text": "Rs 1-4-0",
        "feeding_text": "Rs 1-12-0",
        "expenses_text": "Rs 0-2-0",
        "balance_text": "Rs 0-14-0",
    }
    said = render("sale_account_all_sold", account, "en")
    assert "charges fines Rs 1-4-0, feeding Rs 1-12-0, expenses Rs 0-2-0" in said
    copy = {
        "ref": "K7M2QA",
        "register_no": "TPR/2026/1",
        "brought_date": "2026-03-01",
        "brought_time": "10:00",
        "entry_animals": [],
        "seizer": "Hari Singh of Rampur",
        "owner": None,
    }
    assert "Seizer: Hari Singh of Rampur. Owner: not known to the office" in render(
        "register_copy", copy, "en"
    )
    surplus = {"ref": "K7M2QA", "amount_text": "Rs 8-3-0", "until_date": "2026-06-17"}
    assert "a surplus of Rs 8-3-0" in render("surplus_claimable", surplus, "en")
