"""Pictures: phone-sized, drawn from views, with alt text; the scoreboard copes with 200."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from bot.i18n import t
from games.tufteln import GAME
from games.tufteln.models import TuftelnState
from games.tufteln.pictures import (
    BLUE_MARK,
    FILL,
    HIGHLIGHT,
    YELLOW_MARK,
    dice_image,
    draw_grid,
    scoreboard_image,
    sheet_image,
)
from games.tufteln.sheet import field_index


def EN(key: str, **params: Any) -> str:
    return t(key, "en", **params)


def DE(key: str, **params: Any) -> str:
    return t(key, "de", **params)


SARAH = "".join(("113544", "115344", "232222", "546665", "334631", "616662"))


def finished(seats: int, seed: int = 2) -> TuftelnState:
    """A variant-B game played with random legal placements."""
    state = GAME.setup(seats, GAME.parse_options({"variant": "B"}), seed)
    rnd = random.Random(seed)
    while not state.over:
        for seat in range(seats):
            state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))
    return state


def test_own_sheet_mid_game() -> None:
    state = GAME.setup(2, GAME.parse_options({}), seed=5)
    rnd = random.Random(5)
    for _ in range(4):
        for seat in (0, 1):
            state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))
    image, alt = sheet_image(GAME.view(state, 1), EN, name="Jürgen")
    assert 800 <= image.width <= 1100
    assert alt.startswith("Jürgen's Tüfteln sheet, 4 of 15 rolls placed")
    assert "Last placed: " + ", ".join(state.last[1]) in alt


def test_other_sheets_are_not_drawn_while_playing() -> None:
    state = GAME.setup(2, GAME.parse_options({}), seed=5)
    with pytest.raises(ValueError):
        sheet_image(GAME.view(state, 0), EN, seat=1)
    with pytest.raises(ValueError):
        sheet_image(GAME.view(state, None), EN)


def test_colours_and_highlight_are_drawn(play_sheet: Callable[[str], TuftelnState]) -> None:
    view = GAME.view(play_sheet(SARAH), 0)
    assert view.me is not None
    grid = draw_grid(view.me, cell=100)
    plain = draw_grid(view.me, cell=100, highlight=False)

    def pixel(image: Image.Image, name: str, dx: int, dy: int) -> tuple[int, int, int]:
        index = field_index(name)
        assert index is not None
        row, col = divmod(index, 6)
        label, gap = 34, 12  # label band and gap between squares at cell size 100
        x = label + col * 100 + (col // 2) * gap + dx
        y = label + row * 100 + (row // 2) * gap + dy
        return image.getpixel((x, y))  # type: ignore[return-value]

    assert pixel(plain, "A1", 50, 8) == FILL["white"]
    assert pixel(plain, "B1", 50, 8) in (FILL["yellow"], YELLOW_MARK)
    assert pixel(plain, "A2", 50, 8) in (FILL["blue"], BLUE_MARK)
    for name in view.me.last:  # the final placement is outlined
        assert pixel(grid, name, 7, 50) == HIGHLIGHT
        assert pixel(plain, name, 7, 50) != HIGHLIGHT


def test_final_sheet_and_dice() -> None:
    view = GAME.view(finished(3), None)
    image, alt = sheet_image(view, EN, seat=2)
    assert 800 <= image.width <= 1100
    assert "15 of 15 rolls placed" in alt
    dice, alt = dice_image(view, EN, roll=4)
    assert alt == f"Roll 4 of 15: die 1 shows {view.rolls[3][0]}, die 2 shows {view.rolls[3][1]}."
    assert dice.width >= 400


def test_scoreboard_for_200_players_lists_the_top_and_counts_the_rest() -> None:
    view = GAME.view(finished(200), None)
    names = [f"Player number {k}" for k in range(200)]
    image, alt = scoreboard_image(view, EN, names)
    assert 800 <= image.width <= 1100
    assert image.height < 1400
    assert alt.endswith("And 180 more.")
    best = max(s.total for s in view.sheets or [])
    assert f"with {best} points" in alt
    assert len(alt) <= 1000


def test_scoreboard_shares_ranks_on_ties() -> None:
    view = GAME.view(finished(1), None)
    assert view.sheets is not None
    tied = view.model_copy(deep=True)
    tied.sheets = [view.sheets[0], view.sheets[0].model_copy(update={"seat": 1})]
    tied.winners = [0, 1]
    _, alt = scoreboard_image(tied, EN, ["Ana", "Ben"])
    total = view.sheets[0].total
    assert f"1. Ana {total}; 1. Ben {total}" in alt


def test_scoreboard_when_everyone_ties() -> None:
    state = GAME.setup(50, GAME.parse_options({}), seed=3)
    while not state.over:
        state, _ = GAME.expire(state)  # everyone gets the same default sheet
    _, alt = scoreboard_image(GAME.view(state, None), EN)
    assert "50 players share the win" in alt
    assert len(alt) <= 1000


def test_pictures_speak_german() -> None:
    view = GAME.view(finished(3), None)
    _, alt = sheet_image(view, DE, seat=2, name="Jürgen")
    assert alt.startswith("Tüfteln-Zettel von Jürgen") and "15 von 15 Würfen" in alt
    _, alt = dice_image(view, DE, roll=4)
    assert alt.startswith("Wurf 4 von 15: Würfel 1 zeigt")
    _, alt = scoreboard_image(view, DE, ["Ana", "Ben", "Cleo"])
    assert alt.startswith("Tüfteln: Endstand.")
