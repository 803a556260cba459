"""Pictures as attachments, each drawn and encoded once per look.

Drawing and encoding a picture costs 5-20 ms, and screens are rebuilt far more often
than their pictures change: a Tüfteln panel opened after the next roll shows the sheet
its last placement showed, a table edited for a line of text shows the same village.
`Kept` holds the last pictures by a key of everything they are drawn from, so those
cost a lookup.

Adapters run in the drawing workers (`bot.discord.drawing`), so each worker keeps its
own; and the worker that builds a screen is not always the one that built the same
reader's last. So a build may also be handed pictures (`sharing`): those the same
reader's last screens used, each under a digest of what it is drawn from (the drawing
function, the name and the key). A picture is taken from there only under the digest
its own inputs give, so it is always the picture the build would draw.

A worker is handed only the digests (`held`): the bot's process holds those pictures,
so a worker answers one of them by name alone (`is_held`) and the bot puts its own
copy in (`bot.discord.drawing`): an unchanged picture crosses no pipe.
"""

from __future__ import annotations

import functools
import hashlib
import pickle
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Mapping, Set
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from PIL import Image

from bot.discord.ui import Picture
from games.pictures import to_png

Drawn = tuple[Image.Image, str]  # a rendered picture and its alt text
Digest = bytes  # of what a picture is drawn from (see `digest`)


def picture(name: str, drawn: Drawn) -> Picture:
    """A rendered picture (image, alt text) as a PNG attachment."""
    image, alt = drawn
    return Picture(name, to_png(image), alt)


def held(name: str) -> Picture:
    """A picture the build's caller holds (see `sharing`): its name, and no data."""
    return Picture(name, b"", "")


def is_held(picture: Picture) -> bool:
    return not picture.data


@dataclass
class Shared:
    """The pictures one build was handed (or only their digests: pictures its caller
    holds), and those it used (by digest)."""

    given: Mapping[Digest, Picture] | Set[Digest]
    used: dict[Digest, Picture] = field(default_factory=dict)

    def take(self, known: Digest, name: str) -> Picture | None:
        if isinstance(self.given, Mapping):
            return self.given.get(known)
        return held(name) if known in self.given else None


_shared: ContextVar[Shared | None] = ContextVar("shared_pictures", default=None)


@contextmanager
def sharing(given: Mapping[Digest, Picture] | Set[Digest]) -> Iterator[dict[Digest, Picture]]:
    """Within: `Kept` takes a picture from `given` rather than draw it, and notes every
    picture it returns in the dictionary yielded. Given only digests, it returns a
    `held` picture for one of them: the caller puts its own copy in."""
    shared = Shared(given)
    token = _shared.set(shared)
    try:
        yield shared.used
    finally:
        _shared.reset(token)


def digest(name: str, key: Hashable, draw: Callable[[], Drawn]) -> Digest | None:
    """The same in every process for the same inputs; None if the key does not pickle."""
    try:
        data = pickle.dumps((_drawer(draw), name, key), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None
    return hashlib.blake2b(data, digest_size=16).digest()


def _drawer(draw: Callable[[], Drawn]) -> str:
    """The drawing function's name (a partial's function's)."""
    while isinstance(draw, functools.partial):
        draw = draw.func
    return f"{getattr(draw, '__module__', '')}.{getattr(draw, '__qualname__', repr(draw))}"


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
        """The picture `draw()` renders, as `name`; drawn only if neither kept nor
        handed in (see `sharing`)."""
        full = (name, key)
        shared = _shared.get()
        known = digest(name, key, draw) if shared is not None else None
        # What the caller holds first: a held picture need not cross back to it.
        found = shared.take(known, name) if shared is not None and known is not None else None
        if found is None:
            found = self._pictures.get(full)
        if found is None:
            found = picture(name, draw())
        if not is_held(found):  # a held picture's data is the caller's, not kept here
            self._pictures[full] = found
            self._pictures.move_to_end(full)
            while len(self._pictures) > self.size:
                self._pictures.popitem(last=False)
        if shared is not None and known is not None:
            shared.used[known] = found
        return found
