"""Load benchmark: the real bot and a bare discord.py client under the same clicks.

    python tests/bench/bench_load.py --games K --seconds S
    python tests/bench/bench_load.py --players 200
    (or python -m tests.bench.bench_load ...)

The Discord double runs in this process on 127.0.0.1, together with the simulated
players (they drive it through its in-process SimUser API); the bot runs in a
subprocess, and so, in a second phase of the same run, does the bare client, which gets
the bot's recorded click stream again at the same moments (see
`tests/bench/load/run.py`). K games of the mix (every game: No Prob-Lama, live Tüfteln,
Lupusburg, Miss Lupun, Lucky Box; see `tests/bench/load/games.py`) are opened at once
and played as fast as the games allow for S seconds. Printed for both: ack
p50/p95/p99/max (creation to first response, as the double saw them), late acks (> 3 s
or never), CPU per action of the process and its children (a picture pool counts),
event-loop lag, peak RSS, requests per action by route. The last line: `cpu_ratio=<x>
p99_ratio=<y> late_acks=<n>` (bot / bare client; late acks of the bot).

`--players N` instead runs one scheduled Tüfteln game of N players: after the first
roll, every player opens their sheet and places the roll at once. The last line:
`placements=<n> max_ack_ms=<x> all_answered_s=<y> requests_per_placement=<z>`
(all_answered_s: from the first click until every placement is stored and every click
acknowledged; requests: every request the bot made meanwhile, sheets included).

`--overdue N` instead measures a start-up: the bot finds `--stored` games (10,000),
`--open` of them running (1,000) and N of those with a deadline already overdue, as
after a stop (see `tests/bench/load/stored.py` and `catchup.py`). Players of other
games open their panels meanwhile (`--clicks`, one every `--click-every` s). Printed:
the timeline, overdue timers left after ready, CPU, requests by route, the clicks'
ack and panel times. The last line:
`overdue=<n> ready_s=<x> caught_up_s=<y> shown_s=<z> requests=<r> max_ack_ms=<m>`
(ready_s: from the bot process's start to its commands synced and gateway READY;
caught_up_s: from ready until every overdue timer fired and committed; shown_s: until
everything they brought was sent; requests: the catch-up's, click answers left out).
`--profile FILE` also records a py-spy profile (raw format) of the bot and its workers
(the mix: the bot's phase; `--overdue`: the catch-up). py-spy takes CPU of its own, so
a profiled run's figures are not to be compared with an unprofiled one's.

The double and the players collect no garbage while a window is open (see
`tests/bench/load/run.py`, `_settle_heap`): their pauses would show as the measured
process's slow acknowledgements and as bursts past the token's global limit.

Figures are noisy on a shared machine; the two processes are measured in one run so
the ratios compare like with like, and `--rounds N` runs the mix N times (a fresh double,
bot and bare client each time): a line per round, the middle round's figures, and a
last line of the ratios' medians over the rounds (late acks: all rounds'). On a shared
machine one run's ratio moves by 10-20 %; judge a change by the medians of several.
`--keep DIR` keeps the database and the logs.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench.load.catchup import last_line, report, run_catchup
from tests.bench.load.games import MIX
from tests.bench.load.measure import median_summary, round_line, summary
from tests.bench.load.run import MixResult, RollResult, run_mix, run_players
from tests.bench.load.stored import Plan


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python tests/bench/bench_load.py")
    parser.add_argument("--games", type=int, default=10, help="concurrent games (K)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured seconds (S)")
    parser.add_argument("--players", type=int, help="instead: one Tüfteln roll, N players")
    parser.add_argument("--overdue", type=int, help="instead: a start-up with N overdue timers")
    parser.add_argument("--stored", type=int, default=10_000, help="stored games (--overdue)")
    parser.add_argument("--open", type=int, default=1_000, help="open games (--overdue)")
    parser.add_argument("--clicks", type=int, default=20, help="panel opens (--overdue)")
    parser.add_argument("--click-every", type=float, default=0.5, help="seconds between them")
    parser.add_argument("--profile", type=Path, help="py-spy raw profile of the bot here")
    parser.add_argument("--seed", type=int, default=1, help="the players' random choices")
    parser.add_argument(
        "--rounds", type=int, default=1, help="the mix this many times: the ratios' medians"
    )
    parser.add_argument("--keep", type=Path, help="keep the database and logs here")
    return parser.parse_args(argv)


def report_roll(result: RollResult) -> list[str]:
    lines = result.phase.lines()
    acks = result.routes["POST /interactions/{interaction_id}/{interaction_token}/callback"]
    if result.placements:
        lines.append(
            f"{result.clicks} interactions for {result.placements} placements"
            f" ({result.clicks / result.placements:.1f} each: the sheet, then the roll's steps);"
            f" requests besides the acknowledgements:"
            f" {(result.requests - acks) / result.placements:.2f} per placement"
        )
    lines.append(
        f"placements={result.placements} max_ack_ms={result.max_ack_ms:.0f}"
        f" all_answered_s={result.all_answered_s:.2f}"
        f" requests_per_placement={result.requests_per_placement:.2f}"
    )
    return lines


async def bench_startup(args: argparse.Namespace, folder: Path) -> list[str]:
    plan = Plan(stored=args.stored, open=args.open, overdue=args.overdue, seed=args.seed)
    result = await run_catchup(
        plan, folder, clicks=args.clicks, click_every=args.click_every, profile_to=args.profile
    )
    return [*report(result), last_line(result)]


async def bench(args: argparse.Namespace, folder: Path) -> list[str]:
    if args.overdue is not None:
        return await bench_startup(args, folder)
    if args.players:
        return report_roll(await run_players(args.players, folder, args.seed))
    rounds: list[MixResult] = []
    for number in range(1, args.rounds + 1):
        where = folder if args.rounds == 1 else folder / f"round-{number}"
        where.mkdir(parents=True, exist_ok=True)
        rounds.append(await run_mix(args.games, args.seconds, where, args.seed, args.profile))
        if args.rounds > 1:
            print(round_line(number, rounds[-1].bot, rounds[-1].bare), flush=True)
    result = rounds[len(rounds) // 2]  # the middle round (the only one, by default)
    lines = [
        f"{args.games} concurrent games (mix: {', '.join(k.id for k in MIX)}), {args.seconds:g} s"
    ]
    if args.rounds > 1:
        lines[0] += f"; figures of round {len(rounds) // 2 + 1} of {args.rounds}"
    lines += [f"player trouble (measured anyway): {e}" for e in result.errors[:8]]
    lines += result.bot.lines() + result.bare.lines()
    lines.append(f"the double and players' process: peak RSS {result.double_peak_rss_mb:.0f} MB")
    if args.rounds > 1:
        lines.append(median_summary([(r.bot, r.bare) for r in rounds]))
    else:
        lines.append(summary(result.bot, result.bare))
    return lines


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-load-") as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        lines = asyncio.run(bench(args, folder))
        print(f"(run took {time.perf_counter() - started:.0f} s; logs in {folder})", flush=True)
        print("\n".join(lines), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
