"""The rules of `test_readable.py` for one picture, for the games' own picture tests."""

from __future__ import annotations

import io

from PIL import Image

from games.pictures import (
    MIN_SHOWN_TEXT,
    PHONE_KEY_TEXT,
    PHONE_MIN_TEXT,
    phone_scale,
    shown_scale,
)
from tests.pictures import drawn
from tests.pictures.sheet import TALL


def broken(png: bytes) -> list[str]:
    """What in an encoded picture (drawn while `drawn.recording()` was on) breaks the
    rules: text below 11 px on a desktop or 9 px on a phone, key text below 12 px on a
    phone, a shape more than `TALL` times higher than wide."""
    texts = drawn.texts(png)
    assert texts is not None, "the picture was encoded before recording began"
    with Image.open(io.BytesIO(png)) as image:
        width, height = image.size
    desktop, phone = shown_scale(width, height), phone_scale(width, height)
    found = [f"{width}x{height} is taller than {TALL} x its width"] if height > TALL * width else []
    for text in texts:
        if text.size * desktop < MIN_SHOWN_TEXT:
            found.append(f"{text.text!r} shows {text.size * desktop:.1f} px on a desktop")
        least = PHONE_MIN_TEXT if text.minor else PHONE_KEY_TEXT
        if text.size * phone < least:
            found.append(f"{text.text!r} shows {text.size * phone:.1f} px on a phone")
    return found
