"""Every flow the engine offers, in the order of its menu, and the engine built with them."""

from __future__ import annotations

from bot.engine import Engine
from bot.flows.base import Flow
from models import Database
from office.notify import UNSOLICITED_PER_DAY


def all_flows(*, unsolicited_per_day: int = UNSOLICITED_PER_DAY) -> list[Flow]:
    """The flows of private people (cultivators, road officers' seizures, owners, anyone), then
    of officers (police, pound-keepers, Darogahs and Magistrates). `unsolicited_per_day` limits
    the numbers a private person's report may have the office message
    (office/notify/unsolicited.py `unsolicited_hold`)."""
    from bot.flows.anyone import RatesFlow, StatusFlow
    from bot.flows.darogah import AuctionFlow, NoticeFlow, RecoverySaleFlow
    from bot.flows.keeper import ArriveFlow, DueFlow, LossFlow, RefusalFlow, ReleaseFlow
    from bot.flows.magistrate import ComplaintsFlow, OffencesFlow, RecoveryFlow
    from bot.flows.magistrate_orders import FundFlow, KindOrderFlow
    from bot.flows.owner import OwnerFlow
    from bot.flows.police import ConveyFlow, StrayFlow
    from bot.flows.seize import SeizeFlow

    return [
        SeizeFlow(unsolicited_per_day=unsolicited_per_day),
        OwnerFlow(),
        StatusFlow(),
        RatesFlow(),
        ConveyFlow(),
        StrayFlow(),
        ArriveFlow(),
        DueFlow(),
        ReleaseFlow(),
        RefusalFlow(),
        LossFlow(),
        NoticeFlow(),
        AuctionFlow(),
        RecoverySaleFlow(),
        ComplaintsFlow(),
        RecoveryFlow(),
        OffencesFlow(),
        FundFlow(),
        KindOrderFlow(),
    ]


def build_engine(db: Database, *, unsolicited_per_day: int = UNSOLICITED_PER_DAY) -> Engine:
    """The engine with every flow."""
    return Engine(db, all_flows(unsolicited_per_day=unsolicited_per_day))
