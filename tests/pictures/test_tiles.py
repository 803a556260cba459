"""Pictures pasted from palette tiles (`games.tiles`) show what the tiles drawn in full
colour show, pixel for pixel, however their colours are numbered in each picture."""

from __future__ import annotations

from PIL import Image, ImageDraw

from games import tiles
from games.pictures import font

BACKGROUND = (250, 246, 236)


def _drawn(word: str, ink: tuple[int, int, int], paper: tuple[int, int, int]) -> Image.Image:
    image = Image.new("RGB", (90, 40), paper)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((2, 2, 87, 37), radius=6, outline=ink, width=2)
    draw.text((10, 8), word, font=font(18), fill=ink)  # smoothed: blends of ink and paper
    return image


def _expected(size: tuple[int, int], placed: list[tuple[Image.Image, tuple[int, int]]]) -> bytes:
    image = Image.new("RGB", size, BACKGROUND)
    for drawn, xy in placed:
        image.paste(drawn, xy)
    return image.tobytes()


def test_a_tiled_picture_shows_its_tiles_in_their_colours() -> None:
    red = _drawn("Lama 7", (190, 30, 30), (255, 255, 255))
    blue = _drawn("Lupun", (30, 60, 190), (235, 240, 255))
    green = _drawn("Box 12", (20, 140, 60), (255, 255, 255))
    size = (200, 100)
    first = [(red, (5, 5)), (blue, (100, 5))]
    # The same tiles in a picture with more colours: each takes other indices there.
    second = [(red, (5, 5)), (blue, (100, 5)), (green, (5, 55))]
    for placed in (first, second, first):
        kept = [(tiles.tile(drawn), xy) for drawn, xy in placed]
        picture = tiles.picture(size, BACKGROUND, kept)
        assert picture.mode == "P"
        assert picture.convert("RGB").tobytes() == _expected(size, placed)
