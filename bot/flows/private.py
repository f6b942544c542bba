"""The flows of private people: cultivators, road officers' seizures, owners, anyone, as
bot/registry.py lists them."""

from __future__ import annotations

from bot.flows.base import Flow
from bot.flows.officer_kit import OfficerFlow
from bot.registry import all_flows

FLOWS: list[Flow] = [f for f in all_flows() if not isinstance(f, OfficerFlow)]
