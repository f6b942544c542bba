"""What the officers' flows share: who acts, yes or no, references, people and animals typed in."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any, ClassVar

from bot import words
from bot.figures import money
from bot.flows import records
from bot.flows.base import Ctx, Flow, Turn
from bot.flows.table import Again, Step
from bot.i18n import N_
from bot.notices import kinds_text
from bot.types import Inbound, Option
from law.errors import InvalidInput, NotAuthorised, PoundError, Template
from law.kinds import G4_ALIASES, AnimalKind
from law.money import MoneySystem
from office.access.roles import Role
from office.inputs import AnimalsIn, PersonIn
from office.phones import DEFAULT_REGION, normalise_phone
from office.views.worklists import SeizureItem, seizure_brief

ROLE_WORDS = {
    Role.POLICE: N_("only the police of the thana may do this"),
    Role.KEEPER: N_("only a pound-keeper may do this"),
    Role.DAROGAH: N_("only the Darogah of the thana may do this"),
    Role.MAGISTRATE: N_("only the Magistrate may do this"),
}
ROLE_SECTION = {Role.POLICE: "II", Role.KEEPER: "V", Role.DAROGAH: "VIII", Role.MAGISTRATE: "XIV"}


class OfficerFlow(Flow):
    """An officer's flow: every step first re-checks, through the office, that the speaker still
    holds the office at the seizure's pound or thana (`roles`); a refusal keeps the step and
    records nothing.

    Each step also works on its own copy of the draft: the engine hands over the draft object it
    loaded from the conversation row, and a change made in place to that object compares equal
    to the stored value, so it would not be written back.
    """

    roles: ClassVar[tuple[Role, ...]] = ()

    def allowed(self, ctx: Ctx) -> bool:
        return any(ctx.has(r) for r in self.roles) or command_typed(ctx, self.commands)

    def handle(self, ctx: Ctx, step: str, msg: Inbound) -> Turn:
        ctx.data = copy.deepcopy(ctx.data)
        self.recheck(ctx)
        return super().handle(ctx, step, msg)

    def recheck(self, ctx: Ctx) -> None:
        me = actor(ctx, self.roles[0])
        ref = ctx.data.get("ref")
        if isinstance(ref, str) and ref:
            seizure_brief(ctx.work, ref=ref, now=ctx.now, actor_id=me, roles=self.roles)
        elif not any(ctx.has(r) for r in self.roles):
            raise refused(ctx, self.roles[0])


def command_typed(ctx: Ctx, commands: Sequence[str]) -> bool:
    """Whether this message is one of `commands` (in any language): anyone may try an officer's
    command, and is told by the office why it is refused, but the menu offers it only to the
    officer."""
    return bool(ctx.command) and ctx.command in commands


def refused(ctx: Ctx, role: Role, section: str | None = None) -> NotAuthorised:
    """The refusal for someone without the office (said in his language), citing the section
    of the act asked, or the one that gives the role its office."""
    return NotAuthorised(ctx.t(ROLE_WORDS[role]), section=section or ROLE_SECTION[role])


def actor(ctx: Ctx, role: Role, section: str | None = None) -> int:
    """The person acting; someone we do not know holds no office (refused citing `section`)."""
    if ctx.person is None or ctx.person.id is None:
        raise refused(ctx, role, section)
    return ctx.person.id


def places(ctx: Ctx, *roles: Role) -> list[str]:
    return list(dict.fromkeys(p for role in roles for p in ctx.places(role)))


def yes_no(ctx: Ctx) -> tuple[Option, ...]:
    return (Option("yes", ctx.t("Yes, record it")), Option("no", ctx.t("No")))


def answer(msg: Inbound) -> bool | None:
    """True for yes, False for no, None when the answer is neither (in any language)."""
    if msg.option is not None:
        return {"yes": True, "no": False}.get(msg.option)
    said = words.meaning(msg.text, (words.YES, words.NO))
    return None if said is None else said == words.YES


def invalid(text: str, *, section: str | None = None, **details: object) -> InvalidInput:
    """A refusal of what was typed, its text (marked `N_`, placeholders from `details`) said in
    the reader's language (bot/errors.py `explain`; the translations are in the `officer_texts`
    domain)."""
    return InvalidInput(Template(text), section=section, said=details)


def amount_said(ctx: Ctx, system: MoneySystem | str, amount: int) -> str:
    """An amount of the office's money as the reader writes it (bot/figures.py)."""
    return money(ctx.t.lang, int(amount), system)


def who(ctx: Ctx, person: dict[str, str] | None, line: str | None) -> str:
    """A person the office names, `Ganga Ram of Kemri` in the reader's language (`person`, as
    data), else as the office wrote him (`line`)."""
    if person is not None:
        return records.person(ctx.t, person)
    return line or ""


def seizure_line(ctx: Ctx, item: SeizureItem) -> str:
    return ctx.t(
        "{ref}: {counted} seized at {place}, {village}, on {day}, by {seizer}",
        ref=item.ref,
        counted=kinds_text(ctx.t, item.kinds),
        place=item.place,
        village=item.village,
        village_names=item.village_names,
        day=ctx.t.day(item.seized_on),
        seizer=who(ctx, item.seizer_person, item.seizer),
    )


def yes_or_no(ctx: Ctx, msg: Inbound) -> bool:
    """The answer to a summary: yes or no, or else asked again."""
    said = answer(msg)
    if said is None:
        raise Again(ctx.say(ctx.t("Please answer yes or no."), yes_no(ctx)))
    return said


def confirm(summary: Callable[[Ctx], list[str]], act: Callable[[Ctx], Turn]) -> Step:
    """The last step of an act: its summary (`summary`, its lines, ending with the question)
    answered yes records it (`act`, which ends the flow; an office refusal is said plainly and
    ends it too), no records nothing. Nothing is recorded before a yes."""

    def then(ctx: Ctx, yes: bool) -> Turn:
        if not yes:
            return Turn.done(ctx.t("Nothing was recorded."))
        try:
            return act(ctx)
        except PoundError as exc:
            return Turn.done(ctx.explain(exc))

    return Step(
        lambda ctx: ctx.say("\n".join(summary(ctx)), yes_no(ctx)), yes_or_no, then, ("end",)
    )


def village_then_place(ctx: Ctx, found: tuple[str, dict[str, str]]) -> str:
    """A village read (its register name, and its names in other scripts) kept; on to `place`."""
    ctx.data["village"], ctx.data["village_names"] = found
    return "place"


def person_in(text: str, region: str = DEFAULT_REGION) -> PersonIn:
    """`Name, Village[, phone]` as typed by an officer; the phone is read here (InvalidPhone),
    so a number that cannot be read is asked again now, not refused when the act is recorded."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    # "पता नहीं" names nobody: a person is named, or asked for again.
    if not parts or len(parts[0]) > 200 or words.not_known(parts[0]):
        raise invalid(N_("send a name and village, like: Ganga Ram, Kemri"))
    phone = None
    # A last part of digits (of any script) and the marks of a phone is meant as one.
    if len(parts) > 1 and re.fullmatch(r"\+?[\d\s().-]{3,40}", parts[-1]):
        phone = normalise_phone(parts.pop(), region)
    name = parts[0]
    residence = ", ".join(parts[1:])[:200]
    return PersonIn(name=name, residence=residence, phone=phone)


def person_typed(ctx: Ctx, msg: Inbound) -> dict[str, Any]:
    """A person typed (`person_in`), as the draft keeps him."""
    return asdict(person_in(msg.text))


def person_from(data: object) -> PersonIn | None:
    if not isinstance(data, dict) or not data.get("name"):
        return None
    return PersonIn(
        name=str(data["name"]),
        residence=str(data.get("residence") or ""),
        phone=str(data["phone"]) if data.get("phone") else None,
    )


def animals_in(ctx: Ctx, msg: Inbound) -> list[dict[str, object]]:
    """`2 cow 1 buffalo`, `2 cows, 1 buffalo`, `২ গরু, ১ মহিষ`, `दो गाय`: each group checked
    against the Sec VI scale (the office checks again with the district's own profile) and kept
    as the register names it. An animal outside the scale the office knows (an elephant) is
    taken, to await the Magistrate's order (practice G4)."""
    groups: list[dict[str, object]] = []
    found, _ = words.parse_groups(msg.text)
    for group in found:
        kind = words.read_kind(ctx.t, group.kind, G4_ALIASES)
        word = kind.value if isinstance(kind, AnimalKind) else kind.word
        groups.append({"kind": word, "count": group.count, "description": ""})
    if not groups or sum(int(str(g["count"])) for g in groups) < 1:
        raise invalid(N_("send each kind with its number, like: 2 cow, 1 buffalo"))
    return groups


def animals_from(data: object) -> list[AnimalsIn]:
    if not isinstance(data, list):
        return []
    return [
        AnimalsIn(str(g["kind"]), int(g["count"]), str(g.get("description") or ""))
        for g in data
        if isinstance(g, dict)
    ]
