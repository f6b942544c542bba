"""Who may act: the offices of the Act and where they are held, API tokens, the desk's
sign-in."""
