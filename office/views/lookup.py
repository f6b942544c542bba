"""Read-only look-ups for conversations: villages by name (typo-tolerant), an owner's seizures,
the parties of a seizure, and a pound's posted schedule of fines and feeding rates (Sec VII)."""

from __future__ import annotations

import difflib
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime

from sqlmodel import col, select

from law.errors import N_, KindNeedsMagistrateOrder, NotFound
from law.feeding import rate_on
from law.kinds import FINE_CLASS, AnimalKind, FineClass, order_in_force
from law.periods import local_date
from models import District, Person, Pound, RoleGrant, Village
from models.db import Reader
from office.access.roles import Role
from office.district import DistrictContext, district_context, names_of
from office.inputs import PersonIn
from office.records.register import seizure_by_ref
from office.spelling import close as spelling_close
from office.spelling import fold, skeleton, transliterate, transliteration_languages

# How alike a typed name must be to a village's to be offered (difflib ratio, 0..1).
CLOSE_ENOUGH = 0.6
MAX_CHOICES = 5


@dataclass(frozen=True)
class VillagePlace:
    """A village, its district and the pound notified for it (Sec III), or its exclusion (XX).

    `names`: the village's name in other scripts, by language (`{"hi": "रामपुर"}`), as the
    district file gives them.
    """

    name: str
    district_code: str
    profile: str
    pound_code: str | None
    pound_name: str | None
    excluded: bool
    excluded_reason: str | None
    region: str = "IN"  # the district's country, for phones typed without +code
    names: tuple[tuple[str, str], ...] = ()
    pound_names: tuple[tuple[str, str], ...] = ()  # the pound's, likewise

    def name_in(self, lang: str) -> str:
        """The village's name as a reader of `lang` writes it, if the district gives it."""
        return dict(self.names).get(lang, self.name)


@dataclass(frozen=True)
class _Gazetteer:
    """Every village, kept while the districts loaded are the same (their file digests).

    Each village is known by its folded names (office/spelling.py): the register's, those the
    district file gives in other scripts, and a transliteration of the register's into
    Devanagari and Bengali; and by the skeletons of the ones in those scripts.
    """

    key: tuple[tuple[int | None, str], ...]
    by_name: dict[str, list[VillagePlace]]
    by_skeleton: dict[str, list[VillagePlace]]
    names: list[str]
    # The names close to a text that names no village exactly (`match_village`), by the text
    # folded: a search of every name, and people send the same few words again and again.
    close: dict[str, list[str]] = field(default_factory=dict)


_DISTRICT_DIGESTS = select(col(District.id), col(District.source_digest)).order_by(col(District.id))
# Kept with the database handle. Villages change only when a district file is loaded, and a
# load that changes anything gives the district a new digest (office/jurisdiction/), so one
# small read of the digests says whether what is kept is still true: once a session (a unit of
# work runs many messages, webhook/inbound.py), the gazetteer it found kept in `Session.info`.
_MEMO = "office.views.lookup.gazetteer"
_CLOSE_KEPT = 4096


def _spellings(place: VillagePlace) -> list[str]:
    """Every way the village's name may be written: the register's, the district file's own in
    other scripts, and transliterations where the file gives none."""
    given = dict(place.names)
    made = (
        transliterate(place.name, lang) for lang in transliteration_languages() if lang not in given
    )
    return [place.name, *given.values(), *filter(None, made)]


def _gazetteer(db: Reader) -> _Gazetteer:
    with db.reading() as s:
        seen: _Gazetteer | None = s.info.get(_MEMO)
        if seen is not None:
            return seen
        key = tuple((i, d) for i, d in s.exec(_DISTRICT_DIGESTS).all())
        kept = db.memo.get(_MEMO)
        if kept is not None and kept.key == key:
            s.info[_MEMO] = kept
            return kept
        rows = s.exec(
            select(Village, District)
            .join(District, col(District.id) == col(Village.district_id))
            .order_by(col(Village.name))
        ).all()
        pounds = {p.id: p for p in s.exec(select(Pound)).all()}
        places = []
        for village, district in rows:
            pound = pounds.get(village.pound_id) if village.pound_id else None
            places.append(
                VillagePlace(
                    name=village.name,
                    district_code=district.code,
                    profile=district.profile,
                    pound_code=pound.code if pound else None,
                    pound_name=pound.name if pound else None,
                    region=district.country,
                    excluded=village.excluded,
                    excluded_reason=village.excluded_reason,
                    names=names_of(village),
                    pound_names=names_of(pound),
                )
            )
    by_name: dict[str, list[VillagePlace]] = {}
    by_skeleton: dict[str, list[VillagePlace]] = {}
    for place in places:
        for written in _spellings(place):
            for index, form in ((by_name, fold(written)), (by_skeleton, skeleton(written))):
                if form and place not in index.get(form, []):
                    index.setdefault(form, []).append(place)
    gazetteer = _Gazetteer(key, by_name, by_skeleton, sorted(by_name))
    db.memo[_MEMO] = s.info[_MEMO] = gazetteer
    return gazetteer


def match_village(
    db: Reader,
    text: str,
    among: Collection[str] | None = None,
    *,
    district: str | None = None,
) -> tuple[VillagePlace | None, list[VillagePlace]]:
    """The village `text` names, else the close matches to choose from.

    Named: written as the register, the district file or a transliteration writes it, in any
    case, with or without nukta, long or short vowel signs; or, in Devanagari or Bengali, with
    the same consonants (रामपुर for the transliteration रम्पुर). Close: one typo, a difflib
    ratio of CLOSE_ENOUGH, or the start of a name. `among`: only these villages (by the
    register's name), e.g. those of one thana; `district`: only the villages of the district
    with this code.
    """
    gazetteer = _gazetteer(db)
    code = district.strip().upper() if district else None

    def keep(found: list[VillagePlace]) -> list[VillagePlace]:
        return [
            p
            for p in found
            if (among is None or p.name in among) and (code is None or p.district_code == code)
        ]

    wanted = fold(text)
    for index, form in ((gazetteer.by_name, wanted), (gazetteer.by_skeleton, skeleton(text))):
        exact = keep(index.get(form, [])) if form else []
        if len(exact) == 1:
            return exact[0], []
        if exact:
            return None, exact[:MAX_CHOICES]
    close = _close(gazetteer, wanted, skeleton(text))
    hits = (gazetteer.by_name.get(form, []) + gazetteer.by_skeleton.get(form, []) for form in close)
    found = dict.fromkeys(place for places in hits for place in keep(places))  # once, in order
    return None, list(found)[:MAX_CHOICES]


def _close(gazetteer: _Gazetteer, wanted: str, sk: str) -> list[str]:
    """The folded names and skeletons close to `wanted` (folded) and its skeleton `sk`."""
    kept = gazetteer.close.get(wanted + "\0" + sk)
    if kept is not None:
        return kept
    names = gazetteer.names
    close = difflib.get_close_matches(wanted, names, n=MAX_CHOICES * 2, cutoff=CLOSE_ENOUGH)
    # One typo in a name of four letters or more, also in its skeleton.
    close += [n for n in names if n not in close and spelling_close(wanted, n)]
    close += [k for k in gazetteer.by_skeleton if spelling_close(sk, k)]
    # A prefix ("ram" for Rampur) is as good a hint as a typo.
    close += [n for n in names if wanted and n.startswith(wanted) and n not in close]
    if len(gazetteer.close) >= _CLOSE_KEPT:
        gazetteer.close.clear()
    gazetteer.close[wanted + "\0" + sk] = close
    return close


# A village named inside a sentence is looked for in runs of up to this many words.
VILLAGE_WORDS = 4
# A shorter word is never taken for a village in a sentence ("से", "of").
VILLAGE_MIN_LETTERS = 3


def village_named_in(db: Reader, text: str) -> tuple[VillagePlace | None, str]:
    """The one village a sentence names ("my cows went missing from Patwai yesterday"), written
    as `match_village` reads a name exactly (any script, case, nukta, vowel signs; no typo),
    and the sentence without it; None when it names none, or more than one village."""
    gazetteer = _gazetteer(db)
    tokens = text.split()
    for size in range(min(VILLAGE_WORDS, len(tokens)), 0, -1):
        found: list[tuple[VillagePlace, int]] = []
        for start in range(len(tokens) - size + 1):
            gram = " ".join(tokens[start : start + size])
            if len(fold(gram)) < VILLAGE_MIN_LETTERS:
                continue
            for index, form in (
                (gazetteer.by_name, fold(gram)),
                (gazetteer.by_skeleton, skeleton(gram)),
            ):
                places = index.get(form, []) if len(form) >= VILLAGE_MIN_LETTERS else []
                if places:
                    found += [(p, start) for p in places if p not in [f for f, _ in found]]
                    break
        if len(found) == 1:
            place, start = found[0]
            rest = tokens[:start] + tokens[start + size :]
            return place, " ".join(rest)
        if found:
            return None, text
    return None, text


def owner_of(db: Reader, ref: str) -> PersonIn | None:
    """The recorded owner of a seizure, with his phone (a complaint by an agent names him)."""
    with db.reading() as s:
        seizure = seizure_by_ref(s, ref)
        owner = s.get(Person, seizure.owner_id) if seizure.owner_id is not None else None
        if owner is None:
            return None
        return PersonIn(name=owner.name, residence=owner.residence, phone=owner.phone)


@dataclass(frozen=True)
class RateRow:
    """One line of the posted schedule: kinds, fine per head (Sec VI), feeding per day (VII)."""

    kinds: tuple[str, ...]
    fine_text: str
    feeding_text: str
    # The same as ints of the profile's unit (`money`), for the bot to write per language.
    fine: int = 0
    per_day: int = 0
    money: str = "paise"


@dataclass(frozen=True)
class PoundRates:
    pound_code: str
    pound_name: str
    on: str
    rows: tuple[RateRow, ...]
    pound_names: tuple[tuple[str, str], ...] = ()  # in other scripts, by language


def _row(ctx: DistrictContext, kinds: tuple[str, ...], fine: int, per_day: int) -> RateRow:
    money = ctx.profile.money.name
    return RateRow(kinds, ctx.fmt(fine), ctx.fmt(per_day), fine, per_day, money)


def pound_codes(db: Reader) -> list[tuple[str, str, tuple[tuple[str, str], ...]]]:
    """Every pound as (code, name, its names in other scripts by language), by code."""
    with db.reading() as s:
        return [
            (p.code, p.name, names_of(p))
            for p in s.exec(select(Pound).order_by(col(Pound.code))).all()
        ]


def pound_rates(db: Reader, *, pound_code: str, now: datetime) -> PoundRates:
    """The schedule a keeper posts at his pound (Sec VII): the Sec VI fines and the feeding
    rates the Magistrate has fixed, in force today."""
    with db.reading() as s:
        pound = s.exec(select(Pound).where(Pound.code == pound_code.strip().upper())).first()
        if pound is None:
            raise NotFound(N_("no pound '{pound}'"), pound=pound_code)
        ctx = district_context(s, pound.district_id)
        today = local_date(now, ctx.tz)
        rows = []
        for fine_class in FineClass:
            by_rate: dict[int, list[str]] = {}
            for kind in (k for k in AnimalKind if FINE_CLASS[k] is fine_class):
                by_rate.setdefault(rate_on(kind, today, ctx.rates), []).append(kind.value)
            fine = ctx.profile.fine_schedule[fine_class]
            rows += [_row(ctx, tuple(names), fine, per_day) for per_day, names in by_rate.items()]
        # Practice G4: the Magistrate's standing orders for animals outside the scale.
        standing = [o.order for o in ctx.kind_orders if o.pound_id == pound.id]
        for word in sorted({o.kind for o in standing}):
            try:
                order = order_in_force(word, standing, today)
            except KindNeedsMagistrateOrder:
                continue
            rows.append(_row(ctx, (word,), order.fine, order.per_day))
        return PoundRates(pound.code, pound.name, today.isoformat(), tuple(rows), names_of(pound))


def keepers_of(db: Reader, pound_code: str) -> list[str]:
    """The names of the keepers of a pound (Sec IV), to tell an owner whom to pay."""
    with db.reading() as s:
        rows = s.exec(
            select(Person.name)
            .join(RoleGrant, col(RoleGrant.person_id) == col(Person.id))
            .where(RoleGrant.role == Role.KEEPER.value, RoleGrant.place == pound_code)
            .order_by(col(Person.name))
        ).all()
        return list(rows)
