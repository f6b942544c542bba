"""Fake Telegram Bot API and Twilio API servers on 127.0.0.1, for the real PTB and twilio clients.

    with FakeTelegram() as tg:               # a thread serving http://127.0.0.1:<free port>
        bot = Bot(TOKEN, base_url=tg.base_url)    # tg.base_url ends in "/bot"; PTB adds the token
        tg.calls / tg.calls_to("sendMessage")   # every call: Call(method, token, params)
        tg.fail_chat(chat_id, "blocked" | "not_found" | "flood", retry_after=3, times=None)
        tg.sent_to(chat_id) -> list[str]         # texts sent to one chat

    with FakeTwilio(account_sid, auth_token) as tw:
        client = tw.client()                     # a real twilio Client pointed at the fake
        tw.messages                              # every message created: dict of its form fields
        tw.fail_to(number, 21610 | 21211 | 429, times=None)
        hooks = TwilioWebhooks(auth_token, public_url)   # signs like Twilio does
        hooks.inbound(http_client, "+9191...", "hello", sid="SM1")  # POST /sms/inbound, signed
        hooks.status(http_client, "SM...", "delivered")             # POST /sms/status, signed

Both record calls thread-safely and answer like the real services in shape (ok/result,
error_code/description/parameters.retry_after; Twilio's code/message/status JSON).
"""

from tests.fakes.telegram import Call, FakeTelegram
from tests.fakes.twilio import FakeTwilio, TwilioWebhooks

__all__ = ["Call", "FakeTelegram", "FakeTwilio", "TwilioWebhooks"]
