"""The Darogah: notice and drum proclamation of unclaimed cattle (Sec VIII), the auction with its
account (VIII, IX, X, XI), and the sale of cattle for a fine the Magistrate ordered recovered
(Sec XVII)."""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import asdict
from datetime import date

from bot.flows import records
from bot.flows.base import Ctx, Turn
from bot.flows.officer_kit import (
    actor,
    amount_said,
    command_typed,
    confirm,
    invalid,
    person_from,
    person_in,
    seizure_line,
    who,
)
from bot.flows.table import Step, asks, chose, chosen, kept, required, text_step
from bot.flows.worklist import Listing, Worklist, case_no, seizures
from bot.i18n import N_, written_in
from bot.notices import notice
from bot.types import Inbound, Option, Reply
from law.money import MoneySystem
from law.recovery import covered
from office.access.roles import Role
from office.acts.darogah.auction import record_sale
from office.acts.darogah.notice import post_notice
from office.acts.darogah.recovery_sale import RecoveryLotIn, record_recovery_sale
from office.inputs import LotIn, PersonIn
from office.recovery import RecoveryItem, recoveries_due, recovery_to_sell
from office.views.amounts import money_for, read_amount
from office.views.lookup import match_village
from office.views.worklists import SeizureBrief, awaiting_notice, sales_due

ASK_VILLAGE = N_("In which village was the drum beaten?")
ASK_MARKET = N_("At which market place, the nearest to the place of seizure?")
ASK_EXPENSES = N_("Expenses of the sale, for example Rs 0-8-0 (send 0 if none):")
ASK_PLACE = N_("Where was the auction held?")


class NoticeFlow(Worklist):
    """Unclaimed cattle: the notice at the Police Office and the beat of drum (Sec VIII)."""

    roles = (Role.DAROGAH,)
    name = "darogah_notice"
    commands = ("notice",)
    menu = N_("Unclaimed cattle: notice and proclamation (Sec VIII)")
    shows = ("village", "end")
    listing = seizures(
        lambda ctx, me, thana: awaiting_notice(ctx.work, thana=thana, actor_id=me),
        N_("No unclaimed cattle await a notice."),
        (Role.DAROGAH,),
    )

    def __init__(self) -> None:
        super().__init__(
            {
                "village": Step(
                    asks(ASK_VILLAGE), required(ASK_VILLAGE, chosen), _keep_village, ("market",)
                ),
                "market": text_step(ASK_MARKET, "market", "confirm", clip=200),
                "confirm": confirm(_ask_notice, self.act),
            }
        )

    def show(self, ctx: Ctx, brief: SeizureBrief) -> str | Turn:
        item = brief.item
        if item.status != "reported_unclaimed":
            return Turn.done(
                ctx.t("{ref} is not reported unclaimed; no notice is due.", ref=item.ref)
            )
        ctx.data["ref"] = item.ref
        text = "\n".join(
            [
                seizure_line(ctx, item),
                ctx.t(
                    "Not claimed within seven days of impounding at {pound}. Post the "
                    "notice at the Police Office and have it proclaimed by beat of drum in the "
                    "village and at the market place nearest the place of seizure (Sec VIII).",
                    pound=item.pound_name,
                    pound_names=item.pound_names,
                ),
                ctx.t(ASK_VILLAGE),
            ]
        )
        seized_in = written_in(ctx.lang, item.village, item.village_names)
        return Turn.to("village", ctx.say(text, (Option(item.village, seized_in),)))

    def act(self, ctx: Ctx) -> Turn:
        posted = post_notice(
            ctx.work.by(actor(ctx, Role.DAROGAH)),
            ref=str(ctx.data["ref"]),
            proclaimed_in=[str(ctx.data["village"]), str(ctx.data["market"])],
            occurred_at=ctx.now,
        )
        day = ctx.t.day(date.fromisoformat(posted.sale_not_before[:10]))
        return Turn.done(
            ctx.t(
                "Notice posted and proclaimed (Sec VIII). If the cattle are not claimed, "
                "the sale may be held on or after {day}.",
                day=day,
            ),
            ctx.t("The notice, as posted:") + "\n" + notice(ctx.t.lang, posted.params),
        )


def _keep_village(ctx: Ctx, village: str) -> str:
    # A village of the district typed in its own script is written as the register names it.
    place, _ = match_village(ctx.work, village)
    ctx.data["village"] = place.name if place is not None else village[:200]
    ctx.data["village_names"] = dict(place.names) if place is not None else {}
    return "market"


def _ask_notice(ctx: Ctx) -> list[str]:
    text = ctx.t(
        "Confirm: the notice for {ref} is posted at the Police Office today, and was "
        "proclaimed by beat of drum in {village} and at {market} (Sec VIII).",
        ref=ctx.data["ref"],
        village=ctx.data["village"],
        village_names=ctx.data.get("village_names"),
        market=ctx.data["market"],
    )
    return [text]


def _buyer(ctx: Ctx, msg: Inbound) -> PersonIn | None:
    """The buyer of the animal asked about, or None when it was not sold."""
    if chose(msg, "unsold", "unsold"):
        return None
    return person_in(msg.text)


class SaleFlow(Worklist):
    """A sale head by head: a buyer (or none) and a price for each in turn (`queue`, each
    head's kind in `kinds`), the expenses, the place, and the account confirmed. The head is
    named by `buyer_text`, `price_text` and `lot_text`; after the last, the sale goes on to
    `after_lot`, and after the expenses to `after_expenses`."""

    buyer_text: str
    price_text: str
    lot_text: str
    after_lot: str
    after_expenses: str

    def __init__(self) -> None:
        after_lot, after_expenses = self.after_lot, self.after_expenses
        super().__init__(
            {
                "buyer": Step(
                    self.ask_buyer, _buyer, self.bought, ("price", after_lot, "end"), repeat=True
                ),
                "price": Step(self.ask_price, self.amount, self.priced, ("buyer", after_lot)),
                "expenses": kept(asks(ASK_EXPENSES), self.amount, "expenses", after_expenses),
                "place": text_step(ASK_PLACE, "place", "confirm", clip=500),
                "confirm": confirm(self.summary, self.act),
            }
        )

    @abstractmethod
    def money(self, ctx: Ctx) -> MoneySystem:
        """The money the sale is held in."""

    @abstractmethod
    def heading(self, ctx: Ctx) -> str:
        """The sale's first line in its summary: what is sold, where."""

    @abstractmethod
    def act(self, ctx: Ctx) -> Turn:
        """The sale recorded."""

    def amount(self, ctx: Ctx, msg: Inbound) -> int:
        return read_amount(msg.text.strip(), self.money(ctx))

    def ask_buyer(self, ctx: Ctx) -> Reply:
        number = int(ctx.data["queue"][0])
        # A fine's sale begun before its draft's labels were named `kinds` kept them as `cattle`.
        kinds = ctx.data.get("kinds") or ctx.data.get("cattle") or {}
        text = ctx.t(self.buyer_text, number=number, kind=kinds.get(str(number), ""))
        return ctx.say(text, (Option("unsold", ctx.t("Not sold")),))

    def ask_price(self, ctx: Ctx) -> Reply:
        number = int(ctx.data["queue"][0])
        return ctx.say(ctx.t(self.price_text, buyer=ctx.data["buyer"]["name"], number=number))

    def bought(self, ctx: Ctx, buyer: PersonIn | None) -> str | Turn:
        if buyer is None:
            return self.next(ctx)
        ctx.data["buyer"] = asdict(buyer)
        return "price"

    def priced(self, ctx: Ctx, price: int) -> str | Turn:
        lot = {"number": int(ctx.data["queue"][0]), "buyer": ctx.data.pop("buyer"), "price": price}
        ctx.data["lots"].append(lot)
        return self.next(ctx)

    def covered(self, ctx: Ctx) -> Turn | None:
        """The turn that ends the bidding once the lots so far pay for the sale (None: go on)."""
        return None

    def next(self, ctx: Ctx) -> str | Turn:
        ctx.data["queue"] = ctx.data["queue"][1:]
        enough = self.covered(ctx)
        if enough is not None:
            return enough
        if ctx.data["queue"]:
            return "buyer"
        if not ctx.data["lots"]:
            return Turn.done(ctx.t("No animal was sold; nothing was recorded."))
        return self.after_lot

    def lots(self, ctx: Ctx) -> list[tuple[int, PersonIn, int]]:
        """Each lot: the head's number, its buyer and its price."""
        lots = []
        for lot in ctx.data["lots"]:
            buyer = person_from(lot["buyer"])
            if buyer is None:
                raise invalid(N_("a lot has no buyer"))
            # An auction's lot drafted before lots were kept by `number` named it `animal`.
            lots.append((int(lot.get("number", lot.get("animal"))), buyer, int(lot["price"])))
        return lots

    def summary(self, ctx: Ctx) -> list[str]:
        """The account of the sale, to confirm: each lot naming its head, buyer and price; the
        expenses; the question."""
        money = self.money(ctx)
        lots = [
            ctx.t(
                self.lot_text,
                number=number,
                buyer=buyer.name + (f", {buyer.residence}" if buyer.residence else ""),
                price=amount_said(ctx, money, price),
            )
            for number, buyer, price in self.lots(ctx)
        ]
        expenses = amount_said(ctx, money, ctx.data["expenses"])
        return [
            self.heading(ctx),
            *lots,
            ctx.t("Expenses of the sale: {expenses}", expenses=expenses),
            ctx.t("Record this sale?"),
        ]


class AuctionFlow(SaleFlow):
    """The public auction: a buyer and a price for each animal sold, the expenses, the account
    (Sec VIII unclaimed, Sec IX non-payment; Sec X: no police officer or keeper may buy)."""

    roles = (Role.DAROGAH,)
    name = "darogah_auction"
    commands = ("auction",)
    menu = N_("Record an auction (Sec VIII, IX)")
    shows = ("buyer", "end")
    listing = seizures(
        lambda ctx, me, thana: sales_due(ctx.work, thana=thana, now=ctx.now, actor_id=me),
        N_("No sale is due."),
        (Role.DAROGAH,),
    )
    buyer_text = N_(
        "Animal {number} ({kind}): buyer's name and village, for example: Ganga Ram, Kemri"
    )
    price_text = N_("Price paid by {buyer} for animal {number}, for example Rs 9-0-0:")
    lot_text = N_("Animal {number} to {buyer} for {price}")
    after_lot, after_expenses = "expenses", "place"

    def show(self, ctx: Ctx, brief: SeizureBrief) -> str | Turn:
        if not brief.held:
            return Turn.done(ctx.t("No animal of {ref} is in the pound.", ref=brief.item.ref))
        ctx.data["ref"] = brief.item.ref
        ctx.data["queue"] = brief.held
        ctx.data["kinds"] = {
            str(a.number): a.kind + (f", {a.description}" if a.description else "")
            for a in brief.animals
        }
        ctx.data["lots"] = []
        return self.lead(
            ctx,
            "buyer",
            seizure_line(ctx, brief.item),
            ctx.t(
                "For each animal, send the buyer's name and village. Police officers and "
                "pound-keepers may not buy (Sec X)."
            ),
        )

    def money(self, ctx: Ctx) -> MoneySystem:
        return money_for(ctx.work, seizure_ref=str(ctx.data["ref"]))

    def heading(self, ctx: Ctx) -> str:
        place = ctx.data["place"]
        return ctx.t("Auction of {ref} at {place}, today:", ref=ctx.data["ref"], place=place)

    def act(self, ctx: Ctx) -> Turn:
        sale = record_sale(
            ctx.work.by(actor(ctx, Role.DAROGAH)),
            ref=str(ctx.data["ref"]),
            lots=[LotIn(animal=n, buyer=buyer, price=price) for n, buyer, price in self.lots(ctx)],
            expenses=int(ctx.data["expenses"]),
            place=str(ctx.data["place"]),
            occurred_at=ctx.now,
        )
        section = sale.kind.section
        replies = [
            ctx.say(
                ctx.t(
                    "Sale of {ref} recorded (Sec {section}). The account to the owner (Sec IX), "
                    "in the words of the register:",
                    ref=sale.ref,
                    section=section,
                )
                + "\n"
                + records.sale_account(ctx.t, sale.account)
            )
        ]
        if sale.surplus_claim_until:
            replies.append(
                ctx.say(
                    ctx.t(
                        "The surplus is held by the Magistrate for a claimant until {day} "
                        "(Sec XI).",
                        day=ctx.t.day(date.fromisoformat(sale.surplus_claim_until[:10])),
                    )
                )
            )
        return Turn.done(*replies)


_case_no = case_no(N_("send the case's number, like 12"))


class RecoverySaleFlow(SaleFlow):
    """The sale of cattle for a fine the Magistrate ordered recovered (Sec XVII), held by the
    Darogah of the thana or a police officer he deputes: the expenses, a buyer and a price for
    each head sold until the fine and expenses are covered, and the account (Sec X: no police
    officer or pound-keeper may buy)."""

    roles = (Role.DAROGAH, Role.POLICE)
    name = "darogah_recovery"
    commands = ("recover",)
    menu = N_("Sale of cattle for a fine (Sec XVII)")
    shows = ("expenses", "end")
    listing = Listing(
        items=lambda ctx, me, thana: recoveries_due(ctx.work, thana=thana, actor_id=me),
        line=lambda ctx, item: "- " + _recovery_line(ctx, item),
        option=lambda ctx, i: Option(
            str(i.case_id), f"{i.case_id}: {who(ctx, i.convict_person, i.convict)}"
        ),
        key=_case_no,
        fetch=lambda ctx, me, case: recovery_to_sell(ctx.work, case_id=case, actor_id=me),
        empty=N_("No sale for a fine is waiting."),
        choose=N_("Choose a case, or send its number."),
    )
    buyer_text = N_(
        "Head {number} ({kind}): buyer's name and village, for example: Ganga Ram, Kemri"
    )
    price_text = N_("Price paid by {buyer} for head {number}, for example Rs 9-0-0:")
    lot_text = N_("Head {number} to {buyer} for {price}")
    after_lot, after_expenses = "place", "buyer"
    case = "case"

    def allowed(self, ctx: Ctx) -> bool:
        return ctx.has(Role.DAROGAH) or command_typed(ctx, self.commands)

    def show(self, ctx: Ctx, item: RecoveryItem) -> str | Turn:
        ctx.data["case"] = item.case_id
        ctx.data["due"] = item.fine_due
        ctx.data["queue"] = [int(str(c["number"])) for c in item.cattle]
        ctx.data["kinds"] = {str(c["number"]): records.animal(ctx.t, c) for c in item.cattle}
        ctx.data["lots"] = []
        return self.lead(
            ctx,
            "expenses",
            _recovery_line(ctx, item),
            *(records.animal(ctx.t, c) for c in item.cattle),
            ctx.t(
                "Owner of the cattle: {owner}.",
                owner=records.person(ctx.t, item.owner_person) if item.owner_person else "",
            ),
            ctx.t(
                "Sell only as many as are needed for the fine and the expenses of sale "
                "(Sec XVII). Police officers and pound-keepers may not buy (Sec X)."
            ),
        )

    def money(self, ctx: Ctx) -> MoneySystem:
        return money_for(ctx.work, case_id=int(ctx.data["case"]))

    def covered(self, ctx: Ctx) -> Turn | None:
        prices = [int(lot["price"]) for lot in ctx.data["lots"]]
        if not prices or not covered(prices, int(ctx.data["due"]), int(ctx.data["expenses"])):
            return None
        enough = ctx.t(
            "The lots so far cover the fine and the expenses of sale: no more may be sold "
            "(Sec XVII)."
        )
        return Turn.to("place", enough + "\n" + ctx.t(ASK_PLACE))

    def heading(self, ctx: Ctx) -> str:
        return ctx.t(
            "Sale for the fine in case No. {id} at {place}, today:",
            id=ctx.data["case"],
            place=ctx.data["place"],
        )

    def act(self, ctx: Ctx) -> Turn:
        sold = record_recovery_sale(
            ctx.work.by(actor(ctx, Role.DAROGAH)),
            case_id=int(ctx.data["case"]),
            lots=[RecoveryLotIn(number=n, buyer=b, price=p) for n, b, p in self.lots(ctx)],
            expenses=int(ctx.data["expenses"]),
            place=str(ctx.data["place"]),
            occurred_at=ctx.now,
        )
        money = money_for(ctx.work, case_id=sold.case_id)
        return Turn.done(
            ctx.t(
                "Sale recorded (Sec XVII). Proceeds {proceeds}: expenses {expenses}, fine "
                "{fine} (compensation to the complainant {compensation}, to the fund "
                "{fund}); balance to the owner {balance}; fine still unpaid {unpaid}.",
                proceeds=amount_said(ctx, money, sold.proceeds),
                expenses=amount_said(ctx, money, sold.expenses_paid),
                fine=amount_said(ctx, money, sold.fine_paid),
                compensation=amount_said(ctx, money, sold.to_complainant),
                fund=amount_said(ctx, money, sold.to_fund),
                balance=amount_said(ctx, money, sold.balance_to_owner),
                unpaid=amount_said(ctx, money, sold.fine_unpaid),
            )
        )


def _recovery_line(ctx: Ctx, item: RecoveryItem) -> str:
    money = money_for(ctx.work, case_id=item.case_id)
    return ctx.t(
        "Case No. {id}: fine of {convict} unpaid {due}; sell {heads} head at {place}, {village}",
        id=item.case_id,
        convict=who(ctx, item.convict_person, item.convict),
        due=amount_said(ctx, money, item.fine_due),
        heads=len(item.cattle),
        place=item.place,
        village=item.village,
        village_names=item.village_names,
    )
