"""Kill -9 benchmark: python -m tests.bench.bench_crash [--kills 100] [--seed 1] [--keep DIR]

The crash test (`tests/crash`) with more kills and any seed: the real bot in a
subprocess against the Discord double, SIGKILLed at random moments of players' clicks
and restarted on the same database, while the double answers some of its messages with
a 503, and once stopped ten minutes (by the double's clock) while a change is half
said; then the checks (stored state = replay of the
action log, empty outbox, every move announced in order, the table final, nothing
refused by Discord but the clicks a killed process never answered). Prints the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

from tests.crash.crashes import Figures, crash_run, running_double


async def bench(kills: int, seed: int, folder: Path) -> Figures:
    async with running_double() as double:
        return await crash_run(double, folder, seed=seed, kills=kills)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_crash")
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="keep the database and bot log here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        try:
            figures = asyncio.run(bench(args.kills, args.seed, folder))
        except AssertionError as error:
            print(f"seed {args.seed}: FAILED: {error} (bot log: {folder / 'bot.log'})")
            return 1
        print(f"seed {args.seed}: {figures.line()}; {time.perf_counter() - start:.1f} s")
    return 1 if figures.stale_tables or figures.duplicates else 0


if __name__ == "__main__":
    sys.exit(main())
