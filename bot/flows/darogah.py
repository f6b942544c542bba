"""The Darogah: notice and drum proclamation of unclaimed cattle (Sec VIII), the auction with its
account (VIII, IX, X, XI), and the sale of cattle for a fine the Magistrate ordered recovered
(Sec XVII)."""

from __future__ import annotations

from datetime import date

from bot import words
from bot.flows import records
from bot.flows.base import Ctx, Turn
from bot.flows.officer_kit import (
    actor,
    amount_said,
    command_typed,
    confirm,
    explained,
    invalid,
    person_dict,
    person_from,
    person_in,
    seizure_line,
    yes_no,
)
from bot.flows.table import Again, Step, asks, chosen, keep, required
from bot.flows.worklist import Listing, Worklist, case_no, seizures
from bot.i18n import N_, written_in
from bot.notices import notice
from bot.types import Inbound, Option, Reply
from law.errors import PoundError
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


class DarogahFlow(Worklist):
    """An act of the Darogah on one seizure of his thana: by reference or from his worklist."""

    roles = (Role.DAROGAH,)

    def brief(self, ctx: Ctx) -> SeizureBrief:
        """The seizure of the draft, after checking the speaker is the Darogah of its thana."""
        return self.listing.fetch(ctx, self.me(ctx), str(ctx.data["ref"]))


ASK_VILLAGE = N_("In which village was the drum beaten?")
ASK_MARKET = N_("At which market place, the nearest to the place of seizure?")
ASK_EXPENSES = N_("Expenses of the sale, for example Rs 0-8-0 (send 0 if none):")
ASK_PLACE = N_("Where was the auction held?")


class NoticeFlow(DarogahFlow):
    """Unclaimed cattle: the notice at the Police Office and the beat of drum (Sec VIII)."""

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
                    ask=asks(ASK_VILLAGE),
                    read=_drum_village,
                    then=_keep_village,
                    to=("market",),
                ),
                "market": Step(
                    ask=asks(ASK_MARKET),
                    read=required(ASK_MARKET),
                    then=_market,
                    to=("confirm",),
                ),
                "confirm": confirm(_ask_notice, self.act),
            }
        )

    def show(self, ctx: Ctx, brief: SeizureBrief) -> str | Turn:
        item = brief.item
        if item.status != "reported_unclaimed":
            return Turn.done(
                ctx.say(ctx.t("{ref} is not reported unclaimed; no notice is due.", ref=item.ref))
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
        try:
            posted = post_notice(
                ctx.work.by(actor(ctx, Role.DAROGAH)),
                ref=str(ctx.data["ref"]),
                proclaimed_in=[str(ctx.data["village"]), str(ctx.data["market"])],
                occurred_at=ctx.now,
            )
        except PoundError as exc:
            return explained(ctx, exc, None)
        day = ctx.t.day(date.fromisoformat(posted.sale_not_before[:10]))
        return Turn.done(
            ctx.say(
                ctx.t(
                    "Notice posted and proclaimed (Sec VIII). If the cattle are not claimed, "
                    "the sale may be held on or after {day}.",
                    day=day,
                )
            ),
            ctx.say(ctx.t("The notice, as posted:") + "\n" + notice(ctx.t.lang, posted.params)),
        )


def _drum_village(ctx: Ctx, msg: Inbound) -> str:
    village = chosen(ctx, msg)
    if not village:
        raise Again(ctx.say(ctx.t(ASK_VILLAGE)))
    return village


def _keep_village(ctx: Ctx, village: str) -> str:
    # A village of the district typed in its own script is written as the register names it.
    place, _ = match_village(ctx.work, village)
    ctx.data["village"] = place.name if place is not None else village[:200]
    ctx.data["village_names"] = dict(place.names) if place is not None else {}
    return "market"


def _market(ctx: Ctx, market: str) -> str:
    ctx.data["market"] = market[:200]
    return "confirm"


def _ask_notice(ctx: Ctx) -> Reply:
    text = ctx.t(
        "Confirm: the notice for {ref} is posted at the Police Office today, and was "
        "proclaimed by beat of drum in {village} and at {market} (Sec VIII).",
        ref=ctx.data["ref"],
        village=ctx.data["village"],
        village_names=ctx.data.get("village_names"),
        market=ctx.data["market"],
    )
    return ctx.say(text, yes_no(ctx))


def _buyer(ctx: Ctx, msg: Inbound) -> PersonIn | None:
    """The buyer of the animal asked about, or None when it was not sold."""
    if msg.option == "unsold" or (msg.option is None and words.says(msg.text, "unsold")):
        return None
    return person_in(msg.text)


def _sale_steps(
    flow: AuctionFlow | RecoverySaleFlow, after_lot: str, after_expenses: str
) -> dict[str, Step]:
    """The steps of a sale: a buyer (or none) and a price for each head in turn, the expenses,
    the place, and the account confirmed."""
    return {
        "buyer": Step(
            ask=flow.ask_buyer,
            read=_buyer,
            then=flow.bought,
            to=("price", after_lot, "end"),
            repeat=True,
        ),
        "price": Step(
            ask=flow.ask_price, read=flow.amount, then=flow.priced, to=("buyer", after_lot)
        ),
        "expenses": Step(
            ask=asks(ASK_EXPENSES),
            read=flow.amount,
            then=keep("expenses", after_expenses),
            to=(after_expenses,),
        ),
        "place": Step(
            ask=asks(ASK_PLACE),
            read=required(ASK_PLACE),
            then=keep("place", "confirm", clip=500),
            to=("confirm",),
        ),
        "confirm": confirm(flow.summary, flow.act),
    }


def _lot_lines(ctx: Ctx, money: MoneySystem, lot_text: str, key: str) -> list[str]:
    """Each lot of the sale, `lot_text` naming its head (`key`), buyer and price; the expenses."""
    lines = []
    for lot in ctx.data["lots"]:
        buyer = person_from(lot["buyer"])
        lines.append(
            ctx.t(
                lot_text,
                number=lot[key],
                buyer=(buyer.name if buyer else "")
                + (f", {buyer.residence}" if buyer and buyer.residence else ""),
                price=amount_said(ctx, money, int(lot["price"])),
            )
        )
    lines.append(
        ctx.t(
            "Expenses of the sale: {expenses}",
            expenses=amount_said(ctx, money, ctx.data["expenses"]),
        )
    )
    lines.append(ctx.t("Record this sale?"))
    return lines


class AuctionFlow(DarogahFlow):
    """The public auction: a buyer and a price for each animal sold, the expenses, the account
    (Sec VIII unclaimed, Sec IX non-payment; Sec X: no police officer or keeper may buy)."""

    name = "darogah_auction"
    commands = ("auction",)
    menu = N_("Record an auction (Sec VIII, IX)")
    shows = ("buyer", "end")
    listing = seizures(
        lambda ctx, me, thana: sales_due(ctx.work, thana=thana, now=ctx.now, actor_id=me),
        N_("No sale is due."),
        (Role.DAROGAH,),
    )

    def __init__(self) -> None:
        super().__init__(_sale_steps(self, "expenses", "place"))

    def show(self, ctx: Ctx, brief: SeizureBrief) -> str | Turn:
        if not brief.held:
            return Turn.done(
                ctx.say(ctx.t("No animal of {ref} is in the pound.", ref=brief.item.ref))
            )
        ctx.data["ref"] = brief.item.ref
        ctx.data["queue"] = brief.held
        ctx.data["kinds"] = {
            str(a.number): a.kind + (f", {a.description}" if a.description else "")
            for a in brief.animals
        }
        ctx.data["lots"] = []
        intro = "\n".join(
            [
                seizure_line(ctx, brief.item),
                ctx.t(
                    "For each animal, send the buyer's name and village. Police officers and "
                    "pound-keepers may not buy (Sec X)."
                ),
            ]
        )
        return Turn.to("buyer", self.ask_buyer(ctx, intro))

    def ask_buyer(self, ctx: Ctx, intro: str = "") -> Reply:
        number = int(ctx.data["queue"][0])
        text = ctx.t(
            "Animal {number} ({kind}): buyer's name and village, for example: Ganga Ram, Kemri",
            number=number,
            kind=ctx.data["kinds"].get(str(number), ""),
        )
        options = (Option("unsold", ctx.t("Not sold")),)
        return ctx.say((intro + "\n" if intro else "") + text, options)

    def ask_price(self, ctx: Ctx) -> Reply:
        return ctx.say(
            ctx.t(
                "Price paid by {buyer} for animal {number}, for example Rs 9-0-0:",
                buyer=ctx.data["buyer"]["name"],
                number=int(ctx.data["queue"][0]),
            )
        )

    def money(self, ctx: Ctx) -> MoneySystem:
        return money_for(ctx.work, seizure_ref=str(ctx.data["ref"]))

    def amount(self, ctx: Ctx, msg: Inbound) -> int:
        return read_amount(msg.text.strip(), self.money(ctx))

    def bought(self, ctx: Ctx, buyer: PersonIn | None) -> str | Turn:
        if buyer is None:
            return self.next(ctx)
        ctx.data["buyer"] = person_dict(buyer)
        return "price"

    def priced(self, ctx: Ctx, price: int) -> str | Turn:
        lot = {"animal": int(ctx.data["queue"][0]), "buyer": ctx.data.pop("buyer"), "price": price}
        ctx.data["lots"].append(lot)
        return self.next(ctx)

    def next(self, ctx: Ctx) -> str | Turn:
        ctx.data["queue"] = ctx.data["queue"][1:]
        if ctx.data["queue"]:
            return "buyer"
        if not ctx.data["lots"]:
            return Turn.done(ctx.say(ctx.t("No animal was sold; nothing was recorded.")))
        return "expenses"

    def summary(self, ctx: Ctx) -> Reply:
        place = ctx.data["place"]
        lines = [ctx.t("Auction of {ref} at {place}, today:", ref=ctx.data["ref"], place=place)]
        lines += _lot_lines(
            ctx, self.money(ctx), N_("Animal {number} to {buyer} for {price}"), "animal"
        )
        return ctx.say("\n".join(lines), yes_no(ctx))

    def act(self, ctx: Ctx) -> Turn:
        lots = []
        for lot in ctx.data["lots"]:
            buyer = person_from(lot["buyer"])
            if buyer is None:
                return explained(ctx, invalid(N_("a lot has no buyer")), None)
            lots.append(LotIn(animal=int(lot["animal"]), buyer=buyer, price=int(lot["price"])))
        try:
            sale = record_sale(
                ctx.work.by(actor(ctx, Role.DAROGAH)),
                ref=str(ctx.data["ref"]),
                lots=lots,
                expenses=int(ctx.data["expenses"]),
                place=str(ctx.data["place"]),
                occurred_at=ctx.now,
            )
        except PoundError as exc:
            return explained(ctx, exc, None)
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


def _convict(ctx: Ctx, item: RecoveryItem) -> str:
    """The convicted person, `Bhura Ahir of Kemri` in the reader's language."""
    if item.convict_person is None:
        return item.convict
    return records.person(ctx.t, item.convict_person)


def _cattle_line(ctx: Ctx, head: dict[str, object]) -> str:
    """`1. cow, red`: a head of the cattle to be sold, its kind in the reader's language."""
    return records.animal(ctx.t, head)


class RecoverySaleFlow(Worklist):
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
        option=lambda ctx, i: Option(str(i.case_id), f"{i.case_id}: {_convict(ctx, i)}"),
        key=case_no(N_("send the case's number, like 12")),
        fetch=lambda ctx, me, case: recovery_to_sell(ctx.work, case_id=case, actor_id=me),
        empty=N_("No sale for a fine is waiting."),
        choose=N_("Choose a case, or send its number."),
    )

    def __init__(self) -> None:
        super().__init__(_sale_steps(self, "place", "buyer"))

    case = "case"

    def allowed(self, ctx: Ctx) -> bool:
        return ctx.has(Role.DAROGAH) or command_typed(ctx, self.commands)

    def show(self, ctx: Ctx, item: RecoveryItem) -> str | Turn:
        ctx.data["case"] = item.case_id
        ctx.data["due"] = item.fine_due
        ctx.data["queue"] = [int(str(c["number"])) for c in item.cattle]
        ctx.data["cattle"] = {str(c["number"]): _cattle_line(ctx, c) for c in item.cattle}
        ctx.data["lots"] = []
        text = "\n".join(
            [
                _recovery_line(ctx, item),
                *(_cattle_line(ctx, c) for c in item.cattle),
                ctx.t(
                    "Owner of the cattle: {owner}.",
                    owner=records.person(ctx.t, item.owner_person) if item.owner_person else "",
                ),
                ctx.t(
                    "Sell only as many as are needed for the fine and the expenses of sale "
                    "(Sec XVII). Police officers and pound-keepers may not buy (Sec X)."
                ),
                ctx.t(ASK_EXPENSES),
            ]
        )
        return Turn.to("expenses", ctx.say(text))

    def money(self, ctx: Ctx) -> MoneySystem:
        return money_for(ctx.work, case_id=int(ctx.data["case"]))

    def amount(self, ctx: Ctx, msg: Inbound) -> int:
        return read_amount(msg.text.strip(), self.money(ctx))

    def ask_buyer(self, ctx: Ctx) -> Reply:
        number = ctx.data["queue"][0]
        text = ctx.t(
            "Head {number} ({kind}): buyer's name and village, for example: Ganga Ram, Kemri",
            number=number,
            kind=ctx.data["cattle"].get(str(number), ""),
        )
        return ctx.say(text, (Option("unsold", ctx.t("Not sold")),))

    def ask_price(self, ctx: Ctx) -> Reply:
        return ctx.say(
            ctx.t(
                "Price paid by {buyer} for head {number}, for example Rs 9-0-0:",
                buyer=ctx.data["buyer"]["name"],
                number=ctx.data["queue"][0],
            )
        )

    def bought(self, ctx: Ctx, buyer: PersonIn | None) -> str | Turn:
        if buyer is None:
            return self.next(ctx)
        ctx.data["buyer"] = person_dict(buyer)
        return "price"

    def priced(self, ctx: Ctx, price: int) -> str | Turn:
        lot = {"number": ctx.data["queue"][0], "buyer": ctx.data.pop("buyer"), "price": price}
        ctx.data["lots"].append(lot)
        return self.next(ctx)

    def next(self, ctx: Ctx) -> str | Turn:
        ctx.data["queue"] = ctx.data["queue"][1:]
        prices = [int(lot["price"]) for lot in ctx.data["lots"]]
        if ctx.data["lots"] and covered(prices, int(ctx.data["due"]), int(ctx.data["expenses"])):
            enough = ctx.t(
                "The lots so far cover the fine and the expenses of sale: no more may "
                "be sold (Sec XVII)."
            )
            return Turn.to("place", ctx.say(enough + "\n" + ctx.t(ASK_PLACE)))
        if ctx.data["queue"]:
            return "buyer"
        if not ctx.data["lots"]:
            return Turn.done(ctx.say(ctx.t("No animal was sold; nothing was recorded.")))
        return "place"

    def summary(self, ctx: Ctx) -> Reply:
        lines = [
            ctx.t(
                "Sale for the fine in case No. {id} at {place}, today:",
                id=ctx.data["case"],
                place=ctx.data["place"],
            )
        ]
        lines += _lot_lines(
            ctx, self.money(ctx), N_("Head {number} to {buyer} for {price}"), "number"
        )
        return ctx.say("\n".join(lines), yes_no(ctx))

    def act(self, ctx: Ctx) -> Turn:
        lots = []
        for lot in ctx.data["lots"]:
            buyer = person_from(lot["buyer"])
            if buyer is None:
                return explained(ctx, invalid(N_("a lot has no buyer")), None)
            lots.append(
                RecoveryLotIn(number=int(lot["number"]), buyer=buyer, price=int(lot["price"]))
            )
        try:
            sold = record_recovery_sale(
                ctx.work.by(actor(ctx, Role.DAROGAH)),
                case_id=int(ctx.data["case"]),
                lots=lots,
                expenses=int(ctx.data["expenses"]),
                place=str(ctx.data["place"]),
                occurred_at=ctx.now,
            )
        except PoundError as exc:
            return explained(ctx, exc, None)
        money = money_for(ctx.work, case_id=sold.case_id)
        return Turn.done(
            ctx.say(
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
        )


def _recovery_line(ctx: Ctx, item: RecoveryItem) -> str:
    money = money_for(ctx.work, case_id=item.case_id)
    return ctx.t(
        "Case No. {id}: fine of {convict} unpaid {due}; sell {heads} head at {place}, {village}",
        id=item.case_id,
        convict=_convict(ctx, item),
        due=amount_said(ctx, money, item.fine_due),
        heads=len(item.cattle),
        place=item.place,
        village=item.village,
        village_names=item.village_names,
    )


_case_no = case_no(N_("send the case's number, like 12"))
