"""The flows of private people: cultivators, road officers' seizures, owners, anyone."""

from __future__ import annotations

from bot.flows.base import Flow

FLOWS: list[Flow] = []
