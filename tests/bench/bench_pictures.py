"""Picture benchmark: python -m tests.bench.bench_pictures [--games lama,tufteln]

Plays each game (its most seats, seeded), builds tables, panels and notices as the
sheet of `tests.pictures.sheet` does, and prints per picture kind: how many were
built, the median time to build a screen holding one (drawing and encoding; wall clock
and this process's CPU time, which other work on the machine does not inflate), and
for the encoding alone, full colour against the palette PNG that
`games.pictures.to_png` writes: median CPU milliseconds and kilobytes.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections import defaultdict

from PIL import Image

from games import pictures, registry

_captured: list[Image.Image] = []
_encode = pictures.to_png


def _capturing(image: Image.Image) -> bytes:
    _captured.append(image.copy())
    return _encode(image)


def encode_ms(image: Image.Image, palette: bool) -> tuple[float, int]:
    """Median CPU milliseconds of 5 encodings, and the size in bytes."""
    times, size = [], 0
    for _ in range(5):
        start = time.process_time()
        if palette:
            size = len(_encode(image))
        else:
            buffer = io.BytesIO()
            image.save(buffer, format="PNG", compress_level=3)
            size = len(buffer.getvalue())
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times), size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_pictures")
    parser.add_argument("--games", default="", help="game ids, comma-separated (default all)")
    parser.add_argument("--per-kind", type=int, default=12, help="pictures encoded per kind")
    args = parser.parse_args(argv)
    pictures.to_png = _capturing  # before the adapters import it
    from tests.conformance.support import playout
    from tests.pictures.sheet import Depth, cases, kind_of, screens

    depth = Depth(states=6, steps=2, every_seat=False, crowd=False)
    chosen = [g for g in args.games.split(",") if g] or [g.id for g in registry.offered()]
    built: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    images: dict[str, list[Image.Image]] = defaultdict(list)
    for game_id in chosen:
        for case in cases(registry.get(game_id), seed=1, crowd=False)[:1]:
            found = screens(playout(case), depth)
            while True:
                _captured.clear()
                start, start_cpu = time.perf_counter(), time.process_time()
                try:
                    _, screen = next(found)
                except StopIteration:
                    break
                elapsed = (time.perf_counter() - start) * 1000
                used = (time.process_time() - start_cpu) * 1000
                for picture in screen.pictures:
                    kind = kind_of(game_id, picture.name)
                    built[kind].append(elapsed / len(screen.pictures))
                    cpu[kind].append(used / len(screen.pictures))
                if len(_captured) == len(screen.pictures):  # none came from a cache
                    for picture, image in zip(screen.pictures, _captured, strict=True):
                        images[kind_of(game_id, picture.name)].append(image)
    heads = ("built", "screen ms", "screen cpu", "RGB ms", "KB", "palette ms", "KB")
    print(f"{'kind':22} " + " ".join(f"{h:>10}" for h in heads))
    for kind in sorted(built):
        sample = images[kind][:: max(1, len(images[kind]) // args.per_kind)][: args.per_kind]
        rgb = [encode_ms(i, palette=False) for i in sample]
        pal = [encode_ms(i, palette=True) for i in sample]

        def med(values: list[tuple[float, int]], index: int) -> float:
            return statistics.median(v[index] for v in values) if values else float("nan")

        figures = (
            len(built[kind]),
            statistics.median(built[kind]),
            statistics.median(cpu[kind]),
            med(rgb, 0),
            med(rgb, 1) / 1024,
            med(pal, 0),
            med(pal, 1) / 1024,
        )
        print(f"{kind:22} " + " ".join(f"{f:10.1f}" for f in figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
