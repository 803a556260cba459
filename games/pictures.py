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
from collections.abc import Callable
from functools import cache
from pathlib import Path

from PIL import Image, ImageFont

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


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (or its bold face) at `size` pixels."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


def player_colour(seat: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_letter(seat: int) -> str:
    return PLAYER_LETTERS[seat % len(PLAYER_LETTERS)]


def to_png(image: Image.Image) -> bytes:
    """Encode for Discord: PNG, fast compression (pictures are re-rendered often)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()
