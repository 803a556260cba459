"""Legal placements: variant rules, no dead ends, fields, roll numbers, seats."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import IllegalAction
from games.tufteln import GAME
from games.tufteln.models import Place, TuftelnState
from games.tufteln.sheet import BY_COLOUR, FIELD_NAMES, FREE, LIGHT, field_index

Placer = Callable[[TuftelnState, int, str, str, tuple[int, int]], TuftelnState]


def new_game(variant: str = "A", seats: int = 2, dice: tuple[int, int] = (2, 5)) -> TuftelnState:
    state = GAME.setup(seats, GAME.parse_options({"variant": variant}), seed=11)
    state.rolls[-1] = dice
    return state


def refusal(state: TuftelnState, seat: int, roll: int, first: str, second: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, Place(roll=roll, first=first, second=second))
    return caught.value


def value(state: TuftelnState, seat: int, name: str) -> int:
    index = field_index(name)
    assert index is not None
    return int(state.sheets[seat][index])


# -- variant A -------------------------------------------------------------------------


def test_a_light_fields_anywhere_white_and_yellow_mix() -> None:
    state, _ = GAME.apply(new_game(), 0, Place(roll=1, first="A1", second="F4"))  # white, yellow
    assert (value(state, 0, "A1"), value(state, 0, "F4")) == (2, 5)
    assert state.last[0] == ("A1", "F4")


def test_a_two_light_fields_of_one_square() -> None:
    state, _ = GAME.apply(new_game(), 0, Place(roll=1, first="B1", second="A1"))
    assert (value(state, 0, "B1"), value(state, 0, "A1")) == (2, 5)


def test_a_blue_fields_side_by_side_across_a_square_border() -> None:
    state, _ = GAME.apply(new_game(), 0, Place(roll=1, first="A3", second="A2"))
    assert (value(state, 0, "A3"), value(state, 0, "A2")) == (2, 5)


def test_a_refuses_light_with_blue() -> None:
    error = refusal(new_game(), 0, 1, "A1", "A2")
    assert error.key == "tufteln.a_mixed"
    assert error.params == {"first": "A1", "second": "A2"}


def test_a_refuses_blue_fields_apart() -> None:
    assert refusal(new_game(), 0, 1, "A2", "D2").key == "tufteln.a_apart"
    assert refusal(new_game(), 0, 1, "D2", "E3").key == "tufteln.a_apart"  # diagonal


def test_a_refuses_a_dead_end_and_does_not_offer_it() -> None:
    # D3-D4 would strand D2, E2, E3 (three fields cannot pair up).
    state = new_game()
    error = refusal(state, 0, 1, "D3", "D4")
    assert error.key == "tufteln.dead_end"
    offered = {(a.first, a.second) for a in GAME.legal_actions(state, 0)}
    assert ("D3", "D4") not in offered
    assert ("D4", "D3") not in offered
    assert ("D3", "E3") in offered


def test_a_dead_end_that_appears_later(place: Placer) -> None:
    state = place(new_game(seats=1), 0, "D2", "E2", (1, 1))
    # C5-B5 would leave C4, D4 and D3, E3 fine; C4-C5 would strand B5.
    offered = {(a.first, a.second) for a in GAME.legal_actions(state, 0)}
    assert ("B5", "C5") in offered
    assert ("C4", "C5") not in offered
    state.rolls[-1] = (3, 4)
    assert refusal(state, 0, 2, "C4", "C5").key == "tufteln.dead_end"


# -- variant B -------------------------------------------------------------------------


def test_b_same_colour_anywhere_even_blue_apart() -> None:
    state, _ = GAME.apply(new_game("B"), 0, Place(roll=1, first="A2", second="F6"))
    assert (value(state, 0, "A2"), value(state, 0, "F6")) == (2, 5)
    state, _ = GAME.apply(new_game("B"), 0, Place(roll=1, first="B1", second="D1"))  # yellow
    assert value(state, 0, "D1") == 5


def test_b_refuses_two_colours() -> None:
    assert refusal(new_game("B"), 0, 1, "A1", "B1").key == "tufteln.b_colours"  # white, yellow
    assert refusal(new_game("B"), 0, 1, "A2", "A1").key == "tufteln.b_colours"  # blue, white


# -- fields --------------------------------------------------------------------------------


def test_filled_and_printed_fields_are_refused(place: Placer) -> None:
    state = place(new_game(seats=1), 0, "A1", "C1", (3, 3))
    state.rolls[-1] = (1, 2)
    error = refusal(state, 0, 2, "F1", "A1")
    assert (error.key, error.params) == ("tufteln.taken", {"field": "A1"})
    error = refusal(state, 0, 2, "B2", "F1")
    assert (error.key, error.params) == ("tufteln.printed", {"field": "B2"})


@pytest.mark.parametrize("name", ["G1", "A7", "A0", "", "11", "AA"])
def test_unknown_field_names_are_refused(name: str) -> None:
    error = refusal(new_game(), 0, 1, name, "A1")
    assert (error.key, error.params) == ("tufteln.bad_field", {"field": name})


def test_same_field_twice_is_refused() -> None:
    assert refusal(new_game(), 0, 1, "A1", "a1").key == "tufteln.same_field"


def test_field_names_ignore_case_and_spaces() -> None:
    state, _ = GAME.apply(new_game(), 0, Place(roll=1, first=" c1", second="f1 "))
    assert state.last[0] == ("C1", "F1")


# -- rolls and seats ----------------------------------------------------------------------


def test_a_roll_is_placed_once_and_the_next_waits_for_its_roll() -> None:
    state, _ = GAME.apply(new_game(), 0, Place(roll=1, first="A1", second="B1"))
    # Seat 1 has not placed yet, so roll 2 is not made.
    assert refusal(state, 0, 1, "C1", "D1").key == "tufteln.roll_placed"
    error = refusal(state, 0, 2, "C1", "D1")
    assert (error.key, error.params) == ("tufteln.roll_not_made", {"roll": 2})
    assert GAME.legal_actions(state, 0) == []
    assert GAME.active(state) == frozenset({1})


def test_not_a_seat_and_game_over_are_refused(
    play_sheet: Callable[[str], TuftelnState],
) -> None:
    assert refusal(new_game(), 5, 1, "A1", "B1").key == "engine.not_your_turn"
    assert GAME.legal_actions(new_game(), 5) == []
    over = play_sheet("112544115244556622553122446134243665")
    assert refusal(over, 0, 15, "A1", "B1").key == "engine.game_over"


def test_a_refusal_leaves_the_state_unchanged() -> None:
    state = new_game()
    before = state.model_dump()
    refusal(state, 0, 1, "D3", "D4")
    assert state.model_dump() == before


def test_apply_and_expire_work_on_a_copy() -> None:
    state = new_game()
    before = state.model_dump()
    after, _ = GAME.apply(state, 0, Place(roll=1, first="A1", second="B1"))
    after, _ = GAME.expire(after)
    assert state.model_dump() == before
    assert after.placed == [1, 1] and len(after.rolls) == 2


# -- legal_actions ----------------------------------------------------------------------


def test_both_assignments_are_offered_unless_the_dice_are_equal() -> None:
    different = GAME.legal_actions(new_game("B", dice=(1, 6)), 0)
    equal = GAME.legal_actions(new_game("B", dice=(4, 4)), 0)
    pairs = sum(len(f) * (len(f) - 1) // 2 for f in BY_COLOUR.values())
    assert len(equal) == pairs
    assert len(different) == 2 * pairs
    assert {(a.first, a.second) for a in different} >= {("A1", "C1"), ("C1", "A1")}
    assert all(a.roll == 1 for a in different)


def test_variant_a_offers_every_light_pair_and_the_safe_blue_pairs() -> None:
    offered = {(a.first, a.second) for a in GAME.legal_actions(new_game(dice=(3, 3)), 0)}
    light = len(LIGHT) * (len(LIGHT) - 1) // 2
    blue = {p for p in offered if field_index(p[0]) not in LIGHT}
    assert len(offered) - len(blue) == light
    # Every side-by-side blue pair except the two that strand a field of the group.
    assert blue == {
        ("A2", "A3"),
        ("D2", "E2"),
        ("D2", "D3"),
        ("E2", "E3"),
        ("D3", "E3"),
        ("C4", "D4"),
        ("B5", "C5"),
        ("F5", "F6"),
    }


@settings(max_examples=25, deadline=None)
@given(
    variant=st.sampled_from(["A", "B"]),
    steps=st.integers(0, 14),
    seed=st.integers(0, 10**6),
    dice=st.tuples(st.integers(1, 6), st.integers(1, 6)),
)
def test_apply_accepts_exactly_the_offered_placements(
    variant: str, steps: int, seed: int, dice: tuple[int, int]
) -> None:
    rnd = random.Random(seed)
    state = GAME.setup(1, GAME.parse_options({"variant": variant}), seed)
    for _ in range(steps):
        state, _ = GAME.apply(state, 0, rnd.choice(GAME.legal_actions(state, 0)))
    state.rolls[-1] = dice
    offered = {(a.first, a.second) for a in GAME.legal_actions(state, 0)}
    roll = len(state.rolls)
    for i in FREE:
        for j in FREE:
            if i == j:
                continue
            names = (FIELD_NAMES[i], FIELD_NAMES[j])
            # With equal dice a placement is listed (and accepted) once, in reading order.
            expected = names in offered
            action = Place(roll=roll, first=names[0], second=names[1])
            assert GAME.is_legal(state, 0, action) == expected, names
            try:
                GAME.apply(state, 0, action)
                accepted = True
            except IllegalAction:
                accepted = False
            assert accepted == expected, names


PROBES = (("A1", "B1"), ("B1", "A1"), ("A2", "A3"), ("A3", "A2"), ("D3", "D4"), ("A1", "A1"))


@settings(max_examples=8, deadline=None)
@given(schedule=st.sampled_from(["", "every 4h"]), seed=st.integers(0, 10**6))
def test_is_legal_agrees_with_legal_actions_for_every_seat(schedule: str, seed: int) -> None:
    """The cheap `is_legal` says exactly whether an action is listed, in every phase."""
    rnd = random.Random(seed)
    state = GAME.setup(3, GAME.parse_options({"schedule": schedule}), seed)
    while True:
        for seat in (0, 1, 2, 3):  # 3 is no seat
            legal = GAME.legal_actions(state, seat)
            listed = {(a.roll, a.first, a.second) for a in legal}
            probes = [Place(roll=r, first=f, second=s) for r in (1, 2, 15) for f, s in PROBES]
            probes += legal[:3] + [a.model_copy(update={"roll": a.roll + 1}) for a in legal[:2]]
            for action in probes:
                expected = (action.roll, action.first, action.second) in listed
                assert GAME.is_legal(state, seat, action) == expected, (seat, action)
        if state.over:
            return
        movers = sorted(GAME.active(state))
        if movers and rnd.random() < 0.7:
            seat = rnd.choice(movers)
            state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))
        else:
            state, _ = GAME.expire(state)
