"""The Magistrate: complaints against seizures waiting in his district, examined and decided
(Sec XIV): a pending complaint is dismissed on examination or admitted with a summons to the
seizer; only an admitted one is decided lawful, or illegal with damages and expenses (G15). Also
the recovery of an unpaid Sec XVII fine by sale of the cattle ordered, and offences of forcible
opposition or rescue decided (Sec XIII)."""

from __future__ import annotations

from datetime import date

from bot import words
from bot.figures import digits
from bot.flows import records
from bot.flows.base import Ctx, Turn
from bot.flows.officer_kit import (
    actor,
    amount_said,
    animals_from,
    animals_in,
    confirm,
    invalid,
    person_from,
    person_typed,
    village_then_place,
    who,
    yes_or_no,
)
from bot.flows.table import Step, asks, chose, chosen, kept, one_of, required, text_step
from bot.flows.worklist import Listing, Worklist, case_no
from bot.i18n import N_, written_in
from bot.types import Inbound, Option, Reply
from law.complaint import OPEN, ComplaintStatus, Standing, next_steps, step
from law.errors import DamagesOverCap, PoundError
from law.guards import check_fine, check_opposition_imprisonment
from law.kinds import G4_ALIASES, resolve_kind
from law.money import MoneySystem
from office.access.roles import Role
from office.acts.magistrate.complaint import admit_complaint, decide_complaint
from office.acts.magistrate.offence import decide_offence
from office.acts.magistrate.recovery_order import order_recovery, recovery_village
from office.inputs import AnimalsIn
from office.recovery import CaseItem, case_to_recover, fines_to_recover
from office.views.amounts import money_for, read_amount
from office.views.lookup import match_village
from office.views.offences import OffenceItem, offence_detail, offence_profile, pending_offences
from office.views.worklists import ComplaintItem, complaint_detail, pending_complaints

# Each choice, its label and the complaint status it leads to; which are open at a step is the
# law's (law.complaint.next_steps: dismiss or summon on examination, lawful or illegal after).
CHOICES = {
    "dismissed": (N_("Dismiss on examination"), ComplaintStatus.DISMISSED),
    "admit": (N_("Admit: summon the seizer"), ComplaintStatus.ADMITTED),
    "lawful": (N_("The seizure was lawful"), ComplaintStatus.LAWFUL),
    "illegal": (N_("The seizure was illegal: damages"), ComplaintStatus.ILLEGAL),
}
# Sec XIV: damages up to one hundred rupees, besides all expenses of procuring release.
DAMAGES_CAP_RUPEES = 100


def _allowed(ctx: Ctx) -> tuple[str, ...]:
    try:
        status = ComplaintStatus(str(ctx.data.get("status")))
    except ValueError:
        return ()
    steps = next_steps(status)
    return tuple(k for k, (_, to) in CHOICES.items() if to in steps)


def _options(ctx: Ctx) -> tuple[Option, ...]:
    return tuple(Option(k, ctx.t(CHOICES[k][0])) for k in _allowed(ctx))


def _districts(ctx: Ctx) -> list[int]:
    return sorted({g.district_id for g in ctx.roles if g.role == Role.MAGISTRATE.value})


def _money(ctx: Ctx) -> MoneySystem:
    return money_for(ctx.work, complaint_id=int(ctx.data["complaint"]))


ASK_DECISION = N_("What do you decide? (Sec XIV)")
ASK_REASONS = N_("Your reasons, in a few words:")
ASK_HEARING = N_(
    "When and where is the summary enquiry? For example: 12 March, 11 am, Sadar court."
)
ASK_DAMAGES = N_(
    "Damages to the complainant, at most Rs 100 (Sec XIV), for example Rs 25-0-0 (send 0 for none):"
)
ASK_EXPENSES = N_(
    "Expenses the complainant incurred in procuring the release, for example "
    "Rs 1-0-0 (send 0 for none):"
)


class ComplaintsFlow(Worklist):
    """Complaints waiting, one examined, and the decision recorded (Sec XIV)."""

    roles = (Role.MAGISTRATE,)
    name = "magistrate_complaints"
    commands = ("complaints",)
    menu = N_("Complaints waiting (Sec XIV)")
    shows = ("decide", "end")
    listing = Listing(
        places=lambda ctx, roles: _districts(ctx),
        items=lambda ctx, me, d: pending_complaints(ctx.work, district_id=d, actor_id=me),
        line=lambda ctx, c: ctx.t(
            "No. {id}: seizure {ref}, by {complainant}, filed {day}",
            id=c.id,
            ref=c.ref,
            complainant=who(ctx, c.complainant_person, c.complainant),
            day=ctx.t.day(c.filed_at.date()),
        ),
        option=lambda ctx, c: Option(str(c.id), f"{c.id}: {c.ref}"),
        key=case_no(N_("send the complaint's number, like 12")),
        fetch=lambda ctx, me, n: complaint_detail(ctx.work, complaint_id=n, actor_id=me),
        empty=N_("No complaints are waiting."),
        choose=N_("Choose a complaint to examine, or send its number."),
    )

    def __init__(self) -> None:
        super().__init__(
            {
                "decide": Step(
                    lambda ctx: ctx.say(ctx.t(ASK_DECISION), _options(ctx)),
                    lambda ctx, msg: chosen(ctx, msg).lower(),
                    _decided,
                    ("hearing", "damages", "reasons", "end"),
                ),
                "hearing": Step(
                    asks(ASK_HEARING),
                    required(N_("Please say when and where.")),
                    self.admit,
                    ("end",),
                ),
                "damages": kept(asks(ASK_DAMAGES), _damages, "damages", "expenses"),
                "expenses": kept(asks(ASK_EXPENSES), _amount, "expenses", "reasons"),
                "reasons": text_step(ASK_REASONS, "reasons", "confirm", clip=8000),
                "confirm": confirm(_decision_summary, self.act),
            }
        )

    case = "complaint"

    def show(self, ctx: Ctx, c: ComplaintItem) -> str | Turn:
        if c.status not in OPEN:
            return Turn.done(
                ctx.t(
                    "Complaint No. {id} is already decided ({status}).",
                    id=c.id,
                    status=c.status,
                )
            )
        ctx.data["complaint"] = c.id
        ctx.data["seizer"] = who(ctx, c.seizure.seizer_person, c.seizure.seizer)
        ctx.data["status"] = c.status
        return self.lead(ctx, "decide", *self._describe(ctx, c))

    def _describe(self, ctx: Ctx, c: ComplaintItem) -> list[str]:
        z = c.seizure
        by = who(ctx, c.complainant_person, c.complainant)
        if c.agent:
            by = ctx.t("{complainant}, through the agent {agent}", complainant=by, agent=c.agent)
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
                counted=", ".join(
                    records.animal(ctx.t, {"number": a.number, "kind": a.kind}) for a in c.animals
                ),
                place=z.place,
                village=z.village,
                village_names=z.village_names,
                day=ctx.t.day(z.seized_on),
                seizer=who(ctx, z.seizer_person, z.seizer),
            ),
        ]
        if z.damage:
            lines.append(ctx.t("Damage stated by the seizer: {damage}", damage=z.damage))
        if c.standing == Standing.CLAIMING_OWNER.value:
            lines.append(
                ctx.t("No owner is on record: the complainant claims to be the owner (Sec XIV).")
            )
        lines.append(
            ctx.t(
                "Still in the pound: {heads} head at {pound}.",
                heads=z.heads,
                pound=z.pound_name,
                pound_names=z.pound_names,
            )
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

    def admit(self, ctx: Ctx, hearing: str) -> Turn:
        admit_complaint(
            ctx.work.by(actor(ctx, Role.MAGISTRATE)),
            complaint_id=int(ctx.data["complaint"]),
            hearing=hearing,
            occurred_at=ctx.now,
        )
        return Turn.done(
            ctx.t(
                "Admitted. {seizer} is summoned to the enquiry ({hearing}); decide the "
                "complaint here afterwards (Sec XIV). No sale meanwhile (Sec IX).",
                seizer=ctx.data.get("seizer", ""),
                hearing=hearing,
            )
        )

    def act(self, ctx: Ctx) -> Turn:
        outcome = str(ctx.data["outcome"])
        decision = decide_complaint(
            ctx.work.by(actor(ctx, Role.MAGISTRATE)),
            complaint_id=int(ctx.data["complaint"]),
            outcome=outcome,
            reasons=str(ctx.data["reasons"]),
            damages=int(ctx.data.get("damages", 0)),
            expenses=int(ctx.data.get("expenses", 0)),
            occurred_at=ctx.now,
        )
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
                    numbers=digits(ctx.t.lang, ", ".join(str(n) for n in decision.released)),
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
                        owed=amount_said(ctx, money, decision.owed_to_owner),
                        damages=amount_said(ctx, money, decision.damages),
                        expenses=amount_said(ctx, money, decision.expenses),
                        repaid=amount_said(ctx, money, decision.fines_repaid),
                        held=amount_said(ctx, money, decision.held_charges),
                    ),
                ]
            )
        return Turn.done(text)


def _decided(ctx: Ctx, choice: str) -> str | Turn:
    """The Magistrate's choice: to admit (a hearing), or an outcome (its reasons), where the
    law allows it at the complaint's stage."""
    allowed = _allowed(ctx)
    if choice in CHOICES and choice not in allowed:
        # G15: lawful or illegal only after the summons; no dismissal after it.
        try:
            step(ComplaintStatus(str(ctx.data["status"])), CHOICES[choice][1])
        except PoundError as exc:
            return Turn.to(
                "decide",
                ctx.explain(exc),
                ctx.say(ctx.t(ASK_DECISION), _options(ctx)),
            )
    if choice == "admit":
        return "hearing"
    if choice not in allowed:
        return "decide"
    ctx.data["outcome"] = choice
    return "damages" if choice == "illegal" else "reasons"


def _amount(ctx: Ctx, msg: Inbound) -> int:
    return read_amount(msg.text.strip(), _money(ctx))


def _damages(ctx: Ctx, msg: Inbound) -> int:
    damages = _amount(ctx, msg)
    if damages > _money(ctx).from_rupees(DAMAGES_CAP_RUPEES):
        raise DamagesOverCap("damages over Rs 100", section="XIV")
    return damages


def _decision_summary(ctx: Ctx) -> list[str]:
    outcome = str(ctx.data["outcome"])
    lines = [
        ctx.t(
            "Complaint No. {id}: {outcome}.",
            id=ctx.data["complaint"],
            outcome=ctx.t(CHOICES[outcome][0]),
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
                damages=amount_said(ctx, money, int(ctx.data["damages"])),
                expenses=amount_said(ctx, money, int(ctx.data["expenses"])),
            )
        )
    reasons = ctx.data["reasons"]
    return [*lines, ctx.t("Reasons: {reasons}", reasons=reasons), ctx.t("Record this decision?")]


def cattle_text(ctx: Ctx, groups: list[AnimalsIn]) -> str:
    """`2 cow (red), 1 buffalo` in the officer's language (kinds as `animals_in` checked them)."""
    return ", ".join(
        words.counted(ctx.t, g.count, resolve_kind(g.kind, G4_ALIASES).value)
        + (f" ({g.description})" if g.description else "")
        for g in groups
    )


ASK_CATTLE = N_("Which cattle? Send each kind with its number, like: 2 cow, 1 buffalo")
ASK_KNOWN = N_("How are they known (colour, marks)? Send - if no description.")
ASK_WHERE = N_("Where in the village, for example: the owner's cattle shed")


class RecoveryFlow(Worklist):
    """An unpaid Sec XVII fine ordered to be recovered by sale of the cattle by which the
    trespass was committed, whether the offender's or only in his charge (Sec XVII)."""

    roles = (Role.MAGISTRATE,)
    name = "magistrate_recovery"
    commands = ("recovery",)
    menu = N_("Recover a fine by sale of the cattle (Sec XVII)")
    shows = ("cattle", "end")
    listing = Listing(
        places=lambda ctx, roles: _districts(ctx),
        items=lambda ctx, me, d: fines_to_recover(ctx.work, district_id=d, actor_id=me),
        line=lambda ctx, item: _case_line(ctx, item),
        option=lambda ctx, i: Option(
            str(i.case_id), f"{i.case_id}: {who(ctx, i.accused_person, i.accused)}"
        ),
        key=case_no(N_("send the case's number, like 12")),
        fetch=lambda ctx, me, n: case_to_recover(ctx.work, case_id=n, actor_id=me),
        empty=N_("No fine under Sec XVII is waiting to be recovered."),
        choose=N_("Choose a case, or send its number."),
    )

    def __init__(self) -> None:
        super().__init__(
            {
                "cattle": kept(asks(ASK_CATTLE), animals_in, "cattle", "describe"),
                "describe": Step(asks(ASK_KNOWN), required(ASK_KNOWN), _known, ("village",)),
                "village": Step(
                    _ask_village, _village, village_then_place, ("place",), repeat=True
                ),
                "place": text_step(ASK_WHERE, "place", "owner", clip=500),
                "owner": kept(_ask_owner, _owner, "owner", "confirm"),
                "confirm": confirm(_order_summary, self.act),
            }
        )

    case = "case"

    def show(self, ctx: Ctx, item: CaseItem) -> str | Turn:
        if item.unpaid <= 0:
            return Turn.done(ctx.t("No fine is unpaid in case No. {id}.", id=item.case_id))
        ctx.data["case"] = item.case_id
        ctx.data["village"] = item.village
        ctx.data["village_names"] = dict(item.village_names)
        ctx.data["convict"] = who(ctx, item.accused_person, item.accused)
        return self.lead(
            ctx,
            "cattle",
            _case_line(ctx, item),
            ctx.t(
                "The fine may be recovered by sale of the cattle by which the trespass was "
                "committed, whether seized or not, and whether his or only in his charge "
                "(Sec XVII)."
            ),
        )

    def act(self, ctx: Ctx) -> Turn:
        done = order_recovery(
            ctx.work.by(actor(ctx, Role.MAGISTRATE)),
            case_id=int(ctx.data["case"]),
            cattle=animals_from(ctx.data["cattle"]),
            village=str(ctx.data["village"]),
            place=str(ctx.data["place"]),
            owner=person_from(ctx.data.get("owner")),
            occurred_at=ctx.now,
        )
        money = money_for(ctx.work, case_id=done.case_id)
        return Turn.done(
            ctx.t(
                "Order recorded (Sec XVII): {due} to be recovered by sale of {heads} head. "
                "The Darogah of thana {thana} holds the sale; the convicted person and the "
                "complainant are told.",
                due=amount_said(ctx, money, done.fine_due),
                heads=len(done.cattle),
                thana=done.thana,
            )
        )


def _case_line(ctx: Ctx, item: CaseItem) -> str:
    money = money_for(ctx.work, case_id=item.case_id)
    return ctx.t(
        "Case No. {id}, {village}: {accused} convicted on complaint of {complainant}; "
        "fine {fine}, unpaid {unpaid}",
        id=item.case_id,
        village=item.village,
        village_names=item.village_names,
        accused=who(ctx, item.accused_person, item.accused),
        complainant=who(ctx, item.complainant_person, item.complainant),
        fine=amount_said(ctx, money, item.fine),
        unpaid=amount_said(ctx, money, item.unpaid),
    )


def _known(ctx: Ctx, text: str) -> str:
    """How the cattle are known, said of every group (`-`: no description)."""
    if text != "-":
        for group in ctx.data["cattle"]:
            group["description"] = text[:500]
    return "village"


def _ask_village(ctx: Ctx) -> Reply:
    village = str(ctx.data["village"])
    said = written_in(ctx.lang, village, ctx.data.get("village_names"))
    return ctx.say(ctx.t("In which village are the cattle now?"), (Option(village, said),))


def _village(ctx: Ctx, msg: Inbound) -> tuple[str, dict[str, str]]:
    typed = chosen(ctx, msg)
    # Typed in its own script or with a typo: the register's name of the village.
    place, _ = match_village(ctx.work, typed) if typed else (None, [])
    village, names = recovery_village(
        ctx.work,
        case_id=int(ctx.data["case"]),
        village=place.name if place is not None else typed,
        actor_id=actor(ctx, Role.MAGISTRATE),
    )
    return village, dict(names)


def _ask_owner(ctx: Ctx) -> Reply:
    return ctx.say(
        ctx.t(
            "Whose are the cattle? If they were only in the convicted person's charge, "
            "send the owner's name and village, like: Ganga Ram, Kemri"
        ),
        (Option("convict", ctx.t("The convicted person's own")),),
    )


def _owner(ctx: Ctx, msg: Inbound) -> dict[str, str | None] | None:
    """The owner named, or None: the convicted person's own cattle."""
    if chose(msg, "convict", "own"):
        return None
    return person_typed(ctx, msg)


def _order_summary(ctx: Ctx) -> list[str]:
    owner = person_from(ctx.data["owner"])
    owner_text = f"{owner.name}, {owner.residence}" if owner else str(ctx.data["convict"])
    return [
        ctx.t(
            "Case No. {id}: the unpaid fine to be recovered by sale of {cattle}, at {place}, "
            "{village} (Sec XVII).",
            id=ctx.data["case"],
            cattle=cattle_text(ctx, animals_from(ctx.data["cattle"])),
            place=ctx.data["place"],
            village=ctx.data["village"],
            village_names=ctx.data.get("village_names"),
        ),
        ctx.t("Owner: {owner}.", owner=owner_text),
        ctx.t("Record this order?"),
    ]


ASK_TERM = N_(
    "Imprisonment, at most six months (Sec XIII): send the term, like 3 months or "
    "2 months 10 days, or 0 for none."
)
ASK_FINE = N_("Fine, at most Rs 500 (Sec XIII), for example Rs 50-0-0 (send 0 for none):")


class OffencesFlow(Worklist):
    """Forcible opposition to a seizure or a rescue, recorded for the police, decided: convicted
    or not, and the sentence within the caps of Sec XIII."""

    roles = (Role.MAGISTRATE,)
    name = "magistrate_offences"
    commands = ("offences",)
    menu = N_("Opposition and rescue: decide (Sec XIII)")
    shows = ("verdict", "end")
    listing = Listing(
        places=lambda ctx, roles: _districts(ctx),
        items=lambda ctx, me, d: pending_offences(ctx.work, district_id=d, actor_id=me),
        line=lambda ctx, item: _offence_line(ctx, item),
        option=lambda ctx, i: Option(str(i.offence_id), f"{i.offence_id}: {i.ref}"),
        key=case_no(N_("send the offence's number, like 12")),
        fetch=lambda ctx, me, n: offence_detail(ctx.work, offence_id=n, actor_id=me),
        empty=N_("No offence of opposition or rescue is waiting."),
        choose=N_("Choose an offence to decide, or send its number."),
    )

    def __init__(self) -> None:
        super().__init__(
            {
                "verdict": Step(_ask_verdict, one_of(_ask_verdict), _judged, ("prison", "reasons")),
                "prison": Step(asks(ASK_TERM), _term, _sentenced, ("labour", "fine")),
                "labour": kept(
                    lambda ctx: ctx.say(
                        ctx.t("With labour?"),
                        (
                            Option("yes", ctx.t("With labour")),
                            Option("no", ctx.t("Without labour")),
                        ),
                    ),
                    yes_or_no,
                    "labour",
                    "fine",
                ),
                "fine": kept(asks(ASK_FINE), _fine, "fine", "reasons"),
                "reasons": text_step(ASK_REASONS, "reasons", "confirm", clip=4000),
                "confirm": confirm(_offence_summary, self.act),
            }
        )

    case = "offence"

    def show(self, ctx: Ctx, item: OffenceItem) -> str | Turn:
        if item.decided:
            return Turn.done(ctx.t("Offence No. {id} is already decided.", id=item.offence_id))
        ctx.data["offence"] = item.offence_id
        ctx.data["offenders"] = item.offenders
        return self.lead(
            ctx,
            "verdict",
            _offence_line(ctx, item),
            f'"{item.description}"',
            ctx.t("Reported by {who}, for thana {thana}.", who=item.reported_by, thana=item.thana),
        )

    def act(self, ctx: Ctx) -> Turn:
        convicted = bool(ctx.data["convicted"])
        decide_offence(
            ctx.work.by(actor(ctx, Role.MAGISTRATE)),
            offence_id=int(ctx.data["offence"]),
            convicted=convicted,
            reasons=str(ctx.data["reasons"]),
            prison_months=int(ctx.data.get("months", 0)) if convicted else 0,
            prison_days=int(ctx.data.get("days", 0)) if convicted else 0,
            labour=ctx.data.get("labour") if convicted else None,
            fine=int(ctx.data.get("fine", 0)) if convicted else 0,
            occurred_at=ctx.now,
        )
        return Turn.done(
            ctx.t("Decision recorded.")
            + " "
            + ctx.t("Offence No. {id}:", id=ctx.data["offence"])
            + " "
            + _sentence(ctx)
        )


def _offence_line(ctx: Ctx, item: OffenceItem) -> str:
    template = (
        N_("No. {id}: rescue of cattle of seizure {ref} on {day}, by {offenders}")
        if item.kind == "rescue"
        else N_("No. {id}: opposition to seizure {ref} on {day}, by {offenders}")
    )
    return ctx.t(
        template,
        id=item.offence_id,
        ref=item.ref,
        day=ctx.t.day(date.fromisoformat(item.occurred_on)),
        offenders=item.offenders or "-",
    )


def _ask_verdict(ctx: Ctx) -> Reply:
    options = (Option("convicted", ctx.t("Convicted")), Option("acquitted", ctx.t("Not convicted")))
    return ctx.say(ctx.t("What do you decide? (Sec XIII)"), options)


def _judged(ctx: Ctx, verdict: str) -> str:
    ctx.data["convicted"] = convicted = verdict == "convicted"
    return "prison" if convicted else "reasons"


def _term(ctx: Ctx, msg: Inbound) -> tuple[int, int]:
    """The term the Magistrate sends (bot/words.py `term`): (months, days), within the cap."""
    said = words.term(msg.text)
    if said is None:
        raise invalid(N_("send the term like: 3 months, or 2 months 10 days, or 0 for none"))
    months, days = said
    profile = offence_profile(ctx.work, offence_id=int(ctx.data["offence"]))
    check_opposition_imprisonment(months, days, profile)
    return months, days


def _sentenced(ctx: Ctx, term: tuple[int, int]) -> str:
    ctx.data["months"], ctx.data["days"] = term
    if any(term):
        return "labour"
    ctx.data["labour"] = None
    return "fine"


def _fine(ctx: Ctx, msg: Inbound) -> int:
    profile = offence_profile(ctx.work, offence_id=int(ctx.data["offence"]))
    fine = read_amount(msg.text.strip(), profile.money)
    check_fine(fine, "XIII", profile)
    if fine == 0 and not (ctx.data["months"] or ctx.data["days"]):
        raise invalid(
            N_("a conviction under Sec XIII carries imprisonment, a fine, or both"),
            section="XIII",
        )
    return fine


def _offence_summary(ctx: Ctx) -> list[str]:
    return [
        ctx.t("Offence No. {id}:", id=ctx.data["offence"]) + " " + _sentence(ctx),
        ctx.t("Reasons: {reasons}", reasons=ctx.data["reasons"]),
        ctx.t("Record this decision?"),
    ]


def _sentence(ctx: Ctx) -> str:
    if not ctx.data["convicted"]:
        return ctx.t("not convicted.")
    parts = []
    months, days = int(ctx.data["months"]), int(ctx.data["days"])
    if months or days:
        term = ctx.t("imprisonment for {months} months and {days} days", months=months, days=days)
        labour = ctx.t("with labour") if ctx.data["labour"] else ctx.t("without labour")
        parts.append(f"{term}, {labour}")
    if int(ctx.data["fine"]):
        profile = offence_profile(ctx.work, offence_id=int(ctx.data["offence"]))
        parts.append(
            ctx.t("a fine of {fine}", fine=amount_said(ctx, profile.money, int(ctx.data["fine"])))
        )
    return ctx.t(
        "{offenders} convicted; {sentence} (Sec XIII).",
        offenders=ctx.data.get("offenders") or "-",
        sentence="; ".join(parts),
    )
