"""The Darogah: notice and drum proclamation of unclaimed cattle (Sec VIII), the auction with its
account (VIII, IX, X, XI), and the sale of cattle for a fine the Magistrate ordered recovered
(Sec XVII)."""

from __future__ import annotations

from datetime import date
from typing import ClassVar

from bot import words
from bot.flows import records
from bot.flows.base import Ctx, Flow, Turn
from bot.flows.officer_kit import (
    OfficerFlow,
    actor,
    amount_said,
    command_typed,
    explained,
    invalid,
    person_dict,
    person_from,
    person_in,
    picked,
    places,
    refused,
    seizure_line,
    unconfirmed,
    worklist_turn,
    yes_no,
)
from bot.i18n import N_, written_in
from bot.notices import notice
from bot.types import Inbound, Option
from law.errors import PoundError
from law.recovery import covered
from office.darogah.recovery_sale import RecoveryLotIn, record_recovery_sale
from office.lookup import match_village
from office.queries import money_for, read_amount
from office.recovery import RecoveryItem, recoveries_due, recovery_to_sell
from office.roles import Role
from office.sales import LotIn, post_notice, record_sale
from office.worklists import SeizureBrief, SeizureItem, awaiting_notice, sales_due, seizure_brief


def _brief(ctx: Ctx, ref: str) -> SeizureBrief:
    """The seizure, after checking the speaker is the Darogah of its thana (Sec VIII)."""
    return seizure_brief(
        ctx.work, ref=ref, now=ctx.now, actor_id=actor(ctx, Role.DAROGAH), roles=(Role.DAROGAH,)
    )


class DarogahFlow(OfficerFlow):
    """An act of the Darogah on one seizure of his thana: by reference or from his worklist."""

    roles = (Role.DAROGAH,)

    def allowed(self, ctx: Ctx) -> bool:
        return ctx.has(Role.DAROGAH) or command_typed(ctx, self.commands)

    def worklist(self, ctx: Ctx, me: int, thana: str) -> list[SeizureItem]:
        raise NotImplementedError

    def empty(self, ctx: Ctx) -> str:
        raise NotImplementedError

    def start(self, ctx: Ctx, args: str) -> Turn:
        me = actor(ctx, Role.DAROGAH)
        if args.strip():
            return self.show(ctx, _brief(ctx, args.split()[0].upper()))
        thanas = places(ctx, Role.DAROGAH)
        if not thanas:
            raise refused(ctx, Role.DAROGAH)
        items = [i for thana in thanas for i in self.worklist(ctx, me, thana)]
        return worklist_turn(ctx, items, self.empty(ctx), "pick")

    def on_pick(self, ctx: Ctx, msg: Inbound) -> Turn:
        return picked(ctx, msg, _brief, self.show, "pick")

    def show(self, ctx: Ctx, brief: SeizureBrief) -> Turn:
        raise NotImplementedError


class NoticeFlow(DarogahFlow):
    """Unclaimed cattle: the notice at the Police Office and the beat of drum (Sec VIII)."""

    name = "darogah_notice"
    commands = ("notice",)
    menu = N_("Unclaimed cattle: notice and proclamation (Sec VIII)")
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "start": ("pick", "village", "end"),
        "pick": ("pick", "village", "end"),
        "village": ("village", "market"),
        "market": ("market", "confirm"),
        "confirm": ("confirm", "end"),
    }

    def worklist(self, ctx: Ctx, me: int, thana: str) -> list[SeizureItem]:
        return awaiting_notice(ctx.work, thana=thana, actor_id=me)

    def empty(self, ctx: Ctx) -> str:
        return ctx.t("No unclaimed cattle await a notice.")

    def show(self, ctx: Ctx, brief: SeizureBrief) -> Turn:
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
                ctx.t("In which village was the drum beaten?"),
            ]
        )
        seized_in = written_in(ctx.lang, item.village, item.village_names)
        return Turn.to("village", ctx.say(text, (Option(item.village, seized_in),)))

    def on_village(self, ctx: Ctx, msg: Inbound) -> Turn:
        village = (msg.option or msg.text).strip()
        if not village:
            return Turn.to("village", ctx.say(ctx.t("In which village was the drum beaten?")))
        # A village of the district typed in its own script is written as the register names it.
        place, _ = match_village(ctx.work, village)
        ctx.data["village"] = place.name if place is not None else village[:200]
        ctx.data["village_names"] = dict(place.names) if place is not None else {}
        return Turn.to(
            "market",
            ctx.say(ctx.t("At which market place, the nearest to the place of seizure?")),
        )

    def on_market(self, ctx: Ctx, msg: Inbound) -> Turn:
        market = msg.text.strip()
        if not market:
            return Turn.to(
                "market",
                ctx.say(ctx.t("At which market place, the nearest to the place of seizure?")),
            )
        ctx.data["market"] = market[:200]
        text = ctx.t(
            "Confirm: the notice for {ref} is posted at the Police Office today, and was "
            "proclaimed by beat of drum in {village} and at {market} (Sec VIII).",
            ref=ctx.data["ref"],
            village=ctx.data["village"],
            village_names=ctx.data.get("village_names"),
            market=market,
        )
        return Turn.to("confirm", ctx.say(text, yes_no(ctx)))

    def on_confirm(self, ctx: Ctx, msg: Inbound) -> Turn:
        if (refusal := unconfirmed(ctx, msg)) is not None:
            return refusal
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


class AuctionFlow(DarogahFlow):
    """The public auction: a buyer and a price for each animal sold, the expenses, the account
    (Sec VIII unclaimed, Sec IX non-payment; Sec X: no police officer or keeper may buy)."""

    name = "darogah_auction"
    commands = ("auction",)
    menu = N_("Record an auction (Sec VIII, IX)")
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "start": ("pick", "buyer", "end"),
        "pick": ("pick", "buyer", "end"),
        "buyer": ("buyer", "price", "expenses", "end"),
        "price": ("price", "buyer", "expenses"),
        "expenses": ("expenses", "place"),
        "place": ("place", "confirm"),
        "confirm": ("confirm", "end"),
    }

    def worklist(self, ctx: Ctx, me: int, thana: str) -> list[SeizureItem]:
        return sales_due(ctx.work, thana=thana, now=ctx.now, actor_id=me)

    def empty(self, ctx: Ctx) -> str:
        return ctx.t("No sale is due.")

    def show(self, ctx: Ctx, brief: SeizureBrief) -> Turn:
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
        return self._ask_buyer(ctx, intro)

    def _animal(self, ctx: Ctx) -> int:
        return int(ctx.data["queue"][0])

    def _ask_buyer(self, ctx: Ctx, intro: str = "") -> Turn:
        number = self._animal(ctx)
        text = ctx.t(
            "Animal {number} ({kind}): buyer's name and village, for example: Ganga Ram, Kemri",
            number=number,
            kind=ctx.data["kinds"].get(str(number), ""),
        )
        options = (Option("unsold", ctx.t("Not sold")),)
        return Turn.to("buyer", ctx.say((intro + "\n" if intro else "") + text, options))

    def _next(self, ctx: Ctx) -> Turn:
        ctx.data["queue"] = ctx.data["queue"][1:]
        if ctx.data["queue"]:
            return self._ask_buyer(ctx)
        if not ctx.data["lots"]:
            return Turn.done(ctx.say(ctx.t("No animal was sold; nothing was recorded.")))
        return Turn.to(
            "expenses",
            ctx.say(ctx.t("Expenses of the sale, for example Rs 0-8-0 (send 0 if none):")),
        )

    def on_buyer(self, ctx: Ctx, msg: Inbound) -> Turn:
        if msg.option == "unsold" or (msg.option is None and words.says(msg.text, "unsold")):
            return self._next(ctx)
        try:
            buyer = person_in(msg.text)
        except PoundError as exc:
            turn = self._ask_buyer(ctx)
            return explained(ctx, exc, "buyer", *turn.replies)
        ctx.data["buyer"] = person_dict(buyer)
        return Turn.to(
            "price",
            ctx.say(
                ctx.t(
                    "Price paid by {buyer} for animal {number}, for example Rs 9-0-0:",
                    buyer=buyer.name,
                    number=self._animal(ctx),
                )
            ),
        )

    def _amount(self, ctx: Ctx, text: str) -> int:
        return read_amount(text.strip(), money_for(ctx.work, seizure_ref=str(ctx.data["ref"])))

    def on_price(self, ctx: Ctx, msg: Inbound) -> Turn:
        try:
            price = self._amount(ctx, msg.text)
        except PoundError as exc:
            return explained(ctx, exc, "price")
        ctx.data["lots"].append(
            {"animal": self._animal(ctx), "buyer": ctx.data.pop("buyer"), "price": price}
        )
        return self._next(ctx)

    def on_expenses(self, ctx: Ctx, msg: Inbound) -> Turn:
        try:
            ctx.data["expenses"] = self._amount(ctx, msg.text)
        except PoundError as exc:
            return explained(ctx, exc, "expenses")
        return Turn.to("place", ctx.say(ctx.t("Where was the auction held?")))

    def on_place(self, ctx: Ctx, msg: Inbound) -> Turn:
        place = msg.text.strip()
        if not place:
            return Turn.to("place", ctx.say(ctx.t("Where was the auction held?")))
        ctx.data["place"] = place[:500]
        money = money_for(ctx.work, seizure_ref=str(ctx.data["ref"]))
        lines = [ctx.t("Auction of {ref} at {place}, today:", ref=ctx.data["ref"], place=place)]
        for lot in ctx.data["lots"]:
            buyer = person_from(lot["buyer"])
            lines.append(
                ctx.t(
                    "Animal {number} to {buyer} for {price}",
                    number=lot["animal"],
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
        return Turn.to("confirm", ctx.say("\n".join(lines), yes_no(ctx)))

    def on_confirm(self, ctx: Ctx, msg: Inbound) -> Turn:
        if (refusal := unconfirmed(ctx, msg)) is not None:
            return refusal
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


class RecoverySaleFlow(OfficerFlow):
    """The sale of cattle for a fine the Magistrate ordered recovered (Sec XVII), held by the
    Darogah of the thana or a police officer he deputes: the expenses, a buyer and a price for
    each head sold until the fine and expenses are covered, and the account (Sec X: no police
    officer or pound-keeper may buy)."""

    roles = (Role.DAROGAH, Role.POLICE)
    name = "darogah_recovery"
    commands = ("recover",)
    menu = N_("Sale of cattle for a fine (Sec XVII)")
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "start": ("pick", "expenses", "end"),
        "pick": ("pick", "expenses", "end"),
        "expenses": ("expenses", "buyer"),
        "buyer": ("buyer", "price", "place", "end"),
        "price": ("price", "buyer", "place"),
        "place": ("place", "confirm"),
        "confirm": ("confirm", "end"),
    }

    def recheck(self, ctx: Ctx) -> None:
        case = ctx.data.get("case")
        if isinstance(case, int):
            recovery_to_sell(ctx.work, case_id=case, actor_id=actor(ctx, Role.DAROGAH))
        elif not any(ctx.has(r) for r in self.roles):
            raise refused(ctx, Role.DAROGAH)

    def allowed(self, ctx: Ctx) -> bool:
        return ctx.has(Role.DAROGAH) or command_typed(ctx, self.commands)

    def start(self, ctx: Ctx, args: str) -> Turn:
        me = actor(ctx, Role.DAROGAH)
        if args.strip():
            return self._show(ctx, recovery_to_sell(ctx.work, case_id=_case_no(args), actor_id=me))
        thanas = places(ctx, Role.DAROGAH, Role.POLICE)
        if not thanas:
            raise refused(ctx, Role.DAROGAH)
        items = [i for t in thanas for i in recoveries_due(ctx.work, thana=t, actor_id=me)]
        if not items:
            return Turn.done(ctx.say(ctx.t("No sale for a fine is waiting.")))
        lines = ["- " + self._line(ctx, i) for i in items]
        lines.append(ctx.t("Choose a case, or send its number."))
        options = tuple(Option(str(i.case_id), f"{i.case_id}: {_convict(ctx, i)}") for i in items)
        return Turn.to("pick", ctx.say("\n".join(lines), options))

    def _line(self, ctx: Ctx, item: RecoveryItem) -> str:
        money = money_for(ctx.work, case_id=item.case_id)
        return ctx.t(
            "Case No. {id}: fine of {convict} unpaid {due}; sell {heads} head at {place}, "
            "{village}",
            id=item.case_id,
            convict=_convict(ctx, item),
            due=amount_said(ctx, money, item.fine_due),
            heads=len(item.cattle),
            place=item.place,
            village=item.village,
            village_names=item.village_names,
        )

    def on_pick(self, ctx: Ctx, msg: Inbound) -> Turn:
        try:
            item = recovery_to_sell(
                ctx.work,
                case_id=_case_no(msg.option or msg.text),
                actor_id=actor(ctx, Role.DAROGAH),
            )
            return self._show(ctx, item)
        except PoundError as exc:
            return explained(ctx, exc, "pick")

    def _show(self, ctx: Ctx, item: RecoveryItem) -> Turn:
        ctx.data["case"] = item.case_id
        ctx.data["due"] = item.fine_due
        ctx.data["queue"] = [int(str(c["number"])) for c in item.cattle]
        ctx.data["cattle"] = {str(c["number"]): _cattle_line(ctx, c) for c in item.cattle}
        ctx.data["lots"] = []
        text = "\n".join(
            [
                self._line(ctx, item),
                *(_cattle_line(ctx, c) for c in item.cattle),
                ctx.t(
                    "Owner of the cattle: {owner}.",
                    owner=records.person(ctx.t, item.owner_person) if item.owner_person else "",
                ),
                ctx.t(
                    "Sell only as many as are needed for the fine and the expenses of sale "
                    "(Sec XVII). Police officers and pound-keepers may not buy (Sec X)."
                ),
                ctx.t("Expenses of the sale, for example Rs 0-8-0 (send 0 if none):"),
            ]
        )
        return Turn.to("expenses", ctx.say(text))

    def _amount(self, ctx: Ctx, text: str) -> int:
        return read_amount(text.strip(), money_for(ctx.work, case_id=int(ctx.data["case"])))

    def on_expenses(self, ctx: Ctx, msg: Inbound) -> Turn:
        try:
            ctx.data["expenses"] = self._amount(ctx, msg.text)
        except PoundError as exc:
            return explained(ctx, exc, "expenses")
        return self._ask_buyer(ctx)

    def _ask_buyer(self, ctx: Ctx) -> Turn:
        number = ctx.data["queue"][0]
        text = ctx.t(
            "Head {number} ({kind}): buyer's name and village, for example: Ganga Ram, Kemri",
            number=number,
            kind=ctx.data["cattle"].get(str(number), ""),
        )
        return Turn.to("buyer", ctx.say(text, (Option("unsold", ctx.t("Not sold")),)))

    def _next(self, ctx: Ctx) -> Turn:
        ctx.data["queue"] = ctx.data["queue"][1:]
        prices = [int(lot["price"]) for lot in ctx.data["lots"]]
        if ctx.data["lots"] and covered(prices, int(ctx.data["due"]), int(ctx.data["expenses"])):
            return Turn.to(
                "place",
                ctx.say(
                    ctx.t(
                        "The lots so far cover the fine and the expenses of sale: no more may "
                        "be sold (Sec XVII)."
                    )
                    + "\n"
                    + ctx.t("Where was the auction held?")
                ),
            )
        if ctx.data["queue"]:
            return self._ask_buyer(ctx)
        if not ctx.data["lots"]:
            return Turn.done(ctx.say(ctx.t("No animal was sold; nothing was recorded.")))
        return Turn.to("place", ctx.say(ctx.t("Where was the auction held?")))

    def on_buyer(self, ctx: Ctx, msg: Inbound) -> Turn:
        if msg.option == "unsold" or (msg.option is None and words.says(msg.text, "unsold")):
            return self._next(ctx)
        try:
            buyer = person_in(msg.text)
        except PoundError as exc:
            return explained(ctx, exc, "buyer", *self._ask_buyer(ctx).replies)
        ctx.data["buyer"] = person_dict(buyer)
        return Turn.to(
            "price",
            ctx.say(
                ctx.t(
                    "Price paid by {buyer} for head {number}, for example Rs 9-0-0:",
                    buyer=buyer.name,
                    number=ctx.data["queue"][0],
                )
            ),
        )

    def on_price(self, ctx: Ctx, msg: Inbound) -> Turn:
        try:
            price = self._amount(ctx, msg.text)
        except PoundError as exc:
            return explained(ctx, exc, "price")
        ctx.data["lots"].append(
            {"number": ctx.data["queue"][0], "buyer": ctx.data.pop("buyer"), "price": price}
        )
        return self._next(ctx)

    def on_place(self, ctx: Ctx, msg: Inbound) -> Turn:
        place = msg.text.strip()
        if not place:
            return Turn.to("place", ctx.say(ctx.t("Where was the auction held?")))
        ctx.data["place"] = place[:500]
        money = money_for(ctx.work, case_id=int(ctx.data["case"]))
        lines = [
            ctx.t(
                "Sale for the fine in case No. {id} at {place}, today:",
                id=ctx.data["case"],
                place=place,
            )
        ]
        for lot in ctx.data["lots"]:
            buyer = person_from(lot["buyer"])
            lines.append(
                ctx.t(
                    "Head {number} to {buyer} for {price}",
                    number=lot["number"],
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
        return Turn.to("confirm", ctx.say("\n".join(lines), yes_no(ctx)))

    def on_confirm(self, ctx: Ctx, msg: Inbound) -> Turn:
        if (refusal := unconfirmed(ctx, msg)) is not None:
            return refusal
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


def _case_no(typed: str) -> int:
    number = typed.strip().lstrip("#").removeprefix("No.").strip().split(" ", 1)[0]
    if not number.isdigit() or len(number) > 12:
        raise invalid(N_("send the case's number, like 12"))
    return int(number)


FLOWS: list[Flow] = [NoticeFlow(), AuctionFlow(), RecoverySaleFlow()]
