"""GET /docs: Swagger UI from the assets of the `swagger-ui-bundle` package, served by the app.

FastAPI's own page loads Swagger UI from a CDN and starts it with an inline script: blank on an
office network without internet, and refused by our Content-Security-Policy (webhook/edge.py).
This page names only the service's own paths: the assets under /docs/assets/, copied from
the pinned package installed with the project, and the script that starts it
(webhook/static/swagger-init.js).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse
from starlette.exceptions import HTTPException
from swagger_ui_bundle import swagger_ui_path

ASSETS = Path(swagger_ui_path)
OURS = Path(__file__).resolve().parent / "static"
# The files the page uses, and nothing else of the package (its own index.html starts the
# petstore example).
FILES: dict[str, Path] = {
    "swagger-ui.css": ASSETS / "swagger-ui.css",
    "swagger-ui-bundle.js": ASSETS / "swagger-ui-bundle.js",
    "favicon-32x32.png": ASSETS / "favicon-32x32.png",
    "swagger-init.js": OURS / "swagger-init.js",
}
MEDIA = {".css": "text/css", ".js": "text/javascript", ".png": "image/png"}

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title} - API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/swagger-init.js"></script>
</body>
</html>
"""


def docs_router(title: str) -> APIRouter:
    router = APIRouter(include_in_schema=False)
    page = PAGE.format(title=title)

    @router.get("/docs")
    async def docs() -> HTMLResponse:
        return HTMLResponse(page)

    @router.get("/docs/assets/{name}")
    async def asset(name: str) -> FileResponse:
        path = FILES.get(name)
        if path is None:
            raise HTTPException(404, "no such asset")
        return FileResponse(
            path,
            media_type=MEDIA[path.suffix],
            headers={"Cache-Control": "public, max-age=86400"},
        )

    return router
