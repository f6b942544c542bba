"""A refusal said in a Hindi or Bengali chat is Hindi or Bengali through and through (issue 10):
the text of the error is translated with its details in the reader's language, and a text with
no translation gives way to its code's sentence, never English inside the reader's sentence."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.errors import explain
from bot.i18n import LOCALES, translator
from law import errors
from law.errors import N_, PoundError
from office.acts.keeper.arrival import register_arrival
from tests.bot.test_hindi_bengali import HARI, KEEPER, MOHAN, Chat, in_bengali, in_hindi
from tests.units import act
from tests.world import World

ROOT = Path(__file__).resolve().parents[2]
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
ROMAN = re.compile(r"^[IVXL]+$")

# Texts of refusals no chat user is told in his language: invariants of the code, settings of a
# district file, the administrator's commands, or texts whose details are English words (role
# names, lists of kinds). Each is said in Hindi and Bengali as its code's sentence without it.
INTERNAL: frozenset[str] = frozenset(
    {
        # law/accounts.py, law/money_split.py: the sale's allocation checks its own arithmetic.
        "name one animal for every lot",
        "each lot is one animal, named once",
        "an animal sold is no longer held",
        "more cattle sold than were seized",
        "the impounding cannot end before it began",
        "expenses of sale cannot be negative",
        "a sale under Sec IX recovers the charges of the whole seizure",
        "the seizure's charges include those of the cattle sold",
        "the amount to split cannot be negative",
        "there is nothing to split the amount over",
        "weights cannot be negative",
        "the proceeds cannot pay what was allocated to them",
        "a sale has at least one lot",
        "what is due includes this sale's expenses",
        "charges cannot be negative",
        "price, fine and feeding cannot be negative",
        "a price cannot be negative",
        "the compensation still due cannot exceed the fine still due",
        # law/lifecycle.py, law/dues.py, law/feeding.py: states the code itself builds.
        "amounts paid and due cannot be negative",
        "say for every animal sold whether its buyer is an official",
        "a seizure has at least one animal",
        "complaints pending cannot be negative",
        "{before} cannot become {after}",
        "animal {animal_id} cannot go from {before} to {after}",
        "unknown event {event}",
        "a fine cannot be negative",
        "feeding cannot end before the animal arrived",
        "a feeding rate must name at least one kind of animal",
        "a feeding rate cannot be negative",
        "an amount must be text",
        # law/periods.py, office/access/roles.py: times and ids handed over by the code.
        "a time must carry a time zone (UTC or an offset)",
        "hour must be 0 to 23",
        "a period is at least one day",
        "{name} must carry a time zone (UTC or an offset)",
        "no district {district_id}",
        "no person {person_id}",
        "no pound {pound_id}",
        "no seizure {seizure_id}",
        "no pound for {ref}",
        "no village {village_id}",
        # law/profile.py, law/money.py, office/jurisdiction/: a district file and the statute's
        # settings, read by `pound` commands.
        "profile {name}: no fine for {missing}",
        "profile {name}: rest_weekdays must be some of 0 to 6, not all of them",
        "unknown statute profile '{name}'; known: {known_text}",
        "profile {name}: {what} cannot be negative",
        "profile {name}: {what} must be at least 1",
        "profile {name}: {what} must be 0 to 23",
        "profile {name}: reminder days cannot be negative",
        "unknown money system '{name}'; known: {known_text}",
        "the fine schedule has no row {fine_class}",
        # office/records/ledger.py: the ledger checks its own entries.
        "more expenses of sale paid than were billed",
        "unbalanced ledger transaction: {lines}",
        # office/access/roles.py, office/access/tokens.py: the administrator's commands and API
        # tokens.
        "role {role} needs a place, as in {role}:PLACE",
        "role {role} takes no place",
        "unknown role '{name}'; known roles: {known}",
        "that is not an API token",
        "no such API token",
        "no person has the phone {phone}; give a name to add a private person",
        # Details that are English words: said as the code's sentence.
        "only the {required} of district {district} may do this",
        "unknown kind of animal '{kind}'; known kinds: {known_text}",
        "{word_text} is fined under the Sec VI scale as {kind_text}; no order is needed",
        "ground must be one of {grounds}",
        "this surplus is already {status}",
        "the {kinds} cannot be registered until the Magistrate orders its fine and "
        "feeding; the other cattle wait with it",
    }
)


def english_words(text: str, *allowed: str) -> list[str]:
    """The words in Latin letters in `text`, but a ref, a name, a money sign or a section."""
    for word in allowed:
        text = text.replace(word, " ")
    return [w for w in ENGLISH_WORD.findall(text) if w != "Rs" and not ROMAN.match(w)]


def catalog(lang: str) -> dict[str, str]:
    with (LOCALES / lang / "LC_MESSAGES" / "refusals.po").open("rb") as fh:
        found = {str(m.id): str(m.string) for m in read_po(fh, locale=lang) if m.id and m.string}
    return found


def raised_templates() -> dict[str, tuple[str, str]]:
    """Each text marked N_ in a raise of law/ or office/: text -> (where, error class)."""
    found: dict[str, tuple[str, str]] = {}
    for path in sorted([*ROOT.glob("law/*.py"), *ROOT.glob("office/**/*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            cls = node.exc.func.id if isinstance(node.exc.func, ast.Name) else "?"
            for call in ast.walk(node.exc):
                if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "N_":
                    [text] = call.args
                    assert isinstance(text, ast.Constant) and isinstance(text.value, str)
                    where = f"{path.relative_to(ROOT)}:{node.lineno}"
                    found.setdefault(text.value, (where, cls))
    return found


# --- through the chat -----------------------------------------------------------------------------


def refusal_line(out: str, starts: str) -> str:
    [line] = [x for x in out.splitlines() if x.startswith(starts)]
    return line


@pytest.mark.parametrize(
    ("choose", "status", "starts"),
    [(in_hindi, "स्थिति", "यह नहीं मिला:"), (in_bengali, "অবস্থা", "এটি পাওয়া যায়নি:")],
)
def test_the_status_of_an_unknown_ref_is_refused_in_the_readers_language(
    world: World, choose: Callable[[Chat], None], status: str, starts: str
) -> None:
    chat = Chat(world, HARI)
    choose(chat)
    line = refusal_line(chat.say(f"{status} ZZZZZZ"), starts)
    assert "ZZZZZZ" in line  # the ref, as it was typed
    assert english_words(line, "ZZZZZZ") == []


@pytest.mark.parametrize(
    ("choose", "complain", "starts"),
    [(in_hindi, "शिकायत", "शिकायत ज़ब्ती के दस दिन"), (in_bengali, "অভিযোগ", "নালিশ আটকের দশ দিনের")],
)
def test_a_complaint_out_of_time_is_refused_in_the_readers_language(
    world: World, choose: Callable[[Chat], None], complain: str, starts: str
) -> None:
    ref = world.seize()
    world.tick(days=11)  # Sec XIV: ten days from the seizure are over
    owner = Chat(world, MOHAN)
    choose(owner)
    line = refusal_line(owner.say(f"{complain} {ref}"), starts)
    assert ("(धारा 14)" if complain == "शिकायत" else "(ধারা ১৪)") in line  # the section in digits
    assert english_words(line) == []


@pytest.mark.parametrize(
    ("choose", "release", "yes", "starts", "due"),
    [
        (in_hindi, "रिहाई", "हाँ", "मवेशी केवल जुर्माना", "काफ़ी नहीं है"),
        (in_bengali, "মুক্তি", "হ্যাঁ", "জরিমানা ও খোরাকির", "যথেষ্ট নয়"),
    ],
)
def test_a_release_without_the_whole_payment_is_refused_in_the_readers_language(
    world: World, choose: Callable[[Chat], None], release: str, yes: str, starts: str, due: str
) -> None:
    """The keeper is told the total one day and confirms the next: a day's feeding more is due
    than was paid (Sec VI, VII), and he is told how much in his language."""
    ref = world.seize()
    world.tick(hours=1)
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )
    world.tick(hours=1)
    keeper = Chat(world, KEEPER)
    choose(keeper)
    asked = keeper.say(f"{release} {ref}")
    assert ref in asked and "yes" in keeper.options()
    world.tick(days=1)
    line = refusal_line(keeper.say(yes), starts)
    assert due in line and "Rs " in line  # the amounts, as the district writes money
    assert "(Sec" not in line
    assert english_words(line) == []


@pytest.mark.parametrize(
    ("choose", "release", "said"),
    [(in_hindi, "रिहाई", "आप यह नहीं कर सकते।"), (in_bengali, "মুক্তি", "আপনি এটি করতে পারেন না।")],
)
def test_an_act_by_someone_not_entitled_is_refused_in_the_readers_language(
    world: World, choose: Callable[[Chat], None], release: str, said: str
) -> None:
    """A constable asks to release cattle, which only the keeper of the pound does: the role
    names of the English text are not put in his sentence. (A private person's word for it is
    no command at all: tests/bot/test_villagers_words.py.)"""
    ref = world.seize()
    world.tick(hours=1)
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )
    constable = Chat(world, "+919000000003")
    choose(constable)
    line = refusal_line(constable.say(f"{release} {ref}"), said)
    assert english_words(line) == []
    assert "keeper" not in line


# --- every error class, every template ------------------------------------------------------------


def every_error() -> list[PoundError]:
    """Each error class raised with an untranslated text carrying English details, and with
    none of the details its code's sentence names."""
    out: list[PoundError] = []
    for cls in errors.ALL_ERRORS:
        out.append(cls(N_("the {what} of {who} is wrong"), what="pound-keeper", who="Ram"))
        out.append(cls("a text not marked for translation"))
    return out


@pytest.mark.parametrize("lang", ["hi", "bn"])
@pytest.mark.parametrize("exc", every_error(), ids=lambda e: f"{e.code}-{e.template is None}")
def test_a_text_without_a_translation_gives_way_to_the_codes_sentence(
    lang: str, exc: PoundError
) -> None:
    said = explain(translator(lang), exc, official=True)
    assert english_words(said, "G4", "G14", "G17", "G2", "G3") == [], said
    assert said.strip()


def test_english_keeps_the_text_of_the_error() -> None:
    refused = errors.NotFound(N_("no seizure '{ref}'"), ref="ZZZZZZ")
    assert refused.message == "no seizure 'ZZZZZZ'"
    assert refused.template == "no seizure '{ref}'"
    assert explain(translator("en"), refused) == "That was not found: no seizure 'ZZZZZZ'"


def test_a_detail_that_is_a_word_or_a_date_is_said_in_the_readers_language() -> None:
    refused = errors.InvalidTransition(
        N_("cannot {what}: the seizure is {status}"),
        said={"what": "sell", "status": "closed"},
    )
    assert refused.details == {}  # what is only said is not a detail of the API
    assert refused.message == "cannot sell: the seizure is closed"
    hindi = explain(translator("hi"), refused)
    assert "बेचना" in hindi and "बंद" in hindi
    late = errors.NoticeNotYetDue(
        N_(
            "the cattle may be claimed until {claim_until}; they can be reported unclaimed from "
            "{report_from}"
        ),
        claim_until="2026-03-08",
        said={"report_from": "2026-03-09"},
    )
    bengali = explain(translator("bn"), late)
    assert "৮ মার্চ ২০২৬" in bengali and "2026-03-08" not in bengali


def test_every_template_raised_has_its_hindi_and_bengali_or_is_listed_internal() -> None:
    hindi, bengali = catalog("hi"), catalog("bn")
    sentences = {cls.__name__: cls.code for cls in errors.ALL_ERRORS}
    from bot.errors import FALLBACK, TEXTS

    missing = []
    for text, (where, cls) in raised_templates().items():
        sentence = TEXTS.get(sentences.get(cls, ""), FALLBACK)
        if "{message}" not in sentence:
            continue  # said by its code's own sentence, which names what it needs
        if text in INTERNAL:
            continue
        if text not in hindi or text not in bengali:
            missing.append(f"{where} {cls}: {text!r}")
    assert not missing, "\n".join(missing)
    assert set(raised_templates()) >= INTERNAL, INTERNAL - set(raised_templates())
