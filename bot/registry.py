"""Every flow the engine offers, and the engine built with them."""

from __future__ import annotations

from bot.engine import Engine
from bot.flows.base import Flow
from models import Database


def all_flows() -> list[Flow]:
    from bot.flows.officers import FLOWS as OFFICERS
    from bot.flows.private import FLOWS as PRIVATE

    return [*PRIVATE, *OFFICERS]


def build_engine(db: Database) -> Engine:
    return Engine(db, all_flows())
