"""The host: lobbies, actions and deadlines, between the engines and the store.

Nothing here knows Discord. A request (join, start, an action, a deadline) runs under
the game's lock, is validated, committed to the store, and only then reported to the
listeners (the Discord layer), which show people the new views. Only open games are
kept in memory; finished ones are dropped from the cache.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from pydantic import ValidationError

from bot.core import computers
from bot.core.clock import Clock, SteppedClock, as_datetime
from bot.core.computers import has_computers, is_level, new_computer
from bot.core.errors import Busy, Refused
from bot.core.names import clean_name
from bot.core.records import Shown
from bot.core.scheduler import KeepTimer, Scheduler
from bot.core.store import (
    ChannelBusy,
    GameRow,
    Notice,
    PlayerRow,
    Store,
    StoreBusy,
    TimerRow,
    TimerUpdate,
    VersionConflict,
)
from bot.core.store.claims import DELIVERY_LEASE
from bot.core.store.stats import Finished
from bot.core.store.wakeups import EVERYTHING, TIMER, Wakeup
from bot.core.thinking import Thinker
from games import registry
from games.engine import AnyGame, Event, IllegalAction, Seat, State
from games.replay import Move, dealt, replayed

log = logging.getLogger(__name__)
T = TypeVar("T")

MOVED_ON = "host.moved_on"  # refused: another process changed the game meanwhile

# Timer kinds, all the host's: time belongs to the engine (its phases' deadlines and
# reminders, a scheduled game's start), and every timer fires under the game's lock.
DEADLINE = "deadline"  # the current phase times out
REMINDER = "reminder"  # remind the seats the current phase still waits for
AUTOSTART = "autostart"  # a lobby starts itself (a scheduled game)
CLOSE_LOBBY = "close_lobby"  # a lobby nobody started closes itself
COMPUTER = "computer"  # a computer player's move is due (planned with the state it acts in)

LOBBY_HOURS = 24  # an unstarted lobby closes this long after it opened (or was due to start)
LOBBIES_PER_HOST = 3  # open lobbies one member may host on a server at once
LOBBIES_PER_CHANNEL = 25  # open lobbies at once from one channel (each has a thread)

AWAY_AFTER = 2  # timed-out steps in a row after which a player is away
# Games whose changes are being shown at once, at most. After a restart hundreds of
# overdue deadlines commit within seconds; showing them all at once would queue the
# store's reads and writes (one connection) behind hundreds of deliveries, so the
# deadlines still to fire, and players' clicks, would wait for them. Enough that a few
# games held up by Discord's per-channel rate limit do not hold up the others.
SHOWING_AT_ONCE = 32
# A delivery Discord could not take for a while (5xx, a timeout) is tried again after
# this many seconds, doubled after each failure in a row, up to RETRY_LAST.
RETRY_FIRST = 1.0
RETRY_LAST = 300.0
# Pauses (real seconds, doubling) while another process shows a game's changes.
CLAIM_PAUSE_FIRST, CLAIM_PAUSE_LAST = 0.02, 1.0
# A change nobody has claimed to show this long after its commit (seconds) was left by a
# process that died; another shows it (`sweep`, every SWEEP_EVERY real seconds).
ORPHANED_AFTER = 5.0
SWEEP_EVERY = 10.0


def lobby_closes_at(opened_at: float, starts_at: float | None) -> float:
    """When an unstarted lobby closes itself: a day after it opened, or after it was
    due to start (a scheduled game)."""
    return (starts_at or opened_at) + LOBBY_HOURS * 3600


@dataclass
class LiveGame:
    """An open game as held in memory: its row, seats and engine state."""

    row: GameRow
    players: list[PlayerRow]
    state: State | None = None
    deadline_at: float | None = None  # when the current phase times out (Unix seconds)
    broken: str | None = None  # why its stored state cannot be loaded (nothing is deleted)
    told_broken: bool = False  # the table was told that the game cannot go on
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def game(self) -> AnyGame:
        return registry.get(self.row.kind)

    @property
    def status(self) -> str:
        return self.row.status

    def seat_of(self, user_id: int) -> Seat | None:
        for player in self.players:
            if player.user_id == user_id:
                return player.seat
        return None

    def player(self, seat: Seat) -> PlayerRow:
        return self.players[seat]

    @property
    def away(self) -> frozenset[Seat]:
        """The seats the bot plays for (their players are away)."""
        return frozenset(p.seat for p in self.players if p.away)

    @property
    def computers(self) -> frozenset[Seat]:
        """The seats computer players hold."""
        return frozenset(p.seat for p in self.players if p.is_computer)

    @property
    def people(self) -> int:
        """How many seats people hold (not computers)."""
        return sum(not p.is_computer for p in self.players)

    def waiting_for(self) -> frozenset[Seat]:
        """The seats the table may be told it waits for now."""
        if self.state is None or self.status != "running":
            return frozenset()
        return self.game.waiting_for(self.state)

    @property
    def phase(self) -> str | None:
        return self.game.phase_key(self.state) if self.state is not None else None

    @property
    def starts_at(self) -> float | None:
        """When the lobby starts itself (a scheduled game), if it does."""
        game, opened = self.game, as_datetime(self.row.created_at)
        starts_at = game.starts_at(game.parse_options(self.row.options), opened)
        return starts_at.timestamp() if starts_at is not None else None

    @property
    def lobby_closes_at(self) -> float:
        """When the lobby closes itself if nobody starts it (its CLOSE_LOBBY timer)."""
        return lobby_closes_at(self.row.created_at, self.starts_at)

    @property
    def expired(self) -> bool:
        """A lobby that closed itself because nobody started it."""
        return self.status == "cancelled" and self.row.updated_at >= self.lobby_closes_at


@dataclass(frozen=True)
class Change:
    """What just happened to a game, for the listeners to show."""

    game: LiveGame
    kind: str  # opened, joined, left, started, acted, expired, finished, cancelled, aborted,
    # paused, resumed, reminder (the phase still waits for its active seats), absence
    user_id: int | None = None
    events: tuple[Event, ...] = ()
    away: tuple[Seat, ...] = ()  # seats that are away from now on (the bot plays for them)
    back: tuple[Seat, ...] = ()  # seats whose players are back
    for_away: bool = False  # the bot played the step at once for away players (no deadline)
    waited_for: frozenset[Seat] = frozenset()  # whom the table waited for before the change
    phase_before: str | None = None  # the phase key before the change
    version: int | None = None  # the game version it produced (its outbox row), if committed
    again: bool = False  # delivered before, perhaps in part (found in the outbox at a start)

    def notice(self) -> Notice:
        """The change as the outbox keeps it (everything but the game)."""
        return plain_notice(
            self.kind,
            self.user_id,
            events=[e.model_dump(mode="json") for e in self.events],
            away=list(self.away),
            back=list(self.back),
            waited_for=sorted(self.waited_for),
            phase_before=self.phase_before,
            for_away=self.for_away,
        )

    @classmethod
    def from_notice(cls, live: LiveGame, version: int, notice: Notice) -> Change:
        return cls(
            live,
            notice["kind"],
            notice["user_id"],
            tuple(Event.model_validate(e) for e in notice["events"]),
            away=tuple(notice["away"]),
            back=tuple(notice["back"]),
            waited_for=frozenset(notice["waited_for"]),
            phase_before=notice["phase_before"],
            for_away=notice.get("for_away", False),  # absent from rows of older versions
            version=version,
        )


class DeliveryDelayed(Exception):
    """Raised by a listener that could not finish showing a change for a reason that
    may pass (Discord unavailable): the change, and every later change of its game,
    waits and is shown again later. Listeners are run again from the first, so each
    must skip what it already did (the presenter records every message it sent)."""


Listener = Callable[[Change], Awaitable[None]]
TimerHandler = Callable[[LiveGame, TimerRow], Awaitable[None]]


class GameService:
    def __init__(self, store: Store, clock: Clock, thinker: Thinker | None = None) -> None:
        self.store = store
        self.clock = SteppedClock(clock, self._clock_stepped)
        self.scheduler = Scheduler(store, self.clock, self._on_timer)
        self.thinker = thinker or Thinker()  # where computer players choose their moves
        self.listeners: list[Listener] = []
        self.timer_handlers: dict[str, TimerHandler] = {
            DEADLINE: self._expire,
            REMINDER: self._remind,
            AUTOSTART: self._autostart,
            CLOSE_LOBBY: self._close_unstarted,
            COMPUTER: self._computer_moves,
        }
        self._cache: dict[int, LiveGame] = {}
        self._loading = asyncio.Lock()
        self._outbox: dict[int, list[Change]] = {}  # changes of a game still to show
        self._showing: dict[int, asyncio.Task[None]] = {}  # the task showing them
        self._taken: dict[int, int] = {}  # the newest version queued of a game being shown
        self._resting: set[int] = set()  # games whose delivery waits to be tried again
        self._rested = asyncio.Event()  # set when a delivery starts waiting
        self._released: dict[int, asyncio.Event] = {}  # games waiting for another's claim
        self._showing_slots = asyncio.Semaphore(SHOWING_AT_ONCE)

    # -- loading ---------------------------------------------------------------------------

    async def load(self, game_id: int) -> LiveGame:
        """The open or closed game by id; open games are cached. A game any of whose
        stored rows cannot be read (here or since) is marked broken; nothing is lost."""
        if game_id in self._cache:
            return self._unless_unreadable(self._cache[game_id])
        async with self._loading:
            if game_id in self._cache:
                return self._unless_unreadable(self._cache[game_id])
            row = await self.store.game(game_id)
            if row is None:
                raise Refused("host.no_game")
            live = LiveGame(row=row, players=await self.store.players(game_id))
            for timer in await self.store.timers(game_id):
                if timer.kind == DEADLINE:
                    live.deadline_at = timer.due_at
            if row.state is not None and self.store.unreadable(game_id) is None:
                try:
                    live.state = live.game.parse_state(row.state, row.state_version)
                except (ValidationError, ValueError) as error:
                    self._mark_broken(live, _why_unreadable(error))
            if row.is_open:
                self._cache[game_id] = live
            return self._unless_unreadable(live)

    @contextlib.asynccontextmanager
    async def _locked(self, live: LiveGame) -> AsyncIterator[None]:
        """The game's lock in this process, with the game as stored: nothing cached is
        trusted across processes, so a copy another process has moved on since is
        loaded again first. (Two processes acting at once on one version still meet
        in the store: the commit checks the version, and one of them is refused.)"""
        async with live.lock:
            try:
                await self._fresh(live)
            except StoreBusy as busy:
                log.warning("game %s: a request was refused: %s", live.id, busy)
                raise Busy(busy.key) from None
            yield

    async def _fresh(self, live: LiveGame) -> None:
        """(Under the game's lock.) Bring the cached copy up to the stored version."""
        stored = await self.store.version(live.id)
        if stored is None or stored == live.row.version or live.broken is not None:
            return
        row = await self.store.game(live.id)
        if row is None:
            return
        live.row, live.players = row, await self.store.players(live.id)
        live.deadline_at = None
        for timer in await self.store.timers(live.id):
            if timer.kind == DEADLINE:
                live.deadline_at = timer.due_at
        live.state = None
        if row.state is not None and self.store.unreadable(live.id) is None:
            try:
                live.state = live.game.parse_state(row.state, row.state_version)
            except (ValidationError, ValueError) as error:
                self._mark_broken(live, _why_unreadable(error))
        if not row.is_open:
            self._cache.pop(live.id, None)

    def _unless_unreadable(self, live: LiveGame) -> LiveGame:
        """The game, marked broken if the store found a row of it it cannot read."""
        if live.broken is None:
            why = self.store.unreadable(live.id)
            if why is not None:
                self._mark_broken(live, why)
        return live

    def _mark_broken(self, live: LiveGame, why: str) -> None:
        live.broken = why
        log.error("game %s (%s) cannot be loaded: %s", live.id, live.row.kind, why)

    async def game_in(self, channel_id: int) -> LiveGame | None:
        row = await self.store.open_game_in(channel_id)
        return await self.load(row.id) if row else None

    @property
    def cached(self) -> int:
        return len(self._cache)

    async def _notify(self, change: Change) -> None:
        """Show a change (committed, with its outbox row) after the ones before it of the
        same game, without making the caller wait: a click's answer never waits for
        the table, the announcements or other players' DMs."""
        game_id, version = change.game.id, change.version
        if version is not None and version <= self._taken.get(game_id, -1):
            return  # already queued from the outbox (committed here, read there first)
        queue = self._outbox.setdefault(game_id, [])
        queue.append(change)
        if version is not None:
            self._taken[game_id] = version
        if change.game.id not in self._showing:
            task = asyncio.create_task(self._show_all(change.game.id), name="outbox")
            self._showing[change.game.id] = task

    async def _show_all(self, game_id: int) -> None:
        """Show the game's queued changes in order. One that Discord could not take
        stays first in the queue (and in the outbox) and is tried again after a growing
        delay; the game's later changes wait behind it, other games' do not.

        Over a shared database (PostgreSQL) any process may show any game's changes,
        one at a time per game: this one claims the game's delivery first (waiting
        while another shows it), then shows the game's pending changes in version
        order, its own and any another process committed, and leaves out those another
        process has shown meanwhile. (A SQLite file has one process: no claims.)"""
        queue = self._outbox[game_id]
        live = queue[0].game
        failures, held_until = 0, None
        last: int | None = None  # the version shown last
        checked: int | None = None  # the version a gap before it was looked into for
        try:
            while queue:
                shared = self.store.shared  # (one process per SQLite file: no claims)
                if shared and (
                    held_until is None or self.clock.now() > held_until - DELIVERY_LEASE / 2
                ):
                    held_until = await self._claim_showing(game_id)
                    await self._table_as_stored(live)
                    await self._catch_up(live, queue)
                    continue
                version = queue[0].version
                if version is not None and last is not None and shared:
                    if version <= last:  # queued twice (from the outbox, and here)
                        queue.pop(0)
                        continue
                    if version > last + 1 and checked != version:
                        checked = version  # another process's change may come first
                        await self._catch_up(live, queue)
                        continue
                change = queue.pop(0)
                async with self._showing_slots:
                    shown = await self._show(change)
                if shown:
                    failures = 0
                    last = change.version if change.version is not None else last
                    if not queue and shared:
                        await self._catch_up(live, queue)  # committed elsewhere meanwhile
                    continue
                queue.insert(0, change)
                delay = min(RETRY_FIRST * 2**failures, RETRY_LAST)
                failures += 1
                if held_until is not None:
                    await self.store.release_delivery(game_id)  # another may try meanwhile
                    held_until = None
                self._resting.add(game_id)
                self._rested.set()
                try:
                    await self.clock.sleep_until(self.clock.now() + delay)
                finally:
                    self._resting.discard(game_id)
        finally:
            self._showing.pop(game_id, None)
            self._outbox.pop(game_id, None)
            self._taken.pop(game_id, None)
            if held_until is not None:
                with contextlib.suppress(Exception):  # (stopping) its lease lapses anyway
                    await self.store.release_delivery(game_id)

    async def _claim_showing(self, game_id: int) -> float:
        """Claim the game's delivery, waiting while another process shows its changes
        (its release wakes this one: `woken`; else it tries again after a pause); until
        when it is held."""
        pause = CLAIM_PAUSE_FIRST
        released = self._released[game_id] = asyncio.Event()
        try:
            while True:
                released.clear()  # (before the attempt: a release during it counts)
                if await self.store.claim_delivery(game_id, self.clock.now()):
                    return self.clock.now() + DELIVERY_LEASE
                with contextlib.suppress(TimeoutError):  # real time: the other lives in it
                    await asyncio.wait_for(released.wait(), pause)
                pause = min(pause * 2, CLAIM_PAUSE_LAST)
        finally:
            self._released.pop(game_id, None)

    def woken(self, wakeup: Wakeup) -> None:
        """Another process committed what this one may take on (`Store.listen`): a
        timer (look at the timers now), a game's delivery released (claim it now, if
        waiting for it), or anything (a listener that reconnected: both)."""
        if wakeup.kind in (TIMER, EVERYTHING):
            self.scheduler.woken(wakeup.at)
        for game_id, released in self._released.items():
            if wakeup.kind == EVERYTHING or wakeup.game_id == game_id:
                released.set()

    async def _table_as_stored(self, live: LiveGame) -> None:
        """(Holding the game's delivery.) The table's message as the last delivery left
        it: a delivery records it without a new version, so another process's may have
        moved the table since this one read the game (it would edit the old one)."""
        row = await self.store.game(live.id)
        if row is not None:
            live.row = replace(
                live.row,
                table_message_id=row.table_message_id,
                table_posted_at=row.table_posted_at,
                table_chapter=row.table_chapter,
                table_fingerprint=row.table_fingerprint,
                table_moved_from=row.table_moved_from,
                table_stub=row.table_stub,
                table_posting=row.table_posting,
            )

    async def _catch_up(self, live: LiveGame, queue: list[Change]) -> None:
        """(Holding the game's delivery.) Make the queue the game's pending changes in
        version order: those another process committed join it, those another process
        showed leave it; changes without a version keep their place."""
        if live.broken is not None:
            return  # its changes wait in the outbox for a release that can read the game
        snapshot = list(queue)
        pending = await self.store.pending(live.id)
        ours = {c.version: c for c in snapshot if c.version is not None}
        loose: dict[int | None, list[Change]] = {}  # versionless, after the version before
        before: int | None = None
        for change in snapshot:
            if change.version is None:
                loose.setdefault(before, []).append(change)
            else:
                before = change.version
        merged = loose.pop(None, [])
        others = False
        for version, notice in pending:
            mine = ours.get(version)
            if mine is None:
                others = True
                mine = replace(Change.from_notice(live, version, notice), again=True)
            merged.append(mine)
            merged.extend(loose.pop(version, []))
        for rest in loose.values():
            merged.extend(rest)
        known = {c.version for c in merged if c.version is not None}
        added = queue[len(snapshot) :]  # queued here while the outbox was read
        queue[:] = merged + [c for c in added if c.version is None or c.version not in known]
        if known:
            self._taken[live.id] = max(self._taken.get(live.id, -1), *known)
        if others:  # committed by another process: show the game as it is now
            async with self._locked(live):
                pass

    async def _show(self, change: Change) -> bool:
        """Run the listeners on a change and mark it shown; False when one of them
        could not finish for now (`DeliveryDelayed`)."""
        for listener in self.listeners:
            try:
                await listener(change)
            except DeliveryDelayed as why:
                log.info(
                    "change %s of game %s waits to be shown: %s",
                    change.version,
                    change.game.id,
                    why,
                )
                return False
            except Exception:
                log.exception("listener failed on %s of game %s", change.kind, change.game.id)
        if change.version is not None:
            try:
                await self.store.delivered(change.game.id, change.version)
            except Exception:  # shown again after a restart: at least once
                log.exception(
                    "cannot mark change %s of game %s shown", change.version, change.game.id
                )
        return True

    def next_to_show(self, game_id: int) -> Change | None:
        """The change of the game queued behind the one being shown, if any (a listener
        may leave to it what only the newest change needs to say)."""
        queue = self._outbox.get(game_id)
        return queue[0] if queue else None

    async def shown_game(self, game_id: int) -> None:
        """Return once the game's changes so far have been shown (e.g. its lobby posted)."""
        while (task := self._showing.get(game_id)) is not None:
            await asyncio.gather(task, return_exceptions=True)

    async def shown(self) -> None:
        """Return once every change so far has been shown, or waits to be tried again
        because Discord could not take it (tests, shutdown)."""
        while busy := [t for g, t in self._showing.items() if g not in self._resting]:
            self._rested.clear()
            rested = asyncio.create_task(self._rested.wait())
            try:
                await asyncio.wait([*busy, rested], return_when=asyncio.FIRST_COMPLETED)
            finally:
                rested.cancel()

    async def stop_showing(self) -> None:
        """Stop every delivery still running or waiting to be tried again (shutdown):
        their changes stay in the outbox and are shown at the next start."""
        tasks = list(self._showing.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def recover(self) -> int:
        """Show every change committed but not yet shown when the bot stopped (a
        crash between a commit and its messages); how many there were."""
        pending = await self.store.outbox()
        for game_id, version, notice in pending:
            live = await self.load(game_id)
            if live.broken is not None:
                # Its changes wait in the outbox for a release that can read the game;
                # the table learns once why nothing moves.
                if not live.told_broken:
                    live.told_broken = True
                    await self._notify(Change(live, "broken"))
                continue
            change = Change.from_notice(live, version, notice)
            await self._notify(replace(change, again=True))
        return len(pending)

    async def record_backlog(self, batch: int = 100) -> int:
        """Record, oldest first, the games that finished before the statistics existed
        (queued once by migration 022) as their ends would have; how many. Each is its
        own short transaction, so clicks go on meanwhile."""
        recorded = 0
        while ids := await self.store.stats.backlog(batch):
            for game_id in ids:
                finished = await self._past_finish(game_id)
                await self.store.stats.record_backlogged(game_id, finished)
                recorded += finished is not None
        return recorded

    async def _past_finish(self, game_id: int) -> Finished | None:
        """A finished game as the statistics record its end, or None if it cannot be
        read (it is then left out, and the operator's log says why)."""
        try:
            live = await self.load(game_id)
            state = live.state
            if live.broken is None and state is not None and live.game.result(state) is not None:
                return _finished(live, state, (), live.row.updated_at)
        except StoreBusy:
            raise  # the database is away: the backlog waits for the next start
        except Exception:  # a game this release no longer reads, say: it stays out
            log.exception("game %s: not recorded in the statistics", game_id)
            return None
        log.warning("game %s: not recorded in the statistics (unreadable)", game_id)
        return None

    async def sweep(self) -> int:
        """Show the changes a process committed and died before showing (no process
        holds their game's delivery; `recover` finds them when it starts again, this
        when it does not): how many games had some."""
        now = self.clock.now()
        games = await self.store.unclaimed_outbox(now, now - ORPHANED_AFTER)
        for game_id in games:
            if game_id in self._showing:
                continue
            live = await self.load(game_id)
            if live.broken is not None:
                continue
            for version, notice in await self.store.pending(game_id):
                await self._notify(replace(Change.from_notice(live, version, notice), again=True))
        return len(games)

    async def sweeping(self) -> None:
        """Sweep now and then (real time) for as long as it runs (over a shared store)."""
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self.sweep()
            except Exception:  # the store is away: the next sweep will do
                log.debug("sweep failed", exc_info=True)

    def _touch(self, live: LiveGame, **changes: Any) -> None:
        values = {"updated_at": self.clock.now(), **changes}
        live.row = replace(live.row, **values)
        if not live.row.is_open:
            self._cache.pop(live.id, None)

    # -- the lobby -----------------------------------------------------------------------------

    async def open_lobby(
        self,
        *,
        kind: str,
        options: dict[str, Any],
        guild_id: int,
        channel_id: int,
        parent_id: int | None,
        host_id: int,
        host_name: str,
        locale: str,
        previous_id: int | None = None,
        computers: Sequence[str] = (),
    ) -> LiveGame:
        """A new lobby; `previous_id`: the game it is a rematch of (its players keep
        their seat order, and its computer players are seated again); `computers`: the
        levels of computer players seated at once, after the host."""
        await self.require_room_for_lobby(guild_id, host_id, parent_id or channel_id)
        game = registry.get(kind)
        parsed = game.parse_options(options)
        seated: list[PlayerRow] = []
        if previous_id is not None:
            seated = [p for p in await self.store.players(previous_id) if p.is_computer]
        host = PlayerRow(0, host_id, clean_name(host_name))
        for level in computers:
            self._require_computers(game, level)
            seated.append(new_computer([host, *seated], locale, level))
        top = game.max_players
        if top is not None and 1 + len(seated) > top:
            raise Refused("lobby.full", max=top)
        now = self.clock.now()
        starts_at = game.starts_at(parsed, as_datetime(now))
        timers = [TimerUpdate(AUTOSTART, starts_at.timestamp())] if starts_at else []
        scheduled = starts_at.timestamp() if starts_at else None
        timers.append(TimerUpdate(CLOSE_LOBBY, lobby_closes_at(now, scheduled)))
        try:
            row = await self.store.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                parent_id=parent_id,
                kind=kind,
                options=parsed.model_dump(mode="json"),
                host_id=host_id,
                host_name=host.display_name,
                locale=locale,
                seed=random.SystemRandom().getrandbits(53),
                now=now,
                timers=timers,
                notice=plain_notice("opened", host_id),
                previous_id=previous_id,
                computers=seated,
            )
        except ChannelBusy:
            raise Refused("host.channel_busy") from None
        except StoreBusy as busy:  # locked by another process, or unreachable: nothing made
            log.warning("a lobby could not be stored: %s", busy)
            raise Busy(busy.key) from None
        self.scheduler.changed()
        live = await self.load(row.id)
        await self._notify(Change(live, "opened", host_id, version=0))
        return live

    async def require_room_for_lobby(self, guild_id: int, host_id: int, channel_id: int) -> None:
        """Refuse a lobby past the limits: open lobbies one member hosts on a server,
        and open lobbies from one channel (`channel_id`: where /newgame was used)."""
        hosted, here = await self.store.open_lobbies(guild_id, host_id, channel_id)
        if hosted >= LOBBIES_PER_HOST:
            raise Refused("host.lobbies_per_host", count=LOBBIES_PER_HOST)
        if here >= LOBBIES_PER_CHANNEL:
            raise Refused("host.lobbies_per_channel", count=LOBBIES_PER_CHANNEL)

    async def join(self, game_id: int, user_id: int, name: str) -> LiveGame:
        live = await self.load(game_id)
        async with self._locked(live):
            self._require_lobby(live)
            if live.seat_of(user_id) is not None:
                raise Refused("lobby.already_joined")
            limit = live.game.max_players
            if limit is not None and len(live.players) >= limit:
                raise Refused("lobby.full", max=limit)
            version = await self._write(
                live,
                self.store.join(
                    game_id,
                    user_id,
                    clean_name(name),
                    expected=live.row.version,
                    now=self.clock.now(),
                    notice=plain_notice("joined", user_id),
                ),
            )
            live.players = await self.store.players(game_id)
            self._touch(live, version=version)
        await self._notify(Change(live, "joined", user_id, version=version))
        return live

    async def leave(self, game_id: int, user_id: int) -> LiveGame:
        live = await self.load(game_id)
        async with self._locked(live):
            self._require_lobby(live)
            if live.seat_of(user_id) is None:
                raise Refused("lobby.not_joined")
            version = await self._write(
                live,
                self.store.leave(
                    game_id,
                    user_id,
                    expected=live.row.version,
                    now=self.clock.now(),
                    notice=plain_notice("left", user_id),
                ),
            )
            live.players = await self.store.players(game_id)
            self._touch(live, version=version)
        await self._notify(Change(live, "left", user_id, version=version))
        return live

    async def add_computer(
        self, game_id: int, user_id: int, level: str, *, manager: bool = False
    ) -> LiveGame:
        """Seat a computer player of `level` last (the host or a manager only)."""
        live = await self.load(game_id)
        async with self._locked(live):
            self._require_lobby(live)
            self._require_host(live, user_id, manager)
            self._require_computers(live.game, level)
            limit = live.game.max_players
            if limit is not None and len(live.players) >= limit:
                raise Refused("lobby.full", max=limit)
            computer = new_computer(live.players, live.row.locale, level)
            version = await self._write(
                live,
                self.store.join(
                    game_id,
                    computer.user_id,
                    computer.display_name,
                    expected=live.row.version,
                    now=self.clock.now(),
                    notice=plain_notice("joined", computer.user_id),
                    computer=level,
                ),
            )
            live.players = await self.store.players(game_id)
            self._touch(live, version=version)
        await self._notify(Change(live, "joined", computer.user_id, version=version))
        return live

    async def remove_computer(
        self, game_id: int, user_id: int, computer_id: int, *, manager: bool = False
    ) -> LiveGame:
        """Unseat the computer player `computer_id` (its user id; the host or a manager)."""
        live = await self.load(game_id)
        async with self._locked(live):
            self._require_lobby(live)
            self._require_host(live, user_id, manager)
            seat = live.seat_of(computer_id)
            if seat is None or not live.players[seat].is_computer:
                raise Refused("lobby.no_such_computer")
            version = await self._write(
                live,
                self.store.leave(
                    game_id,
                    computer_id,
                    expected=live.row.version,
                    now=self.clock.now(),
                    notice=plain_notice("left", computer_id),
                ),
            )
            live.players = await self.store.players(game_id)
            self._touch(live, version=version)
        await self._notify(Change(live, "left", computer_id, version=version))
        return live

    def _require_computers(self, game: AnyGame, level: str) -> None:
        if not has_computers(game):
            raise Refused("lobby.no_computers", game=game.name)
        if not is_level(level):
            raise Refused("host.stale")  # not a level this release offers

    async def start(self, game_id: int, user_id: int | None, *, manager: bool = False) -> LiveGame:
        """Deal the game. `user_id` None: the bot starts it (a scheduled start)."""
        live = await self.load(game_id)
        async with self._locked(live):
            self._require_lobby(live)
            if user_id is not None:
                self._require_host(live, user_id, manager)
            game, count = live.game, len(live.players)
            top = game.max_players
            if count < game.min_players or (top is not None and count > top):
                key = "lobby.count_range" if top is not None else "lobby.count_min"
                raise Refused(key, min=game.min_players, max=top, count=count)
            if not live.people:
                raise Refused("lobby.people_needed")  # computers play with people only
            state = game.setup(count, game.parse_options(live.row.options), live.row.seed)
            timers = [
                TimerUpdate(AUTOSTART, None),
                TimerUpdate(CLOSE_LOBBY, None),
                *self._timers(game, state, None),
                *self._computer_timer(live, state, live.row.version + 1),
            ]
            version = await self._write(
                live,
                self.store.start(
                    game_id,
                    state.model_dump_json(),
                    expected=live.row.version,
                    now=self.clock.now(),
                    timers=timers,
                    state_version=game.state_version,
                    host_id=live.row.host_id,
                    notice=plain_notice("started", user_id),
                ),
            )
            live.players = await self.store.players(game_id)  # the host now sits first
            live.state = state
            self._touch(live, version=version, status="running")
            self._timers_saved(live, timers)
        await self._notify(Change(live, "started", user_id, version=version))
        await self._play_for_away(live)
        return live

    async def close(
        self, game_id: int, user_id: int, *, manager: bool = False, status: str
    ) -> LiveGame:
        """Cancel a lobby or abort a running game (host or a manager only)."""
        live = await self.load(game_id)
        async with self._locked(live):
            if not live.row.is_open:
                raise Refused("host.game_over")
            self._require_host(live, user_id, manager)
            if status == "cancelled" and live.status != "lobby":
                raise Refused("lobby.already_started")
            change = await self._close(live, status, user_id)
        await self._notify(change)
        return live

    async def _close(self, live: LiveGame, status: str, user_id: int | None) -> Change:
        """(Under the lock.) End the game as `status` (its timers go with it)."""
        version = await self._write(
            live,
            self.store.close_game(
                live.id,
                status,
                expected=live.row.version,
                now=self.clock.now(),
                notice=plain_notice(status, user_id),
            ),
        )
        self._touch(live, version=version, status=status)
        return Change(live, status, user_id, version=version)

    async def channel_gone(self, channel_id: int) -> None:
        """A thread or channel was deleted: its open game ends (`abandon`), and a game
        that was played there is listed as in a deleted place."""
        if live := await self.game_in(channel_id):
            await self.abandon(live.id)  # records the place too
        else:
            await self.store.place_gone(channel_id)

    async def abandon(self, game_id: int) -> None:
        """End a game whose channel is gone: nobody can see or play it any more."""
        live = await self.load(game_id)
        await self.store.place_gone(live.row.channel_id)
        async with self._locked(live):
            if not live.row.is_open:
                return
            version = await self._write(
                live,
                self.store.close_game(
                    game_id, "aborted", expected=live.row.version, now=self.clock.now()
                ),
            )
            self._touch(live, version=version, status="aborted")
        log.info("game %s abandoned: its channel is gone", game_id)

    async def pause(self, game_id: int, user_id: int, *, manager: bool = False) -> LiveGame:
        """Stop the clock: the phase's deadline waits, and no one can act until resumed."""
        live = await self.load(game_id)
        async with self._locked(live):
            self._require_running(live)
            self._require_host(live, user_id, manager)
            if live.row.paused:
                raise Refused("host.already_paused")
            now = self.clock.now()
            remaining = max(0.0, live.deadline_at - now) if live.deadline_at else -1.0
            stopped = [
                TimerUpdate(DEADLINE, None),
                TimerUpdate(REMINDER, None),
                TimerUpdate(COMPUTER, None),
            ]
            version = await self._write(
                live,
                self.store.pause(
                    game_id,
                    remaining,
                    expected=live.row.version,
                    now=now,
                    timers=stopped,
                    notice=plain_notice("paused", user_id),
                ),
            )
            self._touch(live, version=version, paused_remaining=remaining)
            self._timers_saved(live, stopped)
        await self._notify(Change(live, "paused", user_id, version=version))
        return live

    async def resume(self, game_id: int, user_id: int, *, manager: bool = False) -> LiveGame:
        """Start the clock again: the phase gets the time it had left."""
        live = await self.load(game_id)
        async with self._locked(live):
            self._require_running(live)
            self._require_host(live, user_id, manager)
            remaining = live.row.paused_remaining
            if remaining is None:
                raise Refused("host.not_paused")
            now = self.clock.now()
            timers = []
            if remaining >= 0:
                phase = {"phase": live.phase}
                timers.append(TimerUpdate(DEADLINE, now + remaining, phase))
                reminder = self._reminder_left(live, remaining)
                if reminder is not None:
                    timers.append(TimerUpdate(REMINDER, now + reminder, phase))
            assert live.state is not None
            timers += self._computer_timer(live, live.state, live.row.version + 1)
            version = await self._write(
                live,
                self.store.pause(
                    game_id,
                    None,
                    expected=live.row.version,
                    now=now,
                    timers=timers,
                    notice=plain_notice("resumed", user_id),
                ),
            )
            self._touch(live, version=version, paused_remaining=None)
            self._timers_saved(live, timers)
        await self._notify(Change(live, "resumed", user_id, version=version))
        return live

    def _reminder_left(self, live: LiveGame, remaining: float) -> float | None:
        """Seconds from a resume to the phase's reminder, if it had not come before the
        pause: the reminder keeps its place in the phase's own time."""
        assert live.state is not None
        start = as_datetime(0)  # any start: only the phase's lengths matter here
        deadline = live.game.deadline(live.state, start)
        if deadline is None or deadline.remind_at is None:
            return None
        length = (deadline.at - start).total_seconds()
        elapsed = length - remaining
        left = (deadline.remind_at - start).total_seconds() - elapsed
        return left if 0 < left < remaining else None

    def _require_running(self, live: LiveGame) -> None:
        if live.broken is not None:
            raise Refused("host.broken")
        if live.status == "lobby":
            raise Refused("host.not_started")
        if live.status != "running" or live.state is None:
            raise Refused("host.game_over")

    def _require_lobby(self, live: LiveGame) -> None:
        if live.broken is not None:
            raise Refused("host.broken")
        if live.status == "running":
            raise Refused("lobby.already_started")
        if live.status != "lobby":
            raise Refused("host.game_over")

    def _require_host(self, live: LiveGame, user_id: int, manager: bool) -> None:
        if user_id != live.row.host_id and not manager:
            raise Refused("lobby.host_only")

    async def learn_dms(self, live: LiveGame, seat: Seat, closed: bool) -> None:
        """Record whether a player's DMs are closed (learned from a DM the table may
        know was sent), so a restart tells the table the same as before."""
        if live.players[seat].dms_closed != closed:
            await self.store.set_dms_closed(live.id, seat, closed)
            live.players[seat] = replace(live.players[seat], dms_closed=closed)

    async def set_table_fingerprint(
        self, live: LiveGame, fingerprint: str, shown: Shown | None = None
    ) -> None:
        """Record what the table message shows now (see the presenter); `shown`: a
        game's table, kept by its version too (what a replay draws and is checked by)."""
        if fingerprint != live.row.table_fingerprint:
            await self.store.set_table_fingerprint(live.id, fingerprint, shown)
            live.row = replace(live.row, table_fingerprint=fingerprint)

    async def set_table_message(
        self,
        live: LiveGame,
        message_id: int | None,
        chapter: str = "",
        moved_from: int | None = None,
    ) -> None:
        """Record the message that shows the table now (posted now, for `chapter`), and
        the old table message it replaces, until that one has shrunk (`table_shrunk`)."""
        now = self.clock.now()
        await self.store.set_table_message(
            live.id, message_id, posted_at=now, chapter=chapter, moved_from=moved_from
        )
        live.row = replace(
            live.row,
            table_message_id=message_id,
            table_posted_at=now,
            table_chapter=chapter,
            table_moved_from=moved_from,
            table_posting=None,
        )

    async def set_table_posting(self, live: LiveGame, nonce: str | None) -> None:
        """Record, before it is sent, the nonce of a table message to be posted anew
        (until `set_table_message` names it; None: it will not be)."""
        await self.store.set_table_posting(live.id, nonce)
        live.row = replace(live.row, table_posting=nonce)

    async def table_shrunk(self, live: LiveGame, stub: int | None) -> None:
        """The old table has become a link, `stub` (None: it was gone)."""
        await self.store.table_shrunk(live.id, stub)
        live.row = replace(live.row, table_moved_from=None, table_stub=stub)

    # -- play ------------------------------------------------------------------------------------

    async def act(
        self, game_id: int, user_id: int, action: Any, *, phase: str | None = None
    ) -> Change:
        """Apply a player's action. `phase`: the phase key the button was made for."""
        live = await self.load(game_id)
        async with self._locked(live):
            self._require_running(live)
            if live.row.paused:
                raise Refused("host.paused")
            seat = live.seat_of(user_id)
            if seat is None:
                raise Refused("host.not_a_player")
            game = live.game
            if phase is not None and phase != game.phase_key(live.state):
                raise Refused("host.stale")
            try:
                parsed = game.parse_action(action)
            except ValidationError:
                raise Refused("host.stale") from None  # not an action of this game now
            try:
                state, events = await _step(game, game.apply, live.state, seat, parsed)
            except IllegalAction as error:
                raise Refused(error.key, **error.params) from None
            player = live.players[seat]
            present = replace(player, timeouts=0, away=False)  # acting shows they are here
            seats = [present] if present != player else []
            change = await self._commit(
                live, user_id, parsed.model_dump(mode="json"), state, events, seats
            )
        await self._notify(change)
        await self._play_for_away(live)
        return change

    async def _commit(
        self,
        live: LiveGame,
        user_id: int | None,
        action: dict[str, Any],
        state: State,
        events: list[Event],
        seats: Sequence[PlayerRow] = (),
        *,
        for_away: bool = False,
    ) -> Change:
        game = live.game
        waited_for, phase_before = live.waiting_for(), live.phase
        finished = game.result(state) is not None
        status = "finished" if finished else "running"
        timers = [] if finished else self._timers(game, state, live.phase)
        timers += self._computer_timer(live, state, live.row.version + 1)
        kind = "finished" if finished else ("acted" if user_id is not None else "expired")
        was_away = live.away
        now_away = (was_away - {p.seat for p in seats}) | {p.seat for p in seats if p.away}
        change = Change(
            live,
            kind,
            user_id,
            tuple(events),
            away=tuple(sorted(now_away - was_away)),
            back=tuple(sorted(was_away - now_away)),
            waited_for=waited_for,
            phase_before=phase_before,
            for_away=for_away,
        )
        now = self.clock.now()
        version = await self._write(
            live,
            self.store.commit_action(
                live.id,
                expected=live.row.version,
                user_id=user_id,
                action=action,
                state=state.model_dump_json(),
                status=status,
                now=now,
                timers=timers,
                state_version=game.state_version,
                seats=seats,
                notice=change.notice(),
                finished=_finished(live, state, seats, now) if finished else None,
            ),
        )
        for player in seats:
            live.players[player.seat] = player
        live.state = state
        self._touch(live, version=version, status=status)
        self._timers_saved(live, timers)
        return replace(change, version=version)

    async def _write(self, live: LiveGame, write: Awaitable[int]) -> int:
        """Run a versioned write; on a conflict, reload the game and refuse politely; a
        database another process kept locked too long changed nothing: say so (Busy)."""
        try:
            return await write
        except VersionConflict:
            self._cache.pop(live.id, None)
            raise Refused(MOVED_ON) from None
        except StoreBusy as busy:
            log.warning("game %s: a change was refused: %s", live.id, busy)
            raise Busy(busy.key) from None

    def _timers(self, game: AnyGame, state: State, previous_phase: str | None) -> list[TimerUpdate]:
        """The timers a new state needs: its phase's deadline and reminder, set or
        cancelled when the phase changed; none (keep the current ones) when it did not."""
        key = game.phase_key(state)
        if key == previous_phase:
            return []
        deadline = game.deadline(state, as_datetime(self.clock.now()))
        if deadline is None:
            return [TimerUpdate(DEADLINE, None), TimerUpdate(REMINDER, None)]
        phase = {"phase": deadline.key}
        remind_at = deadline.remind_at.timestamp() if deadline.remind_at else None
        return [
            TimerUpdate(DEADLINE, deadline.at.timestamp(), phase),
            TimerUpdate(REMINDER, remind_at, phase if remind_at else {}),
        ]

    def _computer_timer(self, live: LiveGame, state: State, version: int) -> list[TimerUpdate]:
        """The computer timer a new state (of `version`) needs: planned anew with every
        state, for the first computer seat it waits for (in seat order; the next one's
        is planned with the state its move makes), or cancelled. None at all for a game
        without computers."""
        seats = live.computers
        if not seats:
            return []
        game = live.game
        active = game.active(state)  # (nobody, once the game is over)
        waiting = sorted(active & seats)
        if not waiting:
            return [TimerUpdate(COMPUTER, None)]
        seat = waiting[0]
        pause = computers.pause(live.id, version, seat, together=len(active) > 1)
        due = {"seat": seat, "phase": game.phase_key(state)}
        return [TimerUpdate(COMPUTER, self.clock.now() + pause, due)]

    def _timers_saved(self, live: LiveGame, timers: list[TimerUpdate]) -> None:
        for timer in timers:
            if timer.kind == DEADLINE:
                live.deadline_at = timer.due_at
        # Only a timer due before what the scheduler waits for needs it to look again;
        # one removed or moved later finds nothing due when that time comes.
        dues = [timer.due_at for timer in timers if timer.due_at is not None]
        if dues:
            self.scheduler.woken(min(dues))

    # -- timers ------------------------------------------------------------------------------------

    def _clock_stepped(self, seconds: float) -> None:
        """The wall clock jumped: every pending timer, stored and cached, moves with it,
        so each keeps the time it had left."""
        self.store.shift_timers(seconds)
        for live in self._cache.values():
            if live.deadline_at is not None:
                live.deadline_at += seconds
        self.scheduler.clock_stepped(seconds)

    async def _on_timer(self, timer: TimerRow) -> None:
        handler = self.timer_handlers.get(timer.kind)
        if handler is None:
            log.warning("no handler for timer kind %s", timer.kind)
            return
        try:
            live = await self.load(timer.game_id)
            if live.row.version < timer.version:
                # Planned by a version this process has not seen (another process
                # moved the game on): judge the timer by the game as it is now.
                self._cache.pop(live.id, None)
                live = await self.load(timer.game_id)
        except Refused:
            return
        if live.broken is not None:
            # Kept for a fixed release to fire; the table learns once why nothing moves.
            if not live.told_broken:
                live.told_broken = True
                await self._notify(Change(live, "broken"))
            raise KeepTimer(live.broken)
        if live.row.is_open:
            try:
                await handler(live, timer)
            except Refused as refused:
                if refused.key != MOVED_ON:
                    raise
                # Another process changed the game between this one's look and its
                # write: judge the timer again, once, by the game as it is now.
                live = await self.load(timer.game_id)
                if live.row.is_open and live.broken is None:
                    await handler(live, timer)

    async def _expire(self, live: LiveGame, timer: TimerRow) -> None:
        """A phase deadline passed: apply the engine's default actions, once."""
        async with self._locked(live):
            if live.status != "running" or live.state is None or live.row.paused:
                return
            phase = live.game.phase_key(live.state)
            if phase != timer.payload.get("phase"):
                return  # the phase ended in time; this deadline is spent
            change = await self._time_out(live, phase)
        await self._notify(change)
        await self._play_for_away(live)

    async def _computer_moves(self, live: LiveGame, timer: TimerRow) -> None:
        """A computer player's pause is over: it chooses its move from its own view (in
        a worker process, the game's lock released meanwhile) and plays it as a person's
        click would. When the game moved on meanwhile past the step the timer was
        planned for, nothing happens: the newer state planned its own timer."""
        seat, phase = timer.payload.get("seat"), timer.payload.get("phase")
        async with self._locked(live):
            player = self._computer_to_act(live, seat, phase)
            if player is None or live.state is None or player.computer is None:
                return
            version, level = live.row.version, player.computer
            stored = live.state.model_dump(mode="json")
        chosen = await self.thinker.choose(
            live.row.kind,
            stored,
            live.game.state_version,
            player.seat,
            level,
            computers.seed(live.id, player.seat, version),
        )
        if chosen is None:
            return  # nothing it may do now (the step's deadline will pass)
        async with self._locked(live):
            if self._computer_to_act(live, seat, phase) is None:
                return  # the step is over (it timed out, or the game was paused)
            game = live.game
            try:
                action = game.parse_action(chosen)
                state, events = await _step(game, game.apply, live.state, player.seat, action)
            except (ValidationError, IllegalAction):
                if live.row.version == version:
                    raise  # refused where it was chosen: the policy is wrong
                # Chosen before another move of this step that changed what it may do:
                # think again, now (planned by this version, so this timer stays).
                await self.scheduler.schedule(live.id, COMPUTER, self.clock.now(), timer.payload)
                return
            change = await self._commit(
                live, player.user_id, action.model_dump(mode="json"), state, events
            )
        await self._notify(change)
        await self._play_for_away(live)

    def _computer_to_act(self, live: LiveGame, seat: Any, phase: Any) -> PlayerRow | None:
        """(Under the lock.) The computer player at `seat`, if the game still waits for
        it in the step `phase` names."""
        if live.status != "running" or live.state is None or live.row.paused:
            return None
        if not isinstance(seat, int) or not 0 <= seat < len(live.players):
            return None
        player = live.players[seat]
        game = live.game
        if not player.is_computer or game.phase_key(live.state) != phase:
            return None
        return player if seat in game.active(live.state) else None

    async def _time_out(self, live: LiveGame, phase: str, *, for_away: bool = False) -> Change:
        """(Under the lock.) Apply the phase's defaults and count the step against
        everyone it waited for; a second timeout in a row makes a player away. A secret
        phase counts against nobody: the table may not learn who acts at night.
        `for_away`: played at once for away players, not at the deadline (told so)."""
        assert live.state is not None
        missed = live.game.waiting_for(live.state) - live.computers  # never away
        state, events = await _step(live.game, live.game.expire, live.state)
        seats = [
            replace(p, timeouts=p.timeouts + 1, away=p.away or p.timeouts + 1 >= AWAY_AFTER)
            for p in live.players
            if p.seat in missed
        ]
        return await self._commit(
            live,
            None,
            {"type": "timeout", "phase": phase},
            state,
            events,
            seats,
            for_away=for_away,
        )

    async def _play_for_away(self, live: LiveGame) -> None:
        """While the table waits only for away players, play their defaults at once,
        one step at a time, as their deadlines would. Not when every person is away (a
        table nobody watches plays on at its own pace) nor in secret phases (an
        instant night would tell who holds a night role)."""
        while True:
            async with self._locked(live):
                if not self._plays_for_away(live):
                    return
                assert live.state is not None
                phase = live.game.phase_key(live.state)
                change = await self._time_out(live, phase, for_away=True)
            await self._notify(change)

    def _plays_for_away(self, live: LiveGame) -> bool:
        if live.status != "running" or live.state is None or live.row.paused:
            return False
        waiting = live.game.waiting_for(live.state)
        away = live.away
        return bool(waiting) and waiting <= away and len(away) < live.people

    async def set_away(
        self, game_id: int, user_id: int, seat: Seat, away: bool, *, manager: bool = False
    ) -> Change:
        """Mark a player away (the host or a manager) or back (they themselves, too)."""
        live = await self.load(game_id)
        async with self._locked(live):
            self._require_running(live)
            player = live.players[seat]
            if not (player.user_id == user_id and not away):
                self._require_host(live, user_id, manager)
            if player.away == away:
                raise Refused("host.already_away" if away else "host.not_away")
            marked = replace(player, away=away, timeouts=0)
            change = Change(
                live, "absence", user_id, away=(seat,) if away else (), back=() if away else (seat,)
            )
            version = await self._write(
                live,
                self.store.set_absence(
                    game_id,
                    [marked],
                    expected=live.row.version,
                    now=self.clock.now(),
                    notice=change.notice(),
                ),
            )
            live.players[seat] = marked
            self._touch(live, version=version)
            change = replace(change, version=version)
        await self._notify(change)
        await self._play_for_away(live)
        return change

    async def _remind(self, live: LiveGame, timer: TimerRow) -> None:
        """A long phase is half over: the presenter reminds whoever it still waits for."""
        async with self._locked(live):
            if live.status != "running" or live.state is None or live.row.paused:
                return
            if live.game.phase_key(live.state) != timer.payload.get("phase"):
                return  # the phase ended; nobody needs reminding
        await self._notify(Change(live, "reminder"))

    async def _close_unstarted(self, live: LiveGame, timer: TimerRow) -> None:
        """A lobby nobody started in time closes, releasing its thread (and its memory)."""
        async with self._locked(live):
            if live.status != "lobby":
                return
            change = await self._close(live, "cancelled", None)
        await self._notify(change)

    async def _autostart(self, live: LiveGame, timer: TimerRow) -> None:
        """A scheduled lobby starts itself (with whoever joined)."""
        if live.status != "lobby":
            return
        try:
            await self.start(live.id, None)
        except Refused as refusal:  # e.g. everyone left: the host may still start it
            log.info("game %s did not start itself: %s", live.id, refusal.key)


async def _step(game: AnyGame, step: Callable[..., T], *args: Any) -> T:
    """Run an engine step (under the game's lock). A game whose steps may compute for
    long (`slow_steps`) runs them in a thread: the interpreter then hands the event loop
    its turn every few milliseconds, so no other game's click waits for the whole step.
    Steps are pure (they work on a copy), so the loop may read the game meanwhile."""
    if game.slow_steps:
        return await asyncio.to_thread(step, *args)
    return step(*args)


def _finished(live: LiveGame, state: State, seats: Sequence[PlayerRow], now: float) -> Finished:
    """A game that ends with this state, as the statistics record it: its players as
    they end it (`seats`: those whose absence the last step changed)."""
    game, players = live.game, list(live.players)
    for player in seats:
        players[player.seat] = player
    result = game.result(state)
    assert result is not None
    return Finished(
        game_id=live.id,
        guild_id=live.row.guild_id,
        kind=live.row.kind,
        channel_id=live.row.channel_id,
        finished_at=now,
        players=tuple(players),
        result=result,
        matches=game.matches(state),
        final=game.view(state, None).model_dump_json(),
    )


def plain_notice(kind: str, user_id: int | None, **more: Any) -> Notice:
    """The outbox's record of a change: its kind and who made it, and for an action
    its events, who is away or back, whom the table waited for, the phase before."""
    empty: Notice = {"events": [], "away": [], "back": [], "waited_for": [], "phase_before": None}
    return {"kind": kind, "user_id": user_id, **empty, **more}


def _why_unreadable(error: Exception) -> str:
    """What is wrong with a stored state, for the operator's log: the fields and the
    rules they break, never their values (a state holds every player's secrets)."""
    if isinstance(error, ValidationError):
        problems = [f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors()[:3]]
        return f"{error.title}: " + "; ".join(problems)
    return str(error)


async def replay(store: Store, game_id: int) -> State:
    """Rebuild a game's state from its seed and action log (a consistency check)."""
    row = await store.game(game_id)
    assert row is not None
    game = registry.get(row.kind)
    players = await store.players(game_id)
    seats = {p.user_id: p.seat for p in players}
    logged = await store.actions(game_id)
    moves = [Move(None if user is None else seats[user], action) for _, user, action in logged]
    step = dealt(game, len(players), row.options, row.seed)
    last = step
    for last in replayed(game, step, moves):  # noqa: B007 (the last state is the answer)
        pass
    assert isinstance(last.state, State)
    return last.state
