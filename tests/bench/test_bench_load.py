"""The load benchmark runs end to end at a tiny scale (the real bot and the bare client
in subprocesses against the double) and prints the figures the issue asks for."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.bench.load.measure import PhaseFigures, median_summary, round_line

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "bench" / "bench_load.py"


def bench(*args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.strip().splitlines()


def figure(lines: list[str], pattern: str) -> list[tuple[str, ...]]:
    return [m.groups() for line in lines if (m := re.search(pattern, line))]


def test_two_games_for_five_seconds_compare_the_bot_with_the_bare_client() -> None:
    lines = bench("--games", "2", "--seconds", "5")
    last = re.fullmatch(r"cpu_ratio=([\d.]+) p99_ratio=([\d.]+) late_acks=(\d+)", lines[-1])
    assert last is not None, lines[-1]
    assert float(last[1]) > 0 and float(last[2]) > 0
    counts = figure(lines, r"^== (this bot|bare client): (\d+) interactions")
    assert [name for name, _ in counts] == ["this bot", "bare client"]
    assert counts[0][1] == counts[1][1] and int(counts[0][1]) > 5  # the same click stream
    committed = dict(
        re.findall(
            r"(\w+(?: deadlines)?) (\d+)", figure(lines, r"^actions committed .*: (.*)$")[0][0]
        )
    )
    assert int(committed["lama"]) > 0 and int(committed["tufteln"]) > 0  # players moved
    per_action = figure(lines, r"^requests per action: ([\d.]+)")
    assert float(per_action[1][0]) == 1.0  # the bare client only acknowledges
    assert len(figure(lines, r"^ack ms: p50 [\d.]+ +p95 [\d.]+ +p99 [\d.]+ +max [\d.]+")) == 2
    assert len(figure(lines, r"^event-loop lag ms: p50 [\d.]+")) == 2


def test_a_few_players_place_one_scheduled_roll() -> None:
    lines = bench("--players", "4")
    last = re.fullmatch(
        r"placements=(\d+) max_ack_ms=(\d+) all_answered_s=([\d.]+)"
        r" requests_per_placement=([\d.]+)",
        lines[-1],
    )
    assert last is not None, lines[-1]
    assert int(last[1]) == 4 and float(last[4]) > 0


def test_a_start_up_catches_up_a_few_overdue_timers() -> None:
    lines = bench(
        "--overdue", "6", "--stored", "40", "--open", "12", "--clicks", "3", "--click-every", "0.2"
    )
    last = re.fullmatch(
        r"overdue=(\d+) ready_s=([\d.]+) caught_up_s=([\d.]+) shown_s=([\d.]+)"
        r" requests=(\d+) max_ack_ms=(\d+)",
        lines[-1],
    )
    assert last is not None, lines[-1]
    assert int(last[1]) == 6 and float(last[3]) <= float(last[4])
    assert int(last[5]) >= 18  # each timer: at least an announcement and a table edit
    assert figure(lines, r"late acks \(> 3 s or never\) (\d+)") == [("0",)]


def test_several_rounds_end_with_the_medians_of_their_ratios() -> None:
    def phase(cpu_ms: float, p99_ms: float, late: int = 0) -> PhaseFigures:
        acks = [1.0] * 98 + [p99_ms] * 2 + [5000.0] * late  # (late: past 3 s)
        return PhaseFigures("x", seconds=10.0, acks=acks, cpu_seconds=cpu_ms * len(acks) / 1000)

    bare = phase(1.0, 10.0)
    rounds = [(phase(7.0, 40.0), bare), (phase(5.0, 20.0, late=1), bare), (phase(6.0, 30.0), bare)]
    assert median_summary(rounds) == "cpu_ratio=6.00 p99_ratio=3.00 late_acks=1"
    line = round_line(2, *rounds[0])
    assert line.startswith("round 2: cpu_ratio=7.00 p99_ratio=4.00 late_acks=0; bot 7.00 ms")
