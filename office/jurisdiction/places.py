"""Pounds and the villages they serve (Sec III), and villages excluded from the Act (Sec XX):
read from the file and written to the district."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import Session, select

from models import Pound, Village
from models.columns import id_of
from office.jurisdiction.reader import ALLOWED, LANGUAGE, POUND_CODE_MAX, THANA_MAX, Reader, words
from office.jurisdiction.spec import PoundSpec, Spec


def read_names(
    r: Reader, table: Mapping[str, Any], what: str, line: int
) -> tuple[tuple[str, str], ...]:
    """`names = { hi = "रामपुर", bn = "রামপুর" }` in `table`: the name of a village, a pound or
    the district (`what`, as an error names it: "village 'Kemri'") in other scripts, by
    language; none when the table gives none."""
    if "names" not in table:
        return ()
    value = table["names"]
    if not isinstance(value, dict) or not value:
        r.fail(
            f"'names' of {what} must be a table of names by language, like "
            '{ hi = "रामपुर", bn = "রামপুর" }',
            line,
        )
    out: list[tuple[str, str]] = []
    for lang, written in value.items():
        code = str(lang).strip().lower()
        if not LANGUAGE.match(code):
            r.fail(f"{lang!r} is not a language code such as 'hi' or 'bn'", line)
        if not isinstance(written, str) or not words(written):
            r.fail(f"the {code} name of {what} must be text in quotes", line)
        if len(words(written)) > 120:
            r.fail(f"the {code} name of {what} is longer than 120", line)
        out.append((code, words(written)))
    return tuple(sorted(out))


def _coordinates(
    r: Reader, table: Mapping[str, Any], village: str, line: int
) -> tuple[float, float] | None:
    """`lat = 28.81, lon = 79.03`: where the village lies, in degrees (WGS 84, as a phone
    shares a location); both or neither."""
    given = [key for key in ("lat", "lon") if key in table]
    if not given:
        return None
    if len(given) == 1:
        missing = "lon" if given == ["lat"] else "lat"
        r.fail(f"village {village!r} has {given[0]!r} but no {missing!r}; give both", line)
    out: list[float] = []
    for key, bound, example in (("lat", 90, "28.81"), ("lon", 180, "79.03")):
        value = table[key]
        # bool is an int in Python; `lat = true` is a mistake, not 1 degree.
        if isinstance(value, bool) or not isinstance(value, int | float):
            r.fail(
                f"{key!r} of village {village!r} must be a number of degrees, like "
                f"{example}, without quotes",
                line,
            )
        degrees = float(value)
        if not math.isfinite(degrees) or not -bound <= degrees <= bound:
            r.fail(
                f"{key!r} of village {village!r} is {value}; it must be between "
                f"-{bound} and {bound} degrees",
                line,
            )
        out.append(degrees)
    return out[0], out[1]


def read_pounds(r: Reader) -> tuple[PoundSpec, ...]:
    pounds: list[PoundSpec] = []
    codes: dict[str, int] = {}
    served: dict[str, str] = {}
    for i, table in enumerate(r.tables("pound")):
        code = r.code(table, "pound", i, "code", POUND_CODE_MAX)
        if code in codes:
            r.fail(
                f"pound code {code!r} is used twice (also at line {codes[code]})",
                r.lines.key("pound", i, "code"),
                "III",
            )
        codes[code] = r.lines.key("pound", i, "code")
        name = r.text(table, "pound", i, "name", max_len=200)
        thana = r.code(table, "pound", i, "thana", THANA_MAX)
        villages: list[str] = []
        counted: dict[str, int] = {}
        for item in r.list_of(table, "pound", i, "villages"):
            given = item.get("name") if isinstance(item, dict) else item
            raw = given if isinstance(given, str) else str(given)
            nth = counted.get(raw, 0)
            counted[raw] = nth + 1
            line = r.lines.item("pound", i, "villages", raw, nth)
            if isinstance(item, dict):
                for key in item:
                    if key not in ALLOWED["village"]:
                        known = ", ".join(ALLOWED["village"])
                        r.fail(f"unknown key {key!r} in a village; known keys: {known}", line)
            if not isinstance(given, str) or not words(given):
                r.fail(
                    'each village is a name in quotes, or { name = "...", names = {...} }',
                    line,
                    "III",
                )
            village = words(given)
            if isinstance(item, dict):
                _village_extras(r, item, village, line, line)
            if len(village) > 120:
                r.fail(f"village name {village[:20]!r}... is longer than 120 characters", line)
            if village.lower() in served:
                other = served[village.lower()]
                why = "twice in this pound" if other == code else f"already served by pound {other}"
                r.fail(
                    f"village {village!r} is listed {why}; each village has one pound",
                    line,
                    "III",
                )
            served[village.lower()] = code
            villages.append(village)
        line = r.lines.key("pound", i, "names")
        names = read_names(r, table, f"pound {code!r}", line)
        pounds.append(PoundSpec(code, name, thana, tuple(villages), i, names))
    return tuple(pounds)


def read_excluded(r: Reader, pounds: Sequence[PoundSpec]) -> tuple[tuple[str, str], ...]:
    served = {v.lower(): p.code for p in pounds for v in p.villages}
    seen: set[str] = set()
    out: list[tuple[str, str]] = []
    for i, table in enumerate(r.tables("excluded")):
        village = r.text(table, "excluded", i, "village", max_len=120)
        line = r.lines.key("excluded", i, "village")
        if village.lower() in served:
            r.fail(
                f"village {village!r} is excluded from the Act but served by pound "
                f"{served[village.lower()]}; it cannot be both",
                line,
                "XX",
            )
        if village.lower() in seen:
            r.fail(f"village {village!r} is excluded twice", line, "XX")
        seen.add(village.lower())
        out.append((village, r.text(table, "excluded", i, "reason", max_len=500)))
        names_line = r.lines.key("excluded", i, "names")
        at_line = r.lines.key("excluded", i, "lat" if "lat" in table else "lon")
        _village_extras(r, table, village, names_line, at_line)
    return tuple(out)


def _village_extras(
    r: Reader, table: Mapping[str, Any], village: str, names_line: int, at_line: int
) -> None:
    """A village's names in other scripts and its coordinates, where its table gives them."""
    if "names" in table:
        r.names.append((village, read_names(r, table, f"village {village!r}", names_line)))
    at = _coordinates(r, table, village, at_line)
    if at is not None:
        r.coordinates.append((village, at))


def write_pounds(s: Session, district_id: int, spec: Spec) -> dict[str, int]:
    # Pounds left out of the file are kept: seizures already name them. They serve no village now.
    existing = {
        p.code: p for p in s.exec(select(Pound).where(Pound.district_id == district_id)).all()
    }
    for p in spec.pounds:
        row = existing.get(p.code) or Pound(
            district_id=district_id, code=p.code, name=p.name, thana=p.thana
        )
        row.name, row.thana = p.name, p.thana
        row.names = dict(p.names)
        s.add(row)
        existing[p.code] = row
    s.flush()
    return {code: id_of(row) for code, row in existing.items()}


def write_villages(s: Session, district_id: int, spec: Spec, pound_ids: dict[str, int]) -> None:
    rows = s.exec(select(Village).where(Village.district_id == district_id)).all()
    existing = {v.name.lower(): v for v in rows}
    wanted: dict[str, tuple[str, int | None, str | None]] = {}
    for p in spec.pounds:
        for name in p.villages:
            wanted[name.lower()] = (name, pound_ids[p.code], None)
    for name, why in spec.excluded:
        wanted[name.lower()] = (name, None, why)  # Sec XX: outside the Act, no pound
    for key, row in existing.items():
        if key not in wanted:
            # Kept for the seizures that name it, but served by no pound until a file lists it.
            row.pound_id, row.excluded, row.excluded_reason = None, False, None
    names = {village.lower(): dict(given) for village, given in spec.names}
    coordinates = {village.lower(): at for village, at in spec.coordinates}
    for key, (name, pound_id, reason) in wanted.items():
        row = existing.get(key) or Village(district_id=district_id, name=name)
        row.name = name
        row.pound_id = pound_id
        row.excluded = reason is not None
        row.excluded_reason = reason
        row.names = names.get(key, {})
        row.lat, row.lon = coordinates.get(key, (None, None))
        s.add(row)
    s.flush()
