"""`pound telegram set-webhook`: tell Telegram where to post updates, with the secret and menu."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import click

from pound.cli import fail, settings_of

if TYPE_CHECKING:
    from pound.settings import Settings

WEBHOOK_PATH = "/telegram/webhook"


async def set_webhook(settings: Settings, *, drop_pending: bool = False) -> str:
    """Register the webhook URL, secret and allowed updates, and the command menu per language."""
    from telegram import Bot

    from bot.channels.telegram import ALLOWED_UPDATES, bot_commands
    from bot.i18n import LANGUAGES
    from bot.registry import all_flows

    if settings.telegram_token is None:
        raise click.UsageError("POUND_TELEGRAM_TOKEN is not set")
    if settings.telegram_secret is None:
        raise click.UsageError("POUND_TELEGRAM_SECRET is not set")
    if not settings.public_url:
        raise click.UsageError("POUND_PUBLIC_URL is not set (Telegram must reach it over HTTPS)")
    url = settings.base_url + WEBHOOK_PATH
    # PTB 22 appends the token to base_url: ".../bot" + token + "/" + method.
    base = settings.telegram_api_url.rstrip("/") + "/bot"
    flows = all_flows()
    async with Bot(settings.telegram_token.get_secret_value(), base_url=base) as bot:
        await bot.set_webhook(
            url=url,
            secret_token=settings.telegram_secret.get_secret_value(),
            allowed_updates=list(ALLOWED_UPDATES),
            drop_pending_updates=drop_pending,
        )
        await bot.set_my_commands(bot_commands(flows, "en"))
        for lang in LANGUAGES:
            if lang != "en":
                await bot.set_my_commands(bot_commands(flows, lang), language_code=lang)
    return url


@click.group()
def telegram() -> None:
    """The Telegram bot: register its webhook and command menu."""


@telegram.command("set-webhook")
@click.option("--drop-pending", is_flag=True, help="Discard updates Telegram holds for the bot.")
@click.pass_context
def set_webhook_command(ctx: click.Context, drop_pending: bool) -> None:
    """Point Telegram at POUND_PUBLIC_URL/telegram/webhook with POUND_TELEGRAM_SECRET.

    Also sets the command menu (/start, /help, /cancel, /lang and each flow's command) in
    English, Hindi and Bengali.
    """
    from telegram.error import TelegramError

    try:
        url = asyncio.run(set_webhook(settings_of(ctx), drop_pending=drop_pending))
    except TelegramError as exc:
        fail(ctx, f"Telegram refused: {exc}")
    click.echo(f"webhook set: {url}")
