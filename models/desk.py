"""The desk's sign-in: one-time codes sent to an official's Telegram or SMS, and the sessions
they open (docs/desk.md). Neither the code nor the session token is stored, only their digests."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel


class DeskSignIn(SQLModel, table=True):
    """One sign-in: the code sent, the tries at it, and the session it opened, if any."""

    __tablename__ = "desk_signin"
    id: int | None = Field(default=None, primary_key=True)
    person_id: int = Field(foreign_key="person.id", index=True)
    # SHA-256 of the token the browser holds while it waits for the code (in its signed cookie).
    attempt_hash: str = Field(max_length=64, unique=True)
    # HMAC-SHA-256 of the code keyed by that token: six digits alone are guessed offline in a
    # moment, so the digest is worth nothing without the browser's token.
    code_hash: str = Field(max_length=64)
    channel: str = Field(max_length=16)
    created_at: datetime = Field(index=True)
    code_expires_at: datetime
    tries: int = 0
    signed_in_at: datetime | None = None
    # SHA-256 of the session token, once the code signed him in.
    session_hash: str | None = Field(default=None, max_length=64, unique=True)
    session_expires_at: datetime | None = None
    signed_out_at: datetime | None = None
