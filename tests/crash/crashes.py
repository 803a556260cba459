"""Kill -9 the real bot while simulated players play, restart it, and check that
nothing committed was lost (shared by the crash test and `tests/bench/bench_crash.py`).

The double runs in this process on the real clock; the bot runs in a subprocess
(`tests.crash.botproc`) on a SQLite file. Players play Race to Ten, every other game
with a short turn limit in which players sometimes let their time run out. After a
click, at a seeded random moment (as soon as it is sent, once acknowledged, or after the
bot made a few more requests to Discord, i.e. while the click's effects are delivered),
or at a random moment of a turn left to run out, the process gets SIGKILL and is started
again on the same file. What a player does next is read from the database (whose turn
it is), as a player would read the table after the bot came back.

Discord falters too: now and then it answers a message the bot sends with a 503 (the
bot tries the change again later), and once, halfway, the bot is killed while a change
waits for such a retry, half said, and stays down ten minutes by Discord's clock (the
double's, moved on): longer than Discord keeps nonces, so only the bot's own record of
what it sent keeps it from saying that half again.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import random
import re
import signal
import sqlite3
import sys
import time
from collections import Counter, deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.core.clock import SystemClock
from bot.core.service import DEADLINE, LiveGame, replay
from bot.core.store import Store
from bot.discord.adapters import adapter_for
from bot.discord.contexts import context_of
from bot.discord.presenter import with_away
from bot.discord.ui import layout
from bot.double import Channel, DiscordDouble, InteractionResult, Message, SimUser, errors
from bot.double import running_double as _running_double
from bot.double.components import texts
from bot.double.errors import ApiError
from bot.double.interactions import InteractionRecord
from bot.double.nonces import WINDOW
from games import registry
from tests.crash import monkey
from tests.crash.monkey import Interaction
from tests.support.harness import buttons
from tests.support.race import install

ROOT = Path(__file__).resolve().parents[2]
READY_WITHIN = 30.0  # a start on a busy 2-core machine: imports, login, command sync
ANSWER_WITHIN = 15.0
KILL_CHANCE = 0.45  # after a Join, Start or move, or while a turn runs out
TURN_SECONDS = 2  # the turn limit of timed games
STOP_ATTEMPTS = 5  # stops of the bot, at the end, until one leaves nothing to say
IDLE_CHANCE = 0.3  # in a timed game, the chance that a player lets the turn run out
MONKEY_STEPS = 8  # random clicks on a panel before it is opened afresh
MOVES_PER_GAME = 6  # actions stored per game of another kind (then it is left running)
MONKEY_KILL_CHANCE = 0.1  # per random click on a panel (most only open a step)
OTHER_GAMES: list[tuple[str, dict[str, Any]]] = [
    ("lama", {}),
    ("tufteln", {}),
    ("lupun", {}),
    ("luckybox", {"reveal_limit": 0}),
]
CLOSED_DMS = 50007
FAULT_CHANCE = 0.04  # of a 503 answer to a message the bot sends, edits or opens a DM for
FAULTED = (  # the routes of the bot's messages (never an interaction's answer)
    "POST /channels/{channel_id}/messages",
    "PATCH /channels/{channel_id}/messages/",
    "POST /users/@me/channels",
)
# The bot's own settings, left out of the environment a bot process inherits.
BOT_SETTINGS = ("DATABASE_URL", "DATABASE_PATH", "SHARD_COUNT", "SHARD_IDS", "DISCORD_TOKEN")
LONG_STOP = 600.0  # seconds the bot stays down once, by Discord's clock
assert LONG_STOP > WINDOW
_ADDS = re.compile(r"(\S+) adds (\d+)\.")
# A timeout, said plainly or, for a player who is away, as the bot playing for them
# (`Change.for_away`).
_TIMED_OUT = re.compile(
    r"(?:Time ran out: (\S+)'s turn|The bot played for (\S+) \(away\): their turn) added (\d+)\."
)


@dataclass
class Figures:
    kills: int = 0
    moments: Counter[str] = field(default_factory=Counter)  # when in a click's life
    games: int = 0
    actions: int = 0  # committed moves
    deadlines: int = 0  # turns that ran out (each must fire once, none be lost)
    unanswered: int = 0  # clicks the killed process never acknowledged (expected)
    duplicates: int = 0  # announcements shown twice (a repeated delivery's nonce failed)
    faults: int = 0  # 503 answers Discord gave the bot's messages
    long_stops: int = 0  # stops longer than Discord keeps nonces, while a change was half said
    stale_tables: list[str] = field(default_factory=list)  # old tables that kept buttons
    repeated: list[str] = field(default_factory=list)  # what was said twice in a row

    def line(self) -> str:
        moments = ", ".join(f"{k} {v}" for k, v in sorted(self.moments.items()))
        return (
            f"{self.kills} kills ({moments}); {self.games} games, {self.actions} moves,"
            f" {self.deadlines} of them deadlines;"
            f" {self.unanswered} clicks unanswered by a killed process;"
            f" {self.faults} messages answered 503, {self.long_stops} ten-minute stop;"
            f" {self.duplicates} announcements repeated;"
            f" {len(self.stale_tables)} old tables kept their buttons {self.stale_tables}"
        )


class ShiftedClock(SystemClock):
    """The real clock, moved forward by `shift` seconds: the double's, moved past a
    long stop of the bot without waiting for it."""

    def __init__(self) -> None:
        self.shift = 0.0

    def now(self) -> float:
        return time.time() + self.shift

    async def sleep_until(self, when: float) -> None:
        delay = when - self.now()
        if delay > 0:
            await asyncio.sleep(delay)


@contextlib.asynccontextmanager
async def running_double() -> AsyncIterator[DiscordDouble]:
    """The double a crash run needs: on a clock that a long stop moves on."""
    async with _running_double(clock=ShiftedClock()) as double:
        yield double


class Faults:
    """Discord's answers to the bot's messages: now and then a 503, and on demand one
    after the next `planned` messages (`DiscordDouble.fault`)."""

    def __init__(self, rng: random.Random, chance: float) -> None:
        self.rng = rng
        self.chance = chance
        self.injected = 0
        self.planned: int | None = None

    def __call__(self, route: str, path: str) -> ApiError | None:
        if not route.startswith(FAULTED):
            return None
        if self.planned:
            self.planned -= 1
            return None
        if self.planned == 0 or self.rng.random() < self.chance:
            self.planned = None
            self.injected += 1
            return errors.unavailable()
        return None


class BotProcess:
    """The real bot in a subprocess (`tests.crash.botproc`); its output goes to `log`.

    `database`: a SQLite file or a PostgreSQL URL; `shards`: the process's shard ids of
    `shard_count` (SHARD_IDS, SHARD_COUNT), else every shard there is; `games`: the
    games it offers (botproc's --games)."""

    def __init__(
        self,
        double: DiscordDouble,
        database: Path | str,
        log: Path,
        *,
        shards: tuple[int, ...] | None = None,
        shard_count: int | None = None,
        games: str | None = None,
    ) -> None:
        self.double = double
        self.database = database
        self.log = log
        self.shards = shards
        self.shard_count = shard_count
        self.games = games
        self.process: asyncio.subprocess.Process | None = None

    @property
    def alive(self) -> bool:
        return self.process is not None

    def _environment(self) -> dict[str, str]:
        """This process's environment without the bot's own settings, then the run's."""
        env = {k: v for k, v in os.environ.items() if k not in BOT_SETTINGS}
        if self.shards is not None:
            assert self.shard_count is not None
            env["SHARD_COUNT"] = str(self.shard_count)
            env["SHARD_IDS"] = ",".join(map(str, self.shards))
        return env

    @property
    def _own_shards(self) -> set[int]:
        return set(self.shards) if self.shards is not None else {0}

    async def start(self) -> None:
        command = [sys.executable, "-m", "tests.crash.botproc", "--url", self.double.url]
        command += ["--database", str(self.database)]
        command += ["--games", self.games] if self.games else []
        with self.log.open("ab") as out:
            self.process = await asyncio.create_subprocess_exec(
                *command, cwd=ROOT, stdout=out, stderr=out, env=self._environment()
            )
        await self.double.wait_for(
            lambda: self._own_shards <= self.double.gateway.connected_shards and self._synced(),
            READY_WITHIN,
            lambda: f"the bot process to connect (log: {self.log})",
        )

    def _synced(self) -> bool:
        return any(c.get("name") == "newgame" for c in self.double.commands())

    async def kill(self) -> None:
        """SIGKILL: no cleanup, no goodbye; then wait until the double saw it go."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        await self.process.wait()
        self.process = None
        await self.double.wait_for(
            lambda: not self._own_shards & self.double.gateway.connected_shards,
            10.0,
            "the double to see the bot gone",
        )

    async def terminate(self, within: float = 15.0) -> None:
        """SIGTERM: the bot stops gracefully (SIGKILL if it has not within `within` s)."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            await asyncio.wait_for(self.process.wait(), within)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()
        self.process = None

    async def stop(self) -> None:
        if self.process is not None:
            await self.kill()


class CrashRun:
    def __init__(self, double: DiscordDouble, folder: Path, seed: int) -> None:
        self.double = double
        self.database = folder / "games.sqlite3"
        self.bot = BotProcess(double, self.database, folder / "bot.log")
        self.rng = random.Random(seed)
        self.figures = Figures()
        self.lost: list[InteractionRecord] = []  # clicks a killed process never answered
        self.places: dict[int, Channel] = {}  # game id -> its thread
        double.exchanges = deque()  # unbounded: counts the bot's requests across kills
        self.faults = Faults(random.Random(seed + 1), FAULT_CHANCE)
        double.fault = self.faults
        assert isinstance(double.clock, ShiftedClock), "use this module's running_double"
        self.clock = double.clock
        self.long_stop_at: int | None = None  # from this many kills on, one long stop

    # -- one game ------------------------------------------------------------------------

    async def open_game(
        self, kind: str, players: list[SimUser], **options: Any
    ) -> tuple[Channel, int]:
        """The first player opens a game of `kind`, the others join, the host starts it
        (each click may be the one that kills the bot); its thread and id."""
        host = players[0]
        general = self.double.channel("general")
        opened = await host.slash(f"newgame {kind}", channel=general, **options)
        reply = await opened.reply(within=ANSWER_WITHIN)
        place = self.double.channel(int(reply.said.split("<#")[1].split(">")[0]))
        game_id = await self.double.wait_for(
            lambda: self._game_in(place.id), ANSWER_WITHIN, "the game row"
        )
        self.places[game_id] = place
        await self.double.wait_for(lambda: place.visible_messages(), ANSWER_WITHIN, "the lobby")
        while True:
            seated = self._seated(game_id)
            missing = [u for u in players if u.id not in seated.values()]
            if missing:
                await self._click(missing[0], await self._table(place, "Join"), "Join")
            elif self._status(game_id)[0] == "lobby":
                await self._click(host, await self._table(place, "Start"), "Start")
            else:
                return place, game_id

    async def play(self, players: list[SimUser], target: int, turn_seconds: int = 0) -> None:
        place, game_id = await self.open_game(
            "race", players, target=target, turn_seconds=turn_seconds
        )
        seated = self._seated(game_id)
        while True:
            status, state = self._status(game_id)
            if status != "running":
                break
            if turn_seconds and self.rng.random() < IDLE_CHANCE:
                await self._let_run_out(game_id, state["turn"], turn_seconds)
                continue
            user = next(u for u in players if u.id == seated[state["turn"] % state["seats"]])
            panel = await self._panel(user, place)
            if not buttons(panel):  # the turn ran out while the panel opened
                continue
            label = self.rng.choice(buttons(panel))
            if self._long_stop_due():
                await self._long_stop(user, panel, label)
            else:
                await self._click(user, panel, label)
        self.figures.games += 1

    async def _table(self, place: Channel, label: str) -> Message:
        """The table once it offers `label` (after a restart it may still be catching up)."""

        def probe() -> Message | None:  # the lowest one: see `_check_game` for the others
            offering = [m for m in place.visible_messages() if label in buttons(m)]
            return offering[-1] if offering else None

        def describe() -> str:
            said = "\n".join(
                f"  {m.id}: {m.said!r} {[e.get('description') for e in m.cards]} {buttons(m)}"
                for m in place.visible_messages()
            )
            return f"a table with {label!r} in #{place.name}; it shows:\n{said}"

        return await self.double.wait_for(probe, ANSWER_WITHIN, describe)

    async def _panel(self, user: SimUser, place: Channel) -> Message:
        result = await user.click(await self._table(place, "My panel"), "My panel")
        await self.double.wait_for(
            lambda: result.response_type is not None, ANSWER_WITHIN, "the panel"
        )
        return await _answer(result)

    async def _click(self, user: SimUser, message: Message, label: str) -> None:
        await self._interact(lambda: user.click(message, label, wait=False))

    async def _interact(self, start: Interaction, chance: float = KILL_CHANCE) -> None:
        """Interact, and (with this chance) at a random moment of the interaction's life
        kill the bot and restart it."""
        sent = len(self.double.exchanges)
        result = await start()
        if self.rng.random() >= chance:
            await self._answered(result)
            return
        moment = self.rng.choice(["sent", "acknowledged", "delivering"])
        if moment != "sent":
            await self.double.wait_for(
                lambda: result.acknowledged, ANSWER_WITHIN, "the acknowledgement"
            )
        if moment == "delivering":  # after a few more requests to Discord, or when quiet
            more = self.rng.randint(1, 8)
            await self.double.wait_for(
                lambda: len(self.double.exchanges) >= sent + more or self._quiet(),
                ANSWER_WITHIN,
                "the bot's next requests",
            )
        await self.bot.kill()
        self.figures.kills += 1
        self.figures.moments[moment] += 1
        if not result.acknowledged:
            self.lost.append(result.record)
        await self.bot.start()

    def _long_stop_due(self) -> bool:
        return (
            self.long_stop_at is not None
            and not self.figures.long_stops
            and self.figures.kills >= self.long_stop_at
        )

    async def _long_stop(self, user: SimUser, panel: Message, label: str) -> None:
        """A move whose second message Discord answers with a 503: while the bot waits
        to try that change again, half said, it is killed, and comes back after ten
        minutes by Discord's clock."""
        self.faults.planned = 1
        result = await user.click(panel, label, wait=False)
        await self.double.wait_for(
            lambda: self.faults.planned is None and self._quiet(),
            ANSWER_WITHIN,
            "the bot to wait after a 503",
        )
        await self.bot.kill()
        self.clock.shift += LONG_STOP
        self.figures.kills += 1
        self.figures.long_stops += 1
        self.figures.moments["long stop"] += 1
        if not result.acknowledged:
            self.lost.append(result.record)
        await self.bot.start()

    async def play_any(self, kind: str, players: list[SimUser], moves: int, **options: Any) -> None:
        """A game of any kind, played by clicking at random on the panel of a player the
        game waits for (`monkey`), until `moves` actions are stored or the game ends."""
        place, game_id = await self.open_game(kind, players, **options)
        seated = self._seated(game_id)
        game = registry.get(kind)
        while self._status(game_id)[0] == "running" and self._moves(game_id) < moves:
            row = self._query("SELECT state, state_version FROM games WHERE id = ?", (game_id,))
            state = game.parse_state(json.loads(row[0]["state"]), row[0]["state_version"])
            active = sorted(game.active(state))
            if not active:  # waiting for the clock (none of these games' steps are timed)
                await asyncio.sleep(0.05)
                continue
            seat = self.rng.choice(active)
            user = next(u for u in players if u.id == seated[seat])
            await self._monkey(user, place, game_id)
        self.figures.games += 1

    async def _monkey(self, user: SimUser, place: Channel, game_id: int) -> None:
        """Open the player's panel and click at random until an action is stored."""
        before = self._moves(game_id)
        table_ = await self._table_with(place, monkey.panel_opener)
        opener = monkey.panel_opener(table_)
        assert opener is not None
        result = await user.click(table_, custom_id=opener)
        await self.double.wait_for(
            lambda: result.response_type is not None, ANSWER_WITHIN, "the panel"
        )
        panel = await _answer(result)
        for _ in range(MONKEY_STEPS):
            choices = monkey.controls(panel)
            if not choices:
                return  # e.g. the step passed while the panel opened
            chosen = self.rng.choice(choices)
            await self._interact(chosen.use(user, panel, self.rng), MONKEY_KILL_CHANCE)
            if self._moves(game_id) != before:
                return
            panel = self.double.state.messages.get(panel.id, panel)

    async def _table_with(self, place: Channel, probe: Callable[[Message], object]) -> Message:
        def found() -> Message | None:
            offering = [m for m in place.visible_messages() if probe(m)]
            return offering[-1] if offering else None

        return await self.double.wait_for(found, ANSWER_WITHIN, "a table with a panel button")

    def _moves(self, game_id: int) -> int:
        rows = self._query("SELECT count(*) AS n FROM actions WHERE game_id = ?", (game_id,))
        return int(rows[0]["n"])

    async def _let_run_out(self, game_id: int, turn: int, seconds: int) -> None:
        """Nobody plays this turn: its deadline must fire, once, even if the bot is
        killed (at a random moment of the turn or just after its end) and restarted."""
        if self.rng.random() < KILL_CHANCE:
            await asyncio.sleep(self.rng.uniform(0, seconds + 0.5))
            await self.bot.kill()
            self.figures.kills += 1
            self.figures.moments["deadline"] += 1
            await self.bot.start()
        await self.double.wait_for(
            lambda: self._status(game_id)[1].get("turn") != turn,
            seconds + ANSWER_WITHIN,
            "the turn's deadline",
        )

    async def _answered(self, result: InteractionResult) -> None:
        """Wait until the bot answered the click and went quiet (its effects shown)."""
        await self.double.wait_for(
            lambda: result.acknowledged or result.record.failed, ANSWER_WITHIN, "an answer"
        )
        assert result.acknowledged, result.record.failed
        await self.double.idle(quiet=0.05, within=ANSWER_WITHIN)

    def _quiet(self) -> bool:
        return self.double.in_flight == 0 and time.monotonic() - self.double.last_request > 0.2

    # -- the database, read as the test's view of the game ----------------------------------

    def _query(self, sql: str, args: tuple[Any, ...]) -> list[sqlite3.Row]:
        db = sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, timeout=10)
        try:
            db.row_factory = sqlite3.Row
            return db.execute(sql, args).fetchall()
        finally:
            db.close()

    def _game_in(self, channel_id: int) -> int | None:
        rows = self._query("SELECT id FROM games WHERE channel_id = ?", (channel_id,))
        return int(rows[0]["id"]) if rows else None

    def _seated(self, game_id: int) -> dict[int, int]:
        rows = self._query("SELECT seat, user_id FROM players WHERE game_id = ?", (game_id,))
        return {int(r["seat"]): int(r["user_id"]) for r in rows}

    def _status(self, game_id: int) -> tuple[str, dict[str, Any]]:
        row = self._query("SELECT status, state FROM games WHERE id = ?", (game_id,))[0]
        return str(row["status"]), json.loads(row["state"]) if row["state"] else {}

    def _outbox(self) -> int:
        return int(self._query("SELECT count(*) AS n FROM outbox", ())[0]["n"])

    # -- the checks ----------------------------------------------------------------------------

    async def check(self) -> None:
        """Everything committed was shown, the stored state is the log's replay, and
        Discord saw nothing wrong but the clicks a killed process never answered."""
        self.double.fault = None  # Discord is well again: every change can be shown
        self.figures.faults = self.faults.injected
        for record in self.lost:  # the 3-second deadline passes for each
            await self.double.wait_for(_failed(record), 10.0, "the lost click to fail")
        self.figures.unanswered = len(self.lost)
        # Timed games run on: a deadline may fire, and commit, between the moment the
        # outbox was seen empty and the stop. Then what it committed waits for the next
        # start (as after any kill), so the bot starts again to say it.
        for _ in range(STOP_ATTEMPTS):
            await self.double.wait_for(
                lambda: self._outbox() == 0, ANSWER_WITHIN, "an empty outbox"
            )
            await self.double.idle(quiet=0.1, within=ANSWER_WITHIN)
            await self.bot.stop()
            if self._outbox() == 0:
                break
            await self.bot.start()
        store = await Store.open(self.database)
        try:
            for game_id, place in self.places.items():
                await check_game(self.double, self.figures, store, game_id, place)
            assert await store.outbox() == []
        finally:
            await store.close()
        self._check_clean()

    def _check_clean(self) -> None:
        lost = {f"interaction {r.id} " for r in self.lost}
        problems = [f for f in self.double.failures if not any(f.startswith(x) for x in lost)]
        problems += [
            f"{e.route} -> {e.status} {e.error}"
            for e in self.double.http_errors
            if not (e.error and e.error.get("code") == CLOSED_DMS) and not _deleted_again(e)
        ]
        problems += [f"unimplemented route {r}" for r in self.double.unhandled]
        assert not problems, "\n".join(problems)


async def check_game(
    double: DiscordDouble, figures: Figures, store: Store, game_id: int, place: Channel
) -> None:
    """A game's stored state is its log's replay, and what its thread shows is right:
    Race to Ten's every move announced once, in order; another game's table final."""
    row = await store.game(game_id)
    assert row is not None and row.state is not None
    game = registry.get(row.kind)
    stored = game.parse_state(row.state, row.state_version)
    assert stored == await replay(store, game_id), f"game {game_id}: state != replay"
    if row.kind != "race":
        await check_table(double, figures, store, row, stored, place)
        return
    players = await store.players(game_id)
    log = await store.actions(game_id)
    expected = [
        _announced(players, stored.seats, turn, user, action)
        for turn, (_, user, action) in enumerate(log)
    ]
    timeouts = [action["phase"] for _, user, action in log if user is None]
    assert len(timeouts) == len(set(timeouts)), f"game {game_id}: a deadline fired twice"
    said = [m.said for m in place.visible_messages() if _said(m.said or "")]
    once = [text for i, text in enumerate(said) if i == 0 or text != said[i - 1]]
    shown = [match for text in once for match in _said(text)]
    assert shown == expected, f"game {game_id}: announced {shown}, committed {expected}"
    figures.duplicates += len(said) - len(once)
    figures.repeated += [
        f"game {game_id}: {a[:120]!r}" for a, b in itertools.pairwise(said) if a == b
    ]
    figures.actions += len(expected)
    figures.deadlines += len(timeouts)
    tables = [m for m in place.visible_messages() if "Counter:" in _text(m)]
    board = str(tables[-1].cards[0]["description"])
    assert f"Counter: **{stored.counter}** of {stored.target}" in board, (
        f"game {game_id} ({row.status}, version {row.version}, counter {stored.counter}):"
        f" the last of {len(tables)} tables ({tables[-1].id}; the stored one:"
        f" {row.table_message_id}) says {board!r}"
    )
    if row.status == "finished":  # (a game left running keeps its panel)
        assert "My panel" not in buttons(tables[-1])
    stale = [
        f"{m.id}: {buttons(m)}"
        for m in place.visible_messages()
        if m.controls and m is not tables[-1] and buttons(m) != ["Rematch"]
    ]
    figures.stale_tables += [f"game {game_id}, message {m}" for m in stale]


async def check_table(
    double: DiscordDouble, figures: Figures, store: Store, row: Any, state: Any, place: Channel
) -> None:
    """The table shows what the stored state shows (every change was delivered),
    no old table kept controls, and no message was posted twice."""
    players = await store.players(row.id)
    deadline = [t.due_at for t in await store.timers(row.id) if t.kind == DEADLINE]
    context = context_of(
        registry.get(row.kind),
        state,
        None,
        locale=row.locale,
        game_id=row.id,
        names=[p.display_name for p in players],
        user_ids=[p.user_id for p in players],
        channel_id=row.channel_id,
        version=row.version,
        deadline_at=deadline[0] if deadline else None,
        finished=row.status == "finished",
    )
    live = LiveGame(row=row, players=players)
    expected = with_away(live, adapter_for(row.kind).table(context))
    shown = double.state.messages[row.table_message_id]
    # What the table says, as the one renderer lays the state's table out (its words,
    # sections and the away line `with_away` adds), against what the message says.
    words = texts(layout(expected).to_components())
    assert texts(shown.components) == words, (
        f"game {row.id}: the table says {texts(shown.components)}, the state {words}"
    )
    title = expected.embed_title
    stale = [
        f"{m.id}: {buttons(m)}"
        for m in place.visible_messages()
        if m.id != shown.id
        and title
        and any(e.get("title") == title for e in m.cards)
        and m.controls
    ]
    figures.stale_tables += [f"game {row.id}, message {m}" for m in stale]
    said = [m.said for m in place.visible_messages() if m.said]
    again = [a for a, b in itertools.pairwise(said) if a == b]
    figures.duplicates += len(again)
    figures.repeated += [f"game {row.id}: {text[:120]!r}" for text in again]
    figures.actions += len(await store.actions(row.id))


def _deleted_again(error: Any) -> bool:
    """A delete of an old "moved down" line repeated after a kill: Unknown Message."""
    return bool(
        error.route.startswith("DELETE ") and error.error and error.error.get("code") == 10008
    )


def _said(text: str) -> list[tuple[str, str]]:
    """The moves a message announces: (player, amount), a timeout marked with "!"."""
    moves = [(name, amount) for name, amount in _ADDS.findall(text)]
    timeouts = _TIMED_OUT.findall(text)
    return moves + [(f"{plain or away}!", amount) for plain, away, amount in timeouts]


def _announced(
    players: list[Any], seats: int, turn: int, user: int | None, action: dict[str, Any]
) -> tuple[str, str]:
    """How the log's entry for `turn` is announced: a move by its player, a timeout (it
    adds 1) by the player whose turn it was (Race to Ten's turns go round the table)."""
    if user is None:
        return f"{next(p.display_name for p in players if p.seat == turn % seats)}!", "1"
    return next(p.display_name for p in players if p.user_id == user), str(action["amount"])


def _failed(record: InteractionRecord) -> Callable[[], str | None]:
    return lambda: record.failed


def _text(message: Message) -> str:
    return " ".join(str(e.get("description", "")) for e in message.cards)


async def _answer(result: InteractionResult) -> Message:
    """The panel: the filled-in reply, or the first follow-up after a silent ack."""
    if result.response_type in (4, 5):
        return await result.reply(within=ANSWER_WITHIN)
    return await result.followup(within=ANSWER_WITHIN)


async def crash_run(
    double: DiscordDouble,
    folder: Path,
    *,
    seed: int,
    kills: int,
    others: list[tuple[str, dict[str, Any]]] = OTHER_GAMES,
    moves: int = MOVES_PER_GAME,
) -> Figures:
    """Play a game of each of the `others` kinds (`moves` actions each), then games of
    Race to Ten for two or three players until `kills` kills happened, one of them a
    long stop (from `kills // 2` on, at a move of Race to Ten); then check."""
    install()  # Race to Ten, as the bot process registers it (idempotent)
    run = CrashRun(double, folder, seed)
    run.long_stop_at = kills // 2
    names = ["Ana", "Ben", "Cleo"]
    users = [double.user(name) for name in names]
    await run.bot.start()
    try:
        for kind, options in others:  # each kind once, played at random
            await run.play_any(kind, users, moves, **options)
        while run.figures.kills < kills or not run.figures.long_stops:  # one, in Race to Ten
            seats = run.rng.choice([2, 3])
            timed = run.figures.games % 2 == 1
            target = run.rng.randint(6, 12)
            await run.play(users[:seats], target, TURN_SECONDS if timed else 0)
        await run.check()
    finally:
        await run.bot.stop()
    return run.figures
