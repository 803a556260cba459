"""Card tiles for the pictures, drawn once per kind and size and then pasted.

Positive numbers are black and negative numbers green (as printed); jokers, the
Drama-Lama (+3) and the Karma-Lama (-3) carry words as well as colours. Those words
come from the catalog in the reader's language (`words(say)`); the tiles are cached by
kind, size and words.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from games.lama.cards import DRAMA, JOKER, KARMA
from games.pictures import INK, Say, font

RGB = tuple[int, int, int]

CARD_FACE = (255, 253, 247)
CARD_EDGE = (90, 90, 90)
BACK = (52, 73, 94)
BACK_LINE = (88, 112, 135)
NEGATIVE = (0, 120, 60)
JOKER_INK = (120, 60, 160)
DRAMA_FILL = (250, 214, 200)
DRAMA_INK = (170, 40, 20)
KARMA_FILL = (205, 225, 245)
KARMA_INK = (20, 70, 150)


@dataclass(frozen=True)
class Words:
    """The words printed on cards, in one language (hashable: a cache key)."""

    back: str  # on every card's back
    joker: str  # the joker's name, at its foot
    joker_mark: str  # the joker's big letter
    drama: str
    karma: str
    seen: str  # on a face-down card its owner has looked at

    def of(self, kind: str) -> str:
        return {JOKER: self.joker, DRAMA: self.drama, KARMA: self.karma}.get(kind, "")


def words(say: Say) -> Words:
    return Words(
        back=say("lama.picture.face.back"),
        joker=say("lama.picture.face.joker"),
        joker_mark=say("lama.picture.face.joker_mark"),
        drama=say("lama.picture.face.drama"),
        karma=say("lama.picture.face.karma"),
        seen=say("lama.picture.face.seen"),
    )


def _blank(
    width: int, height: int, fill: tuple[int, int, int]
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    tile = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    radius = max(4, width // 9)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1), radius, fill=fill, outline=CARD_EDGE, width=2
    )
    return tile, draw


def _centred(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: RGB
) -> None:
    draw.text(xy, text, font=font(size), fill=fill, anchor="mm")


def _fitting(text: str, size: int, width: int) -> int:
    """The largest font size up to `size` (at least 7) at which `text` fits `width`."""
    while size > 7 and font(size).getlength(text) > width:
        size -= 1
    return size


@cache
def back(width: int, height: int, text: Words) -> Image.Image:
    """A face-down card."""
    tile, draw = _blank(width, height, BACK)
    inset = max(5, width // 10)
    draw.rounded_rectangle(
        (inset, inset, width - 1 - inset, height - 1 - inset), 4, outline=BACK_LINE, width=2
    )
    step = max(8, width // 5)
    for x in range(-height, width, step):
        draw.line((x + inset, height - inset, x + height - inset, inset), fill=BACK_LINE, width=1)
    # Re-draw the frame so the stripes stay inside it.
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1), max(4, width // 9), outline=CARD_EDGE, width=2
    )
    size = _fitting(text.back, max(10, width // 5), width - 2 * inset - 4)
    _centred(draw, (width / 2, height / 2), text.back, size, (200, 210, 220))
    return tile


@cache
def face(kind: str, width: int, height: int, text: Words) -> Image.Image:
    """A face-up card of `kind`."""
    big = int(height * 0.42)
    small = max(10, int(height * 0.14))
    mid = (width / 2, height * 0.46)
    foot = (width / 2, height * 0.82)
    small = _fitting(text.of(kind), small, width - 8)
    if kind == JOKER:
        tile, draw = _blank(width, height, CARD_FACE)
        _centred(draw, mid, text.joker_mark, big, JOKER_INK)
        _centred(draw, foot, text.joker, small, JOKER_INK)
    elif kind == DRAMA:
        tile, draw = _blank(width, height, DRAMA_FILL)
        _centred(draw, mid, "+3", big, DRAMA_INK)
        _centred(draw, foot, text.drama, small, DRAMA_INK)
    elif kind == KARMA:
        tile, draw = _blank(width, height, KARMA_FILL)
        _centred(draw, mid, "-3", big, KARMA_INK)
        _centred(draw, foot, text.karma, small, KARMA_INK)
    else:
        tile, draw = _blank(width, height, CARD_FACE)
        ink = NEGATIVE if kind.startswith("-") else INK
        _centred(draw, (width / 2, height / 2), kind, big, ink)
        corner = max(9, int(height * 0.13))
        draw.text((width * 0.1, height * 0.06), kind, font=font(corner), fill=ink)
    return tile


@cache
def seen(kind: str, width: int, height: int, text: Words) -> Image.Image:
    """A face-down card whose value its owner knows: the back with the value on a badge."""
    tile = back(width, height, text).copy()
    draw = ImageDraw.Draw(tile)
    r = int(min(width, height) * 0.36)
    cx, cy = width / 2, height / 2
    draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=(255, 248, 220), outline=(230, 159, 0), width=3
    )
    mark = {JOKER: text.joker_mark, DRAMA: "+3", KARMA: "-3"}.get(kind, kind)
    ink = {JOKER: JOKER_INK, DRAMA: DRAMA_INK, KARMA: KARMA_INK}.get(
        kind, NEGATIVE if kind.startswith("-") else INK
    )
    _centred(draw, (cx, cy), mark, int(r * 1.05), ink)
    size = _fitting(text.seen, max(9, int(height * 0.1)), width - 8)
    _centred(draw, (width / 2, height * 0.88), text.seen, size, (255, 230, 160))
    return tile


@cache
def special_chip(kind: str, width: int, height: int) -> Image.Image:
    """A small received special card: its value on the card's colour."""
    drama = kind == DRAMA
    tile, draw = _blank(width, height, DRAMA_FILL if drama else KARMA_FILL)
    text = "+3" if drama else "-3"
    _centred(
        draw, (width / 2, height / 2), text, int(height * 0.6), DRAMA_INK if drama else KARMA_INK
    )
    return tile
