"""An officer's worklist: the cases waiting for his act, each on a line and as a choice; one
chosen (or its reference or number sent with the command) is checked by the office, shown, and
the act's own steps follow. The police's, the keeper's, the Darogah's and the Magistrate's lists
are this one flow, each with what its list holds (`Listing`) and the act its items take."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.flows.base import Ctx, Turn
from bot.flows.officer_kit import (
    OfficerFlow,
    actor,
    invalid,
    places,
    refused,
    seizure_line,
)
from bot.flows.table import Step, TableFlow, chosen
from bot.i18n import N_
from bot.notices import kinds_text
from bot.types import Inbound, Option, Reply
from office.access.roles import Role
from office.views.worklists import SeizureItem, seizure_brief


@dataclass(frozen=True)
class Listing:
    """What a worklist holds: the items waiting at each of the officer's `places` (his pounds,
    thanas or districts), each said on a `line` and offered as an `option`; and one item by the
    reference or number typed (`key`), fetched by the office after checking the officer may
    act on it (`fetch`). `empty` and `choose` are the msgids said when nothing waits and under
    the list."""

    items: Callable[[Ctx, int, Any], list[Any]]
    line: Callable[[Ctx, Any], str]
    option: Callable[[Ctx, Any], Option]
    key: Callable[[str], Any]
    fetch: Callable[[Ctx, int, Any], Any]
    empty: str
    choose: str
    places: Callable[[Ctx, tuple[Any, ...]], list[Any]] = lambda ctx, roles: places(ctx, *roles)


class Worklist(OfficerFlow, TableFlow, ABC):
    """The worklist flow: its list (`listing`), and the act each item takes, begun by `show`
    (which goes to one of `shows`) and continued by the steps of `table`. The seizure or the
    case (`case`) chosen is checked again at every step (`recheck`).

    `pick` is the name of the step that waits for the choice; the acting officer is the first
    of `roles` (refused citing `section`, or the section that gives the role its office)."""

    listing: Listing
    case: str = ""  # the draft's key of a case chosen by its number
    pick: str = "pick"
    shows: tuple[str, ...] = ()
    section: str | None = None

    def __init__(self, table: dict[str, Step]) -> None:
        chose = Step(self.relist, self.chosen, self.show, self.shows)
        self.table = {self.pick: chose, **table}
        self.start_to = (self.pick, *self.shows)
        super().__init__()

    def recheck(self, ctx: Ctx) -> None:
        case = ctx.data.get(self.case) if self.case else None
        if isinstance(case, int):
            self.listing.fetch(ctx, actor(ctx, self.roles[0]), case)
        else:
            super().recheck(ctx)

    def me(self, ctx: Ctx) -> int:
        return actor(ctx, self.roles[0], self.section)

    def brief(self, ctx: Ctx) -> Any:
        """The seizure of the draft (`ref`), after checking the officer may act on it."""
        return self.listing.fetch(ctx, self.me(ctx), str(ctx.data["ref"]))

    def start(self, ctx: Ctx, args: str) -> Turn:
        me = self.me(ctx)
        if args.strip():
            item = self.listing.fetch(ctx, me, self.listing.key(args))
            return self.went(ctx, self.show(ctx, item))
        where = self.listing.places(ctx, self.roles)
        if not where:
            raise refused(ctx, self.roles[0], self.section)
        shown = self.listed(ctx, me, where)
        if shown is None:
            return Turn.done(ctx.t(self.listing.empty))
        return Turn.to(self.pick, shown)

    def listed(self, ctx: Ctx, me: int, where: list[Any]) -> Reply | None:
        """The list of what waits at `where`: each item on a line and as a choice (None if
        nothing waits)."""
        items = [i for p in where for i in self.listing.items(ctx, me, p)]
        if not items:
            return None
        lines = [self.listing.line(ctx, i) for i in items]
        lines.append(ctx.t(self.listing.choose))
        return ctx.say("\n".join(lines), tuple(self.listing.option(ctx, i) for i in items))

    def relist(self, ctx: Ctx) -> Reply:
        me = self.me(ctx)
        return self.listed(ctx, me, self.listing.places(ctx, self.roles)) or ctx.say(
            ctx.t(self.listing.empty)
        )

    def chosen(self, ctx: Ctx, msg: Inbound) -> Any:
        """The item chosen or typed, as the office gives it to this officer."""
        return self.listing.fetch(ctx, self.me(ctx), self.listing.key(chosen(ctx, msg)))

    @abstractmethod
    def show(self, ctx: Ctx, item: Any) -> str | Turn:
        """The item shown and its act begun: the step it goes to, or the whole turn."""


def seizures(
    items: Callable[[Ctx, int, Any], list[SeizureItem]],
    empty: str,
    roles: tuple[Role, ...],
    section: str | None = None,
    choose: str = N_("Choose a seizure, or send its reference."),
) -> Listing:
    """A list of seizures, one fetched for an officer holding one of `roles` at its pound or
    thana (refused citing `section`)."""
    return Listing(
        items=items,
        line=lambda ctx, item: "- " + seizure_line(ctx, item),
        option=lambda ctx, i: Option(i.ref, f"{i.ref} ({kinds_text(ctx.t, i.kinds)})"),
        key=seizure_ref,
        fetch=lambda ctx, me, ref: seizure_brief(
            ctx.work, ref=ref, now=ctx.now, actor_id=me, roles=roles, section=section
        ),
        empty=empty,
        choose=choose,
    )


def seizure_ref(typed: str) -> str:
    """A seizure reference typed (first word, upper case)."""
    raw = typed.strip().split()
    if not raw:
        raise invalid(N_("send the seizure's reference, like K7MX2Q"))
    return raw[0].upper()[:16]


def case_no(what: str) -> Callable[[str], int]:
    """A reader of a number typed (`12`, `#12`, `No. 12`), refused with `what` (an `N_` msgid)."""

    def read(typed: str) -> int:
        number = typed.strip().lstrip("#").removeprefix("No.").strip().split(" ", 1)[0]
        if not number.isdigit() or len(number) > 12:
            raise invalid(what)
        return int(number)

    return read
