"""A cultivator (Sec II) or a road or canal officer (Sec XV) reports cattle he has seized.

Step by step, or pre-filled by the SMS one-liner `SEIZE 2 COW 1 BUFFALO RAMPUR`; nothing is
recorded until the person confirms the summary.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot import figures, sms_budget, words
from bot.flows import pointing
from bot.flows.anyone import KIND_LABELS, answer, awaiting_lines, day, label, sender_phone
from bot.flows.base import Ctx, Flow, Turn
from bot.flows.officer_kit import invalid
from bot.i18n import N_
from bot.types import Channel, Inbound, Option, Reply
from law.errors import PoundError
from law.grounds import MAX_HEADS, Ground
from law.kinds import AnimalKind
from law.profile import DEFAULT_PROFILE, get_profile
from models.columns import id_of
from office.access.roles import Role
from office.acts.seizer.report import report_seizure
from office.inputs import AnimalsIn, PersonIn
from office.notify import HELD, UNSOLICITED_PER_DAY
from office.phones import DEFAULT_REGION, normalise_phone, phone_forms
from office.views.kind_orders import kinds_ordered_at
from office.views.lookup import VillagePlace, match_village, village_named_in

# What the person may change from the summary, in the order they are asked.
CHANGEABLE: dict[str, str] = {
    "village": N_("Village"),
    "place": N_("Place"),
    "animals": N_("Animals"),
    "damage": N_("Damage"),
    "owner": N_("Owner"),
    "aid": N_("Police aid"),
    "photo": N_("Photo"),
}
# The keys of the draft each part of the report fills (cleared to ask it again).
DRAFT_KEYS: dict[str, tuple[str, ...]] = {
    "village": ("village", "village_names", "district", "profile", "pound", "pound_names"),
    "place": ("place",),
    "animals": ("animals", "animals_done", "pending_kind"),
    "damage": ("damage",),
    "owner": ("owner",),
    "aid": ("aid",),
    "photo": ("photo",),
}


def _is(msg: Inbound, value: str, *meanings: str, typo: bool = True) -> bool:
    """The option `value` chosen, or a word typed that says one of `meanings` (bot/words.py).
    `typo=False` where a name is asked: "Nona" is a name, not "none" mistyped."""
    return msg.option == value or (
        msg.option is None and words.says(msg.text, *meanings, typo=typo)
    )


def parse_groups(text: str) -> tuple[list[tuple[int, str, str]], str]:
    """'2 cow red 1 buffalo', '৩টি গরু লাল' -> [(2, 'cow', 'red'), (1, 'buffalo', '')], and the
    words left before the first group. Each count must be followed by a kind."""
    groups, lead = words.parse_groups(text)
    return [(g.count, g.kind, g.description) for g in groups], lead


class SeizeFlow(Flow):
    """Report a seizure: village, place, animals, damage, owner, police aid, photo, confirm."""

    name = "seize"
    commands = ("seize",)
    menu = N_("Report cattle I have seized")
    location_steps = frozenset({"village"})

    def __init__(self, *, unsolicited_per_day: int = UNSOLICITED_PER_DAY) -> None:
        # How many numbers the office never heard from a reporter may have it message a day.
        self.unsolicited_per_day = unsolicited_per_day

    steps: Mapping[str, tuple[str, ...]] = {
        "start": ("contact", "name", "village", "place"),
        "contact": ("contact", "village", "place"),
        "name": ("name", "home"),
        "home": ("home", "village", "place"),
        "village": ("village", "place", "confirm"),
        "place": ("place", "animals", "damage", "confirm"),
        "animals": ("animals", "count", "damage", "confirm"),
        "count": ("count", "animals"),
        "damage": ("damage", "owner", "confirm"),
        "owner": ("owner", "owner_home", "aid", "confirm"),
        "owner_home": ("owner_home", "owner_phone"),
        "owner_phone": ("owner_phone", "aid", "confirm"),
        "aid": ("aid", "photo", "confirm"),
        "photo": ("photo", "confirm"),
        "confirm": ("confirm", "change", "end"),
        "change": ("change", "village", "place", "animals", "damage", "owner", "aid", "photo"),
    }

    # --- starting, and what to ask next --------------------------------------------------------

    def start(self, ctx: Ctx, args: str) -> Turn:
        """`SEIZE 2 COW 1 BUFFALO RAMPUR` fills the animals and the village; the rest is asked."""
        notes: list[Reply] = []
        groups, tail = parse_groups(args)
        if ctx.sentence:
            # Of a sentence ("मैंने 2 भैंस पकड़ी हैं", "দুটো গরু ধরেছি") only the animals counted
            # and a village it names are read: its other words are no description, no village.
            groups = [(count, kind, "") for count, kind, _ in groups]
            named, _ = village_named_in(ctx.work, args)
            tail = ""
            if named is not None and not named.excluded and named.pound_code:
                self._set_village(ctx, named)
        if groups:
            # The words after the last group's kind are the village, not a description.
            count, kind, tail = groups[-1]
            groups[-1] = (count, kind, "")
            try:
                self._add_groups(ctx, groups)
                ctx.data["animals_done"] = True
            except PoundError as exc:
                ctx.data.pop("animals", None)
                notes.append(ctx.say(ctx.explain(exc)))
        if tail:
            place, _ = match_village(ctx.work, tail)
            if place is not None and not place.excluded and place.pound_code:
                self._set_village(ctx, place)
            else:
                ctx.data["village_hint"] = tail[:120]
        turn = self._next(ctx)
        return Turn(notes + turn.replies, turn.step)

    def _next(self, ctx: Ctx, *before: Reply) -> Turn:
        d = ctx.data
        step = "confirm"
        if ctx.person is None and ctx.inbound.channel is Channel.TELEGRAM:
            step = "contact"
        elif ctx.person is None and not d.get("name"):
            step = "name"
        elif ctx.person is None and "home" not in d:
            step = "home"
        else:
            for part in ("village", "place", "animals", "damage", "owner", "aid", "photo"):
                key = "animals_done" if part == "animals" else part
                if part == "photo" and ctx.inbound.channel is Channel.SMS:
                    continue  # a feature phone sends no photo: never asked for one
                if key not in d:
                    step = part
                    break
        return Turn.to(step, *before, *self._ask(ctx, step))

    def _ask(self, ctx: Ctx, step: str) -> list[Reply]:
        t = ctx.t
        skip = Option("skip", t("Skip"))
        if step == "contact":
            return [
                ctx.say(
                    t("To report a seizure I need your phone number: please share your contact."),
                    request_contact=True,
                )
            ]
        if step == "name":
            return [ctx.say(t("Your name, for the pound register (Sec V)?"))]
        if step == "home":
            return [ctx.say(t("Where do you live (your village)?"))]
        if step == "village":
            hint = ctx.data.pop("village_hint", None)
            if hint:
                return self._village_choices(ctx, hint)
            return pointing.offer(ctx, ctx.say(t("In which village were the cattle seized?")))
        if step == "place":
            return [ctx.say(t("Where exactly: which field or place?"))]
        if step == "animals":
            options = [Option(f"kind:{k}", t(KIND_LABELS[k])) for k in words.COMMON_KINDS]
            text = t(
                'Which animals? Send the count, the kind and a description, e.g. "2 cow red, '
                'white blaze", or choose a kind.'
            )
            if ctx.data.get("animals"):
                options.append(Option("done", t("Done")))
                text = t("Any more animals? Send them, or {say_done}.")
            return [ctx.say(text, options)]
        if step == "count":
            kind = label(t, KIND_LABELS, str(ctx.data.get("pending_kind", "")))
            return [
                ctx.say(t('{kind}: how many? You may add a description, e.g. "2 red".', kind=kind))
            ]
        if step == "damage":
            return [
                ctx.say(
                    t(
                        "What damage were they doing? "
                        "(Sec II allows seizing only cattle doing damage.)"
                    )
                )
            ]
        if step == "owner":
            return [ctx.say(t("Do you know the owner? Send his name, or {say_skip}."), [skip])]
        if step == "owner_home":
            return [ctx.say(t("The owner's village? Or {say_skip}."), [skip])]
        if step == "owner_phone":
            return [ctx.say(t("The owner's phone number (+91...)? Or {say_skip}."), [skip])]
        if step == "aid":
            return [
                ctx.say(
                    t("Do you want the police to help take the cattle to the pound (Sec II)?"),
                    [Option("yes", t("Yes")), Option("no", t("No"))],
                )
            ]
        if step == "photo":
            return [ctx.say(t("Send a photo of the cattle, or {say_skip}."), [skip])]
        if step == "change":
            options = [Option(f"change:{k}", t(v)) for k, v in self._changeable(ctx).items()]
            return [ctx.say(t("What do you want to change?"), options)]
        return [self._summary(ctx)]

    def _changeable(self, ctx: Ctx) -> dict[str, str]:
        if ctx.inbound.channel is Channel.SMS:
            return {k: v for k, v in CHANGEABLE.items() if k != "photo"}
        return CHANGEABLE

    def _again(self, ctx: Ctx, step: str, problem: str) -> Turn:
        asked = self._ask(ctx, step)
        if ctx.inbound.channel is Channel.SMS and not sms_budget.fits(
            Reply("\n".join([problem, *(r.text for r in asked)]), asked[-1].options), ctx.lang
        ):
            # On SMS the problem, which says what to send, stands for the question repeated.
            return Turn.to(step, ctx.say(problem, asked[-1].options))
        return Turn.to(step, ctx.say(problem), *asked)

    # --- who is reporting ----------------------------------------------------------------------

    def on_contact(self, ctx: Ctx, msg: Inbound) -> Turn:
        if ctx.person is None:
            return Turn.to("contact", *self._ask(ctx, "contact"))
        return self._next(ctx)

    def on_name(self, ctx: Ctx, msg: Inbound) -> Turn:
        name = " ".join(msg.text.split())
        if not name or len(name) > 200 or msg.option is not None or words.not_known(name):
            return Turn.to("name", *self._ask(ctx, "name"))
        ctx.data["name"] = name
        return Turn.to("home", *self._ask(ctx, "home"))

    def on_home(self, ctx: Ctx, msg: Inbound) -> Turn:
        home = " ".join(msg.text.split())
        if not home or len(home) > 200:
            return Turn.to("home", *self._ask(ctx, "home"))
        ctx.data["home"] = home
        return self._next(ctx)

    # --- where ---------------------------------------------------------------------------------

    def on_village(self, ctx: Ctx, msg: Inbound) -> Turn:
        t = ctx.t
        if msg.location is not None:
            return Turn.to("village", pointing.answer(ctx, msg.location))
        pointed, typed_instead = pointing.confirmed(ctx, msg)
        if typed_instead is not None:
            return Turn.to("village", typed_instead)
        text = pointed or answer(msg).removeprefix("village:")
        if not text or len(text) > 120:
            return Turn.to("village", *self._ask(ctx, "village"))
        place, close = match_village(ctx.work, text)
        if place is None:
            return Turn.to("village", *self._village_choices(ctx, text, close))
        if place.excluded:
            reason = f": {place.excluded_reason}" if place.excluded_reason else ""
            return self._again(
                ctx,
                "village",
                t("The Act does not run in that village: {message}", message=place.name + reason)
                + " "
                + t("(Sec {section})", section="XX"),
            )
        if not place.pound_code:
            return self._again(
                ctx,
                "village",
                t(
                    "No pound is notified for {village} (Sec III).",
                    village=place.name,
                    village_names=place.names,
                ),
            )
        self._set_village(ctx, place)
        return self._next(ctx)

    def _village_choices(
        self, ctx: Ctx, text: str, close: list[VillagePlace] | None = None
    ) -> list[Reply]:
        t = ctx.t
        if close is None:
            _, close = match_village(ctx.work, text)
        if not close:
            return [
                ctx.say(
                    t(
                        "No village called {name} is known. Please type the village name again.",
                        name=text[:60],
                    )
                )
            ]
        options = [Option(f"village:{v.name}", v.name_in(ctx.lang)) for v in close]
        return [ctx.say(t("Did you mean one of these villages?"), options)]

    def _set_village(self, ctx: Ctx, place: VillagePlace) -> None:
        ctx.data.update(
            village=place.name,
            village_names=dict(place.names),  # as the district file writes it in hi, bn
            district=place.district_code,
            profile=place.profile,
            pound=place.pound_name,
            pound_names=dict(place.pound_names),  # as the district file writes it in hi, bn
            region=place.region,
        )

    def on_place(self, ctx: Ctx, msg: Inbound) -> Turn:
        text = " ".join(msg.text.split())
        if not text or len(text) > 500:
            return Turn.to("place", *self._ask(ctx, "place"))
        ctx.data["place"] = text
        return self._next(ctx)

    # --- the animals (Sec V: number and description) -------------------------------------------

    def on_animals(self, ctx: Ctx, msg: Inbound) -> Turn:
        t = ctx.t
        if _is(msg, "done", "done"):
            if not ctx.data.get("animals"):
                return self._again(ctx, "animals", t("Name at least one animal first."))
            ctx.data["animals_done"] = True
            return self._next(ctx)
        if msg.option and msg.option.startswith("kind:"):
            return self._pending(ctx, msg.option.removeprefix("kind:"))
        text = msg.text.strip()
        if not text:
            return Turn.to("animals", *self._ask(ctx, "animals"))
        groups, lead = parse_groups(text)
        try:
            if groups and not lead:
                self._add_groups(ctx, groups)
                return Turn.to("animals", *self._ask(ctx, "animals"))
            turned = words.kind_then_count(text)
            if turned is not None:
                # "cow 2 red": the kind first, then the count.
                self._add_groups(ctx, [(turned.count, turned.kind, turned.description)])
                return Turn.to("animals", *self._ask(ctx, "animals"))
            if len(text.split()) == 1:
                return self._pending(ctx, text)
        except PoundError as exc:
            return self._again(ctx, "animals", ctx.explain(exc))
        return self._again(
            ctx, "animals", t('Please write it like "2 cow red": count, kind, description.')
        )

    def _pending(self, ctx: Ctx, kind: str) -> Turn:
        try:
            resolved = self._kind(ctx, kind)
        except PoundError as exc:
            return self._again(ctx, "animals", ctx.explain(exc))
        ctx.data["pending_kind"] = resolved
        return Turn.to("count", *self._ask(ctx, "count"))

    def on_count(self, ctx: Ctx, msg: Inbound) -> Turn:
        kind = str(ctx.data.get("pending_kind") or "")
        if not kind:
            return Turn.to("animals", *self._ask(ctx, "animals"))
        found = words.count_first(msg.text)
        if found is None:
            return Turn.to("count", *self._ask(ctx, "count"))
        try:
            self._add_groups(ctx, [(found[0], kind, found[1])])
        except PoundError as exc:
            return self._again(ctx, "count", ctx.explain(exc))
        ctx.data.pop("pending_kind", None)
        return Turn.to("animals", *self._ask(ctx, "animals"))

    def _kind(self, ctx: Ctx, text: str) -> str:
        """The kind as the register writes it. An animal outside the scale (an elephant) is
        taken too: the Magistrate orders its fine and feeding before it is registered (G4)."""
        profile = get_profile(str(ctx.data.get("profile") or DEFAULT_PROFILE))
        village = ctx.data.get("village")
        ordered = (
            kinds_ordered_at(ctx.work, village=str(village), district=ctx.data.get("district"))
            if village
            else set()
        )
        kind = words.read_kind(ctx.t, text, profile.aliases, ordered)
        return kind.value if isinstance(kind, AnimalKind) else kind.word

    def _add_groups(self, ctx: Ctx, groups: list[tuple[int, str, str]]) -> None:
        """Check every group (kind known, count sensible) before adding any of them."""
        have: list[list[Any]] = list(ctx.data.get("animals") or [])
        heads = sum(int(g[1]) for g in have)
        new = []
        for count, kind, description in groups:
            if count < 1:
                raise invalid(N_("each count must be at least 1"))
            heads += count
            if heads > MAX_HEADS:
                raise invalid(N_("at most {limit} head in one seizure"), limit=MAX_HEADS)
            new.append([self._kind(ctx, kind), count, description[:500]])
        ctx.data["animals"] = have + new

    # --- damage, owner, police aid, photo ------------------------------------------------------

    def on_damage(self, ctx: Ctx, msg: Inbound) -> Turn:
        text = " ".join(msg.text.split())
        if not text or len(text) > 2000:
            return Turn.to("damage", *self._ask(ctx, "damage"))
        ctx.data["damage"] = text
        return self._next(ctx)

    def on_owner(self, ctx: Ctx, msg: Inbound) -> Turn:
        # "पता नहीं", "জানি না", yes or no alone: the owner is not known, never named so (G14:
        # the keeper records him when he establishes his claim).
        if msg.option == "skip" or (msg.option is None and words.not_known(msg.text)):
            ctx.data["owner"] = None
            return self._next(ctx)
        name = " ".join(msg.text.split())
        if not name or len(name) > 200 or msg.option is not None:
            return Turn.to("owner", *self._ask(ctx, "owner"))
        ctx.data["owner_draft"] = {"name": name, "residence": "", "phone": None}
        return Turn.to("owner_home", *self._ask(ctx, "owner_home"))

    def on_owner_home(self, ctx: Ctx, msg: Inbound) -> Turn:
        draft = ctx.data.get("owner_draft")
        if not isinstance(draft, dict):
            draft = {"name": "", "residence": "", "phone": None}
        if not (msg.option == "skip" or (msg.option is None and words.not_known(msg.text))):
            home = " ".join(msg.text.split())
            if not home or len(home) > 200:
                return Turn.to("owner_home", *self._ask(ctx, "owner_home"))
            draft["residence"] = home
        ctx.data["owner_draft"] = draft
        return Turn.to("owner_phone", *self._ask(ctx, "owner_phone"))

    def on_owner_phone(self, ctx: Ctx, msg: Inbound) -> Turn:
        draft = ctx.data.get("owner_draft")
        if not isinstance(draft, dict) or not draft.get("name"):
            ctx.data["owner"] = None
            return self._next(ctx)
        region = str(ctx.data.get("region") or DEFAULT_REGION)
        if not _is(msg, "skip", "skip", "no"):
            try:
                draft["phone"] = normalise_phone(msg.text.strip(), region)
            except PoundError:
                national, international = phone_forms(region)
                # Checked as typed, so the act is never refused at "Yes, record it".
                return self._again(
                    ctx,
                    "owner_phone",
                    ctx.t(
                        "That phone number cannot be read. Write it like {national} or "
                        "{international}.",
                        national=national,
                        international=international,
                    ),
                )
        ctx.data["owner"] = draft
        ctx.data.pop("owner_draft", None)
        return self._next(ctx)

    def on_aid(self, ctx: Ctx, msg: Inbound) -> Turn:
        if _is(msg, "yes", "yes"):
            ctx.data["aid"] = True
        elif _is(msg, "no", "no"):
            ctx.data["aid"] = False
        else:
            return Turn.to("aid", *self._ask(ctx, "aid"))
        return self._next(ctx)

    def on_photo(self, ctx: Ctx, msg: Inbound) -> Turn:
        if msg.photo:
            ctx.data["photo"] = msg.photo[:500]
        elif _is(msg, "skip", "skip", "no"):
            ctx.data["photo"] = None
        else:
            return Turn.to("photo", *self._ask(ctx, "photo"))
        return self._next(ctx)

    # --- the summary, changes and the record ---------------------------------------------------

    def _summary(self, ctx: Ctx) -> Reply:
        t = ctx.t
        d = ctx.data
        options = (
            Option("confirm", t("Confirm")),
            Option("change", t("Change")),
            Option("cancel", t("Cancel")),
        )
        if ctx.inbound.channel is Channel.SMS:
            return ctx.say(self._sms_summary(ctx), options)
        animals = ", ".join(
            words.counted(t, int(n), str(k)) + (f" ({desc})" if desc else "")
            for k, n, desc in d.get("animals") or []
        )
        owner = d.get("owner")
        if isinstance(owner, dict):
            owner_text = ", ".join(
                str(x) for x in (owner.get("name"), owner.get("residence"), owner.get("phone")) if x
            )
        else:
            owner_text = t("not known")
        lines = [
            t("Please check your report:"),
            t(
                "Village: {village} (pound: {pound})",
                village=d.get("village"),
                village_names=d.get("village_names"),
                pound=d.get("pound"),
                pound_names=d.get("pound_names"),
            ),
            t("Place: {place}", place=d.get("place")),
            t("Animals: {animals}", animals=animals),
            t("Damage: {damage}", damage=d.get("damage")),
            t("Owner: {owner}", owner=owner_text),
            t("Police aid: {answer}", answer=t("Yes") if d.get("aid") else t("No")),
            t("Photo: {answer}", answer=t("attached") if d.get("photo") else t("none")),
            t("Nothing is recorded until you confirm."),
        ]
        return ctx.say("\n".join(lines), options)

    def _sms_summary(self, ctx: Ctx) -> str:
        """The report in one SMS: the cattle and the village, the owner and the police's help.
        The place and the damage he has just written are not said back (Change shows each)."""
        t = ctx.t
        d = ctx.data
        counts: dict[str, int] = {}
        for k, n, _desc in d.get("animals") or []:
            counts[str(k)] = counts.get(str(k), 0) + int(n)
        owner = d.get("owner")
        known = (
            [str(owner.get(x)) for x in ("name", "residence") if owner.get(x)]
            if isinstance(owner, dict)
            else []
        )
        return "\n".join(
            [
                t(
                    "Your report: {animals} seized in {village}.",
                    animals=", ".join(words.counted(t, n, k) for k, n in counts.items()),
                    village=d.get("village"),
                    village_names=d.get("village_names"),
                ),
                t("Owner: {owner}", owner=", ".join(known) or t("not known")),
                t("Police aid: {answer}", answer=t("Yes") if d.get("aid") else t("No")),
            ]
        )

    def on_confirm(self, ctx: Ctx, msg: Inbound) -> Turn:
        if _is(msg, "change", "change"):
            return Turn.to("change", *self._ask(ctx, "change"))
        if not _is(msg, "confirm", "confirm", "yes"):
            return Turn.to("confirm", self._summary(ctx))
        return self._record(ctx)

    def on_change(self, ctx: Ctx, msg: Inbound) -> Turn:
        part = (msg.option or msg.text.strip().lower()).removeprefix("change:")
        if part not in self._changeable(ctx):
            return Turn.to("change", *self._ask(ctx, "change"))
        for key in DRAFT_KEYS[part]:
            ctx.data.pop(key, None)
        return Turn.to(part, *self._ask(ctx, part))

    def _record(self, ctx: Ctx) -> Turn:
        t = ctx.t
        d = ctx.data
        owner = d.get("owner")
        # An SMS or console sender the office does not know yet is recorded with the seizure,
        # by his phone (Sec V records the seizer's name and residence).
        reporter: int | PersonIn = (
            id_of(ctx.person)
            if ctx.person is not None
            else PersonIn(
                name=str(d.get("name") or ""),
                residence=str(d.get("home") or ""),
                phone=sender_phone(ctx.inbound),
            )
        )
        road = ctx.has(Role.ROAD_OFFICER)
        try:
            done = report_seizure(
                ctx.work if isinstance(reporter, PersonIn) else ctx.work.by(reporter),
                reporter=reporter if isinstance(reporter, PersonIn) else None,
                ground=Ground.ROAD if road else Ground.TRESPASS,
                village=str(d["village"]),
                district=str(d["district"]),
                place=str(d["place"]),
                damage=str(d["damage"]),
                seizer=None,
                owner=PersonIn(
                    name=str(owner["name"]),
                    residence=str(owner.get("residence") or ""),
                    phone=owner.get("phone") or None,
                )
                if isinstance(owner, dict)
                else None,
                animals=[AnimalsIn(str(k), int(n), str(desc)) for k, n, desc in d["animals"]],
                occurred_at=ctx.now,
                police_aid=bool(d.get("aid")),
                photo=d.get("photo") or None,
                unsolicited_per_day=self.unsolicited_per_day,
            )
        except PoundError as exc:
            return Turn.to("confirm", ctx.say(ctx.explain(exc)), self._summary(ctx))
        money = get_profile(str(d.get("profile") or DEFAULT_PROFILE)).money
        section = "XV" if road else "II"
        lines = [
            t("Recorded. Your reference is {ref}.", ref=done.ref),
            t(
                "Take the cattle to {pound} without unnecessary delay (Sec {section}).",
                pound=done.pound_name,
                pound_names=done.pound_names,
                section=section,
            ),
        ]
        if ctx.inbound.channel is Channel.SMS:
            # What he must do now (and what the office will not do); the rest is one STATUS away.
            if done.owner_messages == HELD:
                lines.append(self._held_note(ctx))
            more = [t("For the details send {say_cmd_status} {ref}.", ref=done.ref)]
            if done.aid_requested:
                more.insert(0, t("The police of the thana have been asked to help (Sec II)."))
            return Turn.done(ctx.say(sms_budget.trim(lines, more, ctx.lang)))
        if done.awaiting_order:
            lines += awaiting_lines(t, done.awaiting_order, figures.money(t.lang, done.fine, money))
        else:
            fine = figures.money(t.lang, done.fine, money)
            lines.append(t("The fine there will be {fine} (Sec VI).", fine=fine))
        if done.aid_requested:
            lines.append(t("The police of the thana have been asked to help (Sec II)."))
        lines.append(
            t(
                "The owner may complain against the seizure until {date} (Sec XIV).",
                date=day(t, done.complaint_until),
            )
        )
        if done.owner_messages == HELD:
            lines.append(self._held_note(ctx))
        return Turn.done(ctx.say("\n".join(lines)))

    def _held_note(self, ctx: Ctx) -> str:
        return ctx.t(
            "The office will not send the owner messages: his number has never written "
            "to the office, and you have named {limit} such numbers in 24 hours. Tell him "
            "yourself, or ask him to write to the office.",
            limit=self.unsolicited_per_day,
        )
