"""No Prob-Lama's computer players: the sampler deals only what a seat cannot see, every
level chooses a legal move from its own view alone, and they play games to the end."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.computers import Decision, sees_only_its_view
from games.lama import GAME
from games.lama.cards import KINDS
from games.lama.computer import COMPUTERS, sample
from games.lama.judgement import CODE, exact
from games.lama.models import (
    Discard,
    Draw,
    Exchange,
    Give,
    LamaOptions,
    LamaState,
    Peek,
    TakeDiscard,
)
from games.lama.scoring import score_layout

LEVELS = ("default", "casual", "strong")


def positions(seats: int, seed: int, every: int = 1) -> Iterator[tuple[LamaState, int]]:
    """(state, seat to act) along a game of casual players, every `every`-th step."""
    state = GAME.setup(seats, LamaOptions(), seed)
    rng = random.Random(seed)
    step = 0
    while GAME.result(state) is None and step < 400:
        seat = min(GAME.active(state))
        if step % every == 0:
            yield state, seat
        decision = Decision.of(GAME, state, seat, str(rng.random()))
        state, _ = GAME.apply(state, seat, COMPUTERS.casual(decision))
        step += 1


def test_the_sampler_deals_a_state_with_the_seats_view_and_moves() -> None:
    rng = random.Random(3)
    steps = set()
    for state, _ in positions(4, 11, every=3):
        for seat in range(state.seats):
            view = GAME.view(state, seat)
            dealt = [sample(view, seat, rng) for _ in range(3)]
            for other in dealt:
                assert GAME.view(other, seat) == view
                assert GAME.legal_actions(other, seat) == GAME.legal_actions(state, seat)
            # What the seat cannot see is dealt anew.
            assert len({tuple(KINDS[c] for c in o.draw_pile) for o in dealt}) > 1
        steps.add(GAME.phase(state))
    assert {"peek", "choose", "drawn", "taken"} <= steps


def test_every_level_chooses_a_legal_move() -> None:
    for state, seat in positions(3, 5, every=2):
        legal = GAME.legal_actions(state, seat)
        for level in LEVELS:
            decision = Decision.of(GAME, state, seat, "legal", samples=2)
            assert COMPUTERS.policy(level)(decision) in legal, (level, GAME.phase(state))


def test_casual_and_strong_choose_from_their_view_only() -> None:
    checked = 0
    for state, seat in positions(4, 8, every=9):
        if GAME.phase(state) == "peek":
            continue
        for level in ("casual", "strong"):
            assert sees_only_its_view(GAME, COMPUTERS.policy(level), state, seat, "secret")
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_a_game_of_computers_ends() -> None:
    levels = ("strong", "casual", "default")
    state = GAME.setup(3, LamaOptions(variant="points"), 21)
    rng = random.Random(21)
    for _ in range(2000):
        if GAME.result(state) is not None:
            break
        seat = min(GAME.active(state))
        decision = Decision.of(GAME, state, seat, str(rng.random()), samples=1)
        state, _ = GAME.apply(state, seat, COMPUTERS.policy(levels[seat])(decision))
    assert GAME.result(state) is not None


def test_the_playout_score_is_the_rules_score() -> None:
    rng = random.Random(4)
    kinds = ["7", "7", "joker", "8", "3", "-1", "-5", "drama", "karma", "10"]
    for _ in range(2000):
        layout = [rng.choice(kinds) for _ in range(9)]
        assert exact([CODE[k] for k in layout]) == score_layout(layout).points, layout


def _rigged(mine: list[str], theirs: list[str], up: list[bool], held: str) -> LamaState:
    """Seat 0 holds `held` (drawn), its layout `mine` with face-up flags `up`; seat 1's
    layout `theirs` is all face down."""
    state = GAME.setup(2, LamaOptions(), 1)
    ids: dict[str, list[int]] = {}
    for card, kind in enumerate(KINDS):
        ids.setdefault(kind, []).append(card)
    layouts = [[ids[k].pop() for k in mine], [ids[k].pop() for k in theirs]]
    hand = ids[held].pop()
    rest = [c for pile in ids.values() for c in pile]
    random.Random(1).shuffle(rest)
    state.layouts = layouts
    state.face_up = [up, [False] * 9]
    state.peeked = [[p for p in range(9) if not up[p]][:2], [0, 8]]
    state.discard = [rest.pop()]
    state.draw_pile = rest
    state.held = hand
    state.phase, state.step, state.to_act = "turn", "drawn", 0
    return state


def test_strong_ends_a_round_it_has_won_and_casual_keeps_a_lost_one_going() -> None:
    up = [True] * 8 + [False]
    winning = _rigged(["-1", "-2", "3", "-5", "-1", "3", "-2", "4", "9"], ["10"] * 9, up, "-1")
    decision = Decision.of(GAME, winning, 0, "end", samples=8)
    assert COMPUTERS.strong(decision) == Exchange(position=8)
    losing = _rigged(["10", "9", "8", "10", "9", "8", "6", "6", "9"], ["-1"] * 9, up, "5")
    decision = Decision.of(GAME, losing, 0, "wait", samples=8)
    for level in ("casual", "strong"):
        assert COMPUTERS.policy(level)(decision) != Exchange(position=8), level


def test_the_default_is_the_time_limits_move() -> None:
    state = GAME.setup(3, LamaOptions(), 2)
    decision = Decision.of(GAME, state, 1, "d")
    assert COMPUTERS.default(decision) == Peek(positions=(0, 8))
    for seat in range(3):
        state, _ = GAME.apply(state, seat, Peek(positions=(0, 1)))
    decision = Decision.of(GAME, state, 0, "d")
    assert COMPUTERS.default(decision) == Draw()
    state, _ = GAME.apply(state, 0, Draw())
    legal = GAME.legal_actions(state, 0)
    action = COMPUTERS.default(Decision.of(GAME, state, 0, "d"))
    assert action in legal
    assert action == (Give(to_seat=1) if isinstance(legal[0], Give) else Exchange(position=0))
    assert Discard() not in (action,) and TakeDiscard() not in (action,)
