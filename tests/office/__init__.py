"""Tests of the use cases, on SQLite and PostgreSQL."""
