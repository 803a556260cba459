"""The load benchmark's parts (`tests/bench/bench_load.py` is the entry point).

| module | concern |
| --- | --- |
| `runner.py` | the bot process (or the bare client's) wrapped with a loop-lag sampler |
| `bare.py` | the bare discord.py client: it only defers each interaction |
| `lag.py` | the event-loop lag sampler that runs inside those processes |
| `procs.py` | CPU seconds and peak RSS of a process and its children, from /proc |
| `players.py` | simulated players: open games, join, start, click what they are offered |
| `games.py` | the game mix: how each game is opened and how its players find controls |
| `measure.py` | acknowledgement latencies, requests by route, the printed figures |
| `run.py` | the phases: the bot's run, the same clicks at the bare client, 200 players |
| `stored.py` | a restart's world: stored, open and overdue games (`--overdue`) |
| `catchup.py` | the start-up catch-up: moments, requests, clicks meanwhile, report |
"""
