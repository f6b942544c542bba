"""Kinds of cattle, the rows of the Sec VI fine scale, and reading a kind from free text (G4)."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum, auto

from law.errors import (
    N_,
    InvalidInput,
    KindNeedsMagistrateOrder,
    PigsNotImpoundable,
    UnknownAnimalKind,
)
from law.feeding import FeedingRate

# The ruling the Magistrate's order for an animal outside the Sec VI scale is made under.
SECTION = "practice G4"


class AnimalKind(StrEnum):
    """The animals named in the Sec VI scale."""

    CAMEL = auto()
    BUFFALO = auto()
    HORSE = auto()
    TATTOO = auto()
    BULL = auto()
    BULLOCK = auto()
    COW = auto()
    CALF = auto()
    ASS = auto()
    SHEEP = auto()
    GOAT = auto()


class FineClass(StrEnum):
    """The four rows of the Sec VI scale."""

    CAMEL_BUFFALO = auto()
    HORSE_COW = auto()  # Horse or Tattoo, Bull, Bullock, or Cow
    CALF_ASS = auto()
    SHEEP_GOAT = auto()


FINE_CLASS: dict[AnimalKind, FineClass] = {
    AnimalKind.CAMEL: FineClass.CAMEL_BUFFALO,
    AnimalKind.BUFFALO: FineClass.CAMEL_BUFFALO,
    AnimalKind.HORSE: FineClass.HORSE_COW,
    AnimalKind.TATTOO: FineClass.HORSE_COW,
    AnimalKind.BULL: FineClass.HORSE_COW,
    AnimalKind.BULLOCK: FineClass.HORSE_COW,
    AnimalKind.COW: FineClass.HORSE_COW,
    AnimalKind.CALF: FineClass.CALF_ASS,
    AnimalKind.ASS: FineClass.CALF_ASS,
    AnimalKind.SHEEP: FineClass.SHEEP_GOAT,
    AnimalKind.GOAT: FineClass.SHEEP_GOAT,
}

# Practice G4: animals the Sec VI scale does not name, mapped to the row they are fined under.
# "ox" and "donkey" are only other words for a bullock and an ass. A profile may replace this.
G4_ALIASES: dict[str, AnimalKind] = {
    "mule": AnimalKind.HORSE,
    "mare": AnimalKind.HORSE,
    "pony": AnimalKind.HORSE,
    "gelding": AnimalKind.HORSE,
    "stallion": AnimalKind.HORSE,
    "heifer": AnimalKind.COW,
    "lamb": AnimalKind.SHEEP,
    "ram": AnimalKind.SHEEP,
    "ewe": AnimalKind.SHEEP,
    "kid": AnimalKind.GOAT,
    "ox": AnimalKind.BULLOCK,
    "donkey": AnimalKind.ASS,
}

# Sec XVIII: damage by pigs is a complaint to the Magistrate, not an impounding.
PIG_WORDS: frozenset[str] = frozenset({"pig", "hog", "swine", "boar", "sow", "piglet"})

# Practice G4: animals one may find in a pound that no row of the scale fits; they are
# registered only on a Magistrate's order. (Anything not known at all is UnknownAnimalKind.)
UNSCHEDULED_WORDS: frozenset[str] = frozenset(
    {"elephant", "yak", "mithun", "gayal", "deer", "colt", "filly", "llama", "zebra", "reindeer"}
)

_KIND_VALUES: frozenset[str] = frozenset(k.value for k in AnimalKind)

_IRREGULAR_PLURALS: dict[str, str] = {
    "oxen": "ox",
    "kine": "cow",
}


def with_article(word: str) -> str:
    """`a cow`, `an elephant`, `an ass`: the indefinite article English puts before `word`."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _normalise(text: str) -> str:
    words = text.lower().replace("_", " ").replace("-", " ").split()
    return " ".join(words).strip(" .,;:!?")


def _singulars(word: str) -> list[str]:
    """The word itself, then what it would be if it were a plural (Sec XXI: plural = singular)."""
    candidates = [word]
    if word in _IRREGULAR_PLURALS:
        candidates.append(_IRREGULAR_PLURALS[word])
    if word.endswith("ies"):
        candidates.append(word[:-3] + "y")  # ponies
    if word.endswith("ves"):
        candidates.append(word[:-3] + "f")  # calves
    if word.endswith("es"):
        candidates.append(word[:-2])  # buffaloes, asses
    if word.endswith("s"):
        candidates.append(word[:-1])  # cows, mares
    return candidates


@dataclass(frozen=True)
class OutsideScale:
    """Practice G4: an animal no row of the Sec VI scale fits (an elephant, say). It may be
    reported seized, but it is registered at the pound only on a Magistrate's order that fixes
    its fine per head and its feeding per day."""

    word: str  # singular, lower case: "elephant"


# An animal outside the scale is named in one or two words (the register's kind column).
KIND_MAX = 16
_KIND_WORD = re.compile(r"^[a-z]+( [a-z]+)?$")


def kind_of(
    text: str, aliases: Mapping[str, AnimalKind], ordered: Collection[str] = ()
) -> AnimalKind | OutsideScale:
    """The kind of animal `text` names, singular or plural, in any case (G4, XVIII, VI); one
    outside the scale is not refused: one the office knows of, or one a Magistrate's order
    names (`ordered`), is an `OutsideScale` (G4). Pigs are refused (Sec XVIII), and a word
    nobody knows is unknown (Sec VI)."""
    word = _normalise(text)
    if not word:
        raise UnknownAnimalKind(N_("no kind of animal was given"), kind=text)
    known_aliases = {_normalise(k): v for k, v in aliases.items()}
    known_ordered = {_normalise(k) for k in ordered}
    for candidate in _singulars(word):
        if candidate in _KIND_VALUES:
            return AnimalKind(candidate)
        if candidate in known_aliases:
            return known_aliases[candidate]
        if candidate in PIG_WORDS:
            raise PigsNotImpoundable(
                N_(
                    "pigs are not impounded under this Act; damage by pigs is a complaint "
                    "to the Magistrate under Sec XVIII"
                ),
                kind=text,
            )
        if candidate in UNSCHEDULED_WORDS or candidate in known_ordered:
            return OutsideScale(candidate)
    known = [k.value for k in AnimalKind] + sorted(known_aliases)
    raise UnknownAnimalKind(
        N_("unknown kind of animal '{kind}'; known kinds: {known_text}"),
        kind=text,
        known=known,
        said={"known_text": ", ".join(known)},
    )


def resolve_kind(text: str, aliases: Mapping[str, AnimalKind]) -> AnimalKind:
    """Like `kind_of`, but an animal outside the scale is refused without a Magistrate's order."""
    kind = kind_of(text, aliases)
    if isinstance(kind, OutsideScale):
        raise KindNeedsMagistrateOrder(
            N_(
                "{kind_text} is not in the Sec VI scale; it can be registered only "
                "on a Magistrate's order"
            ),
            kind=text,
            said={"kind_text": with_article(kind.word)},
        )
    return kind


def is_scale_kind(kind: str) -> bool:
    """Whether `kind` (as the register stores it) is a row of the Sec VI scale."""
    return kind in _KIND_VALUES


def order_kind(text: str, aliases: Mapping[str, AnimalKind]) -> str:
    """Practice G4: the kind a Magistrate's order is made for, as the register will write it.

    An animal of the scale (or mapped to a row of it) needs no order; pigs are never impounded
    (Sec XVIII). Anything else is the word as given, in one or two words.
    """
    try:
        kind = kind_of(text, aliases)
    except UnknownAnimalKind:
        word = _normalise(text)
        if not word:
            raise
    else:
        if isinstance(kind, AnimalKind):
            raise InvalidInput(
                N_(
                    "{word_text} is fined under the Sec VI scale as {kind_text}; no order is needed"
                ),
                section="VI",
                kind=kind.value,
                said={
                    "word_text": with_article(_normalise(text)),
                    "kind_text": with_article(kind.value),
                },
            )
        word = kind.word
    if len(word) > KIND_MAX or not _KIND_WORD.match(word):
        raise InvalidInput(
            N_("name the animal in one or two words of letters, at most {most} in all"),
            section="practice G4",
            kind=text,
            said={"most": KIND_MAX},
        )
    return word


@dataclass(frozen=True)
class KindOrder:
    """Practice G4: a Magistrate's order for an animal outside the scale. It sets the fine
    per head and the feeding per head per day, from `valid_from`: for the animals of one
    seizure (`for_seizure`), or for every seizure brought to one pound."""

    kind: str
    fine: int
    per_day: int
    valid_from: date
    for_seizure: bool
    ref: int = 0  # the caller's own number for the order, handed back as given

    def __post_init__(self) -> None:
        check_kind_order(self.fine, self.per_day)


def check_kind_order(fine: int, per_day: int) -> None:
    """Practice G4: the fine and the feeding rate an order sets are amounts, never negative."""
    if fine < 0 or per_day < 0:
        raise InvalidInput(
            N_("the fine and the feeding rate cannot be negative"),
            section="practice G4",
            fine=fine,
            per_day=per_day,
        )


def orders_for(kind: str, orders: Sequence[KindOrder]) -> tuple[KindOrder, ...]:
    """The orders that govern a head of `kind`: its seizure's own, if there are any, else the
    standing orders of its pound (the narrower order is the more particular one)."""
    own = tuple(o for o in orders if o.kind == kind and o.for_seizure)
    return own or tuple(o for o in orders if o.kind == kind and not o.for_seizure)


def order_in_force(kind: str, orders: Sequence[KindOrder], on: date) -> KindOrder:
    """The order that governs a head of `kind` on `on` (G4): of the governing orders, the
    latest in force; of two of one day, the later given. KindNeedsMagistrateOrder if none."""
    governing = [o for o in orders_for(kind, orders) if o.valid_from <= on]
    if not governing:
        raise KindNeedsMagistrateOrder(
            N_(
                "{kind_text} is not in the Sec VI scale; it can be registered only on a "
                "Magistrate's order fixing its fine and feeding"
            ),
            kind=kind,
            said={"kind_text": with_article(kind)},
        )
    # A stable sort: of two orders of one day, the later given stays last.
    return sorted(governing, key=lambda o: o.valid_from)[-1]


def ordered_rates(kind: str, orders: Sequence[KindOrder]) -> tuple[FeedingRate, ...]:
    """The feeding rates the governing orders set for `kind`, each from its date (G4, G9)."""
    return tuple(
        FeedingRate(kinds=frozenset({kind}), per_day=o.per_day, valid_from=o.valid_from)
        for o in orders_for(kind, orders)
    )


def check_registrable(awaiting: Collection[str]) -> None:
    """Practice G4: cattle are registered only once every head outside the scale has its
    Magistrate's order (`awaiting`: the kinds still without one)."""
    if awaiting:
        kinds = ", ".join(sorted(set(awaiting)))
        raise KindNeedsMagistrateOrder(
            N_(
                "the {kinds} cannot be registered until the Magistrate orders its fine and "
                "feeding; the other cattle wait with it"
            ),
            kinds=kinds,
        )


def fine_for(kind: AnimalKind, schedule: Mapping[FineClass, int]) -> int:
    """The Sec VI fine per head for `kind`, charged once per impounding."""
    fine_class = FINE_CLASS[kind]
    try:
        return schedule[fine_class]
    except KeyError:
        raise InvalidInput(
            N_("the fine schedule has no row {fine_class}"), fine_class=fine_class.value
        ) from None
