"""What the Magistrate orders, one act a module: a release without fine (Sec VI) and the sale of
cattle to recover a fine he adjudged (XVII)."""
