"""The pictures read as Discord shows them (320 px wide on a phone, at most 550 x 350 on
a desktop) for every table size and the longest names, mark players by their names, and
describe themselves."""

from __future__ import annotations

import random

import pytest

from bot.i18n import t
from games.lama import GAME
from games.lama.models import Draw, Exchange, LamaOptions, LamaState, TakeDiscard
from games.lama.pictures import panel_key, panel_size, render_panel, render_results, render_table
from games.pictures import WIDTH, name_letters, shown_scale, to_png
from tests.pictures import drawn
from tests.pictures.rules import broken

LONG = [f"Player {seat + 1} with a very long nam"[:32] for seat in range(6)]


def say(key: str, **params: object) -> str:
    """English sentences, as an adapter's `ctx.say` gives them."""
    return t(key, "en", **params)


def german(key: str, **params: object) -> str:
    return t(key, "de", **params)


def _mid_game(seats: int, seed: int) -> LamaState:
    """Some turns in, a card drawn and special cards received (the busiest table)."""
    state = GAME.setup(seats, LamaOptions(), seed)
    rng = random.Random(seed)
    while state.phase == "peek" or state.turn < 3 * seats or state.step != "drawn":
        seat = rng.choice(sorted(GAME.active(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def _round_over(seats: int, seed: int) -> LamaState:
    state = GAME.setup(seats, LamaOptions(), seed)
    rng = random.Random(seed)
    while state.last_round is None:
        seat = rng.choice(sorted(GAME.active(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("speak", [say, german])
def test_every_picture_reads_on_a_phone_and_a_desktop_with_long_names(seats: int, speak) -> None:
    names = LONG[:seats]
    letters = name_letters(names)
    playing = GAME.view(_mid_game(seats, seats), None)
    over = GAME.view(_round_over(seats, seats), None)
    mine = GAME.view(_mid_game(seats, seats), 0)
    with drawn.recording():
        pictures = [
            render_table(playing, speak, names, letters)[0],
            render_results(over, speak, names, letters)[0],
            render_panel(mine, speak, names, letters)[0],
        ]
        for image in pictures:
            assert image.width <= WIDTH
            assert broken(to_png(image)) == []


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_the_table_fills_discords_frame(seats: int) -> None:
    """As large as Discord shows a picture: the full 550 px width or 350 px height."""
    image, _ = render_table(GAME.view(_mid_game(seats, 1), None), say, LONG[:seats])
    scale = shown_scale(image.width, image.height)
    assert image.width * scale >= 540 or image.height * scale >= 345


def test_players_are_marked_by_their_names_in_pictures_and_descriptions() -> None:
    names = ["Ben", "Ana", "Anke"]
    letters = name_letters(names)
    assert letters == ("B", "An", "Ak")
    state = _mid_game(3, 4)
    with drawn.recording():
        image, alt = render_table(GAME.view(state, None), say, names, letters)
        shown = {d.text for d in drawn.texts(to_png(image)) or ()}
    assert {"B", "An", "Ak"} <= shown  # the badges
    assert "B Ben:" in alt and "An Ana:" in alt and "Ak Anke:" in alt
    _, mine = render_panel(GAME.view(state, 2), say, names, letters)
    assert mine.startswith("Your layout, Ak Anke.")


def test_private_panel_marks_known_cards_and_the_held_card(kit) -> None:
    state = kit.play(kit.rig(2, [["-5", "9"]], draw=["4"]), 0, Draw())
    image, alt = render_panel(GAME.view(state, 0), say, ["Ana", "Ben"], ["A", "B"])
    assert (image.width, image.height) == panel_size()
    assert "1: -5 (face down, seen)" in alt and "You hold: 4" in alt
    with pytest.raises(ValueError):
        render_panel(GAME.view(state, None), say)


def test_table_shows_a_taken_card_but_not_a_drawn_one(kit) -> None:
    taken = kit.play(kit.rig(2, discard=["-2"]), 0, TakeDiscard())
    assert "took the -2" in render_table(GAME.view(taken, None), say)[1]
    drawn_ = kit.play(kit.rig(2, draw=["karma"]), 0, Draw())
    assert "Karma" not in render_table(GAME.view(drawn_, None), say)[1]


def test_results_describe_lines_jokers_and_scores(kit) -> None:
    fred = ["7", "7", "joker", "3", "4", "7", "5", "6", "7"]
    up = [[True] * 8 + [False], [False] * 9]
    state = kit.rig(
        2, [["3", "4", "5", "6", "3", "4", "5", "6", "8"], fred], draw=["4"], face_up=up
    )
    state = kit.play(state, 0, Draw())
    state = kit.play(state, 0, Exchange(position=8))
    state = kit.play(state, 1, Draw())
    state = kit.play(state, 1, GAME.legal_actions(state, 1)[-1])
    with drawn.recording():
        image, alt = render_results(GAME.view(state, None), say, ["Ana", "Fred"], ["A", "F"])
        shown = [d.text for d in drawn.texts(to_png(image)) or ()]
    assert "row 1 of 7s, column 3 of 7s; joker as 7" in alt
    assert "F Fred:" in alt and "score 4 - wins a Lama" in alt
    assert "=7" in shown  # the joker, as it counts
    with pytest.raises(ValueError):
        render_results(GAME.view(GAME.setup(2, LamaOptions(), 1), None), say)


def test_a_panel_key_stands_for_one_picture() -> None:
    """A panel is kept by `panel_key`: views with the same key must draw the same
    picture and description (a field drawn but left out of the key would differ)."""
    names, letters = ["Ana", "Ben", "Cleo"], ["A", "B", "C"]
    drawn_by_key: dict[object, tuple[bytes, str]] = {}
    compared = 0
    for seed in range(5):
        state = GAME.setup(3, LamaOptions(), seed)
        rng = random.Random(seed)
        for _ in range(150):
            if state.phase == "over":
                break
            for seat in range(3):
                view = GAME.view(state, seat)
                key = panel_key(view, say, names, letters)
                if key in drawn_by_key and drawn_by_key[key][0] == b"compared":
                    continue
                image, alt = render_panel(view, say, names, letters)
                if key in drawn_by_key:
                    assert (image.tobytes(), alt) == drawn_by_key[key]
                    drawn_by_key[key] = (b"compared", "")
                    compared += 1
                else:
                    drawn_by_key[key] = (image.tobytes(), alt)
            seat = rng.choice(sorted(GAME.active(state)))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert compared >= 30  # other seats' moves leave many panels as they were
