"""The Magistrate's decision on forcible opposition to a seizure or a rescue (Sec XIII): convicted
or not; imprisonment up to six months, with or without labour, and/or a fine up to Rs 500."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, select

from law.errors import N_, Conflict, InvalidInput, NotFound
from law.guards import check_opposition_sentence
from models import Offence, OffenceDecision, Seizure, Unit
from office.acts.alike import magistrate
from office.inputs import Amount
from office.records import ledger
from office.records.memos import OFFENCE_FINE, memo
from office.views.amounts import read_amount
from office.views.offences import decision_of


def fine_receivable(offence_id: int) -> str:
    """A Sec XIII fine adjudged and not yet paid."""
    return f"receivable:fine:offence:{offence_id}"


def fund_source(offence_id: int) -> str:
    """Whose fine the fund is owed (Sec XII), until it is received."""
    return f"offence:{offence_id}"


@dataclass(frozen=True)
class OffenceDecided:
    offence_id: int
    convicted: bool
    prison_months: int
    prison_days: int
    labour: bool | None
    fine: int


def decide_offence(
    u: Unit,
    *,
    offence_id: int,
    convicted: bool,
    reasons: str,
    occurred_at: datetime,
    prison_months: int = 0,
    prison_days: int = 0,
    labour: bool | None = None,
    fine: Amount = 0,
    convict: str = "",
) -> OffenceDecided:
    """A Magistrate of the district decides a recorded offence of forcible opposition or rescue
    (Sec XIII). A conviction carries imprisonment (`prison_months` and `prison_days`, at most six
    months, `labour` saying with or without labour), a fine (at most Rs 500), or both; the fine
    is owed to the fund (Sec XII) until paid. `convict` names whom he convicts, by default the
    offenders as recorded."""
    if not reasons.strip():
        raise InvalidInput(N_("a decision gives its reasons"))
    with u.act() as s:
        offence = locked_offence(s, offence_id)
        m = magistrate(s, u, offence.district_id, "XIII", occurred_at, offence.occurred_at)
        ctx = m.ctx
        if decision_of(s, offence_id) is not None:
            raise Conflict(
                N_("offence {offence_id} is already decided"),
                section="XIII",
                said={"offence_id": offence_id},
            )
        fine = read_amount(fine, ctx.profile.money)
        if convicted:
            check_opposition_sentence(
                months=prison_months,
                days=prison_days,
                labour=labour,
                fine=fine,
                profile=ctx.profile,
            )
        elif prison_months or prison_days or fine or labour is not None:
            raise InvalidInput(N_("no sentence without a conviction"), section="XIII")
        who = (convict.strip() or offence.offenders)[:1000] if convicted else ""
        decision = OffenceDecision(
            offence_id=offence_id,
            district_id=ctx.id,
            magistrate_id=u.actor(),
            decided_at=occurred_at,
            convicted=convicted,
            convict=who,
            prison_months=prison_months,
            prison_days=prison_days,
            labour=labour,
            fine=fine,
            reasons=reasons.strip()[:4000],
        )
        s.add(decision)
        s.flush()
        m.post(
            offence.seizure_id,
            memo=memo(OFFENCE_FINE, offence=offence_id),
            section="XIII",
            lines=[
                (fine_receivable(offence_id), fine),
                (ledger.owed_to_fund(fund_source(offence_id)), -fine),
            ],
        )
        m.event(
            "offence_decided",
            offence_subject(s, offence),
            "XIII",
            offence_id=offence_id,
            convicted=convicted,
            convict=who,
            prison_months=prison_months,
            prison_days=prison_days,
            labour=labour,
            fine=fine,
            reasons=decision.reasons,
        )
        return OffenceDecided(offence_id, convicted, prison_months, prison_days, labour, fine)


def locked_offence(s: Session, offence_id: int) -> Offence:
    offence = s.exec(select(Offence).where(Offence.id == offence_id).with_for_update()).first()
    if offence is None:
        raise NotFound(N_("no offence {offence_id}"), said={"offence_id": offence_id})
    return offence


def offence_subject(s: Session, offence: Offence) -> str:
    """Its seizure's reference, what its audit events are about, or the offence itself."""
    seizure = s.get(Seizure, offence.seizure_id) if offence.seizure_id else None
    return seizure.ref if seizure else f"offence:{offence.id}"
