"""Every picture reads as Discord shows it: on a desktop, Discord shrinks an attachment
to fit 550 x 350 px, and no text may then be smaller than `MIN_SHOWN_TEXT` (11 px); a
tall picture shrinks by its height, so pictures are landscape or square. And no
sentence in a picture shows a "{placeholder}" it was not given.

Short play-outs of each game (the most seats, the longest names, every option variant)
with the table, a few panels and every notice drawn; `sheet.py` draws more of them."""

from __future__ import annotations

from functools import cache

import pytest

from games import registry
from games.pictures import MIN_SHOWN_TEXT
from tests.pictures.sheet import TALL, Depth, Kind, shown_text, survey

QUICK = Depth(states=1, steps=1, every_seat=False, crowd=False)
GAMES = [game.id for game in registry.offered()]


@cache
def kinds(game_id: str) -> dict[str, Kind]:
    found, stopped = survey([game_id], seed=1, depth=QUICK)
    assert not stopped, stopped  # a play-out that stops early draws too little
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_no_text_shows_smaller_than_11_px_on_a_desktop(game_id: str) -> None:
    small = [
        f"{name}: {kind.small.smallest.text!r} shows {shown_text(kind.small):.1f} px high "
        f"(font {kind.small.smallest.size:.0f} px, picture {kind.small.width}x"
        f"{kind.small.height} shown at {kind.small.desktop:.0%}; {kind.small.where})"
        for name, kind in sorted(kinds(game_id).items())
        if kind.small.smallest is not None and shown_text(kind.small) < MIN_SHOWN_TEXT
    ]
    assert not small, f"text below {MIN_SHOWN_TEXT} px as shown:\n" + "\n".join(small)


@pytest.mark.parametrize("game_id", GAMES)
def test_pictures_are_landscape_or_square(game_id: str) -> None:
    tall = [
        f"{name}: {kind.tallest.width}x{kind.tallest.height} ({kind.tallest.where})"
        for name, kind in sorted(kinds(game_id).items())
        if kind.tallest.height > kind.tallest.width * TALL
    ]
    assert not tall, f"higher than {TALL} x the width:\n" + "\n".join(tall)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_sentence_in_a_picture_has_its_parameters(game_id: str) -> None:
    unfilled = [
        f"{name}: {kind.unfilled[0]!r} ({kind.unfilled[1]})"
        for name, kind in sorted(kinds(game_id).items())
        if kind.unfilled is not None
    ]
    assert not unfilled, "a {placeholder} left in a picture:\n" + "\n".join(unfilled)
