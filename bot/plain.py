"""Text a person typed, taken and shown so it can never pass for the office's own words.

A description, a place or a name is free text: it may hold a right-to-left override (U+202E)
that turns the words after it backwards ("Earliest date of sale" read against another date), or
a control character (U+000B, U+001B, U+0007) that no XML document may hold (the Atom feed).

- **At input** (the chat, the desk's forms): `neutral()` takes out the control characters and
  the direction embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069); the API
  refuses them with 422 instead (webhook/schemas.py). NUL and lone surrogates have their own
  refusal (webhook/inbound.py). Letters, marks and joiners (ZWJ, ZWNJ: Devanagari and Bengali
  need them) and the direction marks LRM, RLM and ALM are kept.
- **At output** (the board, its feed, the printed documents): `isolated()` shows a free text
  between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (U+2068 ... U+2069), after taking
  out what `neutral()` takes out (a record stored before this rule included), so no text typed
  by a person can reorder the words around it. `xml_text()` leaves out what XML 1.0 cannot
  hold.
"""

from __future__ import annotations

import re

FSI = "\u2068"  # FIRST STRONG ISOLATE
PDI = "\u2069"  # POP DIRECTIONAL ISOLATE
# LRE RLE PDF LRO RLO, and LRI RLI FSI PDI.
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"

# C0 controls but NUL, tab, line feed and carriage return; DEL; the C1 controls.
_CONTROLS = "\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
_UNSHOWN = re.compile(f"[{_CONTROLS}{BIDI_CONTROLS}]")
# What XML 1.0 cannot hold at all (its Char production), and the C1 controls it discourages.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def unshown(text: str) -> list[str]:
    """The control and direction characters of `text` that `neutral()` takes out, each once,
    as `U+XXXX` (for a refusal that says which)."""
    return sorted({f"U+{ord(ch):04X}" for ch in _UNSHOWN.findall(text)})


def neutral(text: str) -> str:
    """`text` without control characters and direction embeddings, overrides and isolates."""
    return _UNSHOWN.sub("", text)


def isolated(text: str) -> str:
    """A free text to show among the office's words: neutral, between FSI and PDI."""
    shown = neutral(text)
    return f"{FSI}{shown}{PDI}" if shown else shown


def xml_text(text: str) -> str:
    """`text` without the characters XML 1.0 cannot hold."""
    return _NOT_XML.sub("", text)
