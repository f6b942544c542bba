"""The police of a thana: aid requests and conveyance to the pound (Sec II), strays (Sec XVI)."""

from __future__ import annotations

from typing import ClassVar

from bot import figures, words
from bot.flows import pointing
from bot.flows.anyone import awaiting_lines
from bot.flows.base import Ctx, Flow, Turn
from bot.flows.officer_kit import (
    OfficerFlow,
    actor,
    animals_from,
    animals_in,
    choose,
    command_typed,
    explained,
    places,
    ref_of,
    refused,
    seizure_line,
    unconfirmed,
    yes_no,
)
from bot.i18n import N_, written_in
from bot.types import Inbound, Option
from law.errors import PoundError
from law.grounds import Ground
from office.lookup import match_village
from office.police.conveyance import confirm_conveyance
from office.queries import money_for
from office.roles import Role
from office.seizures import report_seizure
from office.worklists import (
    SeizureItem,
    awaiting_conveyance,
    open_aid_requests,
    seizure_brief,
    villages_of_thana,
)

POLICE = (Role.POLICE, Role.DAROGAH)


def _is_police(ctx: Ctx) -> bool:
    return any(ctx.has(r) for r in POLICE)


class ConveyFlow(OfficerFlow):
    """Aid requests for the thana, answered by confirming the cattle reached the pound."""

    roles = POLICE
    name = "police_convey"
    commands = ("convey",)
    menu = N_("Aid requests and conveyance (Sec II)")
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "start": ("pick", "confirm", "end"),
        "pick": ("pick", "confirm", "end"),
        "confirm": ("confirm", "end"),
    }

    def allowed(self, ctx: Ctx) -> bool:
        return _is_police(ctx) or command_typed(ctx, self.commands)

    def start(self, ctx: Ctx, args: str) -> Turn:
        me = actor(ctx, Role.POLICE)
        if args.strip():
            return self._show(ctx, me, args.split()[0].upper())
        thanas = places(ctx, *POLICE)
        if not thanas:
            raise refused(ctx, Role.POLICE)
        lines: list[str] = []
        listed: list[SeizureItem] = []
        for thana in thanas:
            aid = open_aid_requests(ctx.work, thana=thana, actor_id=me)
            refs = {i.ref for i in aid}
            waiting = [
                i
                for i in awaiting_conveyance(ctx.work, thana=thana, actor_id=me)
                if i.ref not in refs
            ]
            if aid:
                lines.append(ctx.t("Aid requested at thana {thana} (Sec II):", thana=thana))
                lines += ["- " + seizure_line(ctx, i) for i in aid]
            if waiting:
                lines.append(
                    ctx.t("Awaiting conveyance to the pound at thana {thana}:", thana=thana)
                )
                lines += ["- " + seizure_line(ctx, i) for i in waiting]
            listed += aid + waiting
        if not listed:
            return Turn.done(ctx.say(ctx.t("No aid requests and no cattle awaiting conveyance.")))
        lines.append(ctx.t("Choose one to confirm its conveyance, or send its reference."))
        return Turn.to("pick", ctx.say("\n".join(lines), choose(listed, ctx.t)))

    def on_pick(self, ctx: Ctx, msg: Inbound) -> Turn:
        try:
            return self._show(ctx, actor(ctx, Role.POLICE), ref_of(msg))
        except PoundError as exc:
            return explained(ctx, exc, "pick")

    def _show(self, ctx: Ctx, me: int, ref: str) -> Turn:
        brief = seizure_brief(ctx.work, ref=ref, now=ctx.now, actor_id=me, roles=POLICE)
        item = brief.item
        if item.status != "seized":
            return Turn.done(ctx.say(ctx.t("{ref} is already at the pound.", ref=item.ref)))
        ctx.data["ref"] = item.ref
        ctx.data["stray"] = item.ground == Ground.STRAY
        text = "\n".join(
            [
                seizure_line(ctx, item),
                ctx.t(
                    "Have the cattle been conveyed to {pound}?",
                    pound=item.pound_name,
                    pound_names=item.pound_names,
                ),
            ]
        )
        return Turn.to("confirm", ctx.say(text, yes_no(ctx)))

    def on_confirm(self, ctx: Ctx, msg: Inbound) -> Turn:
        if (refusal := unconfirmed(ctx, msg)) is not None:
            return refusal
        ref = str(ctx.data.get("ref", ""))
        try:
            confirm_conveyance(ctx.work.by(actor(ctx, Role.POLICE)), ref=ref, occurred_at=ctx.now)
        except PoundError as exc:
            return explained(ctx, exc, None)
        section = "XVI" if ctx.data.get("stray") else "II"
        return Turn.done(
            ctx.say(
                ctx.t(
                    "Conveyance of {ref} to the pound confirmed (Sec {section}). "
                    "The keeper will now register the arrival.",
                    ref=ref,
                    section=section,
                )
            )
        )


class StrayFlow(OfficerFlow):
    """Straying cattle whose owner is unknown, taken to the pound by the police (Sec XVI)."""

    roles = POLICE
    name = "police_stray"
    commands = ("stray",)
    menu = N_("Report straying cattle (Sec XVI)")
    location_steps = frozenset({"village"})
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "start": ("village",),
        "village": ("village", "place"),
        "place": ("place", "animals"),
        "animals": ("animals", "describe"),
        "describe": ("describe", "confirm"),
        "confirm": ("confirm", "end"),
    }

    def allowed(self, ctx: Ctx) -> bool:
        return _is_police(ctx) or command_typed(ctx, self.commands)

    def _villages(self, ctx: Ctx) -> dict[str, tuple[tuple[str, str], ...]]:
        """The villages of his thanas: each register name with its names in other scripts."""
        named: dict[str, tuple[tuple[str, str], ...]] = {}
        for thana in places(ctx, *POLICE):
            named.update(villages_of_thana(ctx.work, thana=thana))
        return named

    def _choices(
        self, ctx: Ctx, villages: dict[str, tuple[tuple[str, str], ...]]
    ) -> tuple[Option, ...]:
        return tuple(Option(v, written_in(ctx.lang, v, names)) for v, names in villages.items())

    def start(self, ctx: Ctx, args: str) -> Turn:
        actor(ctx, Role.POLICE)
        villages = self._villages(ctx)
        if not villages:
            raise refused(ctx, Role.POLICE)
        question = ctx.say(
            ctx.t("Straying cattle, owner unknown (Sec XVI). In which village were they found?"),
            self._choices(ctx, villages),
        )
        return Turn.to("village", *pointing.offer(ctx, question, ctx.district_ids()))

    def on_village(self, ctx: Ctx, msg: Inbound) -> Turn:
        villages = self._villages(ctx)
        if msg.location is not None:
            return Turn.to("village", pointing.answer(ctx, msg.location, ctx.district_ids()))
        pointed, typed_instead = pointing.confirmed(ctx, msg)
        if typed_instead is not None:
            return Turn.to("village", typed_instead)
        typed = pointed or (msg.option or msg.text).strip()
        # In any script, or with a typo common on a keypad: one close name of the thana is taken.
        place, close = match_village(ctx.work, typed, among=villages) if typed else (None, [])
        match = place.name if place is not None else close[0].name if len(close) == 1 else None
        if match is None:
            return Turn.to(
                "village",
                ctx.say(
                    ctx.t("That village is not served by a pound of your thana. Choose one:"),
                    self._choices(ctx, villages),
                ),
            )
        ctx.data["village"] = match
        ctx.data["village_names"] = dict(villages.get(match, ()))
        return Turn.to(
            "place",
            ctx.say(ctx.t("Where exactly were they found (road, field, landmark)?")),
        )

    def on_place(self, ctx: Ctx, msg: Inbound) -> Turn:
        place = msg.text.strip()
        if not place:
            return Turn.to("place", ctx.say(ctx.t("Please say where they were found.")))
        ctx.data["place"] = place[:500]
        return Turn.to(
            "animals",
            ctx.say(ctx.t("Which animals, and how many? For example: 2 cow, 1 buffalo")),
        )

    def on_animals(self, ctx: Ctx, msg: Inbound) -> Turn:
        try:
            groups = animals_in(ctx, msg.text)
        except PoundError as exc:
            return explained(ctx, exc, "animals")
        ctx.data["animals"] = groups
        ctx.data["at"] = 0
        return self._ask_description(ctx)

    def _ask_description(self, ctx: Ctx) -> Turn:
        groups = ctx.data["animals"]
        group = groups[ctx.data["at"]]
        return Turn.to(
            "describe",
            ctx.say(
                ctx.t(
                    "Describe the {animals} (colour, marks, horns), or send {say_skip}.",
                    animals=words.counted(ctx.t, int(group["count"]), str(group["kind"])),
                )
            ),
        )

    def on_describe(self, ctx: Ctx, msg: Inbound) -> Turn:
        text = msg.text.strip()
        groups = ctx.data["animals"]
        index = int(ctx.data.get("at", 0))
        skipped = not text or words.says(text, "skip", "no")
        groups[index]["description"] = "" if skipped else text[:500]
        ctx.data["at"] = index + 1
        if index + 1 < len(groups):
            return self._ask_description(ctx)
        lines = [
            ctx.t(
                "Strays found at {place}, {village}:",
                place=ctx.data["place"],
                village=ctx.data["village"],
                village_names=ctx.data.get("village_names"),
            )
        ]
        for g in animals_from(groups):
            animals = words.counted(ctx.t, g.count, g.kind)
            lines.append(f"- {animals}" + (f": {g.description}" if g.description else ""))
        lines.append(ctx.t("Record these strays (Sec XVI)?"))
        return Turn.to("confirm", ctx.say("\n".join(lines), yes_no(ctx)))

    def on_confirm(self, ctx: Ctx, msg: Inbound) -> Turn:
        if (refusal := unconfirmed(ctx, msg)) is not None:
            return refusal
        try:
            done = report_seizure(
                ctx.work.by(actor(ctx, Role.POLICE)),
                ground=Ground.STRAY,
                village=str(ctx.data["village"]),
                place=str(ctx.data["place"]),
                damage="",
                seizer=None,
                owner=None,
                animals=animals_from(ctx.data["animals"]),
                occurred_at=ctx.now,
            )
        except PoundError as exc:
            return explained(ctx, exc, None)
        lines = [
            ctx.t(
                "Recorded as {ref}: {heads} head of straying cattle (Sec XVI). Take them "
                "without unnecessary delay to {pound}, then confirm with {say_cmd_convey} {ref}.",
                ref=done.ref,
                heads=done.heads,
                pound=done.pound_name,
                pound_names=done.pound_names,
            )
        ]
        if done.awaiting_order:
            money = money_for(ctx.work, seizure_ref=done.ref)
            lines += awaiting_lines(
                ctx.t, done.awaiting_order, figures.money(ctx.t.lang, done.fine, money)
            )
        return Turn.done(ctx.say("\n".join(lines)))


FLOWS: list[Flow] = [ConveyFlow(), StrayFlow()]
