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


# --- Money and input ---------------------------------------------------------------------------


class InvalidMoney(PoundError):
    code = "invalid_money"


class InvalidInput(PoundError):
    code = "invalid_input"


class InvalidPhone(InvalidInput):
    """A phone that is not a number of the district's country (or of one given by +code);
    `example` says how to write one."""

    code = "invalid_phone"


# --- Animals ------------------------------------------------------------------------------------


class UnknownAnimalKind(PoundError):
    code = "unknown_animal_kind"
    section = "VI"


class PigsNotImpoundable(PoundError):
    code = "pigs_not_impoundable"
    section = "XVIII"


class KindNeedsMagistrateOrder(PoundError):
    code = "kind_needs_order"
    section = "practice G4"


class ExcludedTract(PoundError):
    code = "excluded_tract"
    section = "XX"


# --- Release, sale and complaint ---------------------------------------------------------------


class ReleaseWithoutFine(PoundError):
    code = "release_without_fine"
    section = "VI"


class SaleStayedByComplaint(PoundError):
    code = "sale_stayed_by_complaint"
    section = "IX"


class LotNotNeeded(PoundError):
    """Sec IX sells "as many as may be necessary": the lots before this one already covered the
    dues and the expenses of sale (practice G13)."""

    code = "lot_not_needed"
    section = "IX"


class SaleNotYetDue(PoundError):
    code = "sale_not_yet_due"
    section = "VIII"


class PurchaserIsOfficial(PoundError):
    code = "purchaser_is_official"
    section = "X"


class ComplaintOutOfTime(PoundError):
    code = "complaint_out_of_time"
    section = "XIV"


class ComplaintNotAdmitted(PoundError):
    """Practice G15: lawful or illegal is adjudged only after the seizer was summoned."""

    code = "complaint_not_admitted"
    section = "XIV"


class ComplaintUnderEnquiry(PoundError):
    """Practice G15: once the seizer is summoned, the enquiry ends lawful or illegal."""

    code = "complaint_under_enquiry"
    section = "XIV"


class ComplaintDecided(PoundError):
    code = "complaint_decided"
    section = "XIV"


class ComplaintAlreadyPending(PoundError):
    """Practice G14: one undecided complaint per complainant per seizure."""

    code = "complaint_already_pending"
    section = "practice G14"


class DamagesOverCap(PoundError):
    code = "damages_over_cap"
    section = "XIV"


class FineOverCap(PoundError):
    """A fine above its cap; the section (XIII or XVIII) is given where it is raised."""

    code = "fine_over_cap"


class NoticeNotYetDue(PoundError):
    code = "notice_not_yet_due"
    section = "VIII"


class InvalidTransition(PoundError):
    code = "invalid_transition"


class SurplusClaimOutOfTime(PoundError):
    code = "surplus_claim_out_of_time"
    section = "XI"


class CompensationOverFine(PoundError):
    code = "compensation_over_fine"
    section = "XVIII"


# --- Offences and cases (XIII, XVII, XVIII, XX) -------------------------------------------------


class ImprisonmentOverCap(PoundError):
    """Imprisonment above six months for forcibly opposing a seizure or a rescue."""

    code = "imprisonment_over_cap"
    section = "XIII"


class NoRecoveryBySale(PoundError):
    """Recovery by sale of the cattle is for a fine adjudged under Sec XVII only."""

    code = "no_recovery_by_sale"
    section = "XVII"


class RecoveryCovered(PoundError):
    """A lot offered when the lots before it already cover the fine and the expenses of sale."""

    code = "recovery_covered"
    section = "XVII"


class SeizureOfAnotherDistrict(InvalidInput):
    """A case rests on a seizure of another district: each district is under the Act, and
    under its own Magistrate, on its own (Sec XX excludes district by district; Sec IV, XXI)."""

    code = "seizure_of_another_district"
    section = "XX"


class FundInsufficient(PoundError):
    """A payment out of the Sec XII fund larger than what the fund holds."""

    code = "fund_insufficient"
    section = "XII"


# --- Generic errors for the office layer -------------------------------------------------------


class NotFound(PoundError):
    code = "not_found"


class NotAuthorised(PoundError):
    code = "not_authorised"


class EventInFuture(PoundError):
    code = "event_in_future"


class EventOutOfOrder(PoundError):
    code = "event_out_of_order"


class Conflict(PoundError):
    code = "conflict"


class ActBeforeStart(PoundError):
    """Practice G17: no act is dated before the district's register began."""

    code = "act_before_start"
    section = "practice G17"


class ComplainantNotOwner(NotAuthorised):
    """Sec XIV, practice G14: the owner of record complains, in person or by his agent."""

    code = "complainant_not_owner"
    section = "XIV"


class OwnSeizureOnly(NotAuthorised):
    """Sec II, V: a private person reports the seizure he made; the keeper of the pound or the
    police of its thana may write one down for the seizer."""

    code = "own_seizure_only"
    section = "II"


class OffenceRecorderNotEntitled(NotAuthorised):
    """Sec XIII: forcible opposition or rescue is recorded by the seizer, the keeper of the
    pound, or the police of its thana, who deal with it; the Magistrate decides it."""

    code = "offence_recorder_not_entitled"
    section = "XIII"


class RecordNotOpen(NotAuthorised):
    """A record with no public view, asked for by someone neither party to it nor an officer
    of its district."""

    code = "record_not_open"


ALL_ERRORS: tuple[type[PoundError], ...] = (
    InvalidMoney,
    InvalidInput,
    UnknownAnimalKind,
    PigsNotImpoundable,
    KindNeedsMagistrateOrder,
    ExcludedTract,
    ReleaseWithoutFine,
    SaleStayedByComplaint,
    LotNotNeeded,
    SaleNotYetDue,
    PurchaserIsOfficial,
    ComplaintOutOfTime,
    ComplaintNotAdmitted,
    ComplaintUnderEnquiry,
    ComplaintDecided,
    ComplaintAlreadyPending,
    ComplainantNotOwner,
    OwnSeizureOnly,
    OffenceRecorderNotEntitled,
    RecordNotOpen,
    DamagesOverCap,
    FineOverCap,
    NoticeNotYetDue,
    InvalidTransition,
    SurplusClaimOutOfTime,
    CompensationOverFine,
    ImprisonmentOverCap,
    NoRecoveryBySale,
    RecoveryCovered,
    SeizureOfAnotherDistrict,
    FundInsufficient,
    NotFound,
    NotAuthorised,
    EventInFuture,
    EventOutOfOrder,
    Conflict,
    ActBeforeStart,
)
