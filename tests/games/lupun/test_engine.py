"""The Miss Lupun engine: drawing, keeping, placing, scoring, win cards, the long game."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine import IllegalAction
from games.lupun import GAME, longgame, rounds
from games.lupun.board import space_name
from games.lupun.cards import starting_stack
from games.lupun.deck import DECK, SHORT_DECK_IDS, by_id
from games.lupun.models import JOKER, Change, Confirm, Done, Keep, Place, Toggle
from tests.games.lupun.rig import (
    all_cards,
    assert_accounted,
    deal,
    give_hands,
    grid,
    keep_all,
    owners_for,
    play,
    put,
    set_board,
    turn,
)
from tests.games.lupun.test_example import BOARD, HANDS, OWNERS


def place_first_fit(state):
    """The seat to act places its smallest tile (or its joker first) on the first
    empty space; returns the new state and who placed."""
    seat = state.to_act
    empty = state.board.index(None)
    tile = JOKER if state.jokers[seat] else min(state.tiles[seat])
    return put(state, seat, space_name(empty), tile), seat


def play_placements(state):
    """Place until the round ends; how many tiles each seat placed."""
    placed: Counter[int] = Counter()
    round_number = state.round
    while state.stage == "place" and state.round == round_number:
        state, seat = place_first_fit(state)
        placed[seat] += 1
    return state, [placed[s] for s in range(state.seats)]


# -- drawing and keeping ---------------------------------------------------------------------


def test_everyone_draws_four_and_keeps_three():
    state = deal(4)
    assert [len(d) for d in state.drawn] == [4, 4, 4, 4]
    assert GAME.active(state) == {0, 1, 2, 3}
    drawn = list(state.drawn[2])
    state = play(state, 2, Keep(drop=drawn[1]))
    assert state.hands[2] == [drawn[0], *drawn[2:]]
    assert state.stack[0] == drawn[1]  # under the stack
    assert GAME.active(state) == {0, 1, 3}
    state = keep_all(state)
    assert state.stage == "place" and GAME.active(state) == {0}
    assert_accounted(state)


def test_a_joker_card_gives_a_tile_and_a_replacement_card():
    state = deal(3, ["t010", "J1", "t011", "J2", "t012", "t013"], variant="jokers")
    assert state.drawn[0] == ["t010", "t011", "t012", "t013"]
    assert state.jokers[0] == 2 and state.specials[0] == ["J1", "J2"]
    assert_accounted(state)


def test_a_win_card_and_a_joker_in_one_hand():
    state = deal(3, ["W1", "J1", "t010", "t011", "t012"], variant="jokers")
    assert state.win_card[0] and state.jokers[0] == 1
    assert state.hands[0] == ["t010", "t011", "t012"]  # kept with no choice
    assert state.drawn[0] == []
    assert 0 not in GAME.active(state)
    view = GAME.view(state, None)
    assert view.win_card[0] and view.jokers[0] == 1  # both lie on the table


def test_a_second_win_card_goes_under_the_stack():
    state = deal(3, ["W1", "t010", "W2", "t011", "t012"], variant="jokers")
    assert state.hands[0] == ["t010", "t011", "t012"]
    assert state.stack[0] == "W2"
    assert_accounted(state)


def test_the_keep_default_gives_back_the_most_points():
    state = deal(3)
    drawn = list(state.drawn[1])
    state = play(state, 0, Keep(drop=state.drawn[0][0]))
    state, _ = GAME.expire(state)
    highest = max(drawn, key=lambda c: GAME_POINTS[c])
    assert highest not in state.hands[1] and len(state.hands[1]) == 3
    assert state.stage == "place"


GAME_POINTS = {task.id: task.points for task in DECK}


# -- placing -------------------------------------------------------------------------------


def test_five_players_place_5_5_5_5_4_and_the_first_player_rotates():
    state = keep_all(deal(5, rounds=2))
    state, placed = play_placements(state)
    assert placed == [5, 5, 5, 5, 4]
    assert state.round == 2 and state.first == 1 and state.to_act == 1
    state, placed = play_placements(keep_all(state))
    assert placed == [4, 5, 5, 5, 5]  # seat 0 is now last in turn order
    assert state.stage == "over"


def test_two_players_leave_four_spaces_empty():
    state = keep_all(deal(2))
    state, placed = play_placements(state)
    assert placed == [10, 10]
    assert state.last_round is not None
    assert state.last_round.board.count(None) == 4


def test_two_players_a_task_on_an_empty_space_fails_and_any_column_is_found():
    state = give_hands(deal(2), {0: ["t130", "t046", "t004"], 1: ["t008", "t030", "t001"]})
    board = grid(
        """
        1 9 8 7
        2 6 . .
        4 5 0 3
        0 6 7 8
        3 9 . .
        5 1 2 .
        """
    )
    owners = [None if v is None else (0 if i < 12 else 1) for i, v in enumerate(board)]
    state = set_board(state, board, owners)
    state.to_act = 1
    state = put(state, 1, "D6", 4)
    report = state.last_round
    assert report is not None and report.board.count(None) == 4
    # column A is full and below 6 (t130, 9 points); A3 = C2 touches the empty C2.
    assert report.seats[0].solved == ["t130", "t004"]
    assert report.seats[0].points == 9 + 1
    assert report.seats[1].solved == []  # column A > 15: 15; C: empty; row 6 < 10: 12


def test_a_joker_in_a_two_player_round_is_an_extra_placement():
    top = ["J1", "t010", "t011", "t012", "t013", "t014", "t015", "t016", "t017"]
    state = keep_all(deal(2, top, variant="jokers"))
    assert state.jokers[0] == 1
    state, placed = play_placements(state)
    assert placed == [11, 10]  # 21 placements: the 10 number tiles stay in hand
    assert state.last_round is not None
    assert state.last_round.board.count(JOKER) == 1
    assert state.last_round.board.count(None) == 3


def test_an_unused_joker_is_lost_at_the_round_end():
    state = keep_all(deal(3, ["J1", "t010", "t011", "t012", "t013"], variant="jokers", rounds=2))
    while state.round == 1:  # seat 0 never places its joker
        seat = state.to_act
        empty = state.board.index(None)
        state = put(state, seat, space_name(empty), min(state.tiles[seat]))
    assert state.jokers[0] == 0 or "J1" not in state.specials[0]
    assert "J1" in state.discard
    assert_accounted(state)


def test_nothing_is_placed_before_it_is_confirmed():
    state = keep_all(deal(3, turn_seconds=30))
    chosen = play(state, 0, Place(space="B3", tile=7))
    assert chosen.board == state.board and 7 in chosen.tiles[0]
    assert GAME.phase(chosen) == "confirm"
    assert GAME.phase_key(chosen) == GAME.phase_key(state)  # the same deadline runs on
    assert GAME.view(chosen, 0).draft == ("B3", 7)
    assert GAME.view(chosen, None) == GAME.view(state, None)  # the table learns nothing
    changed = play(chosen, 0, Change())
    assert GAME.phase(changed) == "place" and changed.draft is None
    placed = play(chosen, 0, Confirm())
    assert placed.board[9] == 7 and placed.owners[9] == 0 and placed.to_act == 1
    timed_out, events = GAME.expire(chosen)  # time runs out on an unconfirmed choice
    assert timed_out.board[9] == 7 and events[0].key == "lupun.timeout_placed"


def test_the_place_default_is_legal_and_uses_a_number_tile():
    state = keep_all(deal(3, turn_seconds=30))
    before = list(state.tiles[0])
    state, events = GAME.expire(state)
    assert events[0].key == "lupun.timeout_placed"
    assert len(state.tiles[0]) == len(before) - 1
    assert state.to_act == 1


# -- scoring and winning -----------------------------------------------------------------------


def example_round(hands, win_cards=()):
    state = give_hands(deal(3, variant="jokers", goal="tiles"), hands)
    state.jokers[0] = 1
    state.specials[0] = ["J1"]
    state.stack.remove("J1")
    for seat, card in zip(win_cards, ("W1", "W2"), strict=False):
        state.win_card[seat] = True
        state.specials[seat].append(card)
        state.stack.remove(card)
    state = set_board(state, BOARD, OWNERS)
    state.to_act = 0
    return state


def test_three_jokers_in_one_task_region():
    state = give_hands(deal(3, variant="jokers"), {0: ["t001", "t004", "t008"]})
    board = grid(
        """
        6 7 J 0
        8 9 J 2
        4 5 J 3
        9 6 1 4
        3 7 0 2
        0 1 2 6
        """
    )
    owners = owners_for(board, 3, {2: 0, 6: 1, 10: 2})
    for seat in range(3):
        state.jokers[seat] = 1
        state.specials[seat] = [f"J{seat + 1}"]
        state.stack.remove(f"J{seat + 1}")
    last = 0  # A1
    assert owners[last] == 0
    board_before = list(board)
    board_before[last] = None
    state = set_board(state, board_before, [*owners[:last], None, *owners[last + 1 :]])
    state.to_act = 0
    state = put(state, 0, "A1", 6)
    report = state.last_round
    assert report is not None
    # column C = 24 with C4..C6 summing to 3: the jokers give 21, smallest first.
    assert report.seats[0].jokers == {"C1": 3, "C2": 9, "C3": 9}
    assert "t001" in report.seats[0].solved


def test_a_solved_win_card_beats_the_last_tile_turned_in_the_same_round():
    state = example_round(HANDS, win_cards=(0,))
    state.turned[1] = [0, 1, 2, 3, 5, 6, 7, 8, 9]  # only the 4 left: worth its 4 points
    state = put(state, 0, "C3", JOKER)
    assert state.stage == "over"
    assert state.winners == [0]
    assert state.reason == "win_card"


def test_a_win_card_with_a_task_missed_plays_on():
    state = example_round(HANDS, win_cards=(2,))  # player 3 solves 2 of 3
    state = put(state, 0, "C3", JOKER)
    assert state.stage == "turn" and state.winners is None


@pytest.mark.parametrize("third_hand", [["t008", "t024", "t026"], ["t134", "t008", "t030"]])
def test_two_solved_win_cards_more_points_wins(third_hand):
    # Player 1 solves 12 points on the example board; the deck's calibrated points decide
    # (the second hand is 12 too: a shared win).
    third = sum(by_id(task).points for task in third_hand)
    winners = (0,) if third < 12 else (2,) if third > 12 else (0, 2)
    state = example_round({**HANDS, 2: third_hand}, win_cards=(0, 2))
    state = put(state, 0, "C3", JOKER)
    assert tuple(state.winners or ()) == winners
    assert state.last_round is not None and state.last_round.win_card_winners == [0, 2]


def finished_long_round(points, totals, turned):
    """A long game whose round just ended with these points; turning follows."""
    state = deal(len(points), goal="tiles")
    state.history = [list(points)]
    state.totals = list(totals)
    state.turned = [list(t) for t in turned]
    for seat in range(state.seats):
        state.stack += state.drawn[seat]
        state.drawn[seat] = []
    return state


@pytest.mark.parametrize(
    ("points", "totals", "winners"),
    [
        ([5, 3], [20, 30], [0]),  # more points in that round
        ([5, 5], [20, 30], [1]),  # then the higher game total
        ([5, 5], [30, 30], [0, 1]),  # then shared
    ],
)
def test_two_finishing_in_the_same_round(points, totals, winners):
    state = finished_long_round(points, totals, [list(range(10)), list(range(10))])
    longgame.finish_turning(state)
    assert state.winners == winners and state.reason == "tiles"


def test_the_long_game_stops_after_its_last_round():
    state = finished_long_round([1, 1, 1], [10, 12, 9], [[9, 8], [9, 7], [0, 9, 8]])
    state.round = longgame.MAX_ROUNDS
    longgame.finish_turning(state)
    assert state.winners == [0] and state.reason == "limit"  # turned 17 against 16, 17


@pytest.mark.parametrize(
    ("hands", "totals", "winners"),
    [
        ({0: ["t130", "t046", "t004"], 1: ["t008", "t046", "t001"]}, [0, 10], [0]),
        ({0: ["t046", "t001", "t002"], 1: ["t008", "t046", "t001"]}, [4, 4], [0, 1]),
    ],
)
def test_ties_after_the_last_round(hands, totals, winners):
    state = deal(2, rounds=2)
    state.round = 2
    hands = {0: hands[0], 1: [c for c in hands[1] if c not in hands[0]] + ["t003"]}
    state = give_hands(state, {0: hands[0], 1: hands[1][:3]})
    state.history = [[totals[0], totals[1]]]
    state.totals = list(totals)
    board = grid(
        """
        1 9 8 7
        2 6 . .
        4 5 0 3
        0 6 7 8
        3 9 . .
        5 1 2 .
        """
    )
    owners = [None if v is None else (0 if i < 12 else 1) for i, v in enumerate(board)]
    state = set_board(state, board, owners)
    state.to_act = 1
    state = put(state, 1, "D6", 4)
    assert state.stage == "over" and state.reason == "points"
    assert state.winners == winners


# -- the long game -----------------------------------------------------------------------------


def test_the_handicap_comes_first_and_defaults_to_the_0():
    state = GAME.setup(3, GAME.parse_options({"goal": "tiles", "turn_seconds": 30}), 5)
    assert state.stage == "handicap" and GAME.active(state) == {0, 1, 2}
    assert state.pending == [[0], [0], [0]]  # prefilled: the 0
    state = turn(state, 1, (0, 8, 9))
    for tile in range(1, 9):
        state = play(state, 2, Toggle(tile=tile))
    assert not GAME.is_legal(state, 2, Toggle(tile=9))  # one tile stays
    state, _ = GAME.expire(state)
    assert state.turned == [[0], [0, 8, 9], list(range(9))]
    assert state.stage == "keep" and state.round == 1


def test_the_turning_default_takes_the_largest_sum_keeping_small_tiles():
    everything = frozenset(range(10))
    assert longgame.suggestion(everything, 13) == (0, 4, 9)
    assert longgame.suggestion(everything, 9) == (0, 9)
    assert longgame.suggestion(frozenset({1, 2, 3}), 4) == (1, 3)
    assert longgame.suggestion(frozenset({5, 6}), 4) == ()
    assert longgame.suggestion(everything, 0) == (0,)
    assert longgame.suggestion(everything, None) == (0,)


def test_turning_is_limited_by_the_round_points():
    state = put(example_round(HANDS), 0, "C3", JOKER)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1, Toggle(tile=5))  # 4 is chosen already, and 4 + 5 > 4
    assert refused.value.key == "lupun.over_budget"
    state = play(state, 1, Toggle(tile=4))
    state = play(state, 1, Toggle(tile=3))
    state = play(state, 1, Done())
    assert GAME.active(state) == {0, 2}
    state, _ = GAME.expire(state)
    assert state.turned == [[0, 3, 9], [0, 3], [0, 4]]  # 12, 4 and 4 points
    assert state.round == 2


# -- the cards ---------------------------------------------------------------------------------


def test_the_stack_runs_out_and_the_discard_pile_is_reshuffled():
    state = deal(3, variant="jokers")
    for seat in range(3):
        state.discard += state.drawn[seat] + state.hands[seat] + state.specials[seat]
        state.drawn[seat], state.hands[seat], state.specials[seat] = [], [], []
    state.discard += state.stack[:-2]
    state.stack = state.stack[-2:]
    events = rounds.next_round(state)
    assert "lupun.reshuffled" in [e.key for e in events]
    assert all(len(state.drawn[s]) + len(state.hands[s]) >= 3 for s in range(3))
    assert_accounted(state)


def test_the_short_deck():
    assert len(SHORT_DECK_IDS) == 36 and len(set(SHORT_DECK_IDS)) == 36
    state = deal(4, deck="short")
    assert len(all_cards(state)) == 36
    assert set(all_cards(state)) == set(SHORT_DECK_IDS)
    assert len(starting_stack("short", "jokers")) == 46


# -- refusals ----------------------------------------------------------------------------------


def refusal(state, seat, action):
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, action)
    return refused.value.key


def test_refusals_say_why():
    state = keep_all(deal(3))
    state = put(state, 0, "B2", 7)
    assert refusal(state, 1, Place(space="B2", tile=3)) == "lupun.space_taken"
    assert refusal(state, 1, Place(space="E9", tile=3)) == "lupun.bad_space"
    assert refusal(state, 1, Place(space="A1", tile=JOKER)) == "lupun.no_joker"
    assert refusal(state, 0, Place(space="A1", tile=3)) == "engine.not_your_turn"
    state = put(state, 1, "A1", 7)
    state = put(state, 2, "A2", 5)
    assert refusal(state, 0, Place(space="A3", tile=7)) == "lupun.no_tile"
    assert refusal(state, 0, Done()) == "lupun.wrong_step.place"
    assert refusal(state, 0, Confirm()) == "lupun.wrong_step.place"
    state = play(state, 0, Place(space="A3", tile=3))
    assert refusal(state, 0, Place(space="A4", tile=3)) == "lupun.confirm_first"
    fresh = deal(3)
    assert refusal(fresh, 0, Keep(drop="t999")) == "lupun.bad_drop"
    fresh = play(fresh, 0, Keep(drop=fresh.drawn[0][0]))
    assert refusal(fresh, 0, Keep(drop=fresh.stack[0])) == "lupun.already_done"
