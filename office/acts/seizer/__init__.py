"""What the seizer does: he reports his seizure (Sec II, XV, XVI) and may call on the police
for aid (II)."""
