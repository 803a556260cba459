"""The game's flow: dealing, keeping 3 of 5, taking 1 of 3, the card choices' timeouts."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from games.engine import IllegalAction
from games.luckybox import GAME
from games.luckybox.deck import DECK_SIZE, slot_count
from games.luckybox.models import Keep, LuckyState, Pass, Take


def finish_round(state: LuckyState) -> LuckyState:
    """Everyone passes every reveal of the round."""
    start = state.round
    while state.stage == "reveal" and state.round == start:
        for seat in sorted(GAME.active(state)):
            state, _ = GAME.apply(state, seat, Pass())
    return state


def test_six_players_are_dealt_five_different_cards_each() -> None:
    state = GAME.setup(6, GAME.parse_options({}), seed=3)
    dealt = [c for offer in state.offers for c in offer]
    assert [len(o) for o in state.offers] == [5] * 6 and len(set(dealt)) == 30
    assert len(state.deck) == DECK_SIZE - 30
    assert GAME.phase_key(state) == "keep" and GAME.active(state) == set(range(6))
    assert all(b.lightning == 4 for b in state.boards)


def test_the_kept_cards_come_into_play_and_the_others_are_discarded_face_up() -> None:
    state = GAME.setup(2, GAME.parse_options({"lightning": 2}), seed=3)
    offers = [list(o) for o in state.offers]
    a, b, c = offers[0][1:4]
    state, events = GAME.apply(state, 0, Keep(cards=(c, a, b)))
    assert events == [] and GAME.view(state, None).boards[0].cards == []  # private for now
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Keep(cards=(a, b, c)))
    assert refused.value.key == "luckybox.already_chosen"
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1, Keep(cards=(a, b, c)))  # not Ben's cards
    assert refused.value.key == "luckybox.keep_three"
    x, y, z = offers[1][:3]
    state, events = GAME.apply(state, 1, Keep(cards=(x, y, z)))
    assert [h.card for h in state.boards[0].cards] == sorted([a, b, c])
    assert sorted(state.discarded) == sorted([offers[0][0], offers[0][4], *offers[1][3:]])
    assert state.stage == "reveal" and state.reveal == 1 and len(state.numbers) == 18
    assert sorted(state.numbers) == sorted(list(range(1, 10)) * 2)
    assert events[0].key == "luckybox.round_begins" and state.boards[0].lightning == 2


def test_a_card_choice_that_runs_out_keeps_the_most_bonus_slots() -> None:
    state = GAME.setup(2, GAME.parse_options({}), seed=5)
    offer = list(state.offers[1])
    state, _ = GAME.apply(state, 0, Keep(cards=tuple(sorted(state.offers[0][:3]))))
    state, events = GAME.expire(state)
    kept = [h.card for h in state.boards[1].cards]
    best = sorted(offer, key=lambda card: (-slot_count(card), offer.index(card)))[:3]
    assert sorted(kept) == sorted(best)
    assert [e.params["seat"] for e in events if e.key == "luckybox.timeout_keep"] == [1]

    state = finish_round(state)
    assert state.stage == "choose" and state.round == 2
    assert [len(o) for o in state.offers] == [3, 3]
    first = state.offers[0][0]
    state, _ = GAME.apply(state, 0, Take(card=first))
    offer = list(state.offers[1])
    state, events = GAME.expire(state)
    best_one = max(offer, key=lambda card: (slot_count(card), -offer.index(card)))
    assert state.boards[1].cards[-1].card == best_one
    assert state.boards[0].cards[-1].card == first and len(state.boards[0].cards) == 4
    assert state.stage == "reveal" and state.round == 2


def test_the_game_ends_after_four_rounds_with_a_breakdown() -> None:
    state = GAME.setup(3, GAME.parse_options({}), seed=8)
    while state.stage != "over":
        state, _ = GAME.expire(state)
    view = GAME.view(state, None)
    result = GAME.result(state)
    assert result is not None and view.scores is not None
    assert list(result.scores) == [s.total for s in view.scores]
    assert view.winners == list(result.winners)
    assert (
        GAME.phase_key(state) == "over"
        and GAME.deadline(state, datetime(2026, 1, 1, tzinfo=UTC)) is None
    )
