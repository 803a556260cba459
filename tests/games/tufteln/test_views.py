"""Views: own sheet only while playing, every sheet at the end; catalog and registry."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from games.registry import lookup
from games.tufteln import GAME
from games.tufteln.models import TuftelnState
from games.tufteln.scoring import RATINGS, TOP_RATING

PACKAGE = Path(__file__).parents[3] / "games" / "tufteln"


def midgame(seats: int = 3) -> TuftelnState:
    state = GAME.setup(seats, GAME.parse_options({"schedule": "every 1h"}), seed=8)
    for _ in range(3):
        state, _ = GAME.expire(state)
    for seat in range(seats):
        for _ in range(seat + 1):  # seat 0 places one roll, seat 1 two, seat 2 three
            state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def test_public_view_shows_rolls_and_progress_but_no_sheet() -> None:
    state = midgame()
    view = GAME.view(state, None)
    assert view.rolls == state.rolls
    assert view.current == state.rolls[-1]
    assert view.placed == [1, 2, 3]
    assert view.behind == [2, 1, 0]
    assert view.sheets is None
    assert view.me is None
    assert view.open_rolls == []
    assert "sheets" not in view.model_dump(exclude_none=True)


def test_a_seat_sees_its_own_sheet_and_open_rolls_only() -> None:
    state = midgame()
    view = GAME.view(state, 0)
    assert view.me is not None
    assert view.me.seat == 0
    assert "".join(str(v) for v in view.me.values) == state.sheets[0]
    assert [(r.roll, r.dice) for r in view.open_rolls] == [(2, state.rolls[1]), (3, state.rolls[2])]
    assert view.sheets is None
    # Another seat's sheet does not leak: changing it leaves seat 0's view unchanged.
    other = state.model_copy(deep=True)
    other.sheets[1] = other.sheets[2]
    other.last[1] = ("F6", "F5")
    assert GAME.view(other, 0) == view
    assert GAME.view(other, None) == GAME.view(state, None)


def test_the_end_shows_every_sheet_with_scores_and_winners() -> None:
    state = midgame()
    while not state.over:
        state, _ = GAME.expire(state)
    view = GAME.view(state, None)
    assert view.phase == "end"
    assert view.sheets is not None
    assert [s.seat for s in view.sheets] == [0, 1, 2]
    result = GAME.result(state)
    assert result is not None
    assert [s.total for s in view.sheets] == list(result.scores)
    assert view.winners == list(result.winners)
    assert all(s.full and None not in s.points for s in view.sheets)


def test_registry_finds_the_game_by_name_and_alias() -> None:
    for name in ("tufteln", "Tüfteln", "tüfteln", "TUFTELN"):
        assert lookup(name) is GAME
    assert (GAME.min_players, GAME.max_players, GAME.hidden) == (1, None, False)


def test_every_key_the_engine_uses_has_an_english_sentence() -> None:
    catalog = tomllib.loads((PACKAGE / "locales" / "en.toml").read_text())["tufteln"]
    source = "".join(p.read_text() for p in PACKAGE.glob("*.py"))
    used = set(re.findall(r'"tufteln\.([a-z_]+)"', source))
    assert used  # the pattern still finds the keys
    assert used <= catalog.keys()
    ratings = {name for _, name in RATINGS} | {TOP_RATING}
    assert ratings == catalog["rating"].keys()
    assert len(catalog["rules"]) < 1800
    # Seat parameters use the host's {player} name.
    assert "{player}" in catalog["placed"]
    assert all("{player}" in form for form in catalog["auto_placed"].values())
