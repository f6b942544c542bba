"""Spoofing through the desk's forms (issue: the edges an outsider can reach): a right-to-left
override or a control character typed into a form is taken out before the act (bot/plain.py)."""

from __future__ import annotations

import json

import pytest

from bot.plain import unshown
from office.views.seizure import seizure_view
from tests.desk.client import DeskBrowser
from tests.desk.test_keeper import KEEPER, arrive
from tests.world import World

RLO = "\u202e"


@pytest.mark.both_engines
def test_the_desk_takes_a_typed_override_out(web: DeskBrowser, world: World) -> None:
    web.sign_in(KEEPER, world.keeper)
    ref = world.seize(when=world.now)
    arrive(web, ref)
    world.tick(hours=2)
    web.get(f"/desk/keeper/TPR/loss/{ref}")
    r = web.post(
        f"/desk/keeper/TPR/loss/{ref}",
        {"animal": "3", "what": "died", "reason": f"snake bite {RLO}thgin eht ni\x1b"},
    )
    assert r.status_code == 200, r.text
    view = json.dumps(seizure_view(world.db, ref=ref, now=world.now), ensure_ascii=False)
    assert "snake bite thgin eht ni" in view
    assert unshown(view) == []
