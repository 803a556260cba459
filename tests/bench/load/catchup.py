"""The start-up catch-up: how long a restarted bot takes to fire every overdue timer.

The issue "Fast under load" asks: with 10,000 stored games, 1,000 open and 700 overdue
timers, every game caught up within 3 s of ready. `stored.prepare` builds that world
(the database and the double); the real bot then starts in its own process
(`runner.py`, as in the load benchmark) against the double in this process.

Moments, all taken here on CLOCK_MONOTONIC while polling every `POLL` seconds:

- synced: the double holds the bot's commands. The bot syncs them in `setup_hook`
  just before its scheduler starts: catch-up begins here, before the gateway.
- ready: synced and the gateway session identified (READY sent), so players can
  click. `ready_s` is counted from the bot process's start, the rest from ready.
- caught up: no timer due by the cutoff is left in the store (a timer is deleted
  after its handler has committed the game's change); read from the SQLite file,
  read-only.
- shown: caught up and the outbox empty (a change leaves it once the presenter has
  sent every message it brings: table, announcements, DMs).
- quiet: no request in flight and none for `QUIET` s; requests are counted to here.

caught_up_s and shown_s are 0 when the moment came before ready.

Meanwhile, players of open games without an overdue timer open their panels (the
table's button) every `click_every` seconds from ready on: their acknowledgement
times show whether catch-up delays other players' clicks, and the time until their
panel is shown whether it delays what they asked for. `profile` optionally records
the bot and its drawing workers with py-spy from the bot's first request to shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import resource
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path

from bot.double import DiscordDouble, InteractionResult, running_double
from bot.double.http_app import Exchange
from tests.bench.load import spy
from tests.bench.load.lag import read_lags
from tests.bench.load.measure import percentile
from tests.bench.load.players import TIMEOUTS, Database
from tests.bench.load.run import Measured
from tests.bench.load.stored import OpenGame, Plan, Prepared, prepare

POLL = 0.01  # seconds between looks at the database and the double
CATCH_UP_WITHIN = 180.0  # seconds after ready before giving up on the catch-up
QUIET = 1.0  # seconds without a request: the bot is done
ANSWER_WITHIN = 30.0  # seconds a click's panel may take to be shown
PROGRESS_AT = (0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 20.0)  # seconds after ready
CLICK_ROUTES = ("/interactions/", "/webhooks/")  # answers to clicks, not catch-up


class StampedLog(deque[Exchange]):
    """The double's request log, with the moment each request was answered."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def append(self, exchange: Exchange) -> None:
        self.times.append(time.monotonic())
        super().append(exchange)

    def between(self, start: float, end: float) -> list[tuple[float, Exchange]]:
        return [(at, e) for at, e in zip(self.times, self, strict=True) if start <= at <= end]


@dataclass
class Moments:
    """Monotonic moments of the run; None until they happen."""

    spawned: float = 0.0
    login: float | None = None  # the bot's first request
    synced: float | None = None
    ready: float | None = None
    caught_up: float | None = None
    shown: float | None = None
    quiet: float | None = None
    left: list[tuple[float, int]] = field(default_factory=list)  # (when, overdue timers left)
    cpu: dict[str, dict[int, float]] = field(default_factory=dict)  # moment -> pid -> CPU s
    own_cpu: dict[str, float] = field(default_factory=dict)  # moment -> this process's CPU s

    def since_ready(self, moment: float | None) -> float:
        """Seconds from ready to `moment`: 0 if it came first, inf if it never came."""
        if moment is None or self.ready is None:
            return math.inf
        return max(0.0, moment - self.ready)

    def left_at(self, moment: float) -> int | None:
        """Overdue timers left at `moment` (the last count seen by then)."""
        seen = [n for at, n in self.left if at <= moment]
        return seen[-1] if seen else None


class Monitor:
    """Watches the double and the bot's database; records `Moments`."""

    def __init__(
        self, double: DiscordDouble, bot: Measured, log: StampedLog, cutoff: float
    ) -> None:
        self.double = double
        self.bot = bot
        self.log = log
        self.cutoff = cutoff
        self.db = Database(bot.database)
        self.moments = Moments(spawned=time.monotonic())
        self.ready = asyncio.Event()
        self.done = asyncio.Event()

    def _count(self, sql: str, args: tuple[float, ...] = ()) -> int | None:
        rows = self.db.query(sql, args)
        return int(rows[0][0]) if rows else None

    def _cpu(self, name: str) -> None:
        self.moments.own_cpu[name] = _own_cpu()
        if self.bot.usage is not None:
            self.bot.cpu()
            self.moments.cpu[name] = dict(self.bot.usage.cpu)

    async def run(self) -> None:
        m = self.moments
        try:
            while m.shown is None or m.ready is None:  # clicks start at ready
                now = time.monotonic()
                self._look(now)
                if m.ready is not None and now - m.ready > CATCH_UP_WITHIN:
                    return
                await asyncio.sleep(POLL)
        finally:
            self.done.set()
            self.db.close()

    def _look(self, now: float) -> None:
        m = self.moments
        if m.login is None and self.log:
            m.login = self.log.times[0]
        if m.synced is None and any(c.get("name") == "newgame" for c in self.double.commands()):
            m.synced = now
            self._cpu("synced")
        if m.ready is None and m.synced is not None and self.double.gateway.connected:
            m.ready = now
            self._cpu("ready")
            self.ready.set()
        if m.caught_up is None:
            left = self._count("SELECT count(*) FROM timers WHERE due_at <= ?", (self.cutoff,))
            if left is not None and (not m.left or m.left[-1][1] != left):
                m.left.append((now, left))
            if left == 0:
                m.caught_up = now
                self._cpu("caught_up")
        elif self._count("SELECT count(*) FROM outbox") == 0:
            m.shown = now
            self._cpu("shown")


# -- clicks during the catch-up ------------------------------------------------------------


@dataclass
class Clicks:
    """Panel opens by players of games without an overdue timer."""

    results: list[InteractionResult] = field(default_factory=list)
    shown_ms: list[float] = field(default_factory=list)  # click to the panel shown

    @property
    def ack_ms(self) -> list[float]:
        return [
            math.inf if r.record.ack_seconds is None else r.record.ack_seconds * 1000
            for r in self.results
        ]


async def click_panels(
    double: DiscordDouble,
    games: list[OpenGame],
    count: int,
    every: float,
    ready: asyncio.Event,
    rng: random.Random,
) -> Clicks:
    clicks = Clicks()
    await ready.wait()
    loop = asyncio.get_running_loop()
    begun = loop.time()
    waits = []
    for n, game in enumerate(rng.sample(games, min(count, len(games)))):
        delay = begun + n * every - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)  # the click schedule, not a synchronisation
        player = rng.choice(game.players)
        result = await player.click(game.table, custom_id=game.panel.custom_id, wait=False)
        clicks.results.append(result)
        waits.append(asyncio.create_task(_panel_shown(double, result, clicks)))
    await asyncio.gather(*waits)
    return clicks


async def _panel_shown(double: DiscordDouble, result: InteractionResult, clicks: Clicks) -> None:
    record = result.record

    def shown() -> bool:
        original = record.original
        return bool(result.followups) or (original is not None and not original.loading)

    with contextlib.suppress(*TIMEOUTS):
        await double.wait_for(shown, ANSWER_WITHIN, "a panel")
        clicks.shown_ms.append((time.monotonic() - record.created_monotonic) * 1000)


# -- a py-spy profile of the bot ------------------------------------------------------------


async def profile(bot: Measured, log: StampedLog, out: Path, until: asyncio.Event) -> None:
    """py-spy on the bot process and its children (the drawing workers), from the bot's
    first request (its interpreter is up by then) until `until` is set."""
    while not log or bot.process is None:  # noqa: ASYNC110 (no event for either)
        await asyncio.sleep(POLL)
    await spy.record(bot.process.pid, out, until)


# -- the run ---------------------------------------------------------------------------------


@dataclass
class CatchUpResult:
    plan: Plan
    prepared: Prepared
    moments: Moments
    exchanges: list[Exchange]  # catch-up requests, synced to quiet, without click answers
    routes: Counter[str]  # their routes (DMs marked)
    startup_routes: Counter[str]  # before synced
    refused: Counter[str]  # error answers in the catch-up
    clicks: Clicks
    lags: list[float]  # ms, the bot's event loop, synced to shown
    double_cpu: float  # this process (the double), synced to shown
    bot_pid: int
    processes: int  # the most processes in the bot's tree at once
    kinds: Counter[str] = field(default_factory=Counter)  # catch-up requests by game kind
    screens: str = ""  # the bot's own count of screens drawn, from its log
    counted_peak: int = 0  # the most requests counted against the global limit in a second
    global_429: int = 0  # answered 429 global (Discord's limit is on in the benchmark)

    @property
    def requests(self) -> int:
        return sum(self.routes.values())


async def run_catchup(
    plan: Plan,
    folder: Path,
    *,
    clicks: int = 20,
    click_every: float = 0.5,
    profile_to: Path | None = None,
) -> CatchUpResult:
    async with running_double() as double:
        double.discord_limits()  # the token's global limit and IDENTIFY's, as on Discord
        prepared = await prepare(double, folder / "games.sqlite3", plan)
        log = StampedLog()
        double.exchanges = log
        bot = Measured(double, folder, bare=False)
        monitor = Monitor(double, bot, log, prepared.cutoff)
        rng = random.Random(plan.seed)
        watching = asyncio.create_task(monitor.run())
        clicking = asyncio.create_task(
            click_panels(double, prepared.calm, clicks, click_every, monitor.ready, rng)
        )
        spying = []
        if profile_to is not None:
            spying.append(asyncio.create_task(profile(bot, log, profile_to, monitor.done)))
        try:
            await bot.start()
            await monitor.done.wait()
            done_clicks = await clicking
            with contextlib.suppress(*TIMEOUTS):
                await double.idle(quiet=QUIET, within=60.0)
            monitor.moments.quiet = time.monotonic()
        finally:
            monitor.done.set()  # a profile ends here at the latest
            await asyncio.gather(*spying, return_exceptions=True)
            for task in (watching, clicking):
                task.cancel()
            await bot.stop()
        result = _result(plan, prepared, monitor.moments, log, bot, done_clicks)
        _by_place(result, double)
        result.screens = _screens(bot.log)
        result.counted_peak = double.global_limit.peak
        result.global_429 = len(double.global_limit.refused)
        return result


def _result(
    plan: Plan,
    prepared: Prepared,
    moments: Moments,
    log: StampedLog,
    bot: Measured,
    clicks: Clicks,
) -> CatchUpResult:
    start = moments.synced or moments.spawned
    end = moments.quiet or time.monotonic()
    during = [e for _, e in log.between(start, end)]
    catching = [e for e in during if not any(r in e.route for r in CLICK_ROUTES)]
    before = [e for _, e in log.between(moments.spawned, start)]
    usage = bot.usage
    assert usage is not None
    return CatchUpResult(
        plan=plan,
        prepared=prepared,
        moments=moments,
        exchanges=catching,
        routes=Counter(e.route for e in catching),
        startup_routes=Counter(e.route for e in before),
        refused=Counter(f"{e.route} -> {e.status}" for e in during if e.status >= 400),
        clicks=clicks,
        lags=read_lags(bot.lag_file, start, moments.shown or end),
        double_cpu=moments.own_cpu.get("shown", math.nan) - moments.own_cpu.get("synced", 0.0),
        bot_pid=usage.root,
        processes=usage.processes,
    )


def _by_place(result: CatchUpResult, double: DiscordDouble) -> None:
    """Routes with DMs marked, and requests by the kind of game whose channel (its
    thread, or a player's DMs) they went to."""
    dms = {c.id for c in double.state.dm_channels.values()}
    kinds: dict[int, str] = {}
    for game in result.prepared.games:
        kinds[game.thread.id] = game.kind.id
        for player in game.players:
            dm = double.state.dm_channels.get(player.id)
            if dm is not None:
                kinds[dm.id] = game.kind.id
    places = [(e, _channel_of(e)) for e in result.exchanges]
    result.routes = Counter(e.route + (" (DM)" if c in dms else "") for e, c in places)
    result.kinds = Counter(kinds.get(c or 0, "other") for _, c in places)


def _channel_of(exchange: Exchange) -> int | None:
    parts = exchange.path.split("/")
    found = parts[parts.index("channels") + 1] if "channels" in parts else ""
    return int(found) if found.isdigit() else None


def _screens(log: Path) -> str:
    """The bot's closing line "screens: N built, M reused" (see `Drawing.close`)."""
    lines = [line for line in log.read_text().splitlines() if "screens:" in line]
    return lines[-1].split("screens:", 1)[1].strip() if lines else "?"


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# -- the report ------------------------------------------------------------------------------


def report(result: CatchUpResult) -> list[str]:
    m, prepared, plan = result.moments, result.prepared, result.plan
    lines = [
        f"== start-up catch-up: {plan.stored} stored games, {plan.open} open"
        f" ({_counts(prepared.kinds)}), {plan.overdue} overdue deadlines"
        f" ({_counts(prepared.overdue_kinds)})",
        f"set-up {prepared.seconds:.1f} s; closed games: {_counts(prepared.closed)}",
        _timeline(m),
        "overdue timers left after ready: "
        + ", ".join(f"+{at:g} s {_left(m, at)}" for at in PROGRESS_AT),
        f"caught up {_s(m.since_ready(m.caught_up))} after ready"
        f" ({_s(_between(m.synced, m.caught_up))} after the scheduler started);"
        f" shown {_s(m.since_ready(m.shown))} after ready",
    ]
    lines += _work(result)
    lines += _requests(result)
    lines += _clicks(result.clicks)
    return lines


def last_line(result: CatchUpResult) -> str:
    m = result.moments
    ready_s = _between(m.spawned, m.ready)
    max_ack = max(result.clicks.ack_ms, default=math.nan)
    return (
        f"overdue={result.plan.overdue} ready_s={ready_s:.2f}"
        f" caught_up_s={m.since_ready(m.caught_up):.2f} shown_s={m.since_ready(m.shown):.2f}"
        f" requests={result.requests} max_ack_ms={max_ack:.0f}"
    )


def _timeline(m: Moments) -> str:
    def at(moment: float | None) -> str:
        return _s(_between(m.spawned, moment))

    return (
        f"timeline (s after the bot process started): first request {at(m.login)},"
        f" commands synced (scheduler starts) {at(m.synced)}, gateway READY (ready)"
        f" {at(m.ready)}, caught up {at(m.caught_up)}, shown {at(m.shown)},"
        f" quiet {at(m.quiet)}"
    )


def _work(result: CatchUpResult) -> list[str]:
    """CPU from synced to shown: the bot's own process, its drawing workers, the double."""
    m = result.moments
    wall = _between(m.synced, m.shown)
    before, after = m.cpu.get("synced", {}), m.cpu.get("shown", {})
    main = after.get(result.bot_pid, 0.0) - before.get(result.bot_pid, 0.0)
    others = sum(v for p, v in after.items() if p != result.bot_pid)
    others -= sum(v for p, v in before.items() if p != result.bot_pid)
    lags = result.lags
    return [
        f"CPU, scheduler start to shown ({_s(wall)} wall): bot process {main:.2f} s"
        f" ({_share(main, wall)}), its children (drawing workers) {others:.2f} s"
        f" ({_share(others, wall)}; {result.processes} processes at most),"
        f" the double (this process) {result.double_cpu:.2f} s",
        f"bot event-loop lag ms meanwhile: p50 {_ms(percentile(lags, 50))}"
        f"  p99 {_ms(percentile(lags, 99))}  max {_ms(max(lags, default=math.nan))}"
        f" ({len(lags)} samples)",
    ]


def _requests(result: CatchUpResult) -> list[str]:
    overdue = max(1, result.plan.overdue)
    lines = [
        f"catch-up requests (scheduler start to quiet, click answers left out):"
        f" {result.requests} ({result.requests / overdue:.2f} per overdue timer)"
    ]
    lines += [
        f"  {count / overdue:6.2f}  {count:6}  {route}"
        for route, count in result.routes.most_common()
    ]
    overdue_kinds = result.prepared.overdue_kinds
    lines.append(
        "  per overdue timer by game: "
        + ", ".join(
            f"{kind} {n / max(1, overdue_kinds[kind]):.2f}"
            for kind, n in result.kinds.most_common()
            if kind in overdue_kinds
        )
        + f"; screens drawn by the bot in its run: {result.screens}"
    )
    startup = sum(result.startup_routes.values())
    lines.append(f"start-up requests before the scheduler started: {startup}")
    lines.append(
        f"counted requests: most in one second {result.counted_peak};"
        f" global 429s {result.global_429}"
    )
    if result.refused:
        lines.append(f"error answers from the double: {sum(result.refused.values())}")
        lines += [f"  {n:6}  {what}" for what, n in result.refused.most_common()]
    return lines


def _clicks(clicks: Clicks) -> list[str]:
    acks, shown = clicks.ack_ms, clicks.shown_ms
    late = sum(1 for a in acks if a > 3000)
    return [
        f"panel opens during the catch-up (players of games without an overdue timer):"
        f" {len(acks)}, late acks (> 3 s or never) {late}",
        f"  ack ms: p50 {_ms(percentile(acks, 50))}  p99 {_ms(percentile(acks, 99))}"
        f"  max {_ms(max(acks, default=math.nan))}",
        f"  panel shown ms: p50 {_ms(percentile(shown, 50))}  p99 {_ms(percentile(shown, 99))}"
        f"  max {_ms(max(shown, default=math.nan))} ({len(shown)} shown)",
    ]


def _left(m: Moments, after_ready: float) -> str:
    if m.ready is None:
        return "-"
    left = m.left_at(m.ready + after_ready)
    return "-" if left is None else str(left)


def _between(start: float | None, end: float | None) -> float:
    return math.inf if start is None or end is None else end - start


def _counts(counter: Counter[str]) -> str:
    return ", ".join(f"{k} {n}" for k, n in counter.most_common())


def _share(cpu: float, wall: float) -> str:
    return f"{cpu / wall:.0%} of a core" if wall and math.isfinite(wall) else "-"


def _s(seconds: float) -> str:
    return "never" if math.isinf(seconds) else f"{seconds:.2f} s"


def _ms(value: float) -> str:
    if math.isnan(value):
        return "-"
    return "never" if math.isinf(value) else f"{value:.0f}"
