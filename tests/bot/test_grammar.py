"""The endings a name takes (bot/grammar.py) and the digits a figure is written in (bot/figures.py),
as the Translator writes them into Bengali and Hindi texts."""

from __future__ import annotations

from datetime import date

import pytest

from bot.figures import money
from bot.flows.darogah import _case_no
from bot.grammar import inflect
from bot.i18n import translator
from bot.words import counted


@pytest.mark.parametrize(
    ("name", "of", "in_"),
    [
        ("কেমরি", "কেমরির", "কেমরিতে"),  # a vowel sign: -র, -তে
        ("৩টি গরু", "৩টি গরুর", "৩টি গরুতে"),
        ("হাওড়া", "হাওড়ার", "হাওড়ায়"),  # -া: -য় for the place
        ("রহিম", "রহিমের", "রহিমে"),  # a consonant: -এর, -এ
        ("রামপুর কোতোয়ালি খোঁয়াড়", "রামপুর কোতোয়ালি খোঁয়াড়ের", "রামপুর কোতোয়ালি খোঁয়াড়ে"),
        ("পটওয়াই", "পটওয়াইয়ের", "পটওয়াইতে"),  # a vowel letter
        ("হরি সিং", "হরি সিংয়ের", "হরি সিংয়ে"),
        ("জগৎ", "জগতের", "জগতে"),
        ("Rampur", "Rampur-এর", "Rampur-এ"),  # a name in Latin letters, a code, a number
        ("KX7M2Q", "KX7M2Q-এর", "KX7M2Q-এ"),
        ("১২", "১২-এর", "১২-এ"),
    ],
)
def test_a_bengali_name_takes_the_ending_its_last_letter_asks_for(
    name: str, of: str, in_: str
) -> None:
    assert inflect("bn", name, "of") == of
    assert inflect("bn", name, "in") == in_


def test_the_translator_writes_the_ending_the_value_asks_for() -> None:
    """A Bengali translation writes `{owner}-এর`, `{village}-এ`; the value decides the ending."""
    bn = translator("bn")
    cows = counted(bn, 3, "cow")
    assert cows == "৩টি গরু"
    assert bn("{animals}-এর বর্ণনা", animals=cows) == "৩টি গরুর বর্ণনা"
    assert bn("{place}-এর {name}", place="কেমরি", name="রহিম") == "কেমরির রহিম"
    assert bn("{name}-এর গরু {village}-এ", name="রহিম", village="হাওড়া") == "রহিমের গরু হাওড়ায়"
    assert bn("আটক {ref}-এর নালিশ নং {id}-এ", ref="KX7M2Q", id=12) == "আটক KX7M2Q-এর নালিশ নং ১২-এ"
    assert bn("{name}-কে", name="রহিম") == "রহিম-কে"  # an ending that does not change stays
    # English has no such ending: a spec there writes the value as it is.
    assert translator("en")("{name:of}", name="Kemri") == "Kemri"


def test_a_hindi_count_before_a_postposition_is_written_oblique_and_a_name_is_not() -> None:
    hi = translator("hi")
    assert hi("{animals} का वर्णन करें", animals="3 गायें") == "3 गायों का वर्णन करें"
    assert hi("{village} में", village="केमरी") == "केमरी में"
    assert hi("{animals} काले", animals="3 गायें") == "3 गायें काले"  # not a postposition
    # A phone's groups of digits are no count and its word ("56789ों की तरह" was written).
    phone = "+91 81234 56789"
    assert hi("{international} की तरह लिखें", international=phone) == f"{phone} की तरह लिखें"


@pytest.mark.parametrize(
    ("counted_", "oblique"),
    [
        ("3 गायें", "3 गायों"),
        ("2 बकरियाँ", "2 बकरियों"),
        ("2 बैल", "2 बैलों"),
        ("4 घोड़े", "4 घोड़ों"),
        ("1 गाय", "1 गाय"),
        ("1 घोड़ा", "1 घोड़े"),
        ("2 गायें, 3 भैंसें", "2 गायें, 3 भैंसों"),
    ],
)
def test_a_hindi_count_before_a_postposition_is_oblique(counted_: str, oblique: str) -> None:
    assert translator("hi")("{animals} का वर्णन", animals=counted_) == f"{oblique} का वर्णन"


def test_bengali_texts_write_counts_dates_and_money_in_bengali_digits() -> None:
    bn, hi = translator("bn"), translator("hi")
    assert bn.day(date(2026, 12, 14)) == "১৪ ডিসেম্বর ২০২৬"
    assert hi.day(date(2026, 12, 14)) == "14 दिसंबर 2026"
    assert money("bn", 1234550) == "₹১২,৩৪৫.৫০"
    assert money("bn", 1 * 192 + 12 * 12, "pies") == "₹১-১২-০"
    assert money("hi", 1234550) == "₹12,345.50"
    assert bn("{heads} head, No. {id}", heads=12, id=4056) == "{heads} head, No. {id}".format(
        heads="১২", id="৪০৫৬"
    )
    assert hi.plural("{n} cow", "{n} cows", 3) == "3 गायें"


def test_a_code_or_a_phone_given_as_text_keeps_its_digits() -> None:
    bn = translator("bn")
    assert bn("{ref} {phone}", ref="KX7M2Q", phone="+919876543210") == "KX7M2Q +919876543210"
    assert bn("{ok}", ok=True) == "True"


def test_a_number_shown_in_bengali_digits_is_read_back_in_them() -> None:
    assert _case_no("১২") == 12
    assert _case_no("12") == 12
