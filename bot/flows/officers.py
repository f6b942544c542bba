"""The flows of officers: police, pound-keepers, Darogahs and Magistrates."""

from __future__ import annotations

from bot.flows import darogah, keeper, magistrate, magistrate_orders, police
from bot.flows.base import Flow

FLOWS: list[Flow] = [
    *police.FLOWS,
    *keeper.FLOWS,
    *darogah.FLOWS,
    *magistrate.FLOWS,
    *magistrate_orders.FLOWS,
]
