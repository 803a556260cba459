"""The pictures render for every table size and describe themselves."""

from __future__ import annotations

import random

import pytest

from bot.i18n import t
from games.lama import GAME
from games.lama.models import Draw, Exchange, LamaOptions, TakeDiscard
from games.lama.pictures import render_panel, render_results, render_table


def say(key: str, **params: object) -> str:
    """English sentences, as an adapter's `ctx.say` gives them."""
    return t(key, "en", **params)


def _mid_game(seats: int, seed: int):
    state = GAME.setup(seats, LamaOptions(), seed)
    rng = random.Random(seed)
    while state.phase == "peek" or state.turn < 3 * seats:
        seat = rng.choice(sorted(GAME.active(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_table_fits_a_phone_and_names_every_player(seats: int) -> None:
    view = GAME.view(_mid_game(seats, seats), None)
    names = [f"Player{n}" for n in range(seats)]
    image, alt = render_table(view, say, names)
    assert 800 <= image.width <= 1100 and image.height < 1400
    for seat in range(seats):
        assert f"Player{seat}" in alt
    assert f"round {view.round}" in alt


def test_private_panel_marks_known_cards_and_the_held_card(kit) -> None:
    state = kit.play(kit.rig(2, [["-5", "9"]], draw=["4"]), 0, Draw())
    image, alt = render_panel(GAME.view(state, 0), say, ["Ana", "Ben"])
    assert 800 <= image.width <= 1100
    assert "1: -5 (face down, seen)" in alt and "You hold: 4" in alt
    with pytest.raises(ValueError):
        render_panel(GAME.view(state, None), say)


def test_table_shows_a_taken_card_but_not_a_drawn_one(kit) -> None:
    taken = kit.play(kit.rig(2, discard=["-2"]), 0, TakeDiscard())
    assert "took the -2" in render_table(GAME.view(taken, None), say)[1]
    drawn = kit.play(kit.rig(2, draw=["karma"]), 0, Draw())
    assert "Karma" not in render_table(GAME.view(drawn, None), say)[1]


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
    image, alt = render_results(GAME.view(state, None), say)
    assert 800 <= image.width <= 1100
    assert "row 1 of 7s, column 3 of 7s; joker as 7" in alt
    assert "score 4 - wins a Lama" in alt
    with pytest.raises(ValueError):
        render_results(GAME.view(GAME.setup(2, LamaOptions(), 1), None), say)
