"""What a complaint tells (Sec XIV): the Magistrates that one waits, the seizer his summons, the
complainant and the seizer the decision."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from law.periods import local_date
from models import Complaint, Seizure
from office.access.roles import Role
from office.district import DistrictContext
from office.notify.custody import closed
from office.notify.params import amounts, person_param, seizure_params
from office.notify.queueing import COMPLAINT_REMINDER, send_each, tell_officers
from office.records import outbox


def complaint_filed(
    s: Session, seizure: Seizure, ctx: DistrictContext, complaint: Complaint, now: datetime
) -> None:
    """The Magistrates of the district have a complaint waiting (Sec XIV); the complainant
    needs no more reminders to complain (another person's reminder stands)."""
    params = {
        **seizure_params(s, seizure, ctx),
        "complaint_id": complaint.id,
        "complainant": person_param(s, complaint.complainant_id),
        "filed_date": local_date(complaint.filed_at, ctx.tz).isoformat(),
        "text": complaint.text[:300],
        "section": "XIV",
    }
    key = str(complaint.id)
    tell_officers(
        s, seizure, ctx, Role.MAGISTRATE, "complaint_waiting", params=params, key=key, now=now
    )
    outbox.cancel_queued(
        s, seizure.ref, COMPLAINT_REMINDER, now, "a complaint was filed", complaint.complainant_id
    )


def complaint_admitted(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    complaint: Complaint,
    *,
    hearing: str,
    now: datetime,
) -> None:
    """The seizer is summoned to the summary enquiry, and the complainant told (Sec XIV)."""
    params = {
        **seizure_params(s, seizure, ctx),
        "complaint_id": complaint.id,
        "complainant": person_param(s, complaint.complainant_id),
        "hearing": hearing or "-",
        "section": "XIV",
    }
    told = [(seizure.seizer_id, "summons"), (complaint.complainant_id, "complaint_admitted")]
    send_each(s, seizure, ctx, told, params=params, key=str(complaint.id), now=now)


def complaint_decided(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    complaint: Complaint,
    *,
    seizer_pays: int,
    now: datetime,
) -> None:
    """The complainant and the seizer hear the Magistrate's decision (Sec XIV)."""
    decided = local_date(complaint.decided_at or now, ctx.tz).isoformat()
    params = {
        **seizure_params(s, seizure, ctx),
        "complaint_id": complaint.id,
        "decided_date": decided,
        **amounts(
            ctx,
            damages=complaint.damages,
            expenses=complaint.expenses,
            seizer_pays=seizer_pays,
        ),
        "section": "XIV",
    }
    outcome = "illegal" if complaint.status == "illegal" else "upheld"
    told = [
        (complaint.complainant_id, f"complaint_{complaint.status}"),
        (seizure.seizer_id, f"outcome_seizure_{outcome}"),
    ]
    send_each(s, seizure, ctx, told, params=params, key=str(complaint.id), now=now)
    closed(s, seizure, now)
