"""Figures in the reader's language: amounts of money as people of that language write them.

The office keeps money as an int of its profile's smallest unit (`law/money.py`: paise, or the
pies of 1857) and hands it to the bot as such (`*_amount` params, with the system's name under
`money`); the bot writes it when it writes the text, in the language of the person who reads it
(Babel, with the locale of that language in India: Indian grouping, 12,34,567.50).

Hindi and Bengali texts show the rupee sign, ₹12,34,567.50. English texts write `Rs 12,34,567.50`:
the rupee sign is not in the GSM-7 alphabet of SMS, and a single ₹ would send the whole English
message as UCS-2, 70 characters a segment instead of 160.
"""

from __future__ import annotations

from decimal import Decimal

from babel.numbers import format_currency, format_decimal

from law.errors import InvalidInput
from law.money import PAISE, PIES, MoneySystem, money_system

MONEY = "money"  # the param naming the money system of `*_amount` params
AMOUNT = "_amount"
LEGACY_TEXT = "_text"  # rows queued before amounts were written per language
_ENGLISH_SIGN = "Rs "
_PATTERN = "#,##,##0.00"


def _locale(lang: str) -> str:
    return f"{lang}_IN"


def money(lang: str, amount: int, system: str | MoneySystem | None = None) -> str:
    """`amount` (ints of the system's unit) as the reader writes it: `₹1,23,456.50`,
    `Rs 1,23,456.50` in English; in pies, `₹1-7-0` (rupees-annas-pies)."""
    found = system if isinstance(system, MoneySystem) else _system(system)
    sign = "-" if amount < 0 else ""
    if found.name == PIES.name:
        rupees, rest = divmod(abs(amount), 192)
        annas, pies = divmod(rest, 12)
        whole = format_decimal(rupees, locale=_locale(lang))
        symbol = _ENGLISH_SIGN if lang == "en" else "₹"
        return f"{sign}{symbol}{whole}-{annas}-{pies}"
    value = Decimal(abs(amount)) / 100
    if lang == "en":
        return sign + _ENGLISH_SIGN + format_decimal(value, format=_PATTERN, locale=_locale(lang))
    return sign + format_currency(value, "INR", locale=_locale(lang))


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
