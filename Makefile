# The two commands a newcomer needs: `make run` (the service on SQLite with the demo district)
# and `make test` (lint, format check, types, the layers' import contracts and every test but the
# slow tier).
# `.ci/run` runs `make test` and then `make test-slow`: the slow tier (load tests marked `slow`)
# and the property tests (Hypothesis marks them) with their full examples.
# `make cover` runs the same tests as `make test` with a coverage report. `make test` measures no
# coverage: on Python 3.11 coverage traces every line (sys.settrace), which made the tests take
# about 1.8 times the CPU; no check depends on the figure, so neither `make test` nor `.ci/run`
# pays for it.

PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test test-slow cover lint

# Compiled modules are kept (__pycache__, ignored by git) even where the environment says not to
# write them: each test worker, and each `pound` a test starts, would otherwise compile every
# module and rewrite every test module's asserts anew (about 11 s of CPU per worker here).
unexport PYTHONDONTWRITEBYTECODE

run: $(VENV)/.installed
	$(BIN)/pound serve

PYTEST := $(BIN)/pytest -n auto --dist worksteal

test: lint
	$(PYTEST)

cover: $(VENV)/.installed-dev
	$(PYTEST) --cov --cov-report=term-missing:skip-covered

test-slow: $(VENV)/.installed-dev
	$(BIN)/pytest -n auto --dist worksteal --slow -m "slow or hypothesis"

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

# The venv's own pip (Python 3.11 ships one that installs this project in editable mode) is used
# as it is: upgrading it first cost a look-up and an install on every fresh clone. pip neither
# asks the index for its own newer version nor compiles every module of every dependency
# (twilio alone has thousands, most never imported): Python compiles what it imports, once.
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check --no-input --no-compile

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Stamp files: pip runs again only when pyproject.toml changes.
# `make run` installs through uv (a resolver and installer from PyPI, put in the venv by pip):
# from a warm cache it links the packages in seconds, where pip took most of a minute.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(PIP) -e '.[dev]'
	touch $(VENV)/.installed $@
