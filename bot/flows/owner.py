"""An owner looks for his cattle: what is due, every deadline, where to claim; and complains
against the seizure within ten days, in person or by an agent (Sec XIV).

`COMPLAIN <ref> <text>` on SMS starts the complaint at once and asks only what is missing.
"""

from __future__ import annotations

from datetime import date
from typing import Any, ClassVar

from bot import words
from bot.flows.anyone import answer, day, describe_seizure, find_ref, sender_phone, view_for
from bot.flows.base import Ctx, Flow, Turn
from bot.i18n import N_
from bot.types import Channel, Inbound, Option, Reply
from law.errors import ComplaintOutOfTime, PoundError
from office.common import find_or_add_person
from office.complaints import file_complaint
from office.lookup import owner_of, seizures_of
from office.seizures import PersonIn

MAX_COMPLAINT = 4000


class OwnerFlow(Flow):
    """My cattle: find seizures by phone or reference, show them, and complain (Sec XIV)."""

    name = "owner"
    commands = ("mycattle", "complain")
    menu = N_("My seized cattle")
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "start": ("ref", "pick", "act", "contact", "name", "who", "end"),
        "ref": ("ref", "act", "contact", "name", "who", "end"),
        "pick": ("pick", "act"),
        "act": ("act", "pick", "contact", "name", "who", "end"),
        "contact": ("contact", "name", "who", "end"),
        "name": ("name", "who"),
        "who": ("who", "principal", "text", "complaint_confirm"),
        "principal": ("principal", "text", "complaint_confirm"),
        "text": ("text", "complaint_confirm"),
        "complaint_confirm": ("complaint_confirm", "end"),
    }

    # --- finding the seizure -------------------------------------------------------------------

    def start(self, ctx: Ctx, args: str) -> Turn:
        ref = find_ref(args)
        if ctx.command == "complain":
            ctx.data["complaining"] = True
            if ref is None:
                return Turn.to("ref", *self._ask_ref(ctx))
            text = args.strip()[len(ref) :].strip() if args.strip().upper().startswith(ref) else ""
            ctx.data["ref"] = ref
            if text:
                ctx.data["text"] = text[:MAX_COMPLAINT]
            return self._found(ctx, ref)
        if ref is not None:
            return self._found(ctx, ref)
        phone = ctx.person.phone if ctx.person is not None else sender_phone(ctx.inbound)
        refs = seizures_of(ctx.db, phone) if phone else []
        if not refs:
            return Turn.to("ref", *self._ask_ref(ctx))
        if len(refs) == 1:
            return self._found(ctx, refs[0])
        return Turn.to("pick", self._pick_reply(ctx, refs))

    def _ask_ref(self, ctx: Ctx) -> list[Reply]:
        return [
            ctx.say(
                ctx.t(
                    "No seizure of your cattle is known by your phone. Send the reference of "
                    "the seizure (six letters and digits)."
                )
            )
        ]

    def _pick_reply(self, ctx: Ctx, refs: list[str]) -> Reply:
        ctx.data["refs"] = refs
        return ctx.say(ctx.t("Which seizure?"), [Option(f"ref:{r}", r) for r in refs[:10]])

    def on_ref(self, ctx: Ctx, msg: Inbound) -> Turn:
        ref = find_ref(answer(msg))
        if ref is None:
            return Turn.to("ref", ctx.say(ctx.t("That is not a reference.")), *self._ask_ref(ctx))
        return self._found(ctx, ref, retry="ref")

    def on_pick(self, ctx: Ctx, msg: Inbound) -> Turn:
        ref = find_ref(answer(msg).removeprefix("ref:"))
        refs = [str(r) for r in ctx.data.get("refs") or []]
        if ref is None:
            return Turn.to("pick", self._pick_reply(ctx, refs))
        return self._found(ctx, ref, retry="pick")

    def _found(self, ctx: Ctx, ref: str, retry: str = "ref") -> Turn:
        """Show the seizure; a complaint begun by COMPLAIN goes straight on to its questions."""
        try:
            view = view_for(ctx, ref)
        except PoundError as exc:
            if retry == "pick":
                refs = [str(r) for r in ctx.data.get("refs") or []]
                return Turn.to("pick", ctx.say(ctx.explain(exc)), self._pick_reply(ctx, refs))
            return Turn.to("ref", ctx.say(ctx.explain(exc)), *self._ask_ref(ctx))
        ctx.data.update(ref=view["ref"], ground=view["ground"])
        ctx.data["complaint_until"] = view["deadlines"]["complaint_until"]
        ctx.data["today"] = view["as_of"]
        shown = ctx.say(describe_seizure(ctx, view))
        if ctx.data.get("complaining"):
            return self._complain(ctx, shown)
        return Turn.to("act", self._act_reply(ctx, shown))

    def _act_reply(self, ctx: Ctx, shown: Reply | None = None) -> Reply:
        t = ctx.t
        options = []
        if ctx.data.get("ground") != "stray":
            options.append(Option("complain", t("Complain against the seizure")))
        if len(ctx.data.get("refs") or []) > 1:
            options.append(Option("other", t("Another seizure")))
        options.append(Option("done", t("Done")))
        text = shown.text if shown else t("What next?")
        return ctx.say(text, options)

    def on_act(self, ctx: Ctx, msg: Inbound) -> Turn:
        typed = words.command(msg.text, ("complain",)) if msg.option is None else None
        choice = msg.option or ("complain" if typed else "")
        if choice == "complain" and ctx.data.get("ground") != "stray":
            ctx.data["complaining"] = True
            return self._complain(ctx)
        if choice == "other" and ctx.data.get("refs"):
            return Turn.to("pick", self._pick_reply(ctx, [str(r) for r in ctx.data["refs"]]))
        if choice == "done" or (msg.option is None and words.says(msg.text, "done", "no")):
            return Turn.done(ctx.say(ctx.t("Good.")))
        return Turn.to("act", self._act_reply(ctx))

    # --- the complaint (Sec XIV) ---------------------------------------------------------------

    def _complain(self, ctx: Ctx, *before: Reply) -> Turn:
        """Ask what is still missing for the complaint, in order; refuse it once out of time."""
        t = ctx.t
        d = ctx.data
        until = d.get("complaint_until")
        if d.get("ground") == "stray":
            return Turn.done(
                *before,
                ctx.say(
                    t(
                        "Strays brought in by the police are claimed at the pound (Sec VII, "
                        "XVI); there is no complaint against their seizure."
                    )
                ),
            )
        if (
            until
            and d.get("today")
            and date.fromisoformat(str(d["today"])) > date.fromisoformat(str(until))
        ):
            refusal = ctx.explain(ComplaintOutOfTime("out of time"))
            return Turn.done(
                *before,
                ctx.say(refusal + " " + t("The last day was {date}.", date=day(t, str(until)))),
            )
        if ctx.person is None and ctx.inbound.channel is Channel.TELEGRAM:
            return Turn.to(
                "contact",
                *before,
                ctx.say(
                    t("To complain I need your phone number: please share your contact."),
                    request_contact=True,
                ),
            )
        if ctx.person is None and not d.get("name"):
            return Turn.to("name", *before, ctx.say(t("Your name, please?")))
        if "who" not in d:
            return Turn.to("who", *before, self._who_reply(ctx))
        if d["who"] == "agent" and not d.get("principal"):
            return Turn.to("principal", *before, ctx.say(t("The owner's name?")))
        if not d.get("text"):
            return Turn.to(
                "text",
                *before,
                ctx.say(t("State your complaint: why was the seizure wrong? (Sec XIV)")),
            )
        return Turn.to("complaint_confirm", *before, self._summary(ctx))

    def _who_reply(self, ctx: Ctx) -> Reply:
        t = ctx.t
        return ctx.say(
            t(
                "Are you the owner, complaining in person, or an agent who knows the facts, "
                "complaining for him (Sec XIV)?"
            ),
            [Option("self", t("I am the owner")), Option("agent", t("I am his agent"))],
        )

    def on_contact(self, ctx: Ctx, msg: Inbound) -> Turn:
        # The engine has tied a shared contact to the chat before this step runs.
        return self._complain(ctx)

    def on_name(self, ctx: Ctx, msg: Inbound) -> Turn:
        name = " ".join(msg.text.split())
        if not name or len(name) > 200 or msg.option is not None:
            return Turn.to("name", ctx.say(ctx.t("Your name, please?")))
        ctx.data["name"] = name
        return self._complain(ctx)

    def on_who(self, ctx: Ctx, msg: Inbound) -> Turn:
        choice = answer(msg).lower()
        if choice not in ("self", "agent"):
            return Turn.to("who", self._who_reply(ctx))
        ctx.data["who"] = choice
        if choice == "agent":
            owner = owner_of(ctx.db, str(ctx.data["ref"]))
            if owner is not None:
                ctx.data["principal"] = {
                    "name": owner.name,
                    "residence": owner.residence,
                    "phone": owner.phone,
                }
        return self._complain(ctx)

    def on_principal(self, ctx: Ctx, msg: Inbound) -> Turn:
        name = " ".join(msg.text.split())
        if not name or len(name) > 200 or msg.option is not None:
            return Turn.to("principal", ctx.say(ctx.t("The owner's name?")))
        ctx.data["principal"] = {"name": name, "residence": "", "phone": None}
        return self._complain(ctx)

    def on_text(self, ctx: Ctx, msg: Inbound) -> Turn:
        text = msg.text.strip()
        if not text or msg.option is not None:
            return self._complain(ctx)
        ctx.data["text"] = text[:MAX_COMPLAINT]
        return self._complain(ctx)

    def _summary(self, ctx: Ctx) -> Reply:
        t = ctx.t
        d = ctx.data
        principal = d.get("principal")
        lines = [t("Your complaint against seizure {ref}:", ref=d.get("ref")), str(d.get("text"))]
        if d.get("who") == "agent" and isinstance(principal, dict):
            lines.append(
                t(
                    "Made by {agent}, as agent for the owner {owner}.",
                    agent=self._my_name(ctx),
                    owner=principal.get("name"),
                )
            )
        lines.append(t("Nothing is recorded until you confirm."))
        options = (Option("confirm", t("Confirm")), Option("cancel", t("Cancel")))
        return ctx.say("\n".join(lines), options)

    def _my_name(self, ctx: Ctx) -> str:
        return ctx.person.name if ctx.person is not None else str(ctx.data.get("name") or "")

    def on_complaint_confirm(self, ctx: Ctx, msg: Inbound) -> Turn:
        confirmed = msg.option == "confirm" or (
            msg.option is None and words.says(msg.text, "confirm", "yes")
        )
        if not confirmed:
            return Turn.to("complaint_confirm", self._summary(ctx))
        t = ctx.t
        d = ctx.data
        try:
            actor = ctx.person or find_or_add_person(
                ctx.s,
                name=str(d.get("name") or ""),
                residence="",
                phone=sender_phone(ctx.inbound),
                now=ctx.now,
            )
            principal: Any = d.get("principal")
            # An agent complains in the owner's name (Sec XIV); the owner himself, even if he
            # chose "agent", complains in person.
            by_agent = (
                d.get("who") == "agent"
                and isinstance(principal, dict)
                and not (actor.phone and principal.get("phone") == actor.phone)
            )
            filed = file_complaint(
                ctx.db,
                actor_id=actor.id or 0,
                ref=str(d["ref"]),
                text=str(d["text"]),
                occurred_at=ctx.now,
                now=ctx.now,
                mode="written",
                complainant=PersonIn(
                    name=str(principal["name"]),
                    residence=str(principal.get("residence") or ""),
                    phone=principal.get("phone") or None,
                )
                if by_agent
                else None,
                agent_name=actor.name if by_agent else None,
            )
        except PoundError as exc:
            return Turn.done(ctx.say(ctx.explain(exc)))
        return Turn.done(
            ctx.say(
                "\n".join(
                    [
                        t(
                            "Complaint No. {id} against seizure {ref} is filed with the "
                            "Magistrate (Sec XIV).",
                            id=filed.complaint_id,
                            ref=filed.ref,
                        ),
                        t("No sale of the cattle while it is undecided (Sec IX)."),
                        t("You will be told when the Magistrate decides."),
                    ]
                )
            )
        )
