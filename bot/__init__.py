"""Conversations over channel-neutral messages, the channels, and the outbox sender."""
