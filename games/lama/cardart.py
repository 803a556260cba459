"""Card tiles for the pictures, drawn once per kind and size and then pasted.

Positive numbers are black and negative numbers green (as printed); jokers, the
Drama-Lama (+3) and the Karma-Lama (-3) carry words as well as colours. Those words
come from the catalog in the reader's language (`words(say)`); the tiles are cached by
kind, size and words.

A card's value is never drawn smaller than `games.pictures.KEY` pixels, its words (the
back's, a joker's or special card's name, "seen") never smaller than `MINOR`: a word that
does not fit a small card at that size is left out, its value and colour still say it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from games.lama.cards import DRAMA, JOKER, KARMA
from games.pictures import INK, KEY, MINOR, Say, font

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
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    minor: bool = False,
) -> None:
    draw.text(xy, text, font=font(size, minor=minor), fill=fill, anchor="mm")


SMALLEST = KEY  # the smallest value on a card, in pixels
SMALLEST_WORD = MINOR  # the smallest word on a card


def _fitting(text: str, size: int, width: float, smallest: int = SMALLEST) -> int | None:
    """The largest font size up to `size` (at least `smallest`) at which `text` fits
    `width`, or None when even the smallest does not."""
    size = max(size, smallest)
    while size > smallest and font(size).getlength(text) > width:
        size -= 1
    return size if font(size).getlength(text) <= width else None


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
    size = _fitting(text.back, width // 5, width - 2 * inset - 8, SMALLEST_WORD)
    if size is not None and height > 3 * size:
        _centred(draw, (width / 2, height / 2), text.back, size, (200, 210, 220), minor=True)
    return tile


@cache
def face(kind: str, width: int, height: int, text: Words) -> Image.Image:
    """A face-up card of `kind`: its value large; on a card large enough, the name of a
    joker or special card at its foot. (No corner value: a panel's corners carry the
    positions' numbers.)"""
    mark = {JOKER: text.joker_mark, DRAMA: "+3", KARMA: "-3"}.get(kind, kind)
    big = _fitting(mark, int(height * 0.42), width - 8) or SMALLEST
    small = _fitting(text.of(kind), int(height * 0.14), width - 8, SMALLEST_WORD)
    if small is not None and height < 4 * small:
        small = None  # no room for a word below the value
    mid = (width / 2, height * (0.42 if small else 0.5))
    foot = (width / 2, height * 0.82)
    if kind in (JOKER, DRAMA, KARMA):
        fill, ink = {
            JOKER: (CARD_FACE, JOKER_INK),
            DRAMA: (DRAMA_FILL, DRAMA_INK),
            KARMA: (KARMA_FILL, KARMA_INK),
        }[kind]
        tile, draw = _blank(width, height, fill)
        _centred(draw, mid, mark, big, ink)
        if small is not None:
            _centred(draw, foot, text.of(kind), small, ink, minor=True)
        return tile
    tile, draw = _blank(width, height, CARD_FACE)
    ink = NEGATIVE if kind.startswith("-") else INK
    _centred(draw, (width / 2, height / 2), kind, big, ink)
    return tile


@cache
def joker_as(value: int, width: int, height: int, text: Words) -> Image.Image:
    """A joker counted as `value` at the end of a round: its mark and '=7'."""
    tile, draw = _blank(width, height, CARD_FACE)
    size = max(SMALLEST, int(height * 0.34))
    _centred(draw, (width / 2, height * 0.3), text.joker_mark, size, JOKER_INK)
    equals = f"={value}"
    fitted = _fitting(equals, size, width - 6) or SMALLEST
    _centred(draw, (width / 2, height * 0.72), equals, fitted, JOKER_INK)
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
    _centred(draw, (cx, cy), mark, max(SMALLEST, int(r * 1.05)), ink)
    size = _fitting(text.seen, int(height * 0.11), width - 12, SMALLEST_WORD)
    if size is not None and height * 0.12 >= size * 0.9:
        # On the dark frame below the badge.
        _centred(draw, (width / 2, height * 0.9), text.seen, size, (255, 230, 160), minor=True)
    return tile
