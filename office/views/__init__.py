"""What is read: the officers' worklists and desks, the public board, a seizure with what is
due, look-ups for the conversations, what a queued message says when sent, the documents."""
