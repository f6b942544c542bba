"""What anyone may ask: the status of a seizure (STATUS <ref>, as much of it as the asker may see)
and a pound's posted schedule of fines and feeding rates (RATES <pound>, Sec VII); and the words
the private flows share."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from datetime import date
from typing import Any

from bot import sms_budget, words
from bot.figures import money
from bot.flows.base import Ctx, Flow, Turn
from bot.flows.table import Again
from bot.i18n import N_, Translator, written_in
from bot.types import Channel, Inbound, Option, Reply
from bot.words import ANIMAL_LABELS, KIND_LABELS, counted
from law.errors import PoundError
from law.grounds import Ground
from office.phones import phone_or_none
from office.records.register import REF_ALPHABET, REF_LENGTH
from office.views.lookup import (
    VillagePlace,
    keepers_of,
    match_village,
    pound_codes,
    pound_rates,
    village_named_in,
)
from office.views.seizure import seizure_view_as

REF = re.compile(rf"^[{REF_ALPHABET}]{{{REF_LENGTH}}}$")
# More pounds than this are not offered as choices: the asker names his village instead.
MAX_POUND_CHOICES = 6
# A pound as (code, the register's name, its names in other scripts by language).
PoundChoice = tuple[str, str, tuple[tuple[str, str], ...]]


def _options(ctx: Ctx, pounds: list[PoundChoice]) -> list[Option]:
    """The pounds to choose from, each named in the reader's script."""
    return [
        Option(f"pound:{code}", written_in(ctx.lang, name, names)) for code, name, names in pounds
    ]


# A seizure in a line, on SMS: where its cattle are; and what is due today.
IN_POUND = N_("Seizure {ref}: {animals}, in {pound}.")
ON_THE_WAY = N_("Seizure {ref}: {animals}, on the way to {pound}.")
TO_PAY = N_("To pay today: {total}, then {per_day} more each day.")

STATUS_LABELS: dict[str, str] = {
    "seized": N_("seized, on the way to the pound"),
    "impounded": N_("in the pound"),
    "reported_unclaimed": N_("unclaimed, reported to the Darogah (Sec VIII)"),
    "noticed": N_("unclaimed, notice posted and proclaimed (Sec VIII)"),
    "closed": N_("closed"),
}


def label(t: Translator, labels: dict[str, str], key: str) -> str:
    return t(labels[key]) if key in labels else key


def awaiting_lines(t: Translator, kinds: list[str], fine_text: str) -> list[str]:
    """Practice G4: what a seizer or officer is told when animals outside the scale await the
    Magistrate's order."""
    named = ", ".join(label(t, KIND_LABELS, k) for k in kinds)
    return [
        t(
            "The fine there will be {fine} (Sec VI), and for the {kinds} what the Magistrate "
            "orders.",
            fine=fine_text,
            kinds=named,
        ),
        t(
            "The {kinds} is not in the Sec VI scale: the Magistrate has been asked to order its "
            "fine and feeding, and the keeper registers the cattle after that order.",
            kinds=named,
        ),
    ]


def name_typed(ctx: Ctx, msg: Inbound) -> str:
    """A person's name as typed (its spaces run together); asked for again if it is empty or
    too long, a button, says the name is not known ("पता नहीं"), holds a digit or lists animals
    (no name does, where an answer to another question, "2 bhains", "दो भैंस", does), is a
    sentence of cattle, or says what he is rather than who ("main malik hoon")."""
    name = " ".join(msg.text.split())
    if not name or len(name) > 200 or msg.option is not None or words.not_known(name):
        raise Again()
    only_name = Again(problem=ctx.t("Send only the name."))
    if any(ch.isdigit() for ch in name) or words.animals_listed(name):
        raise only_name
    # A sentence of cattle ("meri bakri sadak par thi") is what happened, not who he is; its
    # words are read as written, as a name may be one mistyped ("হারান মণ্ডল", not হারানো).
    if words.sentence_intent(name, typo=False) is not None:
        raise only_name
    if len(name.split()) > 1 and words.says(name, "self", "agent", typo=False):
        raise only_name  # "main malik hoon" (I am the owner) says what he is; "Malik" may be a name
    return words.name_given(name)  # "mera naam Ramesh Yadav hai": Ramesh Yadav


def village_choices(
    ctx: Ctx, text: str, close: list[VillagePlace], value: Callable[[VillagePlace], str]
) -> Reply:
    """The villages whose names are close to `text`, to choose from (each chosen as its
    `value`); none, the name is asked for again. "पता नहीं" is no village to look for (Patwai
    is close to "pata nahi"): the nearest he knows is asked for."""
    if words.not_known(text):
        return ctx.say(ctx.t("Send the name of the nearest village you know."))
    if not close:
        return ctx.say(
            ctx.t(
                "No village called {name} is known. Please type the village name again.",
                name=text[:60],
            )
        )
    options = [Option(value(v), v.name_in(ctx.lang)) for v in close]
    return ctx.say(ctx.t("Did you mean one of these villages?"), options)


def sender_phone(inbound: Inbound) -> str | None:
    """The sender's phone where the channel gives it (SMS, WhatsApp, console), else None."""
    if inbound.channel is Channel.TELEGRAM:
        return None
    return phone_or_none(inbound.address.removeprefix("whatsapp:"))


def find_ref(text: str) -> str | None:
    """The first word of `text` that has the shape of a seizure reference (its punctuation
    aside). In a sentence, a word of letters alone counts only as the reference is printed, in
    capitals: "amar chagol rastay chilo" names no seizure RASTAY."""
    typed = text.split()
    for word in typed:
        ref = word.strip(".,;:!?'\"()").upper()
        if REF.match(ref) and (len(typed) == 1 or ref in word or any(c.isdigit() for c in ref)):
            return ref
    return None


def ref_alone(text: str) -> str | None:
    """The reference a message is made of, and nothing else ("7F54JS"): a status asked. A word
    of letters alone is one only in capitals, as printed ("KHABAR" may be one; "khabar" is a
    word)."""
    word = text.strip().strip(".,;:!?'\"()")
    if len(text.split()) != 1 or not REF.match(word.upper()):
        return None
    return word.upper() if word.isupper() or any(c.isdigit() for c in word) else None


def answer(msg: Inbound) -> str:
    """What a person answered: the option chosen, or the text typed."""
    return (msg.option or msg.text).strip()


def day(t: Translator, iso: str | None) -> str:
    return t.day(date.fromisoformat(iso[:10])) if iso else ""


def count_line(t: Translator, animals: list[dict[str, Any]], *, described: bool = True) -> str:
    """'2 cows (red), 1 buffalo': the animals by kind, as Sec V describes them (`described`
    False: '2 cows, 1 buffalo')."""
    groups = Counter(
        (str(a["kind"]), str(a.get("description") or "") if described else "") for a in animals
    )
    parts = []
    for (kind, description), n in groups.items():
        text = counted(t, n, kind)
        parts.append(f"{text} ({description})" if description else text)
    return ", ".join(parts)


def _person(t: Translator, p: dict[str, str] | None) -> str:
    if not p:
        return ""
    return (
        t("{name} of {place}", name=p["name"], place=p["residence"])
        if p.get("residence")
        else p["name"]
    )


def _status_line(t: Translator, view: dict[str, Any]) -> str:
    status = label(t, STATUS_LABELS, view["status"])
    return t("Seizure {ref}: {status}.", ref=view["ref"], status=status)


def seizure_lines(ctx: Ctx, view: dict[str, Any]) -> list[str]:
    """A seizure as the asker may see it (`seizure_view_as`): for its parties and officers the
    seizer, the owner, what is due today and every deadline; for anyone else what the notice
    of Sec VIII shows (the cattle, where seized and impounded, the dates)."""
    t = ctx.t
    lines = [_status_line(t, view)]
    public = view.get("view") == "public"
    if not public and view.get("seizer"):
        seizer = _person(t, view["seizer"])
        reporter = _person(t, view.get("reported_by"))
        if reporter and reporter != seizer:
            lines.append(
                t("Seized by {seizer}; reported by {reporter}.", seizer=seizer, reporter=reporter)
            )
        else:
            lines.append(t("Seized by {seizer}.", seizer=seizer))
        lines.append(t("Owner: {owner}", owner=_person(t, view.get("owner")) or t("not known")))
    held = [a for a in view["animals"] if a["status"] in ("seized", "impounded")]
    lines.append(t("Animals: {animals}.", animals=count_line(t, view["animals"])))
    gone = [a for a in view["animals"] if a not in held]
    for a in gone:
        lines.append(
            t(
                "No. {number} ({kind}): {status}.",
                number=a["id"],
                kind=label(t, KIND_LABELS, a["kind"]),
                status=label(t, ANIMAL_LABELS, a["status"]),
            )
        )
    pound = view.get("pound") or {}
    due = view.get("due") or {}
    if public:
        if held and pound:
            lines.append(
                t(
                    "Fines and feeding at {pound}: send {say_cmd_rates} {code} (Sec VI, VII).",
                    pound=pound["name"],
                    pound_names=pound.get("names"),
                    code=pound["code"],
                )
            )
    elif held and view["impounded_at"]:
        lines.append(
            t(
                "Due today ({day}): fine {fine} (Sec VI), feeding {feeding} (Sec VII), "
                "total {total}. Feeding grows by {per_day} a day.",
                day=day(t, due["on"]),
                fine=money(t.lang, due["fine"], due["unit"]),
                feeding=money(t.lang, due["feeding"], due["unit"]),
                total=money(t.lang, due["total"], due["unit"]),
                per_day=money(t.lang, due["per_day"], due["unit"]),
            )
        )
    elif held:
        lines.append(
            t(
                "Not yet at the pound. The fine will be {fine} (Sec VI); feeding is charged "
                "from the day of arrival (Sec VII).",
                fine=money(t.lang, due["fine"], due["unit"]),
            )
        )
    deadlines = view["deadlines"]
    if held and deadlines.get("claim_until"):
        lines.append(
            t(
                "Claim within seven days of impounding, by {date} (Sec VIII); after that "
                "you may still claim them until they are sold.",
                date=day(t, deadlines["claim_until"]),
            )
        )
    if view["ground"] != Ground.STRAY and deadlines.get("complaint_until"):
        lines.append(
            t(
                "A complaint against the seizure may be made until {date} (Sec XIV).",
                date=day(t, deadlines["complaint_until"]),
            )
        )
    if held and deadlines.get("sale_not_before"):
        lines.append(
            t("No sale before {date} (Sec VIII).", date=day(t, deadlines["sale_not_before"]))
        )
    if view.get("complaint_pending"):
        lines.append(t("A complaint is pending: no sale until it is decided (Sec IX)."))
    if held and pound:
        keepers = keepers_of(ctx.work, pound["code"])
        lines.append(
            t(
                "To claim, go to {pound} and pay the keeper {keeper}; you sign the register "
                "as your receipt (Sec VII).",
                pound=pound["name"],
                pound_names=pound.get("names"),
                keeper=", ".join(keepers) or t("on duty"),
            )
        )
    return lines


def brief_lines(ctx: Ctx, view: dict[str, Any]) -> list[str]:
    """What matters now, for the first SMS: the cattle and where they are, what is due and by
    when to claim them; `seizure_lines` after it are the details, a page at a time."""
    t = ctx.t
    held = [a for a in view["animals"] if a["status"] in ("seized", "impounded")]
    pound = view.get("pound") or {}
    if not held or not pound:
        return [_status_line(t, view)]
    impounded = any(a["status"] == "impounded" for a in held)
    lines = [
        t(
            IN_POUND if impounded else ON_THE_WAY,
            ref=view["ref"],
            animals=count_line(t, held, described=False),
            pound=pound["name"],
            pound_names=pound.get("names"),
        )
    ]
    due = view.get("due") or {}
    if view.get("view") != "public" and impounded and due:
        lines.append(
            t(
                TO_PAY,
                total=money(t.lang, due["total"], due["unit"]),
                per_day=money(t.lang, due["per_day"], due["unit"]),
            )
        )
    claim_until = view["deadlines"].get("claim_until")
    if claim_until:
        lines.append(t("Claim them by {date} (Sec VIII).", date=day(t, claim_until)))
    return lines


def status_pages(ctx: Ctx, view: dict[str, Any]) -> list[str]:
    """The seizure's lines as said on SMS: what matters now first, then the details."""
    return [*brief_lines(ctx, view), *seizure_lines(ctx, view)[1:]]


def view_for(ctx: Ctx, ref: str) -> dict[str, Any]:
    """The seizure as the person writing may see it (law/access.py): he is known by his phone
    or Telegram id; an unknown sender is the public."""
    viewer = ctx.person.id if ctx.person is not None else None
    return seizure_view_as(ctx.work, ref=ref, viewer_id=viewer, now=ctx.now)


class StatusFlow(Flow):
    """STATUS <ref>: where a seizure stands, what is due, every deadline; on SMS what matters
    now first, the details a page at a time."""

    name = "status"
    commands = ("status",)
    menu = N_("Status of a seizure")
    page_steps = frozenset({"more"})
    steps: Mapping[str, tuple[str, ...]] = {
        "start": ("ref", "more", "end"),
        "ref": ("ref", "more", "end"),
        "more": ("more", "end"),
    }

    def start(self, ctx: Ctx, args: str) -> Turn:
        ref = find_ref(args)
        if ref is None:
            return Turn.to("ref", self._ask(ctx))
        # A one-line STATUS is answered once, right or wrong; no question is left open.
        return self._said(ctx, ref, again=None)

    def on_ref(self, ctx: Ctx, msg: Inbound) -> Turn:
        ref = find_ref(answer(msg))
        if ref is None:
            return Turn.to("ref", ctx.t("That is not a reference."), self._ask(ctx))
        return self._said(ctx, ref)

    def on_more(self, ctx: Ctx, msg: Inbound) -> Turn:
        ref = find_ref(msg.text) if msg.option is None else None
        if ref is not None:
            return self.start(ctx, ref)
        return more_of(ctx, msg)

    def _ask(self, ctx: Ctx) -> Reply:
        return ctx.say(ctx.t("Send the reference of the seizure (six letters and digits)."))

    def _said(self, ctx: Ctx, ref: str, again: str | None = "ref") -> Turn:
        """The seizure `ref`; refused, the refusal, and the flow goes on at `again`."""
        try:
            view = view_for(ctx, ref)
        except PoundError as exc:
            return Turn.to(again, ctx.explain(exc), *([self._ask(ctx)] if again else []))
        if ctx.inbound.channel is not Channel.SMS:
            return Turn.done("\n".join(seizure_lines(ctx, view)))
        return page_on(ctx, status_pages(ctx, view))


MORE = "more"


def more_option(ctx: Ctx) -> Option:
    """The choice that brings the next page of a long answer on SMS."""
    return Option(MORE, ctx.t("More"))


def page_on(ctx: Ctx, lines: list[str], step: str = "more") -> Turn:
    """A long answer on SMS, a page at a time: the flow waits at `step` while pages are left,
    and ends with the last."""
    shown, rest = sms_budget.page(lines, ctx.lang, (), more_option(ctx))
    ctx.data["more"] = rest
    return Turn.to(step, shown) if rest else Turn.done(shown)


def more_of(ctx: Ctx, msg: Inbound) -> Turn:
    """The answer at the step `more`: the next page, else the flow ends."""
    if msg.option != MORE:
        return Turn.done(ctx.t("I did not understand that."))
    return page_on(ctx, [str(x) for x in ctx.data.get("more") or []])


class RatesFlow(Flow):
    """RATES <pound>: the schedule posted at the asker's pound, fines (Sec VI) and feeding
    (Sec VII): the pound named, or serving the village named, or serving the asker's own
    village; asked for when none of these says which."""

    name = "rates"
    commands = ("rates",)
    menu = N_("Fines and feeding rates")
    page_steps = frozenset({"more"})
    steps: Mapping[str, tuple[str, ...]] = {
        "start": ("pound", "more", "end"),
        "pound": ("pound", "more", "end"),
        "more": ("more", "pound", "end"),
    }

    def start(self, ctx: Ctx, args: str) -> Turn:
        text = args.strip()
        if ctx.sentence:
            # "gaay ka jurmana kitna hai": of a sentence only a village it names says which pound.
            named, _ = village_named_in(ctx.work, text)
            text = named.name if named is not None else ""
        if not text:
            code = self._home_pound(ctx)
            if code is None:
                return Turn.to("pound", self._ask(ctx))
            return self._show(ctx, code)
        found, close = self._find(ctx, text)
        if found is not None:
            return self._show(ctx, found)
        if close:
            return Turn.to("pound", self._unknown(ctx, text, close))
        # A one-line RATES is answered once, right or wrong; no question is left open.
        return Turn.done(self._unknown(ctx, text, []))

    def on_pound(self, ctx: Ctx, msg: Inbound) -> Turn:
        if msg.option is not None and not msg.option.startswith("pound:"):
            # A button of another question (an old message's): not a pound's name to echo.
            return Turn.to("pound", self._ask(ctx))
        text = answer(msg).removeprefix("pound:")
        again = words.command(text, self.commands) if msg.option is None else None
        if again is not None:  # "RATES RMP" sent again as the answer
            text = again[1].strip()
        if not text:
            return Turn.to("pound", self._ask(ctx))
        found, close = self._find(ctx, text)
        if found is not None:
            return self._show(ctx, found)
        return Turn.to("pound", self._unknown(ctx, text, close))

    def _home_pound(self, ctx: Ctx) -> str | None:
        """The pound serving the village the asker lives in, if the register knows it."""
        home = ctx.person.residence if ctx.person is not None else ""
        if not home:
            return None
        place, _ = match_village(ctx.work, home)
        if place is None or place.excluded or not place.pound_code:
            return None
        return place.pound_code

    def _find(self, ctx: Ctx, text: str) -> tuple[str | None, list[PoundChoice]]:
        """The pound `text` names (its code, its name or one the district file gives it in
        another script, or a village it serves), else the pounds of the villages it is close
        to."""
        pounds = pound_codes(ctx.work)
        wanted = " ".join(text.split()).casefold()
        for code, name, names in pounds:
            said = {code, name, name.removesuffix(" pound"), *(n for _, n in names)}
            if wanted in {n.casefold() for n in said}:
                return code, []
        place, close = match_village(ctx.work, text[:120])
        if place is not None and place.pound_code and not place.excluded:
            return place.pound_code, []
        near = {v.pound_code for v in close if v.pound_code and not v.excluded}
        return None, [p for p in pounds if p[0] in near]

    def _ask(self, ctx: Ctx) -> Reply:
        pounds = pound_codes(ctx.work)
        if len(pounds) > MAX_POUND_CHOICES:
            pounds = []  # a long list is no help on a phone: the village says which
        return ctx.say(ctx.t("Which pound? Send its name or your village."), _options(ctx, pounds))

    def _unknown(self, ctx: Ctx, text: str, close: list[PoundChoice]) -> Reply:
        t = ctx.t
        problem = t("No pound or village {name} is known.", name=text[:40])
        if close:
            return ctx.say(problem + " " + t("Which pound?"), _options(ctx, close))
        return ctx.say(problem)

    def _show(self, ctx: Ctx, code: str) -> Turn:
        t = ctx.t
        try:
            rates = pound_rates(ctx.work, pound_code=code[:32], now=ctx.now)
        except PoundError as exc:
            return Turn.done(ctx.explain(exc))
        # One line a row of the schedule, the amounts bare: an SMS is one segment a row or two.
        lines = [
            t(
                "{pound}, a head: fine + feeding a day (Sec VI, VII):",
                pound=rates.pound_name,
                pound_names=rates.pound_names,
            )
        ]
        for row in rates.rows:
            kinds = ", ".join(label(t, KIND_LABELS, k) for k in row.kinds)
            lines.append(
                t(
                    "{kinds}: {fine} + {feeding}",
                    kinds=kinds,
                    fine=money(t.lang, row.fine, row.money),
                    feeding=money(t.lang, row.per_day, row.money),
                )
            )
        if ctx.inbound.channel is Channel.SMS:
            return page_on(ctx, lines)
        return Turn.done("\n".join(lines))

    def on_more(self, ctx: Ctx, msg: Inbound) -> Turn:
        if msg.option is None and msg.text.strip():
            # Not the next page: another pound asked for, as RATES <pound> or by its name.
            again = words.command(msg.text, self.commands)
            return self.start(ctx, again[1] if again is not None else msg.text)
        return more_of(ctx, msg)
