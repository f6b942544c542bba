"""Records the officers' chats show (the copy of a register entry, a receipt, a sale's account),
written in the reader's language from the data the office returns; the register keeps its own
English text of each."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime

from bot import notices
from bot.figures import digits, money
from bot.i18n import N_, NP_, Translator
from bot.notices import KIND_NAMES, NOT_KNOWN

COPY = N_(
    "Copy of entry {register_no} in the register of {pound} (Sec V). Brought in {day} "
    "{time}. {heads} head: {animals}. Seizer: {seizer}. Owner: {owner}. Ref {ref}."
)
ANIMAL = N_("{number}. {kind}")
ANIMAL_DESCRIBED = N_("{number}. {kind}, {description}")

RECEIPT = N_(
    "Received back {heads} head ({numbers}) of seizure {ref} from {pound} on {day}, on "
    "payment of fine {fine} and feeding {feeding}, total {total}."
)
RECEIPT_EXPENSES = N_(
    "Received back {heads} head ({numbers}) of seizure {ref} from {pound} on {day}, on "
    "payment of fine {fine} and feeding {feeding} and expenses of sale {expenses}, total "
    "{total}."
)
SIGNED = N_("Signed: {signer}.")
SIGNED_BY_AGENT = N_("Signed: {signer} by agent {agent}.")

# The items of the account of a sale (Sec IX), as law/accounts.py `account_lines` writes them.
SEIZED = N_("1. Cattle seized: {n}")
IMPOUNDED = NP_(
    "2. Time impounded: {n} day, {start} to {end}", "2. Time impounded: {n} days, {start} to {end}"
)
CHARGED = N_(
    "3. Charged: fines {fines}, feeding {feeding}, expenses of sale {expenses}; in all {total}"
)
SOLD = N_("4. Cattle sold: {n}")
SOLD_BEFORE = N_("4. Cattle sold: {n} (and {before} at earlier sales)")
PROCEEDS = N_("5. Proceeds of sale: {proceeds}")
PROCEEDS_BEFORE = N_("5. Proceeds of sale: {proceeds}; earlier sales paid {paid} of the charges")
APPLIED = N_("6. Proceeds applied: expenses of sale {expenses}, fines {fines}, feeding {feeding}")
SURPLUS = N_("surplus {amount} held in deposit by the Magistrate")
BALANCE = N_("balance to the owner {amount}")
STILL_DUE = N_("still due {amount}")
UNPAID = N_("still unpaid {amount}")
HANDED_BACK = N_("7. Cattle handed back to the owner: {n} (no. {numbers})")
STILL_HELD = N_("7. Cattle still held in the pound: {n} (no. {numbers})")
STILL_HELD_MORE = N_(
    "7. Cattle still held in the pound: {n} (no. {numbers}); feeding runs on and a further "
    "sale may follow"
)


def person(t: Translator, value: object) -> str:
    """`Ganga Ram of Kemri`, a person the office returns as `{"name", "residence"}`."""
    if not isinstance(value, Mapping):
        return t(NOT_KNOWN)
    return notices.person(t, str(value.get("name") or ""), value.get("residence"))


def animal(t: Translator, item: Mapping[str, object]) -> str:
    """`1. cow, red`: a numbered head, its kind in the reader's language."""
    kind = str(item.get("kind", ""))
    said = t(KIND_NAMES[kind]) if kind in KIND_NAMES else kind
    number = item.get("number", "")
    if item.get("description"):
        return t(ANIMAL_DESCRIBED, number=number, kind=said, description=item["description"])
    return t(ANIMAL, number=number, kind=said)


def _animals(t: Translator, animals: Sequence[object]) -> str:
    return "; ".join(animal(t, item) for item in animals if isinstance(item, Mapping))


def _numbers(t: Translator, value: object) -> str:
    """Animals' numbers ("1, 2, 3") in the reader's digits."""
    listed = ", ".join(str(n) for n in value) if isinstance(value, list | tuple) else ""
    return digits(t.lang, listed)


def register_copy(t: Translator, copy: Mapping[str, object]) -> str:
    """The copy of a register entry (Sec V), from `Arrival.copy`."""
    brought = datetime.fromisoformat(str(copy["brought_at"]))
    animals = copy.get("animals")
    return t(
        COPY,
        register_no=copy["register_no"],
        pound=copy["pound"],
        pound_names=copy.get("pound_names"),
        day=t.day(brought.date()),
        time=digits(t.lang, f"{brought:%H:%M}"),
        heads=copy["heads"],
        animals=_animals(t, animals if isinstance(animals, list) else []),
        seizer=person(t, copy.get("seizer")),
        owner=person(t, copy.get("owner")),
        ref=copy["ref"],
    )


def _amount(t: Translator, params: Mapping[str, object], key: str) -> str:
    return money(t.lang, int(str(params.get(key) or 0)), str(params.get("money") or ""))


def receipt(t: Translator, params: Mapping[str, object]) -> str:
    """The owner's receipt (Sec VII), from `Receipt.receipt`."""
    text = t(
        RECEIPT_EXPENSES if params.get("expenses_amount") else RECEIPT,
        heads=params["heads"],
        numbers=_numbers(t, params.get("numbers")),
        ref=params["ref"],
        pound=params["pound"],
        pound_names=params.get("pound_names"),
        day=t.day(date.fromisoformat(str(params["on_date"]))),
        fine=_amount(t, params, "fine_amount"),
        feeding=_amount(t, params, "feeding_amount"),
        expenses=_amount(t, params, "expenses_amount"),
        total=_amount(t, params, "total_amount"),
    )
    if params.get("agent"):
        signed = t(SIGNED_BY_AGENT, signer=params["signed"], agent=params["agent"])
    else:
        signed = t(SIGNED, signer=params["signed"])
    return f"{text} {signed}"


def sale_account(t: Translator, a: Mapping[str, object]) -> str:
    """The account of a sale (Sec IX), one item a line, from `SaleRecorded.account`."""

    def amount(key: str) -> str:
        return _amount(t, a, key)

    def count(key: str) -> int:
        return int(str(a.get(key) or 0))

    lines = [
        t(SEIZED, n=count("number_seized")),
        t.plural(
            *IMPOUNDED,
            count("days"),
            start=t.day(date.fromisoformat(str(a["from_date"]))),
            end=t.day(date.fromisoformat(str(a["until_date"]))),
        ),
        t(
            CHARGED,
            fines=amount("fines_charged_amount"),
            feeding=amount("feeding_charged_amount"),
            expenses=amount("expenses_amount"),
            total=amount("charged_amount"),
        ),
    ]
    if count("sold_before"):
        lines.append(t(SOLD_BEFORE, n=count("number_sold"), before=count("sold_before")))
        lines.append(
            t(
                PROCEEDS_BEFORE,
                proceeds=amount("proceeds_amount"),
                paid=amount("paid_before_amount"),
            )
        )
    else:
        lines.append(t(SOLD, n=count("number_sold")))
        lines.append(t(PROCEEDS, proceeds=amount("proceeds_amount")))
    applied = [
        t(
            APPLIED,
            expenses=amount("expenses_paid_amount"),
            fines=amount("fines_paid_amount"),
            feeding=amount("feeding_paid_amount"),
        ),
        t(SURPLUS if a.get("unclaimed") else BALANCE, amount=amount("balance_amount")),
    ]
    if count("still_due_amount"):
        applied.append(t(STILL_DUE, amount=amount("still_due_amount")))
    if count("shortfall_amount"):
        applied.append(t(UNPAID, amount=amount("shortfall_amount")))
    lines.append("; ".join(applied))
    handed_back, held = a.get("handed_back"), a.get("still_held")
    if isinstance(handed_back, list) and handed_back:
        lines.append(t(HANDED_BACK, n=len(handed_back), numbers=_numbers(t, handed_back)))
    elif isinstance(held, list) and held:
        template = STILL_HELD if a.get("unclaimed") else STILL_HELD_MORE
        lines.append(t(template, n=len(held), numbers=_numbers(t, held)))
    return "\n".join(lines)
