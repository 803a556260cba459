from __future__ import annotations

import pytest

from bot.discord.adapters import playable
from games import registry
from games.engine import Game


def test_the_example_game_exists_but_is_never_offered() -> None:
    assert registry.get("race").hidden
    assert all(g.id != "race" for g in registry.offered())
    assert all(g.id != "race" for g in playable())


@pytest.mark.parametrize(
    ("name", "game_id"),
    [("tabula", "lupusburg"), ("Lupusburg", "lupusburg"), ("tüfteln", "tufteln"),
     ("TUFTELN", "tufteln"), ("No Prob-Lama", "lama"), ("race to ten", "race")],
)  # fmt: skip
def test_names_and_aliases_find_one_game(name: str, game_id: str) -> None:
    game = registry.lookup(name)
    assert game is not None and game.id == game_id


def test_unknown_names_find_nothing() -> None:
    assert registry.lookup("chess") is None


def test_every_game_declares_a_sane_contract() -> None:
    for game in registry.all_games().values():
        assert isinstance(game, Game)
        assert game.min_players >= 1
        assert game.max_players is None or game.max_players >= game.min_players
        options = game.parse_options({})  # every option has a default
        state = game.setup(game.min_players, options, seed=7)
        assert game.parse_state(state.model_dump(mode="json")) == state
        assert game.result(state) is None


def test_setup_is_reproducible_from_the_seed() -> None:
    for game in registry.all_games().values():
        seats = max(game.min_players, 2) if (game.max_players or 9) >= 2 else 1
        options = game.parse_options({})
        first = game.setup(seats, options, seed=99)
        again = game.setup(seats, options, seed=99)
        assert first == again
