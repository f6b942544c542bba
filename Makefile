# The two commands a newcomer needs: `make run` (the service on SQLite with the demo district)
# and `make test` (lint, format check, types, the layers' import contracts and every test but the
# slow tier, with coverage).
# `.ci/run` runs `make test` and then `make test-slow`: the slow tier (load tests marked `slow`)
# and the property tests (Hypothesis marks them) with their full examples.

PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test test-slow lint

run: $(VENV)/.installed
	$(BIN)/pound serve

PYTEST := $(BIN)/pytest -n auto --dist worksteal --cov --cov-report=term-missing:skip-covered

test: lint
	$(PYTEST)

test-slow: $(VENV)/.installed-dev
	$(BIN)/pytest -n auto --dist worksteal --slow -m "slow or hypothesis"

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamp files: pip runs again only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(VENV)/.installed $@
