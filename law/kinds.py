"""Kinds of cattle, the rows of the Sec VI fine scale, and reading a kind from free text (G4)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum, auto

from law.errors import InvalidInput, KindNeedsMagistrateOrder, PigsNotImpoundable, UnknownAnimalKind


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


def resolve_kind(text: str, aliases: Mapping[str, AnimalKind]) -> AnimalKind:
    """The kind of animal `text` names, singular or plural, in any case (G4, XVIII, VI)."""
    word = _normalise(text)
    if not word:
        raise UnknownAnimalKind("no kind of animal was given", kind=text)
    known_aliases = {_normalise(k): v for k, v in aliases.items()}
    for candidate in _singulars(word):
        if candidate in _KIND_VALUES:
            return AnimalKind(candidate)
        if candidate in known_aliases:
            return known_aliases[candidate]
        if candidate in PIG_WORDS:
            raise PigsNotImpoundable(
                "pigs are not impounded under this Act; damage by pigs is a complaint "
                "to the Magistrate under Sec XVIII",
                kind=text,
            )
        if candidate in UNSCHEDULED_WORDS:
            raise KindNeedsMagistrateOrder(
                f"a {candidate} is not in the Sec VI scale; it can be registered only "
                "on a Magistrate's order",
                kind=text,
            )
    known = [k.value for k in AnimalKind] + sorted(known_aliases)
    raise UnknownAnimalKind(
        f"unknown kind of animal {text!r}; known kinds: {', '.join(known)}",
        kind=text,
        known=known,
    )


def fine_for(kind: AnimalKind, schedule: Mapping[FineClass, int]) -> int:
    """The Sec VI fine per head for `kind`, charged once per impounding."""
    fine_class = FINE_CLASS[kind]
    try:
        return schedule[fine_class]
    except KeyError:
        raise InvalidInput(
            f"the fine schedule has no row {fine_class.value}", fine_class=fine_class.value
        ) from None
