"""Citations: the marginal note of each section of the Act, and the titles of practice rulings."""

from __future__ import annotations

import re

from law.errors import N_, InvalidInput

# The marginal notes of the printed Act, II to XXI (Section I, laws repealed, is not in force here).
SECTIONS: dict[str, str] = {
    "II": "Cattle doing damage to land may be seized and impounded",
    "III": "Where pounds shall be established",
    "IV": "Control and management of pounds",
    "V": "Seizures to be registered",
    "VI": "Fines",
    "VII": "Procedure if owner appear and claim the Cattle",
    "VIII": "Procedure if Cattle be not claimed within a specified time",
    "IX": "Procedure if owner appear and refuse or omit to pay the fines and expenses",
    "X": "Police Officers and pound-keepers not to purchase at a sale under this Act",
    "XI": "Disposal of sale proceeds, fines, and expenses",
    "XII": "Fines and unclaimed proceeds of sales a fund for the payment of pound-keepers, &c.",
    "XIII": "Penalty for forcibly opposing the seizure of Cattle or rescuing the same",
    "XIV": (
        "Owner may prefer complaint to Magistrate within ten days from date of seizure "
        "of his Cattle"
    ),
    "XV": "Impounding of cattle doing damage to roads, embankments, &c.",
    "XVI": "Impounding of stray cattle the owners of which are unknown",
    "XVII": "Recovery of penalty for mischief committed by causing Cattle to trespass",
    "XVIII": "Penalty for damage caused to land or crops by pigs",
    "XIX": (
        "Saving of right of parties to institute a suit for the recovery of damages "
        "in any competent Court"
    ),
    "XX": (
        "Local Government, with the sanction of the Governor General in Council, may exclude "
        "any district, &c., from the operation of this Act"
    ),
    "XXI": "Interpretation",
}

# The project's rulings where the Act is silent (docs/act.md); cited as practice, never as Act.
PRACTICE: dict[str, str] = {
    "G1": "How days are counted",
    "G2": "Claims after the first seven days",
    "G3": "A pending complaint stays every sale",
    "G4": "Animals not in the Sec VI scale",
    "G5": "Order of deductions from sale proceeds, and a shortfall",
    "G6": "Sale expenses shared by several lots",
    "G7": "An animal dies or escapes in the pound",
    "G8": "Who holds the surplus, from when",
    "G9": "Feeding charged for which days",
    "G10": "Who may claim",
    "G11": "Quiet hours",
    "G12": "A complaint after cattle were sold",
    "G13": "Selling as many as may be necessary",
    "G14": "Who is the owner of record",
    "G15": "A complaint decided without a summons",
    "G16": "A message that was true when queued",
    "G17": "How far back an act may be dated",
}

_ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def _roman(n: int) -> str:
    return "X" * (n // 10) + _ROMAN[n % 10]


def cite(section: str) -> str:
    """`Sec VIII (Procedure if ...)` for a section; `practice G1 (How ...)` for a ruling."""
    text = " ".join(section.split())
    practice = re.fullmatch(r"(?:practice\s+)?(g\d+)", text, re.IGNORECASE)
    if practice is not None:
        ruling = practice.group(1).upper()
        if ruling in PRACTICE:
            return f"practice {ruling} ({PRACTICE[ruling]})"
    else:
        match = re.fullmatch(r"(?:sec(?:tion)?\.?\s*)?([ivxl]+|\d+)", text, re.IGNORECASE)
        if match is not None:
            number = match.group(1).upper()
            if number.isdigit():
                number = _roman(int(number))
            if number in SECTIONS:
                return f"Sec {number} ({SECTIONS[number]})"
    raise InvalidInput(
        N_("no section or practice ruling '{asked}'"), section=section, said={"asked": section}
    )
