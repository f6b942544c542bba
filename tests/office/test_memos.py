"""A ledger line's words (office/records/memos.py): the record keeps them in English, and a reader
of another language reads the same line from the same record in his."""

from __future__ import annotations

import string

import pytest

from bot.figures import digits, sections
from bot.i18n import translator
from law.errors import N_
from office.records import memos
from office.records.memos import MEMOS, memo, read, said

# Values as the field writes them: refs, ids, names in three scripts, with the commas and
# colons of the texts themselves inside them.
VALUES = {
    "ref": "TPR/2026/17",
    "owner": "मोहन लाल, पुत्र हरि: रामपुर",
    "payee": "রামদীন মিস্ত্রী, Testpur",
    "keeper": "Kallu, of Testpur",
    "pound": "Testpur thana pound",
    "stated": "repairs: the east wall, after the rains",
    "complaint": "12",
    "offence": "3",
    "case": "7",
    "section": "XVII",
    "number": "2",
    "damages": "96",
    "expenses": "48",
    "repaid": "282",
    "payer": "Bhola Nath, of Kemri",
}


def fields(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


@pytest.mark.parametrize("template", MEMOS)
def test_every_memo_reads_back_as_the_text_and_values_it_was_written_from(template: str) -> None:
    written = memo(memos.Template(template), **{name: VALUES[name] for name in fields(template)})

    found = read(written.text)

    assert found is not None
    assert found.text == written.text
    assert found.template == template
    assert found.said(translator("en")) == written.text


@pytest.mark.parametrize("lang", ["hi", "bn"])
@pytest.mark.parametrize("template", MEMOS)
def test_a_memo_is_said_in_the_readers_language_with_its_values_as_written(
    template: str, lang: str
) -> None:
    values = {name: VALUES[name] for name in fields(template)}
    text = memo(memos.Template(template), **values).text

    words = said(text, translator(lang))

    assert words != text
    shown = {
        # A number in the reader's digits (bot/figures.py: Bengali ১২), a section as the reader
        # numbers it (17, ১৭), any other value as written.
        name: digits(lang, value)
        if value.isdigit()
        else sections(lang, value)
        if name == "section"
        else value
        for name, value in values.items()
    }
    for value in shown.values():
        assert value in words
    left = words
    for value in sorted(shown.values(), key=len, reverse=True):
        left = left.replace(value, " ")
    tokens = left.replace("(", " ").replace(")", " ").split()
    english = {w for w in tokens if w.isascii() and not w.isdigit()}
    assert english <= {"XIII", ",", ":", "-"}, english


def test_a_text_no_memo_writes_is_shown_as_written() -> None:
    for text in ("fine collected by hand", "", "payment"):
        assert read(text) is None
        assert said(text, translator("hi")) == text


def test_a_memo_cut_at_the_columns_length_is_shown_as_written() -> None:
    long = memo(memos.PAID_OTHER, payee="Ramdin", stated="x" * 600)
    assert len(long.text) == memos.MEMO_LENGTH
    assert said(long.text, translator("hi")).startswith("Ramdin को भुगतान: xxx")
    owed = memo(memos.OWED_BY_SEIZER, **{n: "y" * 200 for n in fields(memos.OWED_BY_SEIZER)})
    assert read(owed.text) is None
    assert said(owed.text, translator("hi")) == owed.text


def test_a_payee_named_with_a_colon_is_read_at_his_first_colon_and_nothing_is_lost() -> None:
    text = memo(memos.PAID_OTHER, payee="Ramdin: mason", stated="the east wall").text
    assert said(text, translator("hi")) == "Ramdin को भुगतान: mason: the east wall"


def test_only_the_ledgers_texts_are_memos() -> None:
    with pytest.raises(ValueError, match="not a ledger memo"):
        memo(N_("auction of {ref}"), ref="TPR/2026/1")
