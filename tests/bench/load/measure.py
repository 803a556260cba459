"""What one phase of a run measured, and how it is printed.

Latency is the double's: from the moment it created an interaction to the moment the
first response (the acknowledgement) arrived, in real time. An interaction never
acknowledged counts as infinitely late (and in `late`); Discord's limit is 3 s.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from dataclasses import dataclass, field

from bot.double.interactions import ACK_DEADLINE, InteractionRecord

LATE = ACK_DEADLINE


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile (q in 0..100) of `values`; NaN if empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def _rate(count: int, seconds: float) -> float:
    return count / seconds if seconds else 0.0


def ack_ms(record: InteractionRecord) -> float:
    seconds = record.ack_seconds
    return math.inf if seconds is None else seconds * 1000


@dataclass
class PhaseFigures:
    """One process (the bot or the bare client) under one click stream."""

    name: str
    seconds: float = 0.0  # the measured window
    acks: list[float] = field(default_factory=list)  # ms, one per interaction
    acked: list[str] = field(default_factory=list)  # the control of each, in the same order
    routes: Counter[str] = field(default_factory=Counter)  # the process's requests
    refused: Counter[str] = field(default_factory=Counter)  # error answers, by route and code
    controls: Counter[str] = field(default_factory=Counter)  # interactions by control
    answers: list[float] = field(default_factory=list)  # ms, click to the answer shown
    cpu_seconds: float = 0.0  # the process and its children, in the window
    root_cpu_seconds: float = 0.0  # the process alone (its event loop and threads)
    double_cpu_seconds: float = 0.0  # the double and the players (one process)
    lags: list[float] = field(default_factory=list)  # ms, event-loop lag samples
    double_lags: list[float] = field(default_factory=list)  # ms, the double's own loop
    peak_rss_mb: float = 0.0  # the main process
    tree_peak_rss_mb: float = 0.0  # the main process plus its children
    processes: int = 1
    moves: Counter[str] = field(default_factory=Counter)  # committed in the window, by game
    games: int = 0  # games that ran in the window (the bot only)
    counted: int = 0  # requests counted against the token's global limit...
    counted_seconds: float = 0.0  # ...over this long (the window and its grace)
    counted_peak: int = 0  # the most of them in one second
    global_429: int = 0  # answered 429 global (Discord's limit is on in the benchmark)

    @property
    def actions(self) -> int:
        return len(self.acks)

    @property
    def late(self) -> int:
        return sum(1 for a in self.acks if a > LATE * 1000)

    def p(self, q: float) -> float:
        return percentile(self.acks, q)

    @property
    def requests(self) -> int:
        return sum(self.routes.values())

    def per_action(self, value: float) -> float:
        return value / self.actions if self.actions else math.nan

    @property
    def cpu_per_action(self) -> float:
        """Seconds of CPU per action, the process and its children."""
        return self.per_action(self.cpu_seconds)

    def lines(self) -> list[str]:
        n = self.actions
        lines = [
            f"== {self.name}: {n} interactions in {self.seconds:.1f} s"
            f" ({n / self.seconds if self.seconds else 0:.1f}/s)"
            + (f", {self.games} games" if self.games else ""),
            f"ack ms: p50 {_ms(self.p(50))}  p95 {_ms(self.p(95))}  p99 {_ms(self.p(99))}"
            f"  max {_ms(max(self.acks, default=math.nan))}  late (>3 s or never) {self.late}",
            f"CPU per action: {self.cpu_per_action * 1000:.2f} ms"
            f" ({self.cpu_seconds:.2f} s over {self.processes} process(es),"
            f" {self.per_action(self.root_cpu_seconds) * 1000:.2f} ms in the main one);"
            f" the double and players: {self.per_action(self.double_cpu_seconds) * 1000:.2f} ms",
            f"event-loop lag ms: p50 {_ms(percentile(self.lags, 50))}"
            f"  p99 {_ms(percentile(self.lags, 99))}  max {_ms(max(self.lags, default=math.nan))}"
            f" ({len(self.lags)} samples); the double's loop: p99"
            f" {_ms(percentile(self.double_lags, 99))}"
            f" max {_ms(max(self.double_lags, default=math.nan))}",
            f"peak RSS: {self.peak_rss_mb:.0f} MB (with children {self.tree_peak_rss_mb:.0f} MB)",
            f"requests per action: {self.per_action(self.requests):.2f} ({self.requests} requests)",
            f"counted requests/s: {_rate(self.counted, self.counted_seconds):.1f}"
            f" (most in one second {self.counted_peak}; global 429s {self.global_429})",
        ]
        if self.answers:
            lines.insert(
                2,
                f"answer shown ms (a panel, its update, a sentence): p50"
                f" {_ms(percentile(self.answers, 50))}  p99 {_ms(percentile(self.answers, 99))}"
                f"  max {_ms(max(self.answers))} ({len(self.answers)} clicks waited for)",
            )
        if self.moves:
            said = ", ".join(f"{kind} {n}" for kind, n in sorted(self.moves.items()))
            lines.insert(1, f"actions committed (players' moves; deadlines): {said}")
        for route, count in self.routes.most_common():
            lines.append(f"  {self.per_action(count):6.2f}  {count:6}  {route}")
        if self.controls:
            shown = ", ".join(f"{what} {n}" for what, n in self.controls.most_common(12))
            lines.append(f"interactions by control: {shown}")
        p99 = self.p(99)
        slowest = Counter(c for a, c in zip(self.acks, self.acked, strict=True) if a > p99)
        if slowest:
            shown = ", ".join(f"{what} {n}" for what, n in slowest.most_common(6))
            lines.append(f"acks slower than p99 by control: {shown}")
        if self.refused:
            lines.append(f"error answers from the double: {sum(self.refused.values())}")
            lines += [f"  {count:6}  {what}" for what, count in self.refused.most_common()]
        return lines


def _ms(value: float) -> str:
    if math.isnan(value):
        return "-"
    return "never" if math.isinf(value) else f"{value:.1f}"


def ratio(a: float, b: float) -> str:
    if math.isnan(a) or math.isnan(b) or b == 0:
        return "nan"
    return "inf" if math.isinf(a) else f"{a / b:.2f}"


def summary(bot: PhaseFigures, bare: PhaseFigures) -> str:
    """The run's last line."""
    cpu = ratio(bot.cpu_per_action, bare.cpu_per_action)
    return f"cpu_ratio={cpu} p99_ratio={ratio(bot.p(99), bare.p(99))} late_acks={bot.late}"


def round_line(number: int, bot: PhaseFigures, bare: PhaseFigures) -> str:
    """One round of several: its ratios and what they are made of."""
    main = bot.per_action(bot.root_cpu_seconds) * 1000
    workers = bot.cpu_per_action * 1000 - main
    alone = bare.cpu_per_action * 1000
    return (
        f"round {number}: {summary(bot, bare)}; bot {main + workers:.2f} ms per action"
        f" (main {main:.2f} + workers {workers:.2f}), bare {alone:.2f};"
        f" ack p99 {_ms(bot.p(99))} vs {_ms(bare.p(99))} ms;"
        f" {bot.actions / bot.seconds if bot.seconds else 0:.1f} actions/s"
    )


def median_summary(rounds: list[tuple[PhaseFigures, PhaseFigures]]) -> str:
    """The last line of several rounds: each ratio's median over the rounds (each round
    compares the bot with the bare client under the same clicks), late acks of all."""
    cpu = statistics.median(bot.cpu_per_action / bare.cpu_per_action for bot, bare in rounds)
    p99 = statistics.median(bot.p(99) / bare.p(99) for bot, bare in rounds)
    late = sum(bot.late for bot, _ in rounds)
    return f"cpu_ratio={cpu:.2f} p99_ratio={p99:.2f} late_acks={late}"


def control_of(record: InteractionRecord) -> str:
    """A click's control without its ids: "/newgame", "game:lobby:join", "game:...:place"."""
    if record.type in (2, 4):
        return "/" + str(record.data.get("name"))
    parts = str(record.data.get("custom_id", "")).split(":")
    kept = [p for p in parts if p and not any(ch.isdigit() for ch in p)]
    return ":".join(kept[:3]) or "?"
