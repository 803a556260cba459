"""The placement played for a seat whose time ran out: the calibration's greedy policy
(RULES.md), which places a number tile for the seat's own tasks. A seat left with
only a joker tile (2 players) puts it on the first empty space."""

from __future__ import annotations

from games.lupun import cards
from games.lupun.models import JOKER, LupunState
from games.lupun.policy import greedy_placement
from games.lupun.rounds import board_for_scoring
from games.lupun.tasks import UNKNOWN


def default_placement(state: LupunState, seat: int) -> tuple[int, int]:
    """(space, tile) for `seat`, who is to place."""
    empty = [s for s, v in enumerate(state.board) if v is None]
    if not state.tiles[seat]:
        return empty[0], JOKER
    # The policy sees a joker's space as taken, by a number it does not know yet.
    board, jokers = board_for_scoring(state)
    shown = tuple(UNKNOWN if space in jokers else value for space, value in enumerate(board))
    hand = [cards.task(c) for c in state.hands[seat]]
    space, tile = greedy_placement(shown, hand, tuple(state.tiles[seat]), state.rng())
    if space not in empty or tile not in state.tiles[seat]:  # a guard: never illegal
        return empty[0], min(state.tiles[seat])
    return space, tile
