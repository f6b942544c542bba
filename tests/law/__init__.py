"""Tests of the pure law package: no database, no fixtures."""
