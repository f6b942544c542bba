"""Each Hindi and Bengali catalog follows its language's glossary (docs/glossary/<lang>.md): one
word for each concept of the Act and the office, never a second spelling or a word it lists as
wrong; and no Roman section numeral or practice code in a Hindi or Bengali text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.i18n import LOCALES, WORDS_DOMAIN, word_lists

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary"
LANGS = ("hi", "bn")
# Devanagari and Bengali letters and signs: a word ends where none of them (or \w) follows.
_LETTER = r"\w\u0900-\u09ff"
# The endings a noun takes (oblique, plural, case) that still say the same word.
_ENDINGS = {
    "hi": ("ों", "ें", "े", "ी", "ो", "ां"),
    "bn": ("ের", "র", "কে", "তে", "য়", "এ", "ে", "গুলি", "গুলো", "টি", "টা"),
}
# A section, or the Act's own number (Act No. III), in Roman numerals.
ROMAN_SECTION = re.compile(r"(धारा|धाराओं|ধারা|संख्या|নং)\s+[IVXL]+\b|\b[IVXL]+\s+(নং|संख्या)")
# A practice code of docs/act.md (G4, G৪): the English texts cite them to officials; a Hindi or
# Bengali text says what happens instead, to anyone.
PRACTICE_CODE = re.compile(r"\bG[0-9০-৯]{1,2}\b")


def glossary(lang: str) -> dict[str, list[str]]:
    """concept -> the words never to write for it, from the glossary's table."""
    never: dict[str, list[str]] = {}
    for line in (GLOSSARY / f"{lang}.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("concept", "") or set(cells[0]) <= {"-"}:
            continue
        never[cells[0]] = [w.strip() for w in cells[2].split(",") if w.strip()]
    return never


def texts(lang: str) -> list[tuple[str, str, str]]:
    """(file, msgid, text) for every translated text of `lang` but the words people type."""
    out: list[tuple[str, str, str]] = []
    for po in sorted((LOCALES / lang / "LC_MESSAGES").glob("*.po")):
        if po.stem == WORDS_DOMAIN:
            continue
        with po.open("rb") as fh:
            for message in read_po(fh, locale=lang):
                if not message.id or message.fuzzy:
                    continue
                strings = (
                    message.string if isinstance(message.string, tuple | list) else [message.string]
                )
                msgid = message.id if isinstance(message.id, str) else message.id[0]
                out += [(po.name, msgid, str(s)) for s in strings if s]
    return out


def _pattern(lang: str, word: str) -> re.Pattern[str]:
    endings = "|".join(re.escape(e) for e in _ENDINGS[lang])
    return re.compile(rf"(?<![{_LETTER}]){re.escape(word)}(?:{endings})?(?![{_LETTER}])")


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_names_the_concepts_of_the_act(lang: str) -> None:
    table = glossary(lang)
    for concept in (
        "pound (Sec III)",
        "seizure",
        "complaint (Sec XIV)",
        "what the owner must pay",
        "money paid to the owner",
        "reference of a seizure",
        "notice (Sec VIII)",
    ):
        assert concept in table, f"docs/glossary/{lang}.md names no word for {concept}"


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_uses_a_word_the_glossary_rules_out(lang: str) -> None:
    wrong = [(concept, w, _pattern(lang, w)) for concept, ws in glossary(lang).items() for w in ws]
    found = [
        f"{file}: {msgid[:60]!r}: {word!r} (write the glossary's word for {concept})"
        for file, msgid, text in texts(lang)
        for concept, word, pattern in wrong
        if pattern.search(text)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_the_word_a_text_tells_people_to_send_follows_the_glossary(lang: str) -> None:
    """`{say_...}` writes the first word of each meaning of words.po into texts."""
    wrong = [(w, _pattern(lang, w)) for ws in glossary(lang).values() for w in ws]
    shown = {meaning: said[0] for meaning, said in word_lists(lang).items()}
    found = [f"{m}: {w!r}" for m, first in shown.items() for w, p in wrong if p.search(first)]
    assert not found, found


@pytest.mark.parametrize("lang", LANGS)
def test_sections_are_cited_in_digits_and_no_practice_code_is_written(lang: str) -> None:
    found = [
        f"{file}: {text[:80]!r}"
        for file, _msgid, text in texts(lang)
        if ROMAN_SECTION.search(text) or PRACTICE_CODE.search(text)
    ]
    assert not found, "\n".join(found)


def test_bengali_texts_write_bengali_digits() -> None:
    """A count, a date, a sum or a section in a Bengali text is in Bengali digits (the values
    filled in are written so by the code: bot/figures.py)."""
    found = [
        f"{file}: {text[:80]!r}"
        for file, _msgid, text in texts("bn")
        if re.search(r"[0-9]", re.sub(r"\{[^}]*\}", "", text))
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_are_cldrs(lang: str) -> None:
    """CLDR says one form for 0 and 1 in Hindi and Bengali: `n > 1`, in every catalog's header."""
    for po in sorted((LOCALES / lang / "LC_MESSAGES").glob("*.po")):
        header = po.read_text(encoding="utf-8")
        assert "plural=(n > 1)" in header, f"{po.name}: Plural-Forms is not n > 1"
