"""WhatsApp's 24-hour session rule: how a message to a WhatsApp number may go at a given moment.

WhatsApp takes a free-form message only within 24 hours of the person's last message to the
office. Outside that session only a template approved in advance may go (Twilio's Content API:
a Content SID, `HX...`, and its numbered variables). A message with no approved template goes by
SMS to the same phone instead. Which template stands for which of ours is configured
(`POUND_WHATSAPP_TEMPLATES`, docs/channels.md).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.notices import said

SESSION = timedelta(hours=24)

FREE_FORM = "whatsapp"
TEMPLATE = "whatsapp_template"
BY_SMS = "sms"
TEXT_VARIABLE = "text"  # the whole message as one variable


@dataclass(frozen=True)
class ApprovedTemplate:
    """A Content SID and which of our params fill its variables {{1}}, {{2}} ... in order."""

    sid: str
    variables: tuple[str, ...] = (TEXT_VARIABLE,)


def parse_templates(config: Mapping[str, str]) -> dict[str, ApprovedTemplate]:
    """`{"claim_notice": "HX... ref pound claim_date", "claim_notice:hi": "HX..."}`: the SID,
    then the params its variables take in order (none named: the whole text is {{1}})."""
    out: dict[str, ApprovedTemplate] = {}
    for name, value in config.items():
        parts = value.replace(",", " ").split()
        if not parts or not parts[0].startswith("HX"):
            raise ValueError(f"{name}: a Content SID (HX...) comes first, then param names")
        out[name.strip()] = ApprovedTemplate(parts[0], tuple(parts[1:]) or (TEXT_VARIABLE,))
    return out


@dataclass(frozen=True)
class Route:
    """How one WhatsApp message goes now, and why (recorded on the outbox row)."""

    via: str
    reason: str
    template: ApprovedTemplate | None = None


@dataclass(frozen=True)
class WhatsAppRules:
    """The session's length and the approved templates, by our template name (optionally
    `name:lang`, since WhatsApp approves each language of a template separately)."""

    templates: Mapping[str, ApprovedTemplate] = field(default_factory=dict)
    session: timedelta = SESSION

    def approved(self, template: str, language: str) -> ApprovedTemplate | None:
        return self.templates.get(f"{template}:{language}") or self.templates.get(template)

    def route(
        self, *, template: str, language: str, last_inbound: datetime | None, now: datetime
    ) -> Route:
        last = last_inbound.isoformat() if last_inbound is not None else "never"
        if last_inbound is not None and now - last_inbound < self.session:
            return Route(FREE_FORM, f"in the 24-hour session: his last WhatsApp message {last}")
        approved = self.approved(template, language)
        if approved is not None:
            return Route(
                TEMPLATE,
                f"outside the 24-hour session (his last WhatsApp message {last}): "
                f"approved template {approved.sid}",
                approved,
            )
        return Route(
            BY_SMS,
            f"outside the 24-hour session (his last WhatsApp message {last}) and no approved "
            f"template for {template}: sent by SMS",
        )


def content_variables(
    approved: ApprovedTemplate, params: Mapping[str, object], text: str, language: str
) -> str:
    """The template's variables as Twilio takes them: a JSON object {"1": ..., "2": ...}."""
    written = said(params, language)
    values = {
        str(n): text if name == TEXT_VARIABLE else written.get(name, "-")
        for n, name in enumerate(approved.variables, start=1)
    }
    return json.dumps(values, ensure_ascii=False)
