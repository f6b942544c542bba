"""Figures in the reader's language: amounts of money as people of that language write them.

The office keeps money as an int of its profile's smallest unit (`law/money.py`: paise, or the
pies of 1857) and hands it to the bot as such (`*_amount` params, with the system's name under
`money`); the bot writes it when it writes the text, in the language of the person who reads it
(Babel, with the locale of that language in India: Indian grouping, 12,34,567.50).

Hindi and Bengali texts show the rupee sign, ₹12,34,567.50; Bengali texts write every figure in
Bengali digits (₹১২,৩৪,৫৬৭.৫০, ₹১-১২-০: `digits`), Hindi ones in the international digits most
Hindi print uses. English texts write `Rs 12,34,567.50`:
the rupee sign is not in the GSM-7 alphabet of SMS, and a single ₹ would send the whole English
message as UCS-2, 70 characters a segment instead of 160.
"""

from __future__ import annotations

import re
from decimal import Decimal

from babel.numbers import format_currency, format_decimal

from law.errors import InvalidInput
from law.money import PAISE, PIES, MoneySystem, money_system

MONEY = "money"  # the param naming the money system of `*_amount` params
AMOUNT = "_amount"
LEGACY_TEXT = "_text"  # rows queued before amounts were written per language
_ENGLISH_SIGN = "Rs "
_PATTERN = "#,##,##0.00"


# The languages whose texts write figures in their own script's digits, and the digits.
_NATIVE_DIGITS = {"bn": {ord("0") + i: 0x09E6 + i for i in range(10)}}  # ০ is U+09E6


def digits(lang: str, text: str) -> str:
    """`text` with its digits 0-9 in the digits `lang` writes figures in (Bengali: ০-৯).

    A value the person may type back (a number, an option) is read in either digits
    (office/spelling.py folds every script's digits; Python's `int` reads them)."""
    table = _NATIVE_DIGITS.get(lang)
    return text.translate(table) if table else text


_ROMAN = {"I": 1, "V": 5, "X": 10}


def section_numbers(text: str) -> str:
    """`VIII` -> `8`: Hindi and Bengali texts number the Act's sections in digits."""

    def arabic(match: re.Match[str]) -> str:
        total, last = 0, 0
        for letter in reversed(match.group(0)):
            value = _ROMAN[letter]
            total, last = (total - value, last) if value < last else (total + value, value)
        return str(total)

    return re.sub(r"\b[IVX]+\b", arabic, text)


def sections(lang: str, text: str) -> str:
    """The Act's sections named in `text` as a `lang` text writes them: `VIII` in English,
    `8` in Hindi, `৮` in Bengali."""
    return text if lang == "en" else digits(lang, section_numbers(text))


def _locale(lang: str) -> str:
    return f"{lang}_IN"


def money(lang: str, amount: int, system: str | MoneySystem | None = None) -> str:
    """`amount` (ints of the system's unit) as the reader writes it: `₹1,23,456.50`,
    `Rs 1,23,456.50` in English, `₹১,২৩,৪৫৬.৫০` in Bengali; in pies, `₹1-7-0`
    (rupees-annas-pies), `₹১-৭-০` in Bengali."""
    found = system if isinstance(system, MoneySystem) else _system(system)
    sign = "-" if amount < 0 else ""
    if found.name == PIES.name:
        rupees, rest = divmod(abs(amount), 192)
        annas, pies = divmod(rest, 12)
        whole = format_decimal(rupees, locale=_locale(lang))
        symbol = _ENGLISH_SIGN if lang == "en" else "₹"
        return digits(lang, f"{sign}{symbol}{whole}-{annas}-{pies}")
    value = Decimal(abs(amount)) / 100
    if lang == "en":
        return sign + _ENGLISH_SIGN + format_decimal(value, format=_PATTERN, locale=_locale(lang))
    return digits(lang, sign + format_currency(value, "INR", locale=_locale(lang)))


# A profile's unit ("pie", "paisa") names its system as well as the system's own name does.
_UNITS = {"pie": "pies", "paisa": "paise"}


def _system(name: str | None) -> MoneySystem:
    if not name:
        return PAISE
    name = _UNITS.get(name, name)
    try:
        return money_system(name)
    except InvalidInput:
        return PAISE
