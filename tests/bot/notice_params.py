"""Realistic params of the outbound notices, each at its longest (for the SMS budget test and
the language tests): a six-letter ref, amounts in lakhs, a long village name, three kinds."""

from __future__ import annotations

LAKHS = 123456750  # Rs 12,34,567.50 in paise
REF = "KXPQRT"
VILLAGE = "Tanda Badri Khurd"
POUND = "Shahabad thana pound"
PLACE = "field by the old well"
REGISTER_NO = "SHB/2026/1234"
HEARING = "1 Oct 2026 11:00, Shahabad court"
REASON = "snake bite"
SEIZER = {"name": "Ram Prasad Yadav", "residence": VILLAGE}
OWNER = {"name": "Mohan Lal Kushwaha", "residence": "Kakrauwa"}
COMPLAINANT = OWNER
CONVICT = {"name": "Shyam Sundar Pal", "residence": "Saifni"}
KINDS = {"buffalo": 3, "bullock": 2, "tattoo": 1}
ANIMALS = [
    {"number": 1, "kind": "buffalo", "description": "black"},
    {"number": 2, "kind": "bullock", "description": "white, horn cut"},
    {"number": 3, "kind": "tattoo", "description": "grey"},
]
NAMES = (
    REF,
    VILLAGE,
    POUND,
    PLACE,
    REGISTER_NO,
    HEARING,
    REASON,
    "Ram Prasad Yadav",
    "Mohan Lal Kushwaha",
    "Kakrauwa",
    "Shyam Sundar Pal",
    "Saifni",
    "black",
    "white, horn cut",
    "grey",
)


def longest() -> dict[str, object]:
    amounts = (
        "fine",
        "feeding",
        "per_day",
        "total",
        "damages",
        "expenses",
        "seizer_pays",
        "proceeds",
        "charged",
        "balance",
        "still_due",
        "shortfall",
        "surplus",
        "due",
        "compensation",
        "expenses_paid",
        "fine_paid",
        "fine_unpaid",
        "to_complainant",
        "compensation_unpaid",
        "fines",
        "paid_before",
        "fines_paid",
        "feeding_paid",
    )
    dates = (
        "seized",
        "brought",
        "released",
        "sold",
        "decided",
        "impounded",
        "claim",
        "complaint",
        "on",
        "notice",
        "sale",
        "from",
        "until",
        "ordered",
        "filed",
    )
    return {
        "money": "paise",
        **{f"{a}_amount": LAKHS for a in amounts},
        **{f"{d}_date": "2026-09-28" for d in dates},
        "ref": REF,
        "pound": POUND,
        "village": VILLAGE,
        "place": PLACE,
        "register_no": REGISTER_NO,
        "brought_time": "14:05",
        "heads": 6,
        "number": 3,
        "number_seized": 6,
        "number_sold": 6,
        "returned": 2,
        "held": 6,
        "animals_kinds": KINDS,
        "returned_kinds": {"bullock": 2},
        "held_kinds": KINDS,
        "entry_animals": ANIMALS,
        "cattle_animals": ANIMALS,
        "seizer": SEIZER,
        "owner": OWNER,
        "complainant": COMPLAINANT,
        "convict": CONVICT,
        "seizer_name": SEIZER["name"],
        "owner_name": OWNER["name"],
        "complaint_id": 12345,
        "case_id": 12345,
        "hearing": HEARING,
        "reason": REASON,
        "section": "VIII",
        "text": "my cattle were seized on the road, not in a field",
        "notice": "NOTICE",
        "head": "123456:" + "f" * 64,
        "body": "",
        "code": "123456",
        "minutes": 10,
    }
