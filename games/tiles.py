"""Pictures pasted together from tiles kept in one palette.

Most pictures are mostly the same from one move to the next: a hand of cards where one
card changed, a sheet where one square was written. Each part (a card, a square, a
frame) is drawn once in full colour and kept as a tile; the picture is the tiles
pasted onto a background. Drawn in full colour, the whole picture then had to be
reduced to 256 colours before writing the PNG: counting its colours and matching
every pixel cost more than the writing itself.

So a picture kind's tiles are kept already reduced, against one palette of the kind
(`Inks`): the colours in the order its tiles first showed them, at most 256 (a tile
bringing more takes the nearest ones). Pasting palette tiles copies their pixels as
they are, and the picture is written as it is (`games.pictures.to_png` writes a
palette picture unchanged): about half the cost of a picture drawn in full colour,
and nothing is drawn that did not change.

The palette only grows, so a tile reduced early stays right. A process draws with its
own: the same picture may be written with other indices in another process, and looks
the same.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

from PIL import Image

RGB = tuple[int, int, int]
Placed = tuple[Image.Image, tuple[int, int]]  # a tile and where its top left goes

MOST = 256  # colours in a palette picture


class Inks:
    """One picture kind's palette: tiles reduced to it (`tile`) and pictures pasted
    together from them (`picture`)."""

    def __init__(self) -> None:
        self._index: dict[RGB, int] = {}
        self._flat: list[int] = []  # the palette as PIL takes it: r, g, b, r, g, b, ...
        self._palette = Image.new("P", (1, 1))
        self._lock = threading.Lock()  # pictures are also drawn in threads

    def __len__(self) -> int:
        return len(self._index)

    def tile(self, drawn: Image.Image) -> Image.Image:
        """A full-colour tile (RGB) in this palette: exactly its colours while the
        palette has room, else the nearest ones it has."""
        colours = drawn.getcolors(MOST) or []
        with self._lock:
            self._add((c[0], c[1], c[2]) for _, c in colours if isinstance(c, tuple))
            palette = self._palette
        return drawn.quantize(palette=palette, dither=Image.Dither.NONE)

    def picture(
        self, size: tuple[int, int], background: RGB, placed: Iterable[Placed]
    ) -> Image.Image:
        """A palette picture of `size`: `background`, and each tile (made by `tile`)
        pasted where it goes."""
        with self._lock:
            self._add((background,))
            fill = self._index.get(background)
        if fill is None:  # the palette is full: its nearest colour
            nearest = self.tile(Image.new("RGB", (1, 1), background)).getpixel((0, 0))
            fill = nearest if isinstance(nearest, int) else 0
        image = Image.new("P", size, fill)
        for tile, xy in placed:  # (tiles made meanwhile may bring colours)
            image.paste(tile, xy)
        with self._lock:
            image.putpalette(self._flat)
        return image

    def _add(self, colours: Iterable[RGB]) -> None:
        fresh = False
        for colour in colours:
            if colour not in self._index and len(self._index) < MOST:
                self._index[colour] = len(self._index)
                self._flat.extend(colour[:3])
                fresh = True
        if fresh:
            palette = Image.new("P", (1, 1))
            palette.putpalette(self._flat)
            self._palette = palette
