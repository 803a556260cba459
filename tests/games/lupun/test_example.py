"""The rulebook's example of play (3 players, joker and win cards).

Its board picture is not in the text, so this board is built to be consistent with
every sentence of the example: 4 on A3 and C2; player 1's joker on C3; column C
sums to 19 without the joker; row 4 sums to 27; player 1's 3 on A5; 2, 3, 4 adjacent
in column D; the 3x3 block over A3 and C2 holds the two equal 4s.
"""

from __future__ import annotations

from games.lupun.longgame import allowed
from games.lupun.models import JOKER
from tests.games.lupun.rig import deal, give_hands, grid, put, set_board, turn

BOARD = grid(
    """
    6 7 1 0
    8 9 4 2
    4 5 . 3
    9 6 8 4
    3 7 5 2
    0 1 1 6
    """
)
OWNERS = [
    *(0, 1, 0, 1),
    *(0, 2, 0, 0),
    *(1, 0, None, 1),
    *(1, 1, 2, 2),
    *(0, 2, 1, 2),
    *(2, 1, 2, 2),
]
HANDS = {
    0: ["t001", "t046", "t085"],  # column C = 24; A3 = C2; row 5: 3 odd, 1 even
    1: ["t003", "t124", "t059"],  # row 4 = 26; C3 > its 4 neighbours; D5 = A5 + B5
    2: ["t004", "t115", "t107"],  # row 1 > 9; 3x3 block of 9 different; chain of 3 in a column
}


def example_round():
    state = deal(3, variant="jokers", goal="tiles")
    state = give_hands(state, HANDS)
    state.jokers[0] = 1  # player 1 drew a joker card
    state.specials[0] = ["J1"]
    state.stack.remove("J1")
    state = set_board(state, BOARD, OWNERS)
    state.to_act = 0
    return state


def test_the_example_scores_12_4_4_with_the_joker_worth_5_and_9():
    state = example_round()
    assert sum(state.board[s] for s in (2, 6, 14, 18, 22)) == 19  # column C without C3
    assert sum(state.board[12:16]) == 27
    state = put(state, 0, "C3", JOKER)

    report = state.last_round
    assert report is not None
    assert [seat.points for seat in report.seats] == [12, 4, 4]
    assert report.seats[0].solved == ["t001", "t046", "t085"]
    assert report.seats[1].solved == ["t124"]
    assert report.seats[2].solved == ["t004", "t107"]
    assert report.seats[0].jokers == {"C3": 5}
    assert report.seats[1].jokers == {"C3": 9}
    assert state.stage == "turn"


def test_the_example_tile_turns_are_legal():
    state = put(example_round(), 0, "C3", JOKER)
    assert state.pending == [[0, 3, 9], [0, 4], [0, 4]]  # prefilled: the suggestions
    for seat, tiles in ((0, (3, 9)), (1, (4,)), (2, (1, 3))):
        assert allowed(state, seat, tiles)
        assert not allowed(state, seat, (*tiles, 8))  # over the points
    for seat, tiles in ((0, (3, 9)), (1, (4,)), (2, (1, 3))):
        state = turn(state, seat, tiles)
    assert state.turned == [[3, 9], [4], [1, 3]]
    assert state.round == 2 and state.stage == "keep"
    assert state.first == 1  # the first player rotates left
