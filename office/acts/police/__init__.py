"""What the police of a thana do: they convey cattle to the pound and confirm
they reached it (Sec II, XVI)."""
