"""An owner looks for his cattle: what is due, every deadline, where to claim; and complains
against the seizure within ten days, in person or by an agent (Sec XIV).

He is found as owner by his phone or Telegram person; without a reference and with none
recorded as his, he is asked the village they went missing from and the kind, and shown the
cattle held now in the pounds that serve it and its neighbours (practice G18), and how to claim
the ones he picks. `MYCATTLE` and `MISSING` read a village, a kind and a count out of the words
after them ("MYCATTLE 3 white cows went missing from Patwai"); `COMPLAIN <ref> <text>` on SMS
starts the complaint at once and asks only what is missing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from datetime import date
from typing import Any

from bot import sms_budget, words
from bot.flows.anyone import (
    MORE,
    answer,
    brief_lines,
    day,
    find_ref,
    more_option,
    name_typed,
    page_on,
    seizure_lines,
    sender_phone,
    status_pages,
    view_for,
    village_choices,
)
from bot.flows.base import Ctx, Turn
from bot.flows.officer_kit import person_from
from bot.flows.owner_search import (
    MORE_HELD,
    Hint,
    claim_lines,
    found_line,
    owned_line,
    place_data,
    read_hint,
)
from bot.flows.table import Again, Step, TableFlow, asks, asks_contact, chose, inbound, one_of
from bot.i18n import N_, written_in
from bot.types import Channel, Inbound, Option, Reply
from bot.words import COMMON_KINDS, KIND_LABELS, counted, kind_label
from law.errors import ComplaintOutOfTime, PoundError
from law.grounds import Ground
from models import Person
from models.columns import id_of
from office.acts.complainant.complaint import file_complaint
from office.inputs import PersonIn
from office.views.held_search import search_held, seizures_owned
from office.views.lookup import VillagePlace, match_village, owner_of

MAX_COMPLAINT = 4000
MAX_TYPED = 300  # what is read of a message for a village, a kind and a count
ASK_CONTACT = N_("To complain I need your phone number: please share your contact.")
MAX_SHOWN = 3  # seizures listed in one chat message
SMS_SHOWN = 2  # on SMS, where each is a choice of one line
SMS_ECHO = 40  # characters of his own complaint said back to him on SMS
# Nothing held near his village: of the kind he named, or of any kind.
NONE_OF_KIND = N_(
    "No {kind} is held now in the pounds that serve {village} and its neighbours: {pounds}."
)
NO_CATTLE = N_(
    "No cattle are held now in the pounds that serve {village} and its neighbours: {pounds}."
)


def _village_value(place: VillagePlace) -> str:
    """A village offered as a choice: by its district and name (the same name may be in two)."""
    return f"village:{place.district_code}/{place.name}"


def _know(ctx: Ctx, **values: Any) -> None:
    """What is known of the missing cattle (the draft's `hint`), with `values` over it."""
    ctx.data["hint"] = {**(ctx.data.get("hint") or {}), **values}


class OwnerFlow(TableFlow):
    """My cattle: find seizures by phone, reference, or village and kind; claim; complain."""

    name = "owner"
    commands = ("mycattle", "complain", "missing")
    menu = N_("My seized cattle")
    start_to = ("ref", "pick", "act", "contact", "name", "who", "village", "kind", "held", "end")

    def __init__(self) -> None:
        search, complaint = ("village", "kind", "held"), ("contact", "name", "who")
        said, written = self.said, ("text", "complaint_confirm")
        self.table = {
            "ref": Step(
                asks(ASK_REF), inbound, self.ref_given, ("act", *complaint, *search, "end")
            ),
            "pick": Step(self.pick_reply, inbound, self.picked, ("act", *search, "end")),
            "act": Step(self.act_reply, inbound, self.acted, ("pick", *complaint, *search, "end")),
            "village": Step(
                asks(ASK_VILLAGE), inbound, self.in_village, ("act", "kind", "held", "end")
            ),
            "kind": Step(_ask_kind, inbound, self.of_kind, ("held", "end")),
            "held": Step(_ask_held, inbound, self.chose_held, ("village", "end")),
            "contact": Step(asks_contact(ASK_CONTACT), inbound, said(""), ("name", "who", "end")),
            "name": Step(asks(N_("Your name, please?")), name_typed, said("name"), ("who",)),
            "who": Step(_ask_who, one_of(_ask_who), self.chose_who, ("principal", *written)),
            "principal": Step(
                asks(N_("The owner's name?")), _principal, said("principal"), written
            ),
            "text": Step(asks(ASK_TEXT), _text, said("text"), ("complaint_confirm",)),
            "complaint_confirm": Step(self.summary, _confirmed, self.file, ("end",)),
        }
        super().__init__()

    # --- finding the seizure: by reference, by his phone, or by village and kind -------------

    def start(self, ctx: Ctx, args: str) -> Turn:
        ref = find_ref(args)
        complaining = ctx.command == "complain"
        if complaining:
            ctx.data["complaining"] = True
            if ref is not None:
                said = args.strip()
                text = said[len(ref) :].strip() if said.upper().startswith(ref) else ""
                ctx.data["ref"] = ref
                if text:
                    ctx.data["text"] = text[:MAX_COMPLAINT]
                return self.found(ctx, ref)
        elif ref is not None:
            return self.found(ctx, ref)
        elif args.strip():
            # "my 3 white cows went missing from Patwai yesterday": kept for the search.
            ctx.data["hint"] = read_hint(ctx, args[:MAX_TYPED]).as_data()
        # A complaint with no reference is of his seizure, where his phone finds one (Sec XIV).
        owned = seizures_owned(
            ctx.work,
            person_id=ctx.person.id if ctx.person is not None else None,
            phone=sender_phone(ctx.inbound) if ctx.person is None else None,
            now=ctx.now,
        )
        if not owned and complaining:
            return self.go(ctx, "ref")
        if not owned:
            if ctx.inbound.channel is Channel.SMS:  # the question says it: a segment saved
                return self._search_or_ask(ctx)
            none = ctx.t("No seizure of cattle is recorded with you as their owner.")
            return self._search_or_ask(ctx, none)
        ctx.data["refs"] = [h.ref for h in owned]
        if len(owned) == 1:
            return self.found(ctx, owned[0].ref)
        lines = [ctx.t("Seizures of cattle recorded as yours:")]
        lines += [owned_line(ctx.t, h) for h in owned]
        return Turn.to("pick", self.pick_reply(ctx, "\n".join(lines)))

    def pick_reply(self, ctx: Ctx, text: str | None = None) -> Reply:
        """His seizures to choose from (`refs` of the draft), or to search instead."""
        options = [Option(f"ref:{r}", str(r)) for r in (ctx.data.get("refs") or [])[:10]]
        options.append(Option("search", ctx.t("Not mine: search")))
        return ctx.say(text or ctx.t("Which seizure?"), options)

    def ref_given(self, ctx: Ctx, msg: Inbound) -> Turn:
        ref = find_ref(answer(msg))
        if ref is None:
            return self._searched_instead(ctx, msg) or self.go(
                ctx, "ref", ctx.t("That is not a reference.")
            )
        return self.found(ctx, ref)

    def picked(self, ctx: Ctx, msg: Inbound) -> str | Turn:
        if msg.option == "search":
            return self._search_or_ask(ctx)
        ref = find_ref(answer(msg).removeprefix("ref:"))
        if ref is None:
            return self._searched_instead(ctx, msg) or "pick"
        return self.found(ctx, ref, retry="pick")

    def _searched_instead(self, ctx: Ctx, msg: Inbound) -> Turn | None:
        """Where a seizure is asked for and he sends no reference: "पता नहीं", a no, or the
        village and the cattle he lost; his cattle are looked for near the village instead (a
        complaint begun goes on once the seizure is found). None: nothing to search by."""
        if msg.option is not None:
            return None
        hint = read_hint(ctx, msg.text[:MAX_TYPED])
        if hint.village is not None or hint.kind is not None:
            self._add_hint(ctx, hint)
            return self._search_or_ask(ctx)
        if words.not_known(msg.text):
            return self._search_or_ask(ctx)
        return None

    def found(self, ctx: Ctx, ref: str, retry: str = "ref") -> Turn:
        """Show the seizure; a complaint begun by COMPLAIN goes straight on to its questions."""
        try:
            view = view_for(ctx, ref)
        except PoundError as exc:
            return self.go(ctx, retry, ctx.explain(exc))
        ctx.data.update(ref=view["ref"], ground=view["ground"])
        ctx.data["complaint_until"] = view["deadlines"]["complaint_until"]
        ctx.data["today"] = view["as_of"]
        if ctx.inbound.channel is Channel.SMS:
            # What matters now, and the details a page at a time: every segment is paid for.
            if ctx.data.get("complaining"):
                return self._complain(ctx, ctx.say(brief_lines(ctx, view)[0]))
            return self._act_page(ctx, status_pages(ctx, view))
        shown = ctx.say("\n".join(seizure_lines(ctx, view)))
        if ctx.data.get("complaining"):
            return self._complain(ctx, shown)
        return Turn.to("act", self.act_reply(ctx, shown))

    def _act_page(self, ctx: Ctx, lines: list[str]) -> Turn:
        """A page of the seizure on SMS with what he may do; `More` while lines are left."""
        options = self.act_reply(ctx).options
        shown, rest = sms_budget.page(lines, ctx.lang, options, more_option(ctx))
        ctx.data["more"] = rest
        return Turn.to("act", shown)

    # --- no reference and none recorded as his: the cattle held near his village (G18) --------

    def _add_hint(self, ctx: Ctx, hint: Hint) -> None:
        """What a message says of the cattle, over what was known; nothing known is forgotten."""
        _know(ctx, **{k: v for k, v in hint.as_data().items() if v not in (None, "", {})})

    def _search_or_ask(self, ctx: Ctx, *before: Reply | str) -> Turn:
        hint = ctx.data.get("hint") or {}
        if not hint.get("village"):
            return self.go(ctx, "village", *before)
        if not hint.get("kind") and not hint.get("any_kind"):
            return self.go(ctx, "kind", *before)
        return self._search(ctx, *before)

    def in_village(self, ctx: Ctx, msg: Inbound) -> str | Turn:
        chosen = answer(msg)
        if chosen.startswith("village:"):
            code, _, name = chosen.removeprefix("village:").partition("/")
            place, _ = match_village(ctx.work, name, district=code or None)
            if place is not None:
                return self._village_set(ctx, place)
            return "village"
        text = msg.text.strip()[:MAX_TYPED]
        if not text:
            return "village"
        place, close = match_village(ctx.work, text)
        hint = read_hint(ctx, text)
        if place is None and hint.village is not None:
            place = hint.village
        if place is None:
            ref = find_ref(text)
            if ref is not None:
                return self.found(ctx, ref, retry="village")
        self._add_hint(ctx, hint)
        if place is None:
            return Turn.to("village", village_choices(ctx, text, close, _village_value))
        return self._village_set(ctx, place)

    def _village_set(self, ctx: Ctx, place: VillagePlace) -> Turn:
        _know(ctx, **place_data(place))
        return self._search_or_ask(ctx)

    def of_kind(self, ctx: Ctx, msg: Inbound) -> Turn:
        t = ctx.t
        if chose(msg, "any", "skip"):
            _know(ctx, any_kind=True)
            return self._search(ctx)
        if msg.option and msg.option.startswith("kind:"):
            _know(ctx, kind=msg.option.removeprefix("kind:"))
            return self._search(ctx)
        hint = read_hint(ctx, msg.text[:MAX_TYPED])
        if hint.kind is None:
            typed = msg.text.strip()[:40]
            kinds = ", ".join(t(label) for label in KIND_LABELS.values())
            return self.go(ctx, "kind", t("{word}? Send one of: {kinds}", word=typed, kinds=kinds))
        self._add_hint(ctx, hint)
        return self._search(ctx)

    def _search(self, ctx: Ctx, *before: Reply | str) -> Turn:
        t = ctx.t
        sms = ctx.inbound.channel is Channel.SMS
        hint: dict[str, Any] = dict(ctx.data.get("hint") or {})
        found = search_held(
            ctx.work,
            village=str(hint["village"]),
            district=str(hint.get("district") or "") or None,
            kind=None if hint.get("any_kind") else hint.get("kind"),
            number=hint.get("number"),
            description=str(hint.get("description") or ""),
            now=ctx.now,
            limit=SMS_SHOWN if sms else MAX_SHOWN,
        )
        village = written_in(ctx.lang, hint.get("village") or "", hint.get("village_names"))
        if not found.found:
            text = t(
                NONE_OF_KIND if found.kind else NO_CATTLE,
                kind=kind_label(t, found.kind) if found.kind else "",
                village=village,
                pounds=", ".join(written_in(ctx.lang, n, ns) for _, n, _, ns in found.pounds),
            )
            advice = t(
                "Seized cattle may take a day to reach the pound: ask again tomorrow "
                "(send {say_cmd_mycattle})."
            )
            if sms:
                return Turn.done(*before, sms_budget.trim([text], [advice], ctx.lang))
            return Turn.done(*before, text + "\n" + advice)
        ctx.data["found"] = [h.ref for h in found.found]
        more = [t.plural(*MORE_HELD, found.more)] if found.more else []
        if sms:
            # One SMS: each seizure is its own choice, said in a few words.
            lines = [t("Held now near {village}. Are any of these yours?", village=village), *more]
            ctx.data["labels"] = {
                h.ref: t(
                    "{ref}: {animals}, seized in {village}",
                    ref=h.ref,
                    animals=", ".join(counted(t, g.count, g.kind) for g in h.groups),
                    village=h.village_in(t.lang),
                )
                for h in found.found
            }
        else:
            lines = [
                t(
                    "Held now in the pounds that serve {village} and its neighbours:",
                    village=village,
                ),
                *(found_line(t, h) for h in found.found),
                *more,
                t("Are any of these yours?"),
            ]
        return Turn.to("held", *before, _ask_held(ctx, "\n".join(lines)))

    def chose_held(self, ctx: Ctx, msg: Inbound) -> str | Turn:
        t = ctx.t
        refs = [str(r) for r in ctx.data.get("found") or []]
        if msg.option == MORE and ctx.data.get("more"):
            return page_on(ctx, [str(x) for x in ctx.data["more"]], "held")
        if msg.option == "another":
            kept = (ctx.data.get("hint") or {}).items()
            ctx.data["hint"] = {
                k: v for k, v in kept if k not in ("village", "district", "village_names")
            }
            return "village"
        if chose(msg, "none", "no", "done", "skip"):
            return Turn.done(
                t(
                    "Then they are not held near there now. Seized cattle may take a day "
                    "to reach the pound: ask again tomorrow (send {say_cmd_mycattle})."
                )
            )
        ref = find_ref(answer(msg).removeprefix("held:"))
        if ref is None and msg.option is None:
            # "3 white ones", "from Kemri": more of what they are like, or another village.
            more = read_hint(ctx, msg.text[:MAX_TYPED])
            if more.village is not None or more.kind is not None or more.number is not None:
                self._add_hint(ctx, more)
                return self._search(ctx)
        if ref is None or ref not in refs:
            return "held"
        hint: dict[str, Any] = dict(ctx.data.get("hint") or {})
        found = search_held(
            ctx.work,
            village=str(hint["village"]),
            district=str(hint.get("district") or "") or None,
            now=ctx.now,
        )
        picked = next((h for h in found.found if h.ref == ref), None)
        if picked is None:
            # Released, sold or gone since the list was shown.
            return Turn.done(t("Seizure {ref} holds no cattle now.", ref=ref))
        if ctx.inbound.channel is Channel.SMS:
            where, what = claim_lines(ctx, picked, brief=True)
            # The cattle, what to pay and by when first; to whom, on the page after if need be.
            return page_on(ctx, [where[0], *what, *where[1:]], "held")
        where, what = claim_lines(ctx, picked)
        return Turn.done("\n".join(where), "\n".join(what))

    def act_reply(self, ctx: Ctx, shown: Reply | None = None) -> Reply:
        t = ctx.t
        options = []
        if ctx.data.get("ground") != Ground.STRAY:
            options.append(Option("complain", t("Complain")))
        if len(ctx.data.get("refs") or []) > 1:
            options.append(Option("other", t("Another seizure")))
        if ctx.data.get("refs"):
            # Found as his by his phone: he may say they are not his cattle.
            options.append(Option("search", t("Not mine: search")))
        if ctx.inbound.channel is not Channel.SMS:  # on SMS he need not answer at all
            options.append(Option("done", t("Done")))
        text = shown.text if shown else t("What next?")
        return ctx.say(text, options)

    def acted(self, ctx: Ctx, msg: Inbound) -> str | Turn:
        typed = words.command(msg.text, ("complain",)) if msg.option is None else None
        choice = msg.option or ("complain" if typed else "")
        if choice == "complain" and ctx.data.get("ground") != Ground.STRAY:
            ctx.data["complaining"] = True
            return self._complain(ctx)
        if choice == "other" and ctx.data.get("refs"):
            return "pick"
        if choice == "search":
            return self._search_or_ask(ctx)
        # "kitna dena hai", "কবে পাব": what is due and by when is on the pages still to show.
        asked = msg.option is None and words.sentence_intent(msg.text) == words.MISSING
        if (choice == MORE or asked) and ctx.data.get("more"):
            return self._act_page(ctx, [str(x) for x in ctx.data["more"]])
        if choice == "done" or (msg.option is None and words.says(msg.text, "done", "no")):
            return Turn.done(ctx.t("Good."))
        return "act"

    # --- the complaint (Sec XIV) ---------------------------------------------------------------

    def _complain(self, ctx: Ctx, *before: Reply | str) -> Turn:
        """Ask what is still missing for the complaint, in order; refuse it once out of time."""
        t = ctx.t
        d = ctx.data
        until = d.get("complaint_until")
        if d.get("ground") == Ground.STRAY:
            return Turn.done(
                *before,
                t(
                    "Strays brought in by the police are claimed at the pound (Sec VII, "
                    "XVI); there is no complaint against their seizure."
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
                refusal + " " + t("The last day was {date}.", date=day(t, str(until))),
            )
        if ctx.person is None and ctx.inbound.channel is Channel.TELEGRAM:
            return self.go(ctx, "contact", *before)
        if ctx.person is None and not d.get("name"):
            return self.go(ctx, "name", *before)
        if "who" not in d:
            return self.go(ctx, "who", *before)
        if d["who"] == "agent" and not d.get("principal"):
            return self.go(ctx, "principal", *before)
        return self.go(ctx, "complaint_confirm" if d.get("text") else "text", *before)

    def said(self, key: str) -> Callable[[Ctx, Any], Turn]:
        """An answer of the complaint kept in the draft as `key` (if any), then on to what is
        still missing. The contact shared is kept by the engine before this step runs."""

        def then(ctx: Ctx, value: Any) -> Turn:
            if key and value:
                ctx.data[key] = value
            return self._complain(ctx)

        return then

    def chose_who(self, ctx: Ctx, choice: str) -> Turn:
        ctx.data["who"] = choice
        if choice == "agent":
            owner = owner_of(ctx.work, str(ctx.data["ref"]))
            if owner is not None:
                ctx.data["principal"] = asdict(owner)
        return self._complain(ctx)

    def summary(self, ctx: Ctx) -> Reply:
        t = ctx.t
        d = ctx.data
        principal = d.get("principal")
        text = str(d.get("text"))
        if ctx.inbound.channel is Channel.SMS and len(text) > SMS_ECHO:
            # He has just written it: its start says which, at the price of a few characters.
            text = text[: SMS_ECHO - 3].rstrip() + "..."
        lines = [t("Your complaint against seizure {ref}:", ref=d.get("ref")), text]
        if d.get("who") == "agent" and isinstance(principal, dict):
            lines.append(
                t(
                    "Made by {agent}, as agent for the owner {owner}.",
                    agent=self._my_name(ctx),
                    owner=principal.get("name"),
                )
            )
        if ctx.inbound.channel is not Channel.SMS:  # on SMS the choice to confirm says it
            lines.append(t("Nothing is recorded until you confirm."))
        options = (Option("confirm", t("Confirm")), Option("cancel", t("Cancel")))
        return ctx.say("\n".join(lines), options)

    def _my_name(self, ctx: Ctx) -> str:
        return ctx.person.name if ctx.person is not None else str(ctx.data.get("name") or "")

    def file(self, ctx: Ctx, _: object) -> Turn:
        t = ctx.t
        d = ctx.data
        # One writing for the first time is recorded with his complaint, by his phone.
        actor: Person | PersonIn = ctx.person or PersonIn(
            name=str(d.get("name") or ""), residence="", phone=sender_phone(ctx.inbound)
        )
        principal: Any = d.get("principal")
        # An agent complains in the owner's name (Sec XIV); the owner himself, even if he
        # chose "agent", complains in person.
        by_agent = (
            d.get("who") == "agent"
            and isinstance(principal, dict)
            and not (actor.phone and principal.get("phone") == actor.phone)
        )
        try:
            filed = file_complaint(
                ctx.work if isinstance(actor, PersonIn) else ctx.work.by(id_of(actor)),
                reporter=actor if isinstance(actor, PersonIn) else None,
                ref=str(d["ref"]),
                text=str(d["text"]),
                occurred_at=ctx.now,
                mode="written",
                complainant=person_from(principal) if by_agent else None,
                agent_name=actor.name if by_agent else None,
            )
        except PoundError as exc:
            return Turn.done(ctx.explain(exc))
        lines = [
            t(
                "Complaint No. {id} against seizure {ref} is filed with the Magistrate (Sec XIV).",
                id=filed.complaint_id,
                ref=filed.ref,
            ),
            t("No sale of the cattle while it is undecided (Sec IX)."),
        ]
        told = t("You will be told when the Magistrate decides.")
        if ctx.inbound.channel is Channel.SMS:  # the notice of the decision will say so
            return Turn.done(sms_budget.trim(lines, [told], ctx.lang))
        return Turn.done("\n".join([*lines, told]))


ASK_REF = N_(
    "No seizure of your cattle is known by your phone. Send the reference of the seizure "
    "(six letters and digits)."
)
ASK_TEXT = N_("State your complaint: why was the seizure wrong? (Sec XIV)")
ASK_VILLAGE = N_(
    "From which village were your cattle lost or taken? I will look in the pounds near it. If "
    "you have the reference of the seizure, send it instead."
)


def _ask_kind(ctx: Ctx) -> Reply:
    t = ctx.t
    options = [Option(f"kind:{k}", t(KIND_LABELS[k])) for k in COMMON_KINDS]
    options.append(Option("any", t("Any kind")))
    return ctx.say(
        t('Which animals, and how many? For example "3 cow white". Or choose the kind.'),
        options,
    )


def _ask_held(ctx: Ctx, text: str = "") -> Reply:
    """The seizures found near his village (`found`), to choose his own from."""
    t = ctx.t
    refs = [str(r) for r in ctx.data.get("found") or []]
    labels = ctx.data.get("labels") or {}
    options = [Option(f"held:{r}", str(labels.get(r) or r)) for r in refs]
    options.append(Option("another", t("Search another village")))
    options.append(Option("none", t("None of these")))
    return ctx.say(text or t("Which of them are yours?"), options)


def _ask_who(ctx: Ctx) -> Reply:
    t = ctx.t
    return ctx.say(
        t(
            "Are you the owner, complaining in person, or an agent who knows the facts, "
            "complaining for him (Sec XIV)?"
        ),
        [Option("self", t("I am the owner")), Option("agent", t("I am his agent"))],
    )


def _principal(ctx: Ctx, msg: Inbound) -> dict[str, Any]:
    return {"name": name_typed(ctx, msg), "residence": "", "phone": None}


def _text(ctx: Ctx, msg: Inbound) -> str:
    """The complaint written (a choice of another question is none: asked again)."""
    text = msg.text.strip()
    return text[:MAX_COMPLAINT] if msg.option is None else ""


def _confirmed(ctx: Ctx, msg: Inbound) -> None:
    """Confirmed, or else the summary again."""
    if not chose(msg, "confirm", "confirm", "yes"):
        raise Again()
