"""The channel types the office speaks on, each a package of bot/channels/, built from its
settings: the webhook mounts one path for each (webhook/channels.py). A new channel is a new
package and a line here."""

from __future__ import annotations

from bot.channels.base import ChannelType
from bot.channels.telegram.channel import TelegramChannel, TelegramConfig
from bot.channels.twilio.channel import TwilioChannel, TwilioConfig


def channel_types(
    *, telegram: TelegramConfig | None = None, twilio: TwilioConfig | None = None
) -> list[ChannelType]:
    """The channel types configured, in the order their routes are tried."""
    types: list[ChannelType] = []
    if telegram is not None:
        types.append(TelegramChannel(telegram))
    if twilio is not None:
        types.append(TwilioChannel(twilio))
    return types
