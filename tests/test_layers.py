"""The layers hold: imports only point down (pound > webhook > bot > office > models
> law), and law/ imports the standard library and itself only. The contracts live in
pyproject.toml ([tool.importlinter]); `make lint` runs `lint-imports` on them as well."""

import sys
from pathlib import Path

import grimp
import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]


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
