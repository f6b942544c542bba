"""The flows of officers: police, pound-keepers, Darogahs and Magistrates, as bot/registry.py
lists them."""

from __future__ import annotations

from bot.flows.base import Flow
from bot.flows.officer_kit import OfficerFlow
from bot.registry import all_flows

FLOWS: list[Flow] = [f for f in all_flows() if isinstance(f, OfficerFlow)]
