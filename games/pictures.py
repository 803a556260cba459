"""Shared drawing helpers for the games' pictures (Pillow).

No system fonts: DejaVu Sans ships in `games/fonts` (with its licence) so pictures
look the same in a slim container, with umlauts, accents and symbols that Pillow's
bundled font lacks.
Colours come from the Okabe-Ito palette, which stays distinct for colour-blind
players; every player colour is paired with a letter or shape in the pictures.

Every word a picture shows, and its description (alt text), comes from the message
catalog in the reader's language: a picture function takes a `Say` (the adapter
passes `ctx.say`) and never writes a sentence of its own.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Hashable, Sequence
from functools import cache, partial
from pathlib import Path
from typing import Any

from PIL import Image, ImageFont

from games import png

Say = Callable[..., str]
"""A catalog sentence in the reader's language: `say(key, **params)`."""


# Okabe-Ito: distinguishable with the common colour-vision deficiencies.
PLAYER_COLOURS: tuple[tuple[int, int, int], ...] = (
    (0, 114, 178),  # blue
    (230, 159, 0),  # orange
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (86, 180, 233),  # sky blue
    (213, 94, 0),  # vermillion
    (240, 228, 66),  # yellow
    (0, 0, 0),  # black
)
PLAYER_LETTERS = "ABCDEFGH"

BACKGROUND = (246, 243, 236)
INK = (33, 33, 33)
MUTED = (120, 120, 120)


FONTS = Path(__file__).parent / "fonts"


class _Font(ImageFont.FreeTypeFont):
    """A font that renders and measures each text once. A picture is redrawn with
    mostly the same words (titles, labels, names, numbers), and rendering them with
    FreeType was a fifth of a picture's cost; the rendered masks are only read when
    drawn (`ImageDraw.text`), so one mask serves every picture.

    Its edges are smoothed in `TEXT_LEVELS` steps rather than 256: at the size a
    picture is shown nobody sees the difference, and a picture then holds few enough
    colours (flat fills, and those steps between a text's colour and what is under
    it) to be written with exactly its own colours (see `to_png`)."""

    KEPT = 2048  # texts per font, then it starts afresh
    minor = False  # see `font`

    def __init__(self, path: str, size: int) -> None:
        super().__init__(path, size)
        self._masks: dict[Hashable, tuple[Any, tuple[int, int]]] = {}
        self._lengths: dict[Hashable, float] = {}

    def getmask2(self, text: Any, mode: str = "", *args: Any, **kwargs: Any) -> Any:
        render = partial(_stepped, super().getmask2, text, mode, *args, **kwargs)
        return kept(self._masks, _key(text, mode, args, kwargs), render, self.KEPT)

    def getlength(self, text: Any, mode: str = "", *args: Any, **kwargs: Any) -> float:
        measure = partial(super().getlength, text, mode, *args, **kwargs)
        return float(kept(self._lengths, _key(text, mode, args, kwargs), measure, self.KEPT))


TEXT_LEVELS = 16  # steps of a text's smoothed edge (see `_Font`)
_STEPS = [round(round(v * (TEXT_LEVELS - 1) / 255) * 255 / (TEXT_LEVELS - 1)) for v in range(256)]


def _stepped(render: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """A rendered text mask with its coverage in `TEXT_LEVELS` steps."""
    mask, offset = render(*args, **kwargs)
    if mask.mode == "L":
        mask = mask.point(_STEPS, "L")
    return mask, offset


def _key(text: Any, mode: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Hashable:
    """The arguments as a key (lists, e.g. font features, as tuples); None if some
    argument cannot be one."""
    plain = tuple(tuple(a) if isinstance(a, list) else a for a in args)
    key = (text, mode, plain, tuple(sorted(kwargs.items())))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def kept(found: dict[Hashable, Any], key: Hashable, compute: Callable[[], Any], most: int) -> Any:
    """`compute()`, kept in `found` under `key` (None: not kept); `found` keeps the
    `most` last used (a dictionary keeps its order: the last used go to its end)."""
    if key is None:
        return compute()
    value = found.pop(key, None)
    if value is None:
        value = compute()
        while len(found) >= most:
            try:
                found.pop(next(iter(found)), None)
            except RuntimeError:  # changed by another thread meanwhile (tests draw in threads)
                break
    found[key] = value
    return value


@cache
def font(size: int, bold: bool = False, minor: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (or its bold face) at `size` pixels. `minor`: text no move depends on
    (a label, a coordinate, a word the message says too), which may show smaller on a
    phone than the rest (`PHONE_MIN_TEXT` against `PHONE_KEY_TEXT`)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    face = _Font(str(FONTS / name), size)
    face.minor = minor
    return face


def player_colour(seat: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_letter(seat: int) -> str:
    """A seat's fallback letter (A for seat 0), for names that give no letter."""
    return PLAYER_LETTERS[seat % len(PLAYER_LETTERS)]


def name_letters(names: Sequence[str]) -> tuple[str, ...]:
    """A short, distinct mark per seat taken from the player's name (Ana -> "A").

    Players find themselves by their own initial, not by their seat. When initials
    clash, the names' first two letters tell them apart (Ana "An", Anke "Ak"); a name
    without letters (an emoji) falls back to the seat letter. Marks are 1-2 characters.
    """
    words = ["".join(c for c in name if c.isalpha()) for name in names]
    initials = [word[:1].upper() for word in words]
    marks: list[str] = []
    for seat, word in enumerate(words):
        first = initials[seat]
        if not word:
            mark = player_letter(seat)
        elif initials.count(first) == 1:
            mark = first
        else:  # the first of its next letters that no earlier player took
            tried = (first + char.lower() for char in word[1:])
            mark = next((m for m in tried if m not in marks), f"{first}{seat + 1}")
        marks.append(mark)
    return tuple(marks)


# How large Discord shows a picture. Every picture is sent as a plain attachment, which
# on a desktop shows larger than an embed's image (about 400 x 300): at most 550 px wide
# and 350 px high, shrunk to fit both. A phone gives it about 320 px of width (beside the
# avatar gutter) and scrolls a tall one.
SHOWN_WIDTH = 550
SHOWN_HEIGHT = 350
PHONE_WIDTH = 320
MIN_SHOWN_TEXT = 11  # no text smaller than this, in pixels, as shown on a desktop
PHONE_MIN_TEXT = 9  # no text smaller than this as shown on a phone
PHONE_KEY_TEXT = 12  # what a move is decided by (all but `minor` text), on a phone

# Pictures are drawn for the phone: 640 px wide (shown at half size there) and at most
# about as high, with fewer, larger things in them; names, counts, scores and small
# print go in the message's words. At that size, up to 700 px high, these font sizes
# keep every rule above on both screens (`smallest_font` for other sizes).
WIDTH = 640
MINOR = 22  # the smallest `minor` text
KEY = 24  # the smallest text of any other kind


def shown_scale(width: int, height: int) -> float:
    """By how much Discord shrinks a `width` x `height` picture on a desktop."""
    return min(1.0, SHOWN_WIDTH / width, SHOWN_HEIGHT / height)


def phone_scale(width: int, height: int) -> float:
    """By how much a phone shrinks it (width-bound; tall pictures scroll)."""
    return min(1.0, PHONE_WIDTH / width)


def smallest_font(width: int, height: int, minor: bool = False) -> int:
    """The smallest font size that keeps the rules in a `width` x `height` picture: at
    least `MIN_SHOWN_TEXT` px on a desktop, and `PHONE_MIN_TEXT` (`minor` text) or
    `PHONE_KEY_TEXT` px on a phone."""
    phone = (PHONE_MIN_TEXT if minor else PHONE_KEY_TEXT) / phone_scale(width, height)
    desktop = MIN_SHOWN_TEXT / shown_scale(width, height)
    return math.ceil(max(phone, desktop) - 1e-9)


def to_png(image: Image.Image) -> bytes:
    """Encode for Discord: a palette PNG with fast compression.

    The pictures are flat colours and smoothed text, which 256 colours render without
    a visible difference; the palette makes encoding about twice as fast and the file
    about half as large as full colour (pictures are re-rendered often, and every byte
    is uploaded). `python -m tests.bench.bench_pictures` measures both. A palette
    picture (pasted together from tiles, `games.tiles`) is written as it is, by
    `games.png` (Pillow's writer, at its fastest level, takes what that leaves).
    """
    indexed = image if image.mode == "P" else _palette_image(image)
    written = png.write(indexed)
    if written is not None:
        return written
    buffer = io.BytesIO()
    indexed.save(buffer, format="PNG", compress_level=1)
    return buffer.getvalue()


def _palette_image(image: Image.Image) -> Image.Image:
    """The picture in at most 256 colours: exactly its own when it has no more (text
    drawn with `font` leaves few), else a palette found on a half-size copy (a quarter
    of the pixels; the blends of smoothed edges are all there), to which every pixel
    takes its nearest colour."""
    if image.mode != "RGB":  # e.g. RGBA
        return image.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    colours = image.getcolors(256)
    if colours is not None:
        palette = Image.new("P", (1, 1))
        rgb = [colour for _, colour in colours if isinstance(colour, tuple)]
        palette.putpalette([channel for colour in rgb for channel in colour])
    else:
        palette = image.reduce(2).quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    return image.quantize(palette=palette, dither=Image.Dither.NONE)
