"""The Act's refusals said to a person in their language, each naming its section."""

from __future__ import annotations

from bot.i18n import N_, Translator
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
    template = TEXTS.get(exc.code, N_("That cannot be done: {message}"))
    params = {k: v for k, v in exc.details.items() if isinstance(v, str | int)}
    params["message"] = exc.message
    return t(template, **params) + section_note(t, exc.section, official=official)
