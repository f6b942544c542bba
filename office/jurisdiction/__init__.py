"""Loading a district file: pounds and villages (III), officers, rates (VII), exclusions (XX).

The file is read and checked section by section (`parse`, `places`, `people`, `rates`), then
written in one transaction (`load`)."""

from law.profile import DEFAULT_PROFILE
from office.jurisdiction.load import district_count, load_jurisdiction, load_jurisdiction_text
from office.jurisdiction.remove import Removed, remove_district
from office.jurisdiction.spec import (
    DEFAULT_LANGUAGES,
    DEFAULT_TIMEZONE,
    JurisdictionError,
    LoadResult,
)

__all__ = [
    "DEFAULT_LANGUAGES",
    "DEFAULT_PROFILE",
    "DEFAULT_TIMEZONE",
    "JurisdictionError",
    "LoadResult",
    "Removed",
    "district_count",
    "load_jurisdiction",
    "load_jurisdiction_text",
    "remove_district",
]
