"""The FastAPI application: REST API under /api/v1, health, and (later) the channel webhooks."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from models import Database
from webhook import errors
from webhook.deps import AppState


def create_app(*, db: Database, clock: Callable[[], datetime]) -> FastAPI:
    """Build the app around one database and one clock (tests pass a fixed clock)."""
    app = FastAPI(
        title="Pound office",
        summary="Act No. III of 1857: seizures, the pound register, notices, sales, complaints",
        version="0.1.0",
    )
    app.state.pound = AppState(db=db, clock=clock)
    errors.install(app)

    @app.get("/healthz", tags=["health"])
    def healthz() -> JSONResponse:
        """200 when the database answers, 503 when it does not."""
        try:
            db.ping()
        except Exception as exc:  # any driver error means "not healthy"
            return JSONResponse(
                {"status": "unavailable", "database": type(exc).__name__}, status_code=503
            )
        return JSONResponse({"status": "ok", "database": db.dialect})

    from webhook.api import router

    app.include_router(router)
    return app
