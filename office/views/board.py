"""The public notice board of a district: the cattle held now in each of its pounds, and the
unclaimed ones with their notice (Sec VIII) and the first day they may be sold.

Read only (the read replica where there is one). What it tells is what the Sec VIII notice
shows to anyone: the number and description of the cattle, where seized, where impounded, the
dates, and the notice itself; never a name, a home, a phone or an amount (docs/board.md).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlmodel import Session, col, select

from law.errors import NotFound, PoundError
from law.lifecycle import SeizureStatus
from law.periods import local_date
from models import Animal, District, Pound, Seizure, Village
from models.columns import id_of
from models.db import Reader
from models.sale import Notice
from office.district import district_context, names_of
from office.jurisdiction.spec import REMOVED
from office.notify.params import notice_params
from office.spelling import fold
from office.views.documents.seizure import proclaimed_names
from office.views.held_search import HELD, HeldGroup, held_animals, kind_wanted
from office.views.lookup import VillagePlace, match_village

_CODE = re.compile(r"[A-Z0-9_-]{1,64}")
# How many seizures one page of the board lists at most (a 2G phone reads it: docs/board.md).
MAX_SHOWN = 40
# How many notices the feed carries, newest first.
MAX_FEED = 30


@dataclass(frozen=True)
class BoardNotice:
    """The notice of Sec VIII as posted and proclaimed: its params (office/notify/params.py
    `notice_params`, for the notice's text in the reader's language), when it was posted, where
    the drum was beaten, and the first day of the sale."""

    params: dict[str, Any]
    posted_at: datetime
    posted_on: date
    proclaimed_in: tuple[str, ...]
    sale_not_before: date | None
    sale_stayed: bool  # a complaint under Sec XIV is undecided: no sale (G3)
    # The names in other scripts of the villages of the district it was proclaimed in, by the
    # register's name.
    proclaimed_names: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()


@dataclass(frozen=True)
class BoardEntry:
    """One seizure with cattle held now: where seized and impounded, the dates, the head."""

    ref: str
    pound_code: str
    village: str
    village_names: tuple[tuple[str, str], ...]
    place: str
    seized_on: date
    impounded_on: date | None
    reported_unclaimed: bool
    heads: tuple[HeldGroup, ...]
    notice: BoardNotice | None

    @property
    def count(self) -> int:
        return sum(h.count for h in self.heads)

    def village_in(self, lang: str) -> str:
        return dict(self.village_names).get(lang, self.village)


@dataclass(frozen=True)
class BoardPound:
    code: str
    name: str
    thana: str
    entries: tuple[BoardEntry, ...]
    names: tuple[tuple[str, str], ...] = ()  # in other scripts, by language


@dataclass(frozen=True)
class BoardQuery:
    """What the reader searches by: the village the cattle went missing from (any script,
    typo-tolerant), their kind, words of their description (a colour), and the first day of
    seizure to list."""

    village: str = ""
    kind: str = ""
    words: str = ""
    since: date | None = None

    @property
    def empty(self) -> bool:
        return not (self.village.strip() or self.kind.strip() or self.words.strip() or self.since)


@dataclass(frozen=True)
class Board:
    district: str
    district_name: str
    languages: tuple[str, ...]
    as_of: date
    query: BoardQuery
    village: VillagePlace | None  # the village searched for, when one was named
    close: tuple[VillagePlace, ...]  # a village name that named none: the close ones
    kind: str | None  # the register's kind searched for
    pounds: tuple[BoardPound, ...]
    shown: int
    more: int  # how many more matched than are shown
    district_names: tuple[tuple[str, str], ...] = ()  # in other scripts, by language


def _district(s: Session, code: str) -> District:
    code = code.strip().upper()
    # A district's code is letters, digits, `-` and `_`: anything else names none, unasked.
    district = None
    if _CODE.fullmatch(code):
        district = s.exec(select(District).where(District.code == code)).first()
    if district is None:
        raise NotFound(f"no district {code[:64]!r}", district=code[:64])
    return district


def _entry(s: Session, seizure: Seizure, pound: Pound, held: list[Animal]) -> BoardEntry:
    village = s.get(Village, seizure.village_id)
    groups = Counter((a.kind, a.description) for a in held)
    notice = None
    if seizure.noticed_on is not None:
        row = s.exec(select(Notice).where(Notice.seizure_id == seizure.id)).first()
        if row is not None:
            notice = BoardNotice(
                params=notice_params(s, seizure, pound),
                posted_at=row.posted_at,
                posted_on=row.posted_on,
                proclaimed_in=tuple(row.proclaimed_in),
                sale_not_before=seizure.sale_not_before,
                sale_stayed=seizure.complaints_pending > 0,
                proclaimed_names=proclaimed_names(s, seizure.district_id, row.proclaimed_in),
            )
    return BoardEntry(
        ref=seizure.ref,
        pound_code=pound.code,
        village=village.name if village else "",
        village_names=names_of(village),
        place=seizure.place,
        seized_on=seizure.seized_on,
        impounded_on=seizure.impounded_on,
        reported_unclaimed=seizure.reported_unclaimed_at is not None,
        heads=tuple(HeldGroup(k, d, n) for (k, d), n in sorted(groups.items())),
        notice=notice,
    )


def _cattle_held(district_id: int) -> tuple[Any, ...]:
    """The seizures of the district not closed, with some head held now."""
    return (
        Seizure.district_id == district_id,
        Seizure.status != SeizureStatus.CLOSED.value,
        col(Seizure.id).in_(
            select(Animal.seizure_id).where(
                Animal.district_id == district_id, col(Animal.status).in_(HELD)
            )
        ),
    )


def _matches(held: Sequence[Animal], kind: str | None, words: Sequence[str]) -> bool:
    """Some head of `kind` (any kind if None) whose description has every one of `words`."""
    for a in held:
        if kind is not None and a.kind != kind:
            continue
        described = fold(a.description).split()
        if all(any(w in d for d in described) for w in words):
            return True
    return False


def board_of(db: Reader, district: str, *, now: datetime, query: BoardQuery) -> Board:
    """The board of `district` (its code) as of `now`: each pound of the district with the
    seizures whose cattle are held now (seized on the way, or in the pound), newest first, those
    matching `query`; NotFound for a district the office does not hold."""
    village_place: VillagePlace | None = None
    close: list[VillagePlace] = []
    if query.village.strip():
        village_place, close = match_village(db, query.village[:120], district=district)
    with db.lagging() as s:
        row = _district(s, district)
        ctx = district_context(s, id_of(row))
        today = local_date(now, ctx.tz)
        # The register's kind for what was asked (`cows`, `गाय` -> `cow`, G4).
        try:
            kind = kind_wanted(query.kind[:40], ctx)
        except PoundError:  # an animal nobody knows, or pigs (Sec XVIII): no head is of it
            kind = query.kind[:40].strip().lower()
        words = [w for w in fold(query.words[:120]).split() if w][:6]
        pounds = list(
            s.exec(select(Pound).where(Pound.district_id == row.id).order_by(col(Pound.code))).all()
        )
        q = (
            select(Seizure)
            .where(*_cattle_held(id_of(row)))
            .order_by(col(Seizure.seized_at).desc(), col(Seizure.id).desc())
        )
        if query.since is not None:
            q = q.where(Seizure.seized_on >= query.since)
        if query.village.strip():
            # A name that names no village (None) finds none.
            named = village_place.name if village_place else None
            wanted = select(Village.id).where(Village.district_id == row.id, Village.name == named)
            q = q.where(col(Seizure.village_id).in_(wanted))
        by_pound: dict[int, list[BoardEntry]] = {id_of(p): [] for p in pounds}
        pound_of = {p.id: p for p in pounds}
        shown = more = 0
        for seizure in s.exec(q).all():
            held = held_animals(s, seizure)
            if not held or ((kind or words) and not _matches(held, kind, words)):
                continue
            if shown >= MAX_SHOWN:
                more += 1
                continue
            pound = pound_of.get(seizure.pound_id)
            if pound is None:
                continue
            by_pound[id_of(pound)].append(_entry(s, seizure, pound, held))
            shown += 1
        return Board(
            district=row.code,
            district_name=row.name,
            languages=tuple(row.languages or ()),
            as_of=today,
            query=query,
            village=village_place,
            close=tuple(close),
            kind=kind,
            pounds=tuple(
                BoardPound(p.code, p.name, p.thana, tuple(by_pound[id_of(p)]), names_of(p))
                for p in pounds
            ),
            shown=shown,
            more=more,
            district_names=names_of(row),
        )


@dataclass(frozen=True)
class Feed:
    district: str
    district_name: str
    tz: ZoneInfo
    entries: tuple[tuple[BoardEntry, BoardNotice], ...]  # newest notice first
    district_names: tuple[tuple[str, str], ...] = ()  # in other scripts, by language


def notices_of(db: Reader, district: str) -> Feed:
    """The notices of Sec VIII of `district` whose cattle are still held, newest first (the
    board's feed); NotFound for a district the office does not hold."""
    with db.lagging() as s:
        row = _district(s, district)
        tz = district_context(s, id_of(row)).tz
        q = (
            select(Seizure, Notice)
            .join(Notice, col(Notice.seizure_id) == col(Seizure.id))
            .where(*_cattle_held(id_of(row)))
            .order_by(col(Notice.posted_at).desc(), col(Notice.id).desc())
            .limit(MAX_FEED)
        )
        out = []
        for seizure, _notice in s.exec(q).all():
            pound = s.get(Pound, seizure.pound_id)
            if pound is None:
                continue
            entry = _entry(s, seizure, pound, held_animals(s, seizure))
            if entry.notice is not None:
                out.append((entry, entry.notice))
        return Feed(row.code, row.name, tz, tuple(out), names_of(row))


@dataclass(frozen=True)
class BoardDistrict:
    """A district with a public board: its code, and its name with the names the district file
    gives it in other scripts."""

    code: str
    name: str
    names: tuple[tuple[str, str], ...]


def board_districts(db: Reader) -> list[BoardDistrict]:
    """Every district this office holds (none removed), by name: the boards the front page
    links to (webhook/front.py)."""
    with db.lagging() as s:
        rows = s.exec(
            select(District)
            .where(District.source_digest != REMOVED)
            .order_by(col(District.name), col(District.code))
        ).all()
        return [BoardDistrict(code=d.code, name=d.name, names=names_of(d)) for d in rows]
