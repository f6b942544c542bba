"""How many SMS segments a text costs, counted apart from the code it checks (bot/segments.py).

GSM-7 (3GPP TS 23.038): 160 septets in one segment, 153 in each part of a split message; the
extension characters cost two septets. Any other character sends the whole text as UCS-2: 70
code units, 67 a part; a character outside the BMP costs two. A two-unit character is never
split between parts, as handsets do. Written here because the PyPI counters are unkept (smsutil:
last release 2020) or not yet a release (sms-counter 0.0.1).
"""

from __future__ import annotations

GSM7 = set(
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
GSM7_EXT = set("\f^{}\\[~]|€")


def sms_segments(text: str) -> int:
    """The segments `text` is sent as (0 for the empty text)."""
    gsm = all(c in GSM7 or c in GSM7_EXT for c in text)
    costs = [2 if (c in GSM7_EXT if gsm else ord(c) > 0xFFFF) else 1 for c in text]
    single, part = (160, 153) if gsm else (70, 67)
    if sum(costs) <= single:
        return 1 if costs else 0
    count, used = 1, 0
    for cost in costs:
        if used + cost > part:
            count, used = count + 1, 0
        used += cost
    return count


def is_unicode(text: str) -> bool:
    """Whether `text` goes as UCS-2 (any character outside GSM-7)."""
    return not all(c in GSM7 or c in GSM7_EXT for c in text)
