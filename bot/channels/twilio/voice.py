"""A message as a voice call: TwiML that says it in the person's language, twice.

For people who cannot read, the notices that bind them (docs/channels.md, "Voice") are also
said on the phone. The call carries its TwiML inline (the `Twiml` parameter of Twilio's Calls
API): what is said is fixed when the call is placed, the same text the outbox row records.
"""

from __future__ import annotations

from twilio.twiml.voice_response import VoiceResponse

from bot.i18n import N_, normalise_language, translator

SPEECH_LANGUAGES = {"en": "en-IN", "hi": "hi-IN", "bn": "bn-IN"}
# Twilio refuses a Twiml parameter longer than this.
MAX_TWIML = 4000

INTRO = N_("A message from the pound office.")
AGAIN = N_("Once more.")


def twiml_for(text: str, language: str) -> str:
    """<Response><Say language="hi-IN">...</Say></Response>: the intro, the message, a pause,
    and the message again (once only if twice would not fit in a call's TwiML)."""
    t = translator(language)
    spoken = SPEECH_LANGUAGES[normalise_language(language)]

    def build(times: int) -> str:
        response = VoiceResponse()
        response.say(t(INTRO), language=spoken)
        for n in range(times):
            if n:
                response.pause(length=1)
                response.say(t(AGAIN), language=spoken)
            response.say(text, language=spoken)
        return str(response)

    twice = build(2)
    return twice if len(twice) <= MAX_TWIML else build(1)
