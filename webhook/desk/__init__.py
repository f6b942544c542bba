"""The desk: server-rendered pages for the officials of a district, under /desk (docs/desk.md).

Pages act only through office/ (the same use cases as the API and the chat); no rule of the Act
is checked here. `install` mounts the routers and the desk's own answers to its exceptions.
"""

from __future__ import annotations

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, Response

from webhook.desk import render
from webhook.desk.render import STATIC, page
from webhook.desk.session import DeskConfig, DeskOf, Official, require_official
from webhook.desk.signin import router as signin_router

__all__ = ["DeskConfig", "install", "require_official"]

home_router = APIRouter(include_in_schema=False)


@home_router.get("")
def home(d: DeskOf, who: Official) -> Response:
    """The offices he holds, each a link to its pages."""
    return page(d, "home.html", offices=who.offices)


@home_router.get("/static/desk.css")
def stylesheet() -> Response:
    return FileResponse(
        STATIC / "desk.css",
        media_type="text/css",
        headers={"Cache-Control": "public, max-age=3600", "X-Content-Type-Options": "nosniff"},
    )


def install(app: FastAPI, config: DeskConfig) -> None:
    from webhook.desk.darogah import router as darogah_router
    from webhook.desk.keeper import router as keeper_router
    from webhook.desk.magistrate import router as magistrate_router
    from webhook.desk.police import router as police_router

    app.state.desk = config
    render.install(app)
    # The desk's routers, in order; the pages of each office add theirs here.
    for r in (
        home_router,
        signin_router,
        keeper_router,
        police_router,
        darogah_router,
        magistrate_router,
    ):
        app.include_router(r, prefix="/desk")
