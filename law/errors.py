"""Named errors of the pound's law, each with a stable code and the section it enforces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar


class Template(str):
    """A refusal's English text with named placeholders, marked by `N_` for translation."""

    __slots__ = ()


def N_(text: str) -> Template:
    """Mark the text of a refusal for translation: `raise NotFound(N_("no seizure '{ref}'"),
    ref=ref)`. The placeholders are filled from the error's details, in English for `message`
    and in the reader's language where the refusal is said (bot/errors.py). This is the
    extraction marker of law/ and office/: the translations are in the `refusals` domain
    (bot/locales/<lang>/LC_MESSAGES/refusals.po), and a test checks each marked text has them.
    """
    return Template(text)


def fill(template: str, details: Mapping[str, object]) -> str:
    """The template with its placeholders filled from the details; as it is if one is missing."""
    try:
        return template.format_map(details)
    except (KeyError, IndexError, ValueError, AttributeError):
        return template


class PoundError(Exception):
    """A refusal under the Act or the project's practice, translated to words at the edge.

    `code` is a stable snake_case id for the API and the translation catalogue; `section` is the
    Roman numeral of the section enforced ("XIV") or the practice ruling ("practice G4").
    `template` is the text marked with `N_` (None for an unmarked text, never translated) and
    `message` that text in English, filled from the `details` (returned by the API) and the
    values only said (`said`: an amount as written, a word of the refusal).
    """

    code: ClassVar[str] = "pound_error"
    section: str | None = None

    def __init__(
        self,
        message: str,
        *,
        section: str | None = None,
        said: Mapping[str, object] | None = None,
        **details: object,
    ) -> None:
        self.template: str | None = str(message) if isinstance(message, Template) else None
        # Kept JSON-able so the API can return them as they are.
        self.details: dict[str, object] = dict(details)
        # Values the template says that are not details of the API (an amount as written).
        self.said: dict[str, object] = dict(said or {})
        self.message = (
            fill(self.template, {**self.details, **self.said}) if self.template else str(message)
        )
        super().__init__(self.message)
        if section is not None:
            self.section = section

    def __str__(self) -> str:
        return self.message

    def as_dict(self) -> dict[str, object]:
        """The error as the API returns it."""
        return {
            "code": self.code,
            "section": self.section,
            "message": self.message,
            "details": dict(self.details),
        }


def _error(
    name: str, code: str, section: str | None = None, base: type[PoundError] = PoundError
) -> type[PoundError]:
    """A named refusal: a subclass of `base` with its stable code and the section it enforces
    (None: none, or the one given where it is raised)."""
    return type(name, (base,), {"code": code, "section": section, "__module__": __name__})


class InvalidInput(PoundError):
    code = "invalid_input"


class NotAuthorised(PoundError):
    code = "not_authorised"


# --- Money and input ---------------------------------------------------------------------------

InvalidMoney = _error("InvalidMoney", "invalid_money")
# A phone that is not a number of the district's country (or of one given by +code); `example`
# says how to write one.
InvalidPhone = _error("InvalidPhone", "invalid_phone", base=InvalidInput)

# --- Animals ------------------------------------------------------------------------------------

UnknownAnimalKind = _error("UnknownAnimalKind", "unknown_animal_kind", "VI")
PigsNotImpoundable = _error("PigsNotImpoundable", "pigs_not_impoundable", "XVIII")
KindNeedsMagistrateOrder = _error("KindNeedsMagistrateOrder", "kind_needs_order", "practice G4")
ExcludedTract = _error("ExcludedTract", "excluded_tract", "XX")

# --- Release, sale and complaint ---------------------------------------------------------------

ReleaseWithoutFine = _error("ReleaseWithoutFine", "release_without_fine", "VI")
SaleStayedByComplaint = _error("SaleStayedByComplaint", "sale_stayed_by_complaint", "IX")
# Sec IX sells "as many as may be necessary": the lots before this one already covered the dues
# and the expenses of sale (practice G13).
LotNotNeeded = _error("LotNotNeeded", "lot_not_needed", "IX")
SaleNotYetDue = _error("SaleNotYetDue", "sale_not_yet_due", "VIII")
PurchaserIsOfficial = _error("PurchaserIsOfficial", "purchaser_is_official", "X")
ComplaintOutOfTime = _error("ComplaintOutOfTime", "complaint_out_of_time", "XIV")
# Practice G15: lawful or illegal is adjudged only after the seizer was summoned.
ComplaintNotAdmitted = _error("ComplaintNotAdmitted", "complaint_not_admitted", "XIV")
# Practice G15: once the seizer is summoned, the enquiry ends lawful or illegal.
ComplaintUnderEnquiry = _error("ComplaintUnderEnquiry", "complaint_under_enquiry", "XIV")
ComplaintDecided = _error("ComplaintDecided", "complaint_decided", "XIV")
# Practice G14: one undecided complaint per complainant per seizure.
ComplaintAlreadyPending = _error(
    "ComplaintAlreadyPending", "complaint_already_pending", "practice G14"
)
DamagesOverCap = _error("DamagesOverCap", "damages_over_cap", "XIV")
# A fine above its cap; the section (XIII or XVIII) is given where it is raised.
FineOverCap = _error("FineOverCap", "fine_over_cap")
NoticeNotYetDue = _error("NoticeNotYetDue", "notice_not_yet_due", "VIII")
InvalidTransition = _error("InvalidTransition", "invalid_transition")
SurplusClaimOutOfTime = _error("SurplusClaimOutOfTime", "surplus_claim_out_of_time", "XI")
CompensationOverFine = _error("CompensationOverFine", "compensation_over_fine", "XVIII")

# --- Offences and cases (XIII, XVII, XVIII, XX) -------------------------------------------------

# Imprisonment above six months for forcibly opposing a seizure or a rescue.
ImprisonmentOverCap = _error("ImprisonmentOverCap", "imprisonment_over_cap", "XIII")
# Recovery by sale of the cattle is for a fine adjudged under Sec XVII only.
NoRecoveryBySale = _error("NoRecoveryBySale", "no_recovery_by_sale", "XVII")
# A lot offered when the lots before it already cover the fine and the expenses of sale.
RecoveryCovered = _error("RecoveryCovered", "recovery_covered", "XVII")
# A case rests on a seizure of another district: each district is under the Act, and under its
# own Magistrate, on its own (Sec XX excludes district by district; Sec IV, XXI).
SeizureOfAnotherDistrict = _error(
    "SeizureOfAnotherDistrict", "seizure_of_another_district", "XX", InvalidInput
)
# A payment out of the Sec XII fund larger than what the fund holds.
FundInsufficient = _error("FundInsufficient", "fund_insufficient", "XII")

# --- Generic errors for the office layer -------------------------------------------------------

NotFound = _error("NotFound", "not_found")
EventInFuture = _error("EventInFuture", "event_in_future")
EventOutOfOrder = _error("EventOutOfOrder", "event_out_of_order")
Conflict = _error("Conflict", "conflict")
# Practice G17: no act is dated before the district's register began.
ActBeforeStart = _error("ActBeforeStart", "act_before_start", "practice G17")
# Sec XIV, practice G14: the owner of record complains, in person or by his agent.
ComplainantNotOwner = _error("ComplainantNotOwner", "complainant_not_owner", "XIV", NotAuthorised)
# Sec II, V: a private person reports the seizure he made; the keeper of the pound or the police
# of its thana may write one down for the seizer.
OwnSeizureOnly = _error("OwnSeizureOnly", "own_seizure_only", "II", NotAuthorised)
# Sec XIII: forcible opposition or rescue is recorded by the seizer, the keeper of the pound, or
# the police of its thana, who deal with it; the Magistrate decides it.
OffenceRecorderNotEntitled = _error(
    "OffenceRecorderNotEntitled", "offence_recorder_not_entitled", "XIII", NotAuthorised
)
# A record with no public view, asked for by someone neither party to it nor an officer of its
# district.
RecordNotOpen = _error("RecordNotOpen", "record_not_open", base=NotAuthorised)


# Every named refusal of this module (the API's error codes).
ALL_ERRORS: tuple[type[PoundError], ...] = tuple(
    error
    for error in list(globals().values())
    if isinstance(error, type) and issubclass(error, PoundError) and error is not PoundError
)
