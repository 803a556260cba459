"""Live play with a turn limit, and scheduled asynchronous play with catch-up."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from games.engine import Event, IllegalAction
from games.tufteln import GAME, next_roll_time
from games.tufteln.models import Place, TuftelnState
from games.tufteln.placement import default_placement
from games.tufteln.sheet import BLANK_SHEET, EMPTY, field_index

NOW = datetime(2024, 5, 6, 12, 0, tzinfo=UTC)


def live(seats: int = 3, turn_seconds: int = 60) -> TuftelnState:
    return GAME.setup(seats, GAME.parse_options({"turn_seconds": turn_seconds}), seed=4)


def scheduled(seats: int = 3, schedule: str = "every 4h") -> TuftelnState:
    return GAME.setup(seats, GAME.parse_options({"schedule": schedule}), seed=4)


def first_legal(state: TuftelnState, seat: int) -> Place:
    return GAME.legal_actions(state, seat)[0]


def expire(state: TuftelnState, times: int) -> TuftelnState:
    for _ in range(times):
        state, _ = GAME.expire(state)
    return state


# -- live ------------------------------------------------------------------------------


def test_live_starts_with_a_roll_everyone_places_at_once() -> None:
    state = live()
    assert len(state.rolls) == 1
    assert GAME.phase_key(state) == "r1"
    assert GAME.active(state) == frozenset({0, 1, 2})
    state, _ = GAME.apply(state, 1, first_legal(state, 1))
    assert GAME.active(state) == frozenset({0, 2})


def test_live_rolls_on_when_the_last_player_places() -> None:
    state = live(seats=2)
    state, _ = GAME.apply(state, 0, first_legal(state, 0))
    state, events = GAME.apply(state, 1, first_legal(state, 1))
    assert len(state.rolls) == 2
    assert GAME.phase_key(state) == "r2"
    assert events[-1].key == "tufteln.rolled"
    assert events[-1].params == {"roll": 2, "first": state.rolls[1][0], "second": state.rolls[1][1]}


def test_live_deadline_is_the_turn_limit_or_none() -> None:
    deadline = GAME.deadline(live(turn_seconds=90), NOW)
    assert deadline is not None
    assert (deadline.key, deadline.at) == ("r1", NOW + timedelta(seconds=90))
    assert GAME.deadline(live(turn_seconds=0), NOW) is None


def test_a_live_turn_limit_reminds_shortly_before_it_runs_out() -> None:
    def before_end(turn_seconds: int, remind: bool = True) -> timedelta | None:
        options = GAME.parse_options({"turn_seconds": turn_seconds, "remind": remind})
        deadline = GAME.deadline(GAME.setup(2, options, seed=4), NOW)
        assert deadline is not None
        return deadline.at - deadline.remind_at if deadline.remind_at else None

    assert before_end(600) == timedelta(minutes=1)  # a minute before the end
    assert before_end(120) == timedelta(seconds=30)  # a quarter of a short limit
    assert before_end(60) == timedelta(seconds=15)
    assert before_end(59) is None  # a player at the table sees it run out anyway
    assert before_end(600, remind=False) is None


def test_live_timeout_places_the_default_for_whoever_is_missing() -> None:
    state = live()
    state, _ = GAME.apply(state, 0, first_legal(state, 0))
    sheet_0 = state.sheets[0]
    expected = default_placement(BLANK_SHEET, "A", state.rolls[0])
    state, events = GAME.expire(state)
    assert [e.params for e in events if e.key == "tufteln.auto_placed"] == [
        {"seat": 1, "count": 1},
        {"seat": 2, "count": 1},
    ]
    assert state.sheets[0] == sheet_0  # who placed keeps their choice
    for seat in (1, 2):
        filled = [i for i, ch in enumerate(state.sheets[seat]) if BLANK_SHEET[i] != ch]
        assert sorted(filled) == sorted(expected)
    assert state.defaulted == [0, 1, 1]
    assert GAME.phase_key(state) == "r2"
    assert events[-1].key == "tufteln.rolled"


def test_default_is_the_first_placement_in_reading_order_when_nothing_scores() -> None:
    # Fresh sheet: A1 and B1 are the first free fields, die 1 into A1.
    assert default_placement(BLANK_SHEET, "A", (5, 2)) == (0, 1)
    assert default_placement(BLANK_SHEET, "B", (5, 2)) == (0, 2)  # A1, C1: both white


def test_default_completes_the_squares_worth_most() -> None:
    # Only B1 (square A1-B2, printed 1) and F1 (square E1-F2, printed 4) are free;
    # the rest of both squares is 1s and 4s. With dice (4, 1), reading order would
    # write 4 into B1 (two three-of-a-kinds, 0); the default crosses them: 5 + 5.
    sheet = list("1" * 36)
    for name, digit in (("A1", 1), ("A2", 1), ("E1", 4), ("E2", 4), ("F2", 4)):
        sheet[field_index(name)] = str(digit)  # type: ignore[index]
    for name in ("B1", "F1"):
        sheet[field_index(name)] = EMPTY  # type: ignore[index]
    b1, f1 = field_index("B1"), field_index("F1")
    assert default_placement("".join(sheet), "A", (4, 1)) == (f1, b1)


def test_a_live_game_of_timeouts_ends_after_15_rolls() -> None:
    state = expire(live(seats=2), 15)
    assert state.over
    assert GAME.phase_key(state) == "end"
    assert all(EMPTY not in sheet for sheet in state.sheets)
    assert state.defaulted == [15, 15]
    assert GAME.deadline(state, NOW) is None


# -- scheduled ---------------------------------------------------------------------------


def test_scheduled_starts_itself_at_the_first_roll_and_rolls_at_once() -> None:
    options = GAME.parse_options({"schedule": "every 4h"})
    assert GAME.starts_at(options, NOW) == next_roll_time("every 4h", NOW)
    assert GAME.starts_at(GAME.parse_options({}), NOW) is None  # live: the host starts it
    state = scheduled()
    assert state.rolls == []
    assert GAME.phase_key(state) == "r0"
    assert GAME.active(state) == frozenset()
    assert GAME.legal_actions(state, 0) == []
    # Started (by the lobby's own timer or early by the host): r0 is due at once.
    deadline = GAME.deadline(state, NOW)
    assert deadline is not None
    assert (deadline.key, deadline.at, deadline.remind_at) == ("r0", NOW, None)
    state, events = GAME.expire(state)
    assert [e.key for e in events] == ["tufteln.rolled"]
    deadline = GAME.deadline(state, NOW)
    assert deadline is not None
    assert (deadline.key, deadline.at) == ("r1", NOW + timedelta(hours=4))


def test_scheduled_reminders_come_some_hours_into_a_long_wait() -> None:
    def remind_at(schedule: str, remind: bool = True) -> timedelta | None:
        options = GAME.parse_options({"schedule": schedule, "remind": remind})
        state, _ = GAME.expire(GAME.setup(2, options, seed=1))
        deadline = GAME.deadline(state, NOW)
        assert deadline is not None
        return deadline.remind_at - NOW if deadline.remind_at else None

    assert remind_at("every 4h") == timedelta(hours=2)  # halfway
    assert remind_at("every 1d") == timedelta(hours=4)  # at most 4 h after the roll
    assert remind_at("every 1h") == timedelta(minutes=30)
    assert remind_at("every 59m") is None  # rolls within the hour: no reminders
    assert remind_at("every 4h", remind=False) is None
    untimed = GAME.setup(3, GAME.parse_options({}), seed=4)
    assert GAME.deadline(untimed, NOW) is None  # live without a limit: nothing to remind of


def test_scheduled_rolls_only_at_deadlines_not_when_everyone_placed() -> None:
    state = expire(scheduled(seats=2), 1)
    for seat in (0, 1):
        state, _ = GAME.apply(state, seat, first_legal(state, seat))
    assert len(state.rolls) == 1
    assert GAME.active(state) == frozenset()
    assert GAME.phase_key(state) == "r1"


def test_scheduled_players_catch_up_in_order() -> None:
    state = expire(scheduled(seats=2), 3)
    assert GAME.behind(state) == [3, 3]
    assert GAME.active(state) == frozenset({0, 1})
    assert {a.roll for a in GAME.legal_actions(state, 0)} == {1}
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, 0, Place(roll=2, first="A1", second="B1"))
    assert (caught.value.key, caught.value.params) == (
        "tufteln.earlier_roll",
        {"roll": 2, "open": 1},
    )
    for roll in (1, 2, 3):
        action = first_legal(state, 0)
        assert action.roll == roll
        dice = state.rolls[roll - 1]
        state, _ = GAME.apply(state, 0, action)
        assert state.sheets[0][field_index(action.first)] == str(dice[0])  # type: ignore[index]
    assert GAME.behind(state) == [0, 3]
    assert GAME.active(state) == frozenset({1})
    # A second click on roll 3 is refused without changing anything.
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, 0, Place(roll=3, first="C1", second="D1"))
    assert caught.value.key == "tufteln.roll_placed"


def test_scheduled_phase_keys_and_the_final_deadline() -> None:
    state = scheduled()
    keys = [GAME.phase_key(state)]
    events: list[Event] = []
    for _ in range(15):
        state, events = GAME.expire(state)
        keys.append(GAME.phase_key(state))
    assert keys == [f"r{k}" for k in range(15)] + ["final"]
    assert [e.key for e in events] == ["tufteln.rolled", "tufteln.last_roll"]
    assert events[1].params == {"hours": 24, "count": 24}
    deadline = GAME.deadline(state, NOW)
    assert deadline is not None
    assert (deadline.key, deadline.at) == ("final", NOW + timedelta(hours=24))
    assert deadline.remind_at == NOW + timedelta(hours=4)


def test_final_deadline_places_open_rolls_by_default_and_ends() -> None:
    state = expire(scheduled(seats=3), 15)
    # Seat 0 places everything, seat 1 five rolls, seat 2 nothing.
    for _ in range(15):
        state, _ = GAME.apply(state, 0, first_legal(state, 0))
    for _ in range(5):
        state, _ = GAME.apply(state, 1, first_legal(state, 1))
    assert not state.over
    state, events = GAME.expire(state)
    assert state.over
    assert [e.params for e in events if e.key == "tufteln.auto_placed"] == [
        {"seat": 1, "count": 10},
        {"seat": 2, "count": 15},
    ]
    assert events[-1].key == "tufteln.over"
    assert state.defaulted == [0, 10, 15]
    assert all(EMPTY not in sheet for sheet in state.sheets)
    assert GAME.result(state) is not None


def test_scheduled_game_ends_as_soon_as_all_sheets_are_full() -> None:
    state = expire(scheduled(seats=2), 15)
    for seat in (0, 1):
        for _ in range(15):
            state, events = GAME.apply(state, seat, first_legal(state, seat))
    assert state.over
    assert events[-1].key == "tufteln.over"
    assert GAME.phase_key(state) == "end"


def test_solo_game_announces_its_rating() -> None:
    state = expire(scheduled(seats=1), 15)
    state, events = GAME.expire(state)
    total = GAME.result(state).scores[0]  # type: ignore[union-attr]
    assert events[-1].key.startswith("tufteln.rating.")
    assert events[-1].params == {"seat": 0, "total": total, "count": total}


def test_remind_option_is_recorded_for_the_host() -> None:
    quiet = GAME.setup(2, GAME.parse_options({"schedule": "every 1h", "remind": False}), 1)
    assert GAME.view(quiet, None).remind is False
    assert GAME.view(scheduled(), None).remind is True
