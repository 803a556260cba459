"""Turns: drawing, taking the discard, exchanging, giving special cards, refusals, time."""

from __future__ import annotations

import re
import tomllib
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import games.lama
from games.engine import IllegalAction
from games.lama import GAME
from games.lama.cards import kind
from games.lama.models import (
    Discard,
    Draw,
    Exchange,
    Give,
    LamaAction,
    LamaOptions,
    LamaState,
    Pass,
    Peek,
    TakeDiscard,
)


def test_registered_with_id_name_aliases_and_player_range() -> None:
    from games.registry import lookup

    assert lookup("No Prob-Lama") is GAME
    assert lookup("noproblama") is GAME and lookup("problama") is GAME
    assert GAME.id == "lama" and not GAME.hidden
    assert (GAME.min_players, GAME.max_players) == (2, 6)


def test_anton_takes_the_minus_two_and_exchanges_his_nine(kit) -> None:
    state = kit.rig(2, [["9", "4", "5", "6", "7", "8", "3", "4", "5"]], discard=["8", "-2"])
    state = kit.play(state, 0, TakeDiscard())
    assert GAME.view(state, None).taken == "-2"
    # A card taken from the discard pile must be exchanged: no Discard on offer.
    assert GAME.legal_actions(state, 0) == [Exchange(position=p) for p in range(9)]
    state = kit.play(state, 0, Exchange(position=0))
    assert kind(state.layouts[0][0]) == "-2" and state.face_up[0][0]
    assert kind(state.discard[-1]) == "9"  # face up on the discard pile
    assert state.to_act == 1 and state.step == "choose"
    kit.assert_accounted(state)


def test_draw_then_exchange_a_face_up_card(kit) -> None:
    up = [[True] + [False] * 8, [False] * 9]
    state = kit.rig(2, [["10"]], draw=["3"], face_up=up)
    state = kit.play(state, 0, Draw())
    assert GAME.legal_actions(state, 0) == [*(Exchange(position=p) for p in range(9)), Discard()]
    state = kit.play(state, 0, Exchange(position=0))
    assert kind(state.layouts[0][0]) == "3"
    assert kind(state.discard[-1]) == "10"


def test_draw_then_discard_ends_the_turn(kit) -> None:
    state = kit.rig(3, draw=["7"])
    state = kit.play(state, 0, Draw())
    state = kit.play(state, 0, Discard())
    assert kind(state.discard[-1]) == "7"
    assert state.to_act == 1
    assert not any(state.face_up[0])


@pytest.mark.parametrize("special", ["drama", "karma"])
def test_drawn_special_card_must_be_given_and_ends_the_turn(kit, special: str) -> None:
    state = kit.rig(3, draw=[special])
    state = kit.play(state, 0, Draw())
    assert GAME.legal_actions(state, 0) == [Give(to_seat=1), Give(to_seat=2)]
    refusals: list[tuple[LamaAction, str]] = [
        (Exchange(position=0), "lama.must_give"),
        (Discard(), "lama.must_give"),
        (Give(to_seat=0), "lama.give_self"),
        (Give(to_seat=3), "lama.bad_seat"),
    ]
    for refused, key in refusals:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 0, refused)
        assert err.value.key == key
    state = kit.play(state, 0, Give(to_seat=2))
    assert [kind(c) for c in state.received[2]] == [special]
    assert state.to_act == 1 and state.step == "choose"


def test_special_card_on_the_discard_pile_can_be_taken_and_given(kit) -> None:
    state = kit.rig(2, discard=["4", "karma"])
    state = kit.play(state, 0, TakeDiscard())
    assert GAME.legal_actions(state, 0) == [Give(to_seat=1)]
    state = kit.play(state, 0, Give(to_seat=1))
    assert [kind(c) for c in state.received[1]] == ["karma"]
    assert kind(state.discard[-1]) == "4"


def test_empty_discard_pile_cannot_be_taken(kit) -> None:
    state = kit.rig(2, discard=["drama"])
    state = kit.play(state, 0, TakeDiscard())
    state = kit.play(state, 0, Give(to_seat=1))
    assert state.discard == []
    assert GAME.legal_actions(state, 1) == [Draw()]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, TakeDiscard())
    assert err.value.key == "lama.discard_empty"
    assert GAME.view(state, None).discard_top is None


def test_refusals_name_the_problem(kit) -> None:
    state = kit.rig(2, draw=["5"])
    cases: list[tuple[LamaState, int, LamaAction, str]] = [
        (state, 1, Draw(), "engine.not_your_turn"),
        (state, 0, Exchange(position=0), "lama.take_first"),
        (state, 0, Discard(), "lama.take_first"),
        (state, 0, Give(to_seat=1), "lama.take_first"),
        (state, 0, Peek(positions=(0, 1)), "lama.peek_over"),
    ]
    drawn = kit.play(state, 0, Draw())
    cases += [
        (drawn, 0, Draw(), "lama.already_holding"),
        (drawn, 0, TakeDiscard(), "lama.already_holding"),
        (drawn, 0, Give(to_seat=1), "lama.not_special"),
        (drawn, 0, Exchange(position=9), "lama.bad_position"),
        (drawn, 0, Exchange(position=-1), "lama.bad_position"),
    ]
    taken = kit.play(state, 0, TakeDiscard())
    cases.append((taken, 0, Discard(), "lama.must_exchange"))
    for st, seat, action, key in cases:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(st, seat, action)
        assert err.value.key == key, action


def test_every_key_has_an_english_sentence_and_the_rules_fit_discord() -> None:
    path = Path(games.lama.__file__).parent / "locales" / "en.toml"
    table = tomllib.loads(path.read_text())["lama"]
    source = "".join(p.read_text() for p in path.parent.parent.glob("*.py"))
    used = set(re.findall(r'"lama\.([a-z_]+)"', source))
    assert used, "no keys found"
    assert used <= set(table)
    assert len(table["rules"]) < 1800


def test_peek_step_is_simultaneous_and_private(kit) -> None:
    state = GAME.setup(3, LamaOptions(), 7)
    assert GAME.active(state) == {0, 1, 2}
    assert len(GAME.legal_actions(state, 0)) == 36
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, Draw())
    assert err.value.key == "lama.peek_first"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, Peek(positions=(4, 4)))
    assert err.value.key == "lama.bad_peek"
    key = GAME.phase_key(state)
    state = kit.play(state, 2, Peek(positions=(8, 3)))  # any order is accepted
    assert state.peeked[2] == [3, 8]
    assert GAME.active(state) == {0, 1}
    assert GAME.phase_key(state) == key  # one deadline for the whole step
    assert not any(state.face_up[2])  # looking does not turn cards over
    mine = GAME.view(state, 2)
    assert mine.known == {3: kind(state.layouts[2][3]), 8: kind(state.layouts[2][8])}
    assert GAME.view(state, 0).known == {}
    state = kit.play(state, 0, Peek(positions=(0, 1)))
    state = kit.play(state, 1, Peek(positions=(0, 1)))
    assert state.phase == "turn" and GAME.active(state) == {0}  # left of dealer (seat 2)


def test_turns_go_clockwise_and_phase_key_changes_every_step(kit) -> None:
    state = kit.rig(3)
    keys = {GAME.phase_key(state)}
    order = []
    for _ in range(6):
        seat = state.to_act
        order.append(seat)
        state = kit.play(state, seat, Draw())
        keys.add(GAME.phase_key(state))
        action = GAME.legal_actions(state, seat)[-1]  # Discard, or a Give
        state = kit.play(state, seat, action)
        keys.add(GAME.phase_key(state))
    assert order == [0, 1, 2, 0, 1, 2]
    assert len(keys) == 13


def test_no_deadline_without_a_time_limit(kit) -> None:
    assert GAME.deadline(kit.rig(2), datetime.now(UTC)) is None


def test_deadline_carries_the_phase_key(kit) -> None:
    state = kit.rig(2, options=LamaOptions(turn_seconds=30))
    now = datetime(2024, 1, 1, tzinfo=UTC)
    deadline = GAME.deadline(state, now)
    assert deadline is not None
    assert deadline.key == GAME.phase_key(state)
    assert deadline.at == now + timedelta(seconds=30)


def test_timeout_before_taking_draws_and_swaps_the_first_face_down_card(kit) -> None:
    up = [[True, False] + [False] * 7, [False] * 9]
    state = kit.rig(2, [["4", "10"]], draw=["9"], face_up=up, options=LamaOptions(turn_seconds=30))
    state, events = GAME.expire(state)
    # The drawn 9 replaces the first face-down card in reading order (position 2), so
    # the round moves towards its end; the 10 goes face up on the discard pile.
    assert kind(state.layouts[0][1]) == "9" and state.face_up[0][1]
    assert kind(state.discard[-1]) == "10"
    assert state.to_act == 1 and state.step == "choose"
    [said] = [e for e in events if e.to is None]
    assert said.key == "lama.timeout_drew_swapped"  # worded as the time's doing
    assert said.params == {"seat": 0, "card": "9", "old": "10", "row": 1, "column": 2}
    assert not any(e.key in ("lama.drew", "lama.exchanged") for e in events)


def test_timeout_gives_a_drawn_special_card_to_the_next_player(kit) -> None:
    state = kit.rig(3, draw=["drama"], options=LamaOptions(turn_seconds=30))
    state, events = GAME.expire(state)
    assert [kind(c) for c in state.received[1]] == ["drama"]
    assert state.to_act == 1 and not any(state.face_up[0])
    assert [e.key for e in events] == ["lama.timeout_drew_gave"]
    assert events[0].params == {"seat": 0, "to_seat": 1, "card": "drama"}


def test_timeout_holding_a_drawn_card_swaps_it_too(kit) -> None:
    state = kit.play(kit.rig(2, [["8"]], draw=["3"]), 0, Draw())
    state, events = GAME.expire(state)
    assert kind(state.layouts[0][0]) == "3" and state.face_up[0][0]
    assert kind(state.discard[-1]) == "8"
    assert [e.key for e in events] == ["lama.timeout_swapped"]


def test_timeout_holding_a_special_card_gives_it_to_the_next_player(kit) -> None:
    state = kit.play(kit.rig(3, discard=["4", "karma"]), 0, TakeDiscard())
    state, events = GAME.expire(state)
    assert [kind(c) for c in state.received[1]] == ["karma"]
    assert [e.key for e in events] == ["lama.timeout_gave"]


def test_timeout_holding_a_taken_card_replaces_the_first_face_down_card(kit) -> None:
    up = [[True, True] + [False] * 7, [False] * 9]
    state = kit.rig(2, [["4", "4", "10"]], discard=["-5"], face_up=up)
    state = kit.play(state, 0, TakeDiscard())
    state, _ = GAME.expire(state)
    assert kind(state.layouts[0][2]) == "-5" and state.face_up[0][2]
    assert kind(state.discard[-1]) == "10"


def test_a_timeout_that_turns_the_last_card_starts_the_final_turns(kit) -> None:
    up = [[True] * 8 + [False], [False] * 9]
    state = kit.rig(2, draw=["5"], face_up=up, options=LamaOptions(turn_seconds=30))
    state, events = GAME.expire(state)
    assert state.ender == 0 and all(state.face_up[0])
    assert [e.key for e in events] == ["lama.timeout_drew_swapped", "lama.last_card"]
    assert GAME.legal_actions(state, 1) == [Draw(), TakeDiscard(), Pass()]


@pytest.mark.parametrize("seats", [2, 4, 6])
@pytest.mark.parametrize("variant", ["lamas", "points"])
def test_a_game_of_absent_players_ends(seats: int, variant: str) -> None:
    """Nobody ever acts: every step times out, from the look at two cards on. Each
    timed-out turn turns a card over (unless it draws a special card), so every round
    ends, and the game with it, within a bound."""
    state = GAME.setup(seats, LamaOptions(variant=variant, turn_seconds=30), seats)
    # A round takes the look, then a turn per face-down card (each turns one over) and
    # one per special card drawn (14 in the deck; given away, they leave play).
    per_round = 1 + 9 * seats + 14
    steps = 0
    while GAME.result(state) is None:
        assert GAME.deadline(state, datetime(2024, 1, 1, tzinfo=UTC)) is not None
        round_ = state.round
        state, _ = GAME.expire(state)
        steps = steps + 1 if state.round == round_ else 0
        assert steps <= per_round, f"round {round_} goes on after {steps} timeouts"
        assert state.round <= 20
    result = GAME.result(state)
    assert result is not None and result.winners


def test_the_final_turns_may_be_passed(kit) -> None:
    up = [[True] * 8 + [False], [False] * 9, [False] * 9]
    state = kit.rig(3, draw=["5"], face_up=up)
    assert Pass() not in GAME.legal_actions(state, 0)  # no final turns yet
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, Pass())
    assert err.value.key == "lama.pass_final_only"
    state = kit.play(state, 0, Draw())
    state = kit.play(state, 0, Exchange(position=8))  # Ana's ninth card: final turns
    assert state.ender == 0 and state.to_act == 1
    assert Pass() in GAME.legal_actions(state, 1)
    before = [list(layout) for layout in state.layouts]
    state, events = GAME.apply(state, 1, Pass())
    assert [e.key for e in events] == ["lama.passed"]
    assert state.layouts == before and state.to_act == 2  # nothing changed but the turn
    # Once a card is taken, passing is over: the card must be placed or discarded.
    held = kit.play(state, 2, Draw())
    with pytest.raises(IllegalAction) as err:
        GAME.apply(held, 2, Pass())
    assert err.value.key == "lama.already_holding"
    state, events = GAME.apply(state, 2, Pass())  # the last final turn: scored
    assert "lama.round_scored" in [e.key for e in events]
    assert state.round == 2 or state.phase == "over"


def test_a_long_look_reminds_near_its_end_and_a_short_one_does_not() -> None:
    start = datetime(2024, 1, 1, tzinfo=UTC)
    long = GAME.setup(3, LamaOptions(turn_seconds=3600), 1)
    deadline = GAME.deadline(long, start)
    assert deadline is not None and deadline.remind_at == start + timedelta(minutes=45)
    short = GAME.deadline(GAME.setup(3, LamaOptions(turn_seconds=60), 1), start)
    assert short is not None and short.remind_at is None
    # Turns are one player's: the host pings them when the turn passes, no reminder.
    turn = long.model_copy(update={"phase": "turn", "peeked": [[0, 8]] * 3})
    in_turn = GAME.deadline(turn, start)
    assert in_turn is not None and in_turn.remind_at is None


def test_timeout_in_the_peek_step_looks_at_two_corners() -> None:
    state = GAME.setup(2, LamaOptions(turn_seconds=60), 3)
    state, _ = GAME.apply(state, 1, Peek(positions=(4, 5)))
    state, events = GAME.expire(state)
    assert state.peeked == [[0, 8], [4, 5]]
    assert state.phase == "turn"
    assert [(e.key, e.params) for e in events] == [
        ("lama.timeout_peek", {"seat": 0}),
        ("lama.turns_begin", {"seat": 0}),
    ]


def test_looking_at_two_cards_is_offered_but_never_forced_on_the_layout() -> None:
    """The look is optional in the rules: it turns nothing over, and a player who lets
    the time run out is only shown two cards (the corners)."""
    state = GAME.setup(2, LamaOptions(turn_seconds=60), 3)
    state, _ = GAME.expire(state)
    assert state.phase == "turn" and not any(any(up) for up in state.face_up)
