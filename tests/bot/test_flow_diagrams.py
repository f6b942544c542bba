"""Each flow's Mermaid diagram is its declared graph, and each declared step has its method."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlmodel import select

from bot.engine import Engine
from bot.flows.base import END, START, Ctx, Flow, Turn
from bot.registry import all_flows
from bot.types import Channel, Inbound
from models import Conversation
from tests.world import World

FLOWS_DIR = Path(__file__).resolve().parents[2] / "bot" / "flows"
ARROW = re.compile(r"^\s*(\[\*\]|\w+)\s*-->\s*(\[\*\]|\w+)\s*(?::.*)?$")


def parse_mermaid(text: str) -> set[tuple[str, str]]:
    """The arrows of a `stateDiagram-v2`, `[*]` read as start on the left and end on the right."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("%%")]
    if not lines or lines[0].strip() != "stateDiagram-v2":
        raise ValueError("not a stateDiagram-v2")
    edges: set[tuple[str, str]] = set()
    for line in lines[1:]:
        match = ARROW.match(line)
        if match is None:
            raise ValueError(f"cannot read {line.strip()!r}")
        left, right = match.groups()
        edges.add(("[*]" if left == "[*]" else left, END if right == "[*]" else right))
    return edges


def declared(flow: Flow) -> set[tuple[str, str]]:
    return {("[*]", START)} | {(a, b) for a, nexts in flow.steps.items() for b in nexts}


FLOWS = all_flows()


def test_every_flow_has_a_unique_name_and_declares_its_graph() -> None:
    names = [f.name for f in FLOWS]
    assert len(names) == len(set(names))
    assert all(f.steps for f in FLOWS), [f.name for f in FLOWS if not f.steps]


@pytest.mark.parametrize("flow", FLOWS, ids=lambda f: f.name)
def test_the_diagram_beside_the_flow_is_exactly_its_graph(flow: Flow) -> None:
    path = FLOWS_DIR / f"{flow.name}.mmd"
    assert path.is_file(), f"no diagram {path.name}"
    assert parse_mermaid(path.read_text(encoding="utf-8")) == declared(flow)


@pytest.mark.parametrize("flow", FLOWS, ids=lambda f: f.name)
def test_every_step_has_its_method_and_every_method_its_step(flow: Flow) -> None:
    assert START in flow.steps
    steps = set(flow.steps) - {START}
    targets = {b for nexts in flow.steps.values() for b in nexts} - {END}
    assert targets <= steps, f"arrows into undeclared steps: {targets - steps}"
    methods = {m.removeprefix("on_") for m in dir(flow) if m.startswith("on_")}
    assert steps == methods
    # Every step can be reached from the start, and every step can lead to the end.
    reach = {START}
    while True:
        more = {b for a in reach for b in flow.steps.get(a, ())} - reach
        if not more:
            break
        reach |= more
    assert steps <= reach, f"unreachable: {steps - reach}"


def test_a_mermaid_file_that_is_not_a_state_diagram_is_refused() -> None:
    with pytest.raises(ValueError):
        parse_mermaid("graph TD\n a --> b")
    with pytest.raises(ValueError):
        parse_mermaid("stateDiagram-v2\n a -> b")


class Wayward(Flow):
    """A flow that goes where its graph does not say."""

    name = "wayward"
    commands = ("wander",)
    steps = {"start": ("first",), "first": ("end",)}  # noqa: RUF012

    def start(self, ctx: Ctx, args: str) -> Turn:
        return Turn.to("first", ctx.say("first?"))

    def on_first(self, ctx: Ctx, msg: Inbound) -> Turn:
        ctx.data["touched"] = True
        return Turn.to("nowhere", ctx.say("gone astray"))


def test_a_step_that_leaves_its_graph_is_refused_and_the_chat_stays_where_it_was(
    world: World,
) -> None:
    engine = Engine(world.db, [Wayward()])
    sms = Inbound(channel=Channel.CONSOLE, address="+919111111111", text="wander")
    assert engine.handle(sms, now=world.now)[0].text == "first?"
    replies = engine.handle(
        Inbound(channel=Channel.CONSOLE, address="+919111111111", text="go"), now=world.now
    )
    assert "nothing was recorded" in replies[0].text
    with world.db.reading() as s:
        conv = s.exec(select(Conversation)).one()
        assert (conv.flow, conv.step) == ("wayward", "first")
        assert conv.data.get("draft") == {}
