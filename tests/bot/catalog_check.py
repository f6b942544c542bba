"""The extraction check: user-facing text is built only from the catalogs.

An AST scan, local and precise rather than a guess at data flow. It looks at what reaches a
person, and fails on English written outside `t()` / `N_()` / `NP_()`:

- in the flows and the notices (`bot/flows/*.py`, `bot/notices.py`): the text of a `Reply`, of
  `ctx.say(...)`, the label of an `Option`, any `text=` argument, and a line appended to the
  lines of a reply (`lines.append`, `parts.append`, `out.append`);
- in the office (`office/*.py`): the params of a message it queues (`params=` of `enqueue`,
  `_send`, `_tell`, `_tell_officers`), which the renderer writes in the reader's language;
- anywhere: `t(...)` or `N_(...)` given an f-string or a sum of strings, which no catalog can hold.

English is a word of two Latin letters or more in a literal part of the text; a placeholder, a
number, punctuation and a name taken from a variable are not. Literals inside `t()` / `N_()` are
the msgids themselves. What is exempt, and why, is `ALLOWED`: (file, a fragment of the line).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ENGLISH = re.compile(r"[A-Za-z]{2,}")
CATALOG_CALLS = {"t", "N_", "NP_", "plural", "day", "counted", "render", "notice", "money"}
TEXT_CALLS = {"Reply", "say"}
LINE_LISTS = {"lines", "parts", "out"}
MESSAGE_CALLS = {"enqueue", "_send", "_tell", "_tell_officers"}
PARAM_NAMES = {"params", "account", "notice", "fresh"}
# Params the renderer itself writes per language, or that are not text.
PARAM_KEYS_EXEMPT = {"section", "money"}


@dataclass(frozen=True)
class Violation:
    path: str
    line: int
    source: str
    why: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.why}: {self.source.strip()}"


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _english_literals(node: ast.expr) -> Iterator[ast.expr]:
    """Literal text with English words in an expression that becomes text, not counting what a
    catalog call returns (its own literal is a msgid)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if ENGLISH.search(node.value):
            yield node
    elif isinstance(node, ast.JoinedStr):
        literal = "".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
        if ENGLISH.search(literal):
            yield node
        for v in node.values:
            if isinstance(v, ast.FormattedValue):
                yield from _english_literals(v.value)
    elif isinstance(node, ast.BinOp):
        yield from _english_literals(node.left)
        yield from _english_literals(node.right)
    elif isinstance(node, ast.IfExp):
        yield from _english_literals(node.body)
        yield from _english_literals(node.orelse)
    elif isinstance(node, ast.Call):
        if _name(node.func) == "join":  # "\n".join([...]): the pieces are the text
            for arg in node.args:
                yield from _english_literals(arg)
    elif isinstance(node, ast.List | ast.Tuple):
        for element in node.elts:
            yield from _english_literals(element)
    elif isinstance(node, ast.Dict):
        for key, value in zip(node.keys, node.values, strict=True):
            if isinstance(key, ast.Constant) and key.value in PARAM_KEYS_EXEMPT:
                continue
            yield from _english_literals(value)


def _text_args(node: ast.Call, office: bool) -> Iterator[tuple[ast.expr, str]]:
    name = _name(node.func)
    if office:
        if name in MESSAGE_CALLS:
            for kw in node.keywords:
                if kw.arg == "params":
                    yield kw.value, f"English in the params of a message ({name})"
        return
    if name in TEXT_CALLS and node.args:
        yield node.args[0], f"English text in {name}() outside the catalogs"
    if name == "Option" and len(node.args) > 1:
        yield node.args[1], "English label of an Option outside the catalogs"
    if (
        name == "append"
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in LINE_LISTS
        and node.args
    ):
        yield node.args[0], "English line of a reply outside the catalogs"
    for kw in node.keywords:
        if kw.arg == "text":
            yield kw.value, "English text= outside the catalogs"


def check_source(source: str, path: str, *, office: bool = False) -> list[Violation]:
    """The violations in one module's source."""
    lines = source.splitlines()
    found: list[Violation] = []
    for node in ast.walk(ast.parse(source)):
        # A message's params built first and passed by name (`params = {...}`).
        if (
            office
            and isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Dict)
            and any(isinstance(n, ast.Name) and n.id in PARAM_NAMES for n in node.targets)
        ):
            for literal in _english_literals(node.value):
                at = getattr(literal, "lineno", node.lineno)
                why = "English in the params of a message"
                found.append(Violation(path, at, lines[at - 1], why))
        if not isinstance(node, ast.Call):
            continue
        line = lines[node.lineno - 1] if node.lineno <= len(lines) else ""
        if _name(node.func) in {"t", "N_"} and node.args:
            first = node.args[0]
            if isinstance(first, ast.JoinedStr | ast.BinOp):
                found.append(Violation(path, node.lineno, line, "a msgid built at run time"))
        for arg, why in _text_args(node, office):
            for literal in _english_literals(arg):
                at = getattr(literal, "lineno", node.lineno)
                found.append(Violation(path, at, lines[at - 1], why))
    return [v for v in found if not allowed(v)]


# (file, a fragment of the line) -> why it is not a text for the catalogs.
ALLOWED: dict[tuple[str, str], str] = {}


def allowed(v: Violation) -> bool:
    return any(v.path.endswith(f) and frag in v.source for (f, frag) in ALLOWED)


def scan(root: Path) -> list[Violation]:
    found: list[Violation] = []
    files = [
        *sorted((root / "bot" / "flows").glob("*.py")),
        root / "bot" / "notices.py",
    ]
    for path in files:
        found += check_source(path.read_text(), str(path.relative_to(root)))
    for path in sorted((root / "office").rglob("*.py")):
        found += check_source(path.read_text(), str(path.relative_to(root)), office=True)
    return found
