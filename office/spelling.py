"""How words are compared when people type them: in any case, with or without nukta, long or short
vowel signs, candrabindu or anusvara, in Latin, Devanagari or Bengali letters, with one typo.

Pure functions of text, no I/O: the village matcher (office/views/lookup.py) and the chat's
vocabulary (bot/words.py) share them, so a village and a keyword are read the same way; phones and
amounts, in a chat or at the desk, are read in any script's digits by `latin_digits`.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

# Marks a typist may or may not put in: the nukta (क़ / क, য় / য), joiners (common in Bengali
# typed on phones), and the dotted circle some keyboards leave behind.
_DROPPED = dict.fromkeys(map(ord, "\u093c\u09bc\u200c\u200d\u25cc"), None)

# Variants that mean the same to a reader: candrabindu and anusvara, long and short i and u
# (ी/ि, ू/ु; ী/ি, ূ/ু), written as vowel signs or as vowels.
_SAME: dict[int, str] = {
    0x0901: "\u0902",  # ँ -> ं
    0x0940: "\u093f",  # ी -> ि
    0x0942: "\u0941",  # ू -> ु
    0x0908: "\u0907",  # ई -> इ
    0x090A: "\u0909",  # ऊ -> उ
    0x0981: "\u0982",  # ঁ -> ং
    0x09C0: "\u09bf",  # ী -> ি
    0x09C2: "\u09c1",  # ূ -> ু
    0x0988: "\u0987",  # ঈ -> ই
    0x098A: "\u0989",  # ঊ -> উ
}

# Vowel signs, virama, anusvara, candrabindu and visarga of both scripts: a transliteration of a
# Latin name guesses them (Rampur -> रम्पुर, not रामपुर), so village names are also compared
# without them (their consonant skeleton).
_SIGNS = re.compile(
    "[\u0900-\u0903\u093a-\u094f\u0955-\u0957\u0962\u0963"  # Devanagari
    "\u0981-\u0983\u09bc-\u09d7\u09e2\u09e3]"  # Bengali
)
# An independent vowel inside a word (धकिअ) is a transliteration's guess too; at the start it is
# the word's own (ऊंट, উট).
_INNER_VOWEL = re.compile(r"(?<=\w)[\u0904-\u0914\u0985-\u0994]")

_EDGE = " \t\n.,;:!?।॥'\"()[]{}-"


def latin_digits(text: str) -> str:
    """`text` with the digits of every script as 0-9 (१२ and ১২ as 12): how the office reads a
    number however it was typed, in a chat or at the desk (a count, a phone, an amount)."""
    return "".join(str(unicodedata.decimal(ch)) if ch.isdecimal() else ch for ch in text)


def plain(text: str | None) -> str:
    """A name as written, for comparing names that must be the same as written (a party, a
    buyer, a village named exactly): Unicode NFC, case folded, spacing tidied; not `fold`."""
    return unicodedata.normalize("NFC", " ".join((text or "").split())).casefold()


def fold(text: str) -> str:
    """The form two spellings share when they are the same word to a reader: Unicode NFC, case
    folded, nukta and joiners dropped, candrabindu as anusvara, long i and u as short, digits of
    every script as 0-9, spacing tidied, punctuation at the ends dropped."""
    text = unicodedata.normalize("NFC", text).casefold()
    text = unicodedata.normalize("NFD", text)
    # A combining accent on a Latin letter goes (é -> e); Indic vowel signs are kept.
    text = "".join(ch for ch in text if not "\u0300" <= ch <= "\u036f")
    text = unicodedata.normalize("NFC", text).translate(_DROPPED).translate(_SAME)
    text = " ".join(latin_digits(text).split())
    # "?" and "-" are words too (help, skip): only what is more than punctuation is trimmed.
    return text.strip(_EDGE) or text


def skeleton(text: str) -> str:
    """The folded text without vowel signs, virama and nasal marks: what a Devanagari or Bengali
    spelling of a name keeps however its vowels are guessed. Latin text is only folded."""
    folded = fold(text)
    return _INNER_VOWEL.sub("", _SIGNS.sub("", folded))


def within_one_edit(a: str, b: str) -> bool:
    """Whether `b` is `a` with at most one letter added, dropped, changed, or two neighbours
    swapped (Damerau-Levenshtein distance <= 1)."""
    if a == b:
        return True
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    if la == lb:
        diff = [i for i in range(la) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        )
    short, long_ = (a, b) if la < lb else (b, a)
    i = 0
    while i < len(short) and short[i] == long_[i]:
        i += 1
    return short[i:] == long_[i + 1 :]


# A typo is forgiven only in a word long enough that one letter does not make another word
# ("no" and "to", "y" and "n"): counted in code points of the folded form.
TYPO_MIN_LENGTH = 4


def close(typed: str, known: str) -> bool:
    """`typed` is `known` with one typo, both folded, and long enough for a typo to be told."""
    return min(len(typed), len(known)) >= TYPO_MIN_LENGTH and within_one_edit(typed, known)


# indic_transliteration's names of the scripts. The library itself is imported at the first name
# transliterated: it reads its 88 scheme files when imported (0.3 s of every start).
_SCRIPTS = {"hi": "devanagari", "bn": "bengali"}
_VIRAMA_AT_END = re.compile("[\u094d\u09cd](?=\\s|$)")


@cache
def transliterate(name: str, lang: str) -> str | None:
    """A Latin name written in the script of `lang` (hi: Devanagari, bn: Bengali), or None.

    Approximate: the Latin spelling does not say which vowels are long (Rampur -> रम्पुर, where
    people write रामपुर), so it is matched on its skeleton and with one typo forgiven.
    """
    script = _SCRIPTS.get(lang)
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    if script is None or not re.search("[A-Za-z]", ascii_name):
        return None
    from indic_transliteration import sanscript

    written = sanscript.transliterate(ascii_name.lower(), sanscript.ITRANS, script)
    return _VIRAMA_AT_END.sub("", written)


def transliteration_languages() -> tuple[str, ...]:
    return tuple(_SCRIPTS)
