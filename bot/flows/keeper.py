"""The pound-keeper: arrivals (Sec V), amount due (VI, VII), payment and release (VII), the owner's
refusal (IX), a death or escape (practice G7)."""

from __future__ import annotations

import re
from datetime import date
from typing import ClassVar

from bot import words
from bot.figures import money
from bot.flows import records
from bot.flows.anyone import StatusFlow
from bot.flows.base import Ctx, Flow, Turn
from bot.flows.officer_kit import (
    OfficerFlow,
    actor,
    answer,
    command_typed,
    explained,
    person_dict,
    person_from,
    person_in,
    picked,
    places,
    refused,
    seizure_line,
    unconfirmed,
    who,
    worklist_turn,
    yes_no,
)
from bot.i18n import N_
from bot.notices import animals_text as _animals
from bot.types import Inbound, Option
from law.errors import PoundError
from office.keeper.arrival import register_arrival
from office.keeper.loss import record_loss
from office.keeper.payment import record_payment
from office.keeper.refusal import record_refusal
from office.roles import Role
from office.worklists import SeizureBrief, SeizureItem, expected_arrivals, in_pound, seizure_brief


def _is_keeper(ctx: Ctx) -> bool:
    return ctx.has(Role.KEEPER)


def _said(description: str | None) -> dict[str, object]:
    return {"description": description} if description else {}


def _animal_lines(ctx: Ctx, brief: SeizureBrief, numbers: list[int] | None = None) -> list[str]:
    out = []
    for a in brief.animals:
        if numbers is not None and a.number not in numbers:
            continue
        out.append(_animals(ctx.t, [{"number": a.number, "kind": a.kind, **_said(a.description)}]))
    return out


class KeeperFlow(OfficerFlow):
    """A keeper's act on one seizure at his pound: by reference, or chosen from a list."""

    roles = (Role.KEEPER,)
    section = "V"  # of the act: one who may not do it is refused citing it

    def brief(self, ctx: Ctx, ref: str) -> SeizureBrief:
        """The seizure, after checking the speaker keeps its pound (Sec IV, V)."""
        me = self.actor(ctx)
        return seizure_brief(ctx.work, ref=ref, now=ctx.now, actor_id=me, section=self.section)

    def actor(self, ctx: Ctx) -> int:
        return actor(ctx, Role.KEEPER, self.section)

    def allowed(self, ctx: Ctx) -> bool:
        return _is_keeper(ctx) or command_typed(ctx, self.commands)

    def worklist(self, ctx: Ctx, me: int) -> list[SeizureItem]:
        items: list[SeizureItem] = []
        for code in places(ctx, Role.KEEPER):
            items += in_pound(ctx.work, pound_code=code, actor_id=me)
        return items

    def empty(self, ctx: Ctx) -> str:
        return ctx.t("No cattle are held at your pound.")

    def start(self, ctx: Ctx, args: str) -> Turn:
        me = self.actor(ctx)
        if args.strip():
            return self.show(ctx, self.brief(ctx, args.split()[0].upper()))
        if not places(ctx, Role.KEEPER):
            raise refused(ctx, Role.KEEPER, self.section)
        return worklist_turn(ctx, self.worklist(ctx, me), self.empty(ctx), "ref")

    def on_ref(self, ctx: Ctx, msg: Inbound) -> Turn:
        return picked(ctx, msg, self.brief, self.show, "ref")

    def show(self, ctx: Ctx, brief: SeizureBrief) -> Turn:
        raise NotImplementedError


class ArriveFlow(KeeperFlow):
    """Register an arrival: what was reported, confirmed or corrected, entered (Sec V)."""

    name = "keeper_arrive"
    commands = ("arrive",)
    menu = N_("Arrivals at my pound (Sec V)")
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "start": ("ref", "check", "end"),
        "ref": ("ref", "check", "end"),
        "check": ("check", "count", "describe", "end"),
        "count": ("count", "check"),
        "describe": ("describe", "check"),
    }

    def worklist(self, ctx: Ctx, me: int) -> list[SeizureItem]:
        items: list[SeizureItem] = []
        for code in places(ctx, Role.KEEPER):
            items += expected_arrivals(ctx.work, pound_code=code, actor_id=me)
        return items

    def empty(self, ctx: Ctx) -> str:
        return ctx.t("No cattle are expected at your pound.")

    def show(self, ctx: Ctx, brief: SeizureBrief) -> Turn:
        if brief.item.status != "seized":
            return Turn.done(
                ctx.say(
                    ctx.t(
                        "{ref} is already entered in the register as {number}.",
                        ref=brief.item.ref,
                        number=brief.register_no or "-",
                    )
                )
            )
        ctx.data["ref"] = brief.item.ref
        ctx.data["reported"] = brief.item.heads
        ctx.data["numbers"] = [a.number for a in brief.animals if a.status == "seized"]
        ctx.data.setdefault("descriptions", {})
        return self._check(ctx, brief)

    def _check(self, ctx: Ctx, brief: SeizureBrief | None = None) -> Turn:
        brief = brief or self.brief(ctx, str(ctx.data["ref"]))
        item = brief.item
        lines = [
            seizure_line(ctx, item),
            ctx.t(
                "Reported: {heads} head. Owner: {owner}.",
                heads=item.heads,
                owner=who(ctx, item.owner_person, item.owner) or ctx.t("not known"),
            ),
        ]
        corrections: dict[str, str] = ctx.data.get("descriptions", {})
        for a in brief.animals:
            if a.status != "seized":
                continue
            description = corrections.get(str(a.number), a.description)
            lines.append(
                _animals(ctx.t, [{"number": a.number, "kind": a.kind, **_said(description)}])
            )
        if ctx.data.get("count") is not None:
            lines.append(ctx.t("Arrived: {count} head.", count=ctx.data["count"]))
        lines.append(ctx.t("Do the cattle at the pound match this?"))
        options = (
            Option("ok", ctx.t("Yes, enter them in the register")),
            Option("count", ctx.t("Correct the count")),
            Option("describe", ctx.t("Correct a description")),
        )
        return Turn.to("check", ctx.say("\n".join(lines), options))

    def on_check(self, ctx: Ctx, msg: Inbound) -> Turn:
        choice = (msg.option or msg.text).strip().lower()
        if choice == "count":
            return Turn.to("count", ctx.say(ctx.t("How many head arrived?")))
        if choice == "describe":
            return Turn.to(
                "describe",
                ctx.say(
                    ctx.t(
                        "Send the animal's number and its description, "
                        "for example: 2 black, left horn broken"
                    )
                ),
            )
        if choice != "ok" and answer(msg) is not True:
            return self._check(ctx)
        descriptions = {int(k): str(v) for k, v in ctx.data.get("descriptions", {}).items()}
        try:
            arrival = register_arrival(
                ctx.work.by(self.actor(ctx)),
                ref=str(ctx.data["ref"]),
                occurred_at=ctx.now,
                count=ctx.data.get("count"),
                descriptions=descriptions or None,
            )
        except PoundError as exc:
            turn = self._check(ctx)
            return explained(ctx, exc, "check", *turn.replies)
        claim = ctx.t.day(_iso_date(arrival.claim_until))
        return Turn.done(
            ctx.say(
                ctx.t(
                    "Entered in the register as No. {number} (Sec V). The seizer receives the "
                    "copy of the entry (Sec V). The owner may claim until {day} (Sec VIII).",
                    number=arrival.register_no,
                    day=claim,
                )
            ),
            ctx.say(
                ctx.t("Copy of the entry, as written in the register:")
                + "\n"
                + records.register_copy(ctx.t, arrival.copy)
            ),
        )

    def on_count(self, ctx: Ctx, msg: Inbound) -> Turn:
        found = words.count_first(msg.text)
        if found is None or found[1] or found[0] > 999:
            return Turn.to("count", ctx.say(ctx.t("Send the number of head, like 3.")))
        count = found[0]
        ctx.data["count"] = None if count == ctx.data.get("reported") else count
        return self._check(ctx)

    def on_describe(self, ctx: Ctx, msg: Inbound) -> Turn:
        match = re.fullmatch(r"\s*(\d{1,3})[\s.:,)-]+(.+)", msg.text, re.DOTALL)
        if match is None or int(match.group(1)) not in ctx.data.get("numbers", []):
            return Turn.to(
                "describe",
                ctx.say(
                    ctx.t(
                        "Send the animal's number and its description, "
                        "for example: 2 black, left horn broken"
                    )
                ),
            )
        number = str(int(match.group(1)))  # ৩ or ३ is animal 3
        ctx.data.setdefault("descriptions", {})[number] = match.group(2).strip()[:500]
        return self._check(ctx)


def _iso_date(text: str) -> date:
    return date.fromisoformat(text[:10])


class DueFlow(KeeperFlow):
    """The amount due today for a seizure: fines (Sec VI) and feeding (Sec VII, G9)."""

    name = "keeper_due"
    commands = ("amount",)
    typed_by_anyone = True
    section = "VII"
    menu = N_("Amount due for a seizure (Sec VI, VII)")
    steps: ClassVar[dict[str, tuple[str, ...]]] = {"start": ("ref", "end"), "ref": ("ref", "end")}

    def start(self, ctx: Ctx, args: str) -> Turn:
        if _is_keeper(ctx):
            return super().start(ctx, args)
        # Anyone else who asks what is due (an owner: "बकाया REF") is answered as STATUS
        # answers him: the amount due today to a party, the public answer to the public.
        return _STATUS.start(ctx, args)

    def on_ref(self, ctx: Ctx, msg: Inbound) -> Turn:
        if _is_keeper(ctx):
            return super().on_ref(ctx, msg)
        return _STATUS.on_ref(ctx, msg)

    def show(self, ctx: Ctx, brief: SeizureBrief) -> Turn:
        return Turn.done(ctx.say(due_text(ctx, brief)))


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
    """An act with the owner before the keeper: the owner named if not yet known, then confirm."""

    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "start": ("ref", "owner", "confirm", "end"),
        "ref": ("ref", "owner", "confirm", "end"),
        "owner": ("owner", "confirm"),
        "confirm": ("confirm", "end"),
    }

    def show(self, ctx: Ctx, brief: SeizureBrief) -> Turn:
        if not brief.held:
            return Turn.done(
                ctx.say(ctx.t("No animal of {ref} is in the pound.", ref=brief.item.ref))
            )
        ctx.data["ref"] = brief.item.ref
        ctx.data["total"] = brief.total
        ctx.data["money"] = brief.money
        ctx.data["held"] = brief.held
        if brief.item.owner is None and not ctx.data.get("owner"):
            return Turn.to(
                "owner",
                ctx.say(
                    due_text(ctx, brief)
                    + "\n"
                    + ctx.t(
                        "The owner is not yet known. Send his name and village, and phone if "
                        "any, for example: Mohan Lal, Kemri, +919222222222"
                    )
                ),
            )
        return self.ask(ctx, brief)

    def on_owner(self, ctx: Ctx, msg: Inbound) -> Turn:
        try:
            owner = person_in(msg.text)
        except PoundError as exc:
            return explained(ctx, exc, "owner")
        ctx.data["owner"] = person_dict(owner)
        return self.ask(ctx, self.brief(ctx, str(ctx.data["ref"])))

    def owner_name(self, ctx: Ctx, brief: SeizureBrief) -> str:
        owner = person_from(ctx.data.get("owner"))
        if owner is not None:
            return owner.name
        return who(ctx, brief.item.owner_person, brief.item.owner)

    def ask(self, ctx: Ctx, brief: SeizureBrief) -> Turn:
        raise NotImplementedError


class ReleaseFlow(OwnerActFlow):
    """Payment of fine and feeding, release, and the owner's receipt (Sec VII)."""

    name = "keeper_release"
    commands = ("release",)
    section = "VII"
    menu = N_("Payment and release (Sec VII)")

    def ask(self, ctx: Ctx, brief: SeizureBrief) -> Turn:
        ctx.data["total"] = brief.total
        ctx.data["money"] = brief.money
        text = "\n".join(
            [
                due_text(ctx, brief),
                *_animal_lines(ctx, brief, brief.held),
                ctx.t(
                    "Has {owner} paid {total}? On payment the cattle are released and he signs "
                    "the receipt in the register (Sec VII).",
                    owner=self.owner_name(ctx, brief),
                    total=money(ctx.t.lang, brief.total, brief.money),
                ),
            ]
        )
        return Turn.to("confirm", ctx.say(text, yes_no(ctx)))

    def on_confirm(self, ctx: Ctx, msg: Inbound) -> Turn:
        if (refusal := unconfirmed(ctx, msg)) is not None:
            return refusal
        try:
            receipt = record_payment(
                ctx.work.by(self.actor(ctx)),
                ref=str(ctx.data["ref"]),
                amount=int(ctx.data["total"]),
                payer=person_from(ctx.data.get("owner")),
                occurred_at=ctx.now,
            )
        except PoundError as exc:
            return explained(ctx, exc, None)
        return Turn.done(
            ctx.say(
                ctx.t(
                    "Received {total} for {ref}: {count} head released (Sec VII).",
                    total=money(ctx.t.lang, receipt.total, str(ctx.data.get("money", ""))),
                    ref=receipt.ref,
                    count=len(receipt.animals),
                )
            ),
            ctx.say(
                ctx.t("The owner's receipt, to be signed in the register (Sec VII):")
                + "\n"
                + records.receipt(ctx.t, receipt.receipt)
            ),
        )


class RefusalFlow(OwnerActFlow):
    """The owner appeared and refused or omitted to pay: sale may follow (Sec IX)."""

    name = "keeper_refusal"
    commands = ("refused",)
    section = "IX"
    menu = N_("Owner refused to pay (Sec IX)")

    def ask(self, ctx: Ctx, brief: SeizureBrief) -> Turn:
        text = "\n".join(
            [
                due_text(ctx, brief),
                ctx.t(
                    "Did {owner} appear and refuse or omit to pay {total}? The Darogah may then "
                    "sell as many of the cattle as needed (Sec IX).",
                    owner=self.owner_name(ctx, brief),
                    total=money(ctx.t.lang, brief.total, brief.money),
                ),
            ]
        )
        return Turn.to("confirm", ctx.say(text, yes_no(ctx)))

    def on_confirm(self, ctx: Ctx, msg: Inbound) -> Turn:
        if (refusal := unconfirmed(ctx, msg)) is not None:
            return refusal
        ref = str(ctx.data["ref"])
        try:
            record_refusal(
                ctx.work.by(self.actor(ctx)),
                ref=ref,
                owner=person_from(ctx.data.get("owner")),
                occurred_at=ctx.now,
            )
        except PoundError as exc:
            return explained(ctx, exc, None)
        return Turn.done(
            ctx.say(
                ctx.t(
                    "Recorded: the owner refused to pay for {ref} (Sec IX). The Darogah may sell "
                    "as many as needed; no sale while a complaint is pending.",
                    ref=ref,
                )
            )
        )


WHAT = {"died": N_("Died"), "escaped": N_("Escaped")}


class LossFlow(KeeperFlow):
    """An animal died or escaped in the pound, with the reason (practice G7)."""

    name = "keeper_loss"
    commands = ("loss", "died", "escaped")
    section = "practice G7"
    menu = N_("An animal died or escaped")
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "start": ("ref", "animal", "end"),
        "ref": ("ref", "animal", "end"),
        "animal": ("animal", "what"),
        "what": ("what", "reason"),
        "reason": ("reason", "confirm"),
        "confirm": ("confirm", "end"),
    }

    def show(self, ctx: Ctx, brief: SeizureBrief) -> Turn:
        if not brief.held:
            return Turn.done(
                ctx.say(ctx.t("No animal of {ref} is in the pound.", ref=brief.item.ref))
            )
        ctx.data["ref"] = brief.item.ref
        ctx.data["held"] = brief.held
        lines = _animal_lines(ctx, brief, brief.held)
        options = tuple(Option(str(n), line) for n, line in zip(brief.held, lines, strict=True))
        return Turn.to("animal", ctx.say(ctx.t("Which animal?"), options))

    def on_animal(self, ctx: Ctx, msg: Inbound) -> Turn:
        number = words.number(msg.option or msg.text)
        if number is None or number not in ctx.data.get("held", []):
            return Turn.to(
                "animal", ctx.say(ctx.t("Send the number of an animal held in the pound."))
            )
        ctx.data["animal"] = number
        options = tuple(Option(k, ctx.t(v)) for k, v in WHAT.items())
        return Turn.to("what", ctx.say(ctx.t("Did it die or escape?"), options))

    def on_what(self, ctx: Ctx, msg: Inbound) -> Turn:
        typed = msg.option or ""
        if not typed:
            said = words.command(msg.text, tuple(WHAT))
            typed = said[0] if said is not None and not said[1] else ""
        if typed not in WHAT:
            options = tuple(Option(k, ctx.t(v)) for k, v in WHAT.items())
            return Turn.to("what", ctx.say(ctx.t("Did it die or escape?"), options))
        ctx.data["what"] = typed
        return Turn.to("reason", ctx.say(ctx.t("What happened? Give the reason or circumstances.")))

    def on_reason(self, ctx: Ctx, msg: Inbound) -> Turn:
        reason = msg.text.strip()
        if not reason:
            return Turn.to(
                "reason", ctx.say(ctx.t("What happened? Give the reason or circumstances."))
            )
        ctx.data["reason"] = reason[:500]
        text = ctx.t(
            "Record that animal {number} of {ref} {what}: {reason}? Its fine and feeding stop "
            "today, and the owner is told (practice G7).",
            number=ctx.data["animal"],
            ref=ctx.data["ref"],
            what=ctx.t(WHAT[str(ctx.data["what"])]).lower(),
            reason=reason,
        )
        return Turn.to("confirm", ctx.say(text, yes_no(ctx)))

    def on_confirm(self, ctx: Ctx, msg: Inbound) -> Turn:
        if (refusal := unconfirmed(ctx, msg)) is not None:
            return refusal
        try:
            record_loss(
                ctx.work.by(self.actor(ctx)),
                ref=str(ctx.data["ref"]),
                animal=int(ctx.data["animal"]),
                what=str(ctx.data["what"]),
                reason=str(ctx.data["reason"]),
                occurred_at=ctx.now,
            )
        except PoundError as exc:
            return explained(ctx, exc, None)
        return Turn.done(ctx.say(ctx.t("Recorded (practice G7).")))


FLOWS: list[Flow] = [ArriveFlow(), DueFlow(), ReleaseFlow(), RefusalFlow(), LossFlow()]
