"""Loading a district file: pounds and villages (III), officers, rates (VII), exclusions (XX).

The file is read and checked section by section (`parse`, `places`, `people`, `rates`), then
written in one transaction (`load`)."""

from office.jurisdiction.load import district_count, load_jurisdiction, load_jurisdiction_text
from office.jurisdiction.remove import remove_district
from office.jurisdiction.spec import JurisdictionError, LoadResult

__all__ = [
    "JurisdictionError",
    "LoadResult",
    "district_count",
    "load_jurisdiction",
    "load_jurisdiction_text",
    "remove_district",
]
