"""People of a district and their roles: read from the file, written as people and role grants."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from law.errors import InvalidInput
from models import Person, RoleGrant
from models.columns import id_of
from office.access.roles import Role, RoleSpec, parse_role
from office.jurisdiction.reader import Reader
from office.jurisdiction.spec import PersonSpec, PoundSpec, Spec
from office.phones import normalise_phone


def read_people(
    r: Reader, pounds: Sequence[PoundSpec], languages: Sequence[str], country: str
) -> tuple[PersonSpec, ...]:
    pound_codes = {p.code for p in pounds}
    thanas = {p.thana for p in pounds}
    phones: dict[str, int] = {}
    telegram_ids: dict[int, int] = {}
    people: list[PersonSpec] = []
    for i, table in enumerate(r.tables("person")):
        name = r.text(table, "person", i, "name", max_len=200)
        residence = r.text(table, "person", i, "residence", max_len=200, default="")
        raw_phone = r.text(table, "person", i, "phone", max_len=32)
        phone_line = r.lines.key("person", i, "phone")
        try:
            phone = normalise_phone(raw_phone, country)
        except InvalidInput as exc:
            r.fail(exc.message, phone_line)
        if phone in phones:
            r.fail(
                f"phone {phone} is given twice (also at line {phones[phone]}); list one "
                "person once with all their roles",
                phone_line,
            )
        phones[phone] = phone_line
        telegram_id = _telegram_id(r, table, i, telegram_ids)
        language = None
        if "language" in table:
            language = r.text(table, "person", i, "language", max_len=8).lower()
            if language not in languages:
                r.fail(
                    f"language {language!r} is not one of the district's: {', '.join(languages)}",
                    r.lines.key("person", i, "language"),
                )
        roles = _roles(r, table, i, pound_codes, thanas)
        people.append(PersonSpec(name, residence, phone, telegram_id, language, roles, i))
    return tuple(people)


def _telegram_id(r: Reader, table: Mapping[str, Any], i: int, seen: dict[int, int]) -> int | None:
    if "telegram_id" not in table:
        return None
    value = table["telegram_id"]
    line = r.lines.key("person", i, "telegram_id")
    # bool is an int in Python; `telegram_id = true` is a mistake, not user 1.
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        r.fail("'telegram_id' must be a positive whole number (the Telegram user id)", line)
    if value in seen:
        r.fail(f"telegram_id {value} is given twice (also at line {seen[value]})", line)
    seen[value] = line
    return value


def _roles(
    r: Reader, table: Mapping[str, Any], i: int, pound_codes: set[str], thanas: set[str]
) -> tuple[RoleSpec, ...]:
    roles: list[RoleSpec] = []
    for item in r.list_of(table, "person", i, "roles"):
        line = r.lines.item("person", i, "roles", str(item))
        if not isinstance(item, str):
            r.fail('each role is text in quotes, like "keeper:RMP"', line)
        try:
            spec = parse_role(item)
        except InvalidInput as exc:
            r.fail(exc.message, line)
        spec = RoleSpec(spec.role, spec.place.upper())
        if spec.role is Role.KEEPER and spec.place not in pound_codes:
            r.fail(
                f"role {item!r}: {spec.place!r} is not the code of a pound in this file",
                line,
                "IV",
            )
        if spec.role in (Role.POLICE, Role.DAROGAH) and spec.place not in thanas:
            r.fail(
                f"role {item!r}: {spec.place!r} is not the thana of a pound in this file",
                line,
                "III",
            )
        if spec in roles:
            r.fail(f"role {item!r} is given twice", line)
        roles.append(spec)
    return tuple(roles)


def write_people(s: Session, spec: Spec, now: datetime) -> dict[str, int]:
    phones = [p.phone for p in spec.people]
    existing = {
        p.phone: p for p in s.exec(select(Person).where(col(Person.phone).in_(phones))).all()
    }
    # Telegram ids may move between people in the file (a swap): clear them first so the unique
    # index never sees two holders inside the flush.
    moving = [
        existing[p.phone]
        for p in spec.people
        if p.telegram_id is not None
        and p.phone in existing
        and existing[p.phone].telegram_id != p.telegram_id
        and existing[p.phone].telegram_id is not None
    ]
    for row in moving:
        row.telegram_id = None
    s.flush()
    for p in spec.people:
        row = existing.get(p.phone) or Person(name=p.name, phone=p.phone, created_at=now)
        row.name, row.residence = p.name, p.residence
        # A Telegram id or language learnt in a chat is kept unless the file says otherwise.
        if p.telegram_id is not None:
            row.telegram_id = p.telegram_id
        if p.language is not None:
            row.language = p.language
        s.add(row)
        existing[p.phone] = row
    s.flush()
    return {p.phone: id_of(existing[p.phone]) for p in spec.people}


def write_grants(s: Session, district_id: int, spec: Spec, person_ids: dict[str, int]) -> int:
    """Replace this district's role grants by the file's, keeping rows that stay the same."""
    wanted = {(person_ids[p.phone], r.role.value, r.place) for p in spec.people for r in p.roles}
    rows = s.exec(select(RoleGrant).where(RoleGrant.district_id == district_id)).all()
    have: set[tuple[int, str, str]] = set()
    for row in rows:
        key = (row.person_id, row.role, row.place)
        if key in wanted:
            have.add(key)
        else:
            s.delete(row)
    s.flush()
    for person_id, role, place in sorted(wanted - have):
        s.add(RoleGrant(person_id=person_id, district_id=district_id, role=role, place=place))
    s.flush()
    return len(wanted)
