"""/newgame's subcommands: one per game, plus the other names players know a game by."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

from bot.discord.commands import subcommand_names
from games.engine import AnyGame


def game(ident: str, name: str, *aliases: str) -> AnyGame:
    return cast(AnyGame, SimpleNamespace(id=ident, name=name, aliases=aliases))


def test_one_subcommand_per_game_plus_other_names_after_it() -> None:
    lama = game("lama", "No Prob-Lama", "noproblama", "problama", "No Prob Lama")
    lupusburg = game("lupusburg", "Lupusburg", "tabula", "Lupus-Burg")
    tufteln = game("tufteln", "Tüfteln", "tüfteln")
    names = [(name, g.id) for name, g in subcommand_names([lama, lupusburg, tufteln])]
    assert names == [
        ("lama", "lama"),
        ("lupusburg", "lupusburg"),
        ("tabula", "lupusburg"),
        ("tufteln", "tufteln"),
    ]


def test_an_alias_never_takes_another_games_id_or_an_invalid_name() -> None:
    first = game("first", "First", "second", "Das Spiel!")
    second = game("second", "Second")
    names = [(name, g.id) for name, g in subcommand_names([first, second])]
    assert names == [("first", "first"), ("dasspiel", "first"), ("second", "second")]
