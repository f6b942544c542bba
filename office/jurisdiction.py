"""Loading a district file: pounds and villages (III), officers, rates (VII), exclusions (XX)."""

from __future__ import annotations

import difflib
import hashlib
import json
import math
import re
import tomllib
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any, NoReturn
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import phonenumbers
from sqlalchemy import func
from sqlmodel import Session, col, select

from law.errors import N_, InvalidInput, PoundError
from law.kinds import AnimalKind, resolve_kind
from law.periods import default_start, local_date
from law.profile import StatuteProfile, get_profile
from models import Database, District, FeedingRate, Person, Pound, RoleGrant, Seizure, Village
from office import audit
from office.common import DEFAULT_REGION, check_aware, normalise_phone
from office.roles import Role, RoleSpec, parse_role

DEFAULT_TIMEZONE = "Asia/Kolkata"
DEFAULT_PROFILE = "act-iii-1857"
DEFAULT_LANGUAGES = ("en",)

# Codes are typed in SMS commands (`SEIZE 2 COW RAMPUR`) and in roles (`keeper:RMP`), so they are
# kept to letters, digits, '-' and '_' and compared in upper case.
_CODE = re.compile(r"^[A-Z0-9][A-Z0-9_-]*$")
_LANGUAGE = re.compile(r"^[a-z]{2,3}(-[a-z0-9]{2,4})?$")
_DISTRICT_CODE_MAX = 32  # the audit subject `district:CODE` must fit its 64 characters
_POUND_CODE_MAX = 32
_THANA_MAX = 64

_ALLOWED: dict[str, tuple[str, ...]] = {
    "": ("district", "pound", "person", "feeding_rate", "excluded"),
    "district": ("name", "code", "timezone", "profile", "languages", "start", "country"),
    "pound": ("code", "name", "thana", "villages"),
    "person": ("name", "residence", "phone", "telegram_id", "language", "roles"),
    "feeding_rate": ("kinds", "per_day", "from"),
    "excluded": ("village", "reason", "names", "lat", "lon"),
    # A village of a pound's list written as an inline table:
    # { name = "...", names = {...}, lat = 28.81, lon = 79.03 }.
    "village": ("name", "names", "lat", "lon"),
}
_ARRAYS = ("pound", "person", "feeding_rate", "excluded")


class JurisdictionError(InvalidInput):
    """A district file that cannot be loaded; the message names the file, the line and why."""

    def __init__(
        self, reason: str, *, origin: str, line: int | None, section: str | None = None
    ) -> None:
        where = f"{origin}, line {line}" if line is not None else origin
        super().__init__(f"{where}: {reason}", section=section, line=line, reason=reason)
        self.origin = origin
        self.line = line
        self.reason = reason


@dataclass(frozen=True)
class LoadResult:
    district_id: int
    code: str
    changed: bool
    pounds: int
    villages: int  # served and excluded together
    people: int


# --- Where things are in the source text ---------------------------------------------------------

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_\-]+)\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*')\s*=")


class _Lines:
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


# --- What a valid file says -------------------------------------------------------------------


@dataclass(frozen=True)
class _PoundSpec:
    code: str
    name: str
    thana: str
    villages: tuple[str, ...]
    index: int


@dataclass(frozen=True)
class _PersonSpec:
    name: str
    residence: str
    phone: str
    telegram_id: int | None
    language: str | None
    roles: tuple[RoleSpec, ...]
    index: int


@dataclass(frozen=True)
class _RateSpec:
    kind: AnimalKind
    per_day: int
    valid_from: date


@dataclass(frozen=True)
class _Spec:
    code: str
    name: str
    timezone: str
    profile: str
    languages: tuple[str, ...]
    pounds: tuple[_PoundSpec, ...]
    people: tuple[_PersonSpec, ...]
    rates: tuple[_RateSpec, ...]
    excluded: tuple[tuple[str, str], ...]
    start: date | None = None  # practice G17; None: a year before the first load
    country: str = DEFAULT_REGION  # reads phones written without their +code
    # Villages' names in other scripts: (village, ((lang, name), ...)), as the file gives them.
    names: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    # Villages' coordinates: (village, (lat, lon)) in degrees, as the file gives them.
    coordinates: tuple[tuple[str, tuple[float, float]], ...] = ()

    @property
    def village_count(self) -> int:
        return sum(len(p.villages) for p in self.pounds) + len(self.excluded)

    def digest(self) -> str:
        """SHA-256 of what the file means, so comments, order and spacing change nothing."""
        body = {
            "code": self.code,
            "name": self.name,
            "timezone": self.timezone,
            "profile": self.profile,
            "languages": list(self.languages),
            # Only a country other than the default counts, so older files keep their digest.
            **({"country": self.country} if self.country != DEFAULT_REGION else {}),
            "pounds": sorted([p.code, p.name, p.thana, sorted(p.villages)] for p in self.pounds),
            "people": sorted(
                [
                    p.phone,
                    p.name,
                    p.residence,
                    p.telegram_id,
                    p.language,
                    sorted(str(r) for r in p.roles),
                ]
                for p in self.people
            ),
            "rates": sorted(
                [r.kind.value, r.valid_from.isoformat(), r.per_day] for r in self.rates
            ),
            "excluded": sorted([v, why] for v, why in self.excluded),
        }
        if self.start is not None:  # only when given, so files without it keep their digest
            body["start"] = self.start.isoformat()
        if self.names:  # likewise
            body["names"] = sorted([v, [list(n) for n in names]] for v, names in self.names)
        if self.coordinates:  # likewise
            body["coordinates"] = sorted([v, list(at)] for v, at in self.coordinates)
        blob = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def _derive_code(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^A-Z0-9]+", "-", ascii_name.upper()).strip("-")
    return slug[:_DISTRICT_CODE_MAX].strip("-")


def _table_name(section: str) -> str:
    if not section:
        return "the top level"
    return f"[[{section}]]" if section in _ARRAYS else f"[{section}]"


def _words(text: str) -> str:
    return " ".join(text.split())


class _Reader:
    """Checks the parsed TOML against the schema; the first fault is refused with its line."""

    def __init__(self, data: dict[str, Any], text: str, origin: str) -> None:
        self.data = data
        self.lines = _Lines(text)
        self.origin = origin
        self.names: list[tuple[str, tuple[tuple[str, str], ...]]] = []
        self.coordinates: list[tuple[str, tuple[float, float]]] = []

    def fail(self, reason: str, line: int, section: str | None = None) -> NoReturn:
        raise JurisdictionError(reason, origin=self.origin, line=line, section=section)

    # - shapes and scalars -

    def _keys(self, table: Mapping[str, Any], section: str, index: int) -> None:
        allowed = _ALLOWED[section]
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

    def _text(
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
        value = _words(value)
        if not value and default is None:
            self.fail(f"{key!r} is empty", line)
        if len(value) > max_len:
            self.fail(f"{key!r} is longer than {max_len} characters", line)
        return value

    def _code(
        self, table: Mapping[str, Any], section: str, index: int, key: str, max_len: int
    ) -> str:
        code = self._text(table, section, index, key, max_len=max_len).upper()
        if not _CODE.match(code):
            self.fail(
                f"{key!r} {code!r} may hold only letters, digits, '-' and '_'",
                self.lines.key(section, index, key),
            )
        return code

    def _list(self, table: Mapping[str, Any], section: str, index: int, key: str) -> list[Any]:
        if key not in table:
            self.fail(f"{_table_name(section)} needs {key!r}", self.lines.table(section, index))
        value = table[key]
        if not isinstance(value, list) or not value:
            self.fail(
                f"{key!r} must be a list that is not empty", self.lines.key(section, index, key)
            )
        return value

    def _tables(self, section: str) -> list[dict[str, Any]]:
        value = self.data.get(section, [])
        if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
            self.fail(f"write each {section} as a [[{section}]] table", self.lines.table(section))
        for i, table in enumerate(value):
            self._keys(table, section, i)
        return value

    # - the sections -

    def read(self) -> _Spec:
        self._keys(self.data, "", 0)
        if "district" not in self.data:
            self.fail("the file needs a [district] table", 1)
        district = self.data["district"]
        if not isinstance(district, dict):
            self.fail("write the district as a [district] table", self.lines.table("district"))
        self._keys(district, "district", 0)
        name = self._text(district, "district", 0, "name", max_len=200)
        code = self._district_code(district, name)
        timezone = self._timezone(district)
        profile = self._profile(district)
        languages = self._languages(district)
        country = self._country(district)
        pounds = self._pounds()
        excluded = self._excluded(pounds)
        people = self._people(pounds, languages, country)
        rates = self._rates(get_profile(profile))
        start = self._start(district)
        return _Spec(
            code,
            name,
            timezone,
            profile,
            languages,
            pounds,
            people,
            rates,
            excluded,
            start,
            country,
            tuple(self.names),
            tuple(self.coordinates),
        )

    def _country(self, district: Mapping[str, Any]) -> str:
        """The country whose numbering plan reads a phone written without its +code."""
        value = self._text(district, "district", 0, "country", max_len=2, default=DEFAULT_REGION)
        country = value.strip().upper()
        if country not in phonenumbers.SUPPORTED_REGIONS:
            self.fail(
                f"{value!r} is not a country code such as 'IN' (ISO 3166, two letters)",
                self.lines.key("district", 0, "country"),
            )
        return country

    def _names(self, value: Any, village: str, line: int) -> tuple[tuple[str, str], ...]:
        """`names = { hi = "रामपुर", bn = "রামপুর" }`: the village's name in other scripts."""
        if not isinstance(value, dict) or not value:
            self.fail(
                f"'names' of village {village!r} must be a table of names by language, like "
                '{ hi = "रामपुर", bn = "রামপুর" }',
                line,
            )
        out: list[tuple[str, str]] = []
        for lang, written in value.items():
            code = str(lang).strip().lower()
            if not _LANGUAGE.match(code):
                self.fail(f"{lang!r} is not a language code such as 'hi' or 'bn'", line)
            if not isinstance(written, str) or not _words(written):
                self.fail(f"the {code} name of village {village!r} must be text in quotes", line)
            if len(_words(written)) > 120:
                self.fail(f"the {code} name of village {village!r} is longer than 120", line)
            out.append((code, _words(written)))
        return tuple(sorted(out))

    def _coordinates(
        self, table: Mapping[str, Any], village: str, line: int
    ) -> tuple[float, float] | None:
        """`lat = 28.81, lon = 79.03`: where the village lies, in degrees (WGS 84, as a phone
        shares a location); both or neither."""
        given = [key for key in ("lat", "lon") if key in table]
        if not given:
            return None
        if len(given) == 1:
            missing = "lon" if given == ["lat"] else "lat"
            self.fail(f"village {village!r} has {given[0]!r} but no {missing!r}; give both", line)
        out: list[float] = []
        for key, bound, example in (("lat", 90, "28.81"), ("lon", 180, "79.03")):
            value = table[key]
            # bool is an int in Python; `lat = true` is a mistake, not 1 degree.
            if isinstance(value, bool) or not isinstance(value, int | float):
                self.fail(
                    f"{key!r} of village {village!r} must be a number of degrees, like "
                    f"{example}, without quotes",
                    line,
                )
            degrees = float(value)
            if not math.isfinite(degrees) or not -bound <= degrees <= bound:
                self.fail(
                    f"{key!r} of village {village!r} is {value}; it must be between "
                    f"-{bound} and {bound} degrees",
                    line,
                )
            out.append(degrees)
        return out[0], out[1]

    def _start(self, district: Mapping[str, Any]) -> date | None:
        """Practice G17: the first day of the district's register, if the file names it."""
        if "start" not in district:
            return None
        value = district["start"]
        line = self.lines.key("district", 0, "start")
        if isinstance(value, str):
            try:
                value = date.fromisoformat(value.strip())
            except ValueError:
                self.fail(f"'start' {value!r} is not a date like 2025-04-01", line)
        if isinstance(value, datetime) or not isinstance(value, date):
            self.fail("'start' must be a date like 2025-04-01, without a time", line)
        return value

    def _district_code(self, district: Mapping[str, Any], name: str) -> str:
        if "code" in district:
            return self._code(district, "district", 0, "code", _DISTRICT_CODE_MAX)
        code = _derive_code(name)
        if not code:
            self.fail(
                f"no code can be made from the name {name!r}: give the district a 'code'",
                self.lines.key("district", 0, "name"),
            )
        return code

    def _timezone(self, district: Mapping[str, Any]) -> str:
        tz = self._text(district, "district", 0, "timezone", max_len=64, default=DEFAULT_TIMEZONE)
        try:
            ZoneInfo(tz)
        except (ZoneInfoNotFoundError, ValueError):
            self.fail(
                f"unknown time zone {tz!r}; use an IANA name such as 'Asia/Kolkata'",
                self.lines.key("district", 0, "timezone"),
            )
        return tz

    def _profile(self, district: Mapping[str, Any]) -> str:
        name = self._text(district, "district", 0, "profile", max_len=64, default=DEFAULT_PROFILE)
        try:
            get_profile(name)
        except PoundError as exc:
            self.fail(exc.message, self.lines.key("district", 0, "profile"))
        return name

    def _languages(self, district: Mapping[str, Any]) -> tuple[str, ...]:
        if "languages" not in district:
            return DEFAULT_LANGUAGES
        found: list[str] = []
        for item in self._list(district, "district", 0, "languages"):
            line = self.lines.item("district", 0, "languages", str(item))
            if not isinstance(item, str) or not _LANGUAGE.match(item.strip().lower()):
                self.fail(f"{item!r} is not a language code such as 'en', 'hi' or 'bn'", line)
            lang = item.strip().lower()
            if lang in found:
                self.fail(f"language {lang!r} is listed twice", line)
            found.append(lang)
        return tuple(found)

    def _pounds(self) -> tuple[_PoundSpec, ...]:
        pounds: list[_PoundSpec] = []
        codes: dict[str, int] = {}
        served: dict[str, str] = {}
        for i, table in enumerate(self._tables("pound")):
            code = self._code(table, "pound", i, "code", _POUND_CODE_MAX)
            if code in codes:
                self.fail(
                    f"pound code {code!r} is used twice (also at line {codes[code]})",
                    self.lines.key("pound", i, "code"),
                    "III",
                )
            codes[code] = self.lines.key("pound", i, "code")
            name = self._text(table, "pound", i, "name", max_len=200)
            thana = self._code(table, "pound", i, "thana", _THANA_MAX)
            villages: list[str] = []
            counted: dict[str, int] = {}
            for item in self._list(table, "pound", i, "villages"):
                given = item.get("name") if isinstance(item, dict) else item
                raw = given if isinstance(given, str) else str(given)
                nth = counted.get(raw, 0)
                counted[raw] = nth + 1
                line = self.lines.item("pound", i, "villages", raw, nth)
                if isinstance(item, dict):
                    for key in item:
                        if key not in _ALLOWED["village"]:
                            known = ", ".join(_ALLOWED["village"])
                            self.fail(
                                f"unknown key {key!r} in a village; known keys: {known}", line
                            )
                if not isinstance(given, str) or not _words(given):
                    self.fail(
                        'each village is a name in quotes, or { name = "...", names = {...} }',
                        line,
                        "III",
                    )
                village = _words(given)
                if isinstance(item, dict) and "names" in item:
                    self.names.append((village, self._names(item["names"], village, line)))
                if isinstance(item, dict):
                    at = self._coordinates(item, village, line)
                    if at is not None:
                        self.coordinates.append((village, at))
                if len(village) > 120:
                    self.fail(
                        f"village name {village[:20]!r}... is longer than 120 characters", line
                    )
                if village.lower() in served:
                    other = served[village.lower()]
                    why = (
                        "twice in this pound"
                        if other == code
                        else f"already served by pound {other}"
                    )
                    self.fail(
                        f"village {village!r} is listed {why}; each village has one pound",
                        line,
                        "III",
                    )
                served[village.lower()] = code
                villages.append(village)
            pounds.append(_PoundSpec(code, name, thana, tuple(villages), i))
        return tuple(pounds)

    def _excluded(self, pounds: Sequence[_PoundSpec]) -> tuple[tuple[str, str], ...]:
        served = {v.lower(): p.code for p in pounds for v in p.villages}
        seen: set[str] = set()
        out: list[tuple[str, str]] = []
        for i, table in enumerate(self._tables("excluded")):
            village = self._text(table, "excluded", i, "village", max_len=120)
            line = self.lines.key("excluded", i, "village")
            if village.lower() in served:
                self.fail(
                    f"village {village!r} is excluded from the Act but served by pound "
                    f"{served[village.lower()]}; it cannot be both",
                    line,
                    "XX",
                )
            if village.lower() in seen:
                self.fail(f"village {village!r} is excluded twice", line, "XX")
            seen.add(village.lower())
            out.append((village, self._text(table, "excluded", i, "reason", max_len=500)))
            if "names" in table:
                line = self.lines.key("excluded", i, "names")
                self.names.append((village, self._names(table["names"], village, line)))
            given = [k for k in ("lat", "lon") if k in table]
            if given:
                at = self._coordinates(table, village, self.lines.key("excluded", i, given[0]))
                if at is not None:
                    self.coordinates.append((village, at))
        return tuple(out)

    def _people(
        self, pounds: Sequence[_PoundSpec], languages: Sequence[str], country: str
    ) -> tuple[_PersonSpec, ...]:
        pound_codes = {p.code for p in pounds}
        thanas = {p.thana for p in pounds}
        phones: dict[str, int] = {}
        telegram_ids: dict[int, int] = {}
        people: list[_PersonSpec] = []
        for i, table in enumerate(self._tables("person")):
            name = self._text(table, "person", i, "name", max_len=200)
            residence = self._text(table, "person", i, "residence", max_len=200, default="")
            raw_phone = self._text(table, "person", i, "phone", max_len=32)
            phone_line = self.lines.key("person", i, "phone")
            try:
                phone = normalise_phone(raw_phone, country)
            except InvalidInput as exc:
                self.fail(exc.message, phone_line)
            if phone in phones:
                self.fail(
                    f"phone {phone} is given twice (also at line {phones[phone]}); list one "
                    "person once with all their roles",
                    phone_line,
                )
            phones[phone] = phone_line
            telegram_id = self._telegram_id(table, i, telegram_ids)
            language = None
            if "language" in table:
                language = self._text(table, "person", i, "language", max_len=8).lower()
                if language not in languages:
                    self.fail(
                        f"language {language!r} is not one of the district's: "
                        f"{', '.join(languages)}",
                        self.lines.key("person", i, "language"),
                    )
            roles = self._roles(table, i, pound_codes, thanas)
            people.append(_PersonSpec(name, residence, phone, telegram_id, language, roles, i))
        return tuple(people)

    def _telegram_id(self, table: Mapping[str, Any], i: int, seen: dict[int, int]) -> int | None:
        if "telegram_id" not in table:
            return None
        value = table["telegram_id"]
        line = self.lines.key("person", i, "telegram_id")
        # bool is an int in Python; `telegram_id = true` is a mistake, not user 1.
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            self.fail("'telegram_id' must be a positive whole number (the Telegram user id)", line)
        if value in seen:
            self.fail(f"telegram_id {value} is given twice (also at line {seen[value]})", line)
        seen[value] = line
        return value

    def _roles(
        self, table: Mapping[str, Any], i: int, pound_codes: set[str], thanas: set[str]
    ) -> tuple[RoleSpec, ...]:
        roles: list[RoleSpec] = []
        for item in self._list(table, "person", i, "roles"):
            line = self.lines.item("person", i, "roles", str(item))
            if not isinstance(item, str):
                self.fail('each role is text in quotes, like "keeper:RMP"', line)
            try:
                spec = parse_role(item)
            except InvalidInput as exc:
                self.fail(exc.message, line)
            spec = RoleSpec(spec.role, spec.place.upper())
            if spec.role is Role.KEEPER and spec.place not in pound_codes:
                self.fail(
                    f"role {item!r}: {spec.place!r} is not the code of a pound in this file",
                    line,
                    "IV",
                )
            if spec.role in (Role.POLICE, Role.DAROGAH) and spec.place not in thanas:
                self.fail(
                    f"role {item!r}: {spec.place!r} is not the thana of a pound in this file",
                    line,
                    "III",
                )
            if spec in roles:
                self.fail(f"role {item!r} is given twice", line)
            roles.append(spec)
        return tuple(roles)

    def _rates(self, profile: StatuteProfile) -> tuple[_RateSpec, ...]:
        seen: dict[tuple[AnimalKind, date], tuple[int, int]] = {}
        rates: list[_RateSpec] = []
        for i, table in enumerate(self._tables("feeding_rate")):
            per_day = self._money(table, i, profile)
            valid_from = self._date(table, i)
            for item in self._list(table, "feeding_rate", i, "kinds"):
                line = self.lines.item("feeding_rate", i, "kinds", str(item))
                if not isinstance(item, str):
                    self.fail('each kind is text in quotes, like "cow"', line, "VII")
                try:
                    # The profile's G4 mapping: mule is fed as a horse, heifer as a cow ...
                    kind = resolve_kind(item, profile.aliases)
                except PoundError as exc:
                    self.fail(exc.message, line, exc.section)
                if (kind, valid_from) in seen:
                    also, table_index = seen[(kind, valid_from)]
                    if table_index == i:
                        continue  # "horse" and "mule" in one list: the same rate, said twice
                    self.fail(
                        f"{item!r} is fed as {kind}, and {kind} already has a rate from "
                        f"{valid_from.isoformat()} at line {also}",
                        line,
                        "VII",
                    )
                seen[(kind, valid_from)] = (line, i)
                rates.append(_RateSpec(kind, per_day, valid_from))
        return tuple(rates)

    def _money(self, table: Mapping[str, Any], i: int, profile: StatuteProfile) -> int:
        if "per_day" not in table:
            self.fail(
                "[[feeding_rate]] needs 'per_day'", self.lines.table("feeding_rate", i), "VII"
            )
        value = table["per_day"]
        line = self.lines.key("feeding_rate", i, "per_day")
        example = profile.money.format(9)
        if not isinstance(value, str):
            # A bare number could mean rupees or the smallest unit: make the file say which.
            self.fail(f"'per_day' must be an amount in quotes, like \"{example}\"", line, "VII")
        try:
            return profile.money.parse(value)
        except PoundError as exc:
            self.fail(f"'per_day' {value!r}: {exc.message}", line, "VII")

    def _date(self, table: Mapping[str, Any], i: int) -> date:
        if "from" not in table:
            self.fail(
                "[[feeding_rate]] needs 'from', the date the rate is in force from",
                self.lines.table("feeding_rate", i),
                "VII",
            )
        value = table["from"]
        line = self.lines.key("feeding_rate", i, "from")
        if isinstance(value, str):
            try:
                value = date.fromisoformat(value.strip())
            except ValueError:
                self.fail(f"'from' {value!r} is not a date like 2024-04-01", line, "VII")
        if isinstance(value, datetime) or not isinstance(value, date):
            self.fail("'from' must be a date like 2024-04-01, without a time", line, "VII")
        return value


def _parse(text: str, origin: str) -> tuple[_Spec, _Lines]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # tomllib puts "(at line L, column C)" in its message: keep it, and the line for callers.
        found = re.search(r"line (\d+)", str(exc))
        line = int(found.group(1)) if found else max(1, len(text.splitlines()))
        raise JurisdictionError(f"not valid TOML: {exc}", origin=origin, line=line) from None
    reader = _Reader(data, text, origin)
    return reader.read(), reader.lines


# --- Writing it -------------------------------------------------------------------------------


def load_jurisdiction(db: Database, source: str | Path, *, now: datetime) -> LoadResult:
    """Load the district file at `source` (a path) in one transaction; see docs/jurisdiction.md."""
    path = Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise JurisdictionError(
            f"cannot read the file ({exc})", origin=str(path), line=None
        ) from None
    return load_jurisdiction_text(db, text, now=now, origin=path.name)


def load_jurisdiction_text(
    db: Database, text: str, *, now: datetime, origin: str = "<district file>"
) -> LoadResult:
    """Load a district file given as text; `origin` names it in error messages."""
    check_aware(now, "now")
    spec, lines = _parse(text, origin)
    digest = spec.digest()
    with db.transaction() as s:
        district = s.exec(select(District).where(District.code == spec.code)).first()
        if district is not None and district.source_digest == digest:
            # The same content as last time: nothing to write, nothing to record.
            return _result(district, spec, changed=False)
        _check_database(s, spec, district, lines, origin)
        created = district is None
        if district is None:
            district = District(
                code=spec.code,
                name=spec.name,
                timezone=spec.timezone,
                profile=spec.profile,
                languages=list(spec.languages),
                loaded_at=now,
                source_digest=digest,
                start_on=spec.start or default_start(local_date(now, ZoneInfo(spec.timezone))),
                country=spec.country,
            )
        else:
            if spec.start is not None:
                district.start_on = spec.start
            district.name = spec.name
            district.timezone = spec.timezone
            district.profile = spec.profile
            district.languages = list(spec.languages)
            district.country = spec.country
            district.loaded_at = now
            district.source_digest = digest
        s.add(district)
        s.flush()
        district_id = _id(district.id)
        pound_ids = _write_pounds(s, district_id, spec)
        _write_villages(s, district_id, spec, pound_ids)
        person_ids = _write_people(s, spec, now)
        grants = _write_grants(s, district_id, spec, person_ids)
        rates = _write_rates(s, district_id, spec)
        audit.append(
            s,
            action="jurisdiction_loaded",
            subject=f"district:{spec.code}",
            occurred_at=now,
            now=now,
            actor_id=None,
            district_id=district_id,
            section="III",
            payload={
                "digest": digest,
                "created": created,
                "name": spec.name,
                "profile": spec.profile,
                "pounds": len(spec.pounds),
                "villages": spec.village_count,
                "excluded": len(spec.excluded),
                "people": len(spec.people),
                "role_grants": grants,
                "feeding_rates": rates,
            },
        )
        return _result(district, spec, changed=True)


def district_count(db: Database) -> int:
    """How many districts the database holds."""
    with db.reading() as s:
        return int(s.exec(select(func.count()).select_from(District)).one())


def _id(value: int | None) -> int:
    if value is None:
        raise InvalidInput(N_("a row was written without an id"))
    return value


def _result(district: District, spec: _Spec, *, changed: bool) -> LoadResult:
    return LoadResult(
        district_id=_id(district.id),
        code=district.code,
        changed=changed,
        pounds=len(spec.pounds),
        villages=spec.village_count,
        people=len(spec.people),
    )


def _check_database(
    s: Session, spec: _Spec, district: District | None, lines: _Lines, origin: str
) -> None:
    """What only the database can tell: codes and Telegram ids held in another district, and
    acts recorded before a new start date (practice G17)."""
    own = district.id if district is not None else None
    if district is not None and spec.start is not None:
        first = s.exec(
            select(func.min(Seizure.seized_on)).where(Seizure.district_id == district.id)
        ).one()
        if first is not None and first < spec.start:
            raise JurisdictionError(
                f"'start' {spec.start.isoformat()} is after the first seizure already recorded "
                f"({first.isoformat()}); the register cannot begin after its own entries",
                origin=origin,
                line=lines.key("district", 0, "start"),
                section="practice G17",
            )
    codes = [p.code for p in spec.pounds]
    for other in s.exec(select(Pound).where(col(Pound.code).in_(codes))).all():
        if other.district_id != own:
            held = s.get(District, other.district_id)
            at = next(p.index for p in spec.pounds if p.code == other.code)
            raise JurisdictionError(
                f"pound code {other.code!r} is already used by district "
                f"{held.code if held else other.district_id!r}; pound codes are unique "
                "across all districts",
                origin=origin,
                line=lines.key("pound", at, "code"),
                section="III",
            )
    wanted = {p.telegram_id: p for p in spec.people if p.telegram_id is not None}
    if wanted:
        for holder in s.exec(select(Person).where(col(Person.telegram_id).in_(list(wanted)))).all():
            claimant = wanted[holder.telegram_id or 0]
            if holder.phone != claimant.phone:
                raise JurisdictionError(
                    f"telegram_id {holder.telegram_id} already belongs to another person "
                    f"({holder.name}, {holder.phone or 'no phone'})",
                    origin=origin,
                    line=lines.key("person", claimant.index, "telegram_id"),
                )


def _write_pounds(s: Session, district_id: int, spec: _Spec) -> dict[str, int]:
    # Pounds left out of the file are kept: seizures already name them. They serve no village now.
    existing = {
        p.code: p for p in s.exec(select(Pound).where(Pound.district_id == district_id)).all()
    }
    for p in spec.pounds:
        row = existing.get(p.code) or Pound(
            district_id=district_id, code=p.code, name=p.name, thana=p.thana
        )
        row.name, row.thana = p.name, p.thana
        s.add(row)
        existing[p.code] = row
    s.flush()
    return {code: _id(row.id) for code, row in existing.items()}


def _write_villages(s: Session, district_id: int, spec: _Spec, pound_ids: dict[str, int]) -> None:
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
            s.add(row)
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


def _write_people(s: Session, spec: _Spec, now: datetime) -> dict[str, int]:
    phones = [p.phone for p in spec.people]
    existing = {
        p.phone: p for p in s.exec(select(Person).where(col(Person.phone).in_(phones))).all()
    }
    # Telegram ids may move between people in the file (a swap): clear them first so the unique
    # index never sees two holders inside the flush.
    moving = [
        existing[p.phone]
        for p in spec.people
        if p.telegram_id is not None
        and p.phone in existing
        and existing[p.phone].telegram_id != p.telegram_id
        and existing[p.phone].telegram_id is not None
    ]
    for row in moving:
        row.telegram_id = None
        s.add(row)
    s.flush()
    ids: dict[str, int] = {}
    for p in spec.people:
        row = existing.get(p.phone) or Person(name=p.name, phone=p.phone, created_at=now)
        row.name, row.residence = p.name, p.residence
        # A Telegram id or language learnt in a chat is kept unless the file says otherwise.
        if p.telegram_id is not None:
            row.telegram_id = p.telegram_id
        if p.language is not None:
            row.language = p.language
        s.add(row)
        existing[p.phone] = row
    s.flush()
    for p in spec.people:
        ids[p.phone] = _id(existing[p.phone].id)
    return ids


def _write_grants(s: Session, district_id: int, spec: _Spec, person_ids: dict[str, int]) -> int:
    """Replace this district's role grants by the file's, keeping rows that stay the same."""
    wanted = {(person_ids[p.phone], r.role.value, r.place) for p in spec.people for r in p.roles}
    rows = s.exec(select(RoleGrant).where(RoleGrant.district_id == district_id)).all()
    have: set[tuple[int, str, str]] = set()
    for row in rows:
        key = (row.person_id, row.role, row.place)
        if key in wanted:
            have.add(key)
        else:
            s.delete(row)
    s.flush()
    for person_id, role, place in sorted(wanted - have):
        s.add(RoleGrant(person_id=person_id, district_id=district_id, role=role, place=place))
    s.flush()
    return len(wanted)


def _write_rates(s: Session, district_id: int, spec: _Spec) -> int:
    # Rates left out of the file are kept: feeding already charged rests on them (Sec VII, G9).
    rows = s.exec(select(FeedingRate).where(FeedingRate.district_id == district_id)).all()
    existing = {(r.kind, r.valid_from): r for r in rows}
    for rate in spec.rates:
        row = existing.get((rate.kind.value, rate.valid_from)) or FeedingRate(
            district_id=district_id,
            kind=rate.kind.value,
            per_day=rate.per_day,
            valid_from=rate.valid_from,
        )
        row.per_day = rate.per_day
        s.add(row)
    s.flush()
    return len(spec.rates)
