"""Feeding rates of a district (Sec VII): read from the file, written as rates in force from a
date."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from sqlmodel import Session, select

from law.errors import PoundError
from law.kinds import AnimalKind, resolve_kind
from law.profile import StatuteProfile
from models import FeedingRate
from office.jurisdiction.reader import Reader
from office.jurisdiction.spec import RateSpec, Spec


def read_rates(r: Reader, profile: StatuteProfile) -> tuple[RateSpec, ...]:
    seen: dict[tuple[AnimalKind, date], tuple[int, int]] = {}
    rates: list[RateSpec] = []
    for i, table in enumerate(r.tables("feeding_rate")):
        per_day = _money(r, table, i, profile)
        if "from" not in table:
            r.fail(
                "[[feeding_rate]] needs 'from', the date the rate is in force from",
                r.lines.table("feeding_rate", i),
                "VII",
            )
        valid_from = r.date_of(table, "feeding_rate", i, "from", "2024-04-01", "VII")
        for item in r.list_of(table, "feeding_rate", i, "kinds"):
            line = r.lines.item("feeding_rate", i, "kinds", str(item))
            if not isinstance(item, str):
                r.fail('each kind is text in quotes, like "cow"', line, "VII")
            try:
                # The profile's G4 mapping: mule is fed as a horse, heifer as a cow ...
                kind = resolve_kind(item, profile.aliases)
            except PoundError as exc:
                r.fail(exc.message, line, exc.section)
            if (kind, valid_from) in seen:
                also, table_index = seen[(kind, valid_from)]
                if table_index == i:
                    continue  # "horse" and "mule" in one list: the same rate, said twice
                r.fail(
                    f"{item!r} is fed as {kind}, and {kind} already has a rate from "
                    f"{valid_from.isoformat()} at line {also}",
                    line,
                    "VII",
                )
            seen[(kind, valid_from)] = (line, i)
            rates.append(RateSpec(kind, per_day, valid_from))
    return tuple(rates)


def _money(r: Reader, table: Mapping[str, Any], i: int, profile: StatuteProfile) -> int:
    if "per_day" not in table:
        r.fail("[[feeding_rate]] needs 'per_day'", r.lines.table("feeding_rate", i), "VII")
    value = table["per_day"]
    line = r.lines.key("feeding_rate", i, "per_day")
    example = profile.money.format(9)
    if not isinstance(value, str):
        # A bare number could mean rupees or the smallest unit: make the file say which.
        r.fail(f"'per_day' must be an amount in quotes, like \"{example}\"", line, "VII")
    try:
        return profile.money.parse(value)
    except PoundError as exc:
        r.fail(f"'per_day' {value!r}: {exc.message}", line, "VII")


def write_rates(s: Session, district_id: int, spec: Spec) -> int:
    # Rates left out of the file are kept: feeding already charged rests on them (Sec VII, G9).
    rows = s.exec(select(FeedingRate).where(FeedingRate.district_id == district_id)).all()
    existing = {(r.kind, r.valid_from): r for r in rows}
    for rate in spec.rates:
        row = existing.get((rate.kind.value, rate.valid_from)) or FeedingRate(
            district_id=district_id,
            kind=rate.kind.value,
            per_day=rate.per_day,
            valid_from=rate.valid_from,
        )
        row.per_day = rate.per_day
        s.add(row)
    s.flush()
    return len(spec.rates)
