"""The end of a game, scoring, tie-breaks and series."""

from __future__ import annotations

import pytest

from games.lupusburg import GAME
from games.lupusburg.actions import Call, Draw, Pass, PlaceBet
from games.lupusburg.model import Score
from games.lupusburg.rules import game_winner, living, living_houses

WOLF = 1  # the default hands give seat 1 the Werewolf, seat 2 the Thief


def counts(state) -> tuple[int, int]:
    wolf = len(living(state, WOLF))
    return wolf, len(living_houses(state)) - wolf


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_werewolf_wins_at_parity(lb, players: int) -> None:
    state = lb.new(players)
    while state.phase != "over":
        assert counts(state)[1] > 2  # still more others than the Werewolf's two
        if state.phase == "thief":
            state = lb.night(state, claw=lb.others_living(state, WOLF)[-1])
        else:
            state = lb.lynch(state, lb.others_living(state, WOLF)[0])
    assert counts(state) == (2, 2)
    record = state.records[-1]
    assert record.side == "werewolf" and record.winner == WOLF
    assert record.scores[WOLF].total == players  # as many points as there are players
    result = GAME.result(state)
    assert result is not None and result.winners == (WOLF,)
    assert any(e.key == "lupusburg.werewolf_wins" for e in lb.events)


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_werewolf_loses_when_it_has_no_living_character(lb, players: int) -> None:
    state = lb.new(players)
    state = lb.night(state, claw=lb.others_living(state, WOLF)[-1])
    state = lb.lynch(state, 3)  # the Werewolf card itself, house 2 of seat 1
    assert state.phase == "thief"  # its owner still acts as the Werewolf
    assert GAME.active(lb.expire(state)) == {WOLF}
    state = lb.night(state, claw=lb.others_living(state, WOLF)[-1])
    assert GAME.result(state) is None
    state = lb.lynch(state, 2)
    assert state.phase == "over"
    record = state.records[-1]
    assert record.side == "village" and record.werewolf == WOLF
    assert record.scores[WOLF].total == 0  # a losing Werewolf scores nothing
    result = GAME.result(state)
    assert result is not None
    assert record.winner != WOLF and result.winners == (record.winner,)


def test_the_werewolf_slaughtering_its_own_last_character_loses(lb) -> None:
    state = lb.night(lb.new(5), claw=3)
    state = lb.lynch(state, 0)
    state = lb.night(state, claw=2)
    assert state.phase == "over" and state.records[-1].side == "village"


def test_scoring_characters_chest_bets_and_seals(lb) -> None:
    deal = lb.hands("VV", "WV", "TV", "VV", "VV")
    state = lb.new(5, deal=deal, chests=[0, 2, 4, 7, 8])
    state = lb.night(state, claw=6)
    state = lb.act(state, 0, Call(target=None))
    state = lb.act(state, 0, Draw())
    coin_a = max(state.drawn)
    state = lb.act(state, 0, PlaceBet(coin=coin_a, target=1))  # right
    state = lb.act(state, 1, Draw())
    state = lb.act(state, 1, PlaceBet(coin=state.drawn[0], target=2))  # the Werewolf's own
    state = lb.act(state, 2, Draw())
    state = lb.act(state, 2, PlaceBet(coin=state.drawn[0], target=3))  # wrong
    state = lb.act(state, 3, Pass())
    state = lb.act(state, 4, Pass())
    state = lb.lynch(state, 3)
    state = lb.night(state, claw=8)
    state = lb.act(state, 1, Call(target=None))
    assert state.order == [3, 4]  # the others' seals are used
    state = lb.act(state, 3, Draw())
    coin_d = min(state.drawn)
    state = lb.act(state, 3, PlaceBet(coin=coin_d, target=1))
    state = lb.act(state, 4, Pass())
    state = lb.lynch(state, 2)
    assert state.phase == "over"
    scores = {s.seat: s for s in state.records[-1].scores}
    assert scores[0] == Score(seat=0, characters=4, chest=1, bet=coin_a, total=5 + coin_a)
    assert scores[1].total == 0
    assert scores[2] == Score(seat=2, characters=4, chest=1, bet=0, total=5)
    assert scores[3] == Score(seat=3, characters=2, chest=1, bet=coin_d, total=3 + coin_d)
    assert scores[4] == Score(seat=4, characters=2, chest=0, seal=1, total=3)
    result = GAME.result(state)
    assert result is not None and result.scores == (5 + coin_a, 0, 5, 3 + coin_d, 3)
    view = GAME.view(state, None)  # everything revealed at the end
    assert [b.coin for b in view.bets] == [b.coin for b in state.bets]
    assert all(h.character is not None and h.chest is not None for h in view.houses)


def test_game_winner_tie_break_closer_to_the_burgomaster(lb) -> None:
    state = lb.new(5)
    state.burgomaster = 3
    scores = [Score(seat=s, total=t) for s, t in enumerate([7, 0, 5, 4, 7])]
    assert game_winner(state, "village", scores) == 4  # Emma sits before Andrew from David
    state.burgomaster = 0
    assert game_winner(state, "village", scores) == 0
    assert game_winner(state, "werewolf", scores) == WOLF


def test_series_tallies_games_and_passes_the_burgomaster(lb) -> None:
    state = lb.setup(6, seed=5, series=3)
    assert state.burgomaster == 0 and state.game == 0
    state = lb.finish(state)
    assert state.game == 1 and state.phase == "assign" and state.burgomaster == 1
    assert GAME.result(state) is None
    first = state.records[0]
    assert state.totals == [s.total for s in first.scores]
    public = GAME.view(state, None)
    assert public.previous == first  # the finished game is shown whole
    assert all(h.character is None for h in public.houses)  # the new one is secret
    assert public.game == 2 and public.series == 3
    state = lb.finish(lb.finish(state))
    assert state.phase == "over" and len(state.records) == 3
    assert [r.number for r in state.records] == [1, 2, 3]
    totals = [sum(r.scores[s].total for r in state.records) for s in range(6)]
    result = GAME.result(state)
    assert result is not None
    assert result.scores == tuple(totals)
    best = max(totals)
    tied = [s for s in range(6) if totals[s] == best]
    assert result.winners == (min(tied, key=lambda s: (s - state.burgomaster) % 6),)
