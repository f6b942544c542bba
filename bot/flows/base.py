"""What a flow is: named steps over a draft kept in the conversation row, and their helpers."""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType
from typing import Any, ClassVar

from bot.i18n import Translator
from bot.types import Inbound, Option, Reply
from law.errors import PoundError
from models import Person, RoleGrant, Unit
from office.access.roles import Role

log = logging.getLogger(__name__)

# The two ends of every flow's graph: `start` is `Flow.start`, `end` is a Turn with no next step.
START = "start"
END = "end"


@dataclass
class Ctx:
    """One message being handled: who sent it, in which language, and the draft so far.

    `work` is the unit of work the message is handled in (models/unit.py): a step hands it to
    the one use case it calls for the person's act, and the engine commits it.
    """

    work: Unit
    inbound: Inbound
    person: Person | None
    roles: list[RoleGrant]
    t: Translator
    data: dict[str, Any]
    explain: Callable[[PoundError], str]
    # The command key that started the flow (`complain`, `died`), set by the engine.
    command: str = ""
    # Started by a sentence ("मैंने 2 भैंस पकड़ी हैं"), not a command: the text given to `start`
    # is the whole sentence, whose words around what the flow reads are not its answers.
    sentence: bool = False

    @property
    def now(self) -> datetime:
        """The instant the message came."""
        return self.work.now

    @property
    def lang(self) -> str:
        return self.t.lang

    def has(self, role: Role, place: str | None = None) -> bool:
        return any(g.role == role.value and (place is None or g.place == place) for g in self.roles)

    def places(self, role: Role) -> list[str]:
        return sorted({g.place for g in self.roles if g.role == role.value})

    def district_ids(self) -> list[int]:
        return sorted({g.district_id for g in self.roles})

    def say(self, text: str, options: Sequence[Option] = (), **kw: Any) -> Reply:
        return Reply(text=text, options=tuple(options), **kw)


@dataclass
class Turn:
    """What a step answers: replies, and the next step (None ends the flow). `done` and `to`
    take a reply or a bare text (a reply with no choices)."""

    replies: list[Reply] = field(default_factory=list)
    step: str | None = None

    @staticmethod
    def done(*replies: Reply | str) -> Turn:
        return Turn.to(None, *replies)

    @staticmethod
    def to(step: str | None, *replies: Reply | str) -> Turn:
        return Turn([r if isinstance(r, Reply) else Reply(r) for r in replies], step)


class BadTransition(RuntimeError):
    """A step answered with a next step its flow does not declare: a bug, refused."""


class Flow(ABC):
    """A conversation. Subclasses name their commands and define `start` and `on_<step>`.

    `commands` are the keys of the commands that start it (`seize`, `/seize`, `SEIZE ...` on
    SMS): the words for each are the catalogs' `cmd:<key>` in every language (bot/words.py), the
    English list holding the key itself; `menu` is
    the label offered in the menu (an English msgid), or empty to keep it out of the menu;
    `allowed(ctx)` says who may start it.

    `steps` is the flow's graph: for `start` and each step, the steps it may go to next (`end`
    when it finishes). It is drawn in `bot/flows/<name>.mmd` (a test holds the two together),
    and every turn is checked against it: a step that goes where it may not is refused, its
    work rolled back, rather than leaving a chat in a state nobody drew.

    `location_steps` are the steps a shared location answers (where a village is asked); at
    any other step the engine says so and changes nothing. `page_steps` ask nothing: they wait
    on "More" of a long answer sent a page at a time, and a command typed there is read as one.
    """

    name: str = ""
    commands: tuple[str, ...] = ()
    menu: str = ""
    steps: Mapping[str, tuple[str, ...]] = MappingProxyType({})
    location_steps: ClassVar[frozenset[str]] = frozenset()
    page_steps: ClassVar[frozenset[str]] = frozenset()
    # An officer's flow whose word a private person may type too, answered for him as his own
    # question (the keeper's amount due, for an owner, is his STATUS).
    typed_by_anyone: ClassVar[bool] = False

    def allowed(self, ctx: Ctx) -> bool:
        """Whether the speaker may start this flow: read from his roles (role and place) and
        the command typed (`ctx.command`) alone, for the engine keeps what it answers with
        nothing typed by his roles (`Engine._offered`)."""
        return True

    @abstractmethod
    def start(self, ctx: Ctx, args: str) -> Turn:
        """The flow's first turn: `args` are the words after its command (or the sentence)."""

    def begin(self, ctx: Ctx, args: str) -> Turn:
        """Start the flow, checked against its graph."""
        return self._checked(START, self.start(ctx, args))

    def handle(self, ctx: Ctx, step: str, msg: Inbound) -> Turn:
        method = getattr(self, f"on_{step}", None)
        if method is None or (self.steps and step not in self.steps):
            return Turn.done(ctx.t("That conversation can no longer continue."))
        turn: Turn = method(ctx, msg)
        return self._checked(step, turn)

    def _checked(self, came_from: str, turn: Turn) -> Turn:
        if not self.steps:  # an undeclared graph (a toy flow in a test) is not checked
            return turn
        going = turn.step or END
        if going not in self.steps.get(came_from, ()):
            log.error("flow %s: %s -> %s is not in its graph", self.name, came_from, going)
            raise BadTransition(f"{self.name}: {came_from} -> {going}")
        return turn
