"""What a district file says once read and checked, the error that refuses it, and the result
of loading it."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import date

from law.errors import InvalidInput
from law.kinds import AnimalKind
from office.access.roles import RoleSpec
from office.phones import DEFAULT_REGION

DEFAULT_TIMEZONE = "Asia/Kolkata"
DEFAULT_LANGUAGES = ("en",)


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


# What a removed district's `source_digest` holds: no district file stands behind it
# (office/jurisdiction/remove.py).
REMOVED = "removed"


@dataclass(frozen=True)
class PoundSpec:
    code: str
    name: str
    thana: str
    villages: tuple[str, ...]
    index: int
    # The pound's name in other scripts, by language, as the file gives them.
    names: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class PersonSpec:
    name: str
    residence: str
    phone: str
    telegram_id: int | None
    language: str | None
    roles: tuple[RoleSpec, ...]
    index: int


@dataclass(frozen=True)
class RateSpec:
    kind: AnimalKind
    per_day: int
    valid_from: date


@dataclass(frozen=True)
class Spec:
    code: str
    name: str
    timezone: str
    profile: str
    languages: tuple[str, ...]
    pounds: tuple[PoundSpec, ...]
    people: tuple[PersonSpec, ...]
    rates: tuple[RateSpec, ...]
    excluded: tuple[tuple[str, str], ...]
    start: date | None = None  # practice G17; None: a year before the first load
    country: str = DEFAULT_REGION  # reads phones written without their +code
    # Villages' names in other scripts: (village, ((lang, name), ...)), as the file gives them.
    names: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    # Villages' coordinates: (village, (lat, lon)) in degrees, as the file gives them.
    coordinates: tuple[tuple[str, tuple[float, float]], ...] = ()
    # The district's name in other scripts, by language, as the file gives them.
    district_names: tuple[tuple[str, str], ...] = ()

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
            # A pound's names only when given, so files without them keep their digest.
            "pounds": sorted(
                [p.code, p.name, p.thana, sorted(p.villages)]
                + ([[list(n) for n in p.names]] if p.names else [])
                for p in self.pounds
            ),
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
        if self.district_names:  # likewise
            body["district_names"] = [list(n) for n in self.district_names]
        if self.coordinates:  # likewise
            body["coordinates"] = sorted([v, list(at)] for v, at in self.coordinates)
        blob = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()
