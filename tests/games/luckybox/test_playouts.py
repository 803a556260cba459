"""Random playouts: 36 reveals, one base crossing per player per reveal, lightning
never negative, and the final score recomputed from the action log."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.luckybox import GAME
from games.luckybox.models import Cross, LuckyState
from games.luckybox.scoring import moon_points, star_points

CARD_POINTS = {1: 15, 2: 12, 3: 10, 4: 8}


def recomputed(state: LuckyState) -> list[int]:
    """The totals from the final boards alone, rule by rule (not the engine's tally)."""
    moons = moon_points([b.moons for b in state.boards])
    totals = []
    for board, moon in zip(state.boards, moons, strict=True):
        cards = sum(CARD_POINTS[d.round] for d in board.completed)
        stars = sum(star_points(n) for n in board.stars)
        boxes = sum(bin(h.crossed).count("1") for h in board.cards) // 2
        totals.append(cards + stars + moon + boxes + board.lightning // 3)
    return totals


def resolved(params: dict[str, Any]) -> tuple[int, int]:
    return int(params["round"]), int(params["reveal"])


@settings(max_examples=40, deadline=None)
@given(
    seats=st.integers(1, 6),
    seed=st.integers(0, 10**9),
    lightning=st.integers(0, 6),
    rnd=st.randoms(use_true_random=False),
)
def test_playouts(seats: int, seed: int, lightning: int, rnd: random.Random) -> None:
    state = GAME.setup(seats, GAME.parse_options({"lightning": lightning}), seed)
    log: list[tuple[int | None, Any]] = []
    reveals: list[tuple[int, int]] = []  # (round, reveal) of each resolved reveal
    base: dict[tuple[int, int, int], int] = {}
    while GAME.result(state) is None:
        movers = [s for s in range(seats) if GAME.legal_actions(state, s)]
        if not movers or rnd.random() < 0.05:
            state, events = GAME.expire(state)
            reveals += [resolved(e.params) for e in events if e.key == "luckybox.resolved"]
            log.append((None, None))
            continue
        seat = rnd.choice(movers)
        action = rnd.choice(GAME.legal_actions(state, seat))
        if isinstance(action, Cross):  # the reveal's own crossing (bonuses are `Bonus`)
            key = (state.round, state.reveal, seat)
            base[key] = base.get(key, 0) + 1
        state, events = GAME.apply(state, seat, action)
        reveals += [resolved(e.params) for e in events if e.key == "luckybox.resolved"]
        log.append((seat, action))
        for board in state.boards:
            assert board.lightning >= 0
        for t in state.turns:
            assert t is None or t.board.lightning >= 0
    assert reveals == [(r, v) for r in range(1, 5) for v in range(1, 10)]
    assert max(base.values(), default=1) == 1
    result = GAME.result(state)
    assert result is not None
    assert list(result.scores) == recomputed(state)

    # Replayed from the seed and the log, the game ends with the same scores.
    again = GAME.setup(seats, GAME.parse_options({"lightning": lightning}), seed)
    for actor, action in log:
        again = GAME.expire(again)[0] if actor is None else GAME.apply(again, actor, action)[0]
    assert again == state
    assert GAME.result(again) == result
