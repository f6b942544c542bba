"""Citations of sections by their marginal notes, and of practice rulings."""

import pytest

from law.citations import PRACTICE, SECTIONS, cite
from law.errors import ALL_ERRORS, InvalidInput


def test_a_section_is_cited_with_its_marginal_note() -> None:
    expected = "Sec VIII (Procedure if Cattle be not claimed within a specified time)"
    assert cite("VIII") == expected
    assert cite("Sec VIII") == expected
    assert cite("section viii") == expected
    assert cite("8") == expected


def test_a_practice_ruling_is_cited_as_practice() -> None:
    assert cite("practice G4") == "practice G4 (Animals not in the Sec VI scale)"
    assert cite("g11") == "practice G11 (Quiet hours)"


def test_sections_run_from_ii_to_xxi_and_rulings_from_g1_to_g17() -> None:
    assert [*SECTIONS] == [cite(str(n)).split()[1] for n in range(2, 22)]
    assert [*SECTIONS][::19] == ["II", "XXI"]
    assert list(PRACTICE) == [f"G{n}" for n in range(1, 18)]


def test_every_section_an_error_names_can_be_cited() -> None:
    for error in ALL_ERRORS:
        if error.section is not None:
            assert cite(error.section)


@pytest.mark.parametrize("text", ["I", "XXII", "practice G18", "", "nonsense"])
def test_an_unknown_citation_is_refused(text: str) -> None:
    with pytest.raises(InvalidInput):
        cite(text)
