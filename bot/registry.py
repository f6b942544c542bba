"""Every flow the engine offers, and the engine built with them."""

from __future__ import annotations

from bot.engine import Engine
from bot.flows.base import Flow
from models import Database
from office.notify import UNSOLICITED_PER_DAY


def all_flows() -> list[Flow]:
    from bot.flows.officers import FLOWS as OFFICERS
    from bot.flows.private import FLOWS as PRIVATE

    return [*PRIVATE, *OFFICERS]


def build_engine(db: Database, *, unsolicited_per_day: int = UNSOLICITED_PER_DAY) -> Engine:
    """The engine with every flow; `unsolicited_per_day` limits the numbers a private person's
    report may have the office message (office/notify/unsolicited.py `unsolicited_hold`)."""
    from bot.flows.seize import SeizeFlow

    flows = [
        SeizeFlow(unsolicited_per_day=unsolicited_per_day) if isinstance(f, SeizeFlow) else f
        for f in all_flows()
    ]
    return Engine(db, flows)
