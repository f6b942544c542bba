"""The front page, `GET /` (and `HEAD /`): what this office is, how to reach it by Telegram or
SMS (the office's SMS number, where Twilio is configured), and links to the officials' desk,
each district's public board, the API's documentation and the health check. In English, Hindi
and Bengali (`?lang=`, else the browser's, as the board chooses: webhook/board.py
`pick_language`).

Like the board: one small page, the board's stylesheet, no script, nothing from elsewhere;
served under the service's Content-Security-Policy (webhook/edge.py). Not in the API's schema.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from bot.i18n import LANGUAGES, translator, written_in
from office.views.board import board_districts
from webhook.board import pick_language
from webhook.deps import State
from webhook.desk.render import environment

router = APIRouter()


@router.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
def front(
    request: Request, st: State, lang: Annotated[str | None, Query(max_length=8)] = None
) -> HTMLResponse:
    chosen = pick_language(request, lang)
    html = (
        environment()
        .get_template("front/front.html")
        .render(
            t=translator(chosen),
            lang=chosen,
            languages=[
                (code, name, f"/?lang={code}", code == chosen) for code, name in LANGUAGES.items()
            ],
            sms_number=getattr(request.app.state, "sms_number", None),
            districts=[
                (d.code, written_in(chosen, d.name, d.names)) for d in board_districts(st.db)
            ],
        )
    )
    return HTMLResponse(
        html,
        headers={
            "Content-Language": chosen,
            "Vary": "Accept-Language",
            "Cache-Control": "public, max-age=60",
        },
    )
