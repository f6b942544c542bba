"""The district in force: its statute profile, time zone, feeding rates and orders (Sec VI,
VII, G4), its villages by name (Sec III)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from sqlmodel import Session, col, select

from law.errors import N_, InvalidInput, NotFound
from law.feeding import FeedingRate as Rate
from law.kinds import AnimalKind
from law.kinds import KindOrder as Order
from law.periods import check_not_before_start, local_date
from law.profile import StatuteProfile, get_profile
from models import District, FeedingRate, KindOrder, Pound, Seizure, Village
from models.columns import id_of
from office.phones import DEFAULT_REGION
from office.spelling import plain


def names_of(place: District | Pound | Village | None) -> tuple[tuple[str, str], ...]:
    """A district's, pound's or village's names in other scripts as (language, name) pairs, as
    the district file gives them (the texts write them in the reader's script)."""
    return tuple(sorted((place.names or {}).items())) if place is not None else ()


@dataclass(frozen=True)
class ScopedOrder:
    """A Magistrate's order for an animal outside the scale (G4), with where it applies."""

    seizure_id: int | None
    pound_id: int | None
    order: Order


@dataclass(frozen=True)
class DistrictContext:
    district: District
    profile: StatuteProfile
    tz: ZoneInfo
    rates: tuple[Rate, ...]
    kind_orders: tuple[ScopedOrder, ...] = ()

    @property
    def region(self) -> str:
        """The country whose numbering plan reads phones written without their +code."""
        return self.district.country or DEFAULT_REGION

    def orders_for(self, seizure: Seizure) -> tuple[Order, ...]:
        """The G4 orders that may govern an animal of `seizure`: its own and its pound's."""
        return tuple(
            o.order
            for o in self.kind_orders
            if (o.seizure_id is not None and o.seizure_id == seizure.id)
            or (o.pound_id is not None and o.pound_id == seizure.pound_id)
        )

    @property
    def id(self) -> int:
        return id_of(self.district)

    def fmt(self, amount: int) -> str:
        return self.profile.money.format(amount)

    def amounts(self, **amounts: int) -> dict[str, int | str]:
        """Amounts as a view states them: each, then each written in the district's money
        (`<name>_text`)."""
        return {**amounts, **{f"{k}_text": self.fmt(v) for k, v in amounts.items()}}

    def check_started(self, at: datetime) -> None:
        """Practice G17: nothing is dated before the district's register begins."""
        check_not_before_start(local_date(at, self.tz), self.district.start_on)


def district_context(s: Session, district_id: int) -> DistrictContext:
    district = s.get(District, district_id)
    if district is None:
        raise NotFound(N_("no district {district_id}"), said={"district_id": district_id})
    rows = s.exec(select(FeedingRate).where(FeedingRate.district_id == district_id)).all()
    rates = tuple(
        Rate(kinds=frozenset({AnimalKind(r.kind)}), per_day=r.per_day, valid_from=r.valid_from)
        for r in rows
    )
    orders = s.exec(
        select(KindOrder).where(KindOrder.district_id == district_id).order_by(col(KindOrder.id))
    ).all()
    kind_orders = tuple(
        ScopedOrder(
            o.seizure_id,
            o.pound_id,
            Order(
                kind=o.kind,
                fine=o.fine,
                per_day=o.per_day,
                valid_from=o.valid_from,
                for_seizure=o.seizure_id is not None,
                ref=id_of(o),
            ),
        )
        for o in orders
    )
    return DistrictContext(
        district, get_profile(district.profile), ZoneInfo(district.timezone), rates, kind_orders
    )


def district_by_code(s: Session, code: str, *, lock: bool = False) -> District:
    """The district by its code (any case, spaces around it ignored); NotFound if none. `lock`ed,
    for a payment out of its fund."""
    q = select(District).where(District.code == code.strip().upper())
    if lock:
        # The district's row is the lock two payments out of one fund take in turn. NO KEY
        # UPDATE: the district's other acts still insert rows that refer to it (docs/design.md).
        q = q.with_for_update(key_share=True)
    row = s.exec(q).first()
    if row is None:
        raise NotFound(N_("no district '{district}'"), said={"district": code})
    return row


def pound_by_code(s: Session, code: str) -> Pound:
    """The pound by its code (any case, spaces around it ignored); NotFound if none."""
    row = s.exec(select(Pound).where(Pound.code == code.strip().upper())).first()
    if row is None:
        raise NotFound(N_("no pound '{pound}'"), said={"pound": code})
    return row


def find_village(s: Session, name: str, district_code: str | None = None) -> Village:
    """The village by its name in the register or one the district file gives it in another
    script (`पटवाई`), case and spacing ignored; ambiguous names need the district."""
    wanted = plain(name)
    if not wanted:
        raise InvalidInput(N_("the village is missing"))
    q = select(Village)
    if district_code:
        district = s.exec(select(District).where(District.code == district_code)).first()
        if district is None:
            raise NotFound(N_("no district '{district}'"), said={"district": district_code})
        q = q.where(Village.district_id == district.id)
    matches = [
        v
        for v in s.exec(q).all()
        if wanted == plain(v.name) or wanted in {plain(other) for other in v.names.values()}
    ]
    if not matches:
        raise NotFound(N_("no village called '{village}' is known"), section="III", village=name)
    if len(matches) > 1:
        raise InvalidInput(
            N_("several districts have a village '{village}': name the district"),
            said={"village": name},
        )
    return matches[0]
