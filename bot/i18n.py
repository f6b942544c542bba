"""Translations: English message ids, Hindi and Bengali catalogs (gettext .po read with Babel).

Every text a person reads is written in code as `t("English text {name}", name=...)` or marked
with `N_()` (`NP_()` for a text with a plural); `bot/locales/<lang>/LC_MESSAGES/<domain>.po`
holds its translation. The words people may type are the `words` domain, kept apart
(bot/words.py; docs/messages.md); a text names such a word with the placeholder
`{say_<meaning>}`, filled with the word in the reader's language, so a text never tells someone
to send a word the office would not take from him.

Figures and grammar are the Translator's, so that a translation only places them: an int param
is written in the reader's digits (bot/figures.py `digits`), a `str` param as it is given, the
param `section` as the reader numbers the Act's sections (VIII, 8, ৮), and a placeholder in a
case takes the ending its value asks for (bot/grammar.py), the catalogs staying plain gettext.
"""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path

from babel.dates import format_date
from babel.messages.pofile import read_po

from bot.figures import digits, sections
from bot.grammar import CASES, inflect, mark_cases

LOCALES = Path(__file__).parent / "locales"
LANGUAGES: dict[str, str] = {"en": "English", "hi": "हिन्दी", "bn": "বাংলা"}
DEFAULT_LANGUAGE = "en"
WORDS_DOMAIN = "words"
WORD_PREFIX = "word:"
WORD_SEPARATOR = "|"
SAY = "say_"
SECTION = "section"  # the param naming the Act's sections ("VIII", "VI, VII")
_GROUPS = ("cmd", "kind", "num")  # meanings named `group:key` (cmd:convey)


def N_(msgid: str) -> str:
    """Mark a text for translation where it is defined; it is translated where it is shown."""
    return msgid


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a text with a plural (`{n} cow`, `{n} cows`); `Translator.plural` says it."""
    return singular, plural


@dataclass(frozen=True)
class _Catalog:
    texts: Mapping[str, str]
    plurals: Mapping[str, tuple[str, ...]]
    plural_index: Callable[[int], int]


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


@cache
def _load(lang: str) -> _Catalog:
    """Every translation of one language, all domains but the words merged."""
    texts: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    index: Callable[[int], int] = _english_plural
    folder = LOCALES / lang / "LC_MESSAGES"
    if folder.is_dir():
        for po in sorted(folder.glob("*.po")):
            if po.stem == WORDS_DOMAIN:
                continue
            with po.open("rb") as fh:
                catalog = read_po(fh, locale=lang)
            if catalog.plural_expr:
                index = gettext.c2py(catalog.plural_expr)
            for message in catalog:
                # A fuzzy entry is a guess awaiting review, not yet a translation.
                if message.fuzzy or not message.id:
                    continue
                if isinstance(message.id, str) and message.string:
                    texts[message.id] = str(message.string)
                elif isinstance(message.id, tuple) and isinstance(message.string, tuple | list):
                    forms = tuple(str(s) for s in message.string)
                    if all(forms):
                        plurals[message.id[0]] = forms
    return _Catalog(texts, plurals, index)


@cache
def word_lists(lang: str) -> Mapping[str, tuple[str, ...]]:
    """The words domain of one language: meaning -> the words that say it, the first the one
    shown (`word:yes` -> ("हाँ", "हां", ...) becomes "yes" -> (...))."""
    out: dict[str, tuple[str, ...]] = {}
    po = LOCALES / lang / "LC_MESSAGES" / f"{WORDS_DOMAIN}.po"
    if not po.is_file():
        return out
    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    for message in catalog:
        if message.fuzzy or not isinstance(message.id, str):
            continue
        if not message.id.startswith(WORD_PREFIX) or not message.string:
            continue
        said = tuple(w.strip() for w in str(message.string).split(WORD_SEPARATOR) if w.strip())
        if said:
            out[message.id.removeprefix(WORD_PREFIX)] = said
    return out


@cache
def english_words() -> frozenset[str]:
    """Every word, lower-cased, of the office's own English texts (the catalogs' msgids) and of
    the English words people type: a Latin word among them says no other language."""
    catalog = _load("hi")
    texts = [*catalog.texts, *catalog.plurals]
    texts += [w for said in word_lists("en").values() for w in said]
    return frozenset(w.lower() for text in texts for w in re.findall(r"[A-Za-z]+", text))


def normalise_language(code: str | None) -> str:
    code = (code or "").strip().lower()[:2]
    return code if code in LANGUAGES else DEFAULT_LANGUAGE


def meaning_of_field(field: str) -> str | None:
    """The meaning a `say_...` placeholder names, or None if it names none."""
    if not field.startswith(SAY):
        return None
    name = field.removeprefix(SAY)
    group, _, key = name.partition("_")
    return f"{group}:{key}" if group in _GROUPS and key else name


def say_word(lang: str, meaning: str) -> str:
    """The first word of `meaning` in `lang` (in capitals in English, as an SMS command is
    written), else the English one."""
    said = word_lists(lang).get(meaning) or word_lists(DEFAULT_LANGUAGE).get(meaning)
    if not said:
        return meaning.rpartition(":")[2].upper()
    return said[0].upper() if lang == DEFAULT_LANGUAGE else said[0]


NAMES = "_names"  # `village_names`: the names of the param `village` in other scripts


def written_in(lang: str, name: object, names: object) -> str:
    """A place's name as a reader of `lang` writes it: the name the district file gives it in
    his language (`names`, by language, or its (language, name) pairs), if it does, else the
    register's `name`."""
    if isinstance(names, tuple):
        names = dict(names)
    if isinstance(names, Mapping):
        given = names.get(lang)
        if isinstance(given, str) and given:
            return given
    return str(name)


def names_written(params: Mapping[str, object], lang: str) -> dict[str, object]:
    """`params` with each place named in the reader's script: a param `village` (`pound`,
    `district`, any name) given with `village_names` (the district file's names by language)
    is written by `written_in`; the `_names` params stay as they are."""
    out = dict(params)
    for key, names in params.items():
        place = key.removesuffix(NAMES)
        if key.endswith(NAMES) and isinstance(params.get(place), str):
            out[place] = written_in(lang, params[place], names)
    return out


class _Params(dict[str, object]):
    """A text's params, places named in the reader's script (`names_written`); a `say_...`
    placeholder not given is the word for its meaning."""

    def __init__(self, params: Mapping[str, object], lang: str) -> None:
        super().__init__(names_written(params, lang))
        self.lang = lang
        section = params.get(SECTION)
        if isinstance(section, str):
            self[SECTION] = sections(lang, section)

    def __missing__(self, key: str) -> object:
        meaning = meaning_of_field(key)
        if meaning is None:
            raise KeyError(key)
        return say_word(self.lang, meaning)


class _Formatter(string.Formatter):
    """`str.format` with the reader's digits for an int and the case a format spec names."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        case = format_spec if format_spec in CASES else ""
        text = super().format_field(value, "" if case else format_spec)
        if isinstance(value, int) and not isinstance(value, bool):
            text = digits(self.lang, text)
        return inflect(self.lang, text, case) if case else text


@dataclass(frozen=True)
class Translator:
    """Texts in one language; a missing translation falls back to English, never to nothing."""

    lang: str

    def __call__(self, msgid: str, /, **params: object) -> str:
        text = msgid if self.lang == DEFAULT_LANGUAGE else _load(self.lang).texts.get(msgid, msgid)
        return self._format(msgid, text, params)

    def plural(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        """The form of a text for `n` (gettext's ngettext): `n` is also a placeholder."""
        english = singular if n == 1 else plural
        text = english
        if self.lang != DEFAULT_LANGUAGE:
            catalog = _load(self.lang)
            forms = catalog.plurals.get(singular)
            if forms:
                text = forms[min(max(catalog.plural_index(n), 0), len(forms) - 1)]
        return self._format(english, text, {"n": n, **params})

    def _format(self, english: str, text: str, params: Mapping[str, object]) -> str:
        if not params and "{" + SAY not in text:
            return text
        try:
            cased = mark_cases(self.lang, text)
            return _Formatter(self.lang).vformat(cased, (), _Params(params, self.lang))
        except (KeyError, IndexError, ValueError):
            # A broken translation must not lose the message: say it in English.
            english_params = _Params(params, DEFAULT_LANGUAGE)
            return _Formatter(DEFAULT_LANGUAGE).vformat(english, (), english_params)

    def day(self, value: date) -> str:
        """A calendar date as people of this language write it: 8 March 2026, 8 मार्च 2026,
        ৮ মার্চ ২০২৬ (no comma: CLDR's long Bengali date has one that a village does not
        write)."""
        if self.lang in _DAY_PATTERNS:
            return digits(self.lang, format_date(value, _DAY_PATTERNS[self.lang], self.lang))
        return format_date(value, format="long", locale=self.lang)


_DAY_PATTERNS = {"bn": "d MMMM y"}


def translator(lang: str | None) -> Translator:
    return Translator(normalise_language(lang))


def translated(lang: str, msgid: str) -> bool:
    """Whether `msgid` has a translation in `lang` (English always has)."""
    return lang == DEFAULT_LANGUAGE or msgid in _load(lang).texts
