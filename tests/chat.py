"""One person in a chat with the office, for tests: what he sends, and the replies' text."""

from __future__ import annotations

from bot.registry import build_engine
from bot.types import Channel, Inbound, Location, Reply
from tests.world import World


class Chat:
    """One person on a channel (the console unless told); each call returns all the replies'
    text, and `last` keeps the replies themselves."""

    def __init__(self, world: World, phone: str, channel: Channel = Channel.CONSOLE) -> None:
        self.world = world
        self.engine = build_engine(world.db)
        self.phone = phone
        self.channel = channel
        self.last: list[Reply] = []

    def send(self, **fields: object) -> str:
        """An inbound message with these fields (text, option, photo, location ...)."""
        inbound = Inbound(channel=self.channel, address=self.phone, **fields)  # type: ignore[arg-type]
        self.last = self.engine.handle(inbound, now=self.world.now)
        return "\n".join(r.text for r in self.last)

    def say(self, text: str) -> str:
        return self.send(text=text)

    def pick(self, option: str) -> str:
        """A button pressed: the option's value."""
        return self.send(option=option)

    def at(self, where: tuple[float, float]) -> str:
        """A location shared (latitude, longitude)."""
        return self.send(location=Location(*where))

    def options(self) -> list[str]:
        return [o.value for r in self.last for o in r.options]

    def labels(self) -> list[str]:
        return [o.label for r in self.last for o in r.options]
