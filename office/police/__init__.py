"""What the police of a thana do, one act a module: they convey cattle to the pound and confirm
it (Sec II, XVI). Strays they seize are reported as any seizure (office/seizures.py)."""
