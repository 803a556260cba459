"""Random playouts driven only by the contract end: `legal_actions` for the moves,
`expire` when the phase is timed (now and then) or when nobody can act."""

from __future__ import annotations

import pytest

from tests.conformance.support import NOW, Case, cases, playout, step_bound


@pytest.mark.parametrize("case", cases())
def test_a_random_playout_ends_within_the_step_bound(case: Case) -> None:
    run = playout(case)
    if run.problem is not None:
        pytest.fail(f"{case}: {run.problem}", pytrace=False)
    assert run.finished, f"{case}: no result after {len(run.steps)} steps"
    assert len(run.steps) <= step_bound(case.game, case.seats)


@pytest.mark.parametrize("case", cases())
def test_a_finished_game_waits_for_nobody(case: Case) -> None:
    """Once `result` is given: no seat is active, no seat has a legal action, and no
    deadline runs (the host stops the game's timers)."""
    run = playout(case)
    if not run.finished:
        pytest.skip(f"{case}: the playout did not finish ({run.problem})")
    game, final = case.game, run.final
    assert game.active(final) == frozenset()
    assert all(game.legal_actions(final, seat) == [] for seat in range(case.seats))
    assert game.deadline(final, NOW) is None
    assert game.expire(final)[0].model_dump() == final.model_dump(), (
        "expire changed a finished game"
    )


@pytest.mark.parametrize("case", cases())
def test_every_active_seat_has_a_legal_action(case: Case) -> None:
    """A seat the phase waits for (`active`) can act; a seat it does not wait for
    cannot (`legal_actions` is empty outside `active`)."""
    run = playout(case)
    game = case.game
    for index, state in enumerate(run.states):
        if game.result(state) is not None:
            continue
        active = game.active(state)
        for seat in range(case.seats):
            legal = game.legal_actions(state, seat)
            if seat in active:
                assert legal, (
                    f"{case} step {index}: seat {seat} is active in phase "
                    f"{game.phase(state)!r} but has no legal action"
                )
            else:
                assert not legal, f"{case} step {index}: inactive seat {seat} has moves"


@pytest.mark.parametrize("case", cases())
def test_a_timed_phase_ends_after_it_begins_and_has_a_timeout(case: Case) -> None:
    """`deadline(state, now)`: for the current phase key, not before `now`, a reminder
    (if any) between the two; and a timed phase says what its timeout does (else the
    host's timer would fire and change nothing)."""
    game = case.game
    for state in playout(case).states:
        deadline = game.deadline(state, NOW)
        if deadline is None:
            continue
        where = f"{case}, phase {game.phase(state)!r}"
        assert deadline.key == game.phase_key(state), where
        assert deadline.at.tzinfo is not None, f"{where}: a naive deadline"
        assert deadline.at >= NOW, f"{where}: ends before it begins"
        if deadline.remind_at is not None:
            assert NOW <= deadline.remind_at <= deadline.at, f"{where}: reminder out of range"
        assert game.current(state).timeout is not None, f"{where}: timed without a timeout"
