"""Garbage collection for a long-lived process: once start-up is done, `settle()`.

What start-up made (modules, the games, the catalog, fonts) lives as long as the
process: frozen, it is left out of every collection, whose full passes otherwise stop
the event loop for about 50 ms each (a drawing worker's for about 40 ms).

And the youngest generation is collected less often: a click allocates thousands of
objects, most of them gone by its end, but every 700 allocations (Python's default)
some are still in use and move on to the older generations, which are then collected
again and again. Under load (`tests/bench/bench_load.py`) collections took 7 % of the
bot's main process's CPU at 700 and 4 % at 5,000 (each young collection then about
5 ms), and a drawing worker's 3.6 % and 1.1 %.
"""

from __future__ import annotations

import gc
from functools import cache

YOUNGEST = 5_000  # allocations between two collections of the youngest generation


@cache
def settle() -> None:
    """Once per process (the tests start many bots in one)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNGEST, *gc.get_threshold()[1:])
