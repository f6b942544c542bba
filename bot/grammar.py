"""The endings a name takes in a sentence, chosen by how the name ends: one helper for every text.

A translation writes the case a placeholder stands in as the language writes it after a name
(Bengali `{owner}-এর`, `{village}-এ`; Hindi `{animals} का`); `mark_cases` reads it as a format
spec and the Translator (bot/i18n.py) writes the ending the value asks for:

- `{owner:of}`: the possessive. Bengali joins -র after a vowel sign (কেমরি -> কেমরির,
  ৩টি গরু -> ৩টি গরুর), -এর after a consonant (রহিম -> রহিমের), -য়ের after a vowel letter
  (পটওয়াই -> পটওয়াইয়ের), and writes -এর after a hyphen when the value ends in a digit or a
  Latin letter (RMP-12 -> RMP-12-এর, ১২ -> ১২-এর).
- `{village:in}`: the locative. Bengali -য় after -া (হাওড়া -> হাওড়ায়), -তে after any other vowel
  (কেমরি -> কেমরিতে), -এ after a consonant (রামপুর -> রামপুরে), and -এ after a hyphen after a
  digit or a Latin letter.
- `{animals:obl}`: Hindi's oblique plural before a postposition (का, के, की, में, से, को): a count
  above one takes -ों (3 गायें -> 3 गायों, 2 बकरियाँ -> 2 बकरियों, 2 बैल -> 2 बैलों), one
  masculine -ा takes -े (1 घोड़ा -> 1 घोड़े).

In a language that has no such ending (English; Bengali with `obl`; Hindi with `of`/`in`, where
the postposition is a word of its own) the value is written as it is.
"""

from __future__ import annotations

import re

OF = "of"
IN = "in"
OBLIQUE = "obl"
CASES = frozenset({OF, IN, OBLIQUE})

# Bengali vowel signs (া ি ী ু ূ ৃ ে ৈ ো ৌ) and vowel letters (অ আ ই ঈ উ ঊ ঋ এ ঐ ও ঔ).
_BN_SIGNS = frozenset("\u09be\u09bf\u09c0\u09c1\u09c2\u09c3\u09c7\u09c8\u09cb\u09cc")
_BN_VOWELS = frozenset("\u0985\u0986\u0987\u0988\u0989\u098a\u098b\u098f\u0990\u0993\u0994")
_BN_AA = "\u09be"
_BN_KHANDA_TA = "\u09ce"  # ৎ: জগৎ -> জগতের
_BN_ANUSVARA = "\u0982"  # ং: সিং -> সিংয়ের, সিংয়ে
_BN_CONSONANTS = re.compile(r"[\u0995-\u09b9\u09dc\u09dd\u09df\u09bc]")


# The case endings a translation writes after a placeholder, and the case each one names.
_BN_ENDING = re.compile(r"\{(\w+)\}-(এর|এ|তে|য়)(?![\u0980-\u09ff])")
_POSTPOSITION = re.compile(r"\{(\w+)\}(?=\s+(?:का|के|की|में|से|को|पर|तक)(?![\u0900-\u097f]))")


def mark_cases(lang: str, text: str) -> str:
    """A translation's `text` with each placeholder that stands in a case marked with it, as a
    format spec the Translator reads (bot/i18n.py): Bengali `{owner}-এর` -> `{owner:of}`,
    `{village}-এ` -> `{village:in}`; Hindi `{animals} का` -> `{animals:obl} का`."""
    if lang == "bn":
        return _BN_ENDING.sub(
            lambda m: f"{{{m.group(1)}:{OF if m.group(2) == 'এর' else IN}}}", text
        )
    if lang == "hi":
        return _POSTPOSITION.sub(lambda m: f"{{{m.group(1)}:{OBLIQUE}}}", text)
    return text


def inflect(lang: str, value: str, case: str) -> str:
    """`value` in `case` (`of`, `in`, `obl`) as `lang` writes it; unchanged where it takes none."""
    if not value or case not in CASES:
        return value
    if lang == "bn" and case in (OF, IN):
        return _bengali(value, case)
    if lang == "hi" and case == OBLIQUE:
        return _hindi_oblique(value)
    return value


def _bengali(value: str, case: str) -> str:
    last = value[-1]
    if last in _BN_SIGNS:
        if case == OF:
            return value + "র"
        return value + ("য়" if last == _BN_AA else "তে")
    if last in _BN_VOWELS:
        return value + ("য়ের" if case == OF else "তে")
    if last == _BN_ANUSVARA:
        return value + ("য়ের" if case == OF else "য়ে")
    if last == _BN_KHANDA_TA:
        return value[:-1] + "ত" + ("ের" if case == OF else "ে")
    if _BN_CONSONANTS.fullmatch(last):
        return value + ("ের" if case == OF else "ে")
    # A digit, a Latin letter, a bracket: the ending stands after a hyphen.
    return value + ("-এর" if case == OF else "-এ")


# A count and the word after it: "3 गायें", "१ घोड़ा"; a word, not more digits ("+91 81234 56789"
# is a phone, no count of 81234).
_HI_COUNT = re.compile(r"(\d+)\s+([^\W\d_]\S*)$")


def _hindi_oblique(value: str) -> str:
    """The last "count word" of `value` in the oblique: each group of a list is said before the
    postposition only through its last word ("2 गायें और 3 बैलों का")."""
    found = _HI_COUNT.search(value)
    if found is None:
        return value
    n, word = int(found.group(1)), found.group(2)
    if n > 1:
        for plural, oblique in (("ियाँ", "ियों"), ("ियां", "ियों"), ("ें", "ों"), ("े", "ों")):
            if word.endswith(plural):
                word = word.removesuffix(plural) + oblique
                break
        else:
            if word.endswith("ी"):
                word = word.removesuffix("ी") + "ियों"
            elif not word.endswith("ों"):
                word += "ों"
    elif word.endswith("ा"):
        word = word.removesuffix("ा") + "े"
    return value[: found.start(2)] + word
