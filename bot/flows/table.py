"""A flow as a table of steps: each step names its question, how its answer is read, and where
the conversation goes with it. `TableFlow` runs such a table; its graph (`Flow.steps`, drawn in
`bot/flows/<name>.mmd`) is read off the table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from bot import sms_budget, words
from bot.flows.base import END, START, Ctx, Flow, Turn
from bot.types import Channel, Inbound, Reply
from law.errors import PoundError

# What a step asks: one reply, or several (a question and a button to share a location).
Asked = Reply | list[Reply]
# A step's question, and the reader of its answer into a value.
Ask = Callable[[Ctx], Asked]
Read = Callable[[Ctx, Inbound], Any]


class Again(Exception):
    """An answer that does not do: the step stays, and says `replies` (its own re-ask); with
    none, its question is asked again, after `problem` (what was wrong, in the reader's words)."""

    def __init__(self, *replies: Reply, problem: str = "") -> None:
        super().__init__()
        self.replies = list(replies)
        self.problem = problem


def typed(ctx: Ctx, msg: Inbound) -> str:
    """The text typed, trimmed: the answer of a step that reads no more."""
    return msg.text.strip()


def chosen(ctx: Ctx, msg: Inbound) -> str:
    """The option chosen, or else the text typed, trimmed."""
    return (msg.option or msg.text).strip()


def inbound(ctx: Ctx, msg: Inbound) -> Inbound:
    """The message itself: the answer of a step that reads it as it decides where to go."""
    return msg


def chose(msg: Inbound, value: str, *meanings: str, typo: bool = True) -> bool:
    """The option `value` chosen, or a word typed that says one of `meanings` (bot/words.py).
    `typo=False` where a name is asked: "Nona" is a name, not "none" mistyped."""
    return msg.option == value or (
        msg.option is None and words.says(msg.text, *meanings, typo=typo)
    )


def one_of(ask: Callable[[Ctx], Reply]) -> Callable[[Ctx, Inbound], str]:
    """A reader of one of the choices the question `ask` offers: its value, typed in any case,
    or words that say it as the catalogs write them (words.po `word:<value>`: "main malik hoon"
    is `self`); anything else is answered with the question again."""

    def read(ctx: Ctx, msg: Inbound) -> str:
        question, said = ask(ctx), chosen(ctx, msg).casefold()
        values = [option.value for option in question.options]
        for value in values:
            if value.casefold() == said:
                return value
        meant = None if msg.option else words.meaning(msg.text, values, typo=False)
        if meant is not None:
            return meant
        raise Again(question)

    return read


def asks(text: str) -> Callable[[Ctx], Reply]:
    """The question of a step that asks `text` (an `N_` msgid) and offers no choice."""
    return lambda ctx: ctx.say(ctx.t(text))


def asks_contact(text: str) -> Callable[[Ctx], Reply]:
    """The question of a step that asks for the person's phone (`text`, an `N_` msgid), with
    Telegram's button that shares his contact."""
    return lambda ctx: ctx.say(ctx.t(text), request_contact=True)


def required(text: str, reader: Read = typed) -> Read:
    """A reader (`reader`, by default of the text typed) of an answer that may not be empty;
    empty, it is asked for again with `text` (an `N_` msgid)."""

    def read(ctx: Ctx, msg: Inbound) -> str:
        said = reader(ctx, msg)
        if not said:
            raise Again(ctx.say(ctx.t(text)))
        return said

    return read


@dataclass(frozen=True)
class Step:
    """One question of a flow, written as a row of its table: `Step(ask, read, then, to)`.

    `ask` is the question, said on coming to the step. `read` reads the answer into a value,
    or refuses it: `Again` with its own words, or an office refusal (`PoundError`) said plainly,
    followed by the question again where `repeat` (`TableFlow.again`). `then` keeps the value
    in the draft and says where the conversation goes: the name of the next step (whose
    question is then asked) or a whole `Turn`. `to` names every step `then` may go to (`end` to
    finish); with the step itself (a refused answer stays), that is the step's part of the
    flow's graph.
    """

    ask: Ask
    read: Read
    then: Callable[[Ctx, Any], str | Turn]
    to: tuple[str, ...]
    repeat: bool = False


def kept(ask: Ask, read: Read, key: str, going: str, clip: int | None = None) -> Step:
    """A step whose answer (`read` by it) is kept in the draft as `key` (a text cut to `clip`
    characters), then on to the step `going`."""

    def then(ctx: Ctx, value: Any) -> str:
        ctx.data[key] = value[:clip] if clip is not None else value
        return going

    return Step(ask, read, then, (going,))


def text_step(question: str, key: str, going: str, clip: int | None = None) -> Step:
    """A step that asks `question` (an `N_` msgid) for a text that may not be empty (asked for
    again in the same words), kept in the draft as `key` (cut to `clip`), then on to `going`."""
    return kept(asks(question), required(question), key, going, clip)


def graph(start: tuple[str, ...], table: Mapping[str, Step]) -> dict[str, tuple[str, ...]]:
    """The flow's graph: where `start` may go, and from each step, itself and its `to`."""
    return {START: start, **{name: (name, *s.to) for name, s in table.items()}}


class TableFlow(Flow):
    """A flow run from its table of steps (`table`, built by the subclass's `__init__` before
    calling this one). `start_to` names where `start` may go. Each step answers as
    `on_<step>` too, as the steps of every flow do."""

    table: Mapping[str, Step]
    start_to: tuple[str, ...] = ()

    def __init__(self) -> None:
        self.steps = graph(self.start_to, self.table)
        for name in self.table:
            setattr(self, f"on_{name}", partial(self.answer, name))

    def go(self, ctx: Ctx, step: str, *before: Reply | str) -> Turn:
        """To `step`, asking its question (after `before`); `end` finishes with `before`."""
        if step == END:
            return Turn.done(*before)
        asked = self.table[step].ask(ctx)
        return Turn.to(step, *before, *(asked if isinstance(asked, list) else [asked]))

    def lead(self, ctx: Ctx, step: str, *lines: str) -> Turn:
        """To `step`, its question said in one message after `lines`."""
        asked = self.go(ctx, step).replies[-1]
        return Turn.to(step, Reply("\n".join([*lines, asked.text]), asked.options))

    def went(self, ctx: Ctx, going: str | Turn) -> Turn:
        """Where a `then` went: to a step (its question asked), or a whole turn."""
        return self.go(ctx, going) if isinstance(going, str) else going

    def answer(self, step: str, ctx: Ctx, msg: Inbound) -> Turn:
        """`on_<step>`: the answer at `step` read, and the conversation taken where its step
        says."""
        s = self.table[step]
        try:
            value = s.read(ctx, msg)
        except Again as again:
            if again.replies:
                return Turn(again.replies, step)
            return self.again(ctx, step, again.problem) if again.problem else self.go(ctx, step)
        except PoundError as exc:
            if s.repeat:
                return self.again(ctx, step, ctx.explain(exc))
            return Turn([ctx.say(ctx.explain(exc))], step)
        return self.went(ctx, s.then(ctx, value))

    def again(self, ctx: Ctx, step: str, problem: str) -> Turn:
        """`problem` said, and the question of `step` asked again; on SMS, where the two do not
        fit one message, the problem alone (it says what to send) with the question's choices."""
        asked = self.go(ctx, step).replies
        if ctx.inbound.channel is Channel.SMS and not sms_budget.fits(
            Reply("\n".join([problem, *(r.text for r in asked)]), asked[-1].options), ctx.lang
        ):
            return Turn([ctx.say(problem, asked[-1].options)], step)
        return Turn([ctx.say(problem), *asked], step)
