"""What the host stores comes back exactly: states and actions through JSON, and a
game replayed from its seed and log (actions and timeouts) is the same game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from bot.discord import ids
from games.engine import State, dump_action
from tests.conformance.support import HEAVY, Case, as_json, cases, playout, roundtrip_action, sample


@pytest.mark.parametrize("case", cases())
def test_states_round_trip_through_json(case: Case) -> None:
    game = case.game
    for index, state in enumerate(sample(playout(case), 25)):
        back = game.parse_state(json.loads(state.model_dump_json()))
        assert back == state, f"{case}: state {index} (phase {game.phase(state)!r}) changed"
        assert type(back) is type(state)


@pytest.mark.parametrize("case", cases())
def test_legal_actions_round_trip_through_json_and_control_ids(case: Case) -> None:
    """The action log stores `dump_action`; a control carries `ids.encode`. Both read
    back (`parse_action`, `ids.decode` with `action_kinds`) as the same action."""
    game = case.game
    kinds = game.action_kinds()
    for state in sample(playout(case), 12):
        for seat in range(case.seats):
            for action in game.legal_actions(state, seat):
                assert roundtrip_action(game, action) == action, f"{case}: {action!r} via JSON"
                data = ids.decode(ids.encode(action), kinds)
                assert data is not None, f"{case}: {ids.encode(action)!r} decodes to nothing"
                assert game.parse_action(data) == action, f"{case}: {action!r} via its id"


READ_BACK_EVERY = 7


@pytest.mark.parametrize("case", cases(per_game=HEAVY))
def test_setup_and_the_log_replay_the_game_exactly(case: Case) -> None:
    """From `setup(seats, options, seed)`, the stored log (actions as JSON, timeouts)
    gives every state again, also when played on states read back from JSON (as the
    host does; every few steps, to keep it fast)."""
    game = case.game
    run = playout(case)
    state: State = game.setup(case.seats, case.parsed_options(), case.seed)
    assert as_json(state) == as_json(run.start), f"{case}: setup is not deterministic"
    for index, step in enumerate(run.steps, start=1):
        if index % READ_BACK_EVERY == 0:  # as the host does: a state read from the store
            state = game.parse_state(json.loads(as_json(state)))
        if step.action is None:
            state, events = game.expire(state)
        else:
            assert step.seat is not None
            state, events = game.apply(state, step.seat, roundtrip_action(game, step.action))
        assert as_json(state) == as_json(step.after), (
            f"{case}: replay differs after step {index} ({step.seat}, {step.action!r})"
        )
        assert tuple(events) == step.events, f"{case}: replay told other events at step {index}"
    assert state == run.final


# -- in another process ------------------------------------------------------------------------

REPLAYER = """
import json, sys
from tests.support.race import install
install()
from games import registry
out = {}
for item in json.load(sys.stdin):
    game = registry.get(item["game"])
    state = game.setup(item["seats"], game.parse_options(item["options"]), item["seed"])
    for seat, action in item["log"]:
        state = game.parse_state(json.loads(state.model_dump_json()))
        if action is None:
            state, _ = game.expire(state)
        else:
            state, _ = game.apply(state, seat, game.parse_action(action))
    out[item["case"]] = state.model_dump_json()
json.dump(out, sys.stdout)
"""
OTHER_PROCESS_CASES = cases(seeds=(1,), per_game=2)


@cache
def replayed_elsewhere() -> dict[str, str]:
    """Every case's final state, replayed from its log in a fresh interpreter with
    another string hash seed (set and dict orders of strings differ there): what a
    restarted bot would rebuild."""
    items = []
    for param in OTHER_PROCESS_CASES:
        case = param.values[0]
        try:
            run = playout(case)
        except BaseException:
            continue
        log = [
            (step.seat, None if step.action is None else dump_action(step.action))
            for step in run.steps
        ]
        items.append(
            {
                "case": str(case),
                "game": case.game_id,
                "seats": case.seats,
                "seed": case.seed,
                "options": dict(case.options),
                "log": log,
            }
        )
    env = {**os.environ, "PYTHONHASHSEED": str(4242 + os.getpid() % 1000)}
    done = subprocess.run(
        [sys.executable, "-c", REPLAYER],
        input=json.dumps(items),
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).resolve().parents[2],
        timeout=120,
        check=False,
    )
    if done.returncode:
        return {"error": done.stderr[-2000:]}
    return dict(json.loads(done.stdout))


@pytest.mark.parametrize("case", OTHER_PROCESS_CASES)
def test_the_log_replays_the_same_game_in_another_process(case: Case) -> None:
    run = playout(case)
    elsewhere = replayed_elsewhere()
    if "error" in elsewhere and str(case) not in elsewhere:
        pytest.fail(f"the replaying process failed:\n{elsewhere['error']}", pytrace=False)
    assert elsewhere[str(case)] == as_json(run.final), (
        f"{case}: replayed in another process (other hash seed), the final state differs"
    )
