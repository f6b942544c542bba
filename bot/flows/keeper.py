"""The pound-keeper: arrivals (Sec V), amount due (VI, VII), payment and release (VII), the owner's
refusal (IX), a death or escape (practice G7)."""

from __future__ import annotations

import re
from abc import abstractmethod
from collections.abc import Mapping
from datetime import date

from bot import words
from bot.figures import money
from bot.flows import records
from bot.flows.anyone import StatusFlow
from bot.flows.base import Ctx, Turn
from bot.flows.officer_kit import (
    answer,
    confirm,
    person_from,
    person_typed,
    seizure_line,
    who,
)
from bot.flows.table import Again, Step, asks, chosen, kept, text_step
from bot.flows.worklist import Listing, Worklist, seizures
from bot.i18n import N_
from bot.notices import DESCRIBED, KIND_NAMES
from bot.types import Inbound, Option, Reply
from law.errors import PoundError
from office.access.roles import Role
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.loss import record_loss
from office.acts.keeper.payment import record_payment
from office.acts.keeper.refusal import record_refusal
from office.views.worklists import SeizureBrief, expected_arrivals, in_pound

LISTED = N_("Animal {number}: {kind}")


def _animal_lines(
    ctx: Ctx, brief: SeizureBrief, numbers: list[int], corrected: Mapping[str, str] = {}
) -> list[str]:
    """Each animal of `numbers`, `Animal 1: cow (red)`, its description as `corrected` (by
    number): over SMS a line `1. cow` would read as one of the numbered choices under it."""
    t = ctx.t
    lines = []
    for a in brief.animals:
        if a.number in numbers:
            line = t(LISTED, number=a.number, kind=t(KIND_NAMES.get(a.kind, a.kind)))
            described = corrected.get(str(a.number), a.description)
            lines.append(t(DESCRIBED, animal=line, description=described) if described else line)
    return lines


def _held(section: str) -> Listing:
    """The cattle held at the keeper's pound, for an act of `section`."""
    return seizures(
        lambda ctx, me, code: in_pound(ctx.work, pound_code=code, actor_id=me),
        N_("No cattle are held at your pound."),
        (Role.KEEPER,),
        section,
    )


class KeeperFlow(Worklist):
    """A keeper's act on one seizure at his pound: by reference, or chosen from the cattle held
    there (`held`)."""

    roles = (Role.KEEPER,)
    section = "V"  # of the act: one who may not do it is refused citing it
    pick = "ref"


class ArriveFlow(KeeperFlow):
    """Register an arrival: what was reported, confirmed or corrected, entered (Sec V)."""

    name = "keeper_arrive"
    commands = ("arrive",)
    menu = N_("Arrivals at my pound (Sec V)")
    shows = ("check", "end")
    listing = seizures(
        lambda ctx, me, code: expected_arrivals(ctx.work, pound_code=code, actor_id=me),
        N_("No cattle are expected at your pound."),
        KeeperFlow.roles,
        "V",
    )

    def __init__(self) -> None:
        super().__init__(
            {
                "check": Step(
                    self.check, _check_choice, self.checked, ("count", "describe", "end")
                ),
                "count": kept(asks(N_("How many head arrived?")), _head_count, "count", "check"),
                "describe": Step(asks(DESCRIBE), _description, _described, ("check",)),
            }
        )

    def show(self, ctx: Ctx, brief: SeizureBrief) -> str | Turn:
        if brief.item.status != "seized":
            return Turn.done(
                ctx.t(
                    "{ref} is already entered in the register as {number}.",
                    ref=brief.item.ref,
                    number=brief.register_no or "-",
                )
            )
        ctx.data["ref"] = brief.item.ref
        ctx.data["reported"] = brief.item.heads
        ctx.data["numbers"] = [a.number for a in brief.animals if a.status == "seized"]
        ctx.data.setdefault("descriptions", {})
        return "check"

    def check(self, ctx: Ctx) -> Reply:
        """The seizure as reported, with the corrections so far, to be confirmed."""
        brief = self.brief(ctx)
        item = brief.item
        lines = [
            seizure_line(ctx, item),
            ctx.t(
                "Reported: {heads} head. Owner: {owner}.",
                heads=item.heads,
                owner=who(ctx, item.owner_person, item.owner) or ctx.t("not known"),
            ),
        ]
        seized = [a.number for a in brief.animals if a.status == "seized"]
        lines += _animal_lines(ctx, brief, seized, ctx.data.get("descriptions", {}))
        if ctx.data.get("count") is not None:
            lines.append(ctx.t("Arrived: {count} head.", count=ctx.data["count"]))
        lines.append(ctx.t("Do the cattle at the pound match this?"))
        options = (
            Option("ok", ctx.t("Yes, enter them in the register")),
            Option("count", ctx.t("Correct the count")),
            Option("describe", ctx.t("Correct a description")),
        )
        return ctx.say("\n".join(lines), options)

    def checked(self, ctx: Ctx, choice: str) -> str | Turn:
        if choice != "ok":
            return choice or "check"
        descriptions = {int(k): str(v) for k, v in ctx.data.get("descriptions", {}).items()}
        try:
            arrival = register_arrival(
                ctx.work.by(self.me(ctx)),
                ref=str(ctx.data["ref"]),
                occurred_at=ctx.now,
                count=ctx.data.get("count"),
                descriptions=descriptions or None,
            )
        except PoundError as exc:
            return self.go(ctx, "check", ctx.explain(exc))
        claim = ctx.t.day(date.fromisoformat(arrival.claim_until[:10]))
        return Turn.done(
            ctx.t(
                "Entered in the register as No. {number} (Sec V). The seizer receives the "
                "copy of the entry (Sec V). The owner may claim until {day} (Sec VIII).",
                number=arrival.register_no,
                day=claim,
            ),
            ctx.t("Copy of the entry, as written in the register:")
            + "\n"
            + records.register_copy(ctx.t, arrival.copy),
        )


DESCRIBE = N_(
    "Send the animal's number and its description, for example: 2 black, left horn broken"
)


def _check_choice(ctx: Ctx, msg: Inbound) -> str:
    """`count` or `describe` (a correction), `ok` (or yes) to enter them, else nothing."""
    choice = chosen(ctx, msg).lower()
    if choice in ("count", "describe", "ok"):
        return choice
    return "ok" if answer(msg) is True else ""


def _head_count(ctx: Ctx, msg: Inbound) -> int | None:
    """The number of head arrived; None when it is the number reported."""
    found = words.count_first(msg.text)
    if found is None or found[1] or found[0] > 999:
        raise Again(ctx.say(ctx.t("Send the number of head, like 3.")))
    return None if found[0] == ctx.data.get("reported") else found[0]


def _description(ctx: Ctx, msg: Inbound) -> tuple[str, str]:
    """`2 black, left horn broken`: an animal of the seizure and its description."""
    match = re.fullmatch(r"\s*(\d{1,3})[\s.:,)-]+(.+)", msg.text, re.DOTALL)
    if match is None or int(match.group(1)) not in ctx.data.get("numbers", []):
        raise Again(ctx.say(ctx.t(DESCRIBE)))
    return str(int(match.group(1))), match.group(2).strip()[:500]  # ৩ or ३ is animal 3


def _described(ctx: Ctx, said: tuple[str, str]) -> str:
    number, description = said
    ctx.data.setdefault("descriptions", {})[number] = description
    return "check"


class DueFlow(KeeperFlow):
    """The amount due today for a seizure: fines (Sec VI) and feeding (Sec VII, G9)."""

    name = "keeper_due"
    commands = ("amount",)
    typed_by_anyone = True
    section = "VII"
    menu = N_("Amount due for a seizure (Sec VI, VII)")
    shows = ("end",)
    listing = _held("VII")

    def __init__(self) -> None:
        super().__init__({})

    def start(self, ctx: Ctx, args: str) -> Turn:
        if ctx.has(Role.KEEPER):
            return super().start(ctx, args)
        # Anyone else who asks what is due (an owner: "बकाया REF") is answered as STATUS
        # answers him: the amount due today to a party, the public answer to the public.
        return _STATUS.start(ctx, args)

    def answer(self, step: str, ctx: Ctx, msg: Inbound) -> Turn:
        if ctx.has(Role.KEEPER):
            return super().answer(step, ctx, msg)
        return _STATUS.on_ref(ctx, msg)

    def show(self, ctx: Ctx, brief: SeizureBrief) -> Turn:
        return Turn.done(due_text(ctx, brief))


_STATUS = StatusFlow()


def due_text(ctx: Ctx, brief: SeizureBrief) -> str:
    lines = [
        ctx.t(
            "{ref}: {heads} head in the pound. Due on {day}: fine {fine} (Sec VI), "
            "feeding {feeding} (Sec VII), total {total}.",
            ref=brief.item.ref,
            heads=len(brief.held),
            day=ctx.t.day(brief.on),
            fine=money(ctx.t.lang, brief.fine, brief.money),
            feeding=money(ctx.t.lang, brief.feeding, brief.money),
            total=money(ctx.t.lang, brief.total, brief.money),
        ),
        ctx.t(
            "Feeding grows by {per_day} for each further day.",
            per_day=money(ctx.t.lang, brief.per_day, brief.money),
        ),
    ]
    return "\n".join(lines)


class OwnerActFlow(KeeperFlow):
    """An act with the owner before the keeper: the owner named if not yet known, then the
    amount due and the `question` ({owner} and {total}) confirmed, and the act recorded."""

    shows = ("owner", "confirm", "end")
    question: str
    # Whether the summary lists the animals held (those the act releases).
    lists_held = False

    def __init__(self) -> None:
        super().__init__(
            {
                "owner": kept(self.ask_owner, person_typed, "owner", "confirm"),
                "confirm": confirm(self.ask, self.act),
            }
        )

    def show(self, ctx: Ctx, brief: SeizureBrief) -> str | Turn:
        if not brief.held:
            return Turn.done(ctx.t("No animal of {ref} is in the pound.", ref=brief.item.ref))
        ctx.data["ref"] = brief.item.ref
        ctx.data["held"] = brief.held
        if brief.item.owner is None and not ctx.data.get("owner"):
            return "owner"
        return "confirm"

    def ask_owner(self, ctx: Ctx) -> Reply:
        return ctx.say(
            due_text(ctx, self.brief(ctx))
            + "\n"
            + ctx.t(
                "The owner is not yet known. Send his name and village, and phone if "
                "any, for example: Mohan Lal, Kemri, +919222222222"
            )
        )

    def ask(self, ctx: Ctx) -> list[str]:
        brief = self.brief(ctx)
        ctx.data["total"] = brief.total
        ctx.data["money"] = brief.money
        owner = person_from(ctx.data.get("owner"))
        question = ctx.t(
            self.question,
            owner=owner.name if owner else who(ctx, brief.item.owner_person, brief.item.owner),
            total=money(ctx.t.lang, brief.total, brief.money),
        )
        held = _animal_lines(ctx, brief, brief.held) if self.lists_held else []
        return [due_text(ctx, brief), *held, question]

    @abstractmethod
    def act(self, ctx: Ctx) -> Turn:
        """The act recorded."""


class ReleaseFlow(OwnerActFlow):
    """Payment of fine and feeding, release, and the owner's receipt (Sec VII)."""

    name = "keeper_release"
    commands = ("release",)
    section = "VII"
    menu = N_("Payment and release (Sec VII)")
    listing = _held("VII")
    question = N_(
        "Has {owner} paid {total}? On payment the cattle are released and he signs the receipt "
        "in the register (Sec VII)."
    )
    lists_held = True

    def act(self, ctx: Ctx) -> Turn:
        receipt = record_payment(
            ctx.work.by(self.me(ctx)),
            ref=str(ctx.data["ref"]),
            amount=int(ctx.data["total"]),
            payer=person_from(ctx.data.get("owner")),
            occurred_at=ctx.now,
        )
        return Turn.done(
            ctx.t(
                "Received {total} for {ref}: {count} head released (Sec VII).",
                total=money(ctx.t.lang, receipt.total, str(ctx.data.get("money", ""))),
                ref=receipt.ref,
                count=len(receipt.animals),
            ),
            ctx.t("The owner's receipt, to be signed in the register (Sec VII):")
            + "\n"
            + records.receipt(ctx.t, receipt.receipt),
        )


class RefusalFlow(OwnerActFlow):
    """The owner appeared and refused or omitted to pay: sale may follow (Sec IX)."""

    name = "keeper_refusal"
    commands = ("refused",)
    section = "IX"
    menu = N_("Owner refused to pay (Sec IX)")
    listing = _held("IX")
    question = N_(
        "Did {owner} appear and refuse or omit to pay {total}? The Darogah may then sell as "
        "many of the cattle as needed (Sec IX)."
    )

    def act(self, ctx: Ctx) -> Turn:
        ref = str(ctx.data["ref"])
        record_refusal(
            ctx.work.by(self.me(ctx)),
            ref=ref,
            owner=person_from(ctx.data.get("owner")),
            occurred_at=ctx.now,
        )
        return Turn.done(
            ctx.t(
                "Recorded: the owner refused to pay for {ref} (Sec IX). The Darogah may sell "
                "as many as needed; no sale while a complaint is pending.",
                ref=ref,
            )
        )


WHAT = {"died": N_("Died"), "escaped": N_("Escaped")}


class LossFlow(KeeperFlow):
    """An animal died or escaped in the pound, with the reason (practice G7)."""

    name = "keeper_loss"
    commands = ("loss", "died", "escaped")
    section = "practice G7"
    menu = N_("An animal died or escaped")
    shows = ("animal", "end")
    listing = _held("practice G7")

    def __init__(self) -> None:
        reason = N_("What happened? Give the reason or circumstances.")
        super().__init__(
            {
                "animal": kept(self.ask_animal, _held_animal, "animal", "what"),
                "what": kept(_ask_what, _what, "what", "reason"),
                "reason": text_step(reason, "reason", "confirm"),
                "confirm": confirm(_ask_loss, self.act),
            }
        )

    def show(self, ctx: Ctx, brief: SeizureBrief) -> str | Turn:
        if not brief.held:
            return Turn.done(ctx.t("No animal of {ref} is in the pound.", ref=brief.item.ref))
        ctx.data["ref"] = brief.item.ref
        ctx.data["held"] = brief.held
        return "animal"

    def ask_animal(self, ctx: Ctx) -> Reply:
        brief = self.brief(ctx)
        lines = _animal_lines(ctx, brief, brief.held)
        options = tuple(Option(str(n), line) for n, line in zip(brief.held, lines, strict=True))
        return ctx.say(ctx.t("Which animal?"), options)

    def act(self, ctx: Ctx) -> Turn:
        record_loss(
            ctx.work.by(self.me(ctx)),
            ref=str(ctx.data["ref"]),
            animal=int(ctx.data["animal"]),
            what=str(ctx.data["what"]),
            reason=str(ctx.data["reason"])[:500],
            occurred_at=ctx.now,
        )
        return Turn.done(ctx.t("Recorded (practice G7)."))


def _held_animal(ctx: Ctx, msg: Inbound) -> int:
    number = words.number(msg.option or msg.text)
    if number is None or number not in ctx.data.get("held", []):
        raise Again(ctx.say(ctx.t("Send the number of an animal held in the pound.")))
    return number


def _ask_what(ctx: Ctx) -> Reply:
    options = tuple(Option(k, ctx.t(v)) for k, v in WHAT.items())
    return ctx.say(ctx.t("Did it die or escape?"), options)


def _what(ctx: Ctx, msg: Inbound) -> str:
    typed = msg.option or ""
    if not typed:
        said = words.command(msg.text, tuple(WHAT))
        typed = said[0] if said is not None and not said[1] else ""
    if typed not in WHAT:
        raise Again(_ask_what(ctx))
    return typed


def _ask_loss(ctx: Ctx) -> list[str]:
    text = ctx.t(
        "Record that animal {number} of {ref} {what}: {reason}? Its fine and feeding stop "
        "today, and the owner is told (practice G7).",
        number=ctx.data["animal"],
        ref=ctx.data["ref"],
        what=ctx.t(WHAT[str(ctx.data["what"])]).lower(),
        reason=ctx.data["reason"],
    )
    return [text]
