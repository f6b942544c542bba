"""The documents of the Act to print, each as the figures and names it states: their kinds, what
every document holds, and the heads, people and places they name.

One function per kind reads the record and returns a plain dataclass (a seizure's papers in
seizure.py, a hearing's in hearing.py, the returns in returns.py; `build` in issued.py picks the
one of a kind); nothing here decides a rule of the Act (the record already holds what the acts
decided, and `law/` worked out each figure when the act was done).
Texts are not written here: the page that prints a document writes its labels in the reader's
language.

`Document.digest` is the hash of what a document states, without the day it was printed: the
same content printed again has the same digest, and a document whose record has changed since
(a payment after the receipt, a new rate) has another.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlmodel import Session, select

from models import Animal, Person, Pound, RegisterEntry, Seizure, Village
from office.district import DistrictContext, district_context, names_of


class Kind(StrEnum):
    """The documents the office prints, by the name in their route."""

    REGISTER_COPY = "register-copy"
    RECEIPT = "receipt"
    RATES = "rates"
    NOTICE = "notice"
    ACCOUNT = "account"
    CATTLE_RECEIPT = "cattle-receipt"
    SUMMONS = "summons"
    DECISION = "decision"
    SET_OFF = "set-off"
    RETURN = "return"
    FUND = "fund"


# The section each kind rests on.
SECTION: dict[Kind, str] = {
    Kind.REGISTER_COPY: "V",
    Kind.RECEIPT: "VII",
    Kind.RATES: "VII",
    Kind.NOTICE: "VIII",
    Kind.ACCOUNT: "IX",
    Kind.CATTLE_RECEIPT: "IX",
    Kind.SUMMONS: "XIV",
    Kind.DECISION: "XIV",
    Kind.SET_OFF: "XIX",
    Kind.RETURN: "IV",
    Kind.FUND: "XII",
}

# What a kind's ref names.
SEIZURE_KINDS = frozenset(
    {Kind.REGISTER_COPY, Kind.RECEIPT, Kind.NOTICE, Kind.ACCOUNT, Kind.CATTLE_RECEIPT}
)
COMPLAINT_KINDS = frozenset({Kind.SUMMONS, Kind.DECISION})
CASE_KINDS = frozenset({Kind.SET_OFF})
POUND_KINDS = frozenset({Kind.RATES, Kind.RETURN})


@dataclass(frozen=True)
class Who:
    """A person as a document names him: name and residence (never his phone)."""

    name: str
    residence: str = ""


@dataclass(frozen=True)
class Head:
    """One animal as the register describes it."""

    number: int
    kind: str
    description: str = ""
    status: str = ""


@dataclass(frozen=True)
class Document:
    """What every document states at its head."""

    kind: str
    ref: str
    params: str
    section: str
    district_id: int
    district_code: str
    district_name: str
    money: str  # the money system of the district's profile (law/money.py)
    dated: str  # the day of the act the document records (ISO), or of its period's end
    pound_code: str = ""
    pound_name: str = ""
    thana: str = ""
    register_no: str = ""
    # The names the district file gives the district, the pound and the village in other
    # scripts, by language: (("pound", (("hi", "..."), ...)), ...). The page writes them in the
    # reader's script; the document states the register's names, and so does its digest.
    names: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()

    def content(self) -> dict[str, Any]:
        """What it states: not how a name is written in other scripts (`names`, `*_names`)."""
        return {k: v for k, v in asdict(self).items() if not k.endswith("names")}

    def names_of(self, place: str) -> dict[str, str]:
        """The names of `place` (district, pound, village) in other scripts, by language."""
        return dict(dict(self.names).get(place, ()))

    @property
    def digest(self) -> str:
        text = json.dumps(self.content(), sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def who_of(s: Session, person_id: int | None) -> Who | None:
    p = s.get(Person, person_id) if person_id is not None else None
    return Who(p.name, p.residence) if p else None


def named(who: Who | None) -> Who:
    return who or Who("")


def local_time(at: datetime | None, ctx: DistrictContext) -> str:
    return at.astimezone(ctx.tz).isoformat(timespec="minutes") if at else ""


def heads_of(rows: Iterable[Animal]) -> tuple[Head, ...]:
    """The heads as the register describes them (not where each stands since)."""
    return tuple(Head(a.number, a.kind, a.description) for a in rows)


def head_of(
    kind: Kind,
    ctx: DistrictContext,
    ref: str,
    *,
    pound: Pound | None,
    dated: str,
    village: Village | None = None,
    **more: Any,
) -> dict[str, Any]:
    return {
        "kind": kind.value,
        "ref": ref,
        "params": more.pop("params", ""),
        "section": SECTION[kind],
        "district_id": ctx.id,
        "district_code": ctx.district.code,
        "district_name": ctx.district.name,
        "money": ctx.profile.money.name,
        "dated": dated,
        "pound_code": pound.code if pound else "",
        "pound_name": pound.name if pound else "",
        "thana": pound.thana if pound else "",
        "names": tuple(
            (key, names_of(place))
            for key, place in (("district", ctx.district), ("pound", pound), ("village", village))
            if place is not None and place.names
        ),
        **more,
    }


def register_no_of(s: Session, seizure: Seizure, pound: Pound | None) -> str:
    entry = s.exec(select(RegisterEntry).where(RegisterEntry.seizure_id == seizure.id)).first()
    return f"{pound.code}/{entry.year}/{entry.number}" if entry and pound else ""


def seizure_head(s: Session, kind: Kind, seizure: Seizure, dated: str) -> dict[str, Any]:
    ctx = district_context(s, seizure.district_id)
    pound = s.get(Pound, seizure.pound_id)
    return head_of(
        kind,
        ctx,
        seizure.ref,
        pound=pound,
        dated=dated,
        village=s.get(Village, seizure.village_id),
        register_no=register_no_of(s, seizure, pound),
    )


def entry_who(entry: RegisterEntry, who: str) -> Who | None:
    found = entry.entry.get(who)
    if not isinstance(found, dict) or not found.get("name"):
        return None
    return Who(str(found["name"]), str(found.get("residence") or ""))


def entry_animals(entry: RegisterEntry) -> list[dict[str, object]]:
    found = entry.entry.get("animals")
    return [a for a in found if isinstance(a, dict)] if isinstance(found, list) else []
