"""The long game: turning tiles over, and winning by turning all ten.

After each round every seat turns tiles whose values sum to at most its points in
that round (leftover points are lost; the 0 is free at any time). Before the first
round each seat may turn tiles as a handicap (by default only the 0). The first to
have all ten turned wins; several in the same round: more points in that round,
then the higher game total, then a shared win (RULES.md).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from games.engine import Event
from games.lupun.models import TILES, LupunState

ALL = frozenset(TILES)
# A project decision (the rulebook has no end but all tiles turned): a long game
# stops after this many rounds; the most turned (by the tiles' sum) wins, then the
# higher total, then a shared win. Tables of absent or idle players end too.
MAX_ROUNDS = 30


@cache
def _subsets(free: frozenset[int]) -> tuple[tuple[int, ...], ...]:
    """Every subset of `free` as a sorted tuple, smallest first."""
    items = sorted(free)
    return tuple(c for size in range(len(items) + 1) for c in combinations(items, size))


def budget(state: LupunState, seat: int) -> int | None:
    """The points `seat` may spend now, or None in the handicap (no limit)."""
    if state.stage == "handicap":
        return None
    assert state.last_round is not None
    return state.last_round.seats[seat].points


def unturned(state: LupunState, seat: int) -> frozenset[int]:
    return ALL - set(state.turned[seat])


def allowed(state: LupunState, seat: int, tiles: tuple[int, ...]) -> bool:
    """Whether `seat` may turn `tiles` now (sorted, distinct)."""
    free = unturned(state, seat)
    if not set(tiles) <= free:
        return False
    limit = budget(state, seat)
    if limit is None:  # a handicap leaves at least one tile to play for
        return len(tiles) < len(free)
    return sum(tiles) <= limit


def toggles(state: LupunState, seat: int) -> list[int]:
    """The tiles `seat` may add to (or take from) its pending choice now."""
    chosen = set(state.pending[seat])
    free = unturned(state, seat)
    return [v for v in sorted(free) if allowed(state, seat, tuple(sorted(chosen ^ {v})))]


def has_choice(state: LupunState, seat: int) -> bool:
    """Whether `seat` can turn anything at all now (else it is not asked)."""
    free = unturned(state, seat)
    limit = budget(state, seat)
    if limit is None:
        return len(free) > 1
    return any(v <= limit for v in free)


def suggestion(free: frozenset[int], limit: int | None) -> tuple[int, ...]:
    """The default: the largest sum within `limit`, keeping small tiles on ties (the
    fewest tiles, then the largest ones), and the 0, which is free. In the handicap
    (`limit` None): only the 0."""
    if limit is None:
        return (0,) if 0 in free else ()
    paid = free - {0}
    best: tuple[int, ...] = ()
    best_key: tuple[int, int, tuple[int, ...]] = (0, 0, ())
    for tiles in _subsets(frozenset(paid)):
        total = sum(tiles)
        if total > limit:
            continue
        key = (total, -len(tiles), tuple(sorted(tiles, reverse=True)))
        if key > best_key:
            best, best_key = tiles, key
    return tuple(sorted(best + ((0,) if 0 in free else ())))


def seat_suggestion(state: LupunState, seat: int) -> tuple[int, ...]:
    return suggestion(unturned(state, seat), budget(state, seat))


# -- the steps ---------------------------------------------------------------------------------


def _ask(state: LupunState, seats: list[int]) -> None:
    """Ask `seats` to turn tiles, each choice prefilled with the suggestion."""
    state.to_turn = seats
    state.pending = [
        list(seat_suggestion(state, s)) if s in seats else [] for s in range(state.seats)
    ]


def begin_handicap(state: LupunState) -> None:
    state.stage = "handicap"
    _ask(state, list(range(state.seats)))


def begin_turning(state: LupunState) -> list[Event]:
    """After a round's scoring: everyone with something to turn chooses."""
    state.stage = "turn"
    _ask(state, [s for s in range(state.seats) if has_choice(state, s)])
    if not state.to_turn:
        return finish_turning(state)
    return [Event(key="lupun.turning_begins", params={"round": state.round})]


def toggle(state: LupunState, seat: int, tile: int) -> list[Event]:
    state.pending[seat] = sorted(set(state.pending[seat]) ^ {tile})
    return []


def done(state: LupunState, seat: int, *, timed_out: bool = False) -> list[Event]:
    """`seat` turns its pending tiles; once everyone has, the game goes on."""
    tiles = list(state.pending[seat])
    state.turned[seat] = sorted(set(state.turned[seat]) | set(tiles))
    state.pending[seat] = []
    state.to_turn.remove(seat)
    key = "lupun.timeout_turned" if timed_out else "lupun.turned"
    if not tiles:
        key = "lupun.timeout_turned_none" if timed_out else "lupun.turned_none"
    listed = ", ".join(str(t) for t in tiles)
    events = [Event(key=key, params={"seat": seat, "tiles": listed})]
    if state.to_turn:
        return events
    if state.stage == "handicap":
        from games.lupun.rounds import begin_round  # the handicap leads into round 1

        return events + begin_round(state)
    return events + finish_turning(state)


def turn_timeout(state: LupunState) -> list[Event]:
    """Whoever has not finished turns the tiles chosen so far (the suggestion unless
    they changed it)."""
    events: list[Event] = []
    for seat in list(state.to_turn):
        events += done(state, seat, timed_out=True)
    return events


def finish_turning(state: LupunState) -> list[Event]:
    """Whoever has turned all ten wins (ties: this round's points, then the game
    total, then shared); otherwise the next round."""
    from games.lupun.rounds import end_game, next_round

    done = [s for s in range(state.seats) if len(state.turned[s]) == len(TILES)]
    if not done and state.round >= MAX_ROUNDS:
        seats = range(state.seats)
        best_limit = max((sum(state.turned[s]), state.totals[s]) for s in seats)
        leaders = [s for s in seats if (sum(state.turned[s]), state.totals[s]) == best_limit]
        return end_game(state, leaders, "limit")
    if not done:
        return next_round(state)
    last = state.history[-1]
    best = max((last[s], state.totals[s]) for s in done)
    return end_game(state, [s for s in done if (last[s], state.totals[s]) == best], "tiles")
