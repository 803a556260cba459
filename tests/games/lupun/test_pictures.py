"""The board and task-card pictures: their size, the players' colours and marks, the
rules of reading on a phone, and descriptions that say what the pictures show."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.i18n import t
from games.lupun import GAME
from games.lupun.models import JOKER
from games.lupun.pictures import (
    BOARD_X,
    BOARD_Y,
    CELL,
    FADED,
    board_size,
    hand_tile_box,
    render_board,
    render_tasks,
)
from games.pictures import WIDTH, player_colour, to_png
from tests.games.lupun.rig import deal, keep_all, put
from tests.games.lupun.test_engine import example_round
from tests.games.lupun.test_example import HANDS
from tests.pictures import drawn
from tests.pictures.rules import broken

LONG = ["Anastasia Bartholomew-Lindqvist", "B", "Cleo", "Dan", "Eve", "Fay"]


def say(key: str, **params: object) -> str:
    return t(key, "en", **params)


def speaking(locale: str) -> Callable[..., str]:
    return lambda key, **params: t(key, locale, **params)


def cell_edge(space: int) -> tuple[int, int]:
    """A point on the frame of a tile on `space` (6 px in from the cell)."""
    col, row = space % 4, space // 4
    return BOARD_X + col * CELL + 9, BOARD_Y + row * CELL + CELL // 2


def test_the_board_fits_discord_and_marks_each_tile_with_its_player():
    state = keep_all(deal(6, variant="jokers"))
    state.jokers[2] = 1
    state = put(state, 0, "A1", 7)
    state = put(state, 1, "B1", 3)
    state = put(state, 2, "C1", JOKER)
    image, alt = render_board(GAME.view(state, None), say, LONG, ("A", "B", "C", "D", "E", "F"))
    assert image.size == board_size(6) and image.width <= WIDTH
    image = image.convert("RGB")  # a palette picture (`games.tiles`)
    assert image.getpixel(cell_edge(0)) == player_colour(0)  # a tile in Ana's colour
    assert image.getpixel(cell_edge(2)) == player_colour(2)  # the joker's frame
    assert alt.startswith("Round 1. Row 1: 7 (Anastasia Ba), 3 (B), joker (Cleo), –.")
    assert "Tiles in hand: Anastasia Ba 0 1 2 3 4 5 6 8 9, B 0 1 2 4 5 6 7 8 9," in alt
    assert len(alt) <= 1000


def test_the_round_picture_shows_the_final_board_and_points():
    state = put(example_round(HANDS), 0, "C3", JOKER)
    view = GAME.view(state, None)
    assert view.last_round is not None
    _, alt = render_board(view, say, ["Ana", "Ben", "Cleo"], ("A", "B", "C"), view.last_round)
    assert alt.startswith("Round 1: the final board. Row 1: 6 (Ana), 7 (Ben), 1 (Ana), 0 (Ben).")
    assert "Tiles in hand: Ana " in alt  # as the round left them


def test_task_cards_show_their_points_and_describe_their_sentences():
    for cards in (["t001", "t046", "t085"], ["t001", "t139", "t075", "t130"]):
        image, alt = render_tasks(cards, say, None)
        assert image.width <= WIDTH and image.height < image.width
        for number, card in enumerate(cards, start=1):
            assert f"Task #{number} (" in alt and t(f"lupun.task.{card}", "en") in alt
    _, alt = render_tasks(["t001"], say, None)
    assert alt == "Task #1 (5 points): The sum of column C is exactly 24."


@pytest.mark.parametrize("locale", ["en", "de"])
def test_the_pictures_read_on_a_phone_and_a_desktop(locale: str) -> None:
    """The busiest board (six players, long names, jokers) and three and four task cards
    on a full board keep 12 px on a phone (9 px for labels) and 11 px on a desktop."""
    state = keep_all(deal(6, variant="jokers"))
    state.jokers[2] = 1
    for seat, (space, value) in enumerate(zip(("A1", "B2", "C3"), (7, 0, JOKER), strict=True)):
        state = put(state, seat, space, value)
    view = GAME.view(state, None)
    board = [v if v is not None else 8 for v in view.board]
    with drawn.recording():
        pictures = [
            render_board(view, speaking(locale), LONG, ("An", "B", "C", "D", "E", "F"))[0],
            render_tasks(["t001", "t139", "t075"], speaking(locale), board)[0],
            render_tasks(["t001", "t139", "t075", "t130"], speaking(locale), board)[0],
        ]
        for image in pictures:
            assert broken(to_png(image)) == []


def hand_tile(seat: int, value: int) -> tuple[int, int]:
    """A point inside tile `value` of `seat`'s tiles beside the board (3 px in from its
    left edge, halfway down)."""
    x0, y0, _, y1 = hand_tile_box(seat, value)
    return x0 + 3, (y0 + y1) // 2


def test_the_round_picture_shows_the_tiles_each_player_placed_that_round():
    """Placed tiles are faded in the player's row, the rest held: the round's board,
    not a full row as if no tile had been used."""
    state = put(example_round(HANDS), 0, "C3", JOKER)
    view = GAME.view(state, None)
    report = view.last_round
    assert report is not None
    image, _ = render_board(view, say, ["Ana", "Ben", "Cleo"], ("A", "B", "C"), report)
    image = image.convert("RGB")  # a palette picture (`games.tiles`)
    for seat in range(3):
        placed = {v for v, o in zip(report.board, report.owners, strict=True) if o == seat}
        assert placed and len(placed) < 10
        for value in range(10):
            shown = image.getpixel(hand_tile(seat, value))
            assert isinstance(shown, tuple)
            expected = FADED if value in placed else player_colour(seat)
            # within a few units: the nearest colour the picture's palette has
            assert max(abs(c - e) for c, e in zip(shown, expected, strict=True)) <= 4, (seat, value)
