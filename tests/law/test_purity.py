"""law/ stays pure: no clock, no files, no asserts (its imports: tests/test_layers.py)."""

import ast
from pathlib import Path

import law

LAW = Path(law.__file__).parent
SOURCES = sorted(LAW.glob("*.py"))
FORBIDDEN_CALLS = {"now", "today", "utcnow", "open", "print", "input"}


def test_law_never_reads_the_clock_or_a_file() -> None:
    for source in SOURCES:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                assert name not in FORBIDDEN_CALLS, f"{source.name}:{node.lineno} calls {name}"


def test_every_module_says_what_it_is_for_in_a_line() -> None:
    for source in SOURCES:
        doc = ast.get_docstring(ast.parse(source.read_text(encoding="utf-8")))
        assert doc, f"{source.name} has no docstring"
        assert len(doc.splitlines()[0]) <= 100


def test_law_has_no_assert() -> None:
    for source in SOURCES:
        tree = ast.parse(source.read_text(encoding="utf-8"))
        assert not any(isinstance(n, ast.Assert) for n in ast.walk(tree)), source.name
