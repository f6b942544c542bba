# syntax=docker/dockerfile:1
# The pound office: `pound serve` on uvicorn, meant to run against PostgreSQL. compose.yaml
# builds it and runs it with its database, Caddy and the worker (docs/deploy.md).
#
# Migrations are applied at every start (safe with several replicas: they take a lock first).

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md ./
COPY law ./law
COPY models ./models
COPY office ./office
COPY bot ./bot
COPY webhook ./webhook
COPY pound ./pound
COPY migrations ./migrations
RUN pip wheel --wheel-dir /wheels .

FROM python:3.11-slim
# WeasyPrint's libraries (Pango) and the Noto fonts that shape Devanagari and Bengali, for the
# printed documents (docs/documents.md).
RUN apt-get update \
 && apt-get install -y --no-install-recommends libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-noto-core \
 && rm -rf /var/lib/apt/lists/*
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    POUND_HOST=0.0.0.0 \
    POUND_PORT=8000
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    pip install /wheels/*.whl \
 && useradd --create-home --uid 10001 --shell /usr/sbin/nologin pound \
 && mkdir -p /var/lib/pound && chown pound /var/lib/pound
USER pound
WORKDIR /home/pound
# Set POUND_DATABASE_URL to a PostgreSQL database. Without it the service falls back to a SQLite
# file inside the container, which is lost with the container: fine to try, not to keep.
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD python -c "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('POUND_PORT', '8000'), timeout=4)" || exit 1
CMD ["pound", "serve", "--host", "0.0.0.0"]
