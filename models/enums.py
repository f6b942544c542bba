"""Where a row of the office stands, for the status columns that are not the Act's own lifecycle
(law/lifecycle.py holds a seizure's and an animal's, law/complaint.py a complaint's). Each is
stored as its text; migration 0024 lets a column hold nothing else (a CHECK constraint a value),
and `status_check` declares the same constraint on the table (docs/design.md, "Statuses")."""

from __future__ import annotations

from enum import StrEnum


class CaseStatus(StrEnum):
    """A Sec XVII or XVIII case: filed, then decided."""

    PENDING = "pending"
    CONVICTED = "convicted"
    ACQUITTED = "acquitted"


class RecoveryOrderStatus(StrEnum):
    """An order to recover a fine by sale (Sec XVII): waiting for the sale, or the sale held."""

    ORDERED = "ordered"
    EXECUTED = "executed"


class DepositStatus(StrEnum):
    """A surplus deposit (Sec XI): held, paid to its claimant, or moved into the fund (XII)."""

    DEPOSITED = "deposited"
    CLAIMED = "claimed"
    TO_FUND = "to_fund"


class OutboxState(StrEnum):
    """A message of the outbox on its way (docs/worker.md)."""

    QUEUED = "queued"
    SENDING = "sending"
    SENT = "sent"
    DELIVERED = "delivered"
    FAILED = "failed"
    CANCELLED = "cancelled"
    HELD = "held"


class InboundStatus(StrEnum):
    """What became of a message received: answered by a conversation, refused, a STOP or a
    START, or knowingly ignored."""

    HANDLED = "handled"
    REJECTED = "rejected"
    OPTED_OUT = "opted_out"
    OPTED_IN = "opted_in"
    IGNORED = "ignored"
