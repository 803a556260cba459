"""Card tiles for the pictures, drawn once per kind and size and then pasted.

Positive numbers are black and negative numbers green (as printed); jokers, the
Drama-Lama (+3) and the Karma-Lama (-3) carry words as well as colours.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from games.lama.cards import DRAMA, JOKER, KARMA
from games.pictures import INK, font

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


@cache
def back(width: int, height: int) -> Image.Image:
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
    _centred(draw, (width / 2, height / 2), "LAMA", max(10, width // 5), (200, 210, 220))
    return tile


@cache
def face(kind: str, width: int, height: int) -> Image.Image:
    """A face-up card of `kind`."""
    big = int(height * 0.42)
    small = max(10, int(height * 0.14))
    mid = (width / 2, height * 0.46)
    if kind == JOKER:
        tile, draw = _blank(width, height, CARD_FACE)
        _centred(draw, mid, "J", big, JOKER_INK)
        _centred(draw, (width / 2, height * 0.82), "JOKER", small, JOKER_INK)
    elif kind == DRAMA:
        tile, draw = _blank(width, height, DRAMA_FILL)
        _centred(draw, mid, "+3", big, DRAMA_INK)
        _centred(draw, (width / 2, height * 0.82), "DRAMA", small, DRAMA_INK)
    elif kind == KARMA:
        tile, draw = _blank(width, height, KARMA_FILL)
        _centred(draw, mid, "-3", big, KARMA_INK)
        _centred(draw, (width / 2, height * 0.82), "KARMA", small, KARMA_INK)
    else:
        tile, draw = _blank(width, height, CARD_FACE)
        ink = NEGATIVE if kind.startswith("-") else INK
        _centred(draw, (width / 2, height / 2), kind, big, ink)
        corner = max(9, int(height * 0.13))
        draw.text((width * 0.1, height * 0.06), kind, font=font(corner), fill=ink)
    return tile


@cache
def seen(kind: str, width: int, height: int) -> Image.Image:
    """A face-down card whose value its owner knows: the back with the value on a badge."""
    tile = back(width, height).copy()
    draw = ImageDraw.Draw(tile)
    r = int(min(width, height) * 0.36)
    cx, cy = width / 2, height / 2
    draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=(255, 248, 220), outline=(230, 159, 0), width=3
    )
    text = {JOKER: "J", DRAMA: "+3", KARMA: "-3"}.get(kind, kind)
    ink = {JOKER: JOKER_INK, DRAMA: DRAMA_INK, KARMA: KARMA_INK}.get(
        kind, NEGATIVE if kind.startswith("-") else INK
    )
    _centred(draw, (cx, cy), text, int(r * 1.05), ink)
    _centred(draw, (width / 2, height * 0.88), "seen", max(9, int(height * 0.1)), (255, 230, 160))
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
