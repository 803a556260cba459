"""Pictures as attachments, each drawn and encoded once per look.

Drawing and encoding a picture costs 10-40 ms, and screens are rebuilt far more often
than their pictures change: a Tüfteln panel opened after the next roll shows the sheet
its last placement showed, a table edited for a line of text shows the same village.
`Kept` holds the last pictures by a key of everything they are drawn from, so those
cost a lookup. Adapters run in the drawing workers (`bot.discord.drawing`), so each
worker keeps its own.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image

from bot.discord.ui import Picture
from games.pictures import to_png

Drawn = tuple[Image.Image, str]  # a rendered picture and its alt text


def picture(name: str, drawn: Drawn) -> Picture:
    """A rendered picture (image, alt text) as a PNG attachment."""
    image, alt = drawn
    return Picture(name, to_png(image), alt)


class Kept:
    """The last `size` pictures, by a key of what they are drawn from.

    The key must hold every input of the drawing (the view or the part of it drawn,
    the names, and a sentence of the catalog for the language: a catalog changed under
    a test then draws anew). A wrong key shows a stale picture, so keep it whole."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._pictures: OrderedDict[Hashable, Picture] = OrderedDict()

    def clear(self) -> None:
        self._pictures.clear()

    def picture(self, key: Hashable, name: str, draw: Callable[[], Drawn]) -> Picture:
        """The picture `draw()` renders, as `name`; drawn only if not kept."""
        full = (name, key)
        found = self._pictures.get(full)
        if found is None:
            found = self._pictures[full] = picture(name, draw())
            while len(self._pictures) > self.size:
                self._pictures.popitem(last=False)
        self._pictures.move_to_end(full)
        return found
