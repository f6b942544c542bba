"""One district's month of work, driven through the API, for the printed documents: a seizure
paid for (register copy, receipt), one sold unclaimed (notice, account), one sold after the
owner refused with the rest handed back (cattle receipt), a complaint admitted and held illegal
(summons, decision), a Sec XVII case with compensation paid (set-off); with the pound's rates,
its March return and the district's fund."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from tests.api_client import CULTIVATOR, DAROGAH, KEEPER, MAGISTRATE, OWNER, Api
from tests.world import at

D = date
# Field data: a Bengali-speaking buyer typed in his script, an owner from a Hindi village.
BUYER = {"name": "গঙ্গা রাম", "residence": "Kemri", "phone": "98300 00001"}
SEIZURE: dict[str, Any] = {
    "ground": "trespass",
    "village": "Rampur",
    "place": "the sugarcane field east of the well",
    "damage": "ate and trampled young cane",
    "seizer": {"name": "Hari Singh", "residence": "Rampur", "phone": CULTIVATOR},
    "owner": {"name": "मोहन लाल", "residence": "Kemri", "phone": OWNER},
    "animals": [
        {"kind": "cow", "count": 2, "description": "red, white blaze"},
        {"kind": "buffalo", "count": 1, "description": "black, broken horn"},
    ],
}


def when(day: int, hour: int = 10) -> str:
    return at(D(2026, 3, day), hour).isoformat()


def ok(r: Any, status: int = 200) -> Any:
    assert r.status_code == status, r.text
    return r.json()


@dataclass(frozen=True)
class Records:
    paid: str  # seizure paid for on 3 March
    unclaimed: str  # sold unclaimed on 17 March
    refused: str  # the owner refused; one head sold, two handed back
    complaint: int  # admitted, then the seizure held illegal
    case: int  # Sec XVII, convicted, compensation paid out of the recovered fine


def seize(api: Api, day: int) -> str:
    api.world.on(D(2026, 3, day), 9)
    ref = ok(
        api.post("/api/v1/seizures", CULTIVATOR, SEIZURE | {"occurred_at": when(day, 7)}), 201
    )["ref"]
    ok(api.post(f"/api/v1/seizures/{ref}/arrival", KEEPER, {"occurred_at": when(day, 8)}))
    return str(ref)


def build(api: Api) -> Records:
    paid = seize(api, 1)
    unclaimed = seize(api, 1)
    refused = seize(api, 2)
    complained = seize(api, 2)
    api.world.on(D(2026, 3, 3), 17)
    ok(
        api.post(
            f"/api/v1/seizures/{paid}/payment", KEEPER, {"occurred_at": when(3, 16), "amount": 282}
        )
    )
    ok(api.post(f"/api/v1/seizures/{refused}/refusal", KEEPER, {"occurred_at": when(3, 10)}))
    ok(
        api.post(
            f"/api/v1/seizures/{refused}/sale",
            DAROGAH,
            {
                "occurred_at": when(3, 11),
                "place": "Rampur market",
                "lots": [{"animal": 3, "buyer": BUYER, "price": "Rs 10-0-0"}],
            },
        )
    )
    complaint = ok(
        api.post(
            f"/api/v1/seizures/{complained}/complaint",
            OWNER,
            {
                "occurred_at": when(3, 12),
                "text": "my cattle were on the road, not in his field",
            },
        ),
        201,
    )["complaint_id"]
    api.world.on(D(2026, 3, 4), 17)
    ok(
        api.post(
            f"/api/v1/complaints/{complaint}/admission",
            MAGISTRATE,
            {"occurred_at": when(4, 11), "hearing": "9 March, 11:00, Sadar court"},
        )
    )
    api.world.on(D(2026, 3, 9), 17)
    ok(
        api.post(
            f"/api/v1/complaints/{complaint}/decision",
            MAGISTRATE,
            {
                "occurred_at": when(9, 12),
                "outcome": "illegal",
                "reasons": "seized on the public road",
                "damages": "Rs 5-0-0",
                "expenses": "Rs 0-8-0",
            },
        )
    )
    ok(api.post(f"/api/v1/seizures/{unclaimed}/unclaimed", KEEPER, {"occurred_at": when(9, 9)}))
    ok(
        api.post(
            f"/api/v1/seizures/{unclaimed}/notice",
            DAROGAH,
            {"occurred_at": when(9, 11), "proclaimed_in": ["Rampur", "Testpur bazaar"]},
        )
    )
    case = ok(
        api.post(
            "/api/v1/cases",
            CULTIVATOR,
            {
                "occurred_at": when(9, 13),
                "kind": "mischief",
                "accused": {"name": "Bhola Nath", "residence": "Kemri", "phone": "+919444444444"},
                "village": "Rampur",
                "description": "drove his cattle into my field at night",
            },
        ),
        201,
    )["case_id"]
    api.world.on(D(2026, 3, 18), 17)
    ok(
        api.post(
            f"/api/v1/seizures/{unclaimed}/sale",
            DAROGAH,
            {
                "occurred_at": when(18, 11),
                "place": "Testpur bazaar",
                "expenses": "Rs 0-4-0",
                "lots": [{"animal": n, "buyer": BUYER, "price": "Rs 6-0-0"} for n in (1, 2, 3)],
            },
        )
    )
    ok(
        api.post(
            f"/api/v1/cases/{case}/decision",
            MAGISTRATE,
            {
                "occurred_at": when(18, 12),
                "convicted": True,
                "reasons": "trespass proved",
                "fine": "Rs 8-0-0",
                "compensation": "Rs 5-0-0",
            },
        )
    )
    ok(
        api.post(
            f"/api/v1/cases/{case}/recovery-order",
            MAGISTRATE,
            {
                "occurred_at": when(18, 13),
                "cattle": [{"kind": "bullock", "count": 1, "description": "grey"}],
                "place": "Kemri",
            },
        ),
        201,
    )
    api.world.on(D(2026, 3, 20), 17)
    ok(
        api.post(
            f"/api/v1/cases/{case}/recovery-sale",
            DAROGAH,
            {
                "occurred_at": when(20, 11),
                "place": "Testpur bazaar",
                "lots": [{"number": 1, "buyer": BUYER, "price": "Rs 12-0-0"}],
            },
        ),
        201,
    )
    api.world.on(D(2026, 4, 2), 10)
    return Records(paid, unclaimed, refused, int(complaint), int(case))
