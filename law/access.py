"""How a person stands to a record of the pound, and what each standing may see of it.

The office finds out the standing (who the person is to the seizure or case, which offices he
holds and where); the law decides by it. A seizure is public as far as the notice of Sec VIII
makes it public: the number and description of the cattle, where they were seized and where
they are impounded, and the dates that follow (the claim, the complaint, the sale). The names
and homes of the seizer and the owner, the money due and paid, and the history are for the
parties to the seizure and for the officers of its district.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from law.errors import N_, RecordNotOpen


class View(StrEnum):
    PUBLIC = "public"  # what the notice of Sec VIII shows anyone
    PARTY = "party"  # a private person the record names: seizer, owner, complainant ...
    OFFICIAL = "official"  # an officer of the record's district


@dataclass(frozen=True)
class Standing:
    """How one person stands to one record (a seizure, a case) and to its district."""

    seizer: bool = False
    owner: bool = False
    reporter: bool = False  # wrote the report of the seizure (himself, or for the seizer)
    complainant: bool = False  # Sec XIV, XVII, XVIII; his agent who filed it too
    accused: bool = False  # Sec XVII, XVIII
    payer: bool = False  # paid for the cattle and signed the register (Sec VII)
    keeper_here: bool = False  # keeper of the record's pound (Sec IV, V)
    police_here: bool = False  # police officer or Darogah of the pound's thana (Sec II, VIII)
    official: bool = False  # holds any office in the record's district

    @property
    def party(self) -> bool:
        return (
            self.seizer
            or self.owner
            or self.reporter
            or self.complainant
            or self.accused
            or self.payer
        )


def view_of(standing: Standing) -> View:
    """The officers of the district see the whole record; its parties see it too; anyone else
    sees what the Sec VIII notice shows and nothing more."""
    if standing.official:
        return View.OFFICIAL
    if standing.party:
        return View.PARTY
    return View.PUBLIC


def check_may_read(standing: Standing, what: str) -> View:
    """A record that has no public view (a case, a receipt, the register, the fund) is read by
    its parties and the officers of its district only."""
    view = view_of(standing)
    if view is View.PUBLIC:
        raise RecordNotOpen(
            N_("the {record} is open only to the parties to it and the officers of its district"),
            record=what,
        )
    return view
