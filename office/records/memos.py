"""What a ledger transaction says (its memo): one of a closed set of English texts, written into
the record as they read in English, and said to a reader in his language from the same record.

The record keeps the English words (they are what the audit chain digests, and what the API
returns). A statement read in Hindi or Bengali says each memo through the catalogs: `read` finds
which of the texts below a memo was written from, and with what values, by matching the text
back against them; a memo none of them wrote (an older wording, or one cut at the column's 500
characters) is shown as it was written. Each text names its values, so a translation may put
them in its own order; the values themselves (refs, names, numbers) are never translated; a
pound is named as the district file writes it in the reader's script, given its names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache

from law.errors import N_, Template

MEMO_LENGTH = 500  # models/ledger.py: LedgerTxn.memo

PAYMENT = N_("payment {ref}")
AUCTION = N_("auction {ref}")
SALE_BALANCE = N_("balance of the purchase money paid to the owner, {ref}")
CHARGED_TO_SEIZER = N_("fines and feeding charged to the seizer, {ref}")
OWED_BY_SEIZER = N_(
    "owed by the seizer to {owner} on complaint {complaint}, {ref}: damages {damages}, "
    "expenses {expenses}, fines and expenses paid {repaid}"
)
SURPLUS_CLAIMED = N_("surplus paid to claimant, {ref}")
SURPLUS_TO_FUND = N_("unclaimed surplus to the pound fund, {ref}")
OFFENCE_FINE = N_("fine for offence {offence} (Sec XIII)")
OFFENCE_FINE_PAID = N_("fine paid by {payer}, offence {offence} (Sec XIII)")
CASE_FINE_PAID = N_("fine paid by {payer}, case {case} (Sec {section})")
SEIZER_PAID = N_("paid by the seizer {payer} as charged, {ref} (Sec XIV)")
CASE_FINE = N_("fine in case {case} (Sec {section})")
RECOVERY_SALE = N_("sale of cattle for the fine in case {case}")
COMPENSATION = N_("compensation paid to the complainant out of the fine in case {case}")
PAID_SALARY = N_("paid to {payee}: salary of {keeper}, keeper of {pound}")
PAID_POUND = N_("paid to {payee}: construction or maintenance of {pound}")
PAID_OTHER = N_("paid to {payee}: {stated}")
LOST_DIED = N_("feeding of animal {number} of {ref} written off: it died")
LOST_ESCAPED = N_("feeding of animal {number} of {ref} written off: it escaped")

# In the order they are tried when a memo is read: a text that another one's values could
# imitate comes before it (a salary before a payment of any other purpose).
MEMOS: tuple[Template, ...] = (
    OFFENCE_FINE_PAID,
    CASE_FINE_PAID,
    SEIZER_PAID,
    PAYMENT,
    AUCTION,
    SALE_BALANCE,
    CHARGED_TO_SEIZER,
    OWED_BY_SEIZER,
    SURPLUS_CLAIMED,
    SURPLUS_TO_FUND,
    OFFENCE_FINE,
    CASE_FINE,
    RECOVERY_SALE,
    COMPENSATION,
    PAID_SALARY,
    PAID_POUND,
    PAID_OTHER,
    LOST_DIED,
    LOST_ESCAPED,
)

_FIELD = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Memo:
    """A memo as its text and values: `text` is what the record keeps."""

    template: Template
    values: Mapping[str, str] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.template.format_map(self.values)[:MEMO_LENGTH]

    def said(
        self, translate: Callable[..., str], places: Mapping[str, object] | None = None
    ) -> str:
        """The memo in a reader's words: `translate(msgid, **values)`, a Translator. A value
        that is a number (a case's, a section's) is handed over as one, for the reader's
        digits; the pound it names with its names in other scripts, if `places` (by the
        register's name) gives them."""
        values: dict[str, object] = {
            k: int(v) if v.isascii() and v.isdigit() else v for k, v in self.values.items()
        }
        pound = self.values.get("pound")
        if pound is not None and places:
            values["pound_names"] = places.get(pound)
        return translate(self.template, **values)


def memo(template: Template, **values: object) -> Memo:
    """The memo of one transaction, from one of the texts above."""
    if template not in MEMOS:
        raise ValueError(f"not a ledger memo: {template!r}")
    return Memo(template, {name: str(value) for name, value in values.items()})


@cache
def _pattern(template: Template) -> re.Pattern[str]:
    parts = _FIELD.split(template)
    # split alternates literal text and field names: "a {x} b" -> ["a ", "x", " b"]
    source = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)
    )
    return re.compile(f"^{source}$", re.DOTALL)


def read(text: str) -> Memo | None:
    """Which memo `text` is, with its values; None for a text none of them writes."""
    for template in MEMOS:
        found = _pattern(template).match(text)
        if found is not None:
            return Memo(template, found.groupdict())
    return None


def said(
    text: str, translate: Callable[..., str], places: Mapping[str, object] | None = None
) -> str:
    """A memo of the record in the reader's words; as written if it is none of the texts.
    `places`: the names in other scripts of the pounds it may name, by the register's name."""
    found = read(text)
    return found.said(translate, places) if found is not None else text
