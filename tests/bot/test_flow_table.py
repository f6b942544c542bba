"""The machinery that runs a flow's table of steps (bot/flows/table.py), on its own."""

from __future__ import annotations

import pytest

from bot.flows.base import END, START, BadTransition, Ctx, Turn
from bot.flows.table import Again, Step, TableFlow, asks, chosen, kept, required
from bot.i18n import translator
from bot.types import Channel, Inbound, Option, Reply
from law.errors import InvalidInput, PoundError


def _age(ctx: Ctx, msg: Inbound) -> int:
    if not msg.text.strip().isdigit():
        raise InvalidInput("an age is a number")
    return int(msg.text)


def _colour(ctx: Ctx, msg: Inbound) -> str:
    said = chosen(ctx, msg)
    if said not in ("red", "black"):
        raise Again(ctx.say("Red or black?"), ctx.say("(choose one)"))
    return said


class Toy(TableFlow):
    """A name (cut to 5 letters), an age (re-asked after a refusal), a colour, or an end."""

    name = "toy"
    commands = ("toy",)
    start_to = ("name",)

    def __init__(self) -> None:
        self.table = {
            "name": kept(asks("Your name?"), required("Say a name."), "name", "age", clip=5),
            "age": Step(asks("Your age?"), _age, self.aged, ("colour", END), repeat=True),
            "colour": Step(
                lambda ctx: ctx.say("Colour?", (Option("red", "Red"), Option("black", "Black"))),
                _colour,
                lambda ctx, c: Turn.done(ctx.say(f"{ctx.data['name']}: {c}")),
                (END,),
            ),
        }
        super().__init__()

    def start(self, ctx: Ctx, args: str) -> Turn:
        return self.go(ctx, "name")

    def aged(self, ctx: Ctx, age: int) -> str | Turn:
        ctx.data["age"] = age
        return "colour" if age >= 18 else END


def ctx() -> Ctx:
    return Ctx(
        work=None,  # type: ignore[arg-type]
        inbound=Inbound(channel=Channel.CONSOLE, address="+919111111111", text=""),
        person=None,
        roles=[],
        t=translator("en"),
        data={},
        explain=lambda exc: f"refused: {exc}",
    )


def said(text: str = "", option: str | None = None) -> Inbound:
    return Inbound(channel=Channel.CONSOLE, address="+919111111111", text=text, option=option)


def texts(turn: Turn) -> list[str]:
    return [r.text for r in turn.replies]


def test_the_graph_is_read_off_the_table_each_step_with_itself() -> None:
    assert Toy().steps == {
        START: ("name",),
        "name": ("name", "age"),
        "age": ("age", "colour", END),
        "colour": ("colour", END),
    }


def test_each_step_answers_as_on_step() -> None:
    flow = Toy()
    assert {m for m in dir(flow) if m.startswith("on_")} == {"on_name", "on_age", "on_colour"}
    c = ctx()
    assert texts(flow.on_name(c, said("Ganga"))) == ["Your age?"]  # type: ignore[attr-defined]


def test_a_flow_runs_from_its_question_to_its_end() -> None:
    flow, c = Toy(), ctx()
    turn = flow.begin(c, "")
    assert (texts(turn), turn.step) == (["Your name?"], "name")
    turn = flow.handle(c, "name", said("  Ganga Ram  "))
    assert (texts(turn), turn.step, c.data["name"]) == (["Your age?"], "age", "Ganga")
    turn = flow.handle(c, "age", said("30"))
    assert (texts(turn), turn.step) == (["Colour?"], "colour")
    assert [o.value for o in turn.replies[0].options] == ["red", "black"]
    turn = flow.handle(c, "colour", said(option="red"))
    assert (texts(turn), turn.step) == (["Ganga: red"], None)


def test_then_may_end_the_flow_by_naming_the_end() -> None:
    flow, c = Toy(), ctx()
    c.data["name"] = "Ganga"
    turn = flow.handle(c, "age", said("12"))
    assert (turn.replies, turn.step) == ([], None)


def test_a_refused_answer_keeps_the_step_and_says_its_own_words() -> None:
    flow, c = Toy(), ctx()
    turn = flow.handle(c, "name", said("   "))
    assert (texts(turn), turn.step, c.data) == (["Say a name."], "name", {})
    turn = flow.handle(c, "colour", said("green"))
    assert (texts(turn), turn.step) == (["Red or black?", "(choose one)"], "colour")


def test_an_office_refusal_is_explained_and_the_question_asked_again_where_the_step_says() -> None:
    flow, c = Toy(), ctx()
    turn = flow.handle(c, "age", said("old"))
    assert turn.step == "age"
    assert texts(turn) == ["refused: an age is a number", "Your age?"]


def test_an_answer_refused_without_words_of_its_own_is_asked_again() -> None:
    flow, c = Toy(), ctx()
    flow.table = {**flow.table, "name": kept(asks("Your name?"), _nameless, "n", END)}
    assert texts(flow.handle(c, "name", said("x"))) == ["Your name?"]
    flow.table["name"] = kept(asks("Your name?"), _wrong, "n", END)
    assert texts(flow.handle(c, "name", said("x"))) == ["Not a name.", "Your name?"]


def test_on_sms_a_refusal_too_long_to_go_with_its_question_stands_for_it() -> None:
    flow, c = Toy(), ctx()
    c.inbound = Inbound(channel=Channel.SMS, address="+919111111111", text="")
    flow.table = {**flow.table, "colour": kept(_colours, _wrong_long, "c", END)}
    turn = flow.handle(c, "colour", said("x"))
    assert (texts(turn), turn.step) == ([LONG], "colour")
    assert [o.value for o in turn.replies[0].options] == ["red", "black"]
    c.inbound = Inbound(channel=Channel.CONSOLE, address="+919111111111", text="")
    assert texts(flow.handle(c, "colour", said("x"))) == [LONG, "Colour?"]


LONG = "That is no colour I know; send one of the colours offered. " * 5


def _nameless(ctx: Ctx, msg: Inbound) -> str:
    raise Again()


def _wrong(ctx: Ctx, msg: Inbound) -> str:
    raise Again(problem="Not a name.")


def _wrong_long(ctx: Ctx, msg: Inbound) -> str:
    raise Again(problem=LONG)


def _colours(ctx: Ctx) -> Reply:
    return ctx.say("Colour?", (Option("red", "Red"), Option("black", "Black")))


class Strict(TableFlow):
    """An office refusal said alone (no `repeat`)."""

    name = "strict"
    start_to = ("age",)

    def __init__(self) -> None:
        self.table = {"age": Step(asks("Age?"), _age, lambda c, a: END, (END,))}
        super().__init__()

    def start(self, ctx: Ctx, args: str) -> Turn:
        return self.go(ctx, "age")


def test_without_repeat_the_refusal_is_said_alone() -> None:
    turn = Strict().handle(ctx(), "age", said("old"))
    assert (texts(turn), turn.step) == (["refused: an age is a number"], "age")


class Wayward(Toy):
    """A step whose `then` goes where its `to` does not say."""

    def aged(self, ctx: Ctx, age: int) -> str | Turn:
        return "name"


def test_a_step_that_goes_where_its_table_does_not_say_is_refused() -> None:
    with pytest.raises(BadTransition):
        Wayward().handle(ctx(), "age", said("30"))


def test_an_error_in_then_is_left_to_the_engine() -> None:
    flow = Strict()

    def broken(c: Ctx, a: int) -> str:
        raise PoundError("the office refuses")

    flow.table = {"age": Step(asks("Age?"), _age, broken, (END,))}
    with pytest.raises(PoundError):
        flow.handle(ctx(), "age", said("3"))


def test_a_question_may_be_several_replies() -> None:
    flow = Strict()
    flow.table = {
        "age": Step(lambda c: [Reply("Age?"), Reply("(in years)")], _age, lambda c, a: END, (END,))
    }
    assert texts(flow.go(ctx(), "age")) == ["Age?", "(in years)"]
