"""The police of a thana: aid requests and conveyance to the pound (Sec II), strays (Sec XVI)."""

from __future__ import annotations

from bot import figures, words
from bot.flows import pointing
from bot.flows.anyone import awaiting_lines
from bot.flows.base import Ctx, Turn
from bot.flows.officer_kit import (
    OfficerFlow,
    actor,
    animals_from,
    animals_in,
    confirm,
    places,
    refused,
    seizure_line,
    village_then_place,
)
from bot.flows.table import Again, Step, TableFlow, asks, chosen, kept, required, typed
from bot.flows.worklist import Worklist, seizures
from bot.i18n import N_, written_in
from bot.types import Inbound, Option, Reply
from law.grounds import Ground
from office.access.roles import Role
from office.acts.police.conveyance import confirm_conveyance
from office.acts.seizer.report import report_seizure
from office.views.amounts import money_for
from office.views.lookup import match_village
from office.views.worklists import (
    SeizureBrief,
    SeizureItem,
    awaiting_conveyance,
    open_aid_requests,
    villages_of_thana,
)

POLICE = (Role.POLICE, Role.DAROGAH)


class ConveyFlow(Worklist):
    """Aid requests for the thana, answered by confirming the cattle reached the pound."""

    roles = POLICE
    name = "police_convey"
    commands = ("convey",)
    menu = N_("Aid requests and conveyance (Sec II)")
    shows = ("confirm", "end")
    listing = seizures(
        lambda ctx, me, thana: [],
        N_("No aid requests and no cattle awaiting conveyance."),
        POLICE,
        choose=N_("Choose one to confirm its conveyance, or send its reference."),
    )

    def __init__(self) -> None:
        super().__init__({"confirm": confirm(self.ask, self.act)})

    def listed(self, ctx: Ctx, me: int, where: list[str]) -> Reply | None:
        """Aid requested at each thana, then the cattle awaiting conveyance there."""
        lines: list[str] = []
        listed: list[SeizureItem] = []
        for thana in where:
            aid = open_aid_requests(ctx.work, thana=thana, actor_id=me)
            refs = {i.ref for i in aid}
            waiting = [
                i
                for i in awaiting_conveyance(ctx.work, thana=thana, actor_id=me)
                if i.ref not in refs
            ]
            if aid:
                lines.append(ctx.t("Aid requested at thana {thana} (Sec II):", thana=thana))
                lines += [self.listing.line(ctx, i) for i in aid]
            if waiting:
                lines.append(
                    ctx.t("Awaiting conveyance to the pound at thana {thana}:", thana=thana)
                )
                lines += [self.listing.line(ctx, i) for i in waiting]
            listed += aid + waiting
        if not listed:
            return None
        lines.append(ctx.t(self.listing.choose))
        return ctx.say("\n".join(lines), tuple(self.listing.option(ctx, i) for i in listed))

    def show(self, ctx: Ctx, brief: SeizureBrief) -> str | Turn:
        item = brief.item
        if item.status != "seized":
            return Turn.done(ctx.t("{ref} is already at the pound.", ref=item.ref))
        ctx.data["ref"] = item.ref
        ctx.data["stray"] = item.ground == Ground.STRAY
        return "confirm"

    def ask(self, ctx: Ctx) -> list[str]:
        item = self.brief(ctx).item
        return [
            seizure_line(ctx, item),
            ctx.t(
                "Have the cattle been conveyed to {pound}?",
                pound=item.pound_name,
                pound_names=item.pound_names,
            ),
        ]

    def act(self, ctx: Ctx) -> Turn:
        ref = str(ctx.data.get("ref", ""))
        confirm_conveyance(ctx.work.by(actor(ctx, Role.POLICE)), ref=ref, occurred_at=ctx.now)
        section = "XVI" if ctx.data.get("stray") else "II"
        return Turn.done(
            ctx.t(
                "Conveyance of {ref} to the pound confirmed (Sec {section}). "
                "The keeper will now register the arrival.",
                ref=ref,
                section=section,
            )
        )


class StrayFlow(OfficerFlow, TableFlow):
    """Straying cattle whose owner is unknown, taken to the pound by the police (Sec XVI)."""

    roles = POLICE
    name = "police_stray"
    commands = ("stray",)
    menu = N_("Report straying cattle (Sec XVI)")
    location_steps = frozenset({"village"})
    start_to = ("village",)

    def __init__(self) -> None:
        where = N_("Where exactly were they found (road, field, landmark)?")
        self.table = {
            "village": Step(self.ask_village, self.village, village_then_place, ("place",)),
            "place": kept(
                asks(where),
                required(N_("Please say where they were found.")),
                "place",
                "animals",
                clip=500,
            ),
            "animals": Step(
                asks(N_("Which animals, and how many? For example: 2 cow, 1 buffalo")),
                animals_in,
                _animals,
                ("describe",),
            ),
            "describe": Step(_ask_description, typed, _described, ("confirm",)),
            "confirm": confirm(_summary, self.act),
        }
        super().__init__()

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
        if not self._villages(ctx):
            raise refused(ctx, Role.POLICE)
        return self.go(ctx, "village")

    def ask_village(self, ctx: Ctx) -> list[Reply]:
        question = ctx.say(
            ctx.t("Straying cattle, owner unknown (Sec XVI). In which village were they found?"),
            self._choices(ctx, self._villages(ctx)),
        )
        return pointing.offer(ctx, question, ctx.district_ids())

    def village(self, ctx: Ctx, msg: Inbound) -> tuple[str, dict[str, str]]:
        """A village of his thanas, typed, chosen or pointed at on a map."""
        villages = self._villages(ctx)
        said = pointing.pointed(ctx, msg, ctx.district_ids()) or chosen(ctx, msg)
        # In any script, or with a typo common on a keypad: one close name of the thana is taken.
        place, close = match_village(ctx.work, said, among=villages) if said else (None, [])
        match = place.name if place is not None else close[0].name if len(close) == 1 else None
        if match is None:
            raise Again(
                ctx.say(
                    ctx.t("That village is not served by a pound of your thana. Choose one:"),
                    self._choices(ctx, villages),
                )
            )
        return match, dict(villages.get(match, ()))

    def act(self, ctx: Ctx) -> Turn:
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
        return Turn.done("\n".join(lines))


def _animals(ctx: Ctx, groups: list[dict[str, object]]) -> str:
    ctx.data["animals"] = groups
    ctx.data["at"] = 0
    return "describe"


def _ask_description(ctx: Ctx) -> Reply:
    group = ctx.data["animals"][ctx.data["at"]]
    return ctx.say(
        ctx.t(
            "Describe the {animals} (colour, marks, horns), or send {say_skip}.",
            animals=words.counted(ctx.t, int(group["count"]), str(group["kind"])),
        )
    )


def _described(ctx: Ctx, text: str) -> str:
    """Each group described in turn (or skipped), then the summary."""
    groups = ctx.data["animals"]
    index = int(ctx.data.get("at", 0))
    skipped = not text or words.says(text, "skip", "no")
    groups[index]["description"] = "" if skipped else text[:500]
    ctx.data["at"] = index + 1
    return "describe" if index + 1 < len(groups) else "confirm"


def _summary(ctx: Ctx) -> list[str]:
    lines = [
        ctx.t(
            "Strays found at {place}, {village}:",
            place=ctx.data["place"],
            village=ctx.data["village"],
            village_names=ctx.data.get("village_names"),
        )
    ]
    for g in animals_from(ctx.data["animals"]):
        animals = words.counted(ctx.t, g.count, g.kind)
        lines.append(f"- {animals}" + (f": {g.description}" if g.description else ""))
    return [*lines, ctx.t("Record these strays (Sec XVI)?")]
