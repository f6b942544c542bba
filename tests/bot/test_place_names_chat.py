"""The chats name the village and the pound as the district file writes them in the reader's
script (ढकिया, ढकिया कांजी हाउस; ঢাকিয়া, ঢাকিয়া খোঁয়াড়), an officer's and a private
person's alike; the register keeps the register's names."""

from __future__ import annotations

from datetime import date

import pytest

from bot.i18n import say_word
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.unclaimed import report_unclaimed
from office.jurisdiction import load_jurisdiction_text
from tests.bot.test_case_flows import convicted
from tests.bot.test_hindi_bengali import in_bengali, in_hindi
from tests.bot.test_officer_flows import DAROGAH, MAGISTRATE, OTHER_KEEPER, POLICE, Desk
from tests.chat import Chat
from tests.owner_search_world import MILAK, SEARCHER, load_milak
from tests.units import act
from tests.world import DHAKIA_POUND_NAMES, DISTRICT_NAMED, World, name_dhakia

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


# --- Choices and summaries of the officers' chats ------------------------------------------------

# The test district with Rampur, a village of Testpur thana, named in Hindi and Bengali too.
RAMPUR = {"hi": "रामपुर", "bn": "রামপুর"}
RAMPUR_NAMED = DISTRICT_NAMED.replace(
    'villages = ["Rampur", "Kemri"]',
    'villages = [{ name = "Rampur", names = { hi = "रामपुर", bn = "রামপুর" } }, "Kemri"]',
)
LANGS = ["hi", "bn"]


def name_rampur(world: World) -> None:
    assert act(world.db, load_jurisdiction_text, RAMPUR_NAMED, now=world.now).changed


def officer_in(desk: Desk, phone: str, lang: str) -> None:
    desk(phone, f"lang {lang}")


@pytest.mark.parametrize("lang", LANGS)
def test_a_standing_order_offers_the_pounds_in_the_magistrates_script(
    world: World, lang: str
) -> None:
    name_dhakia(world)
    desk = Desk(world)
    officer_in(desk, MAGISTRATE, lang)
    desk(MAGISTRATE, "kindorder")
    desk(MAGISTRATE, "pound")
    assert desk.options() == ["DHK", "TPR"]
    assert desk.labels() == [f"DHK: {DHAKIA_POUND_NAMES[lang]}", "TPR: Testpur thana pound"]
    desk(MAGISTRATE, "DHK")
    desk(MAGISTRATE, "elephant")
    desk(MAGISTRATE, "Rs 2-0-0")
    desk(MAGISTRATE, "Rs 0-8-0")
    out = desk(MAGISTRATE, "हाथी का स्थायी आदेश")
    assert DHAKIA_POUND_NAMES[lang] in out and "Dhakia pound" not in out


def test_an_english_reader_is_offered_the_registers_names_of_the_pounds(world: World) -> None:
    name_dhakia(world)
    desk = Desk(world)
    desk(MAGISTRATE, "kindorder")
    desk(MAGISTRATE, "pound")
    assert desk.labels() == ["DHK: Dhakia pound", "TPR: Testpur thana pound"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_police_choose_the_village_of_strays_in_their_script(world: World, lang: str) -> None:
    name_rampur(world)
    desk = Desk(world)
    officer_in(desk, POLICE, lang)
    desk(POLICE, "strays")
    assert desk.options() == ["Kemri", "Rampur"]
    assert desk.labels() == ["Kemri", RAMPUR[lang]]
    desk(POLICE, RAMPUR[lang])  # the village typed as he reads it
    desk(POLICE, "canal road")
    desk(POLICE, "2 cows")
    out = desk(POLICE, "-")
    assert RAMPUR[lang] in out and "Rampur" not in out


@pytest.mark.parametrize("lang", LANGS)
def test_the_darogah_is_offered_the_village_of_the_drum_in_his_script(
    world: World, lang: str
) -> None:
    name_rampur(world)
    ref = world.seize()
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.tick(hours=2),
        now=world.now,
    )
    act(
        world.db,
        report_unclaimed,
        actor_id=None,
        ref=ref,
        occurred_at=world.on(date(2026, 3, 9), 9),
        now=world.now,
    )
    desk = Desk(world)
    officer_in(desk, DAROGAH, lang)
    desk(DAROGAH, "unclaimed")
    desk(DAROGAH, "1")
    assert desk.options() == ["Rampur"] and desk.labels() == [RAMPUR[lang]]
    desk(DAROGAH, "1")
    out = desk(DAROGAH, "सोमवार बाज़ार")
    assert RAMPUR[lang] in out and "Rampur" not in out


@pytest.mark.parametrize("lang", LANGS)
def test_the_magistrate_is_offered_the_village_of_a_recovery_in_his_script(
    world: World, lang: str
) -> None:
    name_rampur(world)
    case_id = convicted(world)
    desk = Desk(world)
    world.on(date(2026, 3, 12), 11)
    officer_in(desk, MAGISTRATE, lang)
    desk(MAGISTRATE, "recovery")
    desk(MAGISTRATE, str(case_id))
    desk(MAGISTRATE, "3 cows")
    desk(MAGISTRATE, "red")
    assert desk.options() == ["Rampur"] and desk.labels() == [RAMPUR[lang]]
    desk(MAGISTRATE, "1")
    desk(MAGISTRATE, "the cattle shed")
    out = desk(MAGISTRATE, "Sitaram, Kemri, +919777777772")
    assert RAMPUR[lang] in out and "Rampur" not in out


@pytest.mark.parametrize("lang", LANGS)
def test_rates_offer_the_pounds_in_the_askers_script(world: World, lang: str) -> None:
    name_dhakia(world)
    asker = Chat(world, "+919333333333")  # no residence on record: he is asked which pound
    (in_hindi if lang == "hi" else in_bengali)(asker)
    asker.say(say_word(lang, "cmd:rates"))
    labels = [o.label for r in asker.last for o in r.options]
    assert DHAKIA_POUND_NAMES[lang] in labels and "Dhakia pound" not in labels
    # The name he reads is a name he may send back.
    out = asker.say(DHAKIA_POUND_NAMES[lang])
    assert DHAKIA_POUND_NAMES[lang] in out and "Dhakia" not in out


SAIFNI_POUND = {"hi": "सैफनी थाना कांजी हाउस", "bn": "সৈফনি থানা খোঁয়াড়"}


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_held_names_the_pounds_searched_in_the_owners_script(
    world: World, lang: str
) -> None:
    load_milak(world)
    named = MILAK.replace(
        'name = "Saifni thana pound"\n',
        'name = "Saifni thana pound"\n'
        f'names = {{ hi = "{SAIFNI_POUND["hi"]}", bn = "{SAIFNI_POUND["bn"]}" }}\n',
    )
    assert act(world.db, load_jurisdiction_text, named, now=world.now, origin="milak.toml").changed
    chat = Chat(world, SEARCHER)
    (in_hindi if lang == "hi" else in_bengali)(chat)
    chat.say({"hi": "मेरी", "bn": "আমার"}[lang])
    chat.say({"hi": "सैफनी", "bn": "সৈফনি"}[lang])
    out = chat.say("4 goats")
    assert SAIFNI_POUND[lang] in out and "Saifni thana pound" not in out
