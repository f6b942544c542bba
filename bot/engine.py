"""The conversation engine: one message in, replies out, in one transaction with the chat's state.

State lives in the `conversation` row keyed by (channel, address), so any worker can take the
next message; Telegram, SMS and the console run the same flows.
"""

from __future__ import annotations

import copy
import dataclasses
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from bot import sms_budget, state, words
from bot.channels.base import ChannelType, Received
from bot.errors import explain
from bot.flows import pointing
from bot.flows.anyone import find_ref, ref_alone
from bot.flows.base import Ctx, Flow, Turn
from bot.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    N_,
    Translator,
    normalise_language,
    translator,
)
from bot.state import MAX_TEXT
from bot.types import Channel, Inbound, Option, Reply
from bot.words import CANCEL, HELP, LANG, MENU, NO, THANKS, YES
from law.errors import PoundError
from models import Database, OptOut, Person, RoleGrant, Unit
from office.access.roles import roles_of
from office.people import tie_telegram
from office.records import reach

log = logging.getLogger(__name__)

DRAFT_TTL = timedelta(hours=24)
# In a conversation's state: the question it waits on, and whether leaving it is being asked.
ASKED, LEAVING = "asked", "leaving"
LEAVE_YES, LEAVE_NO = "leave:yes", "leave:no"
# The option `pound chat` opens with: offer an unfinished conversation to go on with.
RESUME = "resume"
# To be called with the notices, or no longer (the catalogs' `word:call`, `word:nocall`).
CALL, NO_CALL = "call", "nocall"
# A menu choice's section at its end, in any script: " (Sec V)", " (धारा 5)", " (ধারা ৫)".
_CITED = re.compile(r"\s*\([^()]*\)$")
# Said alone, on a channel that has them (SMS, WhatsApp): an opted-out address hears nothing
# until it says START.
STOP_WORDS = frozenset({"stop", "stopall", "unsubscribe"})
START_WORDS = frozenset({"start", "unstop"})
STOPPED = N_(
    "You will get no more messages from the pound office. Send START to hear from us again."
)
STARTED = N_("Messages from the pound office are on again. Send {say_help} for the menu.")


@dataclass
class _Message:
    """One message being read: the chat and its draft, the context its flow is given, what was
    said (without a greeting before it), and the notes said before any answer (a draft dropped,
    a contact tied)."""

    conv: state.ChatState
    data: dict[str, Any]
    ctx: Ctx
    msg: Inbound
    text: str
    greeted: bool
    notes: list[Reply]
    # The command the message starts, where it is read as one (`Engine._command`), and what
    # its sentence asks (bot/words.py `sentence_intent`), read there once.
    started: tuple[str, str] | None = None
    intent: str | None = None

    def __post_init__(self) -> None:
        self.first, _, self.rest = self.text.partition(" ")
        self.said = words.meaning(self.text, (CANCEL, HELP)) if self.text else None


@dataclass(frozen=True)
class Handled:
    """One message handled: the replies, whether it was a repeat, and who the chat is now."""

    replies: list[Reply]
    repeat: bool = False
    language: str = "en"
    person_id: int | None = None


class Engine:
    def __init__(self, db: Database, flows: Sequence[Flow]) -> None:
        self.db = db
        self.flows = {f.name: f for f in flows}
        # A flow's command keys; the words that say each are the catalogs' `cmd:<key>`.
        self.commands = {key.lower().lstrip("/"): f for f in flows for key in f.commands}
        # What `_offered` answered, by the speaker's roles.
        self._offered_by: dict[frozenset[tuple[str, str]], tuple[Flow, ...]] = {}

    def handle(
        self, inbound: Inbound, *, now: datetime, external_id: str | None = None
    ) -> list[Reply]:
        return self.receive(inbound, now=now, external_id=external_id).replies

    def receive(
        self, inbound: Inbound, *, now: datetime, external_id: str | None = None
    ) -> Handled:
        """Handle one message once, in a unit of work of its own: a repeat of `external_id`
        gets the first answer again."""
        try:
            with self.db.unit(now=now) as u:
                handled = self.receive_in(u, inbound, external_id=external_id)
                u.commit()
            return handled
        except IntegrityError:
            # The same update raced in twice; the other one won: answer as it did (its commit
            # is on the database itself, maybe not yet on a read replica).
            if external_id is None:
                raise
            with self.db.reading() as s:
                seen = state.seen_replies(s, inbound.channel.value, external_id)
                if seen is None:
                    raise
                return Handled([Reply.from_dict(r) for r in seen], repeat=True)

    def take(self, work: Unit, channel: ChannelType, received: Received) -> Handled:
        """One message of a channel type's webhook, received at `work.now`, in the webhooks'
        writer's unit (webhook/inbound.py): its chat opened with the note of the channel it came
        by, and the message handled as the channel type says (`_handle`)."""
        assert received.inbound is not None
        opening = state.open_chat(work, received.opens, noted=True)
        return self._handle(work, received.inbound, opening, received.external_id, channel)

    def receive_in(
        self, work: Unit, inbound: Inbound, *, external_id: str | None = None
    ) -> Handled:
        """Handle one message, received at `work.now`, in the caller's unit of work (which
        commits it)."""
        opening = state.open_chat(work, state.key_of(inbound, external_id))
        return self._handle(work, inbound, opening, external_id)

    def _handle(
        self,
        work: Unit,
        inbound: Inbound,
        opening: state.Opening,
        external_id: str | None,
        channel: ChannelType | None = None,
    ) -> Handled:
        """One message in `work`, which the flows hand to the use cases they call, its chat
        opened (bot/state.py): its earlier answer if it is a repeat; else STOP and START where
        the webhook's `channel` has them, or the conversation; and its end (bot/state.py: the
        chat's new state, the message in the inbound log, and the replies as outbox rows on a
        channel whose answer cannot carry them)."""
        if opening.seen is not None:
            return Handled([Reply.from_dict(r) for r in opening.seen], repeat=True)
        opting = channel is not None and channel.opt_out_words
        said = _opting(work.session, inbound, opening.opted_out, work.now) if opting else None
        chat: state.ChatState | None = opening.chat
        if said is None:
            replies = self._converse(work, opening.chat, opening.person_id, inbound)
            status = "handled"
        else:
            (text, status), chat = said, None
            replies = [Reply(translator(opening.chat.language)(text))] if text is not None else []
        queue = channel is not None and not channel.replies_in_answer
        state.close_message(work, inbound, external_id, replies, status, chat=chat, queue=queue)
        if chat is None:
            return Handled(replies)
        return Handled(replies, language=chat.language or "en", person_id=chat.person_id)

    # --- who is speaking ----------------------------------------------------------------------

    def _identify(
        self,
        s: Session,
        chat: state.ChatState,
        person_id: int | None,
        inbound: Inbound,
        now: datetime,
        t: Translator,
    ) -> tuple[Person | None, list[RoleGrant], list[Reply]]:
        """The person behind the message and his roles: `person_id` is who the phone or
        Telegram id belongs to; on Telegram a shared contact ties the phone to the chat first."""
        notes: list[Reply] = []
        person: Person | None = None
        if inbound.channel is Channel.TELEGRAM and inbound.contact is not None:
            person, note = _tie_contact(s, inbound, now, t)
            notes.append(note)
        # Most people who write are private persons with no row: only a known one is loaded.
        if person is None and person_id is not None:
            person = s.get(Person, person_id)
        if person is not None and chat.person_id != person.id:
            chat.person_id = person.id
        if person is not None and chat.language and not person.language:
            # The language chosen in this chat before the office knew who writes is his: the
            # office's own messages to him (a copy of the register, a notice) are in it too.
            person.language = chat.language
            s.add(person)
        roles = roles_of(s, person.id) if person and person.id else []
        return person, roles, notes

    # --- one message --------------------------------------------------------------------------

    def _converse(
        self, work: Unit, conv: state.ChatState, person_id: int | None, inbound: Inbound
    ) -> list[Reply]:
        """The replies to one message: the first of these that answers it does."""
        m = self._read(work, conv, person_id, inbound)
        for answer in (
            self._too_long,
            self._greeting,
            self._closing,
            self._cancel,
            self._language_asked,
            self._help,
            self._resume,
            self._leaving,
            self._menu_mid_flow,
            self._location_elsewhere,
            self._step,
            self._start,
        ):
            replies = answer(m)
            if replies is not None:
                return replies
        raise AssertionError("_start answers every message")

    def _read(
        self, work: Unit, conv: state.ChatState, person_id: int | None, inbound: Inbound
    ) -> _Message:
        """What he said, who writes, in which language he is answered, and the draft it
        answers."""
        s, now = work.session, work.now
        # What the message says of itself: the option a number picks (of a conversation not
        # dropped after 24 hours), the language it is written in (bot/words.py: by its script,
        # or Hindi or Bengali typed in Latin letters, "meri gaay kho gayi") and his app's.
        dropped = bool(conv.flow and conv.expires_at and now > conv.expires_at)
        data: dict[str, Any] = {} if dropped else conv.data
        msg = _resolve_option(inbound, data)
        written = None if conv.language else words.language_written(inbound.text)
        hinted = _hinted(inbound)
        t = translator(conv.language or written)
        person, roles, notes = self._identify(s, conv, person_id, inbound, now, t)
        if person is not None and person.id is not None:
            work.acts_as(person.id)  # the unit is his: his acts are done in it
        if conv.language is None:
            lang = person.language if person is not None else None
            if lang is None:
                lang = written or hinted or conv.main_language or DEFAULT_LANGUAGE
                if written:
                    # The language he writes is his from now on, until he chooses another.
                    # English words in Latin letters ("hi", "menu", a /start button) and digits
                    # say none: he is answered in the district's language until he writes his.
                    conv.language = lang
                    if person is not None:
                        person.language = lang
                        s.add(person)
            t = translator(lang)
        if dropped:
            notes.append(Reply(t("Your unfinished conversation was dropped after 24 hours.")))
            conv.flow, conv.step = None, None
        text = msg.text.strip()
        # A greeting (राम राम, আদাব, namaste) alone is answered with the menu; what follows it in
        # the same message is read as if it came alone.
        greeted, rest = words.after_greeting(text) if msg.option is None else (False, text)
        if greeted:
            text = rest
            msg = dataclasses.replace(msg, text=rest)
        ctx = Ctx(
            work=work,
            inbound=msg,
            person=person,
            roles=roles,
            t=t,
            data=data.get("draft", {}) if isinstance(data.get("draft"), dict) else {},
            explain=lambda exc: explain(t, exc, official=bool(roles)),
        )
        m = _Message(conv, data, ctx, msg, text, greeted, notes)
        m.started = self._command(m)
        return m

    def _at_page(self, conv: state.ChatState) -> bool:
        """At a page of a long answer, where nothing is asked (`Flow.page_steps`)."""
        flow = self.flows.get(conv.flow or "")
        return flow is not None and conv.step in flow.page_steps

    def _command(self, m: _Message) -> tuple[str, str] | None:
        """The command the message starts, if it is read as one: when no conversation is under
        way, as a slash command, or as a command word and a seizure's reference ("aagaman 7F54JS",
        no village's or person's name); only the commands the person may start (an officer's word
        from anyone else is no command)."""
        conv, msg, text, first = m.conv, m.msg, m.text, m.first
        # At a page of a long answer (STATUS, RATES on SMS: "1. More") nothing is asked: a
        # command typed there ("aagaman REF") is read as one.
        free = conv.flow is None or self._at_page(conv)
        reads_command = msg.option is None and (
            free or first.startswith("/") or _names_a_seizure(text)
        )
        if not reads_command:
            return None
        mine = self._startable(m.ctx)
        started = words.command(text, mine)
        if started is None and conv.flow is None and "status" in mine:
            # A reference alone, as the office sent it: where that seizure stands.
            ref = ref_alone(text)
            started = ("status", ref) if ref is not None else None
        if conv.flow is None and not first.startswith("/"):
            # A sentence ("पकड़े गए मेरे पशु", "দুটো গরু ধরেছি") says which of a private
            # person's flows it wants, whatever word it starts with.
            intent = m.intent = words.sentence_intent(text) if len(text.split()) > 1 else None
            head = started[0] if started is not None else None
            # It overrides the word it starts with where that word is one a sentence may say
            # too ("पकड़े गए मेरे पशु" is no report), never a command of another flow.
            if intent in mine and head != intent and (head is None or head in words.INTENTS):
                started = (str(intent), text)
                m.ctx.sentence = True
            elif intent == words.NEITHER and head in words.INTENTS:
                started = None
            if started is None and "status" in mine:
                # "BC2YXX kahan hai": a reference in a sentence that asks nothing else.
                ref = find_ref(text)
                started = ("status", ref) if ref is not None else None
        return started

    def _too_long(self, m: _Message) -> list[Reply] | None:
        if len(m.text) <= MAX_TEXT:
            return None
        t = m.ctx.t
        too_long = Reply(
            t("That message is too long: send at most {limit} characters.", limit=MAX_TEXT)
        )
        if m.conv.flow is None:  # nothing asked: what he may do, as after any answer
            return self._done(m, Turn([too_long, *self._menu(m.ctx)]))
        # In a conversation its question stands, and its options still answer it.
        return self._aside(m, too_long)

    def _closing(self, m: _Message) -> list[Reply] | None:
        """Thanks or an ok alone, nothing asked ("dhanyavad", "ধন্যবাদ", "theek hai", often the
        answer to a notice): a line, not the hint and the menu (three SMS in Hindi)."""
        if m.conv.flow is not None or m.msg.option is not None:
            return None
        said = words.meaning(m.text, (THANKS, YES), typo=False)
        if said is None:
            return None
        t = m.ctx.t
        line = t("You are welcome.") if said == THANKS else t("Good.")
        return self._done(m, Turn([Reply(line)]), menu=True)

    def _greeting(self, m: _Message) -> list[Reply] | None:
        if not m.greeted or m.text:
            return None
        if m.conv.flow is None:
            return self._done(m, Turn(self._menu(m.ctx)))
        hello = Reply(m.ctx.t("Hello. Please answer the question above."))
        return self._aside(m, hello)

    def _cancel(self, m: _Message) -> list[Reply] | None:
        if m.said != CANCEL and m.msg.option != "cancel":
            return None
        conv, t = m.conv, m.ctx.t
        had = conv.flow is not None
        conv.flow, conv.step = None, None
        text_out = t("Cancelled. Nothing was recorded.") if had else t("Nothing to cancel.")
        return self._done(m, Turn.done(Reply(text_out)), menu=True)

    def _language_asked(self, m: _Message) -> list[Reply] | None:
        """LANG alone, or LANG and a language; a typo is forgiven only in LANG alone, so that
        an answer like "long horns" stays an answer. Or asked to be called (or not), typed as
        an answer to the language choice."""
        msg, text, conv = m.msg, m.text, m.conv
        calls = _calls_typed(text, m.data) if msg.option is None and text else None
        if not (
            calls is not None
            or (msg.option or "").startswith("lang:")
            or (
                msg.option is None
                and (words.says(text, LANG) or words.says(m.first, LANG, typo=False))
            )
        ):
            return None
        choice = calls or (msg.option or "").removeprefix("lang:") or m.rest.strip()
        turn = self._language(conv, m.ctx, choice)
        return self._finish(
            m,
            turn,
            conv.flow,
            keep_step=True,
            # Once a language is set, the menu again (not in the middle of a conversation).
            menu=conv.flow is None and not turn.replies[-1].options,
        )

    def _help(self, m: _Message) -> list[Reply] | None:
        if m.said != HELP:
            return None
        turn = Turn(self._menu(m.ctx, help_text=True), m.conv.step)
        return self._finish(m, turn, m.conv.flow)

    def _resume(self, m: _Message) -> list[Reply] | None:
        """`pound chat` opening: a conversation left unfinished is offered to go on with."""
        if m.msg.option != RESUME:
            return None
        conv, t = m.conv, m.ctx.t
        flow = self.flows.get(conv.flow or "")
        if flow is None or not conv.step:
            return m.notes
        what = t(flow.menu) if flow.menu else flow.commands[0].lstrip("/")
        offer = Reply(
            t("You had not finished: {what}. Go on, or start again?", what=what),
            (Option(LEAVE_NO, t("Go on")), Option(LEAVE_YES, t("Start again"))),
        )
        return self._ask_leaving(m, offer)

    def _menu_mid_flow(self, m: _Message) -> list[Reply] | None:
        """The menu's word with answers already given: asked before they are discarded. A
        slash command mid-conversation (Telegram's menu sends them) starts afresh; a plain word
        is an answer to the question asked."""
        conv, ctx = m.conv, m.ctx
        if conv.flow and ctx.data and _asks_menu(m.text, m.first):
            return self._ask_leaving(m)
        paging = self._at_page(conv) and m.started is not None  # nothing left unanswered
        if conv.flow and (paging or _interrupts(m.text, m.first, m.started, self.commands)):
            if not paging:
                m.notes.append(Reply(ctx.t("Your unfinished conversation was dropped.")))
            conv.flow, conv.step, m.data = None, None, {}
            ctx.data = {}
        return None

    def _location_elsewhere(self, m: _Message) -> list[Reply] | None:
        """A location answers only where a village is asked: elsewhere it changes nothing,
        not even the options a number picks (bot/flows/pointing.py)."""
        conv = m.conv
        if m.ctx.inbound.location is None or (
            conv.flow in self.flows and conv.step in self.flows[conv.flow].location_steps
        ):
            return None
        note = Reply(m.ctx.t(pointing.NOT_HERE))
        if conv.flow and conv.step:
            return self._aside(m, note)
        return self._done(m, Turn([note, *self._menu(m.ctx)]))

    def _step(self, m: _Message) -> list[Reply] | None:
        """The answer to the question the conversation waits on."""
        conv, ctx = m.conv, m.ctx
        if not (conv.flow and conv.step and conv.flow in self.flows):
            return None
        flow, step = self.flows[conv.flow], conv.step
        turn = self._run(lambda: flow.handle(ctx, step, m.msg), ctx, step)
        name = flow.name if turn.step else None
        return self._finish(m, turn, name, menu=True)

    def _start(self, m: _Message) -> list[Reply]:
        """A flow started by its command, the menu, or the way to one."""
        msg, text, ctx = m.msg, m.text, m.ctx
        if msg.option is not None:
            key, args = msg.option.lstrip("/"), ""
        elif m.started is not None:
            key, args = m.started
        else:
            key, args = "", text
        if key == MENU or (not key and (not text or words.says(m.first, MENU))):
            return self._done(m, Turn(self._menu(ctx)))
        starting = self.commands.get(key)
        ctx.command = key
        if starting is None or not starting.allowed(ctx):
            return self._done(
                m, Turn(self._not_understood(ctx, trespassed=m.intent == words.NEITHER))
            )
        ctx.data = {}
        turn = self._run(lambda: starting.begin(ctx, args), ctx, None)
        name = starting.name if turn.step else None
        return self._finish(m, turn, name, fresh=True, menu=True)

    def _startable(self, ctx: Ctx) -> dict[str, Flow]:
        """The commands read from the person writing, by key: an officer's every command (one
        not his is refused with the section of the act he asked for); a private person's own
        flows alone, so that his ordinary words (सूचना मिली है, নিলাম কবে) start no officer's act."""
        if ctx.roles:
            return self.commands
        allowed = {f.name for f in self.flows.values() if f.typed_by_anyone}
        allowed.update(f.name for f in self._offered(ctx))
        return {k: f for k, f in self.commands.items() if f.name in allowed}

    def _offered(self, ctx: Ctx) -> tuple[Flow, ...]:
        """The flows the speaker may start with nothing typed (his menu), in the flows' order.
        `Flow.allowed` reads his roles and the command typed alone, so its answer is kept by
        his roles: every message asks it (the menu, the commands a private person's words may
        say), and the flows are many."""
        key = frozenset((g.role, g.place) for g in ctx.roles)
        kept = self._offered_by.get(key)
        if kept is None:
            probe = dataclasses.replace(ctx, command="")
            kept = self._offered_by[key] = tuple(f for f in self.flows.values() if f.allowed(probe))
        return kept

    def _not_understood(self, ctx: Ctx, *, trespassed: bool = False) -> list[Reply]:
        """Words that start nothing: an officer is told so, with his menu; a private person is
        shown the way to what he most likely wants, not refused: one who `trespassed` says
        cattle got into his field ("गाय मेरे खेत में घुस गई") that he may seize them (Sec II)
        and report it."""
        t = ctx.t
        if ctx.roles:
            return [Reply(t("I did not understand that.")), *self._menu(ctx)]
        if trespassed:
            hint = t(
                "You may seize cattle that damage your field and take them to the pound. "
                "Once you have, send {say_cmd_seize} to report them."
            )
        else:
            hint = t(
                "To ask about your cattle, send {say_cmd_mycattle}. To report cattle you "
                "caught, send {say_cmd_seize}."
            )
        return [Reply(hint, self._menu(ctx)[0].options)]

    def _run(self, step: Any, ctx: Ctx, current: str | None) -> Turn:
        """Run a step in a savepoint: an unexpected error changes nothing and is said plainly."""
        # The draft too goes back to where it was, not half changed by the failed step.
        before = copy.deepcopy(ctx.data)
        try:
            with ctx.work.act():
                turn: Turn = step()
                return turn
        except PoundError as exc:
            ctx.data = before
            return Turn([Reply(ctx.explain(exc))], current)
        except Exception:
            ctx.data = before
            log.exception("flow step failed")
            return Turn(
                [Reply(ctx.t("Something went wrong; nothing was recorded. Please try again."))],
                current,
            )

    def _ask_leaving(self, m: _Message, question: Reply | None = None) -> list[Reply]:
        """`menu` in the middle of a conversation with answers given: 1 yes discards them and
        shows the menu, 2 no asks the question again; the conversation waits at its step.
        `question`: another way to ask it (go on, or start again)."""
        t = m.ctx.t
        question = question or Reply(
            t("The answers given so far will be deleted. Go to the menu?"),
            (Option(LEAVE_YES, t("Yes")), Option(LEAVE_NO, t("No"))),
        )
        return self._aside(m, question, leaving=True)

    def _leaving(self, m: _Message) -> list[Reply] | None:
        """The answer to `_ask_leaving`: yes (or the menu's word again) leaves for the menu;
        anything else keeps the answers and asks the question they were at again."""
        if not (m.conv.flow and m.data.get(LEAVING)):
            return None
        text = m.text
        said = words.meaning(text, (YES, NO)) if text else None
        if m.msg.option == LEAVE_YES or said == YES or _asks_menu(text, m.first):
            m.conv.flow, m.conv.step = None, None
            m.ctx.data = {}
            return self._done(m, Turn(self._menu(m.ctx)))
        asked = m.data.get(ASKED)
        again = (
            Reply.from_dict(asked)
            if isinstance(asked, dict)
            else Reply(m.ctx.t("Hello. Please answer the question above."))
        )
        return self._finish(m, Turn([again], m.conv.step), m.conv.flow, keep_step=True)

    def _aside(self, m: _Message, note: Reply, *, leaving: bool = False) -> list[Reply]:
        """A note said beside a conversation (a message too long, a location where none is
        asked): its question stands at its step, and the options a number picks stay; or,
        `leaving`, the question whether to leave it, whose own options answer it."""
        kept, asked = m.data.get("options"), m.data.get(ASKED)
        out = self._finish(m, Turn([note], m.conv.step), m.conv.flow, keep_step=leaving)
        if leaving:
            m.conv.data[LEAVING] = True
        elif kept is not None:
            m.conv.data["options"] = kept
        if asked is not None:
            m.conv.data[ASKED] = asked
        return out

    def _done(self, m: _Message, turn: Turn, *, menu: bool = False) -> list[Reply]:
        """Replies that leave no conversation under way."""
        return self._finish(m, turn, None, fresh=True, menu=menu)

    def _finish(
        self,
        m: _Message,
        turn: Turn,
        flow: str | None,
        *,
        fresh: bool = False,
        keep_step: bool = False,
        menu: bool = False,
    ) -> list[Reply]:
        """The replies to the message, after its notes, and the chat's state saved with them:
        the flow and step it waits at, its draft (none when `fresh`), the options a number
        picks, and the question it waits on."""
        conv, ctx, data = m.conv, m.ctx, {} if fresh else m.data
        replies = m.notes + turn.replies
        previous = conv.step
        if menu and (keep_step or not turn.step):
            # No dead ends: after a last answer the menu is offered again, so the next number
            # the person sends is a choice of it.
            replies = self._menu_after(ctx, replies)
        if ctx.inbound.channel is Channel.SMS:
            # Each SMS within its budget of segments (bot/sms_budget.py).
            replies = sms_budget.pack(replies, ctx.lang)
        if not keep_step:
            conv.flow = flow if turn.step else None
            conv.step = turn.step if flow else None
        new_data: dict[str, Any] = {"draft": ctx.data if conv.flow else {}}
        offered = [o.value for r in replies for o in r.options]
        if offered:
            new_data["options"] = offered
        if conv.flow:
            # The question the conversation waits on, to ask again (`_leaving`): the last reply
            # on coming to a step; a refusal or a note at the same step leaves it the question.
            came = not keep_step and (turn.step != previous or data.get(ASKED) is None)
            asked = turn.replies[-1].as_dict() if turn.replies and came else data.get(ASKED)
            if asked is not None:
                new_data[ASKED] = asked
        conv.data = new_data
        conv.language = ctx.lang if conv.language or ctx.lang != "en" else conv.language
        conv.expires_at = ctx.now + DRAFT_TTL if conv.flow else None
        return replies

    # --- menu, help and language --------------------------------------------------------------

    def _menu(self, ctx: Ctx, *, help_text: bool = False) -> list[Reply]:
        t = ctx.t
        # On SMS the short menu: no greeting, whose name could push it past one segment, and an
        # officer's choices without their sections ("Arrivals at my pound (Sec V)"): a keeper's
        # nine choices in Hindi were two SMS of six segments.
        short = ctx.inbound.channel is Channel.SMS
        # Who may start what, asked as if nothing were typed: an officer's command tried by
        # someone else does not put it in his menu.
        options = [
            Option(f.commands[0].lstrip("/"), _CITED.sub("", t(f.menu)) if short else t(f.menu))
            for f in self._offered(ctx)
            if f.menu and f.commands
        ]
        who = ctx.person.name if ctx.person and not short else None
        head = t("Pound office. Hello {name}.", name=who) if who else t("Pound office.")
        lines = [head, t("Choose what you want to do:")]
        if short and not sms_budget.fits(Reply("\n".join(lines), tuple(options)), ctx.lang):
            lines.pop()  # an officer's numbered choices over two SMS say themselves what to do
        if help_text:
            lines.append(t("Send {say_cancel} at any time to stop, {say_lang} to change language."))
        return [Reply("\n".join(lines), tuple(options))]

    def _menu_after(self, ctx: Ctx, replies: list[Reply]) -> list[Reply]:
        """The replies with the menu's choices under the last one (if it offers none). On SMS,
        where every segment is paid for, one numbered line brings the menu ("1. Menu")."""
        if replies and replies[-1].options:
            return replies
        sms = ctx.inbound.channel is Channel.SMS
        options = (Option(MENU, ctx.t("Menu")),) if sms else self._menu(ctx)[0].options
        if not replies:
            return [Reply(ctx.t("What next?"), options)]
        last = replies[-1]
        text = last.text if sms else last.text + "\n" + ctx.t("What next?")
        return [*replies[:-1], dataclasses.replace(last, text=text, options=options)]

    def _language(self, conv: state.ChatState, ctx: Ctx, choice: str) -> Turn:
        s, person = ctx.work.session, ctx.person
        wants = choice if choice in (CALL, NO_CALL) else words.meaning(choice, (CALL, NO_CALL))
        if wants is not None and choice.strip():
            return Turn([self._calls(ctx, wants == CALL)], conv.step)
        code = choice.strip().lower()[:2]
        if code not in LANGUAGES:
            options = tuple(Option(f"lang:{c}", name) for c, name in LANGUAGES.items())
            if (
                person is not None
                and not ctx.roles
                and (person.voice or reach.may_be_called(s, person))
            ):
                # An owner may have the notices about his cattle said on the phone too.
                call = (
                    Option(f"lang:{NO_CALL}", ctx.t("No more calls"))
                    if person.voice
                    else Option(f"lang:{CALL}", ctx.t("Call me too"))
                )
                options = (*options, call)
            return Turn([Reply(language_question(), options)], conv.step)
        conv.language = normalise_language(code)
        ctx.t = translator(code)
        if person is not None:
            person.language = conv.language
            s.add(person)
        return Turn([Reply(ctx.t("Language set to English."))], conv.step)

    def _calls(self, ctx: Ctx, on: bool) -> Reply:
        """A private person known by his phone asks to be called with the notices (or not)."""
        person = ctx.person
        if person is None or not person.phone:
            return Reply(
                ctx.t(
                    "The office can call only people it knows by their phone. Once you are "
                    "named as an owner, choose this again."
                )
            )
        if ctx.roles:
            return Reply(ctx.t("Calls are for private people; officers get their messages."))
        person.voice = on
        ctx.work.session.add(person)
        if on:
            return Reply(
                ctx.t(
                    "The office will also call you and read out the notices about your "
                    "cattle, in this language."
                )
            )
        return Reply(ctx.t("No more calls: the notices come as messages only."))


N_("Language set to English.")


def language_question() -> str:
    """ "Choose a language", asked in every language: whoever reads it finds his own."""
    return " / ".join(translator(c)("Choose a language:").rstrip(": ") for c in LANGUAGES) + ":"


def _hinted(inbound: Inbound) -> str | None:
    """The language his app is set to (Telegram), where the office speaks it."""
    hint = (inbound.language_hint or "").lower()
    return hint if hint in LANGUAGES and hint != DEFAULT_LANGUAGE else None


def _calls_typed(text: str, data: dict[str, Any]) -> str | None:
    """`call me` / `मुझे फ़ोन करें` / `আমাকে ফোন করুন` typed as the answer to the language choice
    (which offered it): the choice it makes, else None."""
    offered = data.get("options")
    if not isinstance(offered, list) or not any(
        o in (f"lang:{CALL}", f"lang:{NO_CALL}") for o in offered
    ):
        return None
    return words.meaning(text, (CALL, NO_CALL))


def _interrupts(
    text: str, first: str, started: tuple[str, str] | None, commands: dict[str, Flow]
) -> bool:
    """`/seize`, `/status`, `/menu`, or a command word and a seizure's reference ("aagaman
    7F54JS"): a command, not an answer to the question asked; and the menu's word alone
    (`menu`, `मेनू`, `মেনু`), which may be typed at any time (README), as written: with a typo
    forgiven, a name like Manu would leave the conversation."""
    slashed = first.startswith("/") and (
        words.says(first, MENU) or (started is not None and started[0] in commands)
    )
    named = started is not None and started[0] in commands and _names_a_seizure(text)
    return words.says(text, MENU, typo=False) or slashed or named


def _names_a_seizure(text: str) -> bool:
    """Two words, the second with the shape of a seizure's reference in any case ("bhugtan
    7F54JS", "aagaman tevxcy"): with a command's word first, a command and its seizure wherever
    it is typed, not a village's or a person's name."""
    typed = text.split()
    return len(typed) == 2 and find_ref(typed[1]) is not None


def _asks_menu(text: str, first: str) -> bool:
    """The menu's word alone, as written (`menu`, `मेनू`, `মেনু`), or `/menu`."""
    return words.says(text, MENU, typo=False) or (
        first.startswith("/") and words.says(first, MENU) and text == first
    )


def _resolve_option(inbound: Inbound, data: dict[str, Any]) -> Inbound:
    """On SMS and console a number picks one of the options offered last; and where one thing
    alone was offered to choose ("Did you mean one of these villages? 1. Patwai"), a yes as
    written (haan, হ্যাঁ, ok) picks it."""
    if inbound.option is not None:
        return inbound
    text = inbound.text.strip()
    offered = data.get("options")
    if not isinstance(offered, list):
        return inbound
    index = int(text) - 1 if re.fullmatch(r"\d{1,2}", text) else None
    if index is None and len(offered) == 1 and ":" in str(offered[0]):
        index = 0 if words.says(text, words.YES, typo=False) else None
    if index is not None and 0 <= index < len(offered):
        return Inbound(**{**inbound.__dict__, "option": str(offered[index]), "text": ""})
    return inbound


def _tie_contact(
    s: Session, inbound: Inbound, now: datetime, t: Translator
) -> tuple[Person | None, Reply]:
    """A Telegram user shares their own contact: their phone is tied to their Telegram id."""
    contact, uid = inbound.contact, inbound.telegram_user_id
    if contact is None or uid is None or contact.user_id != uid:
        return None, Reply(t("Please share your own contact, not someone else's."))
    phone = contact.phone
    if phone is None:
        return None, Reply(t("That phone number cannot be read."))
    name = contact.name or inbound.sender_name or phone
    person = tie_telegram(s, phone=phone, telegram_id=uid, name=name, now=now)
    return person, Reply(
        t("Thank you, {name}: your phone is now tied to this chat.", name=person.name)
    )


def _opting(
    s: Session, inbound: Inbound, opted_out: bool, now: datetime
) -> tuple[str | None, str] | None:
    """STOP and START, and the silence between: what is said back (None: nothing) and the
    inbound log's status, or None for a message the conversation answers. Carriers, and Twilio,
    require STOP to work; the OptOut row is what the sender checks before every message."""
    # The whole message an opt-out or opt-in word.
    word = inbound.text.strip().lower().rstrip(".!")
    if word in STOP_WORDS:
        if not opted_out:
            s.add(OptOut(channel=inbound.channel.value, address=inbound.address, opted_out_at=now))
        return STOPPED, "opted_out"
    if word in START_WORDS and opted_out:
        mine = (OptOut.channel == inbound.channel.value, OptOut.address == inbound.address)
        row = s.exec(select(OptOut).where(*mine)).first()
        if row is not None:
            s.delete(row)
        return STARTED, "opted_in"
    if opted_out:
        # Said nothing to: only START is answered once a person has said STOP.
        return None, "ignored"
    return None
