"""The checks every table of a district file goes through: known keys, text, codes, lists; the
first fault is refused with its line, found in the file's text (`Lines`)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any, NoReturn

from office.jurisdiction.spec import JurisdictionError

# Codes are typed in SMS commands (`SEIZE 2 COW RAMPUR`) and in roles (`keeper:RMP`), so they are
# kept to letters, digits, '-' and '_' and compared in upper case.
CODE = re.compile(r"^[A-Z0-9][A-Z0-9_-]*$")
LANGUAGE = re.compile(r"^[a-z]{2,3}(-[a-z0-9]{2,4})?$")
DISTRICT_CODE_MAX = 32  # the audit subject `district:CODE` must fit its 64 characters
POUND_CODE_MAX = 32
THANA_MAX = 64

ALLOWED: dict[str, tuple[str, ...]] = {
    "": ("district", "pound", "person", "feeding_rate", "excluded"),
    "district": ("name", "code", "names", "timezone", "profile", "languages", "start", "country"),
    "pound": ("code", "name", "names", "thana", "villages"),
    "person": ("name", "residence", "phone", "telegram_id", "language", "roles"),
    "feeding_rate": ("kinds", "per_day", "from"),
    "excluded": ("village", "reason", "names", "lat", "lon"),
    # A village of a pound's list written as an inline table:
    # { name = "...", names = {...}, lat = 28.81, lon = 79.03 }.
    "village": ("name", "names", "lat", "lon"),
}
ARRAYS = ("pound", "person", "feeding_rate", "excluded")


_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_\-]+)\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*')\s*=")


class Lines:
    """Line numbers of tables, keys and list items; tomllib keeps none, so the text is scanned."""

    def __init__(self, text: str) -> None:
        self._tables: dict[tuple[str, int], int] = {}
        self._keys: dict[tuple[str, int, str], tuple[int, int]] = {}
        self._lines = text.splitlines()
        counts: dict[str, int] = {}
        section, index = "", 0
        open_key: tuple[str, int, str] | None = None
        in_string: str | None = None
        for n, line in enumerate(self._lines, 1):
            if in_string is not None:
                # Inside a multi-line string nothing is a key, however it looks.
                if line.count(in_string) % 2 == 1:
                    in_string = None
                continue
            header = _HEADER.match(line)
            key = None if header else _KEY.match(line)
            if (header or key) and open_key is not None:
                self._keys[open_key] = (self._keys[open_key][0], n)
                open_key = None
            if header:
                section = header.group(2)
                index = counts[section] = counts.get(section, -1) + 1
                self._tables[(section, index)] = n
            elif key:
                open_key = (section, index, key.group(1).strip("\"'"))
                self._keys[open_key] = (n, n + 1)
                for quote in ('"""', "'''"):
                    if line.count(quote) % 2 == 1:
                        in_string = quote
        if open_key is not None:
            self._keys[open_key] = (self._keys[open_key][0], len(self._lines) + 1)

    def table(self, section: str, index: int = 0) -> int:
        if (section, index) in self._tables:
            return self._tables[(section, index)]
        inline = self._keys.get(("", 0, section))
        return inline[0] if inline else 1

    def key(self, section: str, index: int, key: str) -> int:
        span = self._keys.get((section, index, key))
        if span is not None:
            return span[0]
        # A top-level "key" is usually a table: [district], [[pound]] ...
        return self.table(key) if section == "" else self.table(section, index)

    def item(self, section: str, index: int, key: str, value: str, nth: int = 0) -> int:
        """The line of the nth time `value` is written (quoted) in that key's value."""
        span = self._keys.get((section, index, key))
        if span is None:
            return self.table(section, index)
        quoted = re.compile(r"([\"'])" + re.escape(value) + r"\1")
        seen = 0
        for n in range(span[0], span[1]):
            for _ in quoted.finditer(self._lines[n - 1]):
                if seen == nth:
                    return n
                seen += 1
        return span[0]


def _table_name(section: str) -> str:
    if not section:
        return "the top level"
    return f"[[{section}]]" if section in ARRAYS else f"[{section}]"


def words(text: str) -> str:
    return " ".join(text.split())


class Reader:
    """Checks the parsed TOML against the schema; the first fault is refused with its line."""

    def __init__(self, data: dict[str, Any], text: str, origin: str) -> None:
        self.data = data
        self.lines = Lines(text)
        self.origin = origin
        self.names: list[tuple[str, tuple[tuple[str, str], ...]]] = []
        self.coordinates: list[tuple[str, tuple[float, float]]] = []

    def fail(self, reason: str, line: int, section: str | None = None) -> NoReturn:
        raise JurisdictionError(reason, origin=self.origin, line=line, section=section)

    def keys(self, table: Mapping[str, Any], section: str, index: int) -> None:
        allowed = ALLOWED[section]
        for key in table:
            if key not in allowed:
                hint = difflib.get_close_matches(key, allowed, n=1)
                also = (
                    f"; did you mean {hint[0]!r}?"
                    if hint
                    else f"; known keys: {', '.join(allowed)}"
                )
                self.fail(
                    f"unknown key {key!r} in {_table_name(section)}{also}",
                    self.lines.key(section, index, key),
                )

    def text(
        self,
        table: Mapping[str, Any],
        section: str,
        index: int,
        key: str,
        *,
        max_len: int,
        default: str | None = None,
    ) -> str:
        if key not in table:
            if default is not None:
                return default
            self.fail(f"{_table_name(section)} needs {key!r}", self.lines.table(section, index))
        value = table[key]
        line = self.lines.key(section, index, key)
        if not isinstance(value, str):
            self.fail(f"{key!r} must be text in quotes", line)
        value = words(value)
        if not value and default is None:
            self.fail(f"{key!r} is empty", line)
        if len(value) > max_len:
            self.fail(f"{key!r} is longer than {max_len} characters", line)
        return value

    def code(
        self, table: Mapping[str, Any], section: str, index: int, key: str, max_len: int
    ) -> str:
        code = self.text(table, section, index, key, max_len=max_len).upper()
        if not CODE.match(code):
            self.fail(
                f"{key!r} {code!r} may hold only letters, digits, '-' and '_'",
                self.lines.key(section, index, key),
            )
        return code

    def list_of(self, table: Mapping[str, Any], section: str, index: int, key: str) -> list[Any]:
        if key not in table:
            self.fail(f"{_table_name(section)} needs {key!r}", self.lines.table(section, index))
        value = table[key]
        if not isinstance(value, list) or not value:
            self.fail(
                f"{key!r} must be a list that is not empty", self.lines.key(section, index, key)
            )
        return value

    def date_of(
        self,
        table: Mapping[str, Any],
        section: str,
        index: int,
        key: str,
        example: str,
        cite: str | None = None,
    ) -> date:
        """A date, written as TOML's own (2025-04-01) or in quotes; a fault cites `cite`."""
        value = table[key]
        line = self.lines.key(section, index, key)
        if isinstance(value, str):
            try:
                value = date.fromisoformat(value.strip())
            except ValueError:
                self.fail(f"{key!r} {value!r} is not a date like {example}", line, cite)
        if isinstance(value, datetime) or not isinstance(value, date):
            self.fail(f"{key!r} must be a date like {example}, without a time", line, cite)
        return value

    def tables(self, section: str) -> list[dict[str, Any]]:
        value = self.data.get(section, [])
        if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
            self.fail(f"write each {section} as a [[{section}]] table", self.lines.table(section))
        for i, table in enumerate(value):
            self.keys(table, section, i)
        return value
