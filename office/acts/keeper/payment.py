"""The owner pays the fine and feeding and the keeper releases his cattle against his signature
in the register (Sec VII); after a part sale, what the sale left due (IX, practice G13)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from law.custody import check_all_taken_after_part_sale, check_paid_exactly, check_some_in_pound
from law.grounds import Release
from law.lifecycle import Pay
from law.money_split import Charges
from models import Payment, Unit
from models.columns import id_of
from office import notify
from office.access.roles import Role
from office.acts.alike import OnSeizure, on_seizure
from office.acts.keeper.parties import claimant
from office.charges import Due, payable_on, sales_so_far
from office.inputs import Amount, PersonIn
from office.records import ledger
from office.records.memos import PAYMENT, memo
from office.state import chosen_numbers, clear_due_if_closed, held_numbers
from office.views.amounts import read_amount


@dataclass(frozen=True)
class Receipt:
    ref: str
    payment_id: int
    fine: int
    feeding: int
    total: int
    total_text: str
    animals: list[int]
    receipt_text: str
    # The receipt as data, for the reader's language; `receipt_text` is the one the register keeps.
    receipt: dict[str, object] = field(default_factory=dict)


def record_payment(
    u: Unit,
    *,
    ref: str,
    amount: Amount,
    payer: PersonIn | None,
    occurred_at: datetime,
    animals: list[int] | None = None,
    agent_name: str | None = None,
    signature: str = "",
) -> Receipt:
    """The owner pays fine and feeding and takes his cattle back, signing the register (Sec VII)."""
    with u.act() as s:
        a = on_seizure(s, u, ref, occurred_at, Role.KEEPER, "VII")
        seizure, pound, ctx, rows, on = a.seizure, a.pound, a.ctx, a.rows, a.on
        amount = read_amount(amount, ctx.profile.money)
        numbers = chosen_numbers(rows, animals)
        check_some_in_pound(numbers)
        # After the owner's refusal, what his sales so far paid (Sec IX); what is due for
        # `numbers` on `on`, once the law finds `amount` pays it exactly.
        so_far = sales_so_far(s, seizure, rows, ctx, on) if seizure.owner_refused_at else None
        check_all_taken_after_part_sale(
            part_sold=so_far is not None and so_far.any, taken=numbers, held=held_numbers(rows)
        )
        due = payable_on(s, seizure, rows, ctx, on, set(numbers))
        charges = Charges(expenses=due.expenses, fines=due.fine, feeding=due.feeding)
        check_paid_exactly(amount, charges, ctx.profile.money)
        payer_person = claimant(s, seizure, payer, u.now)
        pay = Pay(on=on, animal_ids=tuple(numbers), paid=amount, due=due.total)
        a.advance(pay, reason="released on payment (Sec VII)")
        signed = signature.strip() or payer_person.name
        text = _receipt_text(a, numbers, due, signed, agent_name)
        payment = Payment(
            seizure_id=id_of(seizure),
            district_id=seizure.district_id,
            keeper_id=u.actor(),
            payer_id=id_of(payer_person),
            agent_name=agent_name.strip()[:200] if agent_name else None,
            animal_ids=numbers,
            fine=due.fine,
            feeding=due.feeding,
            expenses=due.expenses,
            total=due.total,
            occurred_at=occurred_at,
            receipt=text,
        )
        s.add(payment)
        s.flush()
        # The money into the pound's cash: the fine to the fund, the feeding to the keeper, the
        # expenses a part sale left to whom they are owed (Sec XI).
        a.post(
            memo=memo(PAYMENT, ref=seizure.ref),
            section="XI",
            lines=[
                (ledger.pound_cash(pound.code), payment.total),
                (ledger.FUND_FINES, -payment.fine),
                (ledger.keeper_feeding(pound.code), -payment.feeding),
                *(
                    ledger.expense_credits(so_far.bills, so_far.paid.expenses, payment.expenses)
                    if so_far is not None
                    else []
                ),
            ],
        )
        a.event(
            "payment_recorded",
            "VII",
            payment_id=payment.id,
            animals=payment.animal_ids,
            fine=payment.fine,
            feeding=payment.feeding,
            expenses=payment.expenses,
            total=payment.total,
            payer_id=payer_person.id,
            agent=payment.agent_name,
            receipt=payment.receipt,
        )
        clear_due_if_closed(seizure)
        # Messages: the seizer hears the outcome; a claimed seizure needs no more reminders.
        key = f"payment{payment.id}"
        notify.released(
            s, seizure, ctx, how=Release.PAID, key=key, numbers=numbers, at=occurred_at, now=u.now
        )
        return Receipt(
            seizure.ref,
            id_of(payment),
            payment.fine,
            payment.feeding,
            payment.total,
            ctx.fmt(payment.total),
            numbers,
            payment.receipt,
            {
                "ref": seizure.ref,
                **notify.place_params("pound", pound),
                "heads": len(numbers),
                "numbers": numbers,
                "on_date": on.isoformat(),
                "fine_amount": payment.fine,
                "feeding_amount": payment.feeding,
                "expenses_amount": payment.expenses,
                "total_amount": payment.total,
                "money": ctx.profile.money.name,
                "signed": signed,
                "agent": agent_name.strip() if agent_name else None,
            },
        )


def _receipt_text(
    a: OnSeizure, numbers: list[int], due: Due, signed: str, agent: str | None
) -> str:
    """The receipt the owner signs in the register (Sec VII)."""
    seizure, pound, ctx, on = a.seizure, a.pound, a.ctx, a.on
    return (
        f"Received back {len(numbers)} head ({', '.join(str(n) for n in numbers)}) of "
        f"seizure {seizure.ref} from {pound.name} on {on:%d %b %Y}, on payment of fine "
        f"{ctx.fmt(due.fine)} and feeding {ctx.fmt(due.feeding)}"
        + (f" and expenses of sale {ctx.fmt(due.expenses)}" if due.expenses else "")
        + f", total {ctx.fmt(due.total)}. "
        f"Signed: {signed}" + (f" by agent {agent.strip()}" if agent else "") + "."
    )
