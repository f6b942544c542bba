"""The Act's refusals said to a person in their language, each naming its section.

A refusal is said as its code's sentence (`TEXTS`); where that sentence carries `{message}`, the
error's own text (its `template`, marked with `law.errors.N_` where it is raised) fills it,
translated from the `refusals` domain with the details in the reader's language. A template
with no translation in the reader's language is not said in English inside his sentence: the
code's sentence is said without it (`GENERIC`).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from string import Formatter

from bot.i18n import DEFAULT_LANGUAGE, N_, Translator, meaning_of_field, translated
from bot.words import ANIMAL_LABELS, KIND_LABELS
from law.errors import PoundError

# code -> text; placeholders come from the error's details.
TEXTS: dict[str, str] = {
    "not_found": N_("That was not found: {message}"),
    "not_authorised": N_("You may not do that: {message}"),
    "invalid_input": N_("That cannot be accepted: {message}"),
    "invalid_phone": N_(
        "That phone number cannot be read. Write it like {national} or {international}."
    ),
    "invalid_money": N_("That amount cannot be read: {message}"),
    "unknown_animal_kind": N_("That kind of animal is not known: {message}"),
    "pigs_not_impoundable": N_(
        "Pigs are not impounded under this Act; damage by pigs is a complaint to the Magistrate."
    ),
    "kind_needs_order": N_("That animal can be registered only on a Magistrate's order."),
    "excluded_tract": N_("The Act does not run in that village: {message}"),
    "release_without_fine": N_(
        "Cattle are released only on payment of the fine and feeding, or by an order: {message}"
    ),
    "sale_stayed_by_complaint": N_("No sale while a complaint against the seizure is undecided."),
    "sale_not_yet_due": N_("The sale is not yet due: {message}"),
    "purchaser_is_official": N_("Police officers and pound-keepers may not buy at the sale."),
    "lot_not_needed": N_(
        "As many cattle as were needed are sold already; this lot is not needed: {message}"
    ),
    "complaint_out_of_time": N_(
        "A complaint must be made within ten days from the seizure; this one is out of time."
    ),
    "complaint_not_admitted": N_(
        "The seizure is held lawful or illegal only after the seizer was summoned to the "
        "enquiry: admit the complaint with a summons first, or dismiss it."
    ),
    "complaint_under_enquiry": N_(
        "The seizer has been summoned: the enquiry ends with the seizure held lawful or illegal."
    ),
    "complaint_decided": N_("Complaint No. {complaint_id} is already decided."),
    "complaint_already_pending": N_(
        "A complaint by the same person against this seizure is already waiting for a decision."
    ),
    "complainant_not_owner": N_(
        "Only the owner on record, {owner}, complains against this seizure, in person or "
        "through an agent in his name."
    ),
    "own_seizure_only": N_(
        "You report only the seizure you made yourself; the keeper of the pound or the police "
        "of its thana may report one for the seizer."
    ),
    "offence_recorder_not_entitled": N_(
        "Only the seizer, the keeper of the pound or the police of its thana record opposition "
        "to a seizure or a rescue; the Magistrate decides it."
    ),
    "record_not_open": N_(
        "That record is open only to the people it names and the officers of its district."
    ),
    "damages_over_cap": N_("Damages may not exceed one hundred rupees."),
    "fine_over_cap": N_("That fine is above what the Act allows: {message}"),
    "notice_not_yet_due": N_("It is too early for that: {message}"),
    "surplus_claim_out_of_time": N_("The three months for claiming the surplus are over."),
    "compensation_over_fine": N_("Compensation cannot exceed the fine."),
    "imprisonment_over_cap": N_("Imprisonment may not exceed six months."),
    "no_recovery_by_sale": N_(
        "Only a fine for mischief by causing cattle to trespass is recovered by sale of the "
        "cattle: {message}"
    ),
    "recovery_covered": N_(
        "No more cattle may be sold: the lots before it already cover the fine and the "
        "expenses of sale."
    ),
    "seizure_of_another_district": N_("That seizure is of another district: {message}"),
    "fund_insufficient": N_("The fund does not hold enough for that payment: {message}"),
    "event_in_future": N_("That time is in the future."),
    "event_out_of_order": N_("That time is before something already recorded."),
    "conflict": N_("That cannot be done now: {message}"),
    "act_before_start": N_("That date is before this office's register begins ({start})."),
    "invalid_transition": N_("That cannot be done now: {message}"),
}


MESSAGE = "message"
FALLBACK = N_("That cannot be done: {message}")

# code -> its sentence without the error's own text, said when that text has no translation.
GENERIC: dict[str, str] = {
    "not_found": N_("That was not found."),
    "not_authorised": N_("You may not do that."),
    "invalid_input": N_("That cannot be accepted."),
    "invalid_money": N_("That amount cannot be read."),
    "unknown_animal_kind": N_("That kind of animal is not known."),
    "excluded_tract": N_("The Act does not run in that village."),
    "release_without_fine": N_(
        "Cattle are released only on payment of the fine and feeding, or by an order."
    ),
    "sale_not_yet_due": N_("The sale is not yet due."),
    "lot_not_needed": N_("As many cattle as were needed are sold already; this lot is not needed."),
    "fine_over_cap": N_("That fine is above what the Act allows."),
    "notice_not_yet_due": N_("It is too early for that."),
    "no_recovery_by_sale": N_(
        "Only a fine for mischief by causing cattle to trespass is recovered by sale of the cattle."
    ),
    "seizure_of_another_district": N_("That seizure is of another district."),
    "fund_insufficient": N_("The fund does not hold enough for that payment."),
    "conflict": N_("That cannot be done now."),
    "invalid_transition": N_("That cannot be done now."),
}
GENERIC_FALLBACK = N_("That cannot be done.")

# Words a detail may hold (a kind of animal, a state of a seizure or an animal, a record), said
# in the reader's language; a kind by its label, a state of an animal as a chat says it
# (bot/words.py).
DETAIL_WORDS: dict[str, str] = {
    **KIND_LABELS,
    **ANIMAL_LABELS,
    "reported_unclaimed": N_("reported unclaimed"),
    "noticed": N_("under notice"),
    "closed": N_("closed"),
    "pending": N_("pending"),
    "admitted": N_("admitted"),
    "dismissed": N_("dismissed"),
    "lawful": N_("held lawful"),
    "illegal": N_("held illegal"),
    "withdrawn": N_("withdrawn"),
    "seizure": N_("seizure"),
    "complaint": N_("complaint"),
    "case": N_("case"),
    "offence": N_("offence"),
    "release on payment": N_("release on payment"),
    "release by order": N_("release by order"),
    "record the owner's refusal": N_("record the owner's refusal"),
    "sell": N_("sell"),
    "damages": N_("damages"),
    "a fine": N_("a fine"),
    "months of imprisonment": N_("months of imprisonment"),
    "days of imprisonment": N_("days of imprisonment"),
    "compensation": N_("compensation"),
    "the fine recovered": N_("the fine recovered"),
    "the fine due": N_("the fine due"),
}

_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_INSTANT = re.compile(r"^\d{4}-\d{2}-\d{2}T")


def said_detail(t: Translator, value: object) -> object:
    """A detail as the reader reads it: a date in his way of writing dates, a word of the
    catalog (a kind, a state) in his language; a number, a ref or a name as it is."""
    if isinstance(value, bool) or not isinstance(value, str):
        return value
    if _DAY.match(value):
        return t.day(date.fromisoformat(value))
    if _INSTANT.match(value):
        try:
            return t.day(datetime.fromisoformat(value).date())
        except ValueError:
            return value
    if value in DETAIL_WORDS:
        return t(DETAIL_WORDS[value])
    return value


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


def _fits(text: str, params: dict[str, object]) -> bool:
    """Whether every placeholder of `text` is given (a `say_...` word always is)."""
    try:
        return all(f in params or meaning_of_field(f) is not None for f in _fields(text))
    except ValueError:
        return False


def _params(t: Translator, exc: PoundError) -> dict[str, object]:
    values = {**exc.details, **exc.said}
    return {k: said_detail(t, v) for k, v in values.items() if isinstance(v, str | int)}


def section_note(t: Translator, section: str | None, *, official: bool = True) -> str:
    """The section of the Act a refusal rests on; a practice ruling is named to officials only
    (a private person is told what happens, not which ruling of docs/act.md says so)."""
    if not section:
        return ""
    if section.startswith("practice"):
        if not official:
            return ""
        return " " + t("(practice {rule})", rule=section.removeprefix("practice").strip())
    return " " + t("(Sec {section})", section=section)


def explain(t: Translator, exc: PoundError, *, official: bool = True) -> str:
    """The refusal in the reader's language, never with English inside a Hindi or Bengali
    sentence: a text of the error with no translation gives way to its code's sentence."""
    sentence = TEXTS.get(exc.code, FALLBACK)
    params = _params(t, exc)
    if MESSAGE in _fields(sentence):
        # The error's own text, in the reader's language if it has one there.
        template = exc.template
        if t.lang == DEFAULT_LANGUAGE:
            params[MESSAGE] = exc.message
        elif template and translated(t.lang, template) and _fits(template, params):
            params[MESSAGE] = t(template, **params)
        else:
            sentence = GENERIC.get(exc.code, GENERIC_FALLBACK)
    if not _fits(sentence, params):
        sentence = GENERIC.get(exc.code, GENERIC_FALLBACK)
    return t(sentence, **params) + section_note(t, exc.section, official=official)
