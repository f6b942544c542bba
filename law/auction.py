"""The public auction: its two kinds (Sec VIII, IX), what its record must hold, and why each
animal left the pound at it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from law.errors import N_, InvalidInput
from law.lifecycle import AnimalStatus
from law.offices import Role

# Sec VIII: the sale is held by the Darogah of the thana or an officer he deputes.
SELLERS: tuple[Role, ...] = (Role.DAROGAH, Role.POLICE)


class SaleKind(StrEnum):
    UNCLAIMED = "unclaimed"  # Sec VIII: no owner claimed the cattle after the notice ran
    NON_PAYMENT = "non_payment"  # Sec IX: the owner appeared and refused or omitted to pay

    @property
    def section(self) -> str:
        return "IX" if self is SaleKind.NON_PAYMENT else "VIII"

    @property
    def reasons(self) -> Mapping[AnimalStatus, str]:
        """Why each animal left the pound at this sale, as the register says it: sold at
        auction, or under Sec IX handed back once the sale covered the dues."""
        return _REASONS[self]


_REASONS: dict[SaleKind, dict[AnimalStatus, str]] = {
    SaleKind.NON_PAYMENT: {
        AnimalStatus.SOLD: "sold at auction (Sec IX)",
        AnimalStatus.RELEASED_AFTER_PART_SALE: (
            "delivered to the owner after the sale covered the fines and expenses (Sec IX)"
        ),
    },
    SaleKind.UNCLAIMED: {AnimalStatus.SOLD: "sold at auction (Sec VIII)"},
}


def sale_kind(*, owner_refused: bool) -> SaleKind:
    """Sec IX once the owner appeared and refused or omitted to pay; else Sec VIII."""
    return SaleKind.NON_PAYMENT if owner_refused else SaleKind.UNCLAIMED


def check_auction_record(
    *, animals: Sequence[int], prices: Sequence[int], expenses: int, place: str
) -> None:
    """A public auction (Sec VIII, IX, or XVII on a recovery order) is recorded lot by lot, one
    animal a lot, at a price, with its expenses and the place it was held."""
    if not animals:
        raise InvalidInput(N_("an auction record needs at least one lot"))
    if expenses < 0 or any(price < 0 for price in prices):
        raise InvalidInput(N_("prices and expenses cannot be negative"))
    if len(set(animals)) != len(animals):
        raise InvalidInput(N_("an animal can be in one lot only"))
    if not place.strip():
        raise InvalidInput(N_("say where the auction was held"))
