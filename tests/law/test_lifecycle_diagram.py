"""The Mermaid charts in law/lifecycle.md are the enums and transition tables, no more."""

import re
from pathlib import Path

import law.lifecycle
from law.lifecycle import ANIMAL_TRANSITIONS, TRANSITIONS, AnimalStatus, SeizureStatus

DIAGRAM = Path(law.lifecycle.__file__).with_suffix(".md")
EDGE = re.compile(r"^\s*(\[\*\]|\w+)\s*-->\s*(\[\*\]|\w+)\s*(?::.*)?$")


def charts() -> dict[str, tuple[set[str], set[tuple[str, str]]]]:
    """Each ```mermaid block, keyed by its `%% enum:` line: (states, transitions)."""
    blocks = re.findall(r"```mermaid\n(.*?)```", DIAGRAM.read_text(encoding="utf-8"), re.S)
    result = {}
    for block in blocks:
        enum = re.search(r"%% enum: (\w+)", block)
        assert enum is not None, "every chart names its enum"
        states: set[str] = set()
        edges: set[tuple[str, str]] = set()
        for line in block.splitlines():
            match = EDGE.match(line)
            if match is None:
                continue
            a, b = match.groups()
            states |= {a, b} - {"[*]"}
            if "[*]" not in (a, b):
                edges.add((a, b))
        result[enum.group(1)] = (states, edges)
    return result


def test_the_diagram_has_a_chart_for_the_seizure_and_one_for_each_animal() -> None:
    assert set(charts()) == {"SeizureStatus", "AnimalStatus"}


def test_the_seizure_chart_is_the_seizure_status_and_its_transitions() -> None:
    states, edges = charts()["SeizureStatus"]
    assert states == {s.value for s in SeizureStatus}
    assert edges == {(a.value, b.value) for a, b in TRANSITIONS}


def test_the_animal_chart_is_the_animal_status_and_its_transitions() -> None:
    states, edges = charts()["AnimalStatus"]
    assert states == {s.value for s in AnimalStatus}
    assert edges == {(a.value, b.value) for a, b in ANIMAL_TRANSITIONS}
