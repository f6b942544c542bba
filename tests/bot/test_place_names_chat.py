"""The chats name the village and the pound as the district file writes them in the reader's
script (ढकिया, ढकिया कांजी हाउस; ঢাকিয়া, ঢাকিয়া খোঁয়াড়), an officer's and a private
person's alike; the register keeps the register's names."""

from __future__ import annotations

import pytest

from bot.i18n import say_word
from tests.bot.test_hindi_bengali import in_bengali, in_hindi
from tests.bot.test_officer_flows import OTHER_KEEPER, Desk
from tests.chat import Chat
from tests.world import DHAKIA_POUND_NAMES, World, name_dhakia

OWNER = "+919222222222"  # Mohan Lal, the owner the test district's seizures name
VILLAGE = {"hi": "ढकिया", "bn": "ঢাকিয়া"}


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_the_keeper_of_dhakia_reads_the_village_and_his_pound_in_his_script(
    world: World, lang: str
) -> None:
    name_dhakia(world)
    ref = world.seize(village="Dhakia")
    desk = Desk(world)
    desk(OTHER_KEEPER, f"lang {lang}")
    out = desk(OTHER_KEEPER, f"ARRIVE {ref}")
    assert VILLAGE[lang] in out and "Dhakia" not in out
    out = desk(OTHER_KEEPER, "1")
    # The copy of the entry (Sec V) names the keeper's pound as the file writes it.
    [copy] = [line for line in out.splitlines() if DHAKIA_POUND_NAMES[lang] in line]
    assert "DHK/2026/1" in copy and "Dhakia" not in out


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_the_owner_asking_after_his_cattle_reads_the_pound_in_his_script(
    world: World, lang: str
) -> None:
    name_dhakia(world)
    ref = world.seize(village="Dhakia")
    owner = Chat(world, OWNER)
    (in_hindi if lang == "hi" else in_bengali)(owner)
    out = owner.say(f"{say_word(lang, 'cmd:status')} {ref}")
    assert DHAKIA_POUND_NAMES[lang] in out and "Dhakia" not in out
