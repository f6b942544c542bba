"""Kinds of cattle, the Sec VI scale, and reading a kind from what a person types (G4)."""

import pytest

from law.errors import InvalidInput, KindNeedsMagistrateOrder, PigsNotImpoundable, UnknownAnimalKind
from law.kinds import FINE_CLASS, G4_ALIASES, AnimalKind, FineClass, fine_for, resolve_kind
from law.profile import ACT_III_1857, CTA_1871_MODERN

SCALE = ACT_III_1857.fine_schedule


def test_a_buffalo_is_fined_eight_annas() -> None:
    assert fine_for(AnimalKind.BUFFALO, SCALE) == 96


def test_a_tattoo_is_fined_as_a_horse() -> None:
    assert fine_for(AnimalKind.TATTOO, SCALE) == fine_for(AnimalKind.HORSE, SCALE) == 48


def test_the_sec_vi_rows() -> None:
    assert {k for k, c in FINE_CLASS.items() if c is FineClass.CAMEL_BUFFALO} == {
        AnimalKind.CAMEL,
        AnimalKind.BUFFALO,
    }
    assert {k for k, c in FINE_CLASS.items() if c is FineClass.HORSE_COW} == {
        AnimalKind.HORSE,
        AnimalKind.TATTOO,
        AnimalKind.BULL,
        AnimalKind.BULLOCK,
        AnimalKind.COW,
    }
    assert fine_for(AnimalKind.CALF, SCALE) == fine_for(AnimalKind.ASS, SCALE) == 24
    assert fine_for(AnimalKind.SHEEP, SCALE) == fine_for(AnimalKind.GOAT, SCALE) == 12
    assert set(FINE_CLASS) == set(AnimalKind)


def test_a_schedule_without_the_row_is_refused() -> None:
    with pytest.raises(InvalidInput):
        fine_for(AnimalKind.COW, {FineClass.CAMEL_BUFFALO: 96})


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("cow", AnimalKind.COW),
        ("  Cows ", AnimalKind.COW),
        ("BUFFALOES", AnimalKind.BUFFALO),
        ("buffalos", AnimalKind.BUFFALO),
        ("calves", AnimalKind.CALF),
        ("sheep", AnimalKind.SHEEP),
        ("asses", AnimalKind.ASS),
        ("ass", AnimalKind.ASS),
        ("tattoos", AnimalKind.TATTOO),
        ("bullocks", AnimalKind.BULLOCK),
        ("ox", AnimalKind.BULLOCK),
        ("oxen", AnimalKind.BULLOCK),
        ("Mule", AnimalKind.HORSE),
        ("mares", AnimalKind.HORSE),
        ("ponies", AnimalKind.HORSE),
        ("gelding", AnimalKind.HORSE),
        ("heifers", AnimalKind.COW),
        ("lamb", AnimalKind.SHEEP),
        ("rams", AnimalKind.SHEEP),
        ("ewe", AnimalKind.SHEEP),
        ("kids", AnimalKind.GOAT),
        ("donkey", AnimalKind.ASS),
    ],
)
def test_a_kind_is_read_in_any_case_and_number(text: str, kind: AnimalKind) -> None:
    assert resolve_kind(text, G4_ALIASES) is kind


@pytest.mark.parametrize("text", ["pig", "Pigs", "hog", "swine", "boar", "sows"])
def test_pigs_are_not_impounded_but_complained_of_under_sec_xviii(text: str) -> None:
    with pytest.raises(PigsNotImpoundable, match="Sec XVIII") as caught:
        resolve_kind(text, G4_ALIASES)
    assert caught.value.section == "XVIII"


@pytest.mark.parametrize("text", ["elephant", "Elephants", "yak", "colt"])
def test_an_animal_outside_the_scale_needs_a_magistrates_order(text: str) -> None:
    with pytest.raises(KindNeedsMagistrateOrder) as caught:
        resolve_kind(text, G4_ALIASES)
    assert caught.value.section == "practice G4"


def test_a_profile_may_map_more_animals() -> None:
    assert resolve_kind("colts", CTA_1871_MODERN.aliases) is AnimalKind.HORSE


def test_a_profile_without_aliases_knows_only_the_scale() -> None:
    with pytest.raises(UnknownAnimalKind):
        resolve_kind("mule", {})


@pytest.mark.parametrize("text", ["", "   ", "dragon", "cattle", "42"])
def test_anything_else_is_an_unknown_kind(text: str) -> None:
    with pytest.raises(UnknownAnimalKind) as caught:
        resolve_kind(text, G4_ALIASES)
    assert caught.value.section == "VI"
