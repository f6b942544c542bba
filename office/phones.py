"""Phone numbers as people type them, read by the numbering plan of a country."""

from __future__ import annotations

from functools import lru_cache

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberFormat, PhoneNumberType

from law.errors import InvalidPhone
from office.spelling import latin_digits

DEFAULT_REGION = "IN"
PHONE_MAX_TYPED = 40  # longer than any number written with spaces and dashes
# Besides digits of any script (Devanagari, Bengali ...): the separators people write.
_PHONE_MARKS = frozenset("+-./() \u00a0")


@lru_cache(maxsize=64)
def phone_forms(region: str = DEFAULT_REGION) -> tuple[str, str]:
    """A mobile number of `region` as written there and with its +code, from the numbering
    plan's own example: ("081234 56789", "+91 81234 56789")."""
    example = phonenumbers.example_number_for_type(region, PhoneNumberType.MOBILE)
    if example is None:
        return ("98300 00005", "+91 98300 00005")
    return (
        phonenumbers.format_number(example, PhoneNumberFormat.NATIONAL),
        phonenumbers.format_number(example, PhoneNumberFormat.INTERNATIONAL),
    )


def normalise_phone(text: str, region: str = DEFAULT_REGION) -> str:
    """A phone as typed, in E.164 (+919830000005), read by the numbering plan of `region`
    (the district's country, ISO 3166) when it has no +code.

    `098300 00005`, `98300-00005`, `+91 98300 00005` and the same in Devanagari or Bengali
    digits are one number. Letters (no vanity numbers, no extensions), too few or too many
    digits, or a number the plan does not know are refused (InvalidInput) with an example.
    """
    raw = (text or "").strip()
    e164 = _e164(raw, region)
    if e164 is None:
        national, international = phone_forms(region)
        raise InvalidPhone(
            f"{raw[:PHONE_MAX_TYPED]!r} is not a phone number; write it like {national} or "
            f"{international}",
            national=national,
            international=international,
        )
    return e164


def phone_or_none(text: str, region: str = DEFAULT_REGION) -> str | None:
    """A phone as `normalise_phone` reads it, or None where it refuses it: for an address a
    channel gives (an SMS sender, a shared contact), which is no answer to correct."""
    return _e164((text or "").strip(), region)


# The numbering plan's parse costs about half a millisecond, and an act reads the same few
# phones many times (each party, each officer told): numbers already read are remembered.
@lru_cache(maxsize=4096)
def _e164(raw: str, region: str) -> str | None:
    """`raw` in E.164, or None if it is not a phone number of `region`'s plan."""
    if not raw or len(raw) > PHONE_MAX_TYPED:
        return None
    if any(not (ch.isdecimal() or ch in _PHONE_MARKS) for ch in raw):
        return None
    try:
        number = phonenumbers.parse(latin_digits(raw), region)
    except NumberParseException:
        return None
    if number.extension or not phonenumbers.is_valid_number(number):
        return None
    return phonenumbers.format_number(number, PhoneNumberFormat.E164)
