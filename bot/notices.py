"""Outbound messages by template name: the office writes a name and params, the sender renders.

`office/` enqueues outbox rows naming a template here with plain params (amounts already in the
profile's notation as `*_text`, dates as ISO strings named `*_date`); the sender renders them in
the person's language at send time. The template "reply" carries a body already rendered.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from bot.i18n import N_, translator

TEMPLATES: dict[str, str] = {
    "reply": N_("{body}"),
}


def render(template: str, params: Mapping[str, object], lang: str) -> str:
    """The text of one outbound message in `lang`; unknown templates raise KeyError."""
    t = translator(lang)
    values: dict[str, object] = {}
    for key, value in params.items():
        if key.endswith("_date") and isinstance(value, str):
            values[key] = t.day(date.fromisoformat(value[:10]))
        else:
            values[key] = value
    return t(TEMPLATES[template], **values)
