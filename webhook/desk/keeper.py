"""The keeper's pages: today's work, the register, and the forms of his acts (Sec V-IX, G7)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
