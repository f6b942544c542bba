"""What a private person brings to the Magistrate: a complaint against a seizure (Sec XIV),
a complaint of trespass by mischief or of damage by pigs (XVII, XVIII)."""
