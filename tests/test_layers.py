"""The layers hold: imports only point down (pound > webhook > bot > office > models
> law; pound > migrations > models), office/views/ imports no act (office/acts/), law/ imports
the standard library and itself only, and no package's modules import each other in a circle.
The contracts live in pyproject.toml ([tool.importlinter]); `make lint` runs `lint-imports` on
them as well."""

import sys
from collections.abc import Iterable
from pathlib import Path

import grimp
import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("pound", "webhook", "bot", "office", "models", "law", "migrations")

# Circles of modules that are there today and are known: any other circle fails.
KNOWN_CIRCLES: set[frozenset[str]] = set()


def test_the_import_contracts_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert lint_imports(config_filename="pyproject.toml", no_cache=True, no_logo=True) == 0


def test_law_imports_only_the_standard_library_and_itself() -> None:
    graph = grimp.build_graph("law", include_external_packages=True)
    for module in sorted(graph.find_children("law") | {"law"}):
        outside = {
            m.split(".")[0]
            for m in graph.find_modules_directly_imported_by(module)
            if not m.startswith("law")
        }
        assert outside <= sys.stdlib_module_names, (
            f"{module} imports {outside - set(sys.stdlib_module_names)}"
        )


def test_a_layer_importing_upwards_breaks_the_contract(tmp_path: Path) -> None:
    """The check bites: a package of the lowest layer importing the highest is refused."""
    for name, body in {"top": "", "bottom": "import top\n"}.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text(body)
    (tmp_path / ".importlinter").write_text(
        "[importlinter]\nroot_packages =\n    top\n    bottom\n\n"
        "[importlinter:contract:layers]\nname = layers\ntype = layers\n"
        "layers =\n    top\n    bottom\n"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        code = lint_imports(config_filename=str(tmp_path / ".importlinter"), no_cache=True)
    finally:
        sys.path.remove(str(tmp_path))
    assert code == 1


def circles(graph: grimp.ImportGraph, package: str) -> list[frozenset[str]]:
    """The circles of modules inside `package`: each set of two or more of its modules that
    reach each other by imports (a strongly connected component, Tarjan's algorithm), an import
    only for type checking included."""
    modules = graph.find_descendants(package) | {package}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in sorted(graph.find_modules_directly_imported_by(module) & modules):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = {stack.pop()}
            while module not in component:
                component.add(stack.pop())
            if len(component) > 1:
                found.append(frozenset(component))

    for module in sorted(modules):
        if module not in index:
            visit(module)
    return found


def _named(found: Iterable[frozenset[str]]) -> list[list[str]]:
    return sorted(sorted(circle) for circle in found)


def test_no_package_imports_itself_in_a_circle() -> None:
    graph = grimp.build_graph(*PACKAGES)
    found = {circle for package in PACKAGES for circle in circles(graph, package)}
    assert _named(found - KNOWN_CIRCLES) == []


def test_a_circle_of_modules_is_found(tmp_path: Path) -> None:
    """The check bites: a.py importing b.py importing c.py importing a.py is one circle; d.py,
    imported by them all, is not in it."""
    package = tmp_path / "ring"
    package.mkdir()
    for name, body in {
        "__init__": "",
        "a": "from ring import b, d\n",
        "b": "from ring import c, d\n",
        "c": "import ring.a\nimport ring.d\n",
        "d": "",
    }.items():
        (package / f"{name}.py").write_text(body)
    sys.path.insert(0, str(tmp_path))
    try:
        graph = grimp.build_graph("ring", cache_dir=None)
    finally:
        sys.path.remove(str(tmp_path))
    assert _named(circles(graph, "ring")) == [["ring.a", "ring.b", "ring.c"]]


# No module of office/ is over MODULE_LINES lines (docs/design.md, *office/ by one principle*).
MODULE_LINES = 500


def test_no_module_of_office_is_longer_than_500_lines() -> None:
    lengths = {
        str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
        for p in sorted((ROOT / "office").rglob("*.py"))
    }
    over = {path: n for path, n in lengths.items() if n > MODULE_LINES}
    assert not over, f"over {MODULE_LINES} lines: {over}; split them by what they hold"
