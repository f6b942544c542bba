"""Every text of the desk (its code and its templates) has its Hindi and Bengali in the
catalogs, and every page sets its language."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from tests.bot.test_catalogs import catalog

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {"t": None, "N_": None}


@cache
def desk_texts() -> frozenset[str]:
    """The msgids marked in webhook/desk/ (Python) and webhook/templates/desk/ (Jinja2)."""
    found: set[str] = set()
    for folder, method in (
        ("webhook/desk", "python"),
        ("webhook/templates/desk", "jinja2.ext:babel_extract"),
    ):
        for _f, _l, message, _c, _x in extract_from_dir(
            str(ROOT / folder),
            method_map=[("**.py" if method == "python" else "**.html", method)],
            keywords=KEYWORDS,
        ):
            if isinstance(message, str) and message:
                found.add(message)
    return frozenset(found)


def test_the_extraction_reads_the_templates() -> None:
    texts = desk_texts()
    assert "Sign in" in texts and "Your phone number" in texts


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_every_text_of_the_desk_has_a_translation(lang: str) -> None:
    have = catalog(lang)
    assert sorted(t for t in desk_texts() if not have.get(t, "").strip()) == []


def test_every_page_sets_its_language() -> None:
    base = (ROOT / "webhook/templates/desk/base.html").read_text(encoding="utf-8")
    assert '<html lang="{{ lang }}">' in base
    for page in (ROOT / "webhook/templates/desk").glob("*.html"):
        text = page.read_text(encoding="utf-8")
        if page.name.startswith("_") or page.name == "base.html":
            continue
        assert text.startswith('{% extends "desk/base.html" %}'), page.name
        assert "style=" not in text and "<script" not in text, page.name
