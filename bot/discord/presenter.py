"""Shows every change of a game in its channel: the table message and announcements.

A service listener: it runs after the change is committed. The table message (the
lobby message first, then the game's table) is edited in place; at most one edit
per game runs at a time, always from the newest state, so edits never land out of
order. New messages are posted only for events worth a notification.

The table follows the conversation: at each new chapter of a game (a round, a night,
a day; the adapter names them), once a screenful of messages has passed, and before
an edit of a message older than Discord's hour (edits of old messages are limited,
error 30046), the table is posted anew at the bottom and the old message shrinks to
a link. Turn notices ping only the one player a turn passes to, naming the step;
a simultaneous phase is listed by name without pings. Controls of a step that is
over are retired (see `bot.discord.retire`).

A change the table does not show asks nothing of the channel (see `refresh`). When
Discord cannot take a message for now (a 5xx, a rate limit, no answer), the delivery
raises `DeliveryDelayed` and the service tries the change again later; every message
that went out is recorded (see `nonces`), so no attempt says one twice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

import aiohttp
import discord

from bot.core.records import Shown
from bot.core.service import Change, DeliveryDelayed, GameService, LiveGame
from bot.discord import ids
from bot.discord.adapters import adapter_for
from bot.discord.adapters.base import Happened, Outbox
from bot.discord.contexts import seat_context, table_context
from bot.discord.drawing import Drawing
from bot.discord.echoless import edit, post
from bot.discord.lobby import closed_screen, lobby_screen
from bot.discord.nonces import Delivery, Sent, current, delivering, table_nonce
from bot.discord.replies import listed
from bot.discord.retire import Retirer
from bot.discord.tables import away_line, fingerprint
from bot.discord.ui import Button, Row, Screen, ShownPictures, controls, send_kwargs
from bot.discord.wording import name, say

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL = 10003  # Discord's error code: the thread or channel was deleted
OLD_MESSAGE_EDITS = 30046  # a 429: too many edits of an hour-old message (not worth a wait)
DMS_CLOSED = 50007  # Discord's error code: the user does not take DMs from the bot
MENTION_LIMIT = 25  # more players than this are not pinged one by one
NAMES_LIMIT = 10  # a simultaneous phase waiting for more than this is told as a count
SCREENFUL = 10  # messages after which the table is posted anew at the bottom
CHANNELS_COUNTED = 4096  # channels whose messages since the table are kept in memory
TURN_KINDS = frozenset({"acted", "expired", "started", "absence"})  # may pass the turn
ANNOUNCED = TURN_KINDS | {"finished"}  # changes told in the channel
OLD_MESSAGE = 50 * 60  # seconds: a table this old is posted anew rather than edited
# What the host did, said at the bottom of the channel (an abort is the game's last word:
# its table above shrinks to a line).
HOST_NOTICES = {"paused": "table.paused", "resumed": "table.resumed", "aborted": "table.aborted_by"}


def lobby_notes(live: LiveGame, locale: str) -> list[str]:
    """The adapter's extra lobby lines (e.g. when a scheduled game starts itself)."""
    return adapter_for(live.row.kind).lobby_lines(live.row.options, live.starts_at, locale)


def shows_game(live: LiveGame) -> bool:
    """Whether the table message shows the game itself (the adapter's table), not its
    lobby nor a line saying it closed."""
    return live.status in ("running", "finished") and live.state is not None


async def table_screen(live: LiveGame, drawing: Drawing) -> Screen:
    locale = live.row.locale
    if live.status == "lobby":
        return lobby_screen(live, locale, lobby_notes(live, locale))
    if live.status == "cancelled":
        return closed_screen(live, locale, "table.expired" if live.expired else "table.cancelled")
    if not shows_game(live):
        return closed_screen(live, locale, "table.aborted")
    # Who is away as of the state drawn (the loop may move the game on meanwhile): a
    # replay draws the same table from the same facts (`shown_at`).
    away, running = live.away, live.status == "running"
    screen = await drawing.build(live.row.kind, "table", table_context(live))
    return away_line(screen, live.id, live.row.locale, _names(live), away if running else ())


def with_away(live: LiveGame, screen: Screen) -> Screen:
    """The table with a line naming who is away, and an "I'm back" button beside it."""
    away = live.away if live.status == "running" else frozenset()
    return away_line(screen, live.id, live.row.locale, _names(live), away)


def _names(live: LiveGame) -> tuple[str, ...]:
    return tuple(p.display_name for p in live.players)


def shown_at(live: LiveGame, fingerprint: str) -> Shown:
    """What a replay needs to draw the game's table as it is now, besides the log."""
    return Shown(live.row.version, fingerprint, live.deadline_at, tuple(sorted(live.away)))


@dataclass(frozen=True)
class TurnNotice:
    line: str  # for the channel
    step: str  # what the table waits for
    pinged: tuple[int, ...] = ()  # user ids the line mentions
    by_dm: tuple[int, ...] = ()  # seats told by DM instead


def passes(error: discord.HTTPException) -> bool:
    """Whether Discord refused for a reason that passes (it was unavailable, or asks to
    wait): the delivery is tried again later rather than given up."""
    if error.status >= 500:
        return True
    return error.status == 429 and error.code != OLD_MESSAGE_EDITS


def happened(change: Change) -> Happened:
    """A change as an adapter may know it: its kind, its events and who acted."""
    live = change.game
    actor = live.seat_of(change.user_id) if change.user_id is not None else None
    return Happened(kind=change.kind, events=change.events, actor=actor)


class Presenter:
    def __init__(self, client: discord.Client, service: GameService, drawing: Drawing) -> None:
        self._client = client
        self._service = service
        self.drawing = drawing
        self._locks: dict[int, asyncio.Lock] = {}
        self._dirty: set[int] = set()
        self._since: dict[int, int] = {}  # messages in a game's channel since its table
        # Per game: the changes whose turn notice is left to a newer one queued behind
        # them, as (kind, whom the table waited for, phase) before each.
        self._untold: dict[int, list[tuple[str, frozenset[int], str | None]]] = {}
        self.retirer = Retirer(service.clock, service.store, client)
        self._pictures = ShownPictures()  # unchanged pictures are not uploaded again
        self._dm_channels: dict[int, int] = {}  # user id -> DM channel id (also stored)
        # Per change being tried again: the messages that went out on earlier attempts.
        self._progress: dict[tuple[int, int | None], dict[str, Sent]] = {}

    def seen(self, channel_id: int) -> None:
        """A message was posted in `channel_id`: a game's table there moves up."""
        if channel_id in self._since:  # only channels with a table shown
            self._since[channel_id] += 1

    def channel(self, live: LiveGame) -> discord.PartialMessageable:
        return self._client.get_partial_messageable(live.row.channel_id, guild_id=live.row.guild_id)

    async def __call__(self, change: Change) -> None:
        """Deliver a change; what an earlier attempt sent is not sent again. Raises
        DeliveryDelayed when Discord could not take a message for now."""
        key = (change.game.id, change.version)
        sent = self._progress.pop(key, None)
        if sent is None:
            sent = {}
            if change.again and change.version is not None:  # after a restart
                sent = await self._service.store.sent(change.game.id, change.version)
        try:
            with delivering(Delivery(change.game.id, change.version, sent)):
                await self._deliver(change)
        except discord.HTTPException as error:
            if not passes(error):
                raise
            self._progress[key] = sent
            raise DeliveryDelayed(f"{error.status} {error.code}") from error
        except (aiohttp.ClientError, ConnectionError, TimeoutError, discord.RateLimited) as error:
            # No answer, or a rate limit longer than discord.py waits for by itself.
            self._progress[key] = sent
            raise DeliveryDelayed(repr(error)) from error

    async def _deliver(self, change: Change) -> None:
        live, locale = change.game, change.game.row.locale
        if change.kind == "opened":
            await self._refresh_after(change)
            return
        if change.kind == "reminder":
            await self._remind(live)
            return
        if change.kind == "broken":  # its state cannot be loaded: say so, touch nothing
            await self._post(live, Screen(content=say(live, "table.broken", locale)), "b")
            return
        if change.kind in ANNOUNCED:
            await self._announce(change)
            await self._close_chapter(change)
        if change.kind in HOST_NOTICES and change.user_id is not None:
            who = f"<@{change.user_id}>"  # shows as a name; the message pings nobody
            text = say(live, HOST_NOTICES[change.kind], locale, name=who)
            await self._post(live, Screen(content=text), "p")
        await self._refresh_after(change)
        await self.retirer.retire(live.id, live.phase, ended=live.status != "running")
        result = live.game.result(live.state) if live.state is not None else None
        if change.kind == "finished" and result is not None:
            context = table_context(live)
            if len(live.players) == 1:  # a solo game: the player's best before this one
                best = await self._service.store.record_solo(
                    live.id,
                    live.row.guild_id,
                    live.row.kind,
                    live.players[0].user_id,
                    result.scores[0],
                    lowest=result.lower_is_better,
                )
                context = replace(context, extra={**context.extra, "solo_best": best})
            results = await self.drawing.build(live.row.kind, "results", context, result)
            rematch = Button(say(live, "table.rematch_button", locale), ids.rematch(live.id))
            await self._post(live, replace(results, rows=(*results.rows, (rematch,))[:5]), "r")
        if live.status != "lobby" and live.state is not None and change.kind != "absence":
            out = self.outbox(live, for_away=change.for_away)
            await adapter_for(live.row.kind).after(out, happened(change))

    async def _close_chapter(self, change: Change) -> None:
        """The results of a chapter the change ended (a round's), posted before the
        table moves down to the next chapter, so they read above it."""
        live = change.game
        if live.state is None:
            return
        adapter, ctx, what = adapter_for(live.row.kind), table_context(live), happened(change)
        if adapter.ends_chapter(ctx, what):
            screen = await self.drawing.build(live.row.kind, "chapter_results", ctx, what)
            await self._post(live, screen, "c")

    async def _refresh_after(self, change: Change) -> None:
        """Bring the table up to date after `change`, unless a newer change of the game
        waits to be shown: the table shows the newest state, so a burst of moves draws
        and edits it once, after the last (delivered again after a crash, that one
        still does)."""
        if self._service.next_to_show(change.game.id) is None:
            await self.refresh(change.game)

    def outbox(self, live: LiveGame, *, for_away: bool = False) -> Outbox[Any]:
        """What an adapter may do after a change of `live` (see `GameAdapter.after`);
        `for_away`: the change was played for away players (`Context.for_away`)."""

        async def post(screen: Screen) -> object:
            return await self._post(live, screen, "x")

        async def direct(seat: int, screen: Screen, learn: bool = True) -> bool:
            return await self.direct(live, seat, screen, learn=learn)

        async def prompt(seat: int, screen: Screen) -> bool:
            return await self.prompt(live, seat, screen)

        return Outbox(
            table=lambda: table_context(live, for_away=for_away),
            seat=lambda seat: seat_context(live, seat, for_away=for_away),
            post=post,
            direct=direct,
            prompt=prompt,
            closed_dms=lambda: frozenset(p.seat for p in live.players if p.dms_closed),
            game_id=live.id,
            draw=lambda method, *args: self.drawing.build(live.row.kind, method.__name__, *args),
        )

    async def _remind(self, live: LiveGame) -> None:
        """DM each player the phase still waits for (closed DMs: none; the table shows it)."""
        if live.state is None:
            return
        adapter = adapter_for(live.row.kind)
        # Away players are played for at once; computers are never asked anything.
        for seat in sorted(live.game.active(live.state) - live.away - live.computers):
            screen = adapter.reminder(seat_context(live, seat))
            if screen is not None:
                await self.direct(live, seat, screen)

    async def _announce(self, change: Change) -> None:
        live, locale = change.game, change.game.row.locale
        adapter = adapter_for(live.row.kind)
        lines: list[str] = []
        mentions: list[int] = []
        rows: tuple[Row, ...] = ()
        if change.kind == "started":
            if live.row.options.get("pings", "mention") != "mention":  # by DM, or none
                names = table_context(live).joined(range(len(live.players)))
                lines.append(say(live, "table.started", locale, mentions=names))
            elif len(live.players) <= MENTION_LIMIT:
                mentions = [p.user_id for p in live.players if not p.is_computer]
                pings = " ".join(
                    name(live, p.seat) if p.is_computer else f"<@{p.user_id}>" for p in live.players
                )  # computers by their names: nobody to ping
                lines.append(say(live, "table.started", locale, mentions=pings))
            else:  # a whole server playing: no wall of pings
                lines.append(say(live, "table.started_many", locale, count=len(live.players)))
        else:
            told = table_context(live, for_away=change.for_away)
            screen = adapter.announcement(told, happened(change))
            if screen is not None and screen.content:
                lines.append(screen.content)
                mentions += screen.mentions
                rows = screen.rows  # e.g. a button that opens the panel
        lines += self._absence_lines(change)
        turn = self._turn_notice(change) if change.kind != "finished" else None
        if turn is not None:
            lines.append(turn.line)
            mentions += turn.pinged
        if lines:
            notice = Screen(content="\n".join(lines), mentions=tuple(mentions), rows=rows)
            await self._post(live, notice, "a")
        if turn is not None and turn.by_dm:
            await self._turn_by_dm(live, turn)
        if live.state is not None:
            told = table_context(live, for_away=change.for_away)
            notices = adapter.private_notices(told, happened(change))
            for seat, screen in notices:
                await self.direct(live, seat, screen)

    def _absence_lines(self, change: Change) -> list[str]:
        live, locale = change.game, change.game.row.locale
        lines: list[str] = []
        if change.away:
            names = ", ".join(name(live, s) for s in change.away)
            count = len(change.away)
            if change.kind == "absence":
                host = f"<@{change.user_id}>"
                lines.append(
                    say(live, "table.marked_away", locale, host=host, names=names, count=count)
                )
            else:
                lines.append(say(live, "table.away", locale, names=names, count=count))
        for seat in change.back:
            lines.append(say(live, "table.back", locale, name=name(live, seat)))
        return lines

    def _turn_notice(self, change: Change) -> TurnNotice | None:
        """The line saying whom the table waits for and for what, and whom it pings:
        the one player a turn passes to, or (no pings) everyone a new simultaneous
        step waits for. Away players are not waited for: the bot plays for them. With
        the game's `pings` option at "dm" the players are told by DM instead (those
        whose DMs are closed: mentioned in the line); at "off", only the line."""
        live = change.game
        # The table shows the newest state: while newer changes wait to be shown, the
        # notice is left to the last of them, so a burst of moves pings the player it
        # ends with once, not once per move. It is given if any move of the burst
        # would have given it.
        befores = [
            *self._untold.pop(live.id, []),
            (change.kind, change.waited_for, change.phase_before),
        ]
        queued = self._service.next_to_show(live.id)
        if queued is not None and queued.kind in TURN_KINDS:
            self._untold[live.id] = befores
            return None
        if live.state is None or live.status != "running" or len(live.players) < 2:
            return None
        waiting = live.waiting_for() - live.away - live.computers  # they move by themselves

        def news(kind: str, before: frozenset[int], phase_before: str | None) -> bool:
            new_step = kind == "started" or (live.phase != phase_before and waiting != before)
            return new_step or not waiting <= before  # not: one of several has acted

        if not waiting or not any(news(*b) for b in befores):
            return None
        step = adapter_for(live.row.kind).turn_step(table_context(live))
        if step is None:
            return None
        locale, pings = live.row.locale, live.row.options.get("pings", "mention")
        by_dm = tuple(sorted(waiting)) if pings == "dm" and len(waiting) <= NAMES_LIMIT else ()
        # Whose DMs are known to be closed is mentioned in the line instead.
        closed = {s for s in by_dm if live.players[s].dms_closed}
        by_dm = tuple(s for s in by_dm if s not in closed)
        if len(waiting) == 1:
            seat = next(iter(waiting))
            user = live.players[seat].user_id
            if pings == "mention" or closed:
                line = say(live, "table.turn", locale, mention=f"<@{user}>", step=step)
                return TurnNotice(line, step, pinged=(user,))
            line = say(live, "table.turn_unpinged", locale, name=name(live, seat), step=step)
            return TurnNotice(line, step, by_dm=by_dm)
        if len(waiting) > NAMES_LIMIT:
            line = say(live, "table.waiting_many", locale, count=len(waiting), step=step)
            return TurnNotice(line, step)
        users = {s: live.players[s].user_id for s in closed}
        who = [f"<@{users[s]}>" if s in users else name(live, s) for s in sorted(waiting)]
        line = say(live, "table.waiting", locale, names=listed(who, locale), step=step)
        return TurnNotice(line, step, pinged=tuple(users.values()), by_dm=by_dm)

    async def _turn_by_dm(self, live: LiveGame, turn: TurnNotice) -> None:
        """Tell each player of `turn.by_dm` by DM; those the DM does not reach (their DMs
        closed, as the bot learns now) are mentioned in the channel instead."""
        # The game's thread (the table message may move down right after this).
        link = f"https://discord.com/channels/{live.row.guild_id}/{live.row.channel_id}"
        unreached: list[int] = []
        for seat in turn.by_dm:
            text = say(
                live, "table.turn_dm", live.row.locale, game=live.game.name, step=turn.step,
                link=link,
            )  # fmt: skip
            if not await self.direct(live, seat, Screen(content=text)):
                unreached.append(live.players[seat].user_id)
        if unreached:
            mentions = " ".join(f"<@{user}>" for user in unreached)
            line = say(live, "table.turn", live.row.locale, mention=mentions, step=turn.step)
            await self._post(live, Screen(content=line, mentions=tuple(unreached)), "m")

    async def _send(
        self,
        purpose: str,
        to: Callable[[], Awaitable[discord.abc.Messageable]],
        screen: Screen,
        counted: int | None = None,
        nonce: str | None = None,
    ) -> discord.PartialMessage:
        """Send a message of the change being delivered, or, when an earlier delivery of
        it sent this one already, the message it sent. `purpose` tells the message
        apart from the change's others (see `nonces`); `counted`: the channel whose
        table it moves up; `nonce`: its own, instead of the delivery's."""
        own = {"nonce": nonce} if nonce is not None else {}
        delivery = current()
        if delivery is None:  # outside a delivery (no change to belong to)
            return await post(self._client, await to(), **send_kwargs(screen) | own)
        slot = delivery.slot(purpose)
        if slot in delivery.sent:
            channel_id, message_id = delivery.sent[slot]
            channel = self._client.get_partial_messageable(channel_id)
            return channel.get_partial_message(message_id)
        message = await post(
            self._client, await to(), **send_kwargs(screen) | (own or delivery.nonce(slot))
        )
        if counted is not None:
            self.seen(counted)
        delivery.sent[slot] = (message.channel.id, message.id)
        if delivery.version is not None:
            await self._service.store.record_sent(
                delivery.game_id, delivery.version, slot, message.channel.id, message.id
            )
        return message

    async def _post(
        self, live: LiveGame, screen: Screen, purpose: str, nonce: str | None = None
    ) -> discord.PartialMessage | None:
        """Post in the game's channel (see `_send`); None when Discord refuses for good.
        Raises the errors that pass (see `passes`)."""
        channel_id = live.row.channel_id

        async def channel() -> discord.abc.Messageable:
            return self.channel(live)

        try:
            return await self._send(purpose, channel, screen, counted=channel_id, nonce=nonce)
        except discord.NotFound as error:
            if error.code == UNKNOWN_CHANNEL:
                await self._service.abandon(live.id)
            return None
        except discord.HTTPException as error:
            if passes(error):
                raise
            log.warning("cannot post in channel %s of game %s: %s", channel_id, live.id, error)
            return None

    async def direct(
        self, live: LiveGame, seat: int, screen: Screen, *, learn: bool = True
    ) -> bool:
        """A DM to a player; False when their DMs are closed. `learn`: keep whether it
        arrived (not for a night secret: the table may not learn it was sent). A
        computer player gets none: it reads its own view when it moves."""
        if live.players[seat].is_computer:
            return True
        user_id = live.players[seat].user_id
        try:
            message = await self._send(f"d{seat}-", lambda: self._dm_channel(user_id), screen)
            if user_id not in self._dm_channels:
                self._dm_channels[user_id] = message.channel.id
                await self._service.store.set_dm_channel(user_id, message.channel.id)
            if live.status == "running" and any(controls(screen)):
                await self.retirer.keep_dm(
                    live.id, message.channel.id, message.id, live.phase, screen
                )
            if learn:
                await self._service.learn_dms(live, seat, closed=False)
            return True
        except discord.HTTPException as error:
            if passes(error):
                raise
            # DEBUG: at night, whom the bot writes to tells who holds a night role.
            log.debug("no DM to %s in game %s: %s", user_id, live.id, error.code)
            if learn and error.code == DMS_CLOSED:
                await self._service.learn_dms(live, seat, closed=True)
            return False

    async def _dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """Where a DM to `user_id` goes: their DM channel once known (kept in the store,
        so neither a restart nor an uncached user costs a request), else the user."""
        if user_id not in self._dm_channels:
            known = await self._service.store.dm_channel(user_id)
            if known is not None:
                self._dm_channels[user_id] = known
        if user_id in self._dm_channels:
            return self._client.get_partial_messageable(
                self._dm_channels[user_id], type=discord.ChannelType.private
            )
        return self._client.get_user(user_id) or await self._client.fetch_user(user_id)

    async def prompt(self, live: LiveGame, seat: int, screen: Screen) -> bool:
        """A prompt the bot starts on its own, by DM. When the player's DMs are closed,
        a channel notice offers a button that opens their panel privately instead.
        Returns whether the DM arrived."""
        if await self.direct(live, seat, screen):
            return True
        user_id = live.players[seat].user_id
        notice = Screen(
            content=say(live, "table.dm_closed", live.row.locale, mention=f"<@{user_id}>"),
            rows=((table_context(live).panel_button(),),),
            mentions=(user_id,),
        )
        await self._post(live, notice, f"n{seat}-")
        return False

    async def refresh(self, live: LiveGame) -> None:
        """Bring the table message up to date (posting it anew if it is due)."""
        self._dirty.add(live.id)
        lock = self._locks.setdefault(live.id, asyncio.Lock())
        async with lock:
            if live.id not in self._dirty:
                return  # a refresh that started after our change already showed it
            self._dirty.discard(live.id)
            # The facts the table is drawn from, taken before any wait (a replay draws
            # the same table from them: see `shown_at`).
            facts = shown_at(live, "") if shows_game(live) else None
            screen = await table_screen(live, self.drawing)
            shows = fingerprint(screen)
            # A change the table does not show (a secret one) asks nothing of the
            # channel: no edit, no move down (it waits for the next change the table
            # shows), not even a read. Otherwise its moment would tell that someone
            # acted in secret. The digest is stored: a restart changes nothing.
            if live.row.table_fingerprint != shows or not live.row.table_message_id:
                shown = replace(facts, fingerprint=shows) if facts is not None else None
                await self._show_table(live, screen, shows, shown)
        if not live.row.is_open:
            self._locks.pop(live.id, None)
            self._untold.pop(live.id, None)

    async def _show_table(
        self, live: LiveGame, screen: Screen, shows: str, shown: Shown | None
    ) -> None:
        """Show a table that changed: edited in place, or posted anew if it is due."""
        if live.row.channel_id not in self._since:
            self._count(live.row.channel_id, await self._count_since(live))
        await self._shrink_old_table(live)  # left over from a crash or a refusal
        chapter = self._chapter(live)
        if live.row.table_posting is not None or self._moves_down(live, chapter):
            posted = await self._post_table(live, screen, chapter, live.row.table_message_id)
        else:
            posted = await self._show(live, screen, chapter)
        if posted:
            await self._service.set_table_fingerprint(live, shows, shown)

    def _count(self, channel_id: int, since: int) -> None:
        """Keep the count for a channel (kept after its game ends: changes of the game
        may still be on their way; the oldest channels are forgotten first)."""
        self._since.pop(channel_id, None)
        self._since[channel_id] = since
        while len(self._since) > CHANNELS_COUNTED:
            del self._since[next(iter(self._since))]

    async def _count_since(self, live: LiveGame) -> int:
        """How many messages follow the table (up to a screenful), asked of Discord the
        first time after a start: a change delivered again after a crash then finds the
        messages it posted before, and the table moves down as it would have."""
        table = live.row.table_message_id
        if table is None:
            return 0
        try:
            after = self.channel(live).history(limit=SCREENFUL, after=discord.Object(table))
            return len([message async for message in after])
        except discord.HTTPException:
            return 0  # e.g. no Read Message History: edit in place

    def _chapter(self, live: LiveGame) -> str:
        if live.status != "running" or live.state is None:
            return live.row.table_chapter  # the lobby, or a game that ended: unchanged
        return adapter_for(live.row.kind).chapter(table_context(live))

    def _moves_down(self, live: LiveGame, chapter: str) -> bool:
        """Whether the table is posted anew at the bottom rather than edited."""
        if live.row.table_message_id is None:
            return False
        posted = live.row.table_posted_at
        if posted is not None and self._service.clock.now() - posted > OLD_MESSAGE:
            return True  # a lobby open for hours too: its joins would edit an old message
        if live.status not in ("running", "finished"):
            return False
        since = self._since.get(live.row.channel_id, 0)
        return since >= SCREENFUL or (chapter != live.row.table_chapter and since > 0)

    async def _post_table(
        self, live: LiveGame, screen: Screen, chapter: str, replaces: int | None
    ) -> bool:
        """Post the table at the bottom; the message it `replaces` becomes a link to it.

        Its nonce is stored before it is sent. A post the bot did not live to store
        (nor a delivery of the same change to find, see `nonces`) is finished by the
        next refresh of the table, whichever change makes it: the same nonce makes
        Discord answer with the message posted then, which becomes the table and is
        brought up to date. (Discord keeps a nonce for a few minutes; a restart
        delivers at once what was left.)"""
        unfinished = live.row.table_posting
        nonce = unfinished or table_nonce(live.id)
        if unfinished is None:
            await self._service.set_table_posting(live, nonce)
        message = await self._post(live, screen, "t", nonce)
        if message is None:  # refused for good: nothing was posted
            await self._service.set_table_posting(live, None)
            return False
        # Stored with the new table, so a crash before the edit below is repaired by
        # the next refresh (the change is delivered again) rather than leaving the old
        # table's buttons live.
        await self._service.set_table_message(live, message.id, chapter, moved_from=replaces)
        self._count(live.row.channel_id, 0)
        await self._shrink_old_table(live)
        if unfinished is not None:  # it may show the table as it was then
            return await self._show(live, screen, chapter)
        self._pictures.shown(message.id, screen)
        return True

    async def _shrink_old_table(self, live: LiveGame) -> None:
        """Turn the table message that was replaced into a link to the current one, and
        delete the link made before it: a long game leaves one such line, not one per
        move (each message is edited once: Discord limits edits of old messages)."""
        old, current = live.row.table_moved_from, live.row.table_message_id
        if old is None or current is None:
            return
        url = self.channel(live).get_partial_message(current).jump_url
        link = say(live, "table.moved", live.row.locale, link=url)
        stub: int | None = old
        try:
            shrunk = send_kwargs(Screen(content=link), editing=True)
            await edit(self._client, live.row.channel_id, old, **shrunk)
        except discord.NotFound:
            stub = None  # deleted: nothing left to shrink
        except discord.HTTPException as error:
            if passes(error):
                raise
            log.info("could not shrink the old table of game %s: %s", live.id, error.status)
            return  # tried again at the next refresh
        previous = live.row.table_stub
        if previous is not None and previous != old:
            await self._delete(live, previous)
        await self._service.table_shrunk(live, stub)

    async def _delete(self, live: LiveGame, message_id: int) -> None:
        """Delete one of the bot's own messages in the game's channel (gone already, or
        refused for good: left as it is)."""
        try:
            await self.channel(live).get_partial_message(message_id).delete()
        except discord.NotFound:
            pass  # gone already
        except discord.HTTPException as error:
            if passes(error):
                raise
            log.info("could not delete message %s of game %s: %s", message_id, live.id, error)

    async def _show(self, live: LiveGame, screen: Screen, chapter: str) -> bool:
        message_id = live.row.table_message_id
        if message_id is not None:
            try:
                changed = self._pictures.edit_kwargs(message_id, screen)
                await edit(self._client, live.row.channel_id, message_id, **changed)
                self._pictures.shown(message_id, screen)
                return True
            except discord.NotFound as error:
                if error.code == UNKNOWN_CHANNEL:
                    await self._service.abandon(live.id)
                    return False
                log.info("table message of game %s is gone; posting a new one", live.id)
            except discord.HTTPException as error:
                if passes(error):
                    raise
                log.warning("cannot edit the table of game %s: %s", live.id, error)
                return False
        return await self._post_table(live, screen, chapter, replaces=None)
