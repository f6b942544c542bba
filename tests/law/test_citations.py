"""Each section a refusal cites is one the Act has and docs/act.md describes (II to XXI), and
each practice ruling one of its table (G1 on)."""

import re
from pathlib import Path

from law.errors import ALL_ERRORS

ACT = (Path(__file__).resolve().parents[2] / "docs" / "act.md").read_text(encoding="utf-8")


def test_the_act_as_described_runs_from_ii_to_xxi_and_its_rulings_from_g1_on() -> None:
    assert described_sections()[::19] == ["II", "XXI"]
    assert len(described_sections()) == 20
    rulings = described_rulings()
    assert rulings == [f"G{n}" for n in range(1, len(rulings) + 1)]


def described_sections() -> list[str]:
    headings = re.findall(r"^### ([IVXL]+)(?: and ([IVXL]+))?\.", ACT, re.MULTILINE)
    return [number for pair in headings for number in pair if number]


def described_rulings() -> list[str]:
    return re.findall(r"^\| (G\d+) \|", ACT, re.MULTILINE)


def test_every_section_an_error_names_is_described() -> None:
    cited = {f"practice {g}" for g in described_rulings()} | set(described_sections())
    for error in ALL_ERRORS:
        if error.section is not None:
            assert error.section in cited, (error.__name__, error.section)
