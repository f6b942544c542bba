# The two commands a newcomer needs: `make run` (the service on SQLite with the demo district)
# and `make test` (lint, format check, types and every test with coverage).

PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test

run: $(VENV)/.installed
	$(BIN)/pound serve

test: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest -n auto --cov --cov-report=term-missing:skip-covered

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
