"""A cultivator (Sec II) or a road or canal officer (Sec XV) reports cattle he has seized.

Step by step, or pre-filled by the SMS one-liner `SEIZE 2 COW 1 BUFFALO RAMPUR`; nothing is
recorded until the person confirms the summary.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot import figures, sms_budget, words
from bot.flows import pointing
from bot.flows.anyone import (
    KIND_LABELS,
    answer,
    awaiting_lines,
    day,
    label,
    name_typed,
    sender_phone,
    village_choices,
)
from bot.flows.base import Ctx, Turn
from bot.flows.officer_kit import invalid, person_from
from bot.flows.table import Again, Step, TableFlow, asks, asks_contact, chose, kept
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
# The keys of the draft a part of the report fills where not only its own (cleared to ask again).
DRAFT_KEYS: dict[str, tuple[str, ...]] = {
    "village": ("village", "village_names", "district", "profile", "pound", "pound_names"),
    "animals": ("animals", "animals_done", "pending_kind"),
}


ASK_CONTACT = N_("To report a seizure I need your phone number: please share your contact.")
ASK_NAME = N_("Your name, for the pound register (Sec V)?")
ASK_HOME = N_("Where do you live (your village)?")
ASK_PLACE = N_("Where exactly: which field or place?")
ASK_DAMAGE = N_("What damage were they doing? (Sec II allows seizing only cattle doing damage.)")
ASK_OWNER = N_("Do you know the owner? Send his name, or {say_skip}.")
ASK_OWNER_HOME = N_("The owner's village? Or {say_skip}.")
ASK_OWNER_PHONE = N_("The owner's phone number (+91...)? Or {say_skip}.")
ASK_PHOTO = N_("Send a photo of the cattle, or {say_skip}.")


def _village_value(place: VillagePlace) -> str:
    return f"village:{place.name}"


class SeizeFlow(TableFlow):
    """Report a seizure: village, place, animals, damage, owner, police aid, photo, confirm.
    Each part of the report is asked until it is in the draft (`next_part`), then the summary."""

    name = "seize"
    commands = ("seize",)
    menu = N_("Report cattle I have seized")
    location_steps = frozenset({"village"})
    start_to = ("contact", "name", "village", "place")

    def __init__(self, *, unsolicited_per_day: int = UNSOLICITED_PER_DAY) -> None:
        # How many numbers the office never heard from a reporter may have it message a day.
        self.unsolicited_per_day = unsolicited_per_day
        fill = self.fill
        self.table = {
            "contact": Step(
                asks_contact(ASK_CONTACT),
                _contact,
                lambda ctx, _: self.next_part(ctx),
                ("village", "place"),
            ),
            "name": Step(asks(ASK_NAME), name_typed, fill("name"), ("home",)),
            "home": Step(asks(ASK_HOME), _where(200), fill("home"), ("village", "place")),
            "village": Step(self.ask_village, self.village, self.at_village, ("place", "confirm")),
            "place": Step(
                asks(ASK_PLACE), _where(500), fill("place"), ("animals", "damage", "confirm")
            ),
            "animals": Step(
                _ask_animals, self.animals, _to, ("count", "damage", "confirm"), repeat=True
            ),
            "count": Step(_ask_count, self.count, _to, ("animals",), repeat=True),
            "damage": Step(asks(ASK_DAMAGE), _damage, fill("damage"), ("owner", "confirm")),
            "owner": Step(
                _skippable(ASK_OWNER), _owner, self.owner, ("owner_home", "aid", "confirm")
            ),
            "owner_home": kept(
                _skippable(ASK_OWNER_HOME), _owner_home, "owner_draft", "owner_phone"
            ),
            "owner_phone": Step(
                _skippable(ASK_OWNER_PHONE), _owner_phone, fill("owner"), ("aid", "confirm")
            ),
            "aid": Step(_ask_aid, _aid, fill("aid"), ("photo", "confirm")),
            "photo": Step(_skippable(ASK_PHOTO), _photo, fill("photo"), ("confirm",)),
            "confirm": Step(self.summary, _confirmed, self.confirmed, ("change", "end")),
            "change": Step(_ask_change, _change, _to, (*CHANGEABLE, "confirm")),
        }
        super().__init__()

    # --- starting, and what to ask next --------------------------------------------------------

    def start(self, ctx: Ctx, args: str) -> Turn:
        """`SEIZE 2 COW 1 BUFFALO RAMPUR` fills the animals and the village; the rest is asked."""
        notes: list[Reply] = []
        groups, tail = words.parse_groups(args)
        if ctx.sentence:
            # Of a sentence ("मैंने 2 भैंस पकड़ी हैं", "দুটো গরু ধরেছি") only the animals counted
            # and a village it names are read: its other words are no description, no village.
            groups = [replace(g, description="") for g in groups]
            named, _ = village_named_in(ctx.work, args)
            tail = ""
            if named is not None and not named.excluded and named.pound_code:
                self._set_village(ctx, named)
        if groups:
            # The words after the last group's kind are the village, not a description.
            tail = groups[-1].description
            groups[-1] = replace(groups[-1], description="")
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
        return self.go(ctx, self.next_part(ctx), *notes)

    def next_part(self, ctx: Ctx) -> str:
        """Who reports, if the office does not know him yet; then the first part of the report
        not yet in the draft; then the summary."""
        d = ctx.data
        if ctx.person is None and ctx.inbound.channel is Channel.TELEGRAM:
            return "contact"
        if ctx.person is None and not d.get("name"):
            return "name"
        if ctx.person is None and "home" not in d:
            return "home"
        for part in ("village", "place", "animals", "damage", "owner", "aid", "photo"):
            key = "animals_done" if part == "animals" else part
            if part == "photo" and ctx.inbound.channel is Channel.SMS:
                continue  # a feature phone sends no photo: never asked for one
            if key not in d:
                return part
        return "confirm"

    def fill(self, key: str) -> Callable[[Ctx, Any], str]:
        """A part of the report kept in the draft as `key`, then on to the next part."""

        def then(ctx: Ctx, value: Any) -> str:
            ctx.data[key] = value
            return self.next_part(ctx)

        return then

    # --- where ---------------------------------------------------------------------------------

    def ask_village(self, ctx: Ctx) -> list[Reply]:
        hint = ctx.data.pop("village_hint", None)
        if hint:
            return [village_choices(ctx, hint, match_village(ctx.work, hint)[1], _village_value)]
        # Cattle are most often seized in the seizer's own village's fields: it is offered.
        home = ctx.data.get("home") or (ctx.person.residence if ctx.person else "")
        own = match_village(ctx.work, str(home))[0] if home else None
        options = (
            (Option(_village_value(own), own.name_in(ctx.lang)),)
            if own is not None and not own.excluded and own.pound_code
            else ()
        )
        question = ctx.say(ctx.t("In which village were the cattle seized?"), options)
        return pointing.offer(ctx, question)

    def village(self, ctx: Ctx, msg: Inbound) -> VillagePlace:
        t = ctx.t
        text = pointing.pointed(ctx, msg) or answer(msg).removeprefix("village:")
        if not text or len(text) > 120:
            raise Again()
        place, close = match_village(ctx.work, text)
        if place is None and words.animals_listed(text):
            raise Again(problem=t("The animals are asked next; first answer this."))
        if place is None:
            raise Again(village_choices(ctx, text, close, _village_value))
        if place.excluded:
            reason = f": {place.excluded_reason}" if place.excluded_reason else ""
            problem = t(
                "The Act does not run in that village: {message}", message=place.name + reason
            )
            raise Again(problem=problem + " " + t("(Sec {section})", section="XX"))
        if not place.pound_code:
            raise Again(
                problem=t(
                    "No pound is notified for {village} (Sec III).",
                    village=place.name,
                    village_names=place.names,
                )
            )
        return place

    def at_village(self, ctx: Ctx, place: VillagePlace) -> str:
        self._set_village(ctx, place)
        return self.next_part(ctx)

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

    # --- the animals (Sec V: number and description) -------------------------------------------

    def animals(self, ctx: Ctx, msg: Inbound) -> str:
        """Animals added (the step asks for more), a kind whose count is asked, or done: a no to
        "any more animals?" (na, নাহ) is done too."""
        more = bool(ctx.data.get("animals"))
        none_yet = msg.option is None and words.not_known(msg.text)  # "nahi", "জানি না"
        if chose(msg, "done", "done") or (more and chose(msg, "no", "no", typo=False)) or none_yet:
            if not more:
                raise Again(problem=ctx.t("Name at least one animal first."))
            ctx.data["animals_done"] = True
            return self.next_part(ctx)
        if msg.option and msg.option.startswith("kind:"):
            return self._pending(ctx, msg.option.removeprefix("kind:"))
        text = msg.text.strip()
        if not text:
            raise Again()
        groups, lead = words.parse_groups(text)
        if groups and not lead:
            self._add_groups(ctx, groups)
            return "animals"
        turned = words.kind_then_count(text)
        if turned is not None:
            # "cow 2 red": the kind first, then the count.
            self._add_groups(ctx, [turned])
            return "animals"
        if len(text.split()) == 1:
            return self._pending(ctx, text)
        raise Again(problem=ctx.t('Please write it like "2 cow red": count, kind, description.'))

    def _pending(self, ctx: Ctx, kind: str) -> str:
        ctx.data["pending_kind"] = self._kind(ctx, kind)
        return "count"

    def count(self, ctx: Ctx, msg: Inbound) -> str:
        kind = str(ctx.data.get("pending_kind") or "")
        if not kind:
            return "animals"
        found = words.count_first(msg.text)
        if found is None:
            raise Again()
        self._add_groups(ctx, [words.Group(found[0], kind, found[1])])
        ctx.data.pop("pending_kind", None)
        return "animals"

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

    def _add_groups(self, ctx: Ctx, groups: list[words.Group]) -> None:
        """Check every group (kind known, count sensible) before adding any of them."""
        have: list[list[Any]] = list(ctx.data.get("animals") or [])
        heads = sum(int(g[1]) for g in have)
        new = []
        for g in groups:
            if g.count < 1:
                raise invalid(N_("each count must be at least 1"))
            heads += g.count
            if heads > MAX_HEADS:
                raise invalid(N_("at most {limit} head in one seizure"), limit=MAX_HEADS)
            new.append([self._kind(ctx, g.kind), g.count, g.description[:500]])
        ctx.data["animals"] = have + new

    # --- the owner ----------------------------------------------------------------------------

    def owner(self, ctx: Ctx, name: str | None) -> str:
        """Not known (None), or named: his village and phone are asked next."""
        if name is None:
            ctx.data["owner"] = None
            return self.next_part(ctx)
        ctx.data["owner_draft"] = {"name": name, "residence": "", "phone": None}
        return "owner_home"

    # --- the summary, changes and the record ---------------------------------------------------

    def summary(self, ctx: Ctx) -> Reply:
        """The report to confirm. On SMS, in one message: the cattle and the village, the owner
        and the police's help; the place and the damage he has just written are not said back
        (Change shows each)."""
        t = ctx.t
        d = ctx.data
        options = (
            Option("confirm", t("Confirm")),
            Option("change", t("Change")),
            Option("cancel", t("Cancel")),
        )
        sms = ctx.inbound.channel is Channel.SMS
        owner = d.get("owner")
        said = ("name", "residence") if sms else ("name", "residence", "phone")
        known = [str(owner[x]) for x in said if owner.get(x)] if isinstance(owner, dict) else []
        owner_line = t("Owner: {owner}", owner=", ".join(known) or t("not known"))
        aid_line = t("Police aid: {answer}", answer=t("Yes") if d.get("aid") else t("No"))
        if sms:
            counts: dict[str, int] = {}
            for k, n, _desc in d.get("animals") or []:
                counts[str(k)] = counts.get(str(k), 0) + int(n)
            lines = [
                t(
                    "Your report: {animals} seized in {village}.",
                    animals=", ".join(words.counted(t, n, k) for k, n in counts.items()),
                    village=d.get("village"),
                    village_names=d.get("village_names"),
                ),
                owner_line,
                aid_line,
            ]
            return ctx.say("\n".join(lines), options)
        animals = ", ".join(
            words.counted(t, int(n), str(k)) + (f" ({desc})" if desc else "")
            for k, n, desc in d.get("animals") or []
        )
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
            owner_line,
            aid_line,
            t("Photo: {answer}", answer=t("attached") if d.get("photo") else t("none")),
            t("Nothing is recorded until you confirm."),
        ]
        return ctx.say("\n".join(lines), options)

    def confirmed(self, ctx: Ctx, choice: str) -> str | Turn:
        return "change" if choice == "change" else self._record(ctx)

    def _record(self, ctx: Ctx) -> Turn:
        t = ctx.t
        d = ctx.data
        # An SMS or console sender the office does not know yet is recorded with the seizure,
        # by his phone (Sec V records the seizer's name and residence).
        reporter = None
        if ctx.person is None:
            home, phone = str(d.get("home") or ""), sender_phone(ctx.inbound)
            reporter = PersonIn(name=str(d.get("name") or ""), residence=home, phone=phone)
        road = ctx.has(Role.ROAD_OFFICER)
        try:
            done = report_seizure(
                ctx.work if ctx.person is None else ctx.work.by(id_of(ctx.person)),
                reporter=reporter,
                ground=Ground.ROAD if road else Ground.TRESPASS,
                village=str(d["village"]),
                district=str(d["district"]),
                place=str(d["place"]),
                damage=str(d["damage"]),
                seizer=None,
                owner=person_from(d.get("owner")),
                animals=[AnimalsIn(str(k), int(n), str(desc)) for k, n, desc in d["animals"]],
                occurred_at=ctx.now,
                police_aid=bool(d.get("aid")),
                photo=d.get("photo") or None,
                unsolicited_per_day=self.unsolicited_per_day,
            )
        except PoundError as exc:
            return Turn.to("confirm", ctx.explain(exc), self.summary(ctx))
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
            return Turn.done(sms_budget.trim(lines, more, ctx.lang))
        money = get_profile(str(d.get("profile") or DEFAULT_PROFILE)).money
        fine = figures.money(t.lang, done.fine, money)
        if done.awaiting_order:
            lines += awaiting_lines(t, done.awaiting_order, fine)
        else:
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
        return Turn.done("\n".join(lines))

    def _held_note(self, ctx: Ctx) -> str:
        return ctx.t(
            "The office will not send the owner messages: his number has never written "
            "to the office, and you have named {limit} such numbers in 24 hours. Tell him "
            "yourself, or ask him to write to the office.",
            limit=self.unsolicited_per_day,
        )


# --- the questions, and how each answer is read -----------------------------------------------


def _ask_animals(ctx: Ctx) -> Reply:
    t = ctx.t
    options = [Option(f"kind:{k}", t(KIND_LABELS[k])) for k in words.COMMON_KINDS]
    text = t(
        'Which animals? Send the count, the kind and a description, e.g. "2 cow red, '
        'white blaze", or choose a kind.'
    )
    if ctx.data.get("animals"):
        options.append(Option("done", t("Done")))
        text = t("Any more animals? Send them, or {say_done}.")
    return ctx.say(text, options)


def _ask_count(ctx: Ctx) -> Reply:
    kind = label(ctx.t, KIND_LABELS, str(ctx.data.get("pending_kind", "")))
    return ctx.say(ctx.t('{kind}: how many? You may add a description, e.g. "2 red".', kind=kind))


def _ask_aid(ctx: Ctx) -> Reply:
    return ctx.say(
        ctx.t("Do you want the police to help take the cattle to the pound (Sec II)?"),
        [Option("yes", ctx.t("Yes")), Option("no", ctx.t("No"))],
    )


def _ask_change(ctx: Ctx) -> Reply:
    options = [Option(f"change:{k}", ctx.t(v)) for k, v in _changeable(ctx).items()]
    return ctx.say(ctx.t("What do you want to change?"), options)


def _skippable(text: str) -> Callable[[Ctx], Reply]:
    """The question `text` (an `N_` msgid), with the choice to skip it."""
    return lambda ctx: ctx.say(ctx.t(text), [Option("skip", ctx.t("Skip"))])


def _to(ctx: Ctx, step: str) -> str:
    """The step a reader chose is where the conversation goes."""
    return step


def _said(msg: Inbound, limit: int) -> str:
    """The text typed (its spaces run together), of at most `limit` characters; empty or
    longer, the question is asked again."""
    text = " ".join(msg.text.split())
    if not text or len(text) > limit:
        raise Again()
    return text


def _where(limit: int) -> Callable[[Ctx, Inbound], str]:
    """A village or place as typed; the animals ("2 bhains kali"), sent before they are asked
    for, are no place: the question is asked again, saying the animals come next."""

    def read(ctx: Ctx, msg: Inbound) -> str:
        text = _said(msg, limit)
        if words.animals_listed(text):
            raise Again(problem=ctx.t("The animals are asked next; first answer this."))
        return text

    return read


def _damage(ctx: Ctx, msg: Inbound) -> str:
    """The damage as written; "पता नहीं", a yes or a no alone says none (Sec II: only cattle
    doing damage may be seized), and the question is asked again."""
    if words.not_known(msg.text):
        raise Again()
    return _said(msg, 2000)


def _contact(ctx: Ctx, msg: Inbound) -> None:
    """The contact shared: the engine has tied it to the chat before this step runs."""
    if ctx.person is None:
        raise Again()


def _skipped(msg: Inbound) -> bool:
    """ "पता नहीं", "জানি না", yes or no alone, or Skip: nobody is named (G14: the keeper records
    the owner when he establishes his claim)."""
    return msg.option == "skip" or (msg.option is None and words.not_known(msg.text))


def _owner(ctx: Ctx, msg: Inbound) -> str | None:
    """The owner's name, or None: not known, never named so."""
    if _skipped(msg):
        return None
    return name_typed(ctx, msg)  # "2 bhains", "meri gaay pakdi" are no owner's name


def _owner_home(ctx: Ctx, msg: Inbound) -> dict[str, Any]:
    """The owner named so far, with his village unless it is skipped."""
    draft = ctx.data.get("owner_draft")
    draft = dict(draft) if isinstance(draft, dict) else {"name": "", "residence": "", "phone": None}
    if not _skipped(msg):
        draft["residence"] = _said(msg, 200)
    return draft


def _owner_phone(ctx: Ctx, msg: Inbound) -> dict[str, Any] | None:
    """The owner named, with his phone if one is given (None if no owner was named). The number
    is checked as typed, so the act is never refused at "Yes, record it"."""
    draft = ctx.data.get("owner_draft")
    if not isinstance(draft, dict) or not draft.get("name"):
        return None
    region = str(ctx.data.get("region") or DEFAULT_REGION)
    # "पता नहीं" (his number not known) is a skip, not a number that cannot be read.
    if not chose(msg, "skip", "skip", "no") and not _skipped(msg):
        try:
            draft["phone"] = normalise_phone(msg.text.strip(), region)
        except PoundError:
            national, international = phone_forms(region)
            problem = ctx.t(
                "That phone number cannot be read. Write it like {national} or {international}.",
                national=national,
                international=international,
            )
            raise Again(problem=problem) from None
    ctx.data.pop("owner_draft", None)
    return draft


def _aid(ctx: Ctx, msg: Inbound) -> bool:
    if chose(msg, "yes", "yes"):
        return True
    if chose(msg, "no", "no"):
        return False
    raise Again()


def _photo(ctx: Ctx, msg: Inbound) -> str | None:
    if msg.photo:
        return msg.photo[:500]
    if chose(msg, "skip", "skip", "no"):
        return None
    raise Again()


def _confirmed(ctx: Ctx, msg: Inbound) -> str:
    """`change`, or `confirm`; anything else is answered with the summary again. A no (नहीं,
    না) says the report is not right: what to change is asked, as cancelling would lose it."""
    if chose(msg, "change", "change", "no"):
        return "change"
    if not chose(msg, "confirm", "confirm", "yes"):
        raise Again()
    return "confirm"


def _changeable(ctx: Ctx) -> dict[str, str]:
    if ctx.inbound.channel is Channel.SMS:
        return {k: v for k, v in CHANGEABLE.items() if k != "photo"}
    return CHANGEABLE


def _change(ctx: Ctx, msg: Inbound) -> str:
    """The part to ask again, cleared from the draft; nothing to change after all (नहीं, ठीक
    है, শেষ) is the summary again."""
    if msg.option is None and words.says(msg.text, "no", "yes", "done", typo=False):
        return "confirm"
    part = (msg.option or msg.text.strip().lower()).removeprefix("change:")
    if part not in _changeable(ctx):
        raise Again()
    for key in DRAFT_KEYS.get(part, (part,)):
        ctx.data.pop(key, None)
    return part
