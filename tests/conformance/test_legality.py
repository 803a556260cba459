"""`legal_actions` is the only place for legality: `apply` accepts every listed action
and refuses (with `IllegalAction`) what is not listed; `is_legal` agrees with it; and
neither changes the state it is given."""

from __future__ import annotations

import random

import pytest

from games.engine import IllegalAction
from tests.conformance.legality import unlisted
from tests.conformance.support import HEAVY, NOW, Case, as_json, cases, playout, sample

STATES = 3  # sampled states per playout (plus the first of each phase)
UNLISTED = 40  # unlisted actions tried per seat and state


@pytest.mark.parametrize("case", cases(per_game=HEAVY))
def test_apply_accepts_every_listed_action_and_leaves_the_input_alone(case: Case) -> None:
    game = case.game
    for state in sample(playout(case), STATES):
        before = as_json(state)
        for seat in range(case.seats):
            for action in game.legal_actions(state, seat):
                try:
                    game.apply(state, seat, action)
                except IllegalAction as refused:
                    pytest.fail(
                        f"{case}: listed {action!r} of seat {seat} in phase "
                        f"{game.phase(state)!r} refused: {refused!r}"
                    )
        assert as_json(state) == before, f"{case}: apply changed its input state"


@pytest.mark.parametrize("case", cases(per_game=HEAVY))
def test_apply_refuses_unlisted_actions(case: Case) -> None:
    game = case.game
    run = playout(case)
    rng = random.Random(str(case))
    states = sample(run, STATES)
    elsewhere = [
        a for s in states for seat in range(case.seats) for a in game.legal_actions(s, seat)
    ]
    for state in states:
        before = as_json(state)
        by_seat = {seat: game.legal_actions(state, seat) for seat in range(case.seats)}
        for seat, listed in by_seat.items():
            others = [a for other, moves in by_seat.items() if other != seat for a in moves]
            for action in unlisted(listed, [*others, *elsewhere], rng, UNLISTED):
                with pytest.raises(IllegalAction):
                    game.apply(state, seat, action)
                    pytest.fail(
                        f"{case}: unlisted {action!r} of seat {seat} accepted in phase "
                        f"{game.phase(state)!r}"
                    )
        assert as_json(state) == before, f"{case}: a refused action changed the state"


@pytest.mark.parametrize("case", cases(per_game=HEAVY))
def test_is_legal_agrees_with_legal_actions(case: Case) -> None:
    game = case.game
    run = playout(case)
    rng = random.Random(str(case))
    states = sample(run, STATES)
    elsewhere = [
        a for s in states for seat in range(case.seats) for a in game.legal_actions(s, seat)
    ]
    for state in states:
        by_seat = {seat: game.legal_actions(state, seat) for seat in range(case.seats)}
        for seat, listed in by_seat.items():
            for action in listed:
                assert game.is_legal(state, seat, action), (
                    f"{case}: is_legal says no to listed {action!r} of seat {seat} "
                    f"in phase {game.phase(state)!r}"
                )
            others = [a for other, moves in by_seat.items() if other != seat for a in moves]
            for action in unlisted(listed, [*others, *elsewhere], rng, UNLISTED):
                assert not game.is_legal(state, seat, action), (
                    f"{case}: is_legal says yes to unlisted {action!r} of seat {seat} "
                    f"in phase {game.phase(state)!r}"
                )


@pytest.mark.parametrize("case", cases())
def test_expire_works_on_a_copy(case: Case) -> None:
    """A timeout (`expire`) of a timed phase leaves the state it is given alone, like
    `apply`; an untimed phase's `expire` changes nothing."""
    game = case.game
    for state in sample(playout(case), STATES):
        before = as_json(state)
        after, _ = game.expire(state)
        assert as_json(state) == before, f"{case}: expire changed its input state"
        if game.deadline(state, NOW) is None and game.current(state).timeout is None:
            assert as_json(after) == before, f"{case}: an untimed phase's expire changed it"
