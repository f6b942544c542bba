"""What the owner flow says when it looks for cattle without a reference (practice G18): reading
a village, a kind and a count out of what he wrote, the lines that list seizures, and how to
claim the one he picks (Sec VI, VII, VIII; practice G14)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from bot import words
from bot.figures import money
from bot.flows.anyone import IN_POUND, ON_THE_WAY, TO_PAY
from bot.flows.base import Ctx
from bot.i18n import NP_, Translator
from bot.words import counted
from law.errors import PoundError
from law.kinds import AnimalKind, kind_of
from law.profile import DEFAULT_PROFILE, get_profile
from office.views.held_search import HeldSeizure
from office.views.lookup import VillagePlace, keepers_of, village_named_in

# "3गाय", "2cows": a count glued to the word after it is two words.
_GLUED = re.compile(r"(?<=\d)(?=[^\W\d_])")
_PUNCT = " ,;.:!?।॥\"'()"


@dataclass(frozen=True)
class Hint:
    """What an owner's sentence says of his missing cattle: where from, what, how many."""

    village: VillagePlace | None
    kind: str | None  # the register's kind (`cow`)
    number: int | None
    description: str

    def as_data(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "number": self.number,
            "description": self.description,
            **(place_data(self.village) if self.village else {}),
        }


def place_data(place: VillagePlace) -> dict[str, Any]:
    """A village as the draft keeps it (JSON)."""
    return {
        "village": place.name,
        "district": place.district_code,
        "village_names": dict(place.names),
    }


def kind_in(word: str, profile: str = DEFAULT_PROFILE) -> str | None:
    """The register's kind a word names in any language (`गायें`, `cows`, `heifer` -> `cow`),
    or None if it names no animal the pound may hold."""
    said = words.kind_word(word.strip(_PUNCT))
    try:
        found = kind_of(said, get_profile(profile).aliases, ())
    except PoundError:  # no animal, or pigs (Sec XVIII): not what a pound holds
        return None
    return found.value if isinstance(found, AnimalKind) else found.word


def read_hint(ctx: Ctx, text: str) -> Hint:
    """A village (any script, as the seizure flow reads one), a kind and a count read out of a
    sentence: "my 3 white cows went missing from Patwai yesterday", "मेरी 3 सफेद गाय पटवई से
    कल गायब". The words between the count and the kind describe them ("white")."""
    place, rest = village_named_in(ctx.work, text)
    tokens = [w.strip(_PUNCT) for w in _GLUED.sub(" ", rest).split()]
    tokens = [w for w in tokens if w]
    profile = place.profile if place else DEFAULT_PROFILE
    at, kind = None, None
    for i, token in enumerate(tokens):
        kind = kind_in(token, profile)
        if kind is not None:
            at = i
            break
    number, described = None, ""
    if at is not None:
        for j in range(at - 1, -1, -1):
            n = words.number(tokens[j])
            if n is not None:
                number = n
                between = [w for w in tokens[j + 1 : at] if not words.is_counter(w)]
                described = " ".join(between)
                break
        if number is None and at + 1 < len(tokens):
            number = words.number(tokens[at + 1])
    else:
        # No kind named: "3 white ones", "তিনটে সাদা".
        for j, token in enumerate(tokens):
            number = words.number(token)
            if number is not None:
                after = [w for w in tokens[j + 1 : j + 4] if not words.is_counter(w)]
                described = " ".join(after)
                break
    return Hint(place, kind, number, described[:120])


def _day(t: Translator, value: date | None) -> str:
    return t.day(value) if value else ""


def cattle_text(t: Translator, held: HeldSeizure) -> str:
    """'3 cows (white), 1 buffalo': the head still held, by kind and description (Sec V)."""
    parts = []
    for g in held.groups:
        text = counted(t, g.count, g.kind)
        parts.append(f"{text} ({g.description})" if g.description else text)
    return ", ".join(parts) or t("none held now")


def deadline_text(t: Translator, held: HeldSeizure) -> str:
    """The next day that matters to the owner, in a few words."""
    if held.next_deadline is None:
        return ""
    what, on = held.next_deadline
    if what == "claim":
        return t("claim by {date}", date=_day(t, on))
    if what == "sale":
        return t("may be sold from {date}", date=_day(t, on))
    return t("complaint until {date}", date=_day(t, on))


def owned_line(t: Translator, held: HeldSeizure) -> str:
    """One of his own seizures: ref, pound, heads held, due today, next deadline."""
    said = {"ref": held.ref, "pound": held.pound_name, "pound_names": held.pound_names}
    if held.heads == 0:
        return t("{ref}: {pound}, nothing held now.", **said)
    if held.in_pound:
        parts = [
            t("{ref}: {cattle} at {pound}", cattle=cattle_text(t, held), **said),
            t("due today {total}", total=money(t.lang, held.due.total, held.due.unit)),
        ]
    else:
        parts = [t("{ref}: {cattle}, on the way to {pound}", cattle=cattle_text(t, held), **said)]
    deadline = deadline_text(t, held)
    if deadline:
        parts.append(deadline)
    return "; ".join(parts) + "."


def found_line(t: Translator, held: HeldSeizure) -> str:
    """One seizure the search found: what, where and since when, seized where, due today."""
    pound = {"pound": held.pound_name, "pound_names": held.pound_names}
    where = (
        t("at {pound} since {date}", date=_day(t, held.impounded_on), **pound)
        if held.in_pound
        else t("on the way to {pound}", **pound)
    )
    line = t(
        "{ref}: {cattle}, {where}, seized in {village}.",
        ref=held.ref,
        cattle=cattle_text(t, held),
        where=where,
        village=held.village_in(t.lang),
    )
    if held.in_pound:
        line += " " + t("Due today {total}.", total=money(t.lang, held.due.total, held.due.unit))
    return line


# More seizures matched than a chat message lists.
MORE_HELD = NP_(
    "{n} more seizure there holds such cattle: send how many head and their colour to see "
    "the closest.",
    "{n} more seizures there hold such cattle: send how many head and their colour to see "
    "the closest.",
)


def claim_lines(ctx: Ctx, held: HeldSeizure, *, brief: bool = False) -> tuple[list[str], list[str]]:
    """How to claim the cattle he picked, in two messages: where and to whom (practice G14);
    what to bring and by when. `brief`: the cattle by count alone and the money in a line,
    for SMS, said a page at a time."""
    t = ctx.t
    pound = {"pound": held.pound_name, "pound_names": held.pound_names}
    due = {
        "total": money(t.lang, held.due.total, held.due.unit),
        "per_day": money(t.lang, held.due.per_day, held.due.unit),
    }
    if brief:
        counts = ", ".join(counted(t, g.count, g.kind) for g in held.groups)
        first = t(IN_POUND if held.in_pound else ON_THE_WAY, ref=held.ref, animals=counts, **pound)
    elif held.in_pound:
        first = t(
            "Seizure {ref}: {cattle}, at {pound} since {date}.",
            ref=held.ref,
            cattle=cattle_text(t, held),
            date=_day(t, held.impounded_on),
            **pound,
        )
    else:
        first = t(
            "Seizure {ref}: {cattle}, on the way to {pound}.",
            ref=held.ref,
            cattle=cattle_text(t, held),
            **pound,
        )
    where = [
        first,
        t(
            "To claim them, go to {pound} and satisfy the keeper ({keeper}) that they are "
            "yours: he records you as their owner.",
            keeper=", ".join(keepers_of(ctx.work, held.pound_code)) or t("on duty"),
            **pound,
        ),
    ]
    if held.in_pound and brief:
        lines = [t(TO_PAY, **due)]
    elif held.in_pound:
        lines = [
            t(
                "Bring {total} today (fine and feeding, Sec VI, VII); it grows by {per_day} "
                "for each more day they are fed.",
                **due,
            )
        ]
    else:
        lines = [
            t(
                "Bring the fine, {fine} (Sec VI), and the feeding from the day they arrive "
                "(Sec VII).",
                fine=money(t.lang, held.due.fine, held.due.unit),
            )
        ]
    if held.noticed_on is not None and held.sale_not_before is not None:
        lines.append(
            t(
                "The notice was posted on {notice}; they may be sold from {sale} (Sec VIII).",
                notice=_day(t, held.noticed_on),
                sale=_day(t, held.sale_not_before),
            )
        )
    elif held.claim_until is not None:
        lines.append(
            t(
                "Claim by {date}; after that a notice is posted and they may be sold seven "
                "days later (Sec VIII).",
                date=_day(t, held.claim_until),
            )
        )
    if held.complaint_pending:
        lines.append(t("A complaint is pending: no sale until it is decided (Sec IX)."))
    return where, lines
