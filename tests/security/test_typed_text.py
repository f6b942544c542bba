"""Spoofing through typed text (issue: the edges an outsider can reach): a right-to-left
override (U+202E) or a control character (U+000B, U+001B, U+0007) typed into the API, the desk
or the chat is refused (the API, with a 422 that names it) or taken out (the desk's forms, the
chat), so it can never reorder the office's words where the text is shown (bot/plain.py)."""

from __future__ import annotations

import json

import pytest
from sqlmodel import func, select

from bot.plain import isolated, neutral, unshown, xml_text
from bot.types import Channel, Contact, Inbound
from models import Seizure
from tests.api_client import CULTIVATOR, Api
from tests.webhook.test_api import SEIZURE

RLO, PDF = "\u202e", "\u202c"
SPOOFS = [
    f"red {RLO}7202 yraunaJ 1{PDF}",  # right-to-left override
    "red\u2067 cow\u2069",  # right-to-left isolate
    "red\x0b cow",  # vertical tab
    "red\x1b[31m cow",  # escape
    "red\x07 cow",  # bell
]


def _seizures(api: Api) -> int:
    with api.world.db.reading() as s:
        return int(s.exec(select(func.count()).select_from(Seizure)).one())


@pytest.mark.both_engines
@pytest.mark.parametrize("typed", SPOOFS)
def test_the_api_refuses_an_override_or_a_control_character_and_says_which(
    api: Api, typed: str
) -> None:
    before = _seizures(api)
    animals = [{"kind": "cow", "count": 1, "description": typed}]
    r = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE | {"animals": animals})
    assert r.status_code == 422, r.text
    said = json.dumps(r.json()["details"])
    assert all(code in said for code in unshown(typed)) and "type it without them" in said
    r = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE | {"place": typed})
    assert r.status_code == 422, r.text
    assert _seizures(api) == before


def test_the_api_takes_hindi_and_bengali_with_their_joiners(api: Api) -> None:
    # ZWJ and ZWNJ shape Devanagari and Bengali: they are letters' business, not controls.
    for text in ("क्‍ष सफ़ेद", "র‍্যাব লাল", "white\u200c cow"):
        animals = [{"kind": "cow", "count": 1, "description": text}]
        r = api.post("/api/v1/seizures", CULTIVATOR, SEIZURE | {"animals": animals})
        assert r.status_code == 201, r.text


def test_the_chat_takes_a_typed_override_out() -> None:
    said = Inbound(
        Channel.TELEGRAM,
        "123456789",
        text=f"seize 2 cow {RLO}white{PDF}\x07",
        sender_name=f"Ram{RLO} Lal",
        contact=Contact("+919830000001", f"Mohan{RLO}\x1b Lal"),
    )
    assert said.text == "seize 2 cow white"
    assert said.sender_name == "Ram Lal"
    assert said.contact is not None and said.contact.name == "Mohan Lal"
    # A NUL keeps its own refusal (webhook/inbound.py), and lines stay lines.
    assert Inbound(Channel.SMS, "+919830000001", text="a\x00b\nc").text == "a\x00b\nc"


def test_shown_isolated_and_xml_safe() -> None:
    assert neutral("क्‍ष\u200d লাল\u200f") == "क्‍ष\u200d লাল\u200f"
    assert isolated(f"a{RLO}b\u2069") == "\u2068ab\u2069"
    assert isolated("") == ""
    assert xml_text("a\x0b\x1b\x07\x00b\tc\n") == "ab\tc\n"
