"""What the road to a sale tells: the Darogah asked to post the notice (Sec VIII), the owner told
it is up, the sale falling due or the owner refusing to pay (Sec IX), and the account after it."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from sqlmodel import Session

from law.accounts import SaleAccount
from law.periods import local_date
from models import Animal, Seizure, SurplusDeposit
from office.access.roles import Role
from office.district import DistrictContext
from office.notify.params import (
    amounts,
    kinds,
    notice_posted_params,
    sale_due_owner_params,
    sale_due_params,
    seizure_params,
    unclaimed_report_params,
)
from office.notify.queueing import CLAIM_REMINDER, send, tell_officers
from office.records import outbox
from office.state import animals_of


def unclaimed_reported(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    *,
    notice: Mapping[str, object],
    now: datetime,
) -> None:
    """The Darogah of the thana is asked to post the notice and have it proclaimed (Sec VIII)."""
    named, rows = seizure_params(s, seizure, ctx), animals_of(s, seizure)
    params = unclaimed_report_params(seizure, named, rows, notice)
    tell_officers(
        s, seizure, ctx, Role.DAROGAH, "unclaimed_report", params=params, key="reported", now=now
    )


def notice_posted(s: Session, seizure: Seizure, ctx: DistrictContext, now: datetime) -> None:
    """The owner hears the notice is up and when the sale may be held (Sec VIII)."""
    if seizure.noticed_on is None or seizure.sale_not_before is None:
        return
    named, rows = seizure_params(s, seizure, ctx), animals_of(s, seizure)
    params = notice_posted_params(seizure, named, rows, ctx, local_date(now, ctx.tz))
    send(s, seizure, ctx, seizure.owner_id, "notice_posted", params=params, key="notice", now=now)


def owner_refused(s: Session, seizure: Seizure, ctx: DistrictContext, now: datetime) -> None:
    """The owner appeared and would not pay: the Darogah may sell as many as needed (Sec IX)."""
    outbox.cancel_queued(
        s, seizure.ref, CLAIM_REMINDER, now, "the owner appeared and refused to pay"
    )
    if seizure.complaints_pending:
        return
    _sale_due_darogah(s, seizure, ctx, key="refused", section="IX", now=now)


def _sale_due_darogah(
    s: Session, seizure: Seizure, ctx: DistrictContext, *, key: str, section: str, now: datetime
) -> None:
    template = "sale_due_refused" if section == "IX" else "sale_due"
    params = sale_due_params(
        seizure, seizure_params(s, seizure, ctx), animals_of(s, seizure), section
    )
    tell_officers(s, seizure, ctx, Role.DAROGAH, template, params=params, key=key, now=now)


def sale_due(s: Session, seizure: Seizure, ctx: DistrictContext, now: datetime) -> None:
    """The notice has run unclaimed: the Darogah may hold the auction, the owner is warned."""
    _sale_due_darogah(s, seizure, ctx, key="notice", section="VIII", now=now)
    named, rows = seizure_params(s, seizure, ctx), animals_of(s, seizure)
    params = sale_due_owner_params(seizure, named, rows, ctx, local_date(now, ctx.tz))
    send(s, seizure, ctx, seizure.owner_id, "sale_due_owner", params=params, key="notice", now=now)


def sale_recorded(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    *,
    sale_id: int,
    kind: str,
    account: SaleAccount,
    deposit_id: int | None,
    now: datetime,
) -> None:
    """After an auction: the owner's account (Sec IX) and the surplus he may claim (XI); the
    seizer's outcome. Under Sec IX the account says what became of the head not sold: handed
    back with the balance, or still held with a further sale to follow (practice G13), or
    nothing left to sell."""
    basics = seizure_params(s, seizure, ctx)
    section = "IX" if kind == "non_payment" else "VIII"
    rows = {a.number: a for a in animals_of(s, seizure)}
    returned = [rows[n] for n in account.handed_back if n in rows]
    held = [rows[n] for n in account.still_held if n in rows]
    params = {
        **basics,
        "number_seized": account.number_seized,
        "number_sold": account.number_sold,
        "from_date": account.impounded_from.isoformat(),
        "until_date": account.impounded_until.isoformat(),
        "returned": len(returned),
        "returned_kinds": kinds(returned),
        "held": len(held),
        "held_kinds": kinds(held),
        **amounts(
            ctx,
            fines=account.fines_charged,
            feeding=account.feeding_charged,
            expenses=account.expenses,
            proceeds=account.proceeds,
            paid_before=account.paid_before.total,
            fines_paid=account.fines_paid,
            feeding_paid=account.feeding_paid,
            expenses_paid=account.expenses_paid,
            balance=account.balance_to_owner_or_surplus,
            still_due=account.still_due,
            shortfall=account.shortfall,
            # What the seizure was charged: fines, feeding and the expenses of the sale.
            charged=account.charged,
        ),
        "section": "IX",
    }
    template = _sale_account_template(kind, account, returned)
    send(s, seizure, ctx, seizure.owner_id, template, params=params, key=str(sale_id), now=now)
    deposit = s.get(SurplusDeposit, deposit_id) if deposit_id is not None else None
    if deposit is not None:
        params = {
            **basics,
            "deposit_id": deposit.id,
            **amounts(ctx, surplus=deposit.amount),
            "until_date": deposit.claim_until.isoformat(),
            "section": "XI",
        }
        key = str(deposit.id)
        send(
            s, seizure, ctx, seizure.owner_id, "surplus_claimable", params=params, key=key, now=now
        )
    params = {
        **basics,
        "heads": account.number_sold,
        "sold_date": account.impounded_until.isoformat(),
        "section": section,
    }
    send(
        s, seizure, ctx, seizure.seizer_id, "outcome_sold", params=params, key=str(sale_id), now=now
    )
    # Sold cattle can no longer be claimed. The owner may still complain within the ten days
    # (practice G12: the seizer then repays the fines and charges taken from the proceeds), so
    # the complaint reminder stands.
    outbox.cancel_queued(s, seizure.ref, CLAIM_REMINDER, now, "the cattle were sold")


def _sale_account_template(kind: str, account: SaleAccount, returned: list[Animal]) -> str:
    if kind != "non_payment":
        return "sale_account_unclaimed"
    if account.shortfall:
        return "sale_account_shortfall"  # nothing left to sell (G5, G13)
    if account.still_due:
        return "sale_account_short"  # the rest stay in the pound (G13)
    return "sale_account" if returned else "sale_account_all_sold"
