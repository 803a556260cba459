"""The registry of game kinds: every package under `games/` that exposes `GAME`.

A new game is one new package; nothing here changes. Names are matched without
case and accents, so `/newgame tüfteln` and `tufteln` find the same game.
"""

from __future__ import annotations

import importlib
import pkgutil
import unicodedata
from functools import cache

import games
from games.engine import AnyGame, Game


def normalize(name: str) -> str:
    """'Tüfteln' -> 'tufteln': lower case, accents dropped, spaces and dashes removed."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "".join(c for c in plain if c.isalnum())


_registered: dict[str, AnyGame] = {}  # games from elsewhere (the tests' example game)


def register(game: AnyGame) -> None:
    """Add a game that does not live under `games/` (used by the tests)."""
    _registered[game.id] = game
    all_games.cache_clear()
    _names.cache_clear()


def registered() -> frozenset[str]:
    """The ids of games registered at runtime (a new process lacks them)."""
    return frozenset(_registered)


@cache
def all_games() -> dict[str, AnyGame]:
    """Every game kind by id, hidden test games included."""
    found: dict[str, AnyGame] = dict(_registered)
    for module in pkgutil.iter_modules(games.__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"games.{module.name}")
        game = getattr(package, "GAME", None)
        if isinstance(game, Game):
            if game.id in found:
                raise RuntimeError(f"two games use the id {game.id!r}")
            found[game.id] = game
    return dict(sorted(found.items()))


def offered() -> list[AnyGame]:
    """The games players can start, in a stable order."""
    return [g for g in all_games().values() if not g.hidden]


@cache
def _names() -> dict[str, AnyGame]:
    names: dict[str, AnyGame] = {}
    for game in all_games().values():
        for name in (game.id, game.name, *game.aliases):
            key = normalize(name)
            other = names.setdefault(key, game)
            if other is not game:
                raise RuntimeError(f"{name!r} names both {other.id} and {game.id}")
    return names


def lookup(name: str) -> AnyGame | None:
    """The game called `name` (id, display name or alias), or None."""
    return _names().get(normalize(name))


def get(game_id: str) -> AnyGame:
    """The game with this exact id (as stored); KeyError if unknown."""
    return all_games()[game_id]
