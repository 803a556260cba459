"""Round ends: final turns, scoring, Lamas, the decider tie, dealers, the points variant."""

from __future__ import annotations

from games.lama import GAME
from games.lama.models import Discard, Draw, Exchange, Give, LamaOptions, TakeDiscard

ALL_UP_BUT_LAST = [True] * 8 + [False]
# No threes of a kind in either; few copies of each value, so six layouts fit the deck.
LOW = ["3", "4", "5", "6", "3", "4", "5", "6", "3"]  # 39
HIGH = ["10", "9", "8", "7", "10", "9", "8", "7", "6"]  # 74


def test_round_scoring_adds_lisas_special_cards(kit) -> None:
    # Lisa (seat 1) received two Drama-Lamas and a Karma-Lama: +6 - 3.
    plain = ["3", "4", "5", "6", "7", "8", "9", "10", "-1"]
    state = kit.rig(
        2,
        [LOW, plain],
        draw=["-5"],
        received=[[], ["drama", "drama", "karma"]],
        face_up=[ALL_UP_BUT_LAST, [False] * 9],
    )
    state = kit.play(state, 0, Draw())
    state = kit.play(state, 0, Exchange(position=8))
    assert state.ender == 0
    state = kit.play(state, 1, Draw())
    state = kit.play(state, 1, Discard())
    report = state.last_round
    assert report is not None
    lisa = report.seats[1]
    assert lisa.received_points == 3
    assert lisa.total == 51 + 3
    assert report.seats[0].total == 39 - 3 - 5  # the 3 was exchanged for the -5


def test_everyone_else_has_exactly_one_final_turn(kit) -> None:
    state = kit.rig(
        4,
        [LOW, HIGH, HIGH, HIGH],
        draw=["-5", "karma", "4"],
        face_up=[ALL_UP_BUT_LAST] + [[False] * 9] * 3,
    )
    state = kit.play(state, 0, Draw())
    state, events = GAME.apply(state, 0, Exchange(position=8))
    assert any(e.key == "lama.last_card" and e.params["seat"] == 0 for e in events)
    assert GAME.view(state, None).final_turns
    # A special card drawn on a final turn must still be given away.
    state = kit.play(state, 1, Draw())
    assert GAME.legal_actions(state, 1) == [Give(to_seat=s) for s in (0, 2, 3)]
    state = kit.play(state, 1, Give(to_seat=3))
    state = kit.play(state, 2, Draw())
    state = kit.play(state, 2, Discard())
    assert state.round == 1 and state.to_act == 3
    state = kit.play(state, 3, TakeDiscard())
    state, events = GAME.apply(state, 3, Exchange(position=0))
    assert state.round == 2
    report = state.last_round
    assert report is not None and report.ender == 0
    # Seat 3 exchanged its 10 for the 4 and received the Karma-Lama.
    assert [s.total for s in report.seats] == [31, 74, 74, 74 - 10 + 4 - 3]
    assert report.winners == [0]
    assert state.lamas == [1, 0, 0, 0]
    keys = [e.key for e in events]
    assert keys.index("lama.round_scored") < keys.index("lama.new_round")


def test_face_down_cards_are_revealed_and_specials_among_them_count(kit) -> None:
    layout = ["drama", "karma", "drama", "4", "4", "4", "-1", "-1", "3"]
    state = kit.rig(2, [LOW, layout], draw=["-5"], face_up=[ALL_UP_BUT_LAST, [False] * 9])
    state = kit.play(state, 0, Draw())
    state = kit.play(state, 0, Exchange(position=8))
    state = kit.play(state, 1, Draw())
    state = kit.play(state, 1, Discard())
    result = state.last_round.seats[1]
    assert result.cards == layout
    assert result.total == (3 - 3 + 3) - 4 + (-1 - 1 + 3)  # the row of 4s scores -4


def _finish_round(kit, state, low_seats: list[int]):
    """Rig the current round so `low_seats` tie for the lowest score, and play it out."""
    n = state.seats
    layouts = [LOW if s in low_seats else HIGH for s in range(n)]
    last = layouts[0][8]
    rigged = kit.rig(n, layouts, draw=[last], face_up=[ALL_UP_BUT_LAST] + [[False] * 9] * (n - 1))
    for field in ("round", "dealer", "starter", "lamas", "totals", "target", "history", "variant"):
        setattr(rigged, field, getattr(state, field))
    rigged.to_act = 0
    rigged = kit.play(rigged, 0, Draw())
    rigged = kit.play(rigged, 0, Exchange(position=8))  # same value: the score stays
    for seat in range(1, n):
        rigged = kit.play(rigged, seat, Draw())
        rigged = kit.play(rigged, seat, GAME.legal_actions(rigged, seat)[-1])
    return rigged


def test_ties_give_every_lowest_player_a_lama(kit) -> None:
    state = _finish_round(kit, kit.rig(3), [0, 2])
    assert state.lamas == [1, 0, 1]
    assert state.last_round.winners == [0, 2]


def test_first_to_three_lamas_wins(kit) -> None:
    state = kit.rig(4)
    state.lamas = [2, 2, 0, 1]
    state = _finish_round(kit, state, [1])
    assert state.winners == [1]
    assert state.phase == "over"
    result = GAME.result(state)
    assert result is not None and result.winners == (1,) and result.scores == (2, 3, 0, 1)
    assert GAME.active(state) == frozenset() and GAME.legal_actions(state, 0) == []
    view = GAME.view(state, None)  # the final layouts stay revealed
    assert view.step == "over" and view.winners == [1]
    assert view.layouts == [r.cards for r in state.last_round.seats]


def test_five_or_six_players_need_two_lamas() -> None:
    assert [GAME.setup(n, LamaOptions(), 1).target for n in range(2, 7)] == [3, 3, 3, 2, 2]


def test_six_players_first_to_two_wins(kit) -> None:
    state = kit.rig(6)
    state.lamas = [1, 0, 0, 0, 0, 0]
    state = _finish_round(kit, state, [0])
    assert state.winners == [0]


def test_a_tie_in_the_decider_round_raises_the_target(kit) -> None:
    state = kit.rig(3)
    state.lamas = [2, 2, 1]
    state = _finish_round(kit, state, [0, 1])
    assert state.lamas == [3, 3, 1]
    assert state.target == 4 and state.winners is None
    assert state.phase == "peek" and state.round == 2
    state = _finish_round(kit, state, [1])
    assert state.winners == [1]


def test_a_tie_short_of_the_target_changes_nothing(kit) -> None:
    state = kit.rig(3)
    state.lamas = [2, 1, 0]
    state = _finish_round(kit, state, [0, 1])
    assert state.winners == [0] and state.target == 3


def test_the_player_who_began_deals_next_and_their_left_begins(kit) -> None:
    state = GAME.setup(3, LamaOptions(), 5)
    assert (state.dealer, state.starter) == (2, 0)
    for expected_dealer in (0, 1, 2, 0):
        state = _finish_round(kit, state, [0, 1, 2])
        assert (state.dealer, state.starter) == (expected_dealer, (expected_dealer + 1) % 3)
        assert state.to_act == state.starter
        assert state.phase == "peek" and not any(map(any, state.face_up))
        kit.assert_accounted(state)


def test_points_variant_fewest_total_after_four_rounds(kit) -> None:
    state = kit.rig(3, options=LamaOptions(variant="points"))
    for round_no in range(1, 5):
        assert state.winners is None and state.round == round_no
        state = _finish_round(kit, state, [2] if round_no < 4 else [1])
    assert state.history == [[74, 74, 39]] * 3 + [[74, 39, 74]]
    assert state.totals == [296, 261, 191]
    assert state.lamas == [0, 0, 0]  # no Lamas in this variant
    result = GAME.result(state)
    assert result is not None and result.winners == (2,) and result.scores == (296, 261, 191)


def test_points_variant_tie_shares_the_win(kit) -> None:
    state = kit.rig(2, options=LamaOptions(variant="points"))
    for _ in range(4):
        state = _finish_round(kit, state, [0, 1])
    assert state.winners == [0, 1]


def test_empty_draw_pile_is_refilled_from_the_discard_pile_but_its_top(kit) -> None:
    state = kit.rig(2)
    # Move all but one card of the draw pile onto the discard pile.
    state.discard = state.draw_pile[:-1] + state.discard
    state.draw_pile = state.draw_pile[-1:]
    state = kit.play(state, 0, Draw())
    state = kit.play(state, 0, Discard())
    assert state.draw_pile == []
    assert GAME.view(state, None).draw_count == 0
    top, count = state.discard[-1], len(state.discard)
    state, events = GAME.apply(state, 1, Draw())
    assert events[0].key == "lama.reshuffled"
    assert state.discard == [top]  # the top card stays
    assert len(state.draw_pile) == count - 2  # all the others, less the card just drawn
    kit.assert_accounted(state)
