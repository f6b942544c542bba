"""pound."""
