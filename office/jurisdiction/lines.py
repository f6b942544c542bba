"""Where tables, keys and list items are in a district file's text, so errors name the line."""

from __future__ import annotations

import re

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_\-]+)\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*')\s*=")


class Lines:
    """Line numbers of tables, keys and list items; tomllib keeps none, so the text is scanned."""

    def __init__(self, text: str) -> None:
        self.count = max(1, len(text.splitlines()))
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
