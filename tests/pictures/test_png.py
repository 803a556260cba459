"""The PNG writer of palette pictures (`games.png`): what it writes reads back as the
picture, pixel for pixel, and what it cannot write is left to Pillow."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from games import png
from games.pictures import BACKGROUND, INK, PLAYER_COLOURS, font, to_png


def _picture() -> Image.Image:
    """Flat colours and smoothed text, as the games draw, in a palette."""
    image = Image.new("RGB", (301, 97), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for seat, colour in enumerate(PLAYER_COLOURS):
        draw.rectangle((seat * 37, 50, seat * 37 + 30, 90), fill=colour)
    draw.text((4, 4), "Ana 14 · Ben 9", fill=INK, font=font(24))
    return image.quantize(colors=256, method=Image.Quantize.FASTOCTREE)


def test_a_palette_picture_reads_back_pixel_for_pixel() -> None:
    picture = _picture()
    written = png.write(picture)
    assert written is not None and written.startswith(png.SIGNATURE)
    with Image.open(io.BytesIO(written)) as back:
        back.load()
        assert back.mode == "P" and back.size == picture.size
        assert back.convert("RGB").tobytes() == picture.convert("RGB").tobytes()
    assert png.write(_picture()) == written  # the same picture, the same bytes


def test_what_it_does_not_write_pillow_does() -> None:
    transparent = _picture()
    transparent.info["transparency"] = 0
    assert png.write(transparent) is None
    assert png.write(Image.new("RGB", (4, 4))) is None
    rgba = Image.new("RGBA", (40, 20), (10, 20, 30, 128))
    with Image.open(io.BytesIO(to_png(rgba))) as back:
        assert back.size == (40, 20)
