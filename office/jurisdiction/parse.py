"""Reading a district file: the TOML, the [district] table, and each section in turn."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Mapping
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import phonenumbers

from law.errors import PoundError
from law.profile import DEFAULT_PROFILE, get_profile
from office.jurisdiction.people import read_people
from office.jurisdiction.places import read_excluded, read_names, read_pounds
from office.jurisdiction.rates import read_rates
from office.jurisdiction.reader import DISTRICT_CODE_MAX, LANGUAGE, Lines, Reader
from office.jurisdiction.spec import (
    DEFAULT_LANGUAGES,
    DEFAULT_TIMEZONE,
    JurisdictionError,
    Spec,
)
from office.phones import DEFAULT_REGION


def parse(text: str, origin: str) -> tuple[Spec, Lines]:
    """The file's meaning and where each thing is written in it; JurisdictionError if invalid."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # tomllib puts "(at line L, column C)" in its message: keep it, and the line for callers.
        found = re.search(r"line (\d+)", str(exc))
        line = int(found.group(1)) if found else max(1, len(text.splitlines()))
        raise JurisdictionError(f"not valid TOML: {exc}", origin=origin, line=line) from None
    r = Reader(data, text, origin)
    # The [district] table, then the pounds, the excluded villages, the people and the rates.
    r.keys(r.data, "", 0)
    if "district" not in r.data:
        r.fail("the file needs a [district] table", 1)
    district = r.data["district"]
    if not isinstance(district, dict):
        r.fail("write the district as a [district] table", r.lines.table("district"))
    r.keys(district, "district", 0)
    name = r.text(district, "district", 0, "name", max_len=200)
    code = _district_code(r, district, name)
    names = read_names(r, district, "the district", r.lines.key("district", 0, "names"))
    timezone = _timezone(r, district)
    profile = _profile(r, district)
    languages = _languages(r, district)
    country = _country(r, district)
    pounds = read_pounds(r)
    spec = Spec(
        code=code,
        name=name,
        timezone=timezone,
        profile=profile,
        languages=languages,
        pounds=pounds,
        excluded=read_excluded(r, pounds),
        people=read_people(r, pounds, languages, country),
        rates=read_rates(r, get_profile(profile)),
        # Practice G17: the first day of the district's register, if the file names it.
        start=r.date_of(district, "district", 0, "start", "2025-04-01")
        if "start" in district
        else None,
        country=country,
        names=tuple(r.names),
        coordinates=tuple(r.coordinates),
        district_names=names,
    )
    return spec, r.lines


def _country(r: Reader, district: Mapping[str, Any]) -> str:
    """The country whose numbering plan reads a phone written without its +code."""
    value = r.text(district, "district", 0, "country", max_len=2, default=DEFAULT_REGION)
    country = value.strip().upper()
    if country not in phonenumbers.SUPPORTED_REGIONS:
        r.fail(
            f"{value!r} is not a country code such as 'IN' (ISO 3166, two letters)",
            r.lines.key("district", 0, "country"),
        )
    return country


def _district_code(r: Reader, district: Mapping[str, Any], name: str) -> str:
    if "code" in district:
        return r.code(district, "district", 0, "code", DISTRICT_CODE_MAX)
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^A-Z0-9]+", "-", ascii_name.upper()).strip("-")
    code = slug[:DISTRICT_CODE_MAX].strip("-")
    if not code:
        r.fail(
            f"no code can be made from the name {name!r}: give the district a 'code'",
            r.lines.key("district", 0, "name"),
        )
    return code


def _timezone(r: Reader, district: Mapping[str, Any]) -> str:
    tz = r.text(district, "district", 0, "timezone", max_len=64, default=DEFAULT_TIMEZONE)
    try:
        ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        r.fail(
            f"unknown time zone {tz!r}; use an IANA name such as 'Asia/Kolkata'",
            r.lines.key("district", 0, "timezone"),
        )
    return tz


def _profile(r: Reader, district: Mapping[str, Any]) -> str:
    name = r.text(district, "district", 0, "profile", max_len=64, default=DEFAULT_PROFILE)
    try:
        get_profile(name)
    except PoundError as exc:
        r.fail(exc.message, r.lines.key("district", 0, "profile"))
    return str(name)


def _languages(r: Reader, district: Mapping[str, Any]) -> tuple[str, ...]:
    if "languages" not in district:
        return DEFAULT_LANGUAGES
    found: list[str] = []
    for item in r.list_of(district, "district", 0, "languages"):
        line = r.lines.item("district", 0, "languages", str(item))
        if not isinstance(item, str) or not LANGUAGE.match(item.strip().lower()):
            r.fail(f"{item!r} is not a language code such as 'en', 'hi' or 'bn'", line)
        lang = item.strip().lower()
        if lang in found:
            r.fail(f"language {lang!r} is listed twice", line)
        found.append(lang)
    return tuple(found)
