"""Simulated players who act as fast as the games allow.

A game's host opens it with /newgame in the group's own channel, the others press Join, the host
presses Start. Then whoever the game waits for acts: the newest DM prompt of this game
with a live control if there is one (Lupusburg's placement and night), else their
private panel from the table's button; on it they press a random enabled button or
pick random options of a select (never one that undoes a step), again and again while
the game still waits for them. Whom the game waits for is read from the bot's
database (`GAME.active` of the stored state), as the crash test does: a message
does not always say it. A refused click (a sentence back) simply leads to another.

Like people, players wait for the bot's visible answer to a click (the panel updated,
a sentence, a new message) before the next one, do not press a DM prompt again until
it changed, and look at a game again once it changed (or after `RETRY_AFTER` seconds).
The time from each click to its visible answer is kept (`answers`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.double import DiscordDouble, InteractionResult, SimUser
from bot.double.components import BUTTON, STRING_SELECT
from bot.double.model import Channel, Guild, Json, Message
from bot.double.results import InteractionFailed
from bot.double.waiting import WaitTimeout
from bot.i18n import t
from games import registry
from tests.bench.load.games import Kind
from tests.support.harness import table
from tests.support.reader import Reader

ANSWER_WITHIN = 20.0  # generous: the bot may be slow under load; that is measured
IDLE_POLL = 0.25  # nobody to act (a night runs): look again after this
STEPS_PER_TURN = 8  # clicks in a row by one player before the game is looked at again
OVER = ("finished", "cancelled", "aborted")
# Waits that ran out, and clicks nobody answered (a bot process killed meanwhile).
TIMEOUTS = (TimeoutError, WaitTimeout, InteractionFailed)
# What the bot says while its database restarts: nothing changed, try again.
TRY_AGAIN = tuple(t(key, "en") for key in ("host.busy", "host.unreachable"))
FRESH = 0.03  # seconds a game row read from the database is reused
PROMPT_WITHIN = 2.0  # seconds a player at night waits for the DM before opening the panel
RETRY_AFTER = 2.0  # seconds before a player looks again at a game that did not change


class TryAgain(Exception):
    """The bot could not open a game (its database restarting): a player tries again."""


GameRow = tuple[str, str, dict[str, Any] | None, int | None]


class Database:
    """The bot's database, read only (the bot keeps writing meanwhile): its SQLite file
    or its PostgreSQL database (`tests.support.reader`)."""

    def __init__(self, database: str | Path) -> None:
        self.reader = Reader(database)
        self._games: dict[int, tuple[float, GameRow]] = {}
        self._versions: dict[int, int] = {}  # game id -> its version (one per change)

    def query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self.reader.query(sql, args)  # nothing while it cannot be read

    def close(self) -> None:
        self.reader.close()

    def game_in(self, channel_id: int) -> int | None:
        rows = self.query("SELECT id FROM games WHERE channel_id = ?", (channel_id,))
        return int(rows[0][0]) if rows else None

    def seated(self, game_id: int) -> dict[int, int]:
        """seat -> user id."""
        rows = self.query("SELECT seat, user_id FROM players WHERE game_id = ?", (game_id,))
        return {int(seat): int(user) for seat, user in rows}

    def game(self, game_id: int) -> GameRow:
        """(kind, status, state JSON, state version); read at most every `FRESH` s, as
        200 players asking at once would otherwise parse the same state 200 times."""
        now = time.monotonic()
        cached = self._games.get(game_id)
        if cached is not None and now - cached[0] < FRESH:
            return cached[1]
        rows = self.query(
            "SELECT kind, status, state, state_version, version FROM games WHERE id = ?",
            (game_id,),
        )
        if not rows:
            return "", "", None, None
        kind, status, state, version, changes = rows[0]
        self._versions[game_id] = int(changes)
        found: GameRow = (str(kind), str(status), json.loads(state) if state else None, version)
        self._games[game_id] = (now, found)
        return found

    def version(self, game_id: int) -> int:
        """How many changes the game has seen (as of the last `game` read)."""
        self.game(game_id)
        return self._versions.get(game_id, -1)

    def waiting_for(self, game_id: int) -> tuple[str, frozenset[int]]:
        """(status, the seats the game waits for): every seat expected to act, those of
        a secret phase too (a Lupusburg night: each of them knows from their DM; the
        table is never told, so `GAME.waiting_for` leaves them out)."""
        kind, status, state, version = self.game(game_id)
        if status != "running" or state is None:
            return status, frozenset()
        game = registry.get(kind)
        return status, frozenset(game.active(game.parse_state(state, version)))

    def secret(self, game_id: int) -> bool:
        """Whether the game is in a secret phase (a night: its prompts come by DM)."""
        kind, status, state, version = self.game(game_id)
        if status != "running" or state is None:
            return False
        game = registry.get(kind)
        return game.current(game.parse_state(state, version)).secret

    def moves(self) -> Counter[str]:
        """Committed actions by game kind (players' moves and expired deadlines)."""
        rows = self.query(
            "SELECT g.kind, a.user_id IS NULL, count(*) FROM actions a"
            " JOIN games g ON g.id = a.game_id GROUP BY g.kind, a.user_id IS NULL"
        )
        return Counter(
            {f"{kind}{' deadlines' if expired else ''}": int(n) for kind, expired, n in rows}
        )


@dataclass
class Players:
    """Everything the simulated players share."""

    double: DiscordDouble
    db: Database
    rng: random.Random
    stop: asyncio.Event
    games_played: int = 0
    troubles: Counter[str] = field(default_factory=Counter)  # waits that ran out
    used: dict[int, str] = field(default_factory=dict)  # message id -> its controls when used
    answers: list[float] = field(default_factory=list)  # seconds from click to answer shown
    idle_chance: float = 0.0  # of letting a turn run out (its deadline fires instead)
    idled: int = 0  # turns let run out

    # -- opening a game ----------------------------------------------------------------

    async def open_game(
        self, kind: Kind, users: list[SimUser], guild: Guild | None = None
    ) -> tuple[int, Channel]:
        """/newgame in #general (of `guild`, else the first server), Join by the others,
        Start: (game id, its place) once it runs."""
        host = users[0]
        general = self.double.channel("general", guild)
        opened = await host.slash(f"newgame {kind.id}", channel=general, **kind.options)
        reply = await opened.reply(within=ANSWER_WITHIN)
        if reply.said in TRY_AGAIN:
            raise TryAgain(reply.said)
        assert "<#" in reply.said, f"/newgame {kind.id} was refused: {reply.said}"
        place = self.double.channel(int(reply.said.split("<#")[1].split(">")[0]))
        game_id = await self.double.wait_for(
            lambda: self.db.game_in(place.id), ANSWER_WITHIN, "the game row"
        )
        await self.until(lambda: offers(place, "Join"), "the lobby")
        await asyncio.gather(*(self._join(user, place, game_id) for user in users[1:]))
        await self.until(lambda: len(self.db.seated(game_id)) == len(users), "every seat")
        await self._press(host, table(place), "Start")
        await self.until(lambda: self.db.game(game_id)[1] == "running", "the game to start")
        return game_id, place

    def _home(self, host: SimUser) -> Channel:
        """The host's group's own channel (the bot limits the lobbies open in one)."""
        name = f"tables-{host.name}"
        try:
            return self.double.channel(name)
        except LookupError:
            return self.double.add_channel(name)

    async def _join(self, user: SimUser, place: Channel, game_id: int) -> None:
        while user.id not in self.db.seated(game_id).values():
            await self._press(user, table(place), "Join")
            await self.until(
                lambda: user.id in self.db.seated(game_id).values(), "the seat", within=5.0
            )

    async def until(self, probe: Any, what: str, within: float = ANSWER_WITHIN) -> None:
        """Poll `probe` (it may read the database, which tells the double nothing)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while not probe():
            if loop.time() > deadline:
                raise TimeoutError(f"waited {within} s for {what}")
            await asyncio.sleep(0.05)

    async def _press(self, user: SimUser, message: Message, label: str) -> InteractionResult:
        result = await user.click(message, label, wait=False)
        await self.answered(result)
        return result

    async def answered(self, result: InteractionResult) -> None:
        await self.double.wait_for(
            lambda: result.acknowledged or result.record.failed,
            ANSWER_WITHIN,
            "an acknowledgement",
        )

    # -- playing ----------------------------------------------------------------------

    async def play_on(
        self, kind: Kind, users: list[SimUser], guilds: list[Guild] | None = None
    ) -> None:
        """Open and play games of `kind` with `users`, one after another, until stopped
        (each in the next of `guilds`, in turn). A wait that runs out (the bot too slow
        to answer) is counted, and play goes on."""
        turn = 0
        while not self.stop.is_set():
            guild = guilds[turn % len(guilds)] if guilds else None
            turn += 1
            try:
                game_id, place = await self.open_game(kind, users, guild)
            except (*TIMEOUTS, TryAgain) as error:
                self.trouble(error)
                continue
            await self.play(kind, users, game_id, place)
            self.games_played += 1

    def trouble(self, error: BaseException) -> None:
        self.troubles[f"{type(error).__name__}: {str(error).splitlines()[0][:120]}"] += 1

    async def play(self, kind: Kind, users: list[SimUser], game_id: int, place: Channel) -> None:
        by_id = {u.id: u for u in users}
        seats = {seat: by_id[user] for seat, user in self.db.seated(game_id).items()}
        busy: dict[int, asyncio.Task[None]] = {}
        last: dict[int, tuple[int, float]] = {}  # seat -> (game version, time) of its last turn
        try:
            while not self.stop.is_set():
                status, waiting = self.db.waiting_for(game_id)
                if status in OVER:
                    return
                version, now = self.db.version(game_id), time.monotonic()
                for seat in waiting - busy.keys():
                    # Like a person: act again once the game changed (or after a while),
                    # not while the bot is still busy with the last click.
                    before, when = last.get(seat, (-1, 0.0))
                    if version == before and now - when < RETRY_AFTER:
                        continue
                    if self.rng.random() < self.idle_chance:  # away until the game moves
                        last[seat] = (version, math.inf)
                        self.idled += 1
                        continue
                    last[seat] = (version, now)
                    busy[seat] = asyncio.create_task(
                        self.act(kind, seats[seat], seat, game_id, place)
                    )
                pause = asyncio.create_task(asyncio.sleep(IDLE_POLL))
                await asyncio.wait({pause, *busy.values()}, return_when=asyncio.FIRST_COMPLETED)
                pause.cancel()
                for seat, task in list(busy.items()):
                    if task.done():
                        del busy[seat]
                        error = None if task.cancelled() else task.exception()
                        if isinstance(error, TIMEOUTS):
                            self.trouble(error)
                        elif error is not None:
                            raise error
        finally:
            for task in busy.values():
                task.cancel()

    async def act(
        self,
        kind: Kind,
        user: SimUser,
        seat: int,
        game_id: int,
        place: Channel,
        waits: Callable[[], bool] | None = None,
    ) -> None:
        """A few clicks by one player while the game waits for them (`waits`: whether
        it still does; by default, from the stored state)."""
        if waits is None:
            waits = lambda: seat in self.db.waiting_for(game_id)[1]  # noqa: E731
        panel: Message | None = None
        prompted = False
        if self.db.secret(game_id):  # a night: its prompt comes by DM (the panel has it too)
            with contextlib.suppress(*TIMEOUTS):
                await self.until(lambda: self.prompt(user, game_id), "a DM", within=PROMPT_WITHIN)
        for _ in range(STEPS_PER_TURN):
            if self.stop.is_set():
                return
            message = self.prompt(user, game_id)
            prompted = prompted or message is not None
            if message is None:
                if prompted:  # answered a prompt: the next step comes by DM too
                    return
                if panel is None or not self.controls(panel, kind):
                    panel = await self.open_panel(user, place, kind)
                message = panel
            if message is None or not self.controls(message, kind):
                return
            await self.use(user, message, kind)
            if not waits():
                return

    def prompt(self, user: SimUser, game_id: int) -> Message | None:
        """The newest DM of this game that still has a control, unless it is just as it
        was when this player last used it (the bot has not shown the outcome yet)."""
        mark = f"game:{game_id}:"
        for message in reversed(user.dms()):
            if any(str(c.get("custom_id", "")).startswith(mark) for c in _enabled(message)):
                if self.used.get(message.id) == _looks(message):
                    return None
                return message
        return None

    async def open_panel(self, user: SimUser, place: Channel, kind: Kind) -> Message | None:
        try:  # the table may be between two states (posted anew, not yet with buttons)
            await self.until(lambda: offers(place, kind.panel), "the panel button", within=5.0)
        except TIMEOUTS:
            return None
        result = await self._press(user, table(place), kind.panel)
        if result.record.failed:
            return None
        with contextlib.suppress(*TIMEOUTS):
            if result.response_type in (4, 5):
                panel = await result.reply(within=ANSWER_WITHIN)
            else:
                panel = await result.followup(within=ANSWER_WITHIN)
            self.shown(result)
            return panel
        return None

    def shown(self, result: InteractionResult) -> None:
        """The bot's answer to a click is there: how long after the click."""
        self.answers.append(time.monotonic() - result.record.created_monotonic)

    def controls(self, message: Message, kind: Kind) -> list[Json]:
        return [
            c
            for c in _enabled(message)
            if c.get("label") not in kind.avoid
            and ((c.get("type") == BUTTON and c.get("custom_id")) or c.get("type") == STRING_SELECT)
        ]

    async def use(self, user: SimUser, message: Message, kind: Kind) -> None:
        """Press one of the message's controls at random; wait for the bot's answer."""
        control = self.rng.choice(self.controls(message, kind))
        before = message.revision
        self.used[message.id] = _looks(message)
        custom_id = str(control["custom_id"])
        if control["type"] == BUTTON:
            result = await user.click(message, custom_id=custom_id, wait=False)
        else:
            options = [str(o["value"]) for o in control.get("options", [])]
            count = min(len(options), max(1, int(control.get("min_values", 1))))
            picked = self.rng.sample(options, count)
            result = await user.select(message, picked, custom_id=custom_id, wait=False)
        await self.answered(result)
        if result.record.failed:
            return
        with contextlib.suppress(*TIMEOUTS):  # the panel shown anew, or a sentence back
            await self.double.wait_for(
                lambda: _shown(result, message, before), ANSWER_WITHIN, "the answer to a click"
            )
            self.shown(result)


def _enabled(message: Message) -> list[Json]:
    found = [*message.buttons, *message.selects]
    return [c for c in found if not c.get("disabled")]


def offers(place: Channel, label: str) -> bool:
    messages = place.visible_messages()
    return bool(messages) and label in [b.get("label") for b in _enabled(table(place))]


def _shown(result: InteractionResult, message: Message, before: int) -> bool:
    """The bot's answer is there: a message, an updated one, or a sentence back."""
    kind = result.response_type
    if kind in (4, 7, 9) or result.followups:
        return True
    if kind == 5:
        return bool(result.message and not result.message.loading)
    return message.revision > before


def _looks(message: Message) -> str:
    """The controls of a message as a player sees them."""
    return json.dumps(message.components, sort_keys=True)
