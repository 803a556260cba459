"""Pictures: sized for how a phone and a desktop show them, drawn from views, with alt
text; the standings cope with 200 players."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bot.i18n import t
from games.pictures import WIDTH, Say, name_letters, to_png
from games.tufteln import GAME
from games.tufteln.models import TuftelnState, TuftelnView
from games.tufteln.pictures import (
    BLUE_MARK,
    FILL,
    HIGHLIGHT,
    YELLOW_MARK,
    Grid,
    dice_image,
    draw_grid,
    scoreboard_image,
    sheet_image,
)
from games.tufteln.sheet import field_index
from tests.pictures import drawn as recorded
from tests.pictures.rules import broken


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


def midgame(rolls: int = 4) -> TuftelnState:
    state = GAME.setup(2, GAME.parse_options({}), seed=5)
    rnd = random.Random(5)
    for _ in range(rolls):
        for seat in (0, 1):
            state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))
    return state


@contextmanager
def font_sizes() -> Iterator[list[tuple[str, float]]]:
    """Every string drawn meanwhile, with its font size (the tiles kept from pictures
    before are forgotten first, so they are drawn again)."""
    recorded.forget_cached_pictures()
    drawn: list[tuple[str, float]] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, words: Any, *args: Any, **kw: Any) -> None:
        face = kw.get("font") or (args[1] if len(args) > 1 else None)
        drawn.append((str(words), float(getattr(face, "size", 0))))
        original(self, xy, words, *args, **kw)

    setattr(ImageDraw.ImageDraw, "text", text)  # noqa: B010 (a patch mypy would refuse)
    try:
        yield drawn
    finally:
        setattr(ImageDraw.ImageDraw, "text", original)  # noqa: B010


LONG = "Friederike-Josephine von Hohenstein"  # Discord allows 32 characters; longer still fits
PEOPLE = ["Ana", "Anke", "Ben", "Cleo", "Dora", LONG, "Emil", "Gustav", "Hanna", "Ida"]


def every_picture(say: Say) -> Iterator[tuple[str, Callable[[], tuple[Image.Image, str]]]]:
    """Each kind of picture at its largest cases: the roll, a sheet in play and at the
    end of a solo game (with its rating), the standings of 2, 3, 5, 10 and 200."""
    yield "roll", lambda: dice_image(GAME.view(finished(1), None), say, roll=15)
    yield "sheet", lambda: sheet_image(GAME.view(midgame(), 1), say, name=LONG)
    yield "solo sheet", lambda: sheet_image(GAME.view(finished(1), 0), say, name=LONG)
    for seats in (1, 2, 3, 5, 10, 200):
        names = (PEOPLE * 20)[:seats]

        def standings(seats: int = seats, names: list[str] = names) -> tuple[Image.Image, str]:
            view = GAME.view(finished(seats), None)
            return scoreboard_image(view, say, names, name_letters(names))

        yield f"standings of {seats}", standings


@pytest.mark.parametrize("say", [EN, DE], ids=["en", "de"])
def test_every_picture_reads_on_a_phone_and_a_desktop(say: Say) -> None:
    with recorded.recording():
        for kind, draw in every_picture(say):
            image, alt = draw()
            assert image.width <= WIDTH, kind
            assert broken(to_png(image)) == [], kind
            assert alt and len(alt) <= 1000, kind


def test_own_sheet_mid_game() -> None:
    state = midgame()
    image, alt = sheet_image(GAME.view(state, 1), EN, name="Jürgen")
    assert image.size == (WIDTH, WIDTH)
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
    grid = Grid(100)
    marked = draw_grid(view.me, grid)
    plain = draw_grid(view.me, grid, highlight=False)

    def pixel(image: Image.Image, name: str, dx: int, dy: int) -> tuple[int, int, int]:
        index = field_index(name)
        assert index is not None
        x, y, _, _ = grid.box(index)
        return image.convert("RGB").getpixel((x + dx, y + dy))  # type: ignore[return-value]

    assert pixel(plain, "A1", 50, 8) == FILL["white"]
    assert pixel(plain, "B1", 50, 8) in (FILL["yellow"], YELLOW_MARK)
    assert pixel(plain, "A2", 50, 8) in (FILL["blue"], BLUE_MARK)
    for name in view.me.last:  # the final placement is outlined
        assert pixel(marked, name, 7, 50) == HIGHLIGHT
        assert pixel(plain, name, 7, 50) != HIGHLIGHT


def test_final_sheet_and_dice() -> None:
    view = GAME.view(finished(3), None)
    image, alt = sheet_image(view, EN, seat=2)
    assert image.size == (WIDTH, WIDTH)
    assert "15 of 15 rolls placed" in alt
    dice, alt = dice_image(view, EN, roll=4)
    assert alt == f"Roll 4 of 15: die 1 shows {view.rolls[3][0]}, die 2 shows {view.rolls[3][1]}."
    assert dice.width <= 550 and dice.height <= 350  # shown at full size, never shrunk


def test_standings_show_the_best_four_sheets_marked_by_the_letters_of_their_names() -> None:
    names = ["Ana", "Anke", "Ben", "Cleo", "Dora"]
    view = GAME.view(finished(5), None)
    with font_sizes() as drawn:
        _, alt = scoreboard_image(view, EN, names, name_letters(names))
    texts = [text for text, _ in drawn]
    best = sorted(view.sheets or [], key=lambda s: (-s.total, s.seat))[:4]
    letters = name_letters(names)
    assert [text for text in texts if text in letters] == [letters[s.seat] for s in best]
    for sheet in best:  # each sheet under its total
        assert str(sheet.total) in texts
    assert not set(names) & set(texts)  # the names are the message's words
    assert alt.startswith("Tüfteln final scores. Winner")


def test_two_players_see_both_final_sheets_side_by_side() -> None:
    view = GAME.view(finished(2), None)
    image, alt = scoreboard_image(view, EN, ["Ana", "Ben"], ["A", "B"])
    assert image.width > 2 * image.height * 0.8  # one row of two sheets
    assert alt.startswith("Tüfteln final scores. Winner")


def test_a_solo_games_standings_are_its_sheet() -> None:
    view = GAME.view(finished(1), None)
    image, alt = scoreboard_image(view, EN, ["Ana"], ["A"])
    assert alt.startswith("Ana's Tüfteln sheet, 15 of 15 rolls placed")
    assert image.size == (WIDTH, WIDTH)


def test_scoreboard_for_200_players_shows_the_best_and_describes_the_top() -> None:
    view = GAME.view(finished(200), None)
    names = [f"Player number {k}" for k in range(200)]
    with font_sizes() as drawn:
        image, alt = scoreboard_image(view, EN, names, name_letters(names))
    assert image.width <= WIDTH and image.height <= 700
    assert sum(1 for text, _ in drawn if text.endswith(".")) == 4  # four ranks: "1.", ...
    best = max(s.total for s in view.sheets or [])
    assert f"({best} points)" in alt
    assert alt.endswith("more.") and len(alt) <= 1000


def test_scoreboard_shares_ranks_on_ties() -> None:
    view = GAME.view(finished(1), None)
    assert view.sheets is not None
    tied = view.model_copy(deep=True)
    tied.sheets = [view.sheets[0], view.sheets[0].model_copy(update={"seat": 1})]
    tied.winners = [0, 1]
    _, alt = scoreboard_image(tied, EN, ["Ana", "Ben"])
    total = view.sheets[0].total
    assert f"1. Ana {total}; 1. Ben {total}" in alt
    assert f"Winners: Ana, Ben ({total} points each)." in alt


def test_scoreboard_when_everyone_ties() -> None:
    state = GAME.setup(50, GAME.parse_options({}), seed=3)
    while not state.over:
        state, _ = GAME.expire(state)  # everyone gets the same default sheet
    _, alt = scoreboard_image(GAME.view(state, None), EN)
    assert "50 players share the win" in alt
    assert len(alt) <= 1000


def test_one_point_is_singular() -> None:
    view: TuftelnView = GAME.view(finished(1), 0)
    assert view.me is not None
    one = view.me.model_copy(update={"total": 1})
    _, alt = sheet_image(view.model_copy(update={"me": one}), EN, name="Ana")
    assert ", 1 point (bonus" in alt
    _, alt = sheet_image(view.model_copy(update={"me": one}), DE, name="Ana")
    assert ", 1 Punkt (Bonus" in alt


def test_pictures_speak_german() -> None:
    view = GAME.view(finished(3), None)
    _, alt = sheet_image(view, DE, seat=2, name="Jürgen")
    assert alt.startswith("Tüfteln-Zettel von Jürgen") and "15 von 15 Würfen" in alt
    _, alt = dice_image(view, DE, roll=4)
    assert alt.startswith("Wurf 4 von 15: Würfel 1 zeigt")
    _, alt = scoreboard_image(view, DE, ["Ana", "Ben", "Cleo"])
    assert alt.startswith("Tüfteln: Endstand.")
