"""The extraction check: every text marked for translation in bot/ and office/ has its Hindi and
Bengali, and no text a person reads is built outside the catalogs (tests/bot/catalog_check.py).

tests/bot/test_catalogs.py checks the texts marked in bot/; this adds office/ and the scan."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from tests.bot.catalog_check import check_source, scan
from tests.bot.test_catalogs import catalog, plurals
from tests.bot.test_refusals_language import raised_templates

ROOT = Path(__file__).resolve().parents[2]


@cache  # read once a process: each folder is checked for two languages
def marked(folder: str) -> tuple[frozenset[str], frozenset[str]]:
    """The msgids marked with t(), N_() and NP_() in one folder: texts, and plurals' singulars."""
    texts: set[str] = set()
    singulars: set[str] = set()
    for _f, _l, message, _c, _x in extract_from_dir(
        str(ROOT / folder),
        method_map=[("**.py", "python")],
        keywords={"t": None, "N_": None, "NP_": (1, 2)},
    ):
        if isinstance(message, str) and message:
            texts.add(message)
        elif isinstance(message, tuple) and message[0]:
            singulars.add(str(message[0]))
    return frozenset(texts), frozenset(singulars)


@pytest.mark.parametrize("lang", ["hi", "bn"])
@pytest.mark.parametrize("folder", ["bot", "office"])
def test_every_marked_text_in_bot_and_office_has_a_translation(folder: str, lang: str) -> None:
    texts, singulars = marked(folder)
    if folder == "bot":
        assert len(texts) > 300 and singulars  # the scan reads the code at all
    have = catalog(lang)
    # A refusal's template is held by tests/bot/test_refusals_language.py: translated where it is
    # said, or said by its code's sentence alone (the code's own invariants, INTERNAL).
    texts = set(texts) - set(raised_templates())
    assert sorted(t for t in texts if not have.get(t, "").strip()) == []
    forms = plurals(lang)
    assert sorted(s for s in singulars if not all(f.strip() for f in forms.get(s, ()))) == []


def test_no_text_a_person_reads_is_built_outside_the_catalogs() -> None:
    found = scan(ROOT)
    assert [str(v) for v in found] == []


FLOW = """
def step(ctx, amount, refs, lines):
    ctx.say(ctx.t("Which seizure?"), [Option(f"ref:{r}", r) for r in refs])
    log.info("sent %s messages", 3)
    raise InvalidInput("write it as +91 and ten digits")
    lines.append(ctx.t("Due {amount}", amount=amount))
    lines.append("\\n")
    key = f"claim:{amount}"
    return Reply(ctx.t("Done."), options=(Option("ok", ctx.t("Yes")),))
"""


def test_the_check_passes_what_is_said_through_the_catalogs() -> None:
    assert check_source(FLOW, "bot/flows/planted.py") == []


@pytest.mark.parametrize(
    "line",
    [
        'ctx.say(f"Due today {amount}")',
        'Reply("Your cattle were sold")',
        'Reply(text="Send " + word)',
        'Option("ok", "Yes, record it")',
        'lines.append("Fine: " + amount)',
        'ctx.say("\\n".join(["Owner", name]))',
        'ctx.t(f"Hello {name}")',
        'ctx.say(ctx.t("Fine") if due else "Nothing is due")',
    ],
)
def test_the_check_catches_english_built_in_a_flow(line: str) -> None:
    source = f"def step(ctx, amount, word, name, lines, due):\n    {line}\n"
    [violation] = check_source(source, "bot/flows/planted.py")
    assert violation.line == 2


def test_the_check_catches_english_in_the_params_of_a_queued_message() -> None:
    source = """
def sent(s, seizure, ctx, now, pound):
    params = {"ref": seizure.ref, "pound": f"{pound.name} pound", "section": "VIII"}
    _send(s, seizure, ctx, template="x", params=params, key="k", now=now)
    _send(s, seizure, ctx, template="y", params={"counted": f"{2} cow", "section": "XIV"})
    enqueue(s, params={"heads": 3, "notice": seizure.notice, "section": "practice G7"})
"""
    found = check_source(source, "office/planted.py", office=True)
    assert [v.line for v in found] == [3, 5]
    # The same lines in a flow are not office params: the flow rules apply there instead.
    assert check_source(source, "bot/flows/planted.py") == []
