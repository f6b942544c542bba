"""The grounds of a seizure (Sec II, XV, XVI): what each requires of a report and who seizes on
it; the office asks the law, and the stored words stay those of the register."""

import pytest

from law.auction import SELLERS, SaleKind, check_auction_record, sale_kind
from law.errors import ExcludedTract, InvalidInput, NotFound
from law.grounds import (
    MAX_HEADS,
    Ground,
    Release,
    check_in_operation,
    check_named_seizer,
    check_owner_named,
    check_owner_not_seizer,
    check_report,
    ground_of,
    office_of_named_seizer,
    offices_to_seize,
    pound_notified,
)
from law.offices import Role
from law.profile import DEFAULT_PROFILE, PROFILES, ProfileName


def test_the_words_stored_for_grounds_sale_kinds_releases_and_profiles_are_the_registers() -> None:
    # Rows already written hold these words; an enum that renamed one would orphan them.
    assert [g.value for g in Ground] == ["trespass", "road", "stray"]
    assert [k.value for k in SaleKind] == ["unclaimed", "non_payment"]
    assert [r.value for r in Release] == ["paid", "by_order"]
    assert [p.value for p in ProfileName] == ["act-iii-1857", "cta-1871-modern"]
    assert set(PROFILES) == set(ProfileName)
    assert DEFAULT_PROFILE == "act-iii-1857"


def test_each_ground_is_enforced_under_its_own_section() -> None:
    assert (Ground.TRESPASS.section, Ground.ROAD.section, Ground.STRAY.section) == (
        "II",
        "XV",
        "XVI",
    )
    assert ground_of("road") is Ground.ROAD
    with pytest.raises(InvalidInput) as refused:
        ground_of("theft")
    assert "trespass, road, stray" in refused.value.message


def test_cattle_are_seized_for_the_damage_they_were_doing_which_the_report_says() -> None:
    check_report(Ground.STRAY, counts=[2], damage="")  # Sec XVI: strays did no damage
    for ground in (Ground.TRESPASS, Ground.ROAD):
        with pytest.raises(InvalidInput) as refused:
            check_report(ground, counts=[2], damage="  ")
        assert refused.value.section == ground.section


def test_a_report_counts_the_cattle_it_names() -> None:
    # Sec V: the number of the cattle is entered in the register.
    for counts in ([], [1, 0], [MAX_HEADS, 1]):
        with pytest.raises(InvalidInput):
            check_report(Ground.TRESPASS, counts=counts, damage="trampled the wheat")
    check_report(Ground.TRESPASS, counts=[MAX_HEADS - 1, 1], damage="trampled the wheat")


def test_a_road_officer_seizes_for_damage_to_roads_and_the_police_bring_strays() -> None:
    assert offices_to_seize(Ground.TRESPASS) == ()  # Sec II: any cultivator or occupier
    assert offices_to_seize(Ground.ROAD) == (Role.ROAD_OFFICER,)
    assert offices_to_seize(Ground.STRAY) == (Role.POLICE, Role.DAROGAH)


def test_a_seizure_under_sec_xv_reported_for_another_names_the_person_in_charge() -> None:
    assert office_of_named_seizer(Ground.ROAD) is Role.ROAD_OFFICER
    with pytest.raises(InvalidInput) as refused:
        check_named_seizer(Ground.ROAD, holds_office=False)
    assert refused.value.section == "XV"
    check_named_seizer(Ground.ROAD, holds_office=True)
    check_named_seizer(Ground.TRESPASS, holds_office=False)
    check_named_seizer(Ground.STRAY, holds_office=False)


def test_strays_have_no_known_owner_and_no_one_seizes_his_own_cattle() -> None:
    with pytest.raises(InvalidInput) as refused:
        check_owner_named(Ground.STRAY, owner_named=True)
    assert refused.value.section == "XVI"
    check_owner_named(Ground.TRESPASS, owner_named=True)
    with pytest.raises(InvalidInput):
        check_owner_not_seizer(same_person=True)
    check_owner_not_seizer(same_person=False)


def test_the_act_runs_only_where_it_is_in_operation_and_a_pound_is_notified() -> None:
    with pytest.raises(ExcludedTract) as excluded:
        check_in_operation("Jhil", excluded=True, reason="cantonment")
    assert excluded.value.section == "XX"
    check_in_operation("Rampur", excluded=False, reason=None)
    with pytest.raises(NotFound) as none:
        pound_notified("Rampur", None)
    assert none.value.section == "III"
    assert pound_notified("Rampur", "RMP") == "RMP"


def test_a_sale_is_under_sec_ix_once_the_owner_refused_and_else_under_sec_viii() -> None:
    assert sale_kind(owner_refused=True) is SaleKind.NON_PAYMENT
    assert sale_kind(owner_refused=False) is SaleKind.UNCLAIMED
    assert (SaleKind.NON_PAYMENT.section, SaleKind.UNCLAIMED.section) == ("IX", "VIII")
    assert SELLERS == (Role.DAROGAH, Role.POLICE)  # Sec VIII: the Darogah or his deputy


def test_an_auction_record_names_each_lot_once_at_a_price_and_where_it_was_held() -> None:
    check_auction_record(animals=[1, 2], prices=[96, 0], expenses=12, place="Rampur bazaar")
    for animals, prices, expenses, place in (
        ([], [], 0, "Rampur bazaar"),
        ([1], [-1], 0, "Rampur bazaar"),
        ([1], [96], -1, "Rampur bazaar"),
        ([1, 1], [96, 96], 0, "Rampur bazaar"),
        ([1], [96], 0, " "),
    ):
        with pytest.raises(InvalidInput):
            check_auction_record(animals=animals, prices=prices, expenses=expenses, place=place)
