"""Translations: English message ids, Hindi and Bengali catalogs (gettext .po read with Babel).

Every text a person reads is written in code as `t("English text {name}", name=...)` or marked
with `N_()`; `bot/locales/<lang>/LC_MESSAGES/<domain>.po` holds its translation. A test extracts
every id from the code and checks that each language has it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path

from babel.dates import format_date
from babel.messages.pofile import read_po

LOCALES = Path(__file__).parent / "locales"
LANGUAGES: dict[str, str] = {"en": "English", "hi": "हिन्दी", "bn": "বাংলা"}
DEFAULT_LANGUAGE = "en"


def N_(msgid: str) -> str:
    """Mark a text for translation where it is defined; it is translated where it is shown."""
    return msgid


@cache
def _catalog(lang: str) -> Mapping[str, str]:
    """Every translation of one language, all domains merged."""
    merged: dict[str, str] = {}
    folder = LOCALES / lang / "LC_MESSAGES"
    if not folder.is_dir():
        return merged
    for po in sorted(folder.glob("*.po")):
        with po.open("rb") as fh:
            catalog = read_po(fh, locale=lang)
        for message in catalog:
            # A fuzzy entry is a guess awaiting review, not yet a translation.
            if isinstance(message.id, str) and message.id and message.string and not message.fuzzy:
                merged[message.id] = str(message.string)
    return merged


def normalise_language(code: str | None) -> str:
    code = (code or "").strip().lower()[:2]
    return code if code in LANGUAGES else DEFAULT_LANGUAGE


@dataclass(frozen=True)
class Translator:
    """Texts in one language; a missing translation falls back to English, never to nothing."""

    lang: str

    def __call__(self, msgid: str, /, **params: object) -> str:
        text = msgid if self.lang == DEFAULT_LANGUAGE else _catalog(self.lang).get(msgid, msgid)
        if not params:
            return text
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            # A broken translation must not lose the message: say it in English.
            return msgid.format(**params)

    def day(self, value: date) -> str:
        """A calendar date as people of this language write it (e.g. 8 March 2026)."""
        return format_date(value, format="long", locale=self.lang)


def translator(lang: str | None) -> Translator:
    return Translator(normalise_language(lang))


def translated(lang: str, msgid: str) -> bool:
    """Whether `msgid` has a translation in `lang` (English always has)."""
    return lang == DEFAULT_LANGUAGE or msgid in _catalog(lang)
