"""What the Magistrate orders, one act a module: a release without fine (Sec VI)."""
