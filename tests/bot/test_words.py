"""The words people type (issue 10, "Words in their language"): read from the catalogs in
English, Hindi and Bengali, whatever the chat's language; digits of every script and number words
up to twenty; case, nukta and vowel-sign variants ignored; one typo forgiven. And no list of
accepted words lives in code."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot import words
from bot.i18n import LANGUAGES, LOCALES, meaning_of_field, say_word, translator, word_lists
from bot.registry import all_flows
from law.errors import PigsNotImpoundable, UnknownAnimalKind
from law.kinds import G4_ALIASES, AnimalKind, OutsideScale, with_article
from office.spelling import fold, skeleton, transliterate, within_one_edit

ROOT = Path(__file__).resolve().parents[2]
# Letters and signs of both scripts (the danda, a full stop, is punctuation).
INDIC = re.compile("[\u0900-\u0963\u0966-\u097f\u0980-\u09ff]")
SAY = re.compile(r"\{(say_[a-z0-9_]+)\}")

# --- reading what people type ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "meaning"),
    [
        ("मेनू", "menu"),
        ("मेनु", "menu"),  # a short u for the long one
        ("মেনু", "menu"),
        ("MENU", "menu"),
        ("रद्द", "cancel"),
        ("বাতিল", "cancel"),
        ("हाँ", "yes"),
        ("हां", "yes"),  # anusvara for candrabindu
        ("হ্যাঁ", "yes"),
        ("হ্যাঁ", "yes"),  # with a zero-width joiner, as some phone keyboards write it
        ("नहीं", "no"),
        ("নাহ", "no"),
        ("nahi", "no"),
        ("nhi", "no"),  # as an SMS is typed
        ("hn", "yes"),
        ("Yes!", "yes"),
        ("?", "help"),
        ("मदद", "help"),
        ("भाषा", "lang"),
        ("ভাষা", "lang"),
    ],
)
def test_the_words_of_the_engine_are_read_in_every_language(typed: str, meaning: str) -> None:
    assert words.meaning(typed, ("menu", "cancel", "yes", "no", "help", "lang")) == meaning


@pytest.mark.parametrize(
    ("typed", "kind"),
    [
        ("गाय", "cow"),
        ("गायें", "cow"),
        ("গরু", "cow"),
        ("cows", "cow"),
        ("भैंस", "buffalo"),
        ("মহিষ", "buffalo"),
        ("बकरी", "goat"),
        ("ছাগল", "goat"),
        ("घोड़ा", "horse"),  # with the nukta
        ("घोडा", "horse"),  # and without it
        ("খচ্চর", "mule"),  # a G4 name: the law fines it as a horse
        ("हाथी", "elephant"),
        ("सूअर", "pig"),
        ("buffalow", "buffalo"),  # one typo
        ("बकरीी", "goat"),  # one typo in Devanagari
    ],
)
def test_animals_are_read_into_the_registers_name(typed: str, kind: str) -> None:
    assert words.kind_word(typed) == kind


def test_the_law_still_decides_what_an_animal_read_in_hindi_or_bengali_is() -> None:
    t = translator("hi")
    assert words.read_kind(t, "खच्चर", G4_ALIASES) is AnimalKind.HORSE  # practice G4
    assert words.read_kind(t, "হাতি", G4_ALIASES) == OutsideScale("elephant")
    with pytest.raises(PigsNotImpoundable):  # Sec XVIII
        words.read_kind(t, "सूअर", G4_ALIASES)


def test_an_unknown_animal_is_refused_with_the_known_ones_named_in_the_readers_language() -> None:
    with pytest.raises(UnknownAnimalKind) as refused:
        words.read_kind(translator("bn"), "কুকুর", G4_ALIASES)
    message = refused.value.message
    assert "গরু" in message and "মহিষ" in message and "ছাগল" in message
    assert "cow" not in message and "buffalo" not in message


@pytest.mark.parametrize(
    ("typed", "n"),
    [
        ("3", 3),
        ("३", 3),
        ("৩", 3),
        ("१२", 12),
        ("১২", 12),
        ("three", 3),
        ("तीन", 3),
        ("তিন", 3),
        ("दो", 2),
        ("দুই", 2),
        ("দুটো", 2),  # দু and the counter টো
        ("৩টি", 3),
        ("একটা", 1),
        ("पाँच", 5),
        ("पांच", 5),
        ("बीस", 20),
        ("বিশ", 20),
        ("twenty", 20),
        ("उन्नीस", 19),
    ],
)
def test_numbers_are_read_in_digits_of_every_script_and_in_words_up_to_twenty(
    typed: str, n: int
) -> None:
    assert words.number(typed) == n


def test_a_number_word_is_never_guessed_from_a_typo() -> None:
    assert words.number("none") is None  # not "nine"
    assert words.number("tree") is None
    assert words.number("12345") is None  # more than a count of heads


@pytest.mark.parametrize(
    ("typed", "groups"),
    [
        ("3 गाय", [(3, "गाय", "")]),
        ("২ গরু লাল", [(2, "গরু", "লাল")]),
        ("तीन गाय", [(3, "गाय", "")]),
        ("৩টি গরু লাল, ২টা মহিষ", [(3, "গরু", "লাল"), (2, "মহিষ", "")]),
        ("दो गाय और एक भैंस काली", [(2, "गाय", ""), (1, "भैंस", "काली")]),
        ("2cows red 1 buffalo", [(2, "cows", "red"), (1, "buffalo", "")]),
        # A colour before the kind, and "and" as typed in Latin letters.
        ("ek kali bhains", [(1, "bhains", "kali")]),
        ("do bhains aur ek gaay", [(2, "bhains", ""), (1, "gaay", "")]),
        ("2 lal gaay aur ek safed bail", [(2, "gaay", "lal"), (1, "bail", "safed")]),
        ("দুটো লাল গরু আর একটা সাদা বলদ", [(2, "গরু", "লাল"), (1, "বলদ", "সাদা")]),
        ("do bakri ar ek chagol", [(2, "bakri", ""), (1, "chagol", "")]),
        # Without an "and", a count inside a description stays in it; "a few" is no count.
        ("2 cows, one red cow", [(2, "cows", "one red cow")]),
    ],
)
def test_groups_of_animals_are_read_as_people_write_them(
    typed: str, groups: list[tuple[int, str, str]]
) -> None:
    found, lead = words.parse_groups(typed)
    assert [(g.count, g.kind, g.description) for g in found] == groups
    assert lead == ""


@pytest.mark.parametrize(
    ("typed", "term"),
    [
        ("3", (3, 0)),
        ("0", (0, 0)),
        ("2 months 10 days", (2, 10)),
        ("15 days", (0, 15)),
        ("2months, 10days", (2, 10)),
        ("३ महीने", (3, 0)),
        ("2 महीने और 10 दिन", (2, 10)),
        ("दो महीने दस दिन", (2, 10)),
        ("do mahine das din", (2, 10)),
        ("২ মাস ১০ দিন", (2, 10)),
        ("দুই মাস", (2, 0)),
        ("10 days 2 months", (2, 10)),
        ("", None),
        ("months", None),
        ("3 2", None),
        ("2 months 10", None),
        ("2 months 3 months", None),
    ],
)
def test_a_term_of_months_and_days_is_read_in_every_language(
    typed: str, term: tuple[int, int] | None
) -> None:
    assert words.term(typed) == term


def test_one_typo_is_forgiven_only_where_it_cannot_make_another_word() -> None:
    assert words.meaning("cancle", ("cancel",)) == "cancel"  # two letters swapped
    assert words.meaning("on", ("no",)) is None  # too short to tell a typo from a word
    assert words.meaning("y", ("yes", "no")) == "yes"  # as written, it is a word of its own
    # "long horns" is an answer, not LANG: the engine forgives a typo only in a word alone.
    assert not words.says("long", "lang", typo=False)


def test_a_word_that_could_say_two_things_says_neither() -> None:
    # "ok" is yes and done: asked for either, it is ambiguous; asked for one, it is that one.
    assert words.meaning("ok", ("yes", "done")) is None
    assert words.meaning("ok", ("yes", "no")) == "yes"
    assert words.meaning("ok", ("done",)) == "done"


def test_commands_start_with_their_word_in_any_language() -> None:
    keys = {"seize", "status", "convey", "died"}
    assert words.command("SEIZE 2 COW RAMPUR", keys) == ("seize", "2 COW RAMPUR")
    assert words.command("/seize", keys) == ("seize", "")
    assert words.command("ज़ब्त 2 गाय रामपुर", keys) == ("seize", "2 गाय रामपुर")
    assert words.command("জব্দ", keys) is None  # not a word of the catalogs
    assert words.command("পৌঁছানো K7MX2Q", keys) == ("convey", "K7MX2Q")
    assert words.command("मर गया", keys) == ("died", "")  # a command of two words


def test_texts_name_the_word_to_send_in_the_readers_language() -> None:
    assert translator("en")("Send {say_done}.") == "Send DONE."
    assert translator("hi")("{say_done}") == "बस"
    assert translator("bn")("{say_cmd_convey} {ref}", ref="K7MX2Q") == "পৌঁছানো K7MX2Q"
    # The word shown is one the office takes back, in every language.
    for lang in LANGUAGES:
        for meaning in ("done", "skip", "menu", "cancel", "help", "lang", "cmd:convey"):
            shown = say_word(lang, meaning)
            assert words.meaning(shown, (meaning,)) == meaning or words.command(
                shown, (meaning.removeprefix("cmd:"),)
            )


# --- how words are compared (office/spelling.py) --------------------------------------------------


def test_folding_ignores_case_nukta_candrabindu_long_vowels_and_the_script_of_digits() -> None:
    assert fold("ज़ब्त") == fold("जब्त")
    assert fold("হ্যাঁ") == fold("হ্যাং")  # candrabindu read as anusvara
    assert fold("मेनू") == fold("मेनु")
    assert fold("३ गाय") == fold("3 गाय") == "3 गाय"
    assert fold("  Rampur   KHAS ") == "rampur khas"


def test_a_transliteration_is_matched_on_its_consonants() -> None:
    guessed = transliterate("Rampur", "hi")
    assert guessed == "रम्पुर"  # approximate: the vowels are guessed
    assert skeleton(guessed) == skeleton("रामपुर")
    assert skeleton(transliterate("Rampur", "bn") or "") == skeleton("রামপুর")
    assert transliterate("Baidyapur", "bn") == "বৈদ্যপুর"  # the final virama dropped
    assert within_one_edit("kemri", "kemrí".replace("í", "i"))
    assert not within_one_edit("kemri", "kumrai")


# --- the catalogs ---------------------------------------------------------------------------------


def _words_po(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / "words.po"


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_every_meaning_has_words_in_hindi_and_bengali(lang: str) -> None:
    english = word_lists("en")
    have = word_lists(lang)
    assert english, "the English words catalog is empty"
    missing = sorted(m for m in english if not have.get(m))
    assert not missing, f"no {lang} words for: {missing}"
    assert set(have) <= set(english), "a meaning without English words"


def test_every_command_has_its_words_and_the_english_ones_hold_the_command_itself() -> None:
    english = word_lists("en")
    for flow in all_flows():
        for key in flow.commands:
            for lang in LANGUAGES:
                assert word_lists(lang).get(f"cmd:{key}"), f"{flow.name}: no {lang} cmd:{key}"
            assert key in english[f"cmd:{key}"], f"/{key} must work typed as well"


def test_the_words_catalogs_are_valid_po_files() -> None:
    for lang in LANGUAGES:
        with _words_po(lang).open("rb") as fh:
            catalog = read_po(fh, locale=lang)
        assert len(catalog) == len(word_lists("en"))
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt is not installed")
    for po in sorted(LOCALES.glob("*/LC_MESSAGES/*.po")):
        done = subprocess.run(
            [msgfmt, "--check-format", "-o", "/dev/null", str(po)], capture_output=True, text=True
        )
        assert done.returncode == 0, f"{po}: {done.stderr}"


def test_no_word_means_two_things_a_chat_asks_for_together() -> None:
    """Where a step asks for yes or no, for a command, an animal or a number, one word may not
    say two of them (a word may be yes and done: no step asks for both)."""
    asked_together = [
        {"yes", "no"},
        {"skip", "no", "yes"},
        {"confirm", "change", "yes"},
        {"cancel", "help", "menu", "lang"},
    ]
    meanings = set(word_lists("en"))
    asked_together.append({m for m in meanings if m.startswith("cmd:")} | {"menu", "lang"})
    asked_together.append({m for m in meanings if m.startswith("kind:")})
    asked_together.append({m for m in meanings if m.startswith("num:")} | {"counter", "and"})
    clashes = []
    for group in asked_together:
        seen: dict[str, str] = {}
        for lang in LANGUAGES:
            for meaning, said in word_lists(lang).items():
                if meaning not in group:
                    continue
                for word in said:
                    other = seen.setdefault(fold(word), meaning)
                    if other != meaning:
                        clashes.append(f"{word!r}: {other} and {meaning}")
    assert not clashes


def test_every_word_a_text_names_is_a_meaning_of_the_catalogs() -> None:
    meanings = set(word_lists("en"))
    named: set[str] = set()
    for po in sorted(LOCALES.glob("*/LC_MESSAGES/*.po")):
        named |= set(SAY.findall(po.read_text(encoding="utf-8")))
    for source in sorted((ROOT / "bot").rglob("*.py")):
        named |= set(SAY.findall(source.read_text(encoding="utf-8")))
    said = {meaning_of_field(field) for field in named}
    assert said and said <= meanings, sorted(str(m) for m in said - meanings)


# The words an English text writes in capitals for a person to send; a Hindi or Bengali text
# names them in its own language ({say_...}). START and STOP stay English: they are the SMS
# carrier's opt-in and opt-out keywords (Twilio), not the office's.
CARRIER_KEYWORDS = {"START", "STOP"}


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_hindi_and_bengali_texts_never_ask_for_an_english_word_only(lang: str) -> None:
    english = {w.upper() for said in word_lists("en").values() for w in said if len(w) > 2}
    commands = {w for w in english if w.isalpha()} - CARRIER_KEYWORDS
    wrong = []
    for po in sorted((LOCALES / lang / "LC_MESSAGES").glob("*.po")):
        if po.stem == "words":
            continue
        with po.open("rb") as fh:
            for message in read_po(fh, locale=lang):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for text in strings:
                    capitals = set(re.findall(r"\b[A-Z]{3,}\b", SAY.sub("", str(text or ""))))
                    if capitals & commands:
                        wrong.append(f"{po.name}: {sorted(capitals & commands)} in {text!r}")
    assert not wrong, "\n".join(wrong)


# Latin letters a Hindi or Bengali text may hold: abbreviations read as they are (SMS, PDF, API),
# a setting's name (POUND_AUDIT_KEY), a feed's format (Atom), a date's form (YYYY-MM), the
# carriers' START, an example of a seizure's reference (in Bengali, without the digits Bengali
# texts do not write: tests/bot/test_glossary.py), and the names of people and places in examples.
LATIN_IN_TEXTS = {
    "SMS", "PDF", "API", "POUND", "AUDIT", "KEY", "Atom", "YYYY", "MM", "START", "KXPQRT",
    "Ganga", "Kemri", "Lal", "Mistri", "Mohan", "Ram", "Ramdin", "Testpur",
}  # fmt: skip


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_hindi_and_bengali_texts_hold_no_english_word(lang: str) -> None:
    """What a Hindi or Bengali reader is told, and asked to type, is in his language: "3
    months" in a Hindi text asked for English."""
    wrong = []
    for po in sorted((LOCALES / lang / "LC_MESSAGES").glob("*.po")):
        if po.stem == "words":
            continue
        with po.open("rb") as fh:
            for message in read_po(fh, locale=lang):
                if not message.id:
                    continue  # the catalog's header
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for text in strings:
                    plain = re.sub(r"\{[^}]*\}|https?://\S+", "", str(text or ""))
                    latin = set(re.findall(r"\b[A-Za-z]+\b", plain)) - LATIN_IN_TEXTS
                    if latin:
                        wrong.append(f"{po.name}: {sorted(latin)} in {text!r}")
    assert not wrong, "\n".join(wrong)


# --- no list of accepted words in code ------------------------------------------------------------


KEYS = {"commands", "steps"}


def _sources(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.add(id(value))
    return found


def test_no_devanagari_or_bengali_word_is_written_in_the_code_of_bot_or_law() -> None:
    """Words in Hindi and Bengali live in the catalogs; the code holds none (docstrings may
    show examples; the names of the languages are the language menu's labels; bot/grammar.py
    holds the letters and case endings a name takes, which are grammar, not words)."""
    found = []
    for source in _sources("bot", "law"):
        if source.relative_to(ROOT).as_posix() == "bot/grammar.py":
            continue
        tree = ast.parse(source.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        labels = {id(v) for v in ast.walk(tree) if source.name == "i18n.py"}
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and INDIC.search(node.value)
                and id(node) not in docs
                and not (id(node) in labels and node.value in LANGUAGES.values())
            ):
                found.append(f"{source.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert not found, "\n".join(found)


def test_no_list_of_accepted_words_is_written_in_the_code_of_the_chat() -> None:
    """A set, list or tuple of two or more words the catalogs accept is a word list kept in
    code: the chat reads words through bot/words.py. (A flow's `commands` are keys, each
    with its `cmd:<key>` words in the catalogs; its `steps`, and each table step's `to`, are
    the names of its steps.)"""
    known = set(words.vocabulary().exact)
    found = []
    for source in _sources("bot"):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        keys: set[int] = set()
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else []
            if isinstance(node, ast.AnnAssign):
                targets = [node.target]
            if any(isinstance(t, ast.Name) and t.id in KEYS for t in targets) and node.value:
                keys |= {id(n) for n in ast.walk(node.value)}
            # A table flow's steps: where each `Step(ask, read, then, to)` may go.
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Step":
                to = node.args[3:4] + [k.value for k in node.keywords if k.arg == "to"]
                keys |= {id(n) for t in to for n in ast.walk(t)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Set | ast.List | ast.Tuple) or id(node) in keys:
                continue
            said = [
                e.value
                for e in node.elts
                if isinstance(e, ast.Constant)
                and isinstance(e.value, str)
                and fold(e.value).lstrip("/") in known
            ]
            if len(said) >= 2:
                found.append(f"{source.relative_to(ROOT)}:{node.lineno}: {said}")
    assert not found, "\n".join(found)


# --- articles -------------------------------------------------------------------------------------


def test_english_puts_the_right_article_before_an_animal() -> None:
    assert with_article("elephant") == "an elephant"
    assert with_article("ass") == "an ass"
    assert with_article("cow") == "a cow"


def test_a_count_of_animals_takes_the_plural_its_number_needs() -> None:
    en, hi, bn = translator("en"), translator("hi"), translator("bn")
    assert words.counted(en, 3, "cow") == "3 cows"
    assert words.counted(en, 1, "cow") == "1 cow"
    assert words.counted(en, 2, "calf") == "2 calves"
    assert words.counted(en, 2, "sheep") == "2 sheep"
    assert words.counted(hi, 3, "cow") == "3 गायें"
    assert words.counted(hi, 1, "cow") == "1 गाय"
    assert words.counted(bn, 3, "cow") == "৩টি গরু"
    assert words.counted(en, 2, "yak") == "2 yak"  # an animal named only by a Magistrate's order


@pytest.mark.parametrize(
    ("typed", "groups"),
    [
        # "a"/"an" before a kind is one head of it; before anything else it is a description.
        ("2 buffalos and a calf", [(2, "buffalos", ""), (1, "calf", "")]),
        ("a cow with a white blaze", [(1, "cow", "with a white blaze")]),
        # A count in words inside a group's words starts a group only before a kind.
        ("২টি গরু, একটা লাল", [(2, "গরু", "একটা লাল")]),
        ("two cows one red", [(2, "cows", "one red")]),
        ("3 गाय और एक भैंस", [(3, "गाय", ""), (1, "भैंस", "")]),
        ("তিনটি গরু এবং দুটি মহিষ", [(3, "গরু", ""), (2, "মহিষ", "")]),
        # Digits always do, whatever follows: the law may know a kind the catalogs do not.
        ("2 cows 1 yak", [(2, "cows", ""), (1, "yak", "")]),
    ],
)
def test_groups_typed_on_one_line_as_people_type_them(
    typed: str, groups: list[tuple[int, str, str]]
) -> None:
    found, lead = words.parse_groups(typed)
    assert [(g.count, g.kind, g.description) for g in found] == groups and lead == ""


@pytest.mark.parametrize(
    ("typed", "names_nobody"),
    [
        ("pata nahi ji", True),
        ("malum nahi bhai", True),
        ("ami jani na", True),
        ("নাম জানি না", True),
        ("haan ji", True),
        ("Ram ji", False),  # a name with its word of respect is still a name
        ("Babu Lal", False),
        ("Bhai Ram", False),
        ("Nona", False),
        ("malik ka naam nahi pata", True),
        ("মালিকের নাম জানি না", True),
        ("Kallu Malik", False),  # Malik is a name too
        ("Ramesh ka beta", False),
    ],
)
def test_dont_know_is_read_with_the_words_around_it_and_a_name_stays_a_name(
    typed: str, names_nobody: bool
) -> None:
    assert words.not_known(typed) is names_nobody
