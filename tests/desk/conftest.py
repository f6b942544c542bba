from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from fastapi.testclient import TestClient

from tests.desk.client import DeskBrowser
from tests.world import World


@pytest.fixture
def app_for(world: World):  # type: ignore[no-untyped-def]
    from webhook.app import create_app

    world.on(date(2026, 3, 1), 12)
    return create_app(db=world.db, clock=lambda: world.now)


@pytest.fixture
def web(world: World, app_for) -> Iterator[DeskBrowser]:  # type: ignore[no-untyped-def]
    with TestClient(app_for, base_url="http://testserver") as client:
        yield DeskBrowser(client, world)
