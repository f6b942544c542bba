"""How many SMS segments a text takes: GSM-7 when every character is in the GSM 03.38 alphabet,
else UCS-2 (UTF-16 code units).

PyPI has decoders of SMS PDUs (smspdudecoder) but nothing well kept that only counts segments,
and the rule is short: 160 septets in one message, 153 a segment once split (7 go to the
concatenation header); UCS-2 70 and 67. The GSM extension table costs two septets a character.
"""

from __future__ import annotations

import math

GSM_BASIC = (
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
GSM_EXTENDED = "^{}\\[~]|€\f"


def is_gsm7(text: str) -> bool:
    return all(c in GSM_BASIC or c in GSM_EXTENDED for c in text)


def segments(text: str) -> int:
    """The segments `text` is sent in as one SMS."""
    if is_gsm7(text):
        units, single, split = sum(2 if c in GSM_EXTENDED else 1 for c in text), 160, 153
    else:
        units, single, split = len(text.encode("utf-16-le")) // 2, 70, 67
    return 1 if units <= single else math.ceil(units / split)
