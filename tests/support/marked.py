"""A catalog that marks every sentence with its language, to prove that all text people
read comes from the catalog, in the right language.

With `marked_catalog(monkeypatch)` every sentence reads `⟦de|...⟧` (or `⟦en|...⟧`).
`unmarked(text, names)` is what is left of a text outside the marks once player names,
numbers, mentions, timestamps, board codes, emoji and punctuation are taken out: it
must be empty. `languages(text)` is the set of languages a text's marks name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

import pytest
from PIL import ImageDraw

from bot import i18n
from bot.discord.ui import Screen, Section, Select, controls
from games.pictures import name_letters
from tests.pictures.drawn import forget_cached_pictures

OPEN, SEP, CLOSE = "⟦", "|", "⟧"
_NOT_WORDS = [
    re.compile(r"<(?:@!?|@&|#)\d+>"),  # mentions and channel links
    re.compile(r"<t:\d+(?::[tTdDfFR])?>"),  # Discord timestamps
    re.compile(r"\b[A-Ha-h]?\d+\b"),  # numbers and board codes (A1, B2, h7)
    re.compile(r"\b[A-H]\b"),  # player letters
]


def marked_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on (this test), every sentence carries its language's mark."""
    original = i18n.catalogs()

    @cache
    def marked() -> dict[str, dict[str, str]]:
        return {
            locale: {key: f"{OPEN}{locale}{SEP}{text}{CLOSE}" for key, text in sentences.items()}
            for locale, sentences in original.items()
        }

    monkeypatch.setattr(i18n, "catalogs", marked)


def _segments(text: str) -> tuple[str, set[str]]:
    """The text outside every mark (marks may nest), and the languages the marks name."""
    outside: list[str] = []
    found: set[str] = set()
    depth = 0
    index = 0
    while index < len(text):
        char = text[index]
        if char == OPEN and text.find(SEP, index) != -1:  # a mark cut short is text
            end = text.find(SEP, index)
            found.add(text[index + 1 : end])
            depth += 1
            index = end + 1
            continue
        if char == CLOSE and depth:
            depth -= 1
        elif depth == 0:
            outside.append(char)
        index += 1
    return "".join(outside), found


def unmarked(text: str, names: Iterable[str] = ()) -> str:
    """The words of `text` that do not come from the catalog ('' when all do)."""
    outside, _ = _segments(text)
    names = list(names)
    for name in sorted(names, key=len, reverse=True):
        outside = outside.replace(name, " ")
        for cut in range(len(name) - 1, 0, -1):  # a name shortened to fit: "Player wi…"
            outside = outside.replace(name[:cut].rstrip() + "…", " ")
    for mark in sorted(name_letters(names), key=len, reverse=True):  # "An", "An1" (a house)
        outside = re.sub(rf"(?<!\w){re.escape(mark)}\d*(?!\w)", " ", outside)
    for pattern in _NOT_WORDS:
        outside = pattern.sub(" ", outside)
    return " ".join(w for w in outside.split() if any(c.isalpha() for c in w))


def languages(text: str) -> set[str]:
    """The languages of the sentences in `text`."""
    return _segments(text)[1]


def texts_of(payload: Any) -> list[str]:
    """Every string a message or component payload (JSON) shows to people, alt texts
    (attachment descriptions) included."""
    shown = ("content", "title", "description", "label", "placeholder", "text")
    found: list[str] = []
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key in shown and isinstance(value, str):
                found.append(value)
            elif isinstance(value, dict | list):
                found += texts_of(value)
    elif isinstance(payload, list):
        for item in payload:
            found += texts_of(item)
    return found


def screen_texts(screen: Screen) -> list[str]:
    """Every text of a screen people read, alt texts and labels included (its blocks'
    too: texts, sections' texts and the buttons beside them)."""
    found = [screen.content, screen.embed_title or "", screen.embed_text or ""]
    found += [p.description for p in screen.pictures]
    for block in screen.blocks:
        if isinstance(block, str):
            found.append(block)
        elif isinstance(block, Section):
            found += block.texts
    for control in controls(screen):
        if isinstance(control, Select):
            found += [control.placeholder, *(o.label for o in control.options)]
            found += [o.description or "" for o in control.options]
        else:
            found.append(control.label)
    return [text for text in found if text]


def record_drawn_text(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on (this test), every string drawn into a picture, in drawing order.
    Pictures and tiles kept drawn are forgotten first, so that they are drawn again."""
    forget_cached_pictures()
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def recording(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kw: Any) -> None:
        drawn.append(str(text))
        original(self, xy, text, *args, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    return drawn
