"""The seizer calls on the police of the pound's thana for aid in taking the cattle to the
pound (Sec II)."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, col, select

from law.errors import N_, Conflict, NotAuthorised
from law.lifecycle import SeizureStatus
from models import AidRequest, Pound, Seizure, Unit
from models.columns import id_of
from office import notify
from office.acts.alike import event, on_seizure
from office.district import district_context


def _add_aid_request(
    s: Session, u: Unit, seizure: Seizure, pound: Pound, at: datetime
) -> AidRequest:
    req = AidRequest(
        seizure_id=id_of(seizure),
        district_id=seizure.district_id,
        thana=pound.thana,
        requested_by=u.actor(),
        requested_at=at,
    )
    s.add(req)
    seizure.police_aid_requested = True
    s.add(seizure)
    event(
        s, u, "police_aid_requested", seizure.ref, at, seizure.district_id, "II", thana=pound.thana
    )
    # Messages: the police of the thana are asked for aid.
    s.flush()
    notify.aid_requested(
        s, seizure, district_context(s, seizure.district_id), request_id=id_of(req), now=u.now
    )
    return req


def request_police_aid(u: Unit, *, ref: str, occurred_at: datetime) -> int:
    """The seizer calls on the police of the pound's thana for aid (Sec II)."""
    with u.act() as s:
        a = on_seizure(s, u, ref, occurred_at, since_seized=True)
        seizure = a.seizure
        if u.actor() not in (seizure.seizer_id, seizure.reporter_id):
            raise NotAuthorised(N_("only the seizer may call for police aid"), section="II")
        if seizure.status != SeizureStatus.SEIZED.value:
            raise Conflict(N_("the cattle are already at the pound"), section="II")
        open_req = s.exec(
            select(AidRequest).where(
                AidRequest.seizure_id == seizure.id, col(AidRequest.answered_at).is_(None)
            )
        ).first()
        if open_req is not None:
            return id_of(open_req)
        return id_of(_add_aid_request(s, u, seizure, a.pound, occurred_at))
