"""Every text a person can read has a Hindi and a Bengali translation in the catalogs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from bot.i18n import LOCALES, translator, word_lists

BOT = Path(__file__).resolve().parents[2] / "bot"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def msgids() -> dict[str, str]:
    """Each msgid marked with t(...) or N_(...) anywhere in bot/, and the file it is in."""
    found: dict[str, str] = {}
    for filename, _lineno, message, _comments, _context in extract_from_dir(
        str(BOT), method_map=[("**.py", "python")], keywords={"t": None, "N_": None}
    ):
        if isinstance(message, str) and message:
            found.setdefault(message, filename)
    return found


def plural_msgids() -> dict[tuple[str, str], str]:
    """Each text with a plural, marked NP_("{n} cow", "{n} cows"), and the file it is in."""
    found: dict[tuple[str, str], str] = {}
    for filename, _lineno, message, _comments, _context in extract_from_dir(
        str(BOT), method_map=[("**.py", "python")], keywords={"NP_": (1, 2)}
    ):
        if isinstance(message, tuple) and len(message) == 2:
            found.setdefault((str(message[0]), str(message[1])), filename)
    return found


def plurals(lang: str) -> dict[str, tuple[str, ...]]:
    merged: dict[str, tuple[str, ...]] = {}
    for po in sorted((LOCALES / lang / "LC_MESSAGES").glob("*.po")):
        with po.open("rb") as fh:
            for message in read_po(fh, locale=lang):
                if isinstance(message.id, tuple) and not message.fuzzy:
                    merged[message.id[0]] = tuple(str(s or "") for s in message.string)
    return merged


def catalog(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for po in sorted((LOCALES / lang / "LC_MESSAGES").glob("*.po")):
        with po.open("rb") as fh:
            for message in read_po(fh, locale=lang):
                usable = message.string and not message.fuzzy
                if isinstance(message.id, str) and message.id and usable:
                    merged[message.id] = str(message.string)
    return merged


def test_the_code_marks_texts_for_translation() -> None:
    found = msgids()
    assert "Report cattle I have seized" in found
    assert "Cancelled. Nothing was recorded." in found


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_every_text_has_a_translation(lang: str) -> None:
    have = catalog(lang)
    missing = sorted(f"{where}: {m!r}" for m, where in msgids().items() if not have.get(m))
    assert not missing, f"{len(missing)} texts have no {lang} translation:\n" + "\n".join(missing)


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_every_translation_keeps_the_placeholders_of_its_text(lang: str) -> None:
    wrong = [
        msgid
        for msgid, text in catalog(lang).items()
        if set(PLACEHOLDER.findall(msgid)) != set(PLACEHOLDER.findall(text))
    ]
    assert not wrong


def test_a_translation_is_used_and_a_missing_one_falls_back_to_english() -> None:
    assert translator("hi")("Pound office.") != "Pound office."
    assert translator("bn")("no such text {x}", x=1) == "no such text ১"  # its figures the reader's


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_every_text_with_a_plural_has_each_of_its_forms(lang: str) -> None:
    have = plurals(lang)
    found = plural_msgids()
    assert ("{n} cow", "{n} cows") in found
    missing = sorted(
        f"{where}: {ids[0]!r}" for ids, where in found.items() if not all(have.get(ids[0], ("",)))
    )
    assert not missing, f"{len(missing)} plurals have no {lang} forms:\n" + "\n".join(missing)
    for (singular, _plural), _where in found.items():
        for form in have[singular]:
            assert set(PLACEHOLDER.findall(form)) == set(PLACEHOLDER.findall(singular))


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_every_word_people_may_type_has_its_hindi_and_bengali_words(lang: str) -> None:
    """The words domain (bot/words.py): each meaning the English catalog lists is said in
    Hindi and Bengali too, so a keyword works in every chat."""
    english, have = word_lists("en"), word_lists(lang)
    assert "yes" in english and "cmd:seize" in english and "kind:cow" in english
    assert sorted(m for m in english if not have.get(m)) == []


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_a_text_found_in_several_domains_is_translated_alike_in_each(lang: str) -> None:
    """The catalogs of a language are merged into one (bot/i18n.py): a text translated two ways
    in two domains would be said in whichever is read last, on every page and chat alike."""
    seen: dict[str, dict[str, str]] = {}
    for po in sorted((LOCALES / lang / "LC_MESSAGES").glob("*.po")):
        if po.stem == "words":
            continue
        with po.open("rb") as fh:
            for message in read_po(fh, locale=lang):
                if isinstance(message.id, str) and message.id and message.string:
                    seen.setdefault(message.id, {})[po.stem] = str(message.string)
    differ = {text: ways for text, ways in seen.items() if len(set(ways.values())) > 1}
    assert not differ
