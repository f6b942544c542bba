"""Every text of the printed documents (the templates under webhook/templates/documents and the
labels of webhook/printing.py) has its Hindi and Bengali, with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from tests.bot.test_catalogs import PLACEHOLDER, catalog

ROOT = Path(__file__).resolve().parents[2]
# t("...") in a template; the templates hold no other way to write a text.
IN_TEMPLATE = re.compile(r'\bt\(\s*"((?:[^"\\]|\\.)*)"')


def document_texts() -> set[str]:
    texts = set()
    for path in (ROOT / "webhook" / "templates" / "documents").glob("*.html"):
        texts |= set(IN_TEMPLATE.findall(path.read_text(encoding="utf-8")))
    for _f, _l, message, _c, _x in extract_from_dir(
        str(ROOT / "webhook"),
        method_map=[("printing.py", "python"), ("document*.py", "python")],
        keywords={"t": None, "N_": None},
    ):
        if isinstance(message, str) and message:
            texts.add(message)
    return texts


def test_the_scan_finds_the_texts() -> None:
    found = document_texts()
    assert "Receipt for fine and feeding paid" in found  # a title, in printing.py
    assert "Act No. III of 1857, Section {section}" in found  # the head, in a template
    assert len(found) > 100


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_every_text_of_the_documents_is_translated(lang: str) -> None:
    have = catalog(lang)
    texts = document_texts()
    assert sorted(t for t in texts if not have.get(t, "").strip()) == []
    for text in texts:
        assert set(PLACEHOLDER.findall(have[text])) == set(PLACEHOLDER.findall(text)), text


def test_no_english_is_written_into_a_template_outside_t() -> None:
    """A template's text between tags is a `t()`, a value of the record, or punctuation."""
    for path in (ROOT / "webhook" / "templates" / "documents").glob("*.html"):
        source = path.read_text(encoding="utf-8")
        body = source[source.find("<body") :] if "<body" in source else source
        body = re.sub(r"\{\{.*?\}\}|\{%.*?%\}|<[^>]+>", " ", body, flags=re.S)
        words = re.findall(r"[A-Za-z]{2,}", body)
        assert words == [], f"{path.name}: {words}"
