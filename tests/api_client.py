"""An API client acting as any person of the test district by their token."""

from __future__ import annotations

from typing import Any

import httpx
from fastapi.testclient import TestClient

from office.tokens import issue_token
from tests.world import World


class Api:
    """Calls the API as a named person; the world's clock is the app's clock."""

    def __init__(self, client: TestClient, world: World) -> None:
        self.client = client
        self.world = world
        self._tokens: dict[str, str] = {}

    def token(self, phone: str) -> str:
        if phone not in self._tokens:
            self._tokens[phone] = issue_token(self.world.db, phone=phone, now=self.world.now).token
        return self._tokens[phone]

    def as_(self, phone: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token(phone)}"}

    def post(self, path: str, phone: str, json: dict[str, Any]) -> httpx.Response:
        return self.client.post(path, json=json, headers=self.as_(phone))

    def get(self, path: str, phone: str, **params: Any) -> httpx.Response:
        return self.client.get(path, headers=self.as_(phone), params=params)


KEEPER = "+919000000001"
OTHER_KEEPER = "+919000000002"
POLICE = "+919000000003"
DAROGAH = "+919000000004"
MAGISTRATE = "+919000000005"
CULTIVATOR = "+919111111111"
OWNER = "+919222222222"
