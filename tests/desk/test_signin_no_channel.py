"""Signing in where no channel can deliver a code (no Telegram, no Twilio configured): the pages
say so in the reader's language, the code is logged for the operator and `pound desk code`
prints it; where a channel is configured the code is never logged (docs/desk.md).

On SQLite (tests/conftest.py), but for the tests marked `both_engines`: the pending code's query
and `pound desk code` over the database's URL, on PostgreSQL too."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from office.access.desk_signin import CODE_MINUTES, pending_code
from pound.app import build_app, can_deliver
from pound.cli import main
from pound.settings import Settings
from tests.desk.client import DeskBrowser, last_code, last_outbox_id, text_of
from tests.world import World

NOT_SENT = {
    "en": "This office cannot send codes yet: no Telegram or SMS is set up",
    "hi": "यह दफ़्तर अभी कोड नहीं भेज सकता",
    "bn": "এই দপ্তর এখনও কোড পাঠাতে পারে না",
}
MADE = {
    "en": "a code has been made. It works for 10 minutes and 5 tries.",
    "hi": "कोड बन गया है। यह 10 मिनट तक और 5 बार",
    "bn": "একটি কোড তৈরি হয়েছে। কোডটি ১০ মিনিট ও ৫ বার",
}


def browser(world: World, *, delivers: bool) -> Iterator[DeskBrowser]:
    from webhook.app import create_app
    from webhook.desk import DeskConfig

    world.on(date(2026, 3, 1), 12)
    app = create_app(
        db=world.db,
        clock=lambda: world.now,
        desk=DeskConfig.for_url(None, None, delivers=delivers),
    )
    with TestClient(app, base_url="http://testserver") as client:
        yield DeskBrowser(client, world)


@pytest.fixture
def unsent(world: World) -> Iterator[DeskBrowser]:
    yield from browser(world, delivers=False)


@pytest.fixture
def sent(world: World) -> Iterator[DeskBrowser]:
    yield from browser(world, delivers=True)


def logged(caplog: pytest.LogCaptureFixture) -> str:
    return "\n".join(f"{r.name} {r.levelname} {r.getMessage()}" for r in caplog.records)


@pytest.mark.parametrize("lang", ["en", "hi", "bn"])
def test_the_pages_say_no_code_can_be_sent_and_where_it_is(
    unsent: DeskBrowser, world: World, lang: str
) -> None:
    page = text_of(unsent.get("/desk/sign-in", lang=lang).text)
    assert NOT_SENT[lang] in page and "pound desk code" in page
    assert "Telegram or by SMS" not in page
    unsent.post("/desk/sign-in", {"phone": "9000000001", "next": "/desk"})
    code_page = text_of(unsent.get("/desk/sign-in/code").text)
    assert NOT_SENT[lang] in code_page and MADE[lang] in code_page
    assert "on its way" not in code_page


def test_where_a_channel_delivers_the_pages_say_the_code_is_on_its_way(sent: DeskBrowser) -> None:
    page = text_of(sent.get("/desk/sign-in").text)
    assert "The office sends a code to your Telegram or by SMS." in page
    assert NOT_SENT["en"] not in page and "pound desk code" not in page


def test_with_no_channel_the_code_is_one_log_line_naming_the_phone(
    unsent: DeskBrowser, world: World, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG):
        unsent.ask_code("090000-00001")
    code = last_code(world, world.keeper)
    lines = [line for line in logged(caplog).splitlines() if code in line]
    assert lines == [
        f"webhook.desk.signin WARNING desk sign-in code for +919000000001: {code} "
        "(no Telegram or SMS is configured to send it)"
    ]
    r = unsent.post("/desk/sign-in/code", {"code": code})
    assert str(r.url).endswith("/desk") and "Keeper Kallu" in r.text


def test_with_a_channel_the_code_is_never_logged(
    sent: DeskBrowser, world: World, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG):
        sent.ask_code("9000000001")
        code = last_code(world, world.keeper)
        sent.post("/desk/sign-in/code", {"code": code})
    assert caplog.records  # the log was captured at all
    assert code not in logged(caplog)


def test_a_phone_of_no_officer_logs_no_code(
    unsent: DeskBrowser, world: World, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG):
        unsent.ask_code("9111111111")  # the cultivator: a private person
    assert "sign-in code for" not in logged(caplog)
    assert not unsent.sent_code(world.cultivator)


@pytest.mark.both_engines
def test_the_pending_code_is_the_newest_that_still_works(unsent: DeskBrowser, world: World) -> None:
    assert pending_code(world.db, "9000000001", now=world.now) is None
    unsent.ask_code("9000000001")
    first = last_code(world, world.keeper)
    after = last_outbox_id(world)
    world.tick(minutes=1)
    unsent.ask_code("+91 90000 00001")
    second = last_code(world, world.keeper, after=after)
    found = pending_code(world.db, "090000 00001", now=world.now)
    assert found is not None and (found.code, found.phone) == (second, "+919000000001")
    assert found.name == "Keeper Kallu"
    assert found.expires_at.astimezone(UTC) == (world.now + timedelta(minutes=CODE_MINUTES))
    # Another officer's phone has none; an unknown phone has none.
    assert pending_code(world.db, "9000000002", now=world.now) is None
    assert pending_code(world.db, "9876543210", now=world.now) is None
    # Used, the newest is gone and the older one is the one left, until it is late.
    unsent.post("/desk/sign-in/code", {"code": second})
    left = pending_code(world.db, "9000000001", now=world.now)
    assert left is not None and left.code == first
    assert pending_code(world.db, "9000000001", now=world.now + timedelta(minutes=10)) is None


@pytest.mark.both_engines
def test_a_code_spent_by_wrong_tries_is_not_pending(unsent: DeskBrowser, world: World) -> None:
    unsent.ask_code("9000000001")
    code = last_code(world, world.keeper)
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    for _ in range(5):
        unsent.post("/desk/sign-in/code", {"code": wrong})
    assert pending_code(world.db, "9000000001", now=world.now) is None


NO_CHANNEL: dict[str, str | None] = {
    "POUND_TELEGRAM_TOKEN": None,
    "POUND_TWILIO_ACCOUNT_SID": None,
    "POUND_TWILIO_AUTH_TOKEN": None,
    "POUND_TWILIO_FROM": None,
}


def run_pound(world: World, *args: str, **env: str | None) -> tuple[int, str, str]:
    url = world.db.url.replace("+psycopg", "")
    result = CliRunner().invoke(
        main,
        list(args),
        env={"POUND_DATABASE_URL": url, **NO_CHANNEL, **env},
        catch_exceptions=False,
    )
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.both_engines
def test_pound_desk_code_prints_the_code_alone_on_its_last_line(
    unsent: DeskBrowser, world: World
) -> None:
    # The command reads the real clock: the test's sign-in is asked for now.
    world.now = datetime.now(UTC)
    unsent.ask_code("9000000001")
    code = last_code(world, world.keeper)
    status, out, err = run_pound(world, "desk", "code", "+91 90000-00001")
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == code
    until = (world.now + timedelta(minutes=CODE_MINUTES)).strftime("%H:%M:%S UTC")
    assert out.splitlines()[0] == (
        f"sign-in code for Keeper Kallu (+919000000001), good until {until}:"
    )


@pytest.mark.parametrize(
    "channel",
    [
        {"POUND_TELEGRAM_TOKEN": "7312345678:AAH3kd9-Xq"},
        {
            "POUND_TWILIO_ACCOUNT_SID": "AC" + "1" * 32,
            "POUND_TWILIO_AUTH_TOKEN": "t0ken",
            "POUND_TWILIO_FROM": "+15005550006",
        },
    ],
)
def test_where_a_channel_is_configured_pound_desk_code_prints_no_code(
    unsent: DeskBrowser, world: World, channel: dict[str, str]
) -> None:
    world.now = datetime.now(UTC)
    unsent.ask_code("9000000001")
    code = last_code(world, world.keeper)
    status, out, err = run_pound(world, "desk", "code", "9000000001", **channel)
    assert status == 2 and out == "" and code not in err
    assert "a channel is configured" in err


def test_pound_desk_code_says_when_there_is_none(world: World) -> None:
    status, out, err = run_pound(world, "desk", "code", "9000000001")
    assert (status, out) == (1, "")
    assert "no sign-in code waits for 9000000001" in err


def test_pound_desk_code_refuses_a_phone_it_cannot_read(world: World) -> None:
    status, out, err = run_pound(world, "desk", "code", "ninety")
    assert status == 2 and out == ""
    assert err.startswith("error: ")


@pytest.mark.parametrize(
    ("settings", "delivers"),
    [
        ({}, False),
        ({"telegram_token": "7312345678:AAH3kd9-Xq"}, True),
        ({"twilio_account_sid": "AC" + "1" * 32, "twilio_auth_token": "t0ken"}, False),
        (
            {
                "twilio_account_sid": "AC" + "1" * 32,
                "twilio_auth_token": "t0ken",
                "twilio_from": "+15005550006",
            },
            True,
        ),
    ],
)
def test_the_desk_is_told_whether_a_channel_delivers(
    world: World, tmp_path: Path, settings: dict[str, str], delivers: bool
) -> None:
    configured = Settings(database_url=world.db.url, **settings)  # type: ignore[arg-type]
    assert can_deliver(configured) is delivers
    app = build_app(world.db, clock=lambda: world.now, settings=configured)
    assert app.state.desk.delivers is delivers


def test_pound_desk_code_is_listed_and_explains_itself() -> None:
    runner = CliRunner()
    assert "desk" in runner.invoke(main, ["--help"]).output
    helped = runner.invoke(main, ["desk", "code", "--help"])
    assert helped.exit_code == 0 and helped.output.startswith("Usage: pound desk code")
    assert "newest sign-in code" in helped.output
