"""The two complaints the Magistrate hears as a case: mischief by causing cattle to trespass
(Sec XVII) and damage by pigs (XVIII), and the section each is heard under."""

from __future__ import annotations

from enum import StrEnum


class CaseKind(StrEnum):
    MISCHIEF = "mischief"  # Sec XVII
    PIGS = "pigs"  # Sec XVIII


SECTION = {CaseKind.MISCHIEF: "XVII", CaseKind.PIGS: "XVIII"}
