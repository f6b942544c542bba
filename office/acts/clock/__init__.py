"""What the office's own clock does: the steps of the Act that fall due (Sec VIII, XI, XII)."""
