"""compose.yaml, deploy/Caddyfile and .env.example: one command to a real deployment.

Where `docker compose` is installed the file is rendered by it (`docker compose config`, which
needs no running engine); everywhere its structure is checked as compose reads it: PostgreSQL on
a named volume with a healthcheck, the migrations run once before the replicas and the worker
start, replicas of the service with a healthcheck on /healthz behind Caddy, the district file
mounted read-only, the secrets from `.env`, which `.env.example` lists every setting of."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from pound.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
COMPOSE = ROOT / "compose.yaml"
EXAMPLE = ROOT / ".env.example"


def _compose_available() -> bool:
    if shutil.which("docker") is None:
        return False
    done = subprocess.run(
        ["docker", "compose", "version"], capture_output=True, text=True, check=False, timeout=30
    )
    return done.returncode == 0


@pytest.fixture(scope="module")
def compose(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """compose.yaml as compose sees it: rendered by `docker compose config` where it exists,
    else read with PyYAML (anchors and `<<` merges resolved, as compose does)."""
    if _compose_available():
        work = tmp_path_factory.mktemp("compose")
        shutil.copy(EXAMPLE, work / ".env")
        (work / "district.toml").write_text("", encoding="utf-8")
        (work / "deploy").mkdir()
        shutil.copy(ROOT / "deploy" / "Caddyfile", work / "deploy" / "Caddyfile")
        shutil.copy(COMPOSE, work / "compose.yaml")
        done = subprocess.run(
            ["docker", "compose", "config", "--format", "json", "--no-interpolate"],
            cwd=work,
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        rendered: dict[str, Any] = json.loads(done.stdout)
        return rendered
    loaded: dict[str, Any] = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    return loaded


def _depends(service: dict[str, Any]) -> dict[str, str]:
    return {name: spec["condition"] for name, spec in (service.get("depends_on") or {}).items()}


def _command(service: dict[str, Any]) -> list[str]:
    command = service["command"]
    return command if isinstance(command, list) else str(command).split()


def _mounts(service: dict[str, Any]) -> list[tuple[str, str, bool]]:
    """(source, target, read-only) of each volume, in the short or the long syntax."""
    out = []
    for volume in service.get("volumes") or []:
        if isinstance(volume, str):
            # SOURCE:TARGET[:MODE], the source perhaps a ${VARIABLE:-default} with its own colon.
            match = re.fullmatch(r"(\$\{[^}]*\}|[^:]+):([^:]+)(?::(.+))?", volume)
            assert match is not None, volume
            source, target, mode = match.groups()
            out.append((source, target, "ro" in (mode or "").split(",")))
        else:
            out.append((volume["source"], volume["target"], bool(volume.get("read_only"))))
    return out


def test_the_services_of_a_deployment(compose: dict[str, Any]) -> None:
    assert set(compose["services"]) == {"db", "migrate", "app", "worker", "caddy"}


def test_postgresql_keeps_its_data_on_a_named_volume_and_says_when_it_is_ready(
    compose: dict[str, Any],
) -> None:
    db = compose["services"]["db"]

    assert str(db["image"]).startswith("postgres:15")
    assert ("pgdata", "/var/lib/postgresql/data", False) in _mounts(db)
    assert "pgdata" in compose["volumes"]
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])


def test_migrations_run_once_before_the_replicas_and_the_worker(compose: dict[str, Any]) -> None:
    services = compose["services"]
    migrate = services["migrate"]

    assert _command(migrate)[:3] == ["pound", "jurisdiction", "load"]  # migrates, then loads
    assert migrate["restart"] == "no"
    assert _depends(migrate) == {"db": "service_healthy"}
    for name in ("app", "worker"):
        assert _depends(services[name])["migrate"] == "service_completed_successfully"
        assert _depends(services[name])["db"] == "service_healthy"


def test_the_district_file_is_mounted_read_only_where_it_is_loaded(
    compose: dict[str, Any],
) -> None:
    migrate = compose["services"]["migrate"]
    district = _command(migrate)[3]

    [(source, _target, read_only)] = [m for m in _mounts(migrate) if m[1] == district]
    assert read_only
    assert "district.toml" in source


def test_the_service_runs_replicas_checked_on_healthz_and_no_worker_inside(
    compose: dict[str, Any],
) -> None:
    app = compose["services"]["app"]

    assert _command(app)[:2] == ["pound", "serve"]
    assert "--no-worker" in _command(app)
    assert "0.0.0.0" in _command(app)
    replicas = str(app["deploy"]["replicas"])
    assert replicas.isdigit() or re.fullmatch(r"\$\{REPLICAS:-\d+\}", replicas)
    assert "/healthz" in " ".join(app["healthcheck"]["test"])
    assert "ports" not in app  # only Caddy is reached from outside: replicas share no port


def test_the_worker_is_a_service_of_its_own_with_its_journal_on_a_volume(
    compose: dict[str, Any],
) -> None:
    worker = compose["services"]["worker"]

    assert _command(worker) == ["pound", "worker"]
    journal = worker["environment"]["POUND_OUTBOX_JOURNAL_DIR"]
    assert any(
        source == "journal" and journal.startswith(target) for source, target, _ in _mounts(worker)
    )


def test_caddy_terminates_tls_in_front_of_the_replicas(compose: dict[str, Any]) -> None:
    caddy = compose["services"]["caddy"]
    caddyfile = (ROOT / "deploy" / "Caddyfile").read_text(encoding="utf-8")

    assert _depends(caddy) == {"app": "service_healthy"}
    published = {
        str(p).split(":")[0] if isinstance(p, str) else str(p["published"]) for p in caddy["ports"]
    }
    assert {"80", "443"} <= published
    assert any(target == "/etc/caddy/Caddyfile" and ro for _, target, ro in _mounts(caddy))
    assert "{$DOMAIN}" in caddyfile
    assert re.search(r"dynamic a app 8000", caddyfile)
    assert "caddy_data" in compose["volumes"]  # the certificates outlive the container


def test_the_secrets_come_from_the_env_file(compose: dict[str, Any]) -> None:
    services = compose["services"]
    for name in ("migrate", "app", "worker"):
        env_file = services[name]["env_file"]
        files = env_file if isinstance(env_file, list) else [env_file]
        assert any(str(f if isinstance(f, str) else f["path"]).endswith(".env") for f in files)
        url = services[name]["environment"]["POUND_DATABASE_URL"]
        assert "@db:5432/" in url and "POSTGRES_PASSWORD" in url
        assert services[name]["environment"]["POUND_PUBLIC_URL"].startswith("https://")
    assert "${POSTGRES_PASSWORD" in services["db"]["environment"]["POSTGRES_PASSWORD"]
    assert ".env" in (ROOT / ".gitignore").read_text(encoding="utf-8").split()


def test_env_example_lists_every_setting_with_a_comment() -> None:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    pattern = re.compile(r"^#?\s?(POUND_[A-Z0-9_]+)=")
    listed = [m[1] for line in lines if (m := pattern.match(line))]
    settings = {f"POUND_{name.upper()}" for name in Settings.model_fields}

    assert sorted(set(listed)) == sorted(settings), (
        f"missing from .env.example: {sorted(settings - set(listed))}; "
        f"not settings: {sorted(set(listed) - settings)}"
    )
    assert len(listed) == len(set(listed))
    for i, line in enumerate(lines):
        if pattern.match(line):
            # A comment above each (two settings may share one: POUND_HOST, POUND_PORT).
            above = i - 1
            while pattern.match(lines[above]):
                above -= 1
            assert lines[above].startswith("# ") and len(lines[above]) > 10, (
                f"no comment above {line!r}"
            )
