"""The Magistrate's orders: payments out of the pound fund (Sec XII) and orders for animals outside
the Sec VI scale (practice G4)."""

from __future__ import annotations

from functools import partial

from bot import words
from bot.flows.anyone import KIND_LABELS, label
from bot.flows.base import Ctx, Turn
from bot.flows.magistrate import _districts
from bot.flows.officer_kit import (
    OfficerFlow,
    actor,
    amount_said,
    confirm,
    invalid,
    person_from,
    person_typed,
    refused,
)
from bot.flows.table import Again, Step, TableFlow, asks, chosen, kept, one_of, required, text_step
from bot.i18n import N_, written_in
from bot.types import Inbound, Option, Reply
from law.errors import FundInsufficient, Template
from law.money import MoneySystem
from office.access.roles import Role
from office.acts.magistrate.fund_payment import pay_from_fund
from office.acts.magistrate.kind_order import order_for_pound, order_for_seizure
from office.views.amounts import money_for, read_amount
from office.views.fund_statement import FundDesk, KeeperLine, fund_desk
from office.views.kind_orders import AwaitingItem, awaiting_orders, district_pounds, kind_for_order

PURPOSES = {
    "salary": N_("A pound-keeper's salary"),
    "pound": N_("Building or repairing a pound"),
    "other": N_("Another purpose of the Act"),
}


def _magistrate_of(ctx: Ctx, section: str) -> int:
    """The Magistrate acting; anyone else is refused, citing the section of the act."""
    if not ctx.has(Role.MAGISTRATE):
        raise refused(ctx, Role.MAGISTRATE, section)
    return actor(ctx, Role.MAGISTRATE, section)


ASK_STATED = N_("State the purpose connected with the execution of the Act:")
ASK_ORDER = N_("The words of your order, as they are to be recorded:")


class FundFlow(OfficerFlow, TableFlow):
    """A payment out of the Sec XII fund, ordered by the Magistrate of the district."""

    roles = (Role.MAGISTRATE,)
    name = "magistrate_fund"
    commands = ("fund",)
    menu = N_("Pay out of the fund (Sec XII)")
    start_to = ("district", "purpose")

    def __init__(self) -> None:
        self.table = {
            "district": kept(self.ask_district, self.district, "district", "purpose"),
            "purpose": Step(
                self.ask_purpose, one_of(self.ask_purpose), _purpose, ("pound", "stated")
            ),
            "pound": Step(
                self.ask_pound, one_of(self.ask_pound), self.at_pound, ("keeper", "amount")
            ),
            "keeper": Step(self.ask_keeper, self.keeper, _keeper, ("amount",)),
            "stated": kept(
                asks(ASK_STATED),
                required(ASK_STATED, lambda ctx, msg: " ".join(msg.text.split())),
                "stated",
                "amount",
                clip=500,
            ),
            "amount": Step(self.ask_amount, self.amount, _amount, ("payee", "order")),
            "payee": kept(
                asks(
                    N_(
                        "To whom is it paid? Send the name and village, and phone if any, for "
                        "example: Ramdin Mistri, Testpur"
                    )
                ),
                person_typed,
                "payee",
                "order",
            ),
            "order": text_step(ASK_ORDER, "order", "confirm", clip=2000),
            "confirm": confirm(self.summary, self.act),
        }
        super().__init__()

    def recheck(self, ctx: Ctx) -> None:
        me = _magistrate_of(ctx, "XII")
        district = ctx.data.get("district")
        if isinstance(district, int):
            fund_desk(ctx.work, district_id=district, actor_id=me, now=ctx.now)

    def _desk(self, ctx: Ctx) -> FundDesk:
        return fund_desk(
            ctx.work,
            district_id=int(ctx.data["district"]),
            actor_id=_magistrate_of(ctx, "XII"),
            now=ctx.now,
        )

    def start(self, ctx: Ctx, args: str) -> Turn:
        _magistrate_of(ctx, "XII")
        districts = _districts(ctx)
        if len(districts) == 1:
            ctx.data["district"] = districts[0]
            return self.go(ctx, "purpose")
        return self.go(ctx, "district")

    def ask_district(self, ctx: Ctx) -> Reply:
        me = _magistrate_of(ctx, "XII")
        desks = [
            fund_desk(ctx.work, district_id=d, actor_id=me, now=ctx.now) for d in _districts(ctx)
        ]
        options = tuple(
            Option(
                str(d.district_id),
                f"{written_in(ctx.lang, d.name, d.names)} ({amount_said(ctx, d.money, d.balance)})",
            )
            for d in desks
        )
        return ctx.say(ctx.t("The fund of which district?"), options)

    def district(self, ctx: Ctx, msg: Inbound) -> int:
        return int(one_of(self.ask_district)(ctx, msg))

    def ask_purpose(self, ctx: Ctx) -> Reply:
        desk = self._desk(ctx)
        text = ctx.t(
            "The pound fund of {district} holds {balance} (Sec XII). What is the payment for?",
            district=desk.name,
            district_names=desk.names,
            balance=amount_said(ctx, desk.money, desk.balance),
        )
        options = tuple(Option(k, ctx.t(v)) for k, v in PURPOSES.items())
        return ctx.say(text, options)

    def ask_pound(self, ctx: Ctx) -> Reply:
        options = tuple(
            Option(p.code, f"{p.code}: {written_in(ctx.lang, p.name, p.names)}")
            for p in self._desk(ctx).pounds
        )
        return ctx.say(ctx.t("Which pound?"), options)

    def at_pound(self, ctx: Ctx, code: str) -> str | Turn:
        pound = next(p for p in self._desk(ctx).pounds if p.code == code)
        ctx.data["pound"] = pound.code
        ctx.data["pound_name"] = pound.name
        ctx.data["pound_names"] = dict(pound.names)
        if ctx.data["purpose"] != "salary":
            return "amount"
        if not pound.keepers:
            return Turn.to(
                "pound",
                ctx.t(
                    "No keeper is recorded for {pound}.",
                    pound=pound.name,
                    pound_names=pound.names,
                ),
            )
        return "keeper"

    def _keepers(self, ctx: Ctx) -> list[KeeperLine]:
        return next(p for p in self._desk(ctx).pounds if p.code == ctx.data["pound"]).keepers

    def ask_keeper(self, ctx: Ctx) -> Reply:
        options = tuple(Option(k.phone, k.name) for k in self._keepers(ctx))
        return ctx.say(ctx.t("Whose salary?"), options)

    def keeper(self, ctx: Ctx, msg: Inbound) -> KeeperLine:
        typed = chosen(ctx, msg).lower()
        keeper = next((k for k in self._keepers(ctx) if typed in (k.phone, k.name.lower())), None)
        if keeper is None:
            raise Again(self.ask_keeper(ctx))
        return keeper

    def ask_amount(self, ctx: Ctx) -> Reply:
        desk = self._desk(ctx)
        return ctx.say(
            ctx.t(
                "How much, for example Rs 12-0-0? The fund holds {balance}.",
                balance=amount_said(ctx, desk.money, desk.balance),
            )
        )

    def amount(self, ctx: Ctx, msg: Inbound) -> int:
        desk = self._desk(ctx)
        amount = read_amount(msg.text.strip(), desk.money)
        if amount <= 0:
            raise invalid(N_("a payment is of a positive amount"), section="XII")
        if amount > desk.balance:
            raise FundInsufficient(
                Template(N_("the fund holds {balance_text}")),
                said={"balance_text": amount_said(ctx, desk.money, desk.balance)},
                balance=desk.balance,
                amount=amount,
            )
        return amount

    def _purpose_line(self, ctx: Ctx) -> str:
        purpose = str(ctx.data["purpose"])
        if purpose == "salary":
            return ctx.t(
                "salary of {keeper}, keeper of {pound}",
                keeper=ctx.data["keeper_name"],
                pound=ctx.data["pound_name"],
                pound_names=ctx.data.get("pound_names"),
            )
        if purpose == "pound":
            return ctx.t(
                "construction or maintenance of {pound}",
                pound=ctx.data["pound_name"],
                pound_names=ctx.data.get("pound_names"),
            )
        return str(ctx.data["stated"])

    def summary(self, ctx: Ctx) -> list[str]:
        desk = self._desk(ctx)
        payee = person_from(ctx.data.get("payee"))
        return [
            ctx.t(
                "Pay {amount} out of the fund of {district} to {payee}, for the {purpose} "
                "(Sec XII).",
                amount=amount_said(ctx, desk.money, int(ctx.data["amount"])),
                district=desk.name,
                district_names=desk.names,
                payee=payee.name if payee else ctx.data.get("keeper_name", ""),
                purpose=self._purpose_line(ctx),
            ),
            ctx.t("Order: {order}", order=ctx.data["order"]),
            ctx.t("Record this payment?"),
        ]

    def act(self, ctx: Ctx) -> Turn:
        desk = self._desk(ctx)
        purpose = str(ctx.data["purpose"])
        paid = pay_from_fund(
            ctx.work.by(_magistrate_of(ctx, "XII")),
            district=desk.code,
            purpose=purpose,
            pound=ctx.data.get("pound") if purpose != "other" else None,
            keeper_phone=ctx.data.get("keeper_phone") if purpose == "salary" else None,
            stated=str(ctx.data.get("stated", "")),
            amount=int(ctx.data["amount"]),
            payee=person_from(ctx.data.get("payee")),
            order=str(ctx.data["order"]),
            occurred_at=ctx.now,
        )
        return Turn.done(
            ctx.t(
                "Paid {amount} to {payee} out of the fund (Sec XII), payment No. {id}. The "
                "fund now holds {balance}.",
                amount=amount_said(ctx, paid.money, paid.amount),
                payee=paid.payee,
                id=paid.payment_id,
                balance=amount_said(ctx, paid.money, paid.balance_after),
            )
        )


def _purpose(ctx: Ctx, choice: str) -> str:
    ctx.data["purpose"] = choice
    return "stated" if choice == "other" else "pound"


def _keeper(ctx: Ctx, keeper: KeeperLine) -> str:
    ctx.data["keeper_phone"] = keeper.phone
    ctx.data["keeper_name"] = keeper.name
    return "amount"


def _amount(ctx: Ctx, amount: int) -> str:
    ctx.data["amount"] = amount
    return "order" if ctx.data["purpose"] == "salary" else "payee"


# --- Practice G4: an order for an animal outside the scale -------------------------------------

G4 = "practice G4"


ASK_KIND = N_("For which animal is the order?")


class KindOrderFlow(OfficerFlow, TableFlow):
    """The Magistrate's order fixing the fine and feeding of an animal outside the Sec VI scale,
    for one seizure awaiting it or as a standing order for a pound (practice G4)."""

    roles = (Role.MAGISTRATE,)
    name = "magistrate_kind_order"
    commands = ("kindorder",)
    menu = N_("Animals outside the scale: your order (practice G4)")
    start_to = ("pick", "kind", "fine")

    def __init__(self) -> None:
        self.table = {
            "pick": Step(self.listed, chosen, self.picked, ("pound", "kind", "fine")),
            "pound": Step(self.ask_pound, one_of(self.ask_pound), self.at_pound, ("kind",)),
            "kind": kept(_ask_kind, self.kind, "kind", "fine"),
            "fine": kept(_ask_fine, self.amount, "fine", "rate"),
            "rate": kept(
                asks(N_("The feeding per head per day, for example Rs 0-4-0:")),
                self.amount,
                "per_day",
                "order",
            ),
            "order": text_step(ASK_ORDER, "order", "confirm", clip=2000),
            "confirm": confirm(self.summary, self.act),
        }
        super().__init__()

    def recheck(self, ctx: Ctx) -> None:
        _magistrate_of(ctx, G4)

    def _waiting(self, ctx: Ctx) -> list[AwaitingItem]:
        me = _magistrate_of(ctx, G4)
        return [
            i
            for d in _districts(ctx)
            for i in awaiting_orders(ctx.work, district_id=d, actor_id=me)
        ]

    def start(self, ctx: Ctx, args: str) -> Turn:
        if args.strip():
            return self.went(ctx, self._pick(ctx, args.split()[0].upper(), self._waiting(ctx)))
        return self.go(ctx, "pick")

    def listed(self, ctx: Ctx) -> Reply:
        items = self._waiting(ctx)
        lines = [ctx.t("Animals outside the Sec VI scale awaiting your order (practice G4):")]
        lines += [
            ctx.t(
                "{ref}: {kinds} for {pound}, seized at {place}, {village}, on {day}",
                ref=i.ref,
                kinds=", ".join(words.counted(ctx.t, n, k) for k, n in i.kinds.items()),
                pound=i.pound_name,
                pound_names=i.pound_names,
                place=i.place,
                village=i.village,
                village_names=i.village_names,
                day=ctx.t.day(i.seized_on),
            )
            for i in items
        ]
        if not items:
            lines = [ctx.t("No animal is awaiting your order.")]
        lines.append(ctx.t("Choose a seizure, or make a standing order for a pound."))
        options = (
            *(Option(i.ref, i.ref) for i in items),
            Option("pound", ctx.t("A standing order for a pound")),
        )
        return ctx.say("\n".join(lines), options)

    def picked(self, ctx: Ctx, typed: str) -> str | Turn:
        if typed.lower() == "pound":
            return "pound"
        return self._pick(ctx, typed.split()[0].upper() if typed else "", self._waiting(ctx))

    def _pick(self, ctx: Ctx, ref: str, items: list[AwaitingItem]) -> str | Turn:
        item = next((i for i in items if i.ref == ref), None)
        if item is None:
            return Turn.to(
                "pick",
                ctx.t("No animal of {ref} is awaiting your order.", ref=ref or "-"),
            )
        ctx.data["ref"] = item.ref
        ctx.data["where"] = ctx.t(
            "seizure {ref} at {pound}",
            ref=item.ref,
            pound=item.pound_name,
            pound_names=item.pound_names,
        )
        ctx.data["kinds"] = sorted(item.kinds)
        if len(item.kinds) == 1:
            ctx.data["kind"] = next(iter(item.kinds))
            return "fine"
        return "kind"

    def _pounds(self, ctx: Ctx) -> list[tuple[str, str, tuple[tuple[str, str], ...]]]:
        me = _magistrate_of(ctx, G4)
        return [
            p
            for d in _districts(ctx)
            for p in district_pounds(ctx.work, district_id=d, actor_id=me)
        ]

    def ask_pound(self, ctx: Ctx) -> Reply:
        options = tuple(
            Option(code, f"{code}: {written_in(ctx.lang, name, names)}")
            for code, name, names in self._pounds(ctx)
        )
        return ctx.say(ctx.t("For which pound?"), options)

    def at_pound(self, ctx: Ctx, code: str) -> str:
        _, name, names = next(p for p in self._pounds(ctx) if p[0] == code)
        ctx.data["pound"] = code
        ctx.data["where"] = ctx.t("every seizure brought to {pound}", pound=name, pound_names=names)
        return "kind"

    def kind(self, ctx: Ctx, msg: Inbound) -> str:
        # The animal in any language (हाथी, হাতি): the register's name of it.
        typed = msg.option or words.kind_word(msg.text)
        if "ref" in ctx.data:
            if typed.lower() not in ctx.data.get("kinds", []):
                raise Again(_ask_kind(ctx))
            return typed.lower()
        return kind_for_order(ctx.work, text=typed, pound=str(ctx.data["pound"]))

    def _money(self, ctx: Ctx) -> MoneySystem:
        if "ref" in ctx.data:
            return money_for(ctx.work, seizure_ref=str(ctx.data["ref"]))
        return money_for(ctx.work, pound=str(ctx.data["pound"]))

    def amount(self, ctx: Ctx, msg: Inbound) -> int:
        return read_amount(msg.text.strip(), self._money(ctx))

    def summary(self, ctx: Ctx) -> list[str]:
        money = self._money(ctx)
        return [
            ctx.t(
                "Order for {where}: each {kind} is fined {fine} and fed at {rate} a day, "
                "from today (practice G4).",
                where=ctx.data["where"],
                kind=label(ctx.t, KIND_LABELS, str(ctx.data["kind"])),
                fine=amount_said(ctx, money, int(ctx.data["fine"])),
                rate=amount_said(ctx, money, int(ctx.data["per_day"])),
            ),
            ctx.t("Order: {order}", order=ctx.data["order"]),
            ctx.t("Record this order?"),
        ]

    def act(self, ctx: Ctx) -> Turn:
        # One seizure's animals, or a standing order for every seizure brought to a pound.
        ordered = (
            partial(order_for_seizure, ref=str(ctx.data["ref"]))
            if "ref" in ctx.data
            else partial(order_for_pound, pound=str(ctx.data["pound"]))
        )
        done = ordered(
            ctx.work.by(_magistrate_of(ctx, G4)),
            kind=str(ctx.data["kind"]),
            fine=int(ctx.data["fine"]),
            per_day=int(ctx.data["per_day"]),
            order=str(ctx.data["order"]),
            occurred_at=ctx.now,
        )
        lines = [ctx.t("Order No. {id} recorded (practice G4).", id=done.order_id)]
        if done.animals:
            lines.append(
                ctx.t(
                    "The keeper may now register: {refs} (Sec V).",
                    refs=", ".join(sorted(done.animals)),
                )
            )
        return Turn.done("\n".join(lines))


def _ask_kind(ctx: Ctx) -> Reply:
    """The animal the order is for: one of the seizure's, or any (a standing order)."""
    if "ref" in ctx.data:
        options = tuple(Option(k, k) for k in ctx.data.get("kinds", []))
        return ctx.say(ctx.t(ASK_KIND), options)
    return ctx.say(ctx.t("For which animal is the order? For example: elephant"))


def _ask_fine(ctx: Ctx) -> Reply:
    return ctx.say(
        ctx.t(
            "The fine for each {kind}, for example Rs 2-0-0:",
            kind=label(ctx.t, KIND_LABELS, str(ctx.data["kind"])),
        )
    )
