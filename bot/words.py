"""The words people type, read the same in every chat: yes and no, skip and done, menu, help,
cancel and language, the SMS commands, the animals and the numbers up to twenty.

Every word comes from the `words` catalogs (bot/locales/{en,hi,bn}/LC_MESSAGES/words.po; the
idiom is in docs/messages.md), never from a list in code. All three languages are one
vocabulary: a Hindi word works in an English chat and the other way round. Words are compared
folded (office/spelling.py: case, nukta, candrabindu, long and short vowel signs and the digits
of every script ignored), and a word of four letters or more is still read with one typo, as
long as it then says one thing only.

Animals are read into the name the register writes (`cow`); which row of the Sec VI scale that
is, or whether the Act refuses it (pigs, Sec XVIII), is for law/kinds.py to say.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TypeVar

from bot.i18n import LANGUAGES, N_, NP_, Translator, english_words, word_lists
from law.errors import N_ as template
from law.errors import UnknownAnimalKind
from law.kinds import AnimalKind, OutsideScale, kind_of
from office.spelling import close, fold

_T = TypeVar("_T")

KIND = "kind:"
NUMBER = "num:"
COMMAND = "cmd:"
# Meanings (the catalogs' `word:<meaning>` msgids) the flows ask for.
YES = "yes"
NO = "no"
SKIP = "skip"
MENU = "menu"
HELP = "help"
CANCEL = "cancel"
LANG = "lang"
AND = "and"
COUNTER = "counter"
MONTH = "month"
DAY = "day"
# A number of heads is at most four digits (office/acts/seizer/report.py checks the total).
MAX_DIGITS = 4

# The kinds of the Sec VI scale as a chat names them (a button, a summary, a refusal).
# What has become of an animal of a seizure (its register status), as a reader is told it.
ANIMAL_LABELS: dict[str, str] = {
    "seized": N_("seized"),
    "impounded": N_("in the pound"),
    "released_paid": N_("released on payment"),
    "released_by_order": N_("released by order"),
    "released_after_part_sale": N_("released after part sale"),
    "sold": N_("sold"),
    "died": N_("died"),
    "escaped": N_("escaped"),
    "rescued": N_("rescued"),
}

# The kinds a question of the kind offers as buttons (any other is typed).
COMMON_KINDS = (
    AnimalKind.COW,
    AnimalKind.BUFFALO,
    AnimalKind.BULLOCK,
    AnimalKind.GOAT,
    AnimalKind.SHEEP,
)

KIND_LABELS: dict[str, str] = {
    "camel": N_("camel"),
    "buffalo": N_("buffalo"),
    "horse": N_("horse"),
    "tattoo": N_("pony"),
    "bull": N_("bull"),
    "bullock": N_("bullock"),
    "cow": N_("cow"),
    "calf": N_("calf"),
    "ass": N_("ass"),
    "sheep": N_("sheep"),
    "goat": N_("goat"),
}

# "3 cows", "1 cow": a count of one kind, in the plural forms of each language (ngettext).
KIND_COUNTS: dict[str, tuple[str, str]] = {
    "camel": NP_("{n} camel", "{n} camels"),
    "buffalo": NP_("{n} buffalo", "{n} buffaloes"),
    "horse": NP_("{n} horse", "{n} horses"),
    "tattoo": NP_("{n} pony", "{n} ponies"),
    "bull": NP_("{n} bull", "{n} bulls"),
    "bullock": NP_("{n} bullock", "{n} bullocks"),
    "cow": NP_("{n} cow", "{n} cows"),
    "calf": NP_("{n} calf", "{n} calves"),
    "ass": NP_("{n} ass", "{n} asses"),
    "sheep": NP_("{n} sheep", "{n} sheep"),
    "goat": NP_("{n} goat", "{n} goats"),
    # Practice G4: outside the scale, registered on a Magistrate's order.
    "elephant": NP_("{n} elephant", "{n} elephants"),
}
# Any other animal (one a Magistrate's order names): its name as the order wrote it.
OTHER_COUNT = NP_("{n} {kind}", "{n} {kind}")


@dataclass(frozen=True)
class Vocabulary:
    """Every word of the three catalogs, folded, with what it means."""

    exact: Mapping[str, frozenset[str]]
    longest: int  # the longest folded word: a longer text is no word with one typo
    # (folded word, meaning) by the word's length, for the one-typo search: a word with one typo
    # is one letter longer or shorter at most.
    by_length: Mapping[int, tuple[tuple[str, str], ...]]
    # The words that count ("টি", "x"), longest first: a number may end in one ("৩টি", "2x").
    counters: tuple[str, ...]


@cache
def vocabulary() -> Vocabulary:
    exact: dict[str, set[str]] = {}
    for lang in LANGUAGES:
        for meaning, said in word_lists(lang).items():
            for folded in filter(None, map(fold, said)):
                exact.setdefault(folded, set()).add(meaning)
    by_length: dict[int, list[tuple[str, str]]] = {}
    for word, meanings in exact.items():
        by_length.setdefault(len(word), []).extend((word, m) for m in sorted(meanings))
    return Vocabulary(
        {k: frozenset(v) for k, v in exact.items()},
        max(map(len, exact), default=0),
        {n: tuple(ws) for n, ws in by_length.items()},
        tuple(sorted((w for w, m in exact.items() if COUNTER in m), key=len, reverse=True)),
    )


# Every message is read against the vocabulary several times (cancel? help? a language? a
# command?), and people type the same few words again and again: what a typed text folds to,
# and which meanings it is one typo away from, are kept for the texts seen lately.
_KEPT = 4096
_KEPT_LENGTH = 64  # longer texts are folded afresh (and are no word with one typo)


@lru_cache(maxsize=_KEPT)
def _folded_short(text: str) -> str:
    return fold(text).lstrip("/")


def _folded(text: str) -> str:
    return _folded_short(text) if len(text) <= _KEPT_LENGTH else fold(text).lstrip("/")


@lru_cache(maxsize=_KEPT)
def _near(typed: str) -> frozenset[str]:
    """The meanings of the catalogs' words that `typed` (folded) is with one typo."""
    by_length = vocabulary().by_length
    n = len(typed)
    return frozenset(
        m for size in (n - 1, n, n + 1) for w, m in by_length.get(size, ()) if close(typed, w)
    )


def _lookup(text: str, accept: Callable[[str], bool], *, typo: bool = True) -> str | None:
    """The one meaning `accept` takes that `text` says: exactly, else, if it is no word of the
    catalogs as typed, with one typo."""
    typed = _folded(text)
    if not typed:
        return None
    vocab = vocabulary()
    exact = vocab.exact.get(typed, frozenset())
    found = {m for m in exact if accept(m)}
    # A word the catalogs write as typed says its own meanings, never another's one letter off:
    # "haan" is yes, not "haal" (STATUS) mistyped.
    if not found and not exact and typo and len(typed) <= vocab.longest + 1:
        found = {m for m in _near(typed) if accept(m)}
    return found.pop() if len(found) == 1 else None


def meaning(text: str, among: Collection[str], *, typo: bool = True) -> str | None:
    """Which of the meanings `among` the whole of `text` says (None: none, or more than one).
    `typo=False` reads only the words as the catalogs write them (folded)."""
    return _lookup(text, lambda m: m in among, typo=typo)


def says(text: str, *meanings: str, typo: bool = True) -> bool:
    """Whether the whole of `text` says one of `meanings`."""
    return meaning(text, meanings, typo=typo) is not None


def _prefixed(text: str, prefix: str, *, typo: bool = True) -> str | None:
    found = _lookup(text, lambda m: m.startswith(prefix), typo=typo)
    return found.removeprefix(prefix) if found is not None else None


def command(text: str, keys: Collection[str]) -> tuple[str, str] | None:
    """The command that `text` starts with, of `keys` (a flow's command keys), and the rest of
    the text: `SEIZE 2 COW RAMPUR`, `/seize`, `ज़ब्त 2 गाय रामपुर`. A command of several words
    (मर गया) is tried before its first word alone."""
    parts = text.split()
    for size in (3, 2, 1):
        if len(parts) < size:
            continue
        head = " ".join(parts[:size])
        key = head.strip().lower().lstrip("/")
        if size == 1 and key in keys:
            return key, " ".join(parts[1:])  # the key itself: Telegram's /seize
        found = _lookup(head, lambda m: m.startswith(COMMAND) and m[len(COMMAND) :] in keys)
        if found is not None:
            return found.removeprefix(COMMAND), " ".join(parts[size:])
    return None


# --- numbers ------------------------------------------------------------------------------------


def number(token: str) -> int | None:
    """A count as people write it: 3, ৩, ३, "three", "तीन", "তিন", "৩টি", "দুটো", "2x"."""
    typed = fold(token)
    if not typed:
        return None
    candidates = [typed]
    for counter in vocabulary().counters:
        if typed.endswith(counter) and len(typed) > len(counter):
            candidates.append(typed[: -len(counter)])
    for candidate in candidates:
        if candidate.isascii() and candidate.isdigit() and len(candidate) <= MAX_DIGITS:
            return int(candidate)
        # A number word is read only as written: with a typo forgiven, "none" would be nine.
        said = _prefixed(candidate, NUMBER, typo=False)
        if said is not None:
            return int(said)
    return None


def term(text: str) -> tuple[int, int] | None:
    """A term of months and days as people write it, in any of the three languages: `3`,
    `3 months`, `2 months 10 days`, `15 days`, `0`, `३ महीने`, `২ মাস ১০ দিন`, `teen mahine`:
    (months, days); a number alone is months. None when the text is no term."""
    found: dict[str, int] = {}
    pending: int | None = None
    # "2months" is "2 months"; a comma or "and" between the parts says nothing.
    for token in re.split(r"[\s,]+|(?<=\d)(?=[^\d\s,])", text.strip()):
        if not token or says(token, AND, typo=False):
            continue
        n = number(token)
        if n is not None and pending is None:
            pending = n
            continue
        unit = meaning(token, (MONTH, DAY), typo=False)
        if unit is None or pending is None or unit in found:
            return None
        found[unit], pending = pending, None
    if pending is not None:
        if found:
            return None
        found[MONTH] = pending
    return (found.get(MONTH, 0), found.get(DAY, 0)) if found else None


def is_counter(token: str) -> bool:
    return says(token, COUNTER)


# --- animals ------------------------------------------------------------------------------------


def kind_word(text: str) -> str:
    """The register's name of the animal `text` names in any language (`गाय`, `গরু`, `cows`
    -> `cow`), or the text as typed when the catalogs do not know it (the law may: its own
    English names, a Magistrate's order)."""
    said = _prefixed(text, KIND)
    return said if said is not None else " ".join(text.split()).strip(" .,;:!?")


def read_kind(
    t: Translator,
    text: str,
    aliases: Mapping[str, AnimalKind],
    ordered: Collection[str] = (),
) -> AnimalKind | OutsideScale:
    """The animal `text` names, as the law classes it (law/kinds.py, G4, Sec XVIII). An animal
    nobody knows is refused with the known kinds named in the reader's language."""
    try:
        return kind_of(kind_word(text), aliases, ordered)
    except UnknownAnimalKind:
        known = ", ".join(t(label) for label in KIND_LABELS.values())
        raise UnknownAnimalKind(
            template(N_("{word}? Send one of: {kinds}")),
            kind=text,
            said={"word": text.strip()[:40], "kinds": known},
        ) from None


def kind_label(t: Translator, kind: str) -> str:
    """A kind as the reader's language names it (the register's word if no label)."""
    return t(KIND_LABELS[kind]) if kind in KIND_LABELS else kind


def counted(t: Translator, n: int, kind: str) -> str:
    """`3 cows`, `1 cow`, `३ गायें`: a count and its kind, in the plural the number needs."""
    if kind in KIND_COUNTS:
        singular, plural = KIND_COUNTS[kind]
        return t.plural(singular, plural, n)
    return t.plural(*OTHER_COUNT, n, kind=kind)


# --- groups of animals typed on one line ----------------------------------------------------------

# "3गाय", "2cows", "৩টি": a number glued to the word after it is two tokens.
_GLUED = re.compile(r"(?<=\d)(?=[^\W\d_])")
_PUNCT = " ,;.:!?।"


@dataclass(frozen=True)
class Group:
    count: int
    kind: str  # as typed: read with `read_kind`
    description: str


def _tokens(text: str) -> list[str]:
    return _GLUED.sub(" ", text.replace(",", ", ").replace(";", "; ")).split()


_ARTICLES = frozenset({"a", "an"})


def _known_kind(word: str) -> bool:
    """Whether the catalogs know `word` as an animal's kind, as typed (no typo forgiven)."""
    return _prefixed(word.strip(_PUNCT), KIND, typo=False) is not None


def parse_groups(text: str) -> tuple[list[Group], str]:
    """'2 cow red 1 buffalo', '৩টি গরু লাল', 'तीन गाय और एक भैंस' -> the groups (count, kind,
    description), and the words before the first group. Each count is followed by a kind, or
    by one word that describes a kind the catalogs know and then that kind ('ek kali bhains')."""
    words = _tokens(text)
    groups: list[Group] = []
    lead: list[str] = []
    i = 0

    def count_at(j: int, within: bool = False) -> tuple[int, int] | None:
        """The count at word j and where its kind starts, if a kind follows it. "a"/"an" is a
        count of one before a kind the catalogs know ("and a calf"); within a group's words, a
        count written as a word starts a group only before such a kind, so "2 cows, one red"
        stays two red cows (digits always start one: "2 cows 1 yak")."""
        token = words[j].strip(_PUNCT)
        n = number(words[j])
        article = n is None and token.casefold() in _ARTICLES
        if article:
            n = 1
        if n is None:
            return None
        k = j + 1
        if k < len(words) and is_counter(words[k]):
            k += 1
        if k >= len(words):
            return None
        in_words = not any(ch.isdigit() for ch in token)
        # "aur ek safed bail": after an "and", a count, a word and a kind start a group.
        described = (
            not article  # "a few cows" is no cow described as "few"
            and k + 1 < len(words)
            and _known_kind(words[k + 1])
            and (not within or (j > 0 and says(words[j - 1].strip(_PUNCT), AND, typo=False)))
        )
        if (article or (within and in_words)) and not (_known_kind(words[k]) or described):
            return None
        return n, k

    while i < len(words):
        found = count_at(i)
        if found is None:
            if groups:
                break
            lead.append(words[i])
            i += 1
            continue
        count, k = found
        desc: list[str] = []
        if k + 1 < len(words) and not _known_kind(words[k]) and _known_kind(words[k + 1]):
            desc.append(words[k])  # "ek kali bhains", "দুটো লাল গরু": its colour before it
            k += 1
        kind = words[k].strip(_PUNCT)
        i = k + 1
        while i < len(words) and count_at(i, within=True) is None:
            desc.append(words[i])
            i += 1
        while desc and says(desc[-1].strip(_PUNCT), AND):
            desc.pop()
        groups.append(Group(count, kind, " ".join(desc).strip(_PUNCT)))
    return groups, " ".join(lead)


def animals_listed(text: str) -> bool:
    """The text is a list of animals and nothing before it ("2 bhains kali", "দুটো গরু", "gaay
    2"): an answer to "which animals?", where another question was asked."""
    groups, lead = parse_groups(text)
    if groups and not lead:
        return all(_known_kind(g.kind) for g in groups)
    turned = kind_then_count(text)
    return turned is not None and _known_kind(turned.kind)


def kind_then_count(text: str) -> Group | None:
    """'cow 2 red', 'গরু ২': the kind first, then the count."""
    words = _tokens(text)
    if len(words) >= 2:
        n = number(words[1])
        if n is not None:
            return Group(n, words[0].strip(_PUNCT), " ".join(words[2:]).strip(_PUNCT))
    return None


def count_first(text: str) -> tuple[int, str] | None:
    """'2 red', 'দুটো লাল', 'तीन': a count and what follows it."""
    words = _tokens(text)
    if not words:
        return None
    n = number(words[0])
    if n is None:
        return None
    rest = words[1:]
    if rest and is_counter(rest[0]):
        rest = rest[1:]
    return n, " ".join(rest).strip(_PUNCT)


# --- what a sentence says -----------------------------------------------------------------------

GREET = "greet"
THANKS = "thanks"
DONT_KNOW = "dontknow"
WHOSE = "whose"  # the owner, his: said around a "don't know" (`not_known`)
MY_NAME, COPULA = "myname", "copula"  # "mera naam ... hai" (`name_given`)
# The words a sentence is read by (the catalogs' meanings): who did it, whose cattle, what
# happened to them.
PHRASE = "phrase:"
# What a sentence may ask for: the keys of the private persons' commands it starts.
SEIZE = "seize"
MISSING = "missing"
MYCATTLE = "mycattle"
RATES = "rates"
INTENTS = frozenset({SEIZE, MISSING, MYCATTLE, RATES})
ROMAN = "roman"  # everyday words that only tell the language (`language_of_words`)
NEITHER = "neither"  # a sentence of cattle that asks none of them (his field trespassed)
AGENT, MINE, CATTLE = f"{PHRASE}agent", f"{PHRASE}mine", f"{PHRASE}cattle"
CAUGHT, PASSIVE, LOST = f"{PHRASE}caught", f"{PHRASE}passive", f"{PHRASE}lost"
WHERE, FIELD, RATE = f"{PHRASE}where", f"{PHRASE}field", f"{PHRASE}rates"
# A greeting is at most this many words ("जय राम जी की").
_GREETING_WORDS = 4
# The words between "my" and the animal it owns ("my 3 white cows"): a number or a counter, and
# one more word (a colour); more, and "my" owns something else ("मेरे खेत में गाय": my field).
_OWNED_WITHIN = 1


def after_greeting(text: str) -> tuple[bool, str]:
    """Whether `text` starts with a greeting (राम राम, আদাব, namaste), and what follows it; a
    greeting and the word of address after it ("নমস্কার দাদা") are one greeting. Read only as the
    catalogs write it: with a typo forgiven, আদাব would be the Darogah's আদায়."""
    greeted = False
    parts = text.split()
    while parts:
        for size in range(min(_GREETING_WORDS, len(parts)), 0, -1):
            if says(" ".join(parts[:size]).strip(_PUNCT + "-"), GREET, typo=False):
                greeted, parts = True, parts[size:]
                break
        else:
            break
    return (True, " ".join(parts).strip(_PUNCT + "-")) if greeted else (False, text)


def _phrases(text: str, find: Callable[[str, int], _T | None]) -> list[tuple[int, int, _T]]:
    """(index, words, what `find` says) for each phrase of `text` it says something of, read
    left to right, phrases of three words before two before one ("kho gayi" before "kho")."""
    tokens = [w.strip(_PUNCT) for w in _tokens(text)]
    found: list[tuple[int, int, _T]] = []
    i = 0
    while i < len(tokens):
        for size in (3, 2, 1):
            gram = " ".join(tokens[i : i + size])
            said = find(gram, size) if i + size <= len(tokens) and gram else None
            if said is not None:
                found.append((i, size, said))
                i += size
                break
        else:
            i += 1
    return found


# Hindi and Bengali as typed in Latin letters: what a text needs to be read as one of them.
_ROMAN = ("hi", "bn")
_ROMAN_AT_LEAST = 2  # words of one language's own (a phrase counts its words)
_ROMAN_LETTERS = re.compile(r"[A-Za-z][A-Za-z '-]*")


@cache
def _roman_words() -> Mapping[str, tuple[str, int]]:
    """Each word or phrase in Latin letters (folded) that one of Hindi and Bengali types and the
    other does not, nor any English text of the office ("do", "to", "main" say nothing), with
    how much it says of its language: its words, or, for a greeting (ram ram, namaste; nomoskar,
    adab) or thanks (dhanyavad, dhonnobad), all that is needed: a greeting is the first thing
    most villagers send, and thanks often the last."""
    english = english_words()
    said_by: dict[str, set[str]] = {}
    greetings: set[str] = set()
    for lang in (*_ROMAN, "en"):
        for meaning, said in word_lists(lang).items():
            if meaning in (WHOSE, MY_NAME):
                continue  # "ka", "tar", "naam": words both languages' writers may type
            for word in said:
                if _ROMAN_LETTERS.fullmatch(word):
                    said_by.setdefault(fold(word), set()).add(lang)
                    if meaning in (GREET, THANKS):
                        greetings.add(fold(word))
    return {
        word: (langs.pop(), _ROMAN_AT_LEAST if word in greetings else len(word.split()))
        for word, langs in said_by.items()
        if len(langs) == 1 and not langs <= {"en"} and (" " in word or word not in english)
    }


def language_written(text: str) -> str | None:
    """The language a person writes `text` in, where it shows one: Hindi or Bengali by the
    script most of its words are written in (`language_of_script`), else Hindi or Bengali typed
    in Latin letters (`language_of_words`); None for English words, digits, a name."""
    return language_of_script(text) or language_of_words(text)


def language_of_script(text: str) -> str | None:
    """The language whose script most words of `text` are written in (Devanagari: hi, Bengali:
    bn), or None where most are Latin or there is none. A word with a digit (a reference, a
    phone) says no language."""
    counts: Counter[str | None] = Counter()
    for word in text.split():
        letter = next((ch for ch in word if ch.isalpha()), None)
        if letter is None or any(ch.isdigit() for ch in word):
            continue
        # The first word of a letter's Unicode name says its script.
        script = unicodedata.name(letter, "").partition(" ")[0]
        counts["en" if letter.isascii() else _SCRIPT_LANGUAGE.get(script)] += 1
    lang = max(("hi", "bn"), key=lambda c: counts[c])
    return lang if counts[lang] and counts[lang] >= counts["en"] else None


_SCRIPT_LANGUAGE = {"DEVANAGARI": "hi", "BENGALI": "bn"}


def language_of_words(text: str) -> str | None:
    """Hindi or Bengali typed in Latin letters ("meri gaay kho gayi", "amar goru harie geche",
    "ram ram"): the language when at least two of the text's words, or a greeting, are its own
    and none the other's; else None ("hi", "haan", "namaskar", a name, a village)."""
    own = _roman_words()
    counts = dict.fromkeys(_ROMAN, 0)
    for _at, _size, (lang, weight) in _phrases(text, lambda gram, _size: own.get(fold(gram))):
        counts[lang] += weight
    for lang, other in (("hi", "bn"), ("bn", "hi")):
        if counts[lang] >= _ROMAN_AT_LEAST and not counts[other]:
            return lang
    return None


def name_given(text: str) -> str:
    """The name a text gives where one's name is asked: the words after those that say "my name
    is" (`word:myname`: mera naam, আমার নাম, my name is), without a Hindi "is" closing them
    (`word:copula`): "mera naam Ramesh Yadav hai" is Ramesh Yadav; a text without them is the
    name itself."""
    said = text.split()
    for size in range(min(3, len(said) - 1), 0, -1):
        if says(" ".join(said[:size]), MY_NAME, typo=False):
            rest = said[size:]
            if len(rest) > 1 and says(rest[-1], COPULA, typo=False):
                rest = rest[:-1]
            return " ".join(rest)
    return text


def not_known(text: str) -> bool:
    """The answer where a name is asked that names nobody: "पता नहीं", "জানি না", "pata nahi",
    a skip, or yes or no alone, also with the words said around them ("pata nahi ji", "ami jani
    na", "নাম জানি না", "mujhe nahi malum", "malik ka naam nahi pata": a greeting or word of
    address, "I", "name", the owner's, or an everyday word of `word:roman`). Read as written:
    "Nona" is a name, and so is "Ram ji"."""
    if says(text, DONT_KNOW, SKIP, YES, NO, typo=False):
        return True
    said = text.split()
    around = (GREET, AGENT, ROMAN, WHOSE)
    kept = [w for w in said if not says(w.strip(_PUNCT), *around, typo=False)]
    return 0 < len(kept) < len(said) and says(" ".join(kept), DONT_KNOW, YES, NO, typo=False)


def _sentence_words(text: str, *, typo: bool = True) -> list[tuple[int, str]]:
    """(index, meaning) for each word or phrase of `text` that says one of the sentence's
    meanings, or an animal's kind (`kind`), or a number (`num`); phrases of up to three words
    ("पकड़ लिया", "হারিয়ে গেছে") before single words. `typo`: a long word may be read with a
    typo forgiven."""
    return [
        (at, said)
        for at, _size, said in _phrases(text, lambda gram, size: _sentence_word(gram, size, typo))
    ]


def _sentence_word(gram: str, size: int, typo: bool) -> str | None:
    # An animal as typed before a meaning read with a typo forgiven ("bakri" is a goat, not
    # "pakri", caught) or one the same word has ("meri gai": my cow, where "kho gai" is lost).
    if size == 1 and _known_kind(gram):
        return "kind"
    said = _prefixed(gram, PHRASE, typo=typo and size == 1 and len(gram) > 4)
    # "where" only as written: "there" is no "where" with a typo forgiven.
    if said is not None and (PHRASE + said != WHERE or _prefixed(gram, PHRASE, typo=False)):
        return PHRASE + said
    if size == 1 and (number(gram) is not None or is_counter(gram)):
        return "num"
    return None


def sentence_intent(text: str, *, typo: bool = True) -> str | None:
    """What a sentence asks of the office, read from its words in any of the three languages
    and in any order: `seize` when the writer caught cattle ("मैंने 2 भैंस पकड़ी हैं", "দুটো গরু
    ধরেছি", "2 bhains pakdi"), `missing` when his cattle are lost ("meri gaay kho gayi"),
    `mycattle` when his cattle were seized or he asks after them ("पकड़े गए मेरे पशु", "আটক
    হয়েছে আমার গরু"); `neither` when it speaks of cattle in his field and of no catching, so
    that its "my" ("আমার ক্ষেতে গরু ঢুকেছে") starts no search of his cattle; `rates` when it asks
    a fine or feeding and nothing of his cattle ("gaay ka jurmana kitna hai"); None when it says
    none of these. With `typo` false, only words as written count: where a name is asked, "হারান"
    (Haran) is a name, not "হারানো" (lost) mistyped."""
    found = _sentence_words(text, typo=typo)
    said = {m for _, m in found}
    if LOST in said:
        return MISSING
    if CAUGHT in said:
        if AGENT in said:
            return SEIZE
        # "meri fasal kha gayi gaay, pakad li": the cow that ate his crop, caught by him.
        if FIELD in said and not _owns_animal(found, within=0):
            return SEIZE
        # "আমার গরু ধরেছে" (they caught my cow) is the owner's; "আমার জমিতে দুটো গরু ধরেছি" (in my
        # field I caught two) the seizer's: beside a catching, "my" owns only the animal next to it.
        return MYCATTLE if PASSIVE in said or _owns_animal(found, within=0) else SEIZE
    animal = bool(said & {"kind", CATTLE})
    if FIELD in said and animal and not _owns_animal(found, within=0):
        # "गाय मेरे खेत में घुस गई" (the cow got into my field): "my" is his field's, and he
        # says no catching; not the owner's, nor yet a report: he is shown both.
        return NEITHER
    if PASSIVE in said and AGENT not in said and animal:
        return MYCATTLE  # "গরু খোঁয়াড়ে নিয়ে গেছে": the cow was taken to the pound
    if _owns_animal(found):
        return MYCATTLE
    # "gaay kahan hai" (where is the cow): the search; "দারোগা কোথায়" asks nothing of cattle.
    if WHERE in said and animal:
        return MISSING
    # "gaay ka jurmana kitna hai": the fines and feeding of the schedule, no cattle of his.
    return RATES if RATE in said else None


def _owns_animal(found: list[tuple[int, str]], within: int = _OWNED_WITHIN) -> bool:
    """ "my" before an animal, with a number and at most `within` other words between: "my cow",
    "मेरी 3 सफेद गाय", "আমার দুটো গরু"."""
    for n, (at, said) in enumerate(found):
        if said != MINE:
            continue
        between = 0
        last = at
        for index, then in found[n + 1 :]:
            between += index - last - 1
            if between > within or then not in ("num", "kind", CATTLE):
                break
            if then in ("kind", CATTLE):
                return True
            last = index
    return False
