"""Views: deterministic, JSON-serialisable, and never dependent on what the reader may
not see. A seat's view is the public view plus that seat's own secrets; a view is
unchanged when only information hidden from its reader changes (`secrets.py`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.conformance.secrets import SHUFFLES, nothing
from tests.conformance.support import HEAVY, Case, as_json, cases, playout, sample

STATES = 5
SHUFFLES_PER_READER = 2


def differences(a: Any, b: Any, path: str = "") -> list[str]:
    """Where two JSON values differ, as paths ('houses[3].character: None != "thief"')."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(a.keys() | b.keys(), key=str):
            out += differences(a.get(k), b.get(k), f"{path}.{k}")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += differences(x, y, f"{path}[{i}]")
        return out
    return [] if a == b else [f"{path or '.'}: {a!r} != {b!r}"]


def _empty(value: Any) -> bool:
    return value is None or value is False or value == [] or value == {} or value == ""


def additions_only(public: Any, mine: Any, path: str = "") -> list[str]:
    """Where a seat's view shows something else than the public view sees there; a
    place where the public sees nothing (None, empty, False) may hold a secret."""
    if isinstance(public, dict) and isinstance(mine, dict):
        out = []
        for k in sorted(public.keys() | mine.keys(), key=str):
            out += additions_only(public.get(k), mine.get(k), f"{path}.{k}")
        return out
    if isinstance(public, list) and isinstance(mine, list) and len(public) == len(mine):
        out = []
        for i, (x, y) in enumerate(zip(public, mine, strict=True)):
            out += additions_only(x, y, f"{path}[{i}]")
        return out
    if public == mine or _empty(public):
        return []
    return [f"{path or '.'}: public {public!r}, seat {mine!r}"]


def readers(case: Case) -> list[int | None]:
    return [None, *range(case.seats)]


@pytest.mark.parametrize("case", cases())
def test_views_are_deterministic_and_json_serialisable(case: Case) -> None:
    game = case.game
    for state in sample(playout(case), STATES):
        before = as_json(state)
        for reader in readers(case):
            view = game.view(state, reader)
            again = game.view(state, reader)
            assert view == again, f"{case}: two views of one state differ for {reader}"
            back = type(view).model_validate_json(view.model_dump_json())
            assert back == view, f"{case}: the view of {reader} does not survive JSON"
        assert as_json(state) == before, f"{case}: view changed the state"


@pytest.mark.parametrize("case", cases())
def test_a_seat_sees_the_public_view_plus_its_own_secrets(case: Case) -> None:
    """Everything the public view shows, each seat's view shows alike; a seat's view
    differs only where the public sees nothing (its own secrets fill those places)."""
    game = case.game
    for state in sample(playout(case), STATES):
        public = game.view(state, None).model_dump(mode="json")
        for seat in range(case.seats):
            mine = game.view(state, seat).model_dump(mode="json")
            problems = additions_only(public, mine)
            assert not problems, (
                f"{case}, phase {game.phase(state)!r}, seat {seat} sees otherwise than "
                f"the public: {problems[:5]}"
            )


@pytest.mark.parametrize("case", cases(per_game=HEAVY))
def test_a_view_does_not_depend_on_what_its_reader_may_not_see(case: Case) -> None:
    shuffle = SHUFFLES.get(case.game_id)
    if shuffle is None:
        pytest.skip(f"no secrets hook for {case.game_id!r} in tests/conformance/secrets.py")
    game = case.game
    rng = random.Random(str(case))
    changed = 0
    for state in sample(playout(case), STATES):
        for reader in readers(case):
            view = game.view(state, reader).model_dump(mode="json")
            for _ in range(SHUFFLES_PER_READER):
                other = shuffle(state, reader, rng)
                if as_json(other) == as_json(state):
                    continue
                changed += 1
                leaks = differences(view, game.view(other, reader).model_dump(mode="json"))
                assert not leaks, (
                    f"{case}, phase {game.phase(state)!r}: the view of "
                    f"{'the public' if reader is None else f'seat {reader}'} changes with "
                    f"secrets it may not see: {leaks[:5]}"
                )
    if shuffle is not nothing:
        assert changed, f"{case}: the secrets hook never changed a state (a vacuous check)"


@pytest.mark.parametrize("case", cases())
def test_a_move_in_a_secret_phase_does_not_show_on_the_table(case: Case) -> None:
    """In a phase whose actors are secret (`Phase.secret`, e.g. night roles), an action
    that keeps the phase changes neither the public view nor the phase key, and tells
    the table nothing: the table message is not even edited (the presenter skips an
    unchanged table), so nobody learns that someone acted."""
    game = case.game
    run = playout(case)
    for index, step in enumerate(run.steps):
        before = run.states[index]
        if step.action is None or not game.current(before).secret:
            continue
        if game.phase(step.after) != game.phase(before):
            continue  # the phase ended: the table may move on
        where = f"{case} step {index + 1}, phase {game.phase(before)!r}"
        assert game.phase_key(step.after) == game.phase_key(before), f"{where}: new phase key"
        assert game.view(step.after, None) == game.view(before, None), (
            f"{where}: the public view changed: "
            + str(
                differences(
                    game.view(before, None).model_dump(mode="json"),
                    game.view(step.after, None).model_dump(mode="json"),
                )[:5]
            )
        )
        public = [e for e in step.events if e.to is None]
        assert not public, f"{where}: the table is told {public}"
