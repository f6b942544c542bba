"""Kinds of cattle, the Sec VI scale, and reading a kind from what a person types (G4)."""

from datetime import date

import pytest

from law.errors import InvalidInput, KindNeedsMagistrateOrder, PigsNotImpoundable, UnknownAnimalKind
from law.feeding import FeedingRate
from law.kinds import (
    FINE_CLASS,
    G4_ALIASES,
    AnimalKind,
    FineClass,
    KindOrder,
    OutsideScale,
    check_kind_order,
    check_registrable,
    fine_for,
    is_scale_kind,
    kind_of,
    order_in_force,
    order_kind,
    ordered_rates,
    orders_for,
    resolve_kind,
)
from law.profile import ACT_III_1857, CTA_1871_MODERN

D = date
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


# --- Practice G4: animals outside the scale, and the Magistrate's orders for them -------------


@pytest.mark.parametrize(
    ("text", "word"), [("elephant", "elephant"), ("Elephants", "elephant"), ("yaks", "yak")]
)
def test_an_animal_outside_the_scale_is_taken_as_it_is_named(text: str, word: str) -> None:
    assert kind_of(text, G4_ALIASES) == OutsideScale(word)


def test_kind_of_still_knows_the_scale_and_refuses_pigs_and_strangers() -> None:
    assert kind_of("heifers", G4_ALIASES) is AnimalKind.COW
    with pytest.raises(PigsNotImpoundable):
        kind_of("pig", G4_ALIASES, ordered={"pig"})
    with pytest.raises(UnknownAnimalKind):
        kind_of("rhinoceros", G4_ALIASES)
    # An order names a kind the office did not know.
    assert kind_of("rhinoceroses", G4_ALIASES, ordered={"rhinoceros"}) == OutsideScale("rhinoceros")


def test_an_order_is_made_for_an_animal_outside_the_scale_only() -> None:
    assert order_kind(" Elephants ", G4_ALIASES) == "elephant"
    assert order_kind("Rhinoceros", G4_ALIASES) == "rhinoceros"
    assert order_kind("wild ass", G4_ALIASES) == "wild ass"
    with pytest.raises(InvalidInput) as scale:
        order_kind("mules", G4_ALIASES)
    assert scale.value.section == "VI"
    assert scale.value.details["kind"] == "horse"
    with pytest.raises(PigsNotImpoundable):
        order_kind("sows", G4_ALIASES)
    for bad in ("", "a very long animal", "elephant-2", "three word beast"):
        with pytest.raises((InvalidInput, UnknownAnimalKind)):
            order_kind(bad, G4_ALIASES)


ELEPHANT_ORDERS = (
    KindOrder("elephant", fine=384, per_day=48, valid_from=D(1857, 3, 1), for_seizure=False, ref=1),
    KindOrder("elephant", fine=192, per_day=96, valid_from=D(1857, 3, 4), for_seizure=False, ref=2),
    KindOrder("yak", fine=96, per_day=12, valid_from=D(1857, 3, 2), for_seizure=True, ref=3),
)


def test_the_order_in_force_is_the_latest_of_the_governing_orders() -> None:
    assert order_in_force("elephant", ELEPHANT_ORDERS, D(1857, 3, 3)).ref == 1
    assert order_in_force("elephant", ELEPHANT_ORDERS, D(1857, 3, 4)).ref == 2
    with pytest.raises(KindNeedsMagistrateOrder):
        order_in_force("elephant", ELEPHANT_ORDERS, D(1857, 2, 28))
    with pytest.raises(KindNeedsMagistrateOrder):
        order_in_force("deer", ELEPHANT_ORDERS, D(1857, 3, 5))


def test_a_seizures_own_order_stands_before_its_pounds() -> None:
    own = KindOrder("elephant", 96, 24, D(1857, 3, 2), for_seizure=True, ref=9)
    orders = (*ELEPHANT_ORDERS, own)
    assert orders_for("elephant", orders) == (own,)
    assert order_in_force("elephant", orders, D(1857, 3, 9)).ref == 9
    assert ordered_rates("elephant", orders) == (
        FeedingRate(frozenset({"elephant"}), 24, D(1857, 3, 2)),
    )
    assert [r.per_day for r in ordered_rates("elephant", ELEPHANT_ORDERS)] == [48, 96]


def test_an_order_sets_amounts_never_negative() -> None:
    with pytest.raises(InvalidInput):
        KindOrder("elephant", fine=-1, per_day=0, valid_from=D(1857, 3, 1), for_seizure=True)
    with pytest.raises(InvalidInput):
        check_kind_order(0, -1)


def test_cattle_are_registered_only_when_no_head_awaits_its_order() -> None:
    check_registrable([])
    with pytest.raises(KindNeedsMagistrateOrder) as waiting:
        check_registrable(["yak", "elephant", "yak"])
    assert waiting.value.details == {"kinds": "elephant, yak"}
    assert waiting.value.section == "practice G4"
    assert is_scale_kind("cow") and not is_scale_kind("elephant")
