"""A complaint against a seizure (Sec XIV): who may prefer it, in what form, its steps, and what
the seizer owes when the seizure is adjudged illegal (practice G12, G14, G15)."""

import re
from pathlib import Path

import pytest

import law.complaint
from law.complaint import (
    COMPLAINT_TRANSITIONS,
    DECIDED,
    OPEN,
    ComplaintStatus,
    Filing,
    Mode,
    Paid,
    Standing,
    check_award,
    check_expenses_not_counted,
    check_filing,
    check_one_open,
    counted_amounts,
    liability,
    mode_of,
    next_steps,
    standing,
    step,
)
from law.errors import (
    ComplainantNotOwner,
    ComplaintAlreadyPending,
    ComplaintDecided,
    ComplaintNotAdmitted,
    ComplaintUnderEnquiry,
    DamagesOverCap,
    InvalidInput,
    InvalidTransition,
    NotAuthorised,
)
from law.money import PIES
from law.profile import ACT_III_1857

C = ComplaintStatus
DIAGRAM = Path(law.complaint.__file__).with_suffix(".md")
EDGE = re.compile(r"^\s*(\[\*\]|\w+)\s*-->\s*(\[\*\]|\w+)\s*(?::.*)?$")


def test_the_diagram_is_the_complaint_status_and_its_transitions() -> None:
    (block,) = re.findall(r"```mermaid\n(.*?)```", DIAGRAM.read_text(encoding="utf-8"), re.S)
    assert "%% enum: ComplaintStatus" in block
    states: set[str] = set()
    edges: set[tuple[str, str]] = set()
    for line in block.splitlines():
        match = EDGE.match(line)
        if match is None:
            continue
        a, b = match.groups()
        states |= {a, b} - {"[*]"}
        if "[*]" not in (a, b):
            edges.add((a, b))
    assert states == {s.value for s in ComplaintStatus}
    assert edges == {(a.value, b.value) for a, b in COMPLAINT_TRANSITIONS}


def test_a_complaint_is_undecided_while_pending_or_admitted() -> None:
    """Sec IX proviso: these are the statuses that stay a sale."""
    assert {C.PENDING, C.ADMITTED} == OPEN
    assert {C.DISMISSED, C.LAWFUL, C.ILLEGAL} == DECIDED


def test_the_magistrate_summons_the_seizer_or_dismisses_on_examination() -> None:
    """Sec XIV: on examination he summons the party complained against, or sees no reason to."""
    assert step(C.PENDING, C.ADMITTED) is C.ADMITTED
    assert step(C.PENDING, C.DISMISSED) is C.DISMISSED


def test_the_steps_open_at_each_status() -> None:
    assert next_steps(C.PENDING) == (C.DISMISSED, C.ADMITTED)
    assert next_steps(C.ADMITTED) == (C.LAWFUL, C.ILLEGAL)
    assert all(next_steps(done) == () for done in DECIDED)


def test_lawful_or_illegal_is_adjudged_only_after_the_summons() -> None:
    """Practice G15: no judgment on the seizure without the seizer summoned."""
    for outcome in (C.LAWFUL, C.ILLEGAL):
        with pytest.raises(ComplaintNotAdmitted) as caught:
            step(C.PENDING, outcome, complaint_id=7)
        assert caught.value.section == "XIV"
        assert caught.value.code == "complaint_not_admitted"
        assert caught.value.details == {"complaint_id": 7}
        assert step(C.ADMITTED, outcome) is outcome


def test_after_the_summons_the_enquiry_ends_lawful_or_illegal_not_dismissed() -> None:
    """Practice G15: dismissal is the examination's end, before any summons."""
    with pytest.raises(ComplaintUnderEnquiry) as caught:
        step(C.ADMITTED, C.DISMISSED)
    assert caught.value.section == "XIV"


def test_a_decided_complaint_takes_no_further_step() -> None:
    for done in DECIDED:
        for to in ComplaintStatus:
            with pytest.raises(ComplaintDecided) as caught:
                step(done, to, complaint_id=3)
            assert caught.value.details == {"complaint_id": 3, "status": done.value}


def test_a_complaint_is_admitted_once() -> None:
    with pytest.raises(InvalidTransition) as caught:
        step(C.ADMITTED, C.ADMITTED)
    assert caught.value.section == "XIV"
    with pytest.raises(InvalidTransition):
        step(C.PENDING, C.PENDING)


def test_the_owner_of_record_complains_and_with_none_recorded_anyone_claiming_to_be_owner() -> None:
    """Sec XIV "any person whose Cattle shall have been seized"; practice G14."""
    assert standing(owner_of_record=4, complainant=4) is Standing.OWNER_OF_RECORD
    assert standing(owner_of_record=None, complainant=9) is Standing.CLAIMING_OWNER
    with pytest.raises(ComplainantNotOwner) as caught:
        standing(owner_of_record=4, complainant=9, owner_name="Mohan Lal")
    assert isinstance(caught.value, NotAuthorised)
    assert caught.value.section == "XIV"
    assert caught.value.details == {"owner": "Mohan Lal"}


def filing(**changes: object) -> Filing:
    base: dict[str, object] = {
        "mode": Mode.WRITTEN,
        "by_magistrate": False,
        "complainant_named": False,
        "complainant_residence": "Kemri",
        "filer_is_complainant": True,
        "agent_named": False,
    }
    base.update(changes)
    return Filing(**base)  # type: ignore[arg-type]


def test_a_written_complaint_is_made_in_person_or_by_an_agent_who_says_so() -> None:
    """Sec XIV: in person, or by an agent personally acquainted with the circumstances."""
    check_filing(filing())
    check_filing(filing(filer_is_complainant=False, agent_named=True, complainant_named=True))
    with pytest.raises(NotAuthorised) as caught:
        check_filing(filing(filer_is_complainant=False, complainant_named=True))
    assert caught.value.section == "XIV"
    # An agent complaining in his own name is no agent: he names the owner.
    with pytest.raises(InvalidInput, match="name him"):
        check_filing(filing(agent_named=True))


def test_a_verbal_complaint_is_taken_down_by_the_magistrate_who_names_its_complainant() -> None:
    """Sec XIV: its substance taken down in writing by the Magistrate; G14: never his own."""
    taken_down = filing(
        mode=Mode.VERBAL, by_magistrate=True, complainant_named=True, filer_is_complainant=False
    )
    check_filing(taken_down)
    with pytest.raises(NotAuthorised):
        check_filing(filing(mode=Mode.VERBAL))
    with pytest.raises(InvalidInput, match="name the complainant"):
        check_filing(filing(mode=Mode.VERBAL, by_magistrate=True))
    with pytest.raises(InvalidInput, match="name the complainant"):
        check_filing(filing(by_magistrate=True))
    with pytest.raises(InvalidInput, match="residence"):
        check_filing(
            filing(
                mode=Mode.VERBAL,
                by_magistrate=True,
                complainant_named=True,
                complainant_residence=" ",
                filer_is_complainant=False,
            )
        )


def test_a_complaint_is_verbal_or_written() -> None:
    assert mode_of("verbal") is Mode.VERBAL
    with pytest.raises(InvalidInput):
        mode_of("telegram")


def test_one_undecided_complaint_per_complainant_per_seizure() -> None:
    """Practice G14."""
    check_one_open([])
    check_one_open(["dismissed", "lawful"])
    for status in ("pending", "admitted"):
        with pytest.raises(ComplaintAlreadyPending) as caught:
            check_one_open(["dismissed", status], complainant="Mohan Lal")
        assert caught.value.section == "practice G14"
        assert "Mohan Lal" in caught.value.message


def test_damages_and_expenses_are_awarded_only_on_an_illegal_seizure() -> None:
    check_award(C.ILLEGAL, 1920, 96)
    check_award(C.LAWFUL, 0, 0)
    for outcome in (C.LAWFUL, C.DISMISSED):
        with pytest.raises(InvalidInput):
            check_award(outcome, 0, 12)
    with pytest.raises(InvalidInput):
        check_award(C.ILLEGAL, -1, 0)


def test_the_seizer_repays_all_fines_paid_and_expenses_incurred_beside_the_damages() -> None:
    """Sec XIV, practice G12: a payment at release (Sec VII) and what was taken out of the
    proceeds of a sale (Sec XI) count as paid by the owner; the held head's fines and feeding
    fall on the seizer too."""
    owes = liability(
        damages=1920,  # Rs 10
        expenses=96,  # 8 annas
        paid=[Paid(fines=48, feeding=27), Paid(fines=48, feeding=18, expenses=24)],
        held_fines=96,
        held_feeding=60,
        profile=ACT_III_1857,
    )
    assert owes.repaid == Paid(fines=96, feeding=45, expenses=24)
    assert owes.repaid.total == 165
    assert owes.owed_to_owner == 1920 + 96 + 165
    assert owes.held_charges == 156
    assert owes.fines_and_expenses == 165 + 156
    assert owes.total == 1920 + 96 + 165 + 156


def test_the_damages_are_at_most_one_hundred_rupees_expenses_and_fines_apart() -> None:
    """Sec XIV: the cap is on the damages; expenses and fines paid come on top of it."""
    owes = liability(
        damages=19200,
        expenses=500,
        paid=[Paid(fines=96)],
        held_fines=0,
        held_feeding=0,
        profile=ACT_III_1857,
    )
    assert owes.owed_to_owner == 19200 + 500 + 96
    with pytest.raises(DamagesOverCap):
        liability(
            damages=19201, expenses=0, paid=[], held_fines=0, held_feeding=0, profile=ACT_III_1857
        )
    with pytest.raises(InvalidInput):
        liability(
            damages=0,
            expenses=0,
            paid=[Paid(fines=-1)],
            held_fines=0,
            held_feeding=0,
            profile=ACT_III_1857,
        )


def test_expenses_repeating_an_amount_already_repaid_are_refused_unless_said_besides() -> None:
    """Sec XIV, G12: the fines, feeding and expenses of sale the owner paid are repaid already;
    his expenses of release are his own."""
    paid = [Paid(fines=75, expenses=24), Paid(fines=48, feeding=30)]
    assert counted_amounts(paid) == {177, 123, 153, 30, 24, 99, 75, 78, 48}
    for amount in (177, 99, 78, 24):
        with pytest.raises(InvalidInput) as twice:
            check_expenses_not_counted(amount, paid, PIES)
        assert twice.value.section == "XIV"
        check_expenses_not_counted(amount, paid, PIES, besides=True)
    check_expenses_not_counted(96, paid, PIES)  # eight annas of his own: not counted
    check_expenses_not_counted(0, paid, PIES)
    check_expenses_not_counted(99, [], PIES)
