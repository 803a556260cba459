"""The benchmark's phases, all against one Discord double in this process.

1. The bot: the real bot in a subprocess (`runner.py`), K games of the mix played by
   simulated players for S seconds. Every interaction the players create is recorded
   with its moment.
2. The bare client: the bot process is stopped and the bare client (`bare.py`) takes
   its place, as the same application, in the same double. The recorded click stream
   is sent again, each click at the same moment of the phase, at the same messages:
   the same number of interactions at the same rate, so the two sets of figures compare
   like with like. (Nothing answers the clicks but an acknowledgement, so the games do
   not move on; the bare client's load is the clicks, which is the point.)

The double, its HTTP server and the simulated players share this process (the players
use the double's in-process SimUser API); the measured process is always separate.

A phase's window opens once the process is connected (and the bot's commands synced)
and has finished starting up (its CPU quiet; the bot's drawing workers import the games):
the K games are opened at that moment, so /newgame, Join and Start are measured too.
The interactions counted are those created in the S seconds; CPU (the process tree,
from /proc) and requests are counted until those were all answered and the process went
quiet, at most `GRACE` seconds more. Both loops' lag (the measured process's and this
one's) is sampled, so a slow double shows as such.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import math
import os
import random
import resource
import sys
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.double import DiscordDouble, SimUser, running_double
from bot.double.interactions import InteractionRecord, Interactions
from bot.double.model import Channel, Json, Message
from tests.bench.load import spy
from tests.bench.load.games import SCHEDULED_TUFTELN, Kind, mix
from tests.bench.load.lag import LagSampler, read_lags
from tests.bench.load.measure import PhaseFigures, ack_ms, control_of
from tests.bench.load.players import ANSWER_WITHIN, TIMEOUTS, Database, Players, offers
from tests.bench.load.procs import TreeUsage, own_peak_rss_mb
from tests.crash.crashes import BOT_SETTINGS
from tests.support.harness import table

ROOT = Path(__file__).resolve().parents[3]
READY_WITHIN = 60.0  # a start on a busy 2-core machine: imports, login, command sync
QUIET_RATE = 0.05  # CPU seconds a second: the measured process has finished starting up
QUIET_WITHIN = 30.0  # seconds to wait for that before measuring anyway
GRACE = 10.0  # after the window: the last clicks answered and shown, at most this long
SAMPLE_EVERY = 1.0  # seconds between /proc samples of the measured process tree
JOINING_AT_ONCE = 10  # players pressing Join at the same time in the 200-player lobby
PLACE_WITHIN = 60.0  # seconds the 200 players keep trying to place


# -- the measured process ---------------------------------------------------------------------


class Measured:
    """The bot (or the bare client) in a subprocess, its CPU and memory sampled.

    `database`: a PostgreSQL URL (else a SQLite file in `folder`); `shards`: the
    process's shard ids of `shard_count` (else every shard); `name`: of its files."""

    def __init__(
        self,
        double: DiscordDouble,
        folder: Path,
        *,
        bare: bool,
        database: str | None = None,
        shards: tuple[int, ...] | None = None,
        shard_count: int | None = None,
        name: str | None = None,
    ) -> None:
        self.double = double
        self.bare = bare
        name = name or ("bare" if bare else "bot")
        self.database = database or str(folder / "games.sqlite3")
        self.shards = shards
        self.shard_count = shard_count
        self.log = folder / f"{name}.log"
        self.lag_file = folder / f"{name}-lag.json"
        self.process: asyncio.subprocess.Process | None = None
        self.usage: TreeUsage | None = None
        self._sampler: asyncio.Task[None] | None = None

    async def start(self) -> None:
        command = [sys.executable, "-m", "tests.bench.load.runner", "--url", self.double.url]
        command += ["--database", str(self.database), "--lag", str(self.lag_file)]
        command += ["--bare"] if self.bare else []
        env = {k: v for k, v in os.environ.items() if k not in BOT_SETTINGS}
        if self.shards is not None:
            env["SHARD_COUNT"], env["SHARD_IDS"] = str(self.shard_count), _ids(self.shards)
        with self.log.open("ab") as out:
            self.process = await asyncio.create_subprocess_exec(
                *command, cwd=ROOT, stdout=out, stderr=out, env=env
            )
        self.usage = TreeUsage(self.process.pid)
        self._sampler = asyncio.create_task(self._sample())
        await self.double.wait_for(
            lambda: self._connected() and (self.bare or self._synced()),
            READY_WITHIN,
            lambda: f"the {'bare client' if self.bare else 'bot'} to connect (log: {self.log})",
        )

    async def settled(self) -> None:
        """Wait until the process tree has finished starting up (its drawing workers
        importing the games, say): the window measures clicks, not a start."""
        loop = asyncio.get_running_loop()
        until = loop.time() + QUIET_WITHIN
        before = self.cpu()
        while loop.time() < until:
            await asyncio.sleep(SAMPLE_EVERY / 2)
            now = self.cpu()
            if now - before < QUIET_RATE * SAMPLE_EVERY / 2:
                return
            before = now

    def _synced(self) -> bool:
        return any(c.get("name") == "newgame" for c in self.double.commands())

    def _connected(self) -> bool:
        own = set(self.shards) if self.shards is not None else {0}
        return own <= self.double.gateway.connected_shards

    async def _sample(self) -> None:
        assert self.usage is not None
        while True:
            self.usage.sample()
            await asyncio.sleep(SAMPLE_EVERY)

    def cpu(self) -> float:
        assert self.usage is not None
        return self.usage.sample()

    def root_cpu(self) -> float:
        """The process's own CPU seconds, its children (the drawing workers) left out."""
        assert self.usage is not None
        self.usage.sample()
        return self.usage.cpu.get(self.usage.root, 0.0)

    async def stop(self) -> None:
        """SIGTERM (the runner writes its lag samples), SIGKILL if it hangs."""
        gc.enable()  # the window (see `_settle_heap`) is over, closed or not
        if self._sampler is not None:
            self._sampler.cancel()
        if self.process is None:
            return
        if self.process.returncode is None:
            self.process.terminate()
            try:
                await asyncio.wait_for(self.process.wait(), 15.0)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
        self.process = None
        with contextlib.suppress(*TIMEOUTS):
            await self.double.wait_for(lambda: not self._connected(), 10.0, "the process to go")


def _ids(shards: tuple[int, ...]) -> str:
    return ",".join(map(str, shards))


# -- the click stream ----------------------------------------------------------------------


@dataclass
class Click:
    at: float  # seconds since the phase began
    kind: int
    user: Any
    channel: Channel
    data: Json
    source: Message | None


@dataclass
class Recorder:
    """Every interaction the double creates while `on`: its record and how to send it again."""

    interactions: Interactions
    start: float = 0.0
    on: bool = False
    clicks: list[Click] = field(default_factory=list)
    records: list[InteractionRecord] = field(default_factory=list)

    def install(self) -> None:
        create = self.interactions.create

        def recording(
            kind: int, user: Any, channel: Channel, data: Json, source: Message | None = None
        ) -> InteractionRecord:
            record = create(kind, user, channel, data, source)
            if self.on:
                at = record.created_monotonic - self.start
                self.clicks.append(Click(at, kind, user, channel, data, source))
                self.records.append(record)
            return record

        self.interactions.create = recording  # type: ignore[method-assign,assignment]

    def begin(self) -> None:
        self.start, self.on = time.monotonic(), True
        self.clicks.clear()
        self.records.clear()


async def _settle(double: DiscordDouble, records: list[InteractionRecord]) -> None:
    """Every click answered (or failed) and the process quiet, or GRACE passed."""
    with contextlib.suppress(*TIMEOUTS):
        await double.wait_for(
            lambda: all(r.acknowledged or r.failed for r in records), GRACE, "the last acks"
        )
    with contextlib.suppress(*TIMEOUTS):
        await double.idle(quiet=0.5, within=GRACE)


@dataclass
class Window:
    """What one phase measures between `open` and `close`."""

    double: DiscordDouble
    measured: Measured
    lag: LagSampler = field(default_factory=LagSampler)
    start: float = 0.0
    end: float = 0.0
    cpu: float = 0.0
    root_cpu: float = 0.0
    own_cpu: float = 0.0

    def open(self) -> None:
        _settle_heap()
        self.double.exchanges = deque()  # unbounded for the phase: every request counts
        self.double.global_limit.reset_stats()
        self.lag = LagSampler()  # this process's loop: slow here, every ack looks slow
        self.lag.start()
        self.start = time.monotonic()
        self.cpu = self.measured.cpu()
        self.root_cpu = self.measured.root_cpu()
        self.own_cpu = _own_cpu()

    def close(
        self, figures: PhaseFigures, records: list[InteractionRecord], seconds: float
    ) -> None:
        figures.seconds = seconds
        figures.cpu_seconds = self.measured.cpu() - self.cpu
        figures.root_cpu_seconds = self.measured.root_cpu() - self.root_cpu
        figures.double_cpu_seconds = _own_cpu() - self.own_cpu
        figures.acks = [ack_ms(r) for r in records]
        figures.acked = [control_of(r) for r in records]
        figures.controls = Counter(control_of(r) for r in records)
        figures.routes = Counter(e.route for e in self.double.exchanges)
        limit = self.double.global_limit
        figures.counted, figures.counted_peak = limit.counted, limit.peak
        figures.global_429 = len(limit.refused)
        figures.refused = Counter(
            f"{e.route} -> {e.status} {(e.error or {}).get('code', '')}"
            for e in self.double.exchanges
            if e.status >= 400
        )
        self.lag.stop()
        figures.double_lags = [lag for _, lag in self.lag.samples]
        self.end = time.monotonic()
        figures.counted_seconds = self.end - self.start

    def finish(self, figures: PhaseFigures) -> None:
        """After the process stopped: its lag samples and peak memory."""
        usage = self.measured.usage
        assert usage is not None
        figures.lags = read_lags(self.measured.lag_file, self.start, self.end)
        figures.peak_rss_mb = usage.root_peak_mb
        figures.tree_peak_rss_mb = usage.tree_peak_mb
        figures.processes = usage.processes


def _settle_heap() -> None:
    """Before a window: this process (the double, the players) collects its garbage now
    and not again until the measured process stops (`Measured.stop`, which every phase
    reaches, also one that failed), as Discord does not stop for a bot.

    Its collections otherwise stopped its loop for up to a quarter of a second (what it
    keeps grows with every message): the requests it then handled all at once looked
    like a burst past the token's global limit (429s the bot had not caused, which it
    waited out and sent again), and the clicks it was late to send and answer made
    either process's ack p99 (the bare client's: up to 235 ms in some rounds, against
    its usual 8-12 ms) a measure of this process's pauses."""
    gc.collect()
    gc.disable()


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# -- the mix ---------------------------------------------------------------------------------


@dataclass
class MixResult:
    bot: PhaseFigures
    bare: PhaseFigures
    double_peak_rss_mb: float
    errors: list[str]


async def run_mix(
    games: int, seconds: float, folder: Path, seed: int = 1, profile_to: Path | None = None
) -> MixResult:
    async with running_double() as double:
        double.discord_limits()  # the token's global limit and IDENTIFY's, as on Discord
        recorder = Recorder(double.interactions)
        recorder.install()
        kinds = mix(games)
        tables = [_seat_users(double, kind, i) for i, kind in enumerate(kinds)]
        bot_figures, errors = await _bot_phase(
            double, recorder, kinds, tables, seconds, folder, seed, profile_to
        )
        bare_figures = await _bare_phase(double, recorder.clicks, seconds, folder)
        return MixResult(bot_figures, bare_figures, own_peak_rss_mb(), errors)


def _seat_users(double: DiscordDouble, kind: Kind, index: int) -> list[SimUser]:
    return [double.add_member(f"{kind.id[:4]}{index}p{seat}") for seat in range(kind.seats)]


async def _bot_phase(
    double: DiscordDouble,
    recorder: Recorder,
    kinds: list[Kind],
    tables: list[list[SimUser]],
    seconds: float,
    folder: Path,
    seed: int,
    profile_to: Path | None = None,
) -> tuple[PhaseFigures, list[str]]:
    bot = Measured(double, folder, bare=False)
    figures = PhaseFigures("this bot")
    errors: list[str] = []
    await bot.start()
    await bot.settled()
    spied = asyncio.Event()
    spying: asyncio.Task[None] | None = None
    if profile_to is not None and bot.process is not None:
        spying = asyncio.create_task(spy.record(bot.process.pid, profile_to, spied, idle=False))
    try:
        db = Database(bot.database)
        stop = asyncio.Event()
        players = Players(double, db, random.Random(seed), stop)
        window = Window(double, bot)
        moves = db.moves()
        window.open()
        recorder.begin()
        tasks = [
            asyncio.create_task(players.play_on(kind, users))
            for kind, users in zip(kinds, tables, strict=True)
        ]
        await asyncio.wait(tasks, timeout=seconds)
        stop.set()
        recorder.on = False
        length = time.monotonic() - window.start
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                try:
                    await task
                except Exception as error:  # a player got stuck: say so, measure anyway
                    errors.append(f"{type(error).__name__}: {error}")
        await _settle(double, recorder.records)
        window.close(figures, recorder.records, length)
        spied.set()
        errors += [f"{n} x {what}" for what, n in players.troubles.most_common()]
        figures.answers = [a * 1000 for a in players.answers]
        figures.moves = db.moves() - moves
        figures.games = players.games_played + len(kinds)
        db.close()
    finally:
        spied.set()
        if spying is not None:
            await spying
        await bot.stop()
    window.finish(figures)
    return figures, errors


async def _bare_phase(
    double: DiscordDouble, clicks: list[Click], seconds: float, folder: Path
) -> PhaseFigures:
    bare = Measured(double, folder, bare=True)
    figures = PhaseFigures("bare client")
    records: list[InteractionRecord] = []
    await bare.start()
    await bare.settled()
    try:
        window = Window(double, bare)
        window.open()
        loop = asyncio.get_running_loop()
        begun = loop.time()
        for click in clicks:
            delay = begun + click.at - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            records.append(
                double.interactions.create(
                    click.kind, click.user, click.channel, click.data, click.source
                )
            )
        length = max(seconds, loop.time() - begun)
        await _settle(double, records)
        window.close(figures, records, length)
    finally:
        await bare.stop()
    window.finish(figures)
    return figures


# -- 200 players, one roll ---------------------------------------------------------------------


@dataclass
class RollResult:
    placements: int
    players: int
    max_ack_ms: float
    all_answered_s: float
    requests: int
    clicks: int
    routes: Counter[str]
    phase: PhaseFigures

    @property
    def requests_per_placement(self) -> float:
        return self.requests / self.placements if self.placements else math.nan


async def run_players(count: int, folder: Path, seed: int = 1) -> RollResult:
    """One scheduled Tüfteln game of `count` players; after its first roll, every player
    opens their sheet and places the roll at once, as fast as the bot lets them."""
    async with running_double() as double:
        double.discord_limits()  # the token's global limit and IDENTIFY's, as on Discord
        recorder = Recorder(double.interactions)
        recorder.install()
        kind = SCHEDULED_TUFTELN
        users = [double.add_member(f"P{i:03}") for i in range(1, count + 1)]
        bot = Measured(double, folder, bare=False)
        await bot.start()
        try:
            db = Database(bot.database)
            players = Players(double, db, random.Random(seed), asyncio.Event())
            game_id, place = await _open_big(players, kind, users)
            seats = {user: seat for seat, user in db.seated(game_id).items()}

            def placed(seat: int) -> bool:
                state = db.game(game_id)[2] or {}
                return int((state.get("placed") or [0] * count)[seat]) >= 1

            await players.until(lambda: "placed" in (db.game(game_id)[2] or {}), "the roll")
            with contextlib.suppress(*TIMEOUTS):
                await double.idle(quiet=1.0, within=60.0)  # the roll shown to everyone
            figures = PhaseFigures(f"{count} players place one roll")
            window = Window(double, bot)
            window.open()
            recorder.begin()
            all_placed = asyncio.create_task(_all_placed(players, placed, count))

            async def place_once(user: SimUser) -> None:
                seat = seats[user.id]
                while not placed(seat) and time.monotonic() < window.start + PLACE_WITHIN:
                    await players.act(kind, user, seat, game_id, place, lambda: not placed(seat))

            await asyncio.gather(*(place_once(u) for u in users), return_exceptions=True)
            with contextlib.suppress(*TIMEOUTS):
                await asyncio.wait_for(asyncio.shield(all_placed), 30.0)
            placed_at = all_placed.result() if all_placed.done() else math.inf
            recorder.on = False
            await _settle(double, recorder.records)
            window.close(figures, recorder.records, time.monotonic() - window.start)
            figures.answers = [a * 1000 for a in players.answers]
            acked = [r.acknowledged_monotonic for r in recorder.records]
            last_ack = max((a for a in acked if a is not None), default=math.inf)
            if any(a is None for a in acked):
                last_ack = math.inf
            done = max(placed_at, last_ack)
            placements = sum(1 for seat in range(count) if placed(seat))
            db.close()
        finally:
            await bot.stop()
        window.finish(figures)
        return RollResult(
            placements=placements,
            players=count,
            max_ack_ms=max(figures.acks, default=math.nan),
            all_answered_s=done - window.start,
            requests=figures.requests,
            clicks=figures.actions,
            routes=figures.routes,
            phase=figures,
        )


async def _open_big(players: Players, kind: Kind, users: list[SimUser]) -> tuple[int, Channel]:
    """The big lobby: Joins a few at a time (the lobby is edited at each)."""
    double, db = players.double, players.db
    host = users[0]
    opened = await host.slash(
        f"newgame {kind.id}", channel=double.channel("general"), **kind.options
    )
    reply = await opened.reply(within=ANSWER_WITHIN)
    place = double.channel(int(reply.said.split("<#")[1].split(">")[0]))
    game_id = await double.wait_for(lambda: db.game_in(place.id), ANSWER_WITHIN, "the game row")
    await players.until(lambda: offers(place, "Join"), "the lobby")
    gate = asyncio.Semaphore(JOINING_AT_ONCE)

    async def join(user: SimUser) -> None:
        async with gate:
            while user.id not in db.seated(game_id).values():
                result = await user.click(table(place), "Join", wait=False)
                await players.answered(result)
                with contextlib.suppress(*TIMEOUTS):
                    await players.until(
                        lambda: user.id in db.seated(game_id).values(), "a seat", within=10.0
                    )

    await asyncio.gather(*(join(u) for u in users[1:]))
    result = await host.click(table(place), "Start", wait=False)
    await players.answered(result)
    await players.until(lambda: db.game(game_id)[1] == "running", "the start", within=60.0)
    return game_id, place


async def _all_placed(players: Players, placed: Any, count: int) -> float:
    while not all(placed(seat) for seat in range(count)):  # noqa: ASYNC110 (a database: no event)
        await asyncio.sleep(0.02)
    return time.monotonic()
