"""law/ stays pure: standard library only, no clock, no files, no network."""

import ast
import sys
from pathlib import Path

import law

LAW = Path(law.__file__).parent
SOURCES = sorted(LAW.glob("*.py"))
FORBIDDEN_CALLS = {"now", "today", "utcnow", "open", "print", "input"}
FORBIDDEN_MODULES = {"os", "io", "socket", "time", "random", "subprocess", "pathlib", "shutil"}


def imports(tree: ast.Module) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_law_imports_only_the_standard_library_and_itself() -> None:
    for source in SOURCES:
        found = imports(ast.parse(source.read_text(encoding="utf-8")))
        outside = {m for m in found if m != "law" and m not in sys.stdlib_module_names}
        assert not outside, f"{source.name} imports {outside}"
        assert not found & FORBIDDEN_MODULES, f"{source.name} imports {found & FORBIDDEN_MODULES}"


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
