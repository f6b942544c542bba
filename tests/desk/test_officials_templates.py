"""The Darogah's and the Magistrate's pages are pages of the desk: each extends its base (which
sets `lang`), carries no script or inline style, and labels every field it shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted(
    p
    for folder in ("darogah", "magistrate")
    for p in (ROOT / "webhook/templates/desk" / folder).glob("*.html")
)
FIELD = re.compile(r'<(?:input|select|textarea)\b(?![^>]*type="(?:hidden|checkbox|radio)")[^>]*>')


def test_the_pages_are_found() -> None:
    assert {p.parent.name for p in PAGES} == {"darogah", "magistrate"} and len(PAGES) >= 12


@pytest.mark.parametrize("page", PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_each_page_extends_the_base_with_no_script_or_style_and_labels_its_fields(
    page: Path,
) -> None:
    text = page.read_text(encoding="utf-8")
    if not page.name.startswith("_"):
        assert text.startswith('{% extends "desk/base.html" %}')
    assert "style=" not in text and "<script" not in text and "<style" not in text
    for field in FIELD.findall(text):
        found = re.search(r'id="([^"]+)"', field)
        assert found, field
        assert f'for="{found.group(1)}"' in text, field
    # A checkbox or radio is labelled by the label around it.
    for box in re.findall(r'<input[^>]*type="(?:checkbox|radio)"[^>]*>', text):
        assert f'<label class="check">{box}' in text, box
