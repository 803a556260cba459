"""Three bot processes over one PostgreSQL, one of them killed now and then, the
database restarted once, while people play every kind of game on servers of every
shard; then the checks (shared by the cluster test and `tests/bench/bench_cluster.py`).

The double runs in this process with Discord's limits on (the token's global 50
requests a second, IDENTIFY's pace); the bots run in subprocesses
(`tests.crash.botproc`), process k on shard k of three (SHARD_IDS, SHARD_COUNT), all
on a PostgreSQL server of the run's own (`postgres.py`). Servers are made on each
shard, and each table of players opens its games on them in turn; Lupusburg's nights
are played by DM, which Discord sends to shard 0 only. Players (the load benchmark's,
`tests/bench/load/players.py`) act as fast as the games allow, and now and then let a
turn run out, so deadlines fire.

Every `kill_every` seconds one process, at random, gets SIGKILL and is started again;
once, PostgreSQL is restarted (a fast shutdown: every session ended). Then the bots
stop gracefully and the run checks, game by game:
- the stored state is the replay of its action log, and no deadline was applied to a
  step other than the one it was set for (a timer fired twice);
- every message a change posted (each carries the nonce "game.version.slot") was
  posted once, and a game's messages in the order of its versions (a table posted
  anew is the table's, not a change's: "game.tableXXXX");
- the table shows the final state, and no old table kept its controls (Race to Ten:
  every move announced once, in order);
- no timer was left overdue while every process ran, the outbox is empty;
and over the run: no 429 of the token's global limit, no acknowledgement later than
3 s (or none) but for clicks that came while their shard's process (or the database)
was down or just back (`RESTART_GRACE`).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import time
import traceback
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.core.service import replay
from bot.core.store import Store
from bot.double import DiscordDouble, SimUser
from bot.double.interactions import ACK_DEADLINE, InteractionRecord
from bot.double.model import Guild, Message
from bot.double.shards import shard_of
from games import registry
from tests.bench.load.games import LUPUSBURG, MIX, Kind
from tests.bench.load.players import TIMEOUTS, Database, Players
from tests.cluster.postgres import PrivatePostgres
from tests.crash.crashes import CLOSED_DMS, BotProcess, Figures, check_game
from tests.support.race import install

SHARDS = 3
GAMES = "race,lama,tufteln,lupusburg,lupun,luckybox"
RACE = Kind("race", 2, {"target": 12, "turn_seconds": 2}, "My panel")
# Lupusburg first: its nights (by DM, shard 0's) start before the first kill.
KINDS: tuple[Kind, ...] = (LUPUSBURG, RACE, *(k for k in MIX if k is not LUPUSBURG))
IDLE_CHANCE = 0.08  # of a player letting a turn run out
LONGEST = 300  # characters of a problem told
RESTART_GRACE = 3.0  # seconds after a process (or the database) is back: still its restart
TIMER_LATE = 5.0  # a timer this overdue while every process runs was lost
SETTLE_WITHIN = 60.0  # for the outbox to empty once players stop
STOP_ATTEMPTS = 3


@dataclass(frozen=True)
class Plan:
    seconds: float  # players play this long
    kill_every: tuple[float, float]  # seconds between two kills, at random in between
    postgres_at: float | None  # seconds into the play the database restarts (None: never)
    postgres_down: float = 2.0  # seconds it stays down
    tables: int = 1  # tables of players per kind (each opens its games shard by shard)
    max_concurrency: int = 1  # IDENTIFY's, as Discord gives the token
    seed: int = 1
    kinds: tuple[Kind, ...] = KINDS


@dataclass
class Outage:
    """A process killed and started again, or the database restarted."""

    what: str
    shards: frozenset[int]  # whose clicks it concerns (every shard for the database)
    start: float  # monotonic
    back: float = math.inf  # ready again
    clicks: int = 0  # interactions created meanwhile (from 3 s before to RESTART_GRACE after)
    unanswered: int = 0  # of them never acknowledged
    late: int = 0  # of them acknowledged after 3 s

    def covers(self, record: InteractionRecord) -> bool:
        shard = shard_of(record.guild_id, SHARDS) if record.guild_id is not None else 0
        when = record.created_monotonic
        # A click up to 3 s before the kill may still be in hand when the process dies.
        start = self.start - ACK_DEADLINE
        return shard in self.shards and start <= when <= self.back + RESTART_GRACE


@dataclass
class ClusterFigures:
    started: float = 0.0  # monotonic, when play began
    seconds: float = 0.0
    outages: list[Outage] = field(default_factory=list)
    games: int = 0  # started
    kinds: Counter[str] = field(default_factory=Counter)  # started games by kind
    shards: Counter[int] = field(default_factory=Counter)  # started games by their shard
    actions: int = 0
    deadlines: int = 0  # actions that were a deadline firing
    idled: int = 0  # turns players let run out
    clicks: int = 0
    dm_clicks: int = 0  # clicks in DMs (Lupusburg's nights): shard 0's
    late_outside: list[str] = field(default_factory=list)  # late acks outside restarts
    messages: int = 0  # messages of changes (with a nonce)
    nonce_repeats: int = 0  # sends Discord answered with the message a nonce made
    unreplayed: list[str] = field(default_factory=list)  # stored state != the log's replay
    wrong: list[str] = field(default_factory=list)  # a table not final, announcements
    twice: list[str] = field(default_factory=list)  # a change's message posted twice
    disorder: list[str] = field(default_factory=list)  # a game's messages out of order
    fired_twice: list[str] = field(default_factory=list)  # deadlines applied to a later step
    overdue: list[str] = field(default_factory=list)  # timers left overdue
    stale_prompts: list[str] = field(default_factory=list)  # DM prompts of a finished game
    global_429: list[str] = field(default_factory=list)
    counted: int = 0  # requests counted against the token's global limit
    counted_peak: int = 0
    errors: list[str] = field(default_factory=list)  # other error answers from Discord
    troubles: Counter[str] = field(default_factory=Counter)  # players' waits that ran out
    tables: Figures = field(default_factory=Figures)  # the crash test's table checks

    @property
    def kills(self) -> int:
        return sum(1 for o in self.outages if o.what != "PostgreSQL")

    def lost(self) -> list[str]:
        """What was lost, done twice, late or refused: one line each."""
        found = [f"state is not the replay: {x}" for x in self.unreplayed]
        found += [f"deadline fired twice: {x}" for x in self.fired_twice]
        found += [f"timer overdue: {x}" for x in self.overdue]
        found += [f"posted twice: {x}" for x in self.twice]
        found += [f"late acknowledgement outside a restart: {x}" for x in self.late_outside]
        found += [f"global 429: {x}" for x in self.global_429]
        found += [f"error answer: {x}" for x in self.errors]
        return found

    def misshown(self) -> list[str]:
        """What was shown out of a game's order, or left showing: one line each."""
        found = [f"out of order: {x}" for x in self.disorder]
        found += [f"not as stored: {x}" for x in self.wrong]
        found += [f"old table kept controls: {x}" for x in self.tables.stale_tables]
        found += [f"DM prompt of a finished game kept controls: {x}" for x in self.stale_prompts]
        return found

    def problems(self) -> list[str]:
        return self.lost() + self.misshown()

    def table(self) -> list[str]:
        """The failure table: what was killed, what was observed."""
        lines = [
            "| # | at s | killed | down s | clicks meanwhile | unanswered | acked > 3 s |",
            "|---|---|---|---|---|---|---|",
        ]
        for n, o in enumerate(self.outages, 1):
            lines.append(
                f"| {n} | {o.start - self.started:.0f} | {o.what} | {o.back - o.start:.1f}"
                f" | {o.clicks} | {o.unanswered} | {o.late} |"
            )
        return lines

    def lines(self) -> list[str]:
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.kinds.items()))
        shards = ", ".join(f"shard {s}: {n}" for s, n in sorted(self.shards.items()))
        restarts = len(self.outages) - self.kills
        return [
            f"{self.seconds:.0f} s of play, {self.kills} kills, {restarts} PostgreSQL restart(s)",
            f"{self.games} games started ({kinds}; {shards})",
            f"{self.actions} actions, {self.deadlines} of them deadlines"
            f" ({self.idled} turns let run out)",
            f"{self.clicks} clicks ({self.dm_clicks} in DMs, shard 0's);"
            f" late acknowledgements outside restarts: {len(self.late_outside)}",
            f"{self.messages} messages of changes; posted twice {len(self.twice)} (lines"
            f" alike in a row, told apart by their nonces: {len(self.tables.repeated)});"
            f" out of order {len(self.disorder)}; repeats answered by Discord's nonce"
            f" {self.nonce_repeats}",
            f"deadlines fired twice {len(self.fired_twice)}; timers left overdue"
            f" {len(self.overdue)}; old tables with controls {len(self.tables.stale_tables)};"
            f" DM prompts of finished games with controls {len(self.stale_prompts)}",
            f"counted requests {self.counted} ({self.counted / max(self.seconds, 1):.1f}/s,"
            f" most in one second {self.counted_peak}); global 429s {len(self.global_429)}",
            *(f"players' waits that ran out: {n} x {what}" for what, n in self.troubles.items()),
        ]


class Cluster:
    """The bot processes, one per shard, over one database."""

    def __init__(self, double: DiscordDouble, database: str, folder: Path) -> None:
        self.processes = [
            BotProcess(
                double,
                database,
                folder / f"bot{shard}.log",
                shards=(shard,),
                shard_count=SHARDS,
                games=GAMES,
            )
            for shard in range(SHARDS)
        ]

    async def start(self) -> None:
        await asyncio.gather(*(p.start() for p in self.processes if not p.alive))

    async def stop(self) -> None:
        """Gracefully: each shows what it committed, then ends."""
        await asyncio.gather(*(p.terminate() for p in self.processes))

    async def kill_all(self) -> None:
        await asyncio.gather(*(p.stop() for p in self.processes))


class ChaosRun:
    def __init__(
        self, double: DiscordDouble, postgres: PrivatePostgres, folder: Path, plan: Plan
    ) -> None:
        self.double = double
        self.postgres = postgres
        self.plan = plan
        self.rng = random.Random(plan.seed)
        self.cluster = Cluster(double, postgres.url, folder)
        self.db = Database(postgres.url)
        self.stop = asyncio.Event()
        self.players = Players(double, self.db, random.Random(plan.seed + 1), self.stop)
        self.players.idle_chance = IDLE_CHANCE
        self.figures = ClusterFigures()
        self.guilds = [double.add_guild(f"Shard {s}", shard=(s, SHARDS)) for s in range(SHARDS)]
        self.started = 0.0

    # -- the run -------------------------------------------------------------------------

    def seat(self, kind: Kind, table: str) -> list[SimUser]:
        """A table's players, members of every server."""
        users = []
        for seat in range(kind.seats):
            user = self.double.add_member(f"{kind.id[:5]}{table}p{seat}", guild=self.guilds[0])
            for guild in self.guilds[1:]:
                self.double.join(user, guild)
            users.append(user)
        return users

    def guilds_from(self, first: int) -> list[Guild]:
        return [self.guilds[(first + i) % SHARDS] for i in range(SHARDS)]

    async def play(self) -> None:
        plan = self.plan
        tables = [
            (kind, self.seat(kind, f"{t}{i}"), self.guilds_from(i + t))
            for t in range(plan.tables)
            for i, kind in enumerate(plan.kinds)
        ]
        await self.cluster.start()
        await asyncio.sleep(RESTART_GRACE)  # as after a restart: the processes warm up
        self.started = self.figures.started = time.monotonic()
        self.double.exchanges.clear()
        self.double.global_limit.reset_stats()
        tasks = [
            asyncio.create_task(self.players.play_on(kind, users, guilds))
            for kind, users, guilds in tables
        ]
        chaos = asyncio.create_task(self.chaos())
        try:
            await asyncio.wait([*tasks, chaos], timeout=plan.seconds)
            if chaos.done():
                chaos.result()  # a restart that failed fails the run
            self.stop.set()
            await chaos  # the restart in progress ends
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, *TIMEOUTS):
                    await task
        finally:
            self.stop.set()
            chaos.cancel()
        self.figures.seconds = time.monotonic() - self.started
        self.figures.idled = self.players.idled
        self.figures.troubles = self.players.troubles

    async def chaos(self) -> None:
        """Kill a process every `kill_every` seconds; restart the database once."""
        plan = self.plan
        postgres_at = None if plan.postgres_at is None else self.started + plan.postgres_at
        next_kill = self.started + self.rng.uniform(*plan.kill_every)
        while not self.stop.is_set():
            due = min(next_kill, postgres_at or math.inf)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stop.wait(), max(due - time.monotonic(), 0))
            if self.stop.is_set():
                return
            if postgres_at is not None and postgres_at <= time.monotonic():
                postgres_at = None
                await self.restart_postgres()
            else:
                await self.kill_one()
                next_kill = time.monotonic() + self.rng.uniform(*plan.kill_every)

    async def kill_one(self) -> None:
        shard = self.rng.randrange(SHARDS)
        process = self.cluster.processes[shard]
        outage = Outage(f"bot {shard} (shard {shard})", frozenset({shard}), time.monotonic())
        self.figures.outages.append(outage)
        await process.kill()
        await asyncio.sleep(self.rng.uniform(0.0, 1.0))
        await process.start()
        outage.back = time.monotonic()

    async def restart_postgres(self) -> None:
        outage = Outage("PostgreSQL", frozenset(range(SHARDS)), time.monotonic())
        self.figures.outages.append(outage)
        await self.postgres.restart(self.plan.postgres_down)
        outage.back = time.monotonic()

    # -- the end -------------------------------------------------------------------------

    async def settle(self) -> None:
        """Every process up, every committed change shown, no timer left overdue (read
        while all run); then they stop gracefully, and start again while anything
        committed is still to be shown."""
        await self.cluster.start()
        for _ in range(STOP_ATTEMPTS):
            await self.until(lambda: self.count("SELECT count(*) FROM outbox") == 0, "the outbox")
            with contextlib.suppress(*TIMEOUTS):
                await self.double.idle(quiet=0.5, within=SETTLE_WITHIN)
            self.figures.overdue = self.overdue()
            await self.cluster.stop()
            if self.count("SELECT count(*) FROM outbox") == 0:
                return
            await self.cluster.start()
        raise AssertionError("committed changes still to be shown after every stop")

    async def until(self, probe: Any, what: str) -> None:
        deadline = time.monotonic() + SETTLE_WITHIN
        while not probe():
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {SETTLE_WITHIN} s for {what}")
            await asyncio.sleep(0.1)

    def count(self, sql: str) -> int:
        rows = self.db.query(sql)
        return int(rows[0][0]) if rows else -1

    def overdue(self) -> list[str]:
        rows = self.db.query(
            "SELECT t.game_id, t.kind, t.due_at FROM timers t JOIN games g ON g.id = t.game_id"
            " WHERE t.due_at < ? AND g.paused_remaining IS NULL",
            (time.time() - TIMER_LATE,),
        )
        return [f"game {g}: {kind} due {time.time() - due:.0f} s ago" for g, kind, due in rows]

    async def check(self) -> None:
        figures = self.figures
        store = await Store.open(self.postgres.url)
        try:
            assert await store.outbox() == [], "the outbox is not empty"
            ids = [int(r[0]) for r in self.db.query("SELECT id FROM games ORDER BY id")]
            for game_id in ids:
                row = await store.game(game_id)
                assert row is not None
                if row.state is None:
                    continue  # a lobby never started
                figures.games += 1
                figures.kinds[row.kind] += 1
                figures.shards[self.shard_of_channel(row.channel_id)] += 1
                place = self.double.channel(row.channel_id)
                stored = registry.get(row.kind).parse_state(row.state, row.state_version)
                if stored != await replay(store, game_id):
                    figures.unreplayed.append(f"game {game_id} ({row.kind})")
                    continue
                try:
                    await check_game(self.double, figures.tables, store, game_id, place)
                except AssertionError as wrong:  # every game is checked, all is told
                    figures.wrong.append(f"game {game_id} ({row.kind}): {_told(wrong)}")
                figures.fired_twice += await deadlines_fired_twice(store, game_id)
                log = await store.actions(game_id)
                figures.actions += len(log)
                figures.deadlines += sum(1 for _, user, _ in log if user is None)
                if row.status != "running":
                    figures.stale_prompts += self.prompts_with_controls(game_id)
        finally:
            await store.close()
        self.check_messages()
        self.check_clicks()
        self.check_discord()

    def shard_of_channel(self, channel_id: int) -> int:
        guild_id = self.double.channel(channel_id).guild_id
        return shard_of(guild_id, SHARDS) if guild_id is not None else 0

    def prompts_with_controls(self, game_id: int) -> list[str]:
        """DMs of a game that is over which still offer a control of it."""
        mark = f"game:{game_id}:"
        found = []
        for user in self.double.members:
            for message in user.dms():
                live = [
                    c
                    for c in message.controls
                    if not c.get("disabled") and str(c.get("custom_id", "")).startswith(mark)
                ]
                if live:
                    found.append(f"game {game_id}, DM {message.id} to {user.name}")
        return found

    def check_messages(self) -> None:
        """Each change's messages (by their nonce) posted once, a game's in order. (A
        table posted anew has a nonce of its own, "game.tableXXXX": it shows the game as
        it is when posted, whichever change posts it.)"""
        by_game: dict[str, list[Message]] = defaultdict(list)
        for message in sorted(self.double.state.messages.values(), key=lambda m: m.id):
            parts = str(message.nonce).split(".")
            if message.author.id == self.double.state.bot.id and len(parts) == 3:
                by_game[parts[0]].append(message)
        figures = self.figures
        for game, messages in by_game.items():
            figures.messages += len(messages)
            nonces = Counter(m.nonce for m in messages)
            figures.twice += [f"game {game}: {n} x {nonce}" for nonce, n in nonces.items() if n > 1]
            newest = messages[0]
            for message in messages[1:]:
                if _version(message) < _version(newest):
                    figures.disorder.append(
                        f"game {game}: {message.nonce} at {self.at(message):.1f} s after"
                        f" {newest.nonce} at {self.at(newest):.1f} s"
                    )
                else:
                    newest = message
        figures.nonce_repeats = self.double.state.nonces.repeats

    def at(self, message: Message) -> float:
        """When a message was posted, in seconds of play."""
        return message.timestamp - self.double.clock.now() + time.monotonic() - self.started

    def check_clicks(self) -> None:
        """Every click acknowledged within 3 s, but those of a restart's window."""
        figures = self.figures
        for record in self.double.interactions.records.values():
            if record.created_monotonic < self.started:
                continue
            figures.clicks += 1
            figures.dm_clicks += record.guild_id is None
            seconds = record.ack_seconds
            late = seconds is None or seconds > ACK_DEADLINE
            # A killed process's window before the database's, where both cover a click.
            covering = [o for o in figures.outages if o.covers(record)]
            outage = min(covering, key=lambda o: len(o.shards), default=None)
            if outage is not None:
                outage.clicks += 1
                outage.unanswered += seconds is None
                outage.late += seconds is not None and seconds > ACK_DEADLINE
            elif late:
                at = record.created_monotonic - self.started
                took = "never" if seconds is None else f"{seconds:.1f} s"
                figures.late_outside.append(f"{record.describe()} at {at:.1f} s: {took}")

    def check_discord(self) -> None:
        figures = self.figures
        limit = self.double.global_limit
        figures.global_429 = list(limit.refused)
        figures.counted, figures.counted_peak = limit.counted, limit.peak
        late = {"10062"}  # an answer to a click after its 3 s: counted as a late ack
        figures.errors = [
            f"{e.route} -> {e.status} {e.error}"
            for e in self.double.exchanges
            if e.status >= 400
            and e.status != 429
            and not e.injected
            and str((e.error or {}).get("code")) not in late
            and (e.error or {}).get("code") not in (CLOSED_DMS, 10008)
        ]
        figures.errors += [f"unimplemented route {r}" for r in self.double.unhandled]


def _version(message: Message) -> int:
    """The game version of a change's message, from its nonce "game.version.slot"."""
    return int(str(message.nonce).split(".")[1])


def _told(error: AssertionError) -> str:
    """An assertion's message, or the line that failed."""
    said = str(error).strip()
    if said:
        return said.splitlines()[0][:LONGEST]
    where = traceback.extract_tb(error.__traceback__)[-1]
    return f"{Path(where.filename).name}:{where.lineno}: {where.line}"


async def deadlines_fired_twice(store: Store, game_id: int) -> list[str]:
    """Deadlines applied to a step other than the one they were set for: replayed, each
    timeout's phase must be the phase the game was in (one fire per step)."""
    row = await store.game(game_id)
    assert row is not None
    game = registry.get(row.kind)
    players = await store.players(game_id)
    seats = {p.user_id: p.seat for p in players}
    state = game.setup(len(players), game.parse_options(row.options), row.seed)
    found = []
    for turn, (_, user_id, action) in enumerate(await store.actions(game_id)):
        if user_id is None:
            if action.get("phase") != game.phase_key(state):
                found.append(
                    f"game {game_id} action {turn}: a deadline of {action.get('phase')!r}"
                    f" applied in {game.phase_key(state)!r}"
                )
            state, _ = game.expire(state)
        else:
            state, _ = game.apply(state, seats[user_id], game.parse_action(action))
    return found


async def cluster_run(double: DiscordDouble, folder: Path, plan: Plan) -> ClusterFigures:
    """Play, with kills and a database restart, as planned; settle; check."""
    install()  # Race to Ten, as the bot processes register it
    double.discord_limits()
    double.gateway.starts.max_concurrency = plan.max_concurrency
    postgres = await PrivatePostgres.create()
    run = ChaosRun(double, postgres, folder, plan)
    try:
        await run.play()
        await run.settle()
        await run.check()
    finally:
        await run.cluster.kill_all()
        run.db.close()
        await postgres.remove()
    return run.figures


def describe(figures: ClusterFigures) -> str:
    problems = figures.problems()
    shown = [f"  {p}" for p in problems[:30]]
    more = [f"  ... and {len(problems) - 30} more"] if len(problems) > 30 else []
    return "\n".join(
        [*figures.lines(), *figures.table(), f"problems: {len(problems)}", *shown, *more]
    )


__all__ = ["ClusterFigures", "Plan", "cluster_run", "describe"]
