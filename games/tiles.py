"""Pictures pasted together from tiles kept as palette images.

Most pictures are mostly the same from one move to the next: a hand of cards where one
card changed, a sheet where one square was written. Each part (a card, a square, a
frame, a word) is drawn once in full colour and kept as a tile (`tile`); the picture is
the tiles pasted onto a background (`picture`). Drawn in full colour, the whole picture
had to be reduced to 256 colours before writing the PNG: counting its colours and
matching every pixel cost more than the writing itself.

So a tile is kept reduced already, with a palette of its own colours (text smoothed in
`games.pictures.TEXT_LEVELS` steps leaves few). A picture's palette is the colours of
its tiles, sorted; each tile's pixels take their index in it through a lookup table as
they are pasted, and the picture is written as it is (`games.pictures.to_png` writes a
palette picture unchanged): about a third of the cost of a picture drawn in full
colour, and nothing is drawn that did not change.

The palette and the indices follow from the tiles alone, never from what a process drew
before, so the same picture is the same PNG in every process: the table's digest tells
whether the table changed (`bot.discord.tables.fingerprint`), whichever process drew it.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
Placed = tuple[Image.Image, tuple[int, int]]  # a tile and where its top left goes

MOST = 256  # colours in a palette picture
_COLOURS = "tile_colours"  # a tile's `info` entry: its palette, as RGB triples
TEXTS_KEPT = 2048  # text tiles kept (see `text`)


def tile(drawn: Image.Image) -> Image.Image:
    """A full-colour tile as a palette image of its own colours (the nearest 256 of a
    tile with more)."""
    rgb = drawn if drawn.mode == "RGB" else drawn.convert("RGB")
    found = rgb.getcolors(MOST)
    if found is None:
        reduced = rgb.quantize(colors=MOST, method=Image.Quantize.FASTOCTREE)
    else:
        palette = Image.new("P", (1, 1))
        palette.putpalette([c for _, colour in found if isinstance(colour, tuple) for c in colour])
        reduced = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    flat = reduced.getpalette() or []
    count = len(found) if found is not None else len(flat) // 3
    reduced.info[_COLOURS] = tuple(
        (flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]) for i in range(count)
    )
    return reduced


def picture(size: tuple[int, int], background: RGB, placed: Iterable[Placed]) -> Image.Image:
    """`background` of `size` with each tile pasted where it goes: a palette picture of
    their colours, sorted (full colour in the rare picture with more than 256)."""
    tiles = [(_as_tile(image), xy) for image, xy in placed]
    colours = sorted(set().union((background,), *(image.info[_COLOURS] for image, _ in tiles)))
    if len(colours) > MOST:
        image = Image.new("RGB", size, background)
        for found, xy in tiles:
            image.paste(found.convert("RGB"), xy)
        return image
    index = {colour: i for i, colour in enumerate(colours)}
    image = Image.new("P", size, index[background])
    into = image.im  # pasted into directly: Pillow's `paste` checks cost more on small tiles
    for found, (x, y) in tiles:
        mapped = _in_palette(found, tuple(map(index.__getitem__, found.info[_COLOURS])))
        width, height = found.size
        into.paste(mapped, (x, y, x + width, y + height))
    image.putpalette([channel for colour in colours for channel in colour])
    image.info[_COLOURS] = tuple(colours)  # (a picture may be a tile of a larger one)
    return image


def text(
    xy: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    ink: RGB,
    under: RGB,
    anchor: str = "la",
) -> Placed:
    """`text` as `ImageDraw.text(xy, ...)` draws it onto the colour `under`: a tile of
    its own (kept by what it shows), and where it goes. A word that changes alone (a
    label, a card's title) is then not drawn into what does not change around it."""
    x, y = xy
    tile, (left, top) = _text_tile(text, face, ink, under, anchor, (x % 1, y % 1))
    return tile, (math.floor(x) + left, math.floor(y) + top)


@lru_cache(maxsize=TEXTS_KEPT)
def _text_tile(
    text: str,
    face: ImageFont.FreeTypeFont,
    ink: RGB,
    under: RGB,
    anchor: str,
    start: tuple[float, float],
) -> tuple[Image.Image, tuple[int, int]]:
    """The text drawn at `start` (a fraction of a pixel, which its smoothed edges follow),
    and the tile's top left from there. The tile holds `start` too, so that the text is
    drawn from the same fraction."""
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    box = measure.textbbox(start, text, font=face, anchor=anchor)
    left, top = min(0, math.floor(box[0])), min(0, math.floor(box[1]))
    size = (math.ceil(box[2]) + 1 - left, math.ceil(box[3]) + 1 - top)  # 1: the fraction
    drawn = Image.new("RGB", size, under)
    xy = (start[0] - left, start[1] - top)
    ImageDraw.Draw(drawn).text(xy, text, font=face, fill=ink, anchor=anchor)
    return tile(drawn), (left, top)


def _as_tile(image: Image.Image) -> Image.Image:
    return image if _COLOURS in image.info else tile(image)


KEPT_PIXELS = 8_000_000  # of tiles kept in a picture's palette (a byte each)
# By a tile's id and its colours' indices in a picture: the tile's pixels with those
# indices (Pillow's core image, all a paste needs), and the tile itself (so that its id
# is not reused while kept). The next picture of a kind mostly has the same colours, so
# its unchanged tiles are pasted as they were.
_kept: OrderedDict[tuple[int, tuple[int, ...]], tuple[Image.Image, Any]] = OrderedDict()
_kept_pixels = 0
_kept_lock = threading.Lock()  # pictures are also drawn in threads


def _in_palette(found: Image.Image, lookup: tuple[int, ...]) -> Any:
    """`found`'s pixels with each of its colours' index replaced by `lookup`'s, as
    Pillow's core image: `Image.point` would first round its 256 entries in Python and
    copy the palette, more than the mapping itself on a small tile."""
    global _kept_pixels
    key = (id(found), lookup)
    with _kept_lock:
        kept = _kept.get(key)
        if kept is not None:
            _kept.move_to_end(key)
            return kept[1]
    found.load()
    mapped = found.im.point([*lookup, *[0] * (MOST - len(lookup))], None)
    with _kept_lock:
        if key not in _kept:  # (another thread may have mapped it meanwhile)
            _kept_pixels += found.width * found.height
        _kept[key] = (found, mapped)
        while _kept_pixels > KEPT_PIXELS:
            _, (gone, _) = _kept.popitem(last=False)
            _kept_pixels -= gone.width * gone.height
    return mapped
