"""The police's page: aid requests and conveyances to confirm (Sec II, XVI)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
