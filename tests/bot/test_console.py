"""The console channel and `pound chat`: the same flows in a terminal, numbers pick options."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlmodel import select

from bot.channels.console import inbound_from, render, render_sms, run
from bot.registry import build_engine
from bot.types import Channel, Option, Reply
from models import Conversation, Seizure
from pound.cli import main
from tests.world import World


def test_options_are_numbered_across_replies_in_the_order_the_engine_keeps() -> None:
    text = render(
        [
            Reply("a", (Option("x", "Ex"),)),
            Reply("b", (Option("y", "Why"), Option("z", "Zed")), request_contact=True),
        ]
    )
    assert text.splitlines() == [
        "a",
        "  1. Ex",
        "b",
        "  2. Why",
        "  3. Zed",
        "  (/contact shares your number)",
    ]


def test_a_reply_over_sms_is_shown_as_the_sms_sent_with_its_segments() -> None:
    long = "x" * 400  # three segments of GSM-7: one SMS within the channel's three
    text = render_sms(
        [Reply("Recorded.", (Option("menu", "Menu"),)), Reply("क" * 140), Reply(long)]
    )
    assert text.splitlines() == [
        "[SMS 1/3, 1 segment]",
        "Recorded.",
        "1. Menu",
        "[SMS 2/3, 3 segments]",
        "क" * 140,
        "[SMS 3/3, 3 segments]",
        long,
    ]


def test_slash_words_stand_for_what_a_phone_sends() -> None:
    phone = "+919111111111"
    assert inbound_from("/photo abc", phone).photo == "abc"
    located = inbound_from("/location 25.3 82.9", phone).location
    assert located is not None and located.latitude == 25.3
    assert inbound_from("/location here", phone).text == "/location here"
    contact = inbound_from("/contact", phone).contact
    assert contact is not None and contact.phone == phone
    assert inbound_from(" hello ", phone).channel is Channel.CONSOLE


def test_the_console_loop_runs_a_story_until_the_end_of_input(world: World) -> None:
    lines = iter(["rates", "2", "", "/quit", "never read"])
    out: list[str] = []
    handled = run(
        build_engine(world.db),
        phone="+919333333333",
        read=lambda: next(lines, None),
        write=out.append,
        clock=lambda: world.now,
        first=["menu"],
        echo=True,
    )
    assert handled == 3
    assert "> rates" in out
    assert "Testpur thana pound, a head: fine + feeding a day" in out[-1]


def test_pound_chat_reports_a_seizure_on_the_database_it_is_given(
    world: World, monkeypatch: object
) -> None:
    import pytest

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    monkeypatch.setenv("POUND_DATABASE_URL", world.db.url)
    story = "\n".join(
        [
            "SEIZE 2 COW RAMPUR",
            "the cane field",
            "ate the cane",
            "skip",
            "2",  # no police aid
            "1",  # skip the photo
            "1",  # confirm
        ]
    )
    result = CliRunner().invoke(main, ["chat", "--as", "+91 91111 11111"], input=story + "\n")
    assert result.exit_code == 0, result.output
    assert "pound chat as +919111111111" in result.output
    assert "1. Report cattle I have seized" in result.output
    assert "> the cane field" in result.output
    assert "Your reference is" in result.output
    with world.db.reading() as s:
        assert s.exec(select(Seizure)).one().ground == "trespass"


def test_pound_chat_speaks_the_language_asked_and_refuses_a_bad_phone(
    world: World, monkeypatch: object
) -> None:
    import pytest

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    monkeypatch.setenv("POUND_DATABASE_URL", world.db.url)
    result = CliRunner().invoke(main, ["chat", "--as", "+919111111111", "--lang", "bn"], input="")
    assert result.exit_code == 0, result.output
    assert "ভাষা বাংলা করা হয়েছে।" in result.output
    refused = CliRunner().invoke(main, ["chat", "--as", "12"], input="")
    assert refused.exit_code == 2 and "not a phone number" in refused.output


def test_pound_chat_over_sms_shows_each_reply_as_the_sms_it_would_be(
    world: World, monkeypatch: object
) -> None:
    import pytest

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    monkeypatch.setenv("POUND_DATABASE_URL", world.db.url)
    story = "\n".join(["SEIZE 2 COW RAMPUR", "the cane field", "ate the cane", "skip", "2", "1"])
    result = CliRunner().invoke(
        main, ["chat", "--as", "+91 91111 11111", "--channel", "sms"], input=story + "\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "pound chat as +919111111111 over SMS" in out
    assert "[SMS 1/1, 1 segment]\nPound office.\nChoose what you want to do:\n1. Report" in out
    # No photo is asked on SMS: after the police's help, the report to confirm.
    assert "photo" not in out.lower()
    assert "Your reference is" in out and out.rstrip().endswith("1. Menu")
    with world.db.reading() as s:
        assert s.exec(select(Seizure)).one().ground == "trespass"
        chats = s.exec(select(Conversation)).all()
        assert [c.channel for c in chats] == ["sms"]


def test_pound_chat_on_a_database_with_no_district_says_so_before_the_first_question(
    tmp_path: Path,
) -> None:
    env = {"POUND_DATABASE_URL": f"sqlite:///{tmp_path / 'empty.db'}", "POUND_JURISDICTION": None}

    result = CliRunner().invoke(main, ["chat", "--as", "+91 91111 11111"], input="/quit\n", env=env)

    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    told = [i for i, line in enumerate(lines) if line.startswith("no district in the database")]
    assert len(told) == 1 and "pound jurisdiction load FILE" in lines[told[0]]
    assert told[0] < lines.index("pound chat as +919111111111 (/quit to end)")


def test_pound_chat_help_says_what_it_loads_on_each_database() -> None:
    result = CliRunner().invoke(main, ["chat", "--help"])

    text = " ".join(result.output.split())
    assert "On the default SQLite file ./pound.db it loads the bundled demo district" in text
    assert "on PostgreSQL, or any other database, it loads nothing" in text


def test_pound_chat_offers_to_go_on_with_a_conversation_left_unfinished(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POUND_DATABASE_URL", world.db.url)

    def chat(typed: str, *more: str) -> str:
        args = ["chat", "--as", "+91 91111 11111", *more]
        result = CliRunner().invoke(main, args, input=typed + "\n/quit\n")
        assert result.exit_code == 0, result.output
        return result.output

    left = chat("SEIZE 2 COW RAMPUR")  # the village given; the place asked
    asked = left.split("> SEIZE 2 COW RAMPUR\n", 1)[1].strip()

    went_on = chat("1")
    assert "You had not finished: Report cattle I have seized. Go on, or start again?" in went_on
    assert "1. Go on" in went_on and "2. Start again" in went_on
    assert went_on.split("> 1\n", 1)[1].strip() == asked  # the question it was at, again

    in_hindi = chat("2", "--lang", "hi")
    assert "आपका यह काम पूरा नहीं हुआ था" in in_hindi
    assert "नए सिरे से शुरू करें" in in_hindi
    after = in_hindi.split("> 2\n", 1)[1]
    assert "1. " in after and "आगे करें" not in after  # started again: the menu

    assert "You had not finished" not in chat("")  # nothing left unfinished: the menu at once
