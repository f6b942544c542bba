"""Every outbound template renders in English, Hindi and Bengali with its params, dates and kinds
written for the reader, and every translation keeps the English placeholders."""

from __future__ import annotations

import string

import pytest

from bot.i18n import LANGUAGES, translated
from bot.notices import KIND_NAMES, NOT_KNOWN, TEMPLATES, render


def fields(text: str) -> set[str]:
    """The params a text needs; `{say_...}` (a word to send, bot/i18n.py) is the translator's."""
    return {
        name
        for _, name, _, _ in string.Formatter().parse(text)
        if name and not name.startswith("say_")
    }


def sample(name: str) -> object:
    """A plausible value for a placeholder, by the naming rules of office/notify.py."""
    if name.endswith("_date"):
        return "2026-03-08"
    if name.endswith("_text"):
        return "Rs 1-2-6"
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
    from bot.i18n import _catalog

    catalog = _catalog(lang)
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
        "seizer": "Hari Singh of Rampur",
        "owner": None,
    }
    english = render("register_copy", params, "en")
    assert "1. cow (red); 2. buffalo" in english and "Owner: not known to the office" in english
    hindi = render("register_copy", params, "hi")
    assert "1. गाय (red); 2. भैंस" in hindi and "मालिक: कार्यालय को ज्ञात नहीं" in hindi
    extra = {"place": "the field", "village": "Rampur", "seized_date": "2026-03-01"}
    bengali = render("arrival_expected", {**params, **extra, "animals_kinds": {"cow": 2}}, "bn")
    assert "2টি গরু" in bengali  # a count of cattle, with its classifier


def test_an_unknown_template_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        render("no_such_template", {}, "en")
