"""PNG files of palette pictures, written for speed: unfiltered rows, deflated by zlib-ng.

A move's picture is written as a PNG before it is uploaded, and writing was the largest
part of drawing one. Pillow's writer tries PNG's row filters on every row and keeps the
one it guesses compresses best: for these pictures (flat colours and smoothed text in a
palette of a few dozen colours) the unfiltered rows deflate as small, and choosing cost
half the writing. zlib-ng (`zlib_ng`, the zlib of Pillow's own wheels, as a module)
deflates at level 2 in a third or less of the time zlib takes at level 1, into a
smaller file: a Lucky Box hand (628x478) took 1.0 ms to write with Pillow (18 KB) and
takes 0.4 ms here (16 KB). `python -m tests.bench.bench_pictures` measures the
pictures' writing.

Only a plain palette picture (RGB colours, no transparency) is written here; anything
else is left to Pillow (`write` answers None). The same picture gives the same bytes in
every process, as the tables' digests need (`bot.discord.tables.fingerprint`).
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image
from zlib_ng import zlib_ng

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 2  # zlib-ng's: level 1 writes files a third larger, 3 takes twice as long
PALETTE = 3  # PNG's colour type of a palette picture


def write(image: Image.Image) -> bytes | None:
    """`image` as a PNG file, if it is a plain palette picture; else None."""
    palette = image.palette
    if image.mode != "P" or palette is None or palette.mode != "RGB":
        return None
    if "transparency" in image.info:
        return None
    width, height = image.size
    colours = image.getpalette() or [0, 0, 0]
    # Each row starts with its filter type, 0 (none): the picture pasted one pixel in
    # from the left of a row of zeros gives the rows with it, in one copy.
    framed = Image.new("P", (width + 1, height), 0)
    framed.paste(image, (1, 0))
    header = struct.pack(">IIBBBBB", width, height, 8, PALETTE, 0, 0, 0)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(colours[: 3 * 256])),
            _chunk(b"IDAT", zlib_ng.compress(framed.tobytes(), LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    checksum = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", checksum)
