"""The flows of private people: cultivators, road officers' seizures, owners, anyone."""

from __future__ import annotations

from bot.flows.anyone import RatesFlow, StatusFlow
from bot.flows.base import Flow
from bot.flows.owner import OwnerFlow
from bot.flows.seize import SeizeFlow

FLOWS: list[Flow] = [SeizeFlow(), OwnerFlow(), StatusFlow(), RatesFlow()]
