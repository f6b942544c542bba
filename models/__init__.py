"""The records the Act keeps, as SQLModel tables, and the database they live in."""

from models.acts import Case, Offence, Payment, Refusal, ReleaseOrder
from models.audit import AuditEvent, AuditHead, AuditWitness
from models.cases import FinePaid, OffenceDecision, RecoveryLot, RecoveryOrder, RecoverySale
from models.complaint import Complaint
from models.counters import RegisterCounter
from models.db import Database
from models.desk import DeskSignIn
from models.district import ApiToken, District, FeedingRate, Person, Pound, RoleGrant, Village
from models.documents import IssuedDocument
from models.idempotency import IdempotencyKey
from models.ledger import LedgerPosting, LedgerTxn
from models.messaging import ChannelSession, Conversation, InboundMessage, OptOut, Outbox
from models.orders import FundPayment, KindOrder
from models.sale import CattleReceipt, Notice, Sale, SaleLot, SurplusDeposit
from models.seizure import AidRequest, Animal, Conveyance, RegisterEntry, Seizure
from models.unit import Unit

__all__ = [
    "AidRequest",
    "Animal",
    "ApiToken",
    "AuditEvent",
    "AuditHead",
    "AuditWitness",
    "Case",
    "CattleReceipt",
    "ChannelSession",
    "Complaint",
    "Conversation",
    "Conveyance",
    "Database",
    "DeskSignIn",
    "District",
    "FeedingRate",
    "FinePaid",
    "FundPayment",
    "IdempotencyKey",
    "InboundMessage",
    "IssuedDocument",
    "KindOrder",
    "LedgerPosting",
    "LedgerTxn",
    "Notice",
    "Offence",
    "OffenceDecision",
    "OptOut",
    "Outbox",
    "Payment",
    "Person",
    "Pound",
    "RecoveryLot",
    "RecoveryOrder",
    "RecoverySale",
    "Refusal",
    "RegisterCounter",
    "RegisterEntry",
    "ReleaseOrder",
    "RoleGrant",
    "Sale",
    "SaleLot",
    "Seizure",
    "SurplusDeposit",
    "Unit",
    "Village",
]
