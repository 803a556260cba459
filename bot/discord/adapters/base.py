"""The contract between a game engine and Discord: what each person sees.

An adapter builds screens only from a `Context`: the table from the public view, a
player's panel from that player's own view and legal actions. It never sees the
game's state, the store or the scheduler; time is the engine's (phases declare their
deadlines). A control stands for a concrete action (`Context.act`, `Context.choose`)
or a step within the panel (`Context.step`); the router decodes every click with one
codec for all games, so an adapter has no decoder.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel

from bot.core.records import GameRecord
from bot.discord.adapters.context import Context
from bot.discord.ui import Screen
from games.engine import Event, Result, Seat

V = TypeVar("V", bound=BaseModel)


async def _in_a_thread(method: Callable[..., Screen], *args: Any) -> Screen:
    return await asyncio.to_thread(method, *args)


@dataclass(frozen=True)
class Happened:
    """A committed change, as an adapter may know it."""

    kind: str  # started, acted, expired, finished (see `bot.core.service.Change`)
    events: tuple[Event, ...]
    actor: Seat | None  # the seat that acted; None for the bot (a deadline)

    @property
    def public(self) -> list[Event]:
        return [e for e in self.events if e.to is None]

    def has(self, *keys: str) -> bool:
        return any(e.key in keys for e in self.events)


class Direct(Protocol):
    """Send a DM; False when the player's DMs are closed. `learn`: the table may know
    this DM was sent, so whether it arrived is kept (`Outbox.closed_dms`); pass False
    for a night secret."""

    def __call__(self, seat: Seat, screen: Screen, learn: bool = True, /) -> Awaitable[bool]: ...


@dataclass(frozen=True)
class Outbox(Generic[V]):
    """What an adapter's `after` may do once a change is shown: read contexts, and post
    or send screens through the presenter (which knows about failures and permissions)."""

    table: Callable[[], Context[V]]  # the public context (the game's locale)
    seat: Callable[[Seat], Context[V]]  # a player's private context (the game's locale)
    post: Callable[[Screen], Awaitable[object]]  # a message in the game's channel
    direct: Direct  # a DM; False when DMs are closed
    prompt: Callable[[Seat, Screen], Awaitable[bool]]  # a DM, or a channel notice if closed
    closed_dms: Callable[[], frozenset[Seat]]  # seats whose DMs are known closed (stored)
    game_id: int
    # `await draw(adapter.method, *args)`: the screen one of the adapter's methods builds,
    # off the event loop. The bot builds it in its drawing workers, which call the
    # adapter's method of that name; here (tests) in a thread.
    draw: Callable[..., Awaitable[Screen]] = field(default=_in_a_thread)


class GameAdapter(ABC, Generic[V]):
    kind: ClassVar[str]
    panel_key: ClassVar[str] = "table.open_panel"  # the label of the private-panel button

    @abstractmethod
    def table(self, ctx: Context[V]) -> Screen:
        """The public table message."""

    @abstractmethod
    def panel(self, ctx: Context[V], step: tuple[str, ...] = ()) -> Screen:
        """A player's private panel with their legal choices. `step`: where a multi-step
        choice stands (the parts of a `Context.step` control); () is the panel itself.
        Runs in a thread, so it may draw pictures."""

    def announcement(self, ctx: Context[V], happened: Happened) -> Screen | None:
        """A channel message for the public events of a change (None: nothing to say)."""
        lines = [ctx.event(e) for e in happened.public]
        return Screen(content="\n".join(lines)) if lines else None

    def turn_step(self, ctx: Context[V]) -> str | None:
        """What the table waits for now, as a short phrase naming the step ("Burgomaster's
        privilege: choose a player", "place your two dice"). The host pings the one
        player a turn passes to with it ("@Ana: ..."), or lists everyone a simultaneous
        phase waits for ("Waiting for Ana and Ben: ..."), without pings. None: the
        step needs no notice (e.g. a discussion nobody acts in)."""
        return None

    def chapter(self, ctx: Context[V]) -> str:
        """A key naming the part of the game the public view is in ("r3", "night2",
        "day2"). When it changes, the table is posted anew at the bottom of the channel
        and the old table message shrinks to a link. '' (the default): never."""
        return ""

    def ends_chapter(self, ctx: Context[V], happened: Happened) -> bool:
        """Whether the change closes a chapter with results of its own (a round's
        scores), which the host posts right after the change's announcement and before
        the table moves down to the next chapter (`chapter_results`). Decided from the
        public events only. False (the default): no such message."""
        return False

    def chapter_results(self, ctx: Context[V], happened: Happened) -> Screen:
        """The message closing the chapter the change ended (see `ends_chapter`). Built
        off the event loop (in the drawing workers), so it may draw pictures."""
        raise NotImplementedError(f"{self.kind} ends no chapter with results")

    def private_notices(self, ctx: Context[V], happened: Happened) -> list[tuple[Seat, Screen]]:
        """DMs for the change's private events (default: each event to its seats).

        A game whose panel already shows what the event says may send fewer.
        """
        return [
            (seat, Screen(content=ctx.event(event)))
            for event in happened.events
            if event.to is not None
            for seat in event.to
        ]

    def reminder(self, ctx: Context[V]) -> Screen | None:
        """A DM reminding the reader that the phase still waits for them (see
        `Phase.remind`), or None for no reminder."""
        return None

    def results(self, ctx: Context[V], result: Result) -> Screen:
        """The final message once the game is over."""
        winners = ctx.joined(result.winners)
        lines = [ctx.say("table.won", names=winners, count=len(result.winners))]
        lines += [f"{ctx.name(s)}: {result.scores[s]}" for s in result.ranking()]
        return Screen(content="\n".join(lines), mentions=ctx.user_ids)

    def lobby_lines(
        self, options: Mapping[str, Any], starts_at: float | None, locale: str | None
    ) -> list[str]:
        """Extra lines for the lobby message (e.g. when a scheduled game starts itself)."""
        return []

    def replay_words(self, ctx: Context[V], happened: Happened) -> list[str]:
        """Who did what in a step of a finished game's replay, in the table's words
        (`ctx`: the public context after the step): by default its announcement's. []:
        the table was not told (the replay then names who moved)."""
        screen = self.announcement(ctx, happened)
        return [screen.content] if screen is not None and screen.content else []

    # -- a finished game, again: the same for every game (`bot.discord.replaying`) ------

    def replay(
        self, record: GameRecord, step: int, reader: Seat | None, locale: str | None
    ) -> Screen:
        """A finished game after `step` moves, for its replay: the public table as the
        table message showed it, or (`reader`) what that seat saw then; no controls.
        Built where screens are built (off the event loop)."""
        from bot.discord import replaying

        return replaying.frame(self, record, step, reader, locale)

    def final_table(self, record: GameRecord, locale: str | None) -> Screen:
        """A finished game's table as it ended (its page in /history), no controls."""
        from bot.discord import replaying

        return replaying.final_table(self, record, locale)

    async def after(self, out: Outbox[V], happened: Happened) -> None:
        """Extra messages once a change is shown (after the table): DM prompts, say."""
        return None
