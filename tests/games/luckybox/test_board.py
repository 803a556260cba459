"""Crossing with lightning, and the bonus chain."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction
from games.luckybox import GAME
from games.luckybox.board import cost
from games.luckybox.models import Bonus, Cross, Decline, Order, Pass
from tests.games.luckybox.conftest import CardMaker, all_but, crossed, rig


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [(9, 1, 1), (1, 9, 1), (8, 2, 3), (2, 8, 3), (7, 1, 3), (7, 4, 3), (5, 5, 0), (1, 5, 4)],
)
def test_lightning_wraps_around_both_ways(a: int, b: int, expected: int) -> None:
    assert cost(a, b) == expected


def test_a_seven_becomes_a_one_for_three_lightning(cards: CardMaker) -> None:
    card = cards("123456789")
    state = rig([[(card, 0)]], number=7, lightning=3)
    legal = GAME.legal_actions(state, 0)
    assert Cross(card=card, box=0) in legal  # the 1: 7 -> 8 -> 9 -> 1
    assert Cross(card=card, box=3) in legal  # the 4
    state, _ = GAME.apply(state, 0, Cross(card=card, box=0))
    assert state.boards[0].lightning == 0  # resolved (solo): the board is public now
    assert state.boards[0].cards[0].crossed == crossed(0)


def test_a_box_too_far_is_refused_with_its_cost(cards: CardMaker) -> None:
    card = cards("123456789")
    state = rig([[(card, 0)]], number=7, lightning=2)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Cross(card=card, box=0))
    assert refused.value.key == "luckybox.too_far"
    assert refused.value.params["cost"] == 3


def test_lightning_never_changes_a_bonus_number(cards: CardMaker) -> None:
    # Crossing box 2 completes the top row, whose bonus is a 5; the card holds a 4
    # (one lightning from 5) but no 5 elsewhere than on the second card.
    first = cards("123444444", ("5", "", "", "", "", ""))
    second = cards("456111111")
    state = rig([[(first, crossed(0, 1)), (second, 0)], [(second, 0)]], number=3)
    state, _ = GAME.apply(state, 0, Cross(card=first, box=2))
    turn = state.turns[0]
    assert turn is not None and turn.pending == ["5"]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Bonus(card=second, box=0))  # the 4
    assert refused.value.key == "luckybox.bonus_exact"
    assert GAME.legal_actions(state, 0) == [Bonus(card=second, box=1), Decline()]
    # A crossing for the reveal is over: a late click on a reveal's box is refused.
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Cross(card=second, box=1))
    assert refused.value.key == "luckybox.bonus_pending"


def test_a_number_bonus_completes_a_line_whose_question_mark_completes_a_third(
    cards: CardMaker,
) -> None:
    a = cards("111222333", ("5", "", "", "", "", ""))  # top row -> a 5
    b = cards("445666777", ("?", "", "", "", "", ""))  # the 5 completes b's top row -> ?
    c = cards("888999111", ("", "S", "", "", "", ""))  # ? completes c's middle row -> star
    state = rig([[(a, crossed(0, 1)), (b, crossed(0, 1)), (c, crossed(3, 4))], [(c, 0)]], number=1)
    state, _ = GAME.apply(state, 0, Cross(card=a, box=2))
    state, _ = GAME.apply(state, 0, Bonus(card=b, box=2))  # the 5
    turn = state.turns[0]
    assert turn is not None and turn.pending == ["?"]
    state, _ = GAME.apply(state, 0, Bonus(card=c, box=5))  # any box: c's last middle one
    turn = state.turns[0]
    assert turn is not None and turn.pending == [] and turn.crossings == 3
    assert turn.board.stars[0] == 1
    assert 0 not in GAME.active(state) and 1 in GAME.active(state)
    state, _ = GAME.apply(state, 1, Pass())
    assert state.stats.longest_chain == 3


def test_one_crossing_completes_a_row_a_column_and_the_card(cards: CardMaker) -> None:
    card = cards("123456789", ("", "", "L2", "", "", "M"))  # bottom row and right column
    state = rig([[(card, all_but(8))]], number=9)
    state, events = GAME.apply(state, 0, Cross(card=card, box=8))
    board = state.boards[0]
    assert board.lightning == 4 + 2 and board.moons == 1
    assert board.cards == [] and [d.card for d in board.completed] == [card]
    assert board.card_points[0] == 15
    done = [e for e in events if e.key == "luckybox.completed"]
    assert [e.params["points"] for e in done] == [15]


def test_two_crossing_bonuses_from_one_crossing_ask_for_their_order(cards: CardMaker) -> None:
    card = cards("123456789", ("", "", "7", "", "", "?"))
    other = cards("777111222")
    state = rig([[(card, all_but(8)), (other, 0)], [(other, 0)]], number=9)
    state, _ = GAME.apply(state, 0, Cross(card=card, box=8))
    assert GAME.legal_actions(state, 0) == [Order(first="7"), Order(first="?")]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Bonus(card=other, box=0))
    assert refused.value.key == "luckybox.order_first"
    state, _ = GAME.apply(state, 0, Order(first="?"))
    turn = state.turns[0]
    assert turn is not None and turn.pending == ["?", "7"] and not turn.ordering


def test_a_number_bonus_without_a_box_is_lost(cards: CardMaker) -> None:
    card = cards("123456789", ("2", "", "", "", "", ""))
    state = rig([[(card, crossed(0, 1))], [(card, 0)]], number=3)  # the only 2 is crossed
    state, _ = GAME.apply(state, 0, Cross(card=card, box=2))
    turn = state.turns[0]
    assert turn is not None and turn.pending == [] and turn.lost == 1
    state, _ = GAME.apply(state, 1, Pass())
    assert state.stats.lost_numbers == 1


def test_a_bonus_may_be_declined(cards: CardMaker) -> None:
    card = cards("123456789", ("?", "", "", "", "", ""))
    state = rig([[(card, crossed(0, 1))]], number=3)
    state, _ = GAME.apply(state, 0, Cross(card=card, box=2))
    assert Decline() in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Pass())
    assert refused.value.key == "luckybox.bonus_pending"
    state, _ = GAME.apply(state, 0, Decline())
    assert state.reveal == 2 and state.boards[0].cards[0].crossed == crossed(0, 1, 2)


def test_a_completed_card_in_round_four_scores_eight(cards: CardMaker) -> None:
    card = cards("123456789")
    state = rig([[(card, all_but(4))]], number=5, round_=4)
    state, _ = GAME.apply(state, 0, Cross(card=card, box=4))
    assert state.boards[0].card_points == [0, 0, 0, 8]


def test_a_player_whose_cards_are_all_complete_passes(cards: CardMaker) -> None:
    card = cards("123456789")
    state = rig([[], [(card, 0)]], number=5)
    assert state.auto_passed == [True, False]
    assert GAME.active(state) == {1} and GAME.legal_actions(state, 0) == []


def test_a_crossing_stays_private_until_the_reveal_resolves(cards: CardMaker) -> None:
    card = cards("123456789")
    state = rig([[(card, 0)], [(card, 0)]], number=5)
    public = GAME.view(state, None)
    state, events = GAME.apply(state, 0, Cross(card=card, box=3))  # the 4, 1 lightning
    after = GAME.view(state, None)
    assert after.boards == public.boards and events == []
    assert after.acted == [True, False]
    mine = GAME.view(state, 0).me
    assert mine is not None and mine.board.cards[0].crossed[3] and mine.board.lightning == 3
    state, _ = GAME.apply(state, 1, Pass())
    assert GAME.view(state, None).boards[0].cards[0].crossed[3]


def test_the_timeout_crosses_the_exact_box_completing_most_lines(cards: CardMaker) -> None:
    near = cards("555123678")  # a 5 at box 0 completes nothing
    far = cards("123456789", ("", "S", "", "", "L1", ""))  # box 4 completes row and column
    state = rig([[(near, 0), (far, all_but(4, 0))], [(near, 0)]], number=5)
    state, events = GAME.expire(state)
    board = state.boards[0]
    held = next(h for h in board.cards if h.card == far)
    assert held.crossed == all_but(0) and board.stars[0] == 1 and board.lightning == 5
    assert [e.params["seat"] for e in events if e.key == "luckybox.timeout_reveal"] == [0, 1]
    assert state.boards[1].cards[0].crossed == crossed(0)  # the 5 without lightning
