"""The README's way into the desk on a fresh install, run for real: `python -m pound serve` in an
empty folder (the default SQLite file, the demo district, no Telegram, no Twilio), the front
page, a code asked for the demo's keeper, read with `pound desk code`, typed into the form, and
the keeper's desk home reached (README.md "What you see", docs/desk.md)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
from click.testing import CliRunner, Result

from pound.cli import main
from tests.test_logs_secrets import free_port

ROOT = Path(__file__).resolve().parent.parent
KEEPER = "+919800010101"  # Ram Prasad Yadav, keeper of the Rampur pound (pound/data/demo.toml)
_CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')


def csrf(html: str) -> str:
    found = _CSRF.search(html)
    assert found, "the page has no form"
    return found.group(1)


def desk_code(folder: Path, phone: str) -> Result:
    """`pound desk code PHONE` in the folder, as the operator types it in another terminal (run
    in this process: a second Python start-up for each call is all it would add)."""
    env: dict[str, str | None] = {k: None for k in os.environ if k.startswith("POUND_")}
    env["POUND_DATABASE_URL"] = f"sqlite:///{folder / 'pound.db'}"
    return CliRunner().invoke(main, ["desk", "code", phone], env=env)


def wait_until_up(base: str, proc: subprocess.Popen[str]) -> None:
    """Until /healthz answers: a first start migrates a new database, slow on a busy machine."""
    started = time.monotonic()
    while time.monotonic() - started < 240:
        if proc.poll() is not None:
            raise AssertionError(f"pound serve exited with {proc.returncode}")
        try:
            if httpx.get(f"{base}/healthz", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError("pound serve did not come up")


def code_for(folder: Path, phone: str) -> str:
    """The code, asked for again until it is there (it is sent after the answer to the request
    has gone)."""
    deadline = time.monotonic() + 90
    while True:
        run = desk_code(folder, phone)
        if run.exit_code == 0:
            return run.stdout.splitlines()[-1]
        assert run.exit_code == 1 and "no sign-in code waits" in run.stderr, run.output
        assert time.monotonic() < deadline, "no code came"
        time.sleep(0.2)


def test_a_newcomer_signs_in_to_the_desk_as_the_demo_keeper(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("POUND_")}
    env["PYTHONPATH"] = str(ROOT)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "pound", "serve", "--port", str(port)],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_until_up(base, proc)
        with httpx.Client(base_url=base, timeout=60, follow_redirects=True) as web:
            front = web.get("/")
            assert front.status_code == 200 and 'href="/desk?lang=en"' in front.text
            assert 'href="/board/RAMPUR-DEMO?lang=en"' in front.text
            asked = web.get("/desk?lang=en")
            assert asked.url.path == "/desk/sign-in"
            assert "This office cannot send codes yet" in asked.text
            waiting = web.post(
                "/desk/sign-in",
                data={"phone": "98000 10101", "next": "/desk", "csrf": csrf(asked.text)},
            )
            assert waiting.url.path == "/desk/sign-in/code", waiting.text
            code = code_for(tmp_path, "098000-10101")
            assert re.fullmatch(r"\d{6}", code)
            home = web.post("/desk/sign-in/code", data={"code": code, "csrf": csrf(waiting.text)})
            assert home.url.path == "/desk", home.text
            assert "Ram Prasad Yadav" in home.text and 'href="/desk/keeper/RMP"' in home.text
            # The code is spent: the command says there is none now.
            spent = desk_code(tmp_path, KEEPER)
            assert spent.exit_code == 1 and "no sign-in code waits" in spent.stderr
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
    assert (tmp_path / "pound.db").is_file()
    assert "district RAMPUR-DEMO: loaded" in out
    # On the serving terminal, one line names the phone and the code.
    lines = [line for line in err.splitlines() if "sign-in code" in line]
    assert len(lines) == 1, err
    assert f"desk sign-in code for {KEEPER}: {code}" in lines[0]
