"""Outbound messages by template name: the office writes a name and params, the sender renders.

`office/` enqueues outbox rows naming a template here with params that are data, not text; the
sender renders them in the person's language at send time. The template "reply" carries a body
already rendered. Who receives each template, and when, is in docs/messages.md.

The renderer writes these in the reader's language: `*_amount` (an int of the profile's unit,
the system named by `money`: `₹1,23,456.50`, `Rs 1,23,456.50` in English; bot/figures.py),
`*_date` (ISO), `*_kinds` (`{"cow": 2}` -> "2 cows", "2 गायें"), `*_animals` (a register entry's
animals: number, kind, description), the people `seizer`, `owner`, `complainant`, `convict`
(`{"name", "residence"}`), `notice` (the Sec VIII notice's own params), `section` (in digits in
Hindi and Bengali), `village`, `pound` and `district` (as `village_names`, `pound_names`,
`district_names`, the district file's names by language, write them in the reader's script, if
they do: bot/i18n.py `names_written`) and a missing value (None, e.g. an owner not known). A
row queued before amounts were data carries them as `*_text` and is rendered with them
(`_legacy`).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from bot.figures import AMOUNT, LEGACY_TEXT, MONEY, digits, money
from bot.i18n import N_, Translator, names_written, translator
from bot.words import KIND_LABELS, counted

# The kinds as a notice, a register copy and the board name them: the chat's labels, the pony
# by the Act's word too, and the elephant of practice G4 (registered on a Magistrate's order).
KIND_NAMES = {**KIND_LABELS, "tattoo": N_("pony (tattoo)"), "elephant": N_("elephant")}

NOT_KNOWN = N_("not known to the office")
# A person the office knows, with where he lives (`{"name": ..., "residence": ...}`).
OF_PLACE = N_("{name} of {residence}")
PEOPLE = ("seizer", "owner", "complainant", "convict", "seizer_name", "owner_name")
ANIMAL = N_("{number}. {kind}")
DESCRIBED = N_("{animal} ({description})")
# The charges of a sale account queued item by item (a row written before `charged_amount`).
CHARGES = N_("fines {fines}, feeding {feeding}, expenses {expenses}")
# The notice of Sec VIII, as posted at the Police Office and proclaimed by beat of drum.
NOTICE = N_(
    "NOTICE (Sec VIII, Act III of 1857): {heads} head ({animals_kinds}) seized at {place}, "
    "{village}, on {seized_date}, are impounded at {pound} (ref {ref}) and have not been "
    "claimed. If not claimed within seven days of this notice they will be sold by public "
    "auction."
)
NOTICE_DESCRIBED = N_(
    "NOTICE (Sec VIII, Act III of 1857): {heads} head ({animals_kinds}: {entry_animals}) "
    "seized at {place}, {village}, on {seized_date}, are impounded at {pound} (ref {ref}) and "
    "have not been claimed. If not claimed within seven days of this notice they will be sold "
    "by public auction."
)

TEMPLATES: dict[str, str] = {
    "reply": N_("{body}"),
    # The desk's one-time sign-in code (office/access/desk_signin.py): sent at once, never held.
    "desk_code": N_(
        "Your code to sign in at the pound office's desk: {code}. It works for {minutes} "
        "minutes. Tell it to no one: the office never asks for it."
    ),
    # Officers: what is waiting for them.
    "aid_requested": N_(
        "Police aid is asked for seizure {ref}: {heads} head ({animals_kinds}) seized at "
        "{place}, {village}, by {seizer}, to be taken to {pound} (Sec II). Reply "
        "{say_cmd_convey} {ref} once they are at the pound."
    ),
    "arrival_expected": N_(
        "Seizure {ref}: {heads} head ({animals_kinds}) seized at {place}, {village}, on "
        "{seized_date} by {seizer} are on their way to {pound}. Register them when they arrive:"
        " {say_cmd_arrive} {ref} (Sec V)."
    ),
    "unclaimed_report": N_(
        "Unclaimed cattle (Sec VIII): seizure {ref}, {heads} head ({animals_kinds}) at {pound},"
        " not claimed by {claim_date}. Post this notice at the Police Office and have it "
        "proclaimed by beat of drum in {village} and at the nearest market place, then confirm "
        "it. Notice: {notice}"
    ),
    "sale_due": N_(
        "The auction of seizure {ref} may now be held: {heads} head ({animals_kinds}) at "
        "{pound}, the notice of {notice_date} has run unclaimed and no complaint is pending "
        "(Sec VIII). Police officers and pound-keepers may not buy (Sec X)."
    ),
    "sale_due_refused": N_(
        "The owner of seizure {ref} ({heads} head at {pound}) refused or omitted to pay: as "
        "many as are needed to pay the fines and charges may be sold by public auction (Sec "
        "IX). Police officers and pound-keepers may not buy (Sec X)."
    ),
    "summons": N_(
        "Summons (Sec XIV): {complainant} complains against your seizure {ref} ({village}, "
        "{seized_date}). Summary enquiry: {hearing}. Attend, or it may be decided without you."
    ),
    "complaint_admitted": N_(
        "Your complaint no. {complaint_id} (seizure {ref}) is admitted: the seizer is summoned "
        "to an enquiry, {hearing}. No sale until it is decided (Sec IX, XIV)."
    ),
    "kind_order_needed": N_(
        "Seizure {ref} ({village}, {seized_date}) brings {animals_kinds} to {pound}: not in the"
        " Sec VI scale. The keeper can register the cattle only after your order fixing the "
        "fine per head and the feeding per day (practice G4): {say_cmd_kindorder} {ref}."
    ),
    "kind_ordered": N_(
        "The Magistrate has ordered the fine and feeding of the {animals_kinds} of seizure "
        "{ref} (practice G4). Register the cattle when they arrive: {say_cmd_arrive} {ref} (Sec"
        " V)."
    ),
    "complaint_waiting": N_(
        "Complaint no. {complaint_id} against seizure {ref} ({village}, {seized_date}) was "
        "filed on {filed_date} by {complainant}: {text}. No sale until it is decided (Sec IX, "
        "XIV)."
    ),
    # Magistrates: the audit chain's head, once a day (docs/audit.md).
    "audit_head": N_("Pound register audit head, {on_date}: {head}. Keep this message."),
    # Seizers: the copy of the entry and the outcome.
    "register_copy": N_(
        "Copy of register entry {register_no} (Sec V): brought in {brought_date}, "
        "{brought_time}; {entry_animals}. Seizer: {seizer_name}. Owner: {owner_name}. Ref "
        "{ref}."
    ),
    "outcome_released_paid": N_(
        "Cattle you seized (ref {ref}): {heads} head released to the owner on payment at "
        "{pound} on {released_date} (Sec VII)."
    ),
    "outcome_released_by_order": N_(
        "Cattle you seized (ref {ref}): {heads} head released from {pound} by order on "
        "{released_date} (Sec VI)."
    ),
    "outcome_sold": N_(
        "Cattle you seized (ref {ref}): {heads} head sold by public auction on {sold_date} (Sec"
        " {section})."
    ),
    "outcome_seizure_upheld": N_(
        "Complaint no. {complaint_id} against your seizure {ref} was decided on {decided_date}:"
        " the seizure stands (Sec XIV)."
    ),
    "outcome_seizure_illegal": N_(
        "Your seizure {ref} was held illegal on {decided_date} (Sec XIV). Pay the complainant "
        "damages {damages_amount}, expenses {expenses_amount}, and {seizer_pays_amount} for "
        "fines and charges he paid or lost in a sale. Charges of cattle still held are yours."
    ),
    # Owners.
    "claim_notice": N_(
        "{ref}: your cattle ({animals_kinds}) are in {pound}. Pay {total_amount} today, then "
        "{per_day_amount} a day, to take them. Not claimed by {claim_date}: a notice, then sale"
        " 7 days on (Sec VIII). Seized wrongly? Complain to the Magistrate by {complaint_date} "
        "(Sec XIV)."
    ),
    "claim_reminder": N_(
        "Reminder, ref {ref}: claim your cattle at {pound} by {claim_date} or they will be sold"
        " (Sec VIII). Due on {on_date}: {total_amount}, then {per_day_amount} a day."
    ),
    "complaint_reminder": N_(
        "Reminder, ref {ref}: if the seizure of your cattle was illegal, you may complain to "
        "the Magistrate until {complaint_date} (Sec XIV). A complaint stops any sale until "
        "decided."
    ),
    "owner_released_by_order": N_(
        "Your cattle (ref {ref}): {heads} head released from {pound} by order, without fine, on"
        " {released_date} (Sec VI). Collect them at the pound."
    ),
    "animal_died": N_(
        "Your animal no. {number} (ref {ref}) died in {pound} on {on_date}: {reason}. Nothing "
        "is charged for it."
    ),
    "animal_escaped": N_(
        "Your animal no. {number} (ref {ref}) escaped from {pound} on {on_date}: {reason}. "
        "Nothing is charged for it."
    ),
    "notice_posted": N_(
        "Ref {ref}: a notice for your cattle was posted on {notice_date} (Sec VIII). Claim them"
        " at {pound} by {claim_date}; from {sale_date} they may be auctioned. Due today "
        "{total_amount}."
    ),
    "sale_due_owner": N_(
        "Ref {ref}: the notice for your cattle has run; from {sale_date} they may be auctioned "
        "(Sec VIII). Until then pay {total_amount} at {pound} to take them back."
    ),
    "sale_account": N_(
        "Sale of your cattle, ref {ref} (Sec IX): {number_sold} head sold for "
        "{proceeds_amount}; charges {charged_amount}; balance to you {balance_amount}. Fines "
        "and charges are paid; your other {returned_kinds} were handed back to you."
    ),
    "sale_account_all_sold": N_(
        "Sale of your cattle, ref {ref} (Sec IX): {number_sold} head sold for "
        "{proceeds_amount}; charges {charged_amount}. Fines and charges are paid; no head is "
        "left; balance to you {balance_amount}."
    ),
    "sale_account_short": N_(
        "Sale of your cattle, ref {ref} (Sec IX): {number_sold} head sold for "
        "{proceeds_amount}; charges {charged_amount}; still due {still_due_amount}. Your "
        "{held_kinds} stay in {pound}, feeding runs on; pay there or more may be sold."
    ),
    "sale_account_shortfall": N_(
        "Sale of your cattle, ref {ref} (Sec IX): {number_sold} head sold for "
        "{proceeds_amount}; charges {charged_amount}. No head is left; {shortfall_amount} stays"
        " unpaid against the seizure."
    ),
    "sale_account_unclaimed": N_(
        "Sale of your cattle, ref {ref} (Sec VIII): {number_sold} head sold for "
        "{proceeds_amount}; charges {charged_amount}; surplus held by the Magistrate "
        "{balance_amount}; unpaid {shortfall_amount}."
    ),
    "surplus_claimable": N_(
        "Ref {ref}: a surplus of {surplus_amount} from the sale of your cattle is held by the "
        "Magistrate. Claim it with proof of ownership by {until_date}; then it goes to the "
        "pound fund (Sec XI, XII)."
    ),
    "complaint_dismissed": N_(
        "Your complaint no. {complaint_id} against seizure {ref} was dismissed by the "
        "Magistrate on {decided_date} (Sec XIV)."
    ),
    "complaint_lawful": N_(
        "On your complaint no. {complaint_id} the Magistrate held the seizure {ref} lawful on "
        "{decided_date} (Sec XIV)."
    ),
    "complaint_illegal": N_(
        "On your complaint no. {complaint_id} the seizure {ref} was held illegal on "
        "{decided_date} (Sec XIV): the seizer pays you damages {damages_amount}, expenses "
        "{expenses_amount}, and {seizer_pays_amount} for fines and charges. Cattle held are "
        "released free."
    ),
    # Cases of mischief (Sec XVII): recovery of the fine by sale of the cattle.
    "recovery_ordered_convict": N_(
        "Case no. {case_id}: on {ordered_date} the Magistrate ordered your unpaid fine of "
        "{due_amount} recovered by sale of the cattle of the trespass: {cattle_animals}, at "
        "{village} (Sec XVII)."
    ),
    "recovery_ordered_complainant": N_(
        "Your case no. {case_id}: on {ordered_date} the unpaid fine of {due_amount} was ordered"
        " recovered by sale of the cattle of {convict} (Sec XVII). Your compensation, "
        "{compensation_amount}, is paid from it first (XVIII)."
    ),
    "recovery_ordered_owner": N_(
        "Your cattle {cattle_animals} are ordered on {ordered_date} sold for the fine of "
        "{convict}, case no. {case_id} (Sec XVII). The balance after expenses and fine is "
        "yours."
    ),
    "recovery_ordered_darogah": N_(
        "Recovery ordered (Sec XVII): case no. {case_id}, fine unpaid {due_amount}. Sell by "
        "public auction as many as are needed of: {cattle_animals}, at {place}, {village}, then"
        " record the sale: {say_cmd_recover} {case_id}. Police officers and pound-keepers may "
        "not buy (Sec X)."
    ),
    "recovery_sold_convict": N_(
        "Case no. {case_id}: {number_sold} head sold on {sold_date} fetched {proceeds_amount} "
        "(Sec XVII): expenses {expenses_paid_amount}, fine {fine_paid_amount}, owner's balance "
        "{balance_amount}. Fine still unpaid: {fine_unpaid_amount}."
    ),
    "recovery_sold_complainant": N_(
        "Your case no. {case_id}: the sale on {sold_date} paid {fine_paid_amount} of the fine; "
        "{to_complainant_amount} is your compensation (Sec XVIII), {compensation_unpaid_amount}"
        " still unpaid. It is set off in a civil suit (XIX)."
    ),
    "recovery_sold_owner": N_(
        "Your cattle were sold on {sold_date} for the fine of {convict}, case no. {case_id} "
        "(Sec XVII): {number_sold} head fetched {proceeds_amount}; expenses "
        "{expenses_paid_amount}, fine {fine_paid_amount}; the balance, {balance_amount}, is "
        "yours."
    ),
}


def kinds_text(t: Translator, value: Mapping[str, object]) -> str:
    """`2 cows, 1 buffalo` in the reader's language, each count in the plural it needs."""
    return ", ".join(counted(t, int(str(n)), k) for k, n in value.items())


def animals_text(t: Translator, value: list[object]) -> str:
    """`1. cow (red); 2. buffalo`: a register entry's animals in the reader's language."""
    parts = []
    for item in value:
        if not isinstance(item, Mapping):
            continue
        kind = str(item.get("kind", ""))
        text = t(ANIMAL, number=item.get("number", ""), kind=t(KIND_NAMES.get(kind, kind)))
        if item.get("description"):
            text = t(DESCRIBED, animal=text, description=item["description"])
        parts.append(text)
    return "; ".join(parts)


def person(t: Translator, name: str | None, residence: object) -> str:
    """`Ganga Ram of Kemri`: a person named with where he lives, in the reader's words
    (`OF_PLACE`), or by his name alone when his residence is not known."""
    name = name or ""
    return t(OF_PLACE, name=name, residence=residence) if residence else name


def _values(t: Translator, params: Mapping[str, object]) -> dict[str, object]:
    """Each param as the reader writes it (the keys this module's docstring names)."""
    system = params.get(MONEY)
    values: dict[str, object] = {}
    for key, value in params.items():
        if value is None:
            values[key] = t(NOT_KNOWN)
        elif key.endswith(AMOUNT) and isinstance(value, int) and not isinstance(value, bool):
            values[key] = money(t.lang, value, str(system) if system else None)
        elif key.endswith("_date") and isinstance(value, str):
            values[key] = t.day(date.fromisoformat(value[:10]))
        elif key.endswith("_time") and isinstance(value, str):
            values[key] = digits(t.lang, value)  # 10:00, ১০:০০
        elif key.endswith("_kinds") and isinstance(value, Mapping):
            values[key] = kinds_text(t, value)
        elif key.endswith("_animals") and isinstance(value, list):
            values[key] = animals_text(t, value)
        elif key in PEOPLE and isinstance(value, Mapping):
            values[key] = person(t, str(value.get("name") or ""), value.get("residence"))
        elif key == "notice" and isinstance(value, Mapping):
            values[key] = notice(t.lang, value)
        else:
            values[key] = value
    _legacy(t, params, values)
    # The village, the pound, the district as the district file writes them in the reader's
    # script, if it does (`village_names` ...).
    return names_written(values, t.lang)


def _legacy(t: Translator, params: Mapping[str, object], values: dict[str, object]) -> None:
    """A row queued before amounts were written per language carries each amount as text
    (`fine_text`), a sale account's charges item by item, and people as one string: it is
    still said, its amounts as they were queued."""
    for key, value in params.items():
        if key.endswith(LEGACY_TEXT) and isinstance(value, str):
            values.setdefault(key.removesuffix(LEGACY_TEXT) + AMOUNT, value)
    if "amount_text" in params:
        values.setdefault("surplus_amount", values["amount_amount"])
    if "charged_amount" not in values and "fines_text" in params:
        values["charged_amount"] = t(
            CHARGES,
            fines=values["fines_amount"],
            feeding=values.get("feeding_amount", ""),
            expenses=values.get("expenses_amount", ""),
        )
    for who in ("seizer", "owner"):
        if who in values:
            values.setdefault(f"{who}_name", values[who])


def notice(lang: str, params: Mapping[str, object]) -> str:
    """The Sec VIII notice to post and proclaim, in `lang` (params: office/notify/params.py
    `notice_params`)."""
    t = translator(lang)
    values = _values(t, params)
    if params.get("entry_animals"):
        return t(NOTICE_DESCRIBED, **values)
    return t(NOTICE, **values)


def said(params: Mapping[str, object], lang: str) -> dict[str, str]:
    """Each param as the reader of `lang` writes it: what a template's placeholders are filled
    with (and a WhatsApp template's variables)."""
    return {k: str(v) for k, v in _values(translator(lang), params).items()}


def render(template: str, params: Mapping[str, object], lang: str) -> str:
    """The text of one outbound message in `lang`; unknown templates raise KeyError."""
    t = translator(lang)
    return t(TEMPLATES[template], **_values(t, params))
