"""Chat reads and reports only as the person writing may: STATUS and MY CATTLE show a stranger
what the notice of Sec VIII shows; a report never changes a named person's record; the owner of
an unknown number is not messaged over the limit, and the reporter is told."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import select

from bot.registry import build_engine
from bot.types import Channel, Inbound
from models import Outbox, Seizure
from office.access.tokens import issue_token
from office.acts.keeper.arrival import register_arrival
from tests.office.test_permissions import PHONES, ROLES, SEES, cast, load_cast, record_of
from tests.units import act
from tests.world import World

pytestmark = pytest.mark.world_with.with_args(load_cast)  # the matrix's cast, loaded once


def say(world: World, phone: str, text: str, *, per_day: int = 5) -> str:
    engine = build_engine(world.db, unsolicited_per_day=per_day)
    replies = engine.handle(Inbound(channel=Channel.SMS, address=phone, text=text), now=world.now)
    return "\n".join(r.text for r in replies)


def read_all(world: World, phone: str, text: str) -> str:
    """What an answer on SMS says over all its pages (the choice `More` while any are left)."""
    engine = build_engine(world.db)
    pages: list[str] = []
    for _ in range(10):
        replies = engine.handle(
            Inbound(channel=Channel.SMS, address=phone, text=text), now=world.now
        )
        pages += [r.text for r in replies]
        offered = [o.value for r in replies for o in r.options]
        if "more" not in offered:
            return "\n".join(pages)
        text = str(offered.index("more") + 1)
    raise AssertionError("more than ten pages")


@pytest.mark.parametrize("role", ROLES)
def test_status_by_sms_shows_who_and_what_is_due_only_to_parties_and_officers(
    world: World, role: str
) -> None:
    cast(world)
    ref = world.seize()
    world.tick(hours=2)
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )
    world.now = world.now + timedelta(days=2)
    for command in (f"STATUS {ref}", f"MYCATTLE {ref}"):
        text = read_all(world, PHONES[role], command)
        assert f"Seizure {ref}" in text
        assert "2 cows (red, white blaze), 1 buffalo" in text
        assert "by March 8, 2026 (Sec VIII)" in text  # the claim: the notice's dates are public
        if SEES[role].value == "public":
            for secret in ("Hari Singh", "Mohan Lal", "Kemri", "Due today", "Rs "):
                assert secret not in text, secret
            assert "send RATES TPR" in text
        else:
            assert "Seized by Hari Singh of Rampur." in text
            assert "Owner: Mohan Lal of Kemri" in text
            assert "Due today (March 3, 2026)" in text


def test_an_sms_report_names_an_owner_without_changing_his_record(world: World) -> None:
    act(world.db, issue_token, phone="+919555555555", name="Sita Devi", now=world.now)
    before = record_of(world, "+919555555555")
    lines = [
        "SEIZE 2 COW RAMPUR",
        "the cane field by the well",
        "ate young cane",
        "Somebody Else",
        "Kemri",
        "+91 95555 55555",
        "no",
        "skip",
    ]
    for line in lines:
        say(world, PHONES["seizer"], line)
    assert "Your reference is" in say(world, PHONES["seizer"], "confirm")
    # His name stays as recorded; the village he lacked is gained from the report (Sec V).
    assert before is not None
    assert record_of(world, "+919555555555") == (before[0], "Sita Devi", "Kemri", *before[3:])
    with world.db.reading() as s:
        seizure = s.exec(select(Seizure)).one()
        assert (seizure.seizer_id, seizure.reporter_id) == (world.cultivator, world.cultivator)
        assert before is not None and seizure.owner_id == before[0]


def test_the_reporter_is_told_when_the_owner_will_not_be_messaged(world: World) -> None:
    """POUND_UNSOLICITED_PER_DAY 0: no number the office never heard from is messaged."""
    lines = [
        "SEIZE 1 BUFFALO KEMRI",
        "the wheat by the tank",
        "grazed standing wheat",
        "Kalu",
        "Kemri",
        "+919555000009",
        "no",
        "skip",
    ]
    for line in lines:
        say(world, PHONES["seizer"], line, per_day=0)
    answer = say(world, PHONES["seizer"], "confirm", per_day=0)
    assert "Your reference is" in answer
    assert "The office will not send the owner messages" in answer
    with world.db.reading() as s:
        rows = s.exec(select(Outbox).where(Outbox.address == "+919555000009")).all()
        assert rows and {(r.state, r.caused_by) for r in rows} == {("held", world.cultivator)}
