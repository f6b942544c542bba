"""Where a shared location is: the nearest village of the district, by great-circle distance."""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from sqlmodel import col, select

from models import District, Village
from models.db import Reader
from office.district import names_of

# Mean radius of the earth (IUGG), in km: the haversine distance is good to about 0.5 %.
EARTH_RADIUS_KM = 6371.0088
# A location farther than this from every village of the district is taken to be outside it.
# Villages in the plains lie 2 to 5 km apart, and a district's edge villages rarely more than
# 10 km from the next one; 15 km lets a cultivator standing at the edge of his land be placed,
# without claiming a point in the next district for this one.
MAX_KM = 15.0


def distance_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """The great-circle (haversine) distance between two points given in degrees, in km."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


@dataclass(frozen=True)
class Place:
    """A village with its coordinates: `name` as the register writes it, `names` by language."""

    name: str
    lat: float
    lon: float
    district: str = ""
    names: tuple[tuple[str, str], ...] = ()

    def name_in(self, lang: str) -> str:
        return dict(self.names).get(lang, self.name)


def nearest(places: Iterable[Place], lat: float, lon: float) -> tuple[Place, float] | None:
    """The place nearest (lat, lon) and its distance in km; None when there is none. Ties go to
    the first name in alphabetical order, so the answer never depends on the order given."""
    ranked = ((distance_km(lat, lon, p.lat, p.lon), p.name, p) for p in places)
    best = min(ranked, key=lambda b: b[:2], default=None)
    return (best[2], best[0]) if best is not None else None


@dataclass(frozen=True)
class Pointed:
    """What a location points at: the nearest village and how far it is, or (`place` None)
    nothing within `MAX_KM` of any village of `districts`, the districts searched."""

    place: Place | None
    km: float
    districts: tuple[str, ...]
    # Each district's names in other scripts, by language: ((district, (("hi", ...), ...)), ...).
    district_names: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()


def village_at(
    db: Reader,
    lat: float,
    lon: float,
    *,
    district_ids: Collection[int] | None = None,
    max_km: float = MAX_KM,
) -> Pointed | None:
    """The village of the districts (all, or `district_ids`) nearest a shared location, if it
    is within `max_km`; None when no village there has coordinates."""
    query = (
        select(Village, District)
        .join(District, col(District.id) == col(Village.district_id))
        .where(col(Village.lat).is_not(None), col(Village.lon).is_not(None))
    )
    if district_ids is not None:
        query = query.where(col(Village.district_id).in_(list(district_ids)))
    with db.reading() as s:
        rows = s.exec(query).all()
        places = [
            Place(
                name=v.name,
                lat=float(v.lat or 0.0),
                lon=float(v.lon or 0.0),
                district=d.name,
                names=names_of(v),
            )
            for v, d in rows
        ]
        named = tuple(sorted({d.name: names_of(d) for _, d in rows}.items()))
    found = nearest(places, lat, lon)
    if found is None:
        return None
    districts = tuple(sorted({p.district for p in places}))
    place, km = found
    return Pointed(place if km <= max_km else None, km, districts, named)


def has_coordinates(db: Reader, *, district_ids: Collection[int] | None = None) -> bool:
    """Whether any village of the districts (all, or `district_ids`) has coordinates."""
    query = select(Village.id).where(col(Village.lat).is_not(None)).limit(1)
    if district_ids is not None:
        query = query.where(col(Village.district_id).in_(list(district_ids)))
    with db.reading() as s:
        return s.exec(query).first() is not None
