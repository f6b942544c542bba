"""Outbound messages by template name: the office writes a name and params, the sender renders.

`office/` enqueues outbox rows naming a template here with plain params (amounts already in the
profile's notation as `*_text`, dates as ISO strings named `*_date`); the sender renders them in
the person's language at send time. The template "reply" carries a body already rendered.
Who receives each template, and when, is in docs/messages.md.

Besides `*_date`, the renderer writes a few plain values in the reader's language: `*_kinds`
(`{"cow": 2}` -> "2 cow"), `*_animals` (a register entry's animals: number, kind, description)
and a missing value (None, e.g. an owner not known).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from bot.i18n import N_, Translator, translator
from bot.words import counted

KIND_NAMES: dict[str, str] = {
    "camel": N_("camel"),
    "buffalo": N_("buffalo"),
    "horse": N_("horse"),
    "tattoo": N_("pony (tattoo)"),
    "bull": N_("bull"),
    "bullock": N_("bullock"),
    "cow": N_("cow"),
    "calf": N_("calf"),
    "ass": N_("ass"),
    "sheep": N_("sheep"),
    "goat": N_("goat"),
    # Practice G4: outside the scale, registered on a Magistrate's order.
    "elephant": N_("elephant"),
}

NOT_KNOWN = N_("not known to the office")

TEMPLATES: dict[str, str] = {
    "reply": N_("{body}"),
    # Officers: what is waiting for them.
    "aid_requested": N_(
        "Police aid is asked for seizure {ref}: {heads} head ({animals_kinds}) seized at {place}, "
        "{village}, by {seizer}, to be taken to {pound} (Sec II). Reply {say_cmd_convey} {ref} "
        "once they are at the pound."
    ),
    "arrival_expected": N_(
        "Seizure {ref}: {heads} head ({animals_kinds}) seized at {place}, {village}, on "
        "{seized_date} by {seizer} are on their way to {pound}. Register them when they "
        "arrive: {say_cmd_arrive} {ref} (Sec V)."
    ),
    "unclaimed_report": N_(
        "Unclaimed cattle (Sec VIII): seizure {ref}, {heads} head ({animals_kinds}) at {pound}, "
        "not claimed by {claim_date}. Post this notice at the Police Office and have it "
        "proclaimed by beat of drum in {village} and at the nearest market place, then confirm "
        "it. Notice: {notice}"
    ),
    "sale_due": N_(
        "The auction of seizure {ref} may now be held: {heads} head ({animals_kinds}) at "
        "{pound}, the notice of {notice_date} has run unclaimed and no complaint is "
        "pending (Sec VIII). Police officers and pound-keepers may not buy (Sec X)."
    ),
    "sale_due_refused": N_(
        "The owner of seizure {ref} ({heads} head at {pound}) refused or omitted to pay: "
        "as many as are needed to pay the fines and charges may be sold by public auction "
        "(Sec IX). Police officers and pound-keepers may not buy (Sec X)."
    ),
    "summons": N_(
        "Summons (Sec XIV): {complainant} complains against your seizure {ref} ({village}, "
        "{seized_date}). The Magistrate will hold a summary enquiry: {hearing}. Attend, or the "
        "complaint may be decided without you."
    ),
    "complaint_admitted": N_(
        "Your complaint no. {complaint_id} against seizure {ref} is admitted: the seizer is "
        "summoned to a summary enquiry ({hearing}). No sale until it is decided (Sec IX, XIV)."
    ),
    "kind_order_needed": N_(
        "Seizure {ref} ({village}, {seized_date}) brings {animals_kinds} to {pound}: not in "
        "the Sec VI scale. The keeper can register the cattle only after your order fixing the "
        "fine per head and the feeding per day (practice G4): {say_cmd_kindorder} {ref}."
    ),
    "kind_ordered": N_(
        "The Magistrate has ordered the fine and feeding of the {animals_kinds} of seizure "
        "{ref} (practice G4). Register the cattle when they arrive: {say_cmd_arrive} {ref} (Sec V)."
    ),
    "complaint_waiting": N_(
        "Complaint no. {complaint_id} against seizure {ref} ({village}, {seized_date}) was "
        "filed on {filed_date} by {complainant}: {text}. No sale until it is decided "
        "(Sec IX, XIV)."
    ),
    # Magistrates: the audit chain's head, once a day (docs/audit.md).
    "audit_head": N_("Pound register audit head, {on_date}: {head}. Keep this message."),
    # Seizers: the copy of the entry and the outcome.
    "register_copy": N_(
        "Copy of entry {register_no} in the register of {pound} (Sec V): brought in on "
        "{brought_date} at {brought_time}; {heads} head: {entry_animals}. Seizer: {seizer}. "
        "Owner: {owner}. Ref {ref}."
    ),
    "outcome_released_paid": N_(
        "The cattle you seized (ref {ref}): {heads} head were released to the owner on "
        "payment of the fine and feeding at {pound} on {released_date} (Sec VII)."
    ),
    "outcome_released_by_order": N_(
        "The cattle you seized (ref {ref}): {heads} head were released from {pound} by "
        "order on {released_date} (Sec VI)."
    ),
    "outcome_sold": N_(
        "The cattle you seized (ref {ref}): {heads} head were sold by public auction on "
        "{sold_date} (Sec {section})."
    ),
    "outcome_seizure_upheld": N_(
        "Complaint no. {complaint_id} against your seizure {ref} was decided on {decided_date}: "
        "the seizure stands (Sec XIV)."
    ),
    "outcome_seizure_illegal": N_(
        "The Magistrate held your seizure {ref} illegal on {decided_date} (Sec XIV). You are "
        "to pay the complainant damages {damages_text}, his expenses of procuring the release "
        "{expenses_text}, and the fines and expenses he paid or that were taken from the "
        "proceeds of a sale, {seizer_pays_text}. The fines and feeding of cattle still held "
        "are charged to you."
    ),
    # Owners.
    "claim_notice": N_(
        "Your cattle are in {pound} (ref {ref}): {heads} head ({animals_kinds}), brought "
        "in on {impounded_date}. Fine {fine_text} (Sec VI) and feeding {per_day_text} a day "
        "(Sec VII); due today {total_text}. Pay at {pound} to take them back. If not "
        "claimed by {claim_date} they will be reported unclaimed, proclaimed and sold "
        "(Sec VIII). You may complain to the Magistrate against the seizure until "
        "{complaint_date} (Sec XIV)."
    ),
    "claim_reminder": N_(
        "Reminder: your cattle (ref {ref}) are in {pound}. Claim them by {claim_date}, or "
        "they will be reported unclaimed and sold (Sec VIII). Due on {on_date}: {total_text}, "
        "and {per_day_text} more each day."
    ),
    "complaint_reminder": N_(
        "Reminder: if the seizure of your cattle (ref {ref}) was illegal, you may complain to "
        "the Magistrate until {complaint_date} (Sec XIV). A complaint stops any sale until it "
        "is decided (Sec IX)."
    ),
    "owner_released_by_order": N_(
        "Your cattle (ref {ref}): {heads} head are released from {pound} by order, "
        "without fine, on {released_date} (Sec VI). Collect them at the pound."
    ),
    "animal_died": N_(
        "Your animal no. {number} of seizure {ref} died in {pound} on {on_date}: "
        "{reason}. Nothing is asked of you for it: no fine and no feeding."
    ),
    "animal_escaped": N_(
        "Your animal no. {number} of seizure {ref} escaped from {pound} on {on_date}: "
        "{reason}. Nothing is asked of you for it: no fine and no feeding."
    ),
    "notice_posted": N_(
        "A notice for your cattle (ref {ref}) was posted and proclaimed on {notice_date} "
        "(Sec VIII). Claim them at {pound} by {claim_date}; from {sale_date} they may be "
        "sold by public auction. Due today {total_text}."
    ),
    "sale_due_owner": N_(
        "The notice for your cattle (ref {ref}) has run: from {sale_date} they may be sold by "
        "public auction (Sec VIII). Until the sale you can still take them back by paying "
        "{total_text} at {pound}."
    ),
    "sale_account": N_(
        "Account of the sale of your cattle, ref {ref} (Sec IX): seized {number_seized} head; "
        "in the pound from {from_date} to {until_date}; charged fines {fines_text}, feeding "
        "{feeding_text}, expenses of sale {expenses_text}; paid by earlier sales "
        "{paid_before_text}; sold now {number_sold} head for {proceeds_text}; applied to "
        "expenses {expenses_paid_text}, fines {fines_paid_text}, feeding {feeding_paid_text}. "
        "The fines and expenses are paid: your other {returned} head ({returned_kinds}) were "
        "handed back to you with the balance of {balance_text}, and your receipt for them is "
        "recorded."
    ),
    "sale_account_all_sold": N_(
        "Account of the sale of your cattle, ref {ref} (Sec IX): seized {number_seized} head; "
        "in the pound from {from_date} to {until_date}; charged fines {fines_text}, feeding "
        "{feeding_text}, expenses of sale {expenses_text}; paid by earlier sales "
        "{paid_before_text}; sold now {number_sold} head for {proceeds_text}; applied to "
        "expenses {expenses_paid_text}, fines {fines_paid_text}, feeding {feeding_paid_text}. "
        "The fines and expenses are paid and no head is left in the pound; the balance paid "
        "to you is {balance_text}."
    ),
    "sale_account_short": N_(
        "Account of the sale of your cattle, ref {ref} (Sec IX): seized {number_seized} head; "
        "in the pound from {from_date} to {until_date}; charged fines {fines_text}, feeding "
        "{feeding_text}, expenses of sale {expenses_text}; paid by earlier sales "
        "{paid_before_text}; sold now {number_sold} head for {proceeds_text}; applied to "
        "expenses {expenses_paid_text}, fines {fines_paid_text}, feeding {feeding_paid_text}. "
        "The proceeds fell short: {still_due_text} is still due. Your other {held} head "
        "({held_kinds}) stay in {pound}, their feeding runs on, and a further sale may follow "
        "unless you pay what is due there."
    ),
    "sale_account_shortfall": N_(
        "Account of the sale of your cattle, ref {ref} (Sec IX): seized {number_seized} head; "
        "in the pound from {from_date} to {until_date}; charged fines {fines_text}, feeding "
        "{feeding_text}, expenses of sale {expenses_text}; paid by earlier sales "
        "{paid_before_text}; sold now {number_sold} head for {proceeds_text}; applied to "
        "expenses {expenses_paid_text}, fines {fines_paid_text}, feeding {feeding_paid_text}. "
        "No head is left to sell; {shortfall_text} stays unpaid against the seizure."
    ),
    "sale_account_unclaimed": N_(
        "Account of the sale of your cattle, ref {ref} (Sec VIII, XI): seized {number_seized} "
        "head; in the pound from {from_date} to {until_date}; fines {fines_text}, feeding "
        "{feeding_text}, expenses of sale {expenses_text}; sold {number_sold} head for "
        "{proceeds_text}; applied to expenses {expenses_paid_text}, fines {fines_paid_text}, "
        "feeding {feeding_paid_text}; surplus held by the Magistrate {balance_text}; unpaid "
        "{shortfall_text}."
    ),
    "surplus_claimable": N_(
        "A surplus of {amount_text} from the sale of the cattle of seizure {ref} is held by the "
        "Magistrate. It can be claimed, with proof of ownership, until {until_date}; after that "
        "it goes to the pound fund (Sec XI, XII)."
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
        "On your complaint no. {complaint_id} the Magistrate held the seizure {ref} illegal on "
        "{decided_date} (Sec XIV): the seizer is to pay you damages {damages_text}, your "
        "expenses {expenses_text}, and the fines and expenses you paid or that were taken from "
        "the proceeds of a sale, {seizer_pays_text}. Cattle still held are released to you "
        "without charge."
    ),
    # Cases of mischief (Sec XVII): recovery of the fine by sale of the cattle.
    "recovery_ordered_convict": N_(
        "Case no. {case_id}: on {ordered_date} the Magistrate ordered the fine of {fine_text} "
        "adjudged against you, {due_text} of it unpaid, to be recovered by sale of the cattle "
        "by which the trespass was committed: {cattle_animals}, at {place}, {village} "
        "(Sec XVII). They may be sold whether they are yours or were only in your charge."
    ),
    "recovery_ordered_complainant": N_(
        "Your case no. {case_id}: on {ordered_date} the Magistrate ordered the unpaid fine of "
        "{due_text} to be recovered by sale of the cattle of {convict} (Sec XVII). The "
        "compensation ordered to you, {compensation_text}, is paid out of it first (Sec XVIII)."
    ),
    "recovery_ordered_owner": N_(
        "Your cattle {cattle_animals}, at {place}, {village}, are ordered on {ordered_date} to be "
        "sold for the fine adjudged against {convict} in case no. {case_id}, in whose charge "
        "they were when the trespass was committed (Sec XVII). What is left of the price after "
        "the expenses of sale and the fine will be paid to you."
    ),
    "recovery_ordered_darogah": N_(
        "Recovery ordered (Sec XVII): case no. {case_id}, fine unpaid {due_text}. Sell by public "
        "auction as many as are needed of: {cattle_animals}, at {place}, {village}, then record "
        "the sale: {say_cmd_recover} {case_id}. Police officers and pound-keepers may not buy "
        "(Sec X)."
    ),
    "recovery_sold_convict": N_(
        "Case no. {case_id}: {number_sold} head were sold on {sold_date} for the fine "
        "(Sec XVII) and fetched {proceeds_text}: expenses of sale {expenses_paid_text}, fine "
        "{fine_paid_text}, balance to the owner {balance_text}. Fine still unpaid: "
        "{fine_unpaid_text}."
    ),
    "recovery_sold_complainant": N_(
        "Your case no. {case_id}: the cattle sold on {sold_date} paid {fine_paid_text} of the "
        "fine; {to_complainant_text} of it is your compensation (Sec XVIII), and "
        "{compensation_unpaid_text} of the compensation is still unpaid. What you were paid "
        "will be set off against damages in a civil suit (Sec XIX)."
    ),
    "recovery_sold_owner": N_(
        "Your cattle were sold on {sold_date} for the fine adjudged against {convict} in case "
        "no. {case_id} (Sec XVII): {number_sold} head fetched {proceeds_text}; expenses of sale "
        "{expenses_paid_text}, fine {fine_paid_text}; the balance, {balance_text}, is yours."
    ),
}


def _kinds(t: Translator, value: Mapping[str, object]) -> str:
    """`2 cows, 1 buffalo` in the reader's language, each count in the plural it needs."""
    return ", ".join(counted(t, int(str(n)), k) for k, n in value.items())


def _animals(t: Translator, value: list[object]) -> str:
    parts = []
    for item in value:
        if not isinstance(item, Mapping):
            continue
        kind = str(item.get("kind", ""))
        text = f"{item.get('number', '')}. {t(KIND_NAMES.get(kind, kind))}"
        if item.get("description"):
            text += f" ({item['description']})"
        parts.append(text)
    return "; ".join(parts)


def render(template: str, params: Mapping[str, object], lang: str) -> str:
    """The text of one outbound message in `lang`; unknown templates raise KeyError."""
    t = translator(lang)
    values: dict[str, object] = {}
    for key, value in params.items():
        if value is None:
            values[key] = t(NOT_KNOWN)
        elif key.endswith("_date") and isinstance(value, str):
            values[key] = t.day(date.fromisoformat(value[:10]))
        elif key.endswith("_kinds") and isinstance(value, Mapping):
            values[key] = _kinds(t, value)
        elif key.endswith("_animals") and isinstance(value, list):
            values[key] = _animals(t, value)
        else:
            values[key] = value
    return t(TEMPLATES[template], **values)
