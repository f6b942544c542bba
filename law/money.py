"""Money as a plain int of the smallest unit: pies (Rs-annas-pies) or paise (decimal rupee)."""

from __future__ import annotations

import re
import unicodedata
from abc import ABC, abstractmethod
from dataclasses import dataclass

from law.errors import N_, InvalidInput, InvalidMoney

# Longer than any amount a pound will ever see; keeps a stranger's text from becoming a huge int.
_MAX_DIGITS = 15
# The largest amount taken, in units (10^15 pies is some Rs 5 lakh crore): far past any pound,
# and 9,000 such amounts still add up within a 64-bit column (BIGINT).
MAX_AMOUNT = 10**15

_PREFIX = r"(?:rs\.?|₹)?"


class MoneySystem(ABC):
    """How a profile counts, writes and reads money. Amounts are ints of `unit`; never floats."""

    name: str
    unit: str
    per_rupee: int

    @abstractmethod
    def parse(self, text: str) -> int:
        """The amount written in `text`, in units; raises InvalidMoney saying what is wrong."""

    @abstractmethod
    def format(self, amount: int) -> str:
        """The amount written the way the period wrote it."""

    def from_rupees(self, rupees: int) -> int:
        """Whole rupees in units (caps in the Act are written in rupees)."""
        return rupees * self.per_rupee


def _clean(text: str) -> str:
    if not isinstance(text, str):
        raise InvalidMoney(N_("an amount must be text"), got=type(text).__name__)
    # Digits of any script (१-३-०, ১-৩-০) are the same figures: Hindi and Bengali texts show them.
    cleaned = " ".join(text.split())
    cleaned = "".join(str(unicodedata.decimal(c)) if c.isdecimal() else c for c in cleaned)
    if not cleaned:
        raise InvalidMoney(N_("the amount is empty"))
    if cleaned.startswith("-") or re.match(_PREFIX + r"\s*-", cleaned, re.IGNORECASE):
        raise InvalidMoney(N_("an amount cannot be negative"), text=text)
    return cleaned


def _check_digits(digits: str, text: str) -> None:
    if len(digits.lstrip("0")) > _MAX_DIGITS:
        raise InvalidMoney(N_("the amount is too large"), text=text)


def check_amount(amount: int, text: str = "") -> int:
    """`amount` if it is at most MAX_AMOUNT units, else InvalidMoney."""
    if amount > MAX_AMOUNT:
        raise InvalidMoney(N_("the amount is too large"), text=text or str(amount), most=MAX_AMOUNT)
    return amount


@dataclass(frozen=True)
class PiesSystem(MoneySystem):
    """1 rupee = 16 annas = 192 pies; written `Rs 1-7-0` (rupees-annas-pies)."""

    name: str = "pies"
    unit: str = "pie"
    per_rupee: int = 192
    pies_per_anna: int = 12

    # Rupees may be grouped as Indian texts write them (₹12,345-0-5).
    _PATTERN = re.compile(
        r"^" + _PREFIX + r"\s*([0-9]{1,3}(?:,[0-9]{2})*,[0-9]{3}|[0-9]+)(?:-([0-9]+)-([0-9]+))?$",
        re.IGNORECASE,
    )

    def parse(self, text: str) -> int:
        cleaned = _clean(text)
        match = self._PATTERN.match(cleaned)
        if match is None:
            if "." in cleaned.lower().removeprefix("rs."):
                raise InvalidMoney(
                    N_(
                        "write rupees-annas-pies, like Rs 1-7-0; fractions of a rupee are not "
                        "accepted"
                    ),
                    text=text,
                )
            raise InvalidMoney(
                N_("write rupees-annas-pies, like Rs 1-7-0, or whole rupees, like Rs 2"), text=text
            )
        rupees_s, annas_s, pies_s = match.groups()
        rupees_s = rupees_s.replace(",", "")
        _check_digits(rupees_s, text)
        annas = int(annas_s) if annas_s is not None else 0
        pies = int(pies_s) if pies_s is not None else 0
        if annas > 15:
            raise InvalidMoney(N_("annas must be 0 to 15"), text=text, annas=annas)
        if pies > 11:
            raise InvalidMoney(N_("pies must be 0 to 11"), text=text, pies=pies)
        return check_amount(
            int(rupees_s) * self.per_rupee + annas * self.pies_per_anna + pies, text
        )

    def format(self, amount: int) -> str:
        sign = "-" if amount < 0 else ""
        rupees, rest = divmod(abs(amount), self.per_rupee)
        annas, pies = divmod(rest, self.pies_per_anna)
        return f"{sign}Rs {rupees}-{annas}-{pies}"


@dataclass(frozen=True)
class PaiseSystem(MoneySystem):
    """1 rupee = 100 paise; written `Rs 1,23,456.00`."""

    name: str = "paise"
    unit: str = "paisa"
    per_rupee: int = 100

    _PATTERN = re.compile(
        r"^" + _PREFIX + r"\s*([0-9]+(?:,[0-9]+)*)(?:\.([0-9]+))?$",
        re.IGNORECASE,
    )

    def parse(self, text: str) -> int:
        cleaned = _clean(text)
        match = self._PATTERN.match(cleaned)
        if match is None:
            raise InvalidMoney(N_("write rupees and paise, like Rs 1,550.00 or 1550.5"), text=text)
        whole_s, frac_s = match.groups()
        whole_s = whole_s.replace(",", "")
        _check_digits(whole_s, text)
        frac_s = frac_s or ""
        if len(frac_s) > 2:
            raise InvalidMoney(N_("at most 2 decimal places (paise) are allowed"), text=text)
        return check_amount(int(whole_s) * self.per_rupee + int(frac_s.ljust(2, "0")), text)

    def format(self, amount: int) -> str:
        sign = "-" if amount < 0 else ""
        rupees, paise = divmod(abs(amount), self.per_rupee)
        # 1,23,456: the last three digits, then pairs (the Indian way of writing lakhs, crores).
        grouped = re.sub(r"\B(?=(?:\d{2})*\d{3}$)", ",", str(rupees))
        return f"{sign}Rs {grouped}.{paise:02d}"


PIES: MoneySystem = PiesSystem()
PAISE: MoneySystem = PaiseSystem()

MONEY_SYSTEMS: dict[str, MoneySystem] = {PIES.name: PIES, PAISE.name: PAISE}


def money_system(name: str) -> MoneySystem:
    """The money system called `name` ("pies" or "paise")."""
    try:
        return MONEY_SYSTEMS[name]
    except KeyError:
        raise InvalidInput(
            N_("unknown money system '{name}'; known: {known_text}"),
            name=name,
            known=list(MONEY_SYSTEMS),
            said={"known_text": ", ".join(MONEY_SYSTEMS)},
        ) from None
