"""The text drawn into pictures, filed per encoded PNG.

While `recording()` is on, every string drawn with `ImageDraw.text` is noted on the
image it is drawn into, with its font size. Pasting or copying an image carries its
notes along (card tiles are drawn once, cached and pasted into many pictures, also by
`games.tiles.picture`, which pastes Pillow's core images), resizing
scales them, and writing an image as a PNG (`games.png`, or Pillow's `save`) files its
notes under the PNG's bytes, so `texts(png)` tells what a picture shows even when an
adapter's cache served it.
"""

from __future__ import annotations

import hashlib
import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from PIL import Image, ImageDraw

from bot.discord.adapters.pictures import Kept
from games import pictures, png, tiles

_NOTES = "_drawn_texts"  # the attribute of an image that holds its notes


@dataclass(frozen=True)
class Drawn:
    text: str
    size: float  # the font size in pixels, on the saved picture
    minor: bool = False  # drawn in a `minor` font (`games.pictures.font`)


_by_png: dict[bytes, tuple[Drawn, ...]] = {}  # a PNG's digest -> what was drawn in it


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def texts(png: bytes) -> tuple[Drawn, ...] | None:
    """Every string drawn into the picture, or None if it was encoded unrecorded."""
    return _by_png.get(_digest(png))


def _notes(image: Image.Image) -> list[Drawn]:
    found: list[Drawn] = getattr(image, _NOTES, [])
    return found


def _add(image: Image.Image, found: list[Drawn]) -> None:
    if found:
        setattr(image, _NOTES, [*_notes(image), *found])


@contextmanager
def recording() -> Iterator[None]:
    """Note the text of every picture drawn and encoded meanwhile (cached pictures and
    tiles drawn before are forgotten first, so they are drawn again)."""
    forget_cached_pictures()
    draw_text = ImageDraw.ImageDraw.text
    paste, new, resize, save = (
        Image.Image.paste,
        Image.Image._new,
        Image.Image.resize,
        Image.Image.save,
    )

    def text_(
        self: ImageDraw.ImageDraw,
        xy: Any,
        text: Any,
        fill: Any = None,
        font: Any = None,
        *args: Any,
        **kw: Any,
    ) -> None:
        face = font if font is not None else self._getfont(kw.get("font_size"))
        size = float(getattr(face, "size", 0))
        minor = bool(getattr(face, "minor", False))
        lines = str(getattr(text, "text", text)).splitlines()
        _add(self._image, [Drawn(line, size, minor) for line in lines if line.strip()])
        draw_text(self, xy, text, fill, font, *args, **kw)

    def paste_(self: Image.Image, im: Any, *args: Any, **kw: Any) -> None:
        paste(self, im, *args, **kw)
        if isinstance(im, Image.Image):
            _add(self, _notes(im))

    def new_(self: Image.Image, im: Any) -> Image.Image:
        out = new(self, im)  # copies, conversions: the same text
        _add(out, _notes(self))
        return out

    def resize_(self: Image.Image, size: Any, *args: Any, **kw: Any) -> Image.Image:
        out = resize(self, size, *args, **kw)
        scale = min(out.width / self.width, out.height / self.height)
        setattr(out, _NOTES, [Drawn(d.text, d.size * scale, d.minor) for d in _notes(self)])
        return out

    def save_(self: Image.Image, fp: Any, *args: Any, **kw: Any) -> None:
        save(self, fp, *args, **kw)
        if isinstance(fp, io.BytesIO):
            _by_png[_digest(fp.getvalue())] = tuple(_notes(self))

    tiled = tiles.picture

    def tiled_(size: Any, background: Any, placed: Any) -> Image.Image:
        placed = list(placed)
        out = tiled(size, background, placed)
        if not _notes(out):  # (pasted in full colour, the notes came with each paste)
            for image, _ in placed:
                _add(out, _notes(image))
        return out

    write = png.write

    def write_(image: Image.Image) -> bytes | None:
        data = write(image)
        if data is not None:
            _by_png[_digest(data)] = tuple(_notes(image))
        return data

    patches: list[tuple[Any, str, Any, Any]] = [
        (ImageDraw.ImageDraw, "text", text_, draw_text),
        (Image.Image, "paste", paste_, paste),
        (Image.Image, "_new", new_, new),
        (Image.Image, "resize", resize_, resize),
        (Image.Image, "save", save_, save),
        (png, "write", write_, write),
        (tiles, "picture", tiled_, tiled),
    ]
    for owner, name, patched, _ in patches:
        setattr(owner, name, patched)
    try:
        yield
    finally:
        for owner, name, _, original in patches:
            setattr(owner, name, original)


def forget_cached_pictures() -> None:
    """Empty the caches of drawn images in the games' drawing modules (`functools.cache`)
    and the adapters' caches of encoded pictures (`Kept`)."""
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(("games.", "bot.discord.adapters.")):
            continue
        found = vars(module)
        draws = any(_from_pillow(value) for value in found.values())
        for value in list(found.values()):
            defined_here = getattr(value, "__module__", None) == name
            if draws and defined_here and hasattr(value, "cache_clear"):
                if value is not pictures.font:  # a font draws nothing by itself
                    value.cache_clear()
            elif isinstance(value, Kept):
                value.clear()


def _from_pillow(value: object) -> bool:
    """A Pillow module or something defined in one (`Image`, `ImageDraw.Draw`)."""
    where = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", "")
    return isinstance(where, str) and where.split(".")[0] == "PIL"
