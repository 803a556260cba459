"""Every picture reads as Discord shows it, on a phone and on a desktop.

- A phone shows a picture about 320 px wide (`games.pictures.PHONE_WIDTH`): no text may
  then be smaller than `PHONE_MIN_TEXT` (9 px), and the text a move is decided by (all
  but `minor` text, see `games.pictures.font`) not smaller than `PHONE_KEY_TEXT` (12 px).
- A desktop shrinks an attachment to fit 550 x 350 px: no text may then be smaller than
  `MIN_SHOWN_TEXT` (11 px). A tall picture shrinks by its height, so pictures are at
  most a little higher than wide.
- No sentence in a picture shows a "{placeholder}" it was not given.

Text size is the font size drawn (recorded by `drawn.py`) times the shrink factor.
Short play-outs of each game (the most seats, the longest names, every option variant)
with the table, a few panels and every notice drawn; `sheet.py` draws more of them."""

from __future__ import annotations

from functools import cache

import pytest

from games import registry
from games.pictures import MIN_SHOWN_TEXT, PHONE_KEY_TEXT, PHONE_MIN_TEXT
from tests.pictures.sheet import TALL, Depth, Kind, Measured, shown_text, smallest_of, survey

QUICK = Depth(states=1, steps=1, every_seat=False, crowd=False)
GAMES = [game.id for game in registry.offered()]


@cache
def kinds(game_id: str) -> dict[str, Kind]:
    found, stopped = survey([game_id], seed=1, depth=QUICK)
    assert not stopped, stopped  # a play-out that stops early draws too little
    return found


def _where(name: str, case: Measured, phone: bool, key: bool = False) -> str:
    smallest = smallest_of(case, key)
    scale = case.phone if phone else case.desktop
    return (
        f"{name}: {smallest.text!r} shows {smallest.size * scale:.1f} px high (font "
        f"{smallest.size:.0f} px, picture {case.width}x{case.height} shown at {scale:.0%}; "
        f"{case.where})"
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_no_text_shows_smaller_than_11_px_on_a_desktop(game_id: str) -> None:
    small = [
        _where(name, kind.small, phone=False)
        for name, kind in sorted(kinds(game_id).items())
        if shown_text(kind.small) < MIN_SHOWN_TEXT
    ]
    assert not small, f"text below {MIN_SHOWN_TEXT} px on a desktop:\n" + "\n".join(small)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_text_shows_smaller_than_9_px_on_a_phone(game_id: str) -> None:
    small = [
        _where(name, kind.phone_small, phone=True)
        for name, kind in sorted(kinds(game_id).items())
        if shown_text(kind.phone_small, phone=True) < PHONE_MIN_TEXT
    ]
    assert not small, f"text below {PHONE_MIN_TEXT} px on a phone:\n" + "\n".join(small)


@pytest.mark.parametrize("game_id", GAMES)
def test_what_a_move_is_decided_by_shows_12_px_on_a_phone(game_id: str) -> None:
    small = [
        _where(name, kind.key_small, phone=True, key=True)
        for name, kind in sorted(kinds(game_id).items())
        if shown_text(kind.key_small, phone=True, key=True) < PHONE_KEY_TEXT
    ]
    assert not small, f"key text below {PHONE_KEY_TEXT} px on a phone:\n" + "\n".join(small)


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
