"""A village by pointing at it: a location shared where a village is asked is taken to the
nearest village of the district (office/geo.py), said with its distance and confirmed."""

from __future__ import annotations

from collections.abc import Collection

from babel.numbers import format_decimal

from bot.figures import digits
from bot.flows.base import Ctx
from bot.flows.table import Again, chose
from bot.i18n import N_, written_in
from bot.types import Channel, Inbound, Location, Option, Reply
from office.geo import has_coordinates, village_at

# The draft key of the village a location pointed at, while its confirmation is awaited.
GUESS = "village_pointed"

SHARE_TOO = N_("You may also share your location.")
NOT_HERE = N_("A location helps only when I ask for a village; nothing was changed.")


def offer(ctx: Ctx, question: Reply, district_ids: Collection[int] | None = None) -> list[Reply]:
    """The question that asks for a village, offering to share a location where the district
    has coordinates: a "Share my location" button on Telegram (a reply keyboard, so a question
    with choices keeps them and the button comes as a reply of its own), a line on WhatsApp."""
    channel = ctx.inbound.channel
    if channel is Channel.SMS or not has_coordinates(ctx.work, district_ids=district_ids):
        return [question]
    if channel is Channel.WHATSAPP:
        text = question.text + "\n" + ctx.t(SHARE_TOO)
        return [Reply(text, question.options)]
    if question.options:
        return [question, ctx.say(ctx.t(SHARE_TOO), request_location=True)]
    return [Reply(question.text, request_location=True)]


def answer(ctx: Ctx, location: Location, district_ids: Collection[int] | None = None) -> Reply:
    """The nearest village to `location`, asked to confirm (kept in the draft until then), or
    why there is none: outside the district, or no village there has coordinates."""
    t = ctx.t
    ctx.data.pop(GUESS, None)
    found = village_at(ctx.work, location.latitude, location.longitude, district_ids=district_ids)
    if found is None:
        return ctx.say(t("I cannot find a village from a location here; please type its name."))
    if found.place is None:
        return ctx.say(
            t(
                "That place is not in {district}. Please type the village name.",
                district=" / ".join(
                    written_in(ctx.lang, d, dict(found.district_names).get(d))
                    for d in found.districts
                ),
            )
        )
    ctx.data[GUESS] = found.place.name
    return ctx.say(
        t(
            "Nearest village: {village}, {km} km away. Is that right?",
            village=found.place.name_in(ctx.lang),
            km=digits(ctx.lang, format_decimal(round(found.km, 1), format="0.0", locale=ctx.lang)),
        ),
        (Option("yes", t("Yes")), Option("no", t("No"))),
    )


def pointed(ctx: Ctx, msg: Inbound, district_ids: Collection[int] | None = None) -> str | None:
    """The village pointed at, read where a village is asked: a location shared is answered with
    the nearest village to confirm (`Again`, the step stays); the answer to "Is that right?" is
    the village's register name on yes, a request to type the name on no (`Again`), and None
    when nothing is awaited or something else is sent (a typed name is taken as a name)."""
    if msg.location is not None:
        raise Again(answer(ctx, msg.location, district_ids))
    guess = ctx.data.pop(GUESS, None)
    if not isinstance(guess, str) or not guess:
        return None
    # Exact words only: a village name one letter from "no" is a name.
    if chose(msg, "yes", "yes", typo=False):
        return guess
    if chose(msg, "no", "no", typo=False):
        raise Again(ctx.say(ctx.t("Then please type the village name.")))
    return None
