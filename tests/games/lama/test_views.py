"""What people see: secrets stay with their owner; everything is revealed at round end."""

from __future__ import annotations

from games.lama import GAME
from games.lama.cards import kind
from games.lama.models import Draw, Exchange, LamaOptions, Peek, TakeDiscard


def test_peeked_cards_known_to_their_owner_only(kit) -> None:
    # Seat 1 holds all five jokers face down and looks at two of them.
    state = kit.rig(2, [[], ["joker"] * 5], peeked=False)
    state.phase = "peek"
    state = kit.play(state, 0, Peek(positions=(0, 1)))
    state = kit.play(state, 1, Peek(positions=(0, 4)))
    assert GAME.view(state, 1).known == {0: "joker", 4: "joker"}
    for seat in (None, 0):
        assert "joker" not in GAME.view(state, seat).model_dump_json()
    kit.assert_no_leak(state)


def test_a_peeked_card_is_no_longer_secret_once_exchanged(kit) -> None:
    state = kit.rig(2, [["7", "8"]], draw=["3"])
    state.peeked = [[0, 1], [0, 8]]
    state = kit.play(state, 0, Draw())
    state = kit.play(state, 0, Exchange(position=0))
    mine = GAME.view(state, 0)
    assert mine.known == {1: "8"}  # position 0 is face up now, seen by all
    assert GAME.view(state, None).layouts[0][0] == "3"
    assert GAME.view(state, None).discard_top == "7"


def test_a_drawn_card_is_known_to_the_drawer_only(kit) -> None:
    state = kit.rig(3, draw=["drama"])
    state = kit.play(state, 0, Draw())
    assert GAME.view(state, 0).held == "drama"
    for seat in (None, 1, 2):
        view = GAME.view(state, seat)
        assert view.held is None and view.taken is None and view.step == "drawn"
        assert "drama" not in view.model_dump_json()
    kit.assert_no_leak(state)


def test_a_card_taken_from_the_discard_pile_is_public(kit) -> None:
    state = kit.play(kit.rig(2, discard=["-5"]), 0, TakeDiscard())
    assert GAME.view(state, None).taken == "-5"
    assert GAME.view(state, 0).held == "-5"
    assert GAME.view(state, 1).held is None


def test_public_view_shows_the_table(kit) -> None:
    up = [[True] + [False] * 8, [False] * 9]
    state = kit.rig(2, [["-2"]], discard=["4", "9"], received=[[], ["karma"]], face_up=up)
    view = GAME.view(state, None)
    assert view.layouts[0] == ["-2"] + [None] * 8
    assert view.layouts[1] == [None] * 9
    assert view.received == [[], ["karma"]]
    assert (view.discard_top, view.discard_count) == ("9", 2)
    assert view.draw_count == len(state.draw_pile)
    assert (view.step, view.to_act, view.round, view.dealer) == ("choose", 0, 1, 1)
    assert view.lamas == [0, 0] and view.target == 3
    assert not view.final_turns


def test_round_end_reveals_every_layout_with_the_breakdown(kit) -> None:
    fred = ["7", "7", "joker", "3", "4", "7", "5", "6", "7"]
    up = [[True] * 8 + [False], [False] * 9]
    plain = ["3", "4", "5", "6", "3", "4", "5", "6", "8"]
    state = kit.rig(2, [plain, fred], draw=["4", "10"], face_up=up)
    state = kit.play(state, 0, Draw())
    state = kit.play(state, 0, Exchange(position=8))
    state = kit.play(state, 1, Draw())
    state = kit.play(state, 1, GAME.legal_actions(state, 1)[-1])  # discard the 10
    report = GAME.view(state, None).last_round
    assert report is not None
    assert report.seats[1].cards == fred
    assert report.seats[1].layout.jokers == {2: 7}
    assert len(report.seats[1].layout.lines) == 2
    assert report.seats[1].total == -14 + 3 + 4 + 5 + 6
    assert report.seats[0].cards == [*plain[:8], "4"]
    assert report.seats[0].total == 36 + 4
    assert report.winners == [1] and state.lamas == [0, 1]
    kit.assert_no_leak(state)


def test_new_round_starts_with_a_fresh_peek_step(kit) -> None:
    state = GAME.setup(2, LamaOptions(), 11)
    assert GAME.view(state, None).to_peek == [0, 1]
    assert GAME.view(state, None).step == "peek"
    assert all(k is None for layout in GAME.view(state, None).layouts for k in layout)
    assert kind(state.discard[-1]) == GAME.view(state, None).discard_top
