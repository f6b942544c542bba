"""The Magistrate: complaints against seizures waiting in his district, examined and decided
(Sec XIV). A pending complaint is dismissed on examination or admitted with a summons to the
seizer; only an admitted one is decided lawful, or illegal with damages and expenses (G15)."""

from __future__ import annotations

from typing import ClassVar

from bot.flows.base import Ctx, Flow, Turn
from bot.flows.officer_kit import (
    OfficerFlow,
    actor,
    command_typed,
    explained,
    refused,
    unconfirmed,
    yes_no,
)
from bot.i18n import N_
from bot.types import Inbound, Option
from law.complaint import ComplaintStatus, Standing, next_steps, step
from law.errors import DamagesOverCap, InvalidInput, PoundError
from law.money import MoneySystem
from office.complaints import OPEN, admit_complaint, decide_complaint
from office.queries import money_for, read_amount
from office.roles import Role
from office.worklists import ComplaintItem, complaint_detail, pending_complaints

OUTCOMES = {
    "dismissed": N_("Dismiss on examination"),
    "admit": N_("Admit: summon the seizer"),
    "lawful": N_("The seizure was lawful"),
    "illegal": N_("The seizure was illegal: damages"),
}
# Each choice and the complaint status it leads to; which are open at a step is the law's
# (law.complaint.next_steps: dismiss or summon on examination, lawful or illegal after).
STEP_OF = {
    "dismissed": ComplaintStatus.DISMISSED,
    "admit": ComplaintStatus.ADMITTED,
    "lawful": ComplaintStatus.LAWFUL,
    "illegal": ComplaintStatus.ILLEGAL,
}
# Sec XIV: damages up to one hundred rupees, besides all expenses of procuring release.
DAMAGES_CAP_RUPEES = 100


def _allowed(ctx: Ctx) -> tuple[str, ...]:
    try:
        status = ComplaintStatus(str(ctx.data.get("status")))
    except ValueError:
        return ()
    steps = next_steps(status)
    return tuple(k for k, to in STEP_OF.items() if to in steps)


def _options(ctx: Ctx) -> tuple[Option, ...]:
    return tuple(Option(k, ctx.t(OUTCOMES[k])) for k in _allowed(ctx))


def _districts(ctx: Ctx) -> list[int]:
    return sorted({g.district_id for g in ctx.roles if g.role == Role.MAGISTRATE.value})


def _money(ctx: Ctx) -> MoneySystem:
    return money_for(ctx.db, complaint_id=int(ctx.data["complaint"]))


class ComplaintsFlow(OfficerFlow):
    """Complaints waiting, one examined, and the decision recorded (Sec XIV)."""

    roles = (Role.MAGISTRATE,)
    name = "magistrate_complaints"
    commands = ("complaints", "examine")
    menu = N_("Complaints waiting (Sec XIV)")
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "start": ("pick", "decide", "end"),
        "pick": ("pick", "decide", "end"),
        "decide": ("decide", "hearing", "damages", "reasons", "end"),
        "hearing": ("hearing", "end"),
        "damages": ("damages", "expenses"),
        "expenses": ("expenses", "reasons"),
        "reasons": ("reasons", "confirm"),
        "confirm": ("confirm", "end"),
    }

    def recheck(self, ctx: Ctx) -> None:
        complaint = ctx.data.get("complaint")
        if isinstance(complaint, int):
            complaint_detail(ctx.db, complaint_id=complaint, actor_id=actor(ctx, Role.MAGISTRATE))
        elif not ctx.has(Role.MAGISTRATE):
            raise refused(ctx, Role.MAGISTRATE)

    def allowed(self, ctx: Ctx) -> bool:
        return ctx.has(Role.MAGISTRATE) or command_typed(ctx, self.commands)

    def start(self, ctx: Ctx, args: str) -> Turn:
        me = actor(ctx, Role.MAGISTRATE)
        if args.strip():
            return self._show(ctx, me, args.split()[0])
        districts = _districts(ctx)
        if not districts:
            raise refused(ctx, Role.MAGISTRATE)
        items = [
            c for d in districts for c in pending_complaints(ctx.db, district_id=d, actor_id=me)
        ]
        if not items:
            return Turn.done(ctx.say(ctx.t("No complaints are waiting.")))
        lines = [
            ctx.t(
                "No. {id}: seizure {ref}, by {complainant}, filed {day}",
                id=c.id,
                ref=c.ref,
                complainant=c.complainant,
                day=ctx.t.day(c.filed_at.date()),
            )
            for c in items
        ]
        lines.append(ctx.t("Choose a complaint to examine, or send its number."))
        options = tuple(Option(str(c.id), f"{c.id}: {c.ref}") for c in items)
        return Turn.to("pick", ctx.say("\n".join(lines), options))

    def on_pick(self, ctx: Ctx, msg: Inbound) -> Turn:
        try:
            return self._show(ctx, actor(ctx, Role.MAGISTRATE), msg.option or msg.text)
        except PoundError as exc:
            return explained(ctx, exc, "pick")

    def _show(self, ctx: Ctx, me: int, typed: str) -> Turn:
        number = typed.strip().lstrip("#").removeprefix("No.").strip()
        if not number.isdigit() or len(number) > 12:
            raise InvalidInput("send the complaint's number, like 12")
        c = complaint_detail(ctx.db, complaint_id=int(number), actor_id=me)
        if c.status not in OPEN:
            return Turn.done(
                ctx.say(
                    ctx.t(
                        "Complaint No. {id} is already decided ({status}).",
                        id=c.id,
                        status=c.status,
                    )
                )
            )
        ctx.data["complaint"] = c.id
        ctx.data["seizer"] = c.seizure.seizer
        ctx.data["status"] = c.status
        text = "\n".join([*self._describe(ctx, c), ctx.t("What do you decide? (Sec XIV)")])
        return Turn.to("decide", ctx.say(text, _options(ctx)))

    def _describe(self, ctx: Ctx, c: ComplaintItem) -> list[str]:
        z = c.seizure
        by = (
            ctx.t(
                "{complainant}, through the agent {agent}", complainant=c.complainant, agent=c.agent
            )
            if c.agent
            else c.complainant
        )
        lines = [
            ctx.t(
                "Complaint No. {id} against seizure {ref}, filed {day} by {by}:",
                id=c.id,
                ref=c.ref,
                day=ctx.t.day(c.filed_at.date()),
                by=by,
            ),
            f'"{c.text}"',
            ctx.t(
                "Seizure: {counted} seized at {place}, {village}, on {day} by {seizer}.",
                counted=", ".join(f"{a.number}. {a.kind}" for a in c.animals),
                place=z.place,
                village=z.village,
                day=ctx.t.day(z.seized_on),
                seizer=z.seizer,
            ),
        ]
        if z.damage:
            lines.append(ctx.t("Damage stated by the seizer: {damage}", damage=z.damage))
        if c.standing == Standing.CLAIMING_OWNER.value:
            lines.append(
                ctx.t("No owner is on record: the complainant claims to be the owner (Sec XIV).")
            )
        lines.append(
            ctx.t("Still in the pound: {heads} head at {pound}.", heads=z.heads, pound=z.pound_name)
        )
        if c.status == ComplaintStatus.ADMITTED.value:
            lines.append(
                ctx.t(
                    "Admitted: the seizer was summoned to the summary enquiry ({hearing}). "
                    "Decide the seizure lawful or illegal (Sec XIV).",
                    hearing=c.hearing or "-",
                )
            )
        else:
            lines.append(
                ctx.t(
                    "Not yet admitted: dismiss it on examination, or admit it and summon the "
                    "seizer to a summary enquiry before deciding the seizure (Sec XIV)."
                )
            )
        return lines

    def on_decide(self, ctx: Ctx, msg: Inbound) -> Turn:
        choice = (msg.option or msg.text).strip().lower()
        allowed = _allowed(ctx)
        if choice in STEP_OF and choice not in allowed:
            # G15: lawful or illegal only after the summons; no dismissal after it.
            try:
                step(ComplaintStatus(str(ctx.data["status"])), STEP_OF[choice])
            except PoundError as exc:
                return Turn.to(
                    "decide",
                    ctx.say(ctx.explain(exc)),
                    ctx.say(ctx.t("What do you decide? (Sec XIV)"), _options(ctx)),
                )
        if choice == "admit":
            return Turn.to(
                "hearing",
                ctx.say(
                    ctx.t(
                        "When and where is the summary enquiry? For example: 12 March, 11 am, "
                        "Sadar court."
                    )
                ),
            )
        if choice not in allowed:
            return Turn.to("decide", ctx.say(ctx.t("What do you decide? (Sec XIV)"), _options(ctx)))
        ctx.data["outcome"] = choice
        if choice == "illegal":
            return Turn.to(
                "damages",
                ctx.say(
                    ctx.t(
                        "Damages to the complainant, at most Rs 100 (Sec XIV), "
                        "for example Rs 25-0-0 (send 0 for none):"
                    )
                ),
            )
        return Turn.to("reasons", ctx.say(ctx.t("Your reasons, in a few words:")))

    def on_hearing(self, ctx: Ctx, msg: Inbound) -> Turn:
        hearing = msg.text.strip()
        if not hearing:
            return Turn.to("hearing", ctx.say(ctx.t("Please say when and where.")))
        try:
            admit_complaint(
                ctx.db,
                actor_id=actor(ctx, Role.MAGISTRATE),
                complaint_id=int(ctx.data["complaint"]),
                hearing=hearing,
                occurred_at=ctx.now,
                now=ctx.now,
            )
        except PoundError as exc:
            return explained(ctx, exc, "hearing")
        return Turn.done(
            ctx.say(
                ctx.t(
                    "Admitted. {seizer} is summoned to the enquiry ({hearing}); decide the "
                    "complaint here afterwards (Sec XIV). No sale meanwhile (Sec IX).",
                    seizer=ctx.data.get("seizer", ""),
                    hearing=hearing,
                )
            )
        )

    def on_damages(self, ctx: Ctx, msg: Inbound) -> Turn:
        try:
            money = _money(ctx)
            damages = read_amount(msg.text.strip(), money)
            if damages > money.from_rupees(DAMAGES_CAP_RUPEES):
                raise DamagesOverCap("damages over Rs 100", section="XIV")
        except PoundError as exc:
            return explained(ctx, exc, "damages")
        ctx.data["damages"] = damages
        return Turn.to(
            "expenses",
            ctx.say(
                ctx.t(
                    "Expenses the complainant incurred in procuring the release, for example "
                    "Rs 1-0-0 (send 0 for none):"
                )
            ),
        )

    def on_expenses(self, ctx: Ctx, msg: Inbound) -> Turn:
        try:
            ctx.data["expenses"] = read_amount(msg.text.strip(), _money(ctx))
        except PoundError as exc:
            return explained(ctx, exc, "expenses")
        return Turn.to("reasons", ctx.say(ctx.t("Your reasons, in a few words:")))

    def on_reasons(self, ctx: Ctx, msg: Inbound) -> Turn:
        reasons = msg.text.strip()
        if not reasons:
            return Turn.to("reasons", ctx.say(ctx.t("Your reasons, in a few words:")))
        ctx.data["reasons"] = reasons[:8000]
        outcome = str(ctx.data["outcome"])
        lines = [
            ctx.t(
                "Complaint No. {id}: {outcome}.",
                id=ctx.data["complaint"],
                outcome=ctx.t(OUTCOMES[outcome]),
            )
        ]
        if outcome == "illegal":
            money = _money(ctx)
            lines.append(
                ctx.t(
                    "The seizer pays damages {damages} and expenses {expenses}, and repays the "
                    "fines and expenses the owner paid or that were taken from the proceeds of a "
                    "sale; cattle still held are released and their fines and feeding charged to "
                    "him (Sec XIV).",
                    damages=money.format(int(ctx.data["damages"])),
                    expenses=money.format(int(ctx.data["expenses"])),
                )
            )
        lines += [ctx.t("Reasons: {reasons}", reasons=reasons), ctx.t("Record this decision?")]
        return Turn.to("confirm", ctx.say("\n".join(lines), yes_no(ctx)))

    def on_confirm(self, ctx: Ctx, msg: Inbound) -> Turn:
        if (refusal := unconfirmed(ctx, msg)) is not None:
            return refusal
        outcome = str(ctx.data["outcome"])
        try:
            decision = decide_complaint(
                ctx.db,
                actor_id=actor(ctx, Role.MAGISTRATE),
                complaint_id=int(ctx.data["complaint"]),
                outcome=outcome,
                reasons=str(ctx.data["reasons"]),
                damages=int(ctx.data.get("damages", 0)),
                expenses=int(ctx.data.get("expenses", 0)),
                occurred_at=ctx.now,
                now=ctx.now,
            )
        except PoundError as exc:
            return explained(ctx, exc, None)
        if decision.outcome == "dismissed":
            text = ctx.t(
                "Complaint No. {id} dismissed (Sec XIV). The stay of sale ends unless another "
                "complaint is pending (Sec IX).",
                id=decision.complaint_id,
            )
        elif decision.outcome == "lawful":
            text = ctx.t(
                "The seizure was held lawful (Sec XIV); the cattle stay in the pound under the "
                "Act.",
            )
        else:
            money = _money(ctx)
            released = (
                ctx.t(
                    "Released by order: animals {numbers}.",
                    numbers=", ".join(str(n) for n in decision.released),
                )
                if decision.released
                else ctx.t("No animal was still held.")
            )
            text = "\n".join(
                [
                    ctx.t("The seizure was held illegal (Sec XIV).") + " " + released,
                    ctx.t(
                        "The seizer owes the complainant {owed}: damages {damages}, expenses "
                        "{expenses}, and the fines and expenses paid, {repaid}; and the fines "
                        "and feeding of the cattle held, {held} (Sec XIV).",
                        owed=money.format(decision.owed_to_owner),
                        damages=money.format(decision.damages),
                        expenses=money.format(decision.expenses),
                        repaid=money.format(decision.fines_repaid),
                        held=money.format(decision.held_charges),
                    ),
                ]
            )
        return Turn.done(ctx.say(text))


FLOWS: list[Flow] = [ComplaintsFlow()]
