"""Channels: provider payloads to `Inbound`, and `Reply` to what each provider sends."""
