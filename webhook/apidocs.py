"""GET /docs: Swagger UI from the assets of the `fastapi-offline` package, served by the app.

FastAPI's own page loads Swagger UI from a CDN and starts it with an inline script: blank on an
office network without internet, and refused by our Content-Security-Policy (webhook/edge.py).
This page (webhook/templates/docs.html) names only the service's own paths: the assets under
/docs/assets/, copied from the pinned package installed with the project (Swagger UI 5, which
reads the OpenAPI 3.1 that FastAPI writes), and the script that starts it
(webhook/static/swagger-init.js). No /redoc: ReDoc writes its styles inline, which the policy
refuses.
"""

from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse
from starlette.exceptions import HTTPException

from webhook.desk.render import environment

ASSETS = Path(fastapi_offline.__file__).resolve().parent / "static"
OURS = Path(__file__).resolve().parent / "static"
# The files the page uses, and nothing else of the package.
FILES: dict[str, Path] = {
    "swagger-ui.css": ASSETS / "swagger-ui.css",
    "swagger-ui-bundle.js": ASSETS / "swagger-ui-bundle.js",
    "favicon.png": ASSETS / "favicon.png",
    "swagger-init.js": OURS / "swagger-init.js",
}
MEDIA = {".css": "text/css", ".js": "text/javascript", ".png": "image/png"}

# Built once, at import (webhook/app.py says why).
router = APIRouter(include_in_schema=False)


@router.get("/docs")
async def docs(request: Request) -> HTMLResponse:
    return HTMLResponse(environment().get_template("docs.html").render(title=request.app.title))


@router.get("/docs/assets/{name}")
async def asset(name: str) -> FileResponse:
    path = FILES.get(name)
    if path is None:
        raise HTTPException(404, "no such asset")
    return FileResponse(
        path, media_type=MEDIA[path.suffix], headers={"Cache-Control": "public, max-age=86400"}
    )
