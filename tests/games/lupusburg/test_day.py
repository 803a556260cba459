"""The day: privilege, betting, discussion, the two votes and the lynch."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest

from games.engine import IllegalAction
from games.lupusburg import GAME, flow
from games.lupusburg.actions import Call, CastBallot, Done, Draw, Pass, PlaceBet, Show, Vote
from games.lupusburg.model import COINS

NOW = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


# -- the Burgomaster's privilege ------------------------------------------------------------------


def test_privilege_both_show_a_living_character_in_secret(lb) -> None:
    state = lb.night(lb.new(5), claw=8)
    assert state.phase == "privilege" and GAME.waiting_for(state) == {0}
    calls = GAME.legal_actions(state, 0)
    assert Call(target=None) in calls and Call(target=4) in calls  # Emma still has one
    state = lb.act(state, 0, Call(target=1))
    assert GAME.view(state, None).called == 1 and GAME.waiting_for(state) == {1}
    assert GAME.legal_actions(state, 1) == [Show(house=2), Show(house=3)]
    state = lb.act(state, 1, Show(house=3))  # Bea shows her Werewolf
    assert GAME.waiting_for(state) == {0}
    state = lb.act(state, 0, Show(house=0))
    assert state.phase == "betting"
    burgo, bea = GAME.view(state, 0).sights, GAME.view(state, 1).sights
    assert [(s.house, s.character, s.chest) for s in burgo] == [(3, "werewolf", None)]
    assert [(s.house, s.character, s.chest) for s in bea] == [(0, "townsfolk", None)]
    for seat in (None, 2, 3, 4):
        assert GAME.view(state, seat).sights == []
    shown = [e for e in lb.events if e.key.startswith("lupusburg.shown_")]
    assert [(e.key, e.to) for e in shown] == [
        ("lupusburg.shown_werewolf", (0,)),
        ("lupusburg.shown_townsfolk", (1,)),
    ]


def test_privilege_refusals_and_timeouts(lb) -> None:
    state = lb.night(lb.new(5, turn_seconds=40), claw=8)
    state = lb.lynch(state, 9)  # Emma has no living character left
    state = lb.night(state, claw=6)
    assert state.burgomaster == 1 and state.phase == "privilege"
    for target, key in ((4, "lupusburg.cannot_call"), (1, "lupusburg.cannot_call")):
        with pytest.raises(IllegalAction) as refused:
            lb.act(state, 1, Call(target=target))
        assert refused.value.key == key
    deadline = GAME.deadline(state, NOW)
    assert deadline is not None and deadline.at == NOW + timedelta(seconds=40)
    skipped = lb.expire(state)  # default: no privilege
    assert skipped.phase == "betting" and skipped.called is None
    state = lb.act(state, 1, Call(target=3))
    with pytest.raises(IllegalAction) as dead:
        lb.act(state, 3, Show(house=6))
    assert dead.value.key == "lupusburg.not_your_living"
    state = lb.expire(lb.expire(state))  # both shows by default: a random living one
    assert state.phase == "betting"
    assert [s.house for s in GAME.view(state, 1).sights] == [7]
    assert GAME.view(state, 3).sights[0].house in (2, 3)


def test_burgomaster_without_living_characters_has_no_privilege(lb) -> None:
    state = lb.new(5)
    state.burgomaster = 4  # Emma
    state = lb.night(state, claw=0)
    assert state.phase == "privilege"
    state = lb.lynch(state, 1)  # Andrew has no living character left
    assert state.burgomaster == 0
    state = lb.night(state, claw=8)
    assert state.phase == "betting" and state.called is None  # nothing to show back
    assert state.order[0] == 0  # but Andrew still bets first


# -- betting -------------------------------------------------------------------------------------


def test_betting_clockwise_once_per_game_with_secret_coins(lb) -> None:
    state = lb.night(lb.new(5), claw=0)
    state = lb.act(state, 0, Call(target=None))
    assert state.phase == "betting" and state.order == [0, 1, 2, 3, 4]
    assert GAME.legal_actions(state, 0) == [Draw(), Pass()]
    state = lb.act(state, 0, Pass())
    state = lb.act(state, 1, Draw())
    drawn = GAME.view(state, 1).drawn
    assert len(drawn) == 3 and len(state.bag) == 5
    assert GAME.view(state, None).drawn == [] and GAME.view(state, 2).drawn == []
    with pytest.raises(IllegalAction) as no_coin:
        lb.act(state, 1, PlaceBet(coin=9, target=3))
    assert no_coin.value.key == "lupusburg.no_such_coin"
    with pytest.raises(IllegalAction) as self_bet:
        lb.act(state, 1, PlaceBet(coin=drawn[0], target=1))
    assert self_bet.value.key == "lupusburg.bad_bet_target"
    targets = set()
    for bet in GAME.legal_actions(state, 1):
        assert isinstance(bet, PlaceBet)
        targets.add(bet.target)
    assert targets == {0, 2, 3, 4}
    state = lb.act(state, 1, PlaceBet(coin=drawn[-1], target=3))
    assert len(state.bag) == 7  # the others go back into the bag
    public = GAME.view(state, None)
    assert [(b.bettor, b.target, b.coin) for b in public.bets] == [(1, 3, None)]
    assert GAME.view(state, 1).bets[0].coin == drawn[-1]
    assert GAME.view(state, 3).bets[0].coin is None
    for seat in (2, 3, 4):
        state = lb.act(state, seat, Pass())
    assert state.phase == "discussion"
    state = lb.lynch(state, 2)
    state = lb.night(state, claw=4)
    state = lb.act(state, 1, Call(target=None))
    assert state.order == [2, 3, 4, 0]  # Bea's seal is used


def test_players_without_living_characters_bet_and_coins_are_conserved(lb) -> None:
    state = lb.night(lb.new(8), claw=0)
    state = lb.lynch(state, 1)  # Andrew has no living character
    state = lb.night(state, claw=4)
    state = lb.act(state, 1, Call(target=None))
    assert 0 in state.order
    while state.phase in ("betting", "bet"):
        (seat,) = GAME.waiting_for(state)
        if state.phase == "betting":
            state = lb.act(state, seat, Draw())
            held = Counter(state.bag) + Counter(state.drawn) + Counter(b.coin for b in state.bets)
            assert held == Counter(COINS)
            assert len(state.drawn) == min(3, len(state.drawn) + len(state.bag))
        else:
            target = (seat + 1) % 8
            state = lb.act(state, seat, PlaceBet(coin=state.drawn[0], target=target))
    assert len(state.bets) == 8 and state.bag == []
    assert sorted(b.coin for b in state.bets) == sorted(COINS)


def test_betting_timeouts_mean_no_bet(lb) -> None:
    state = lb.night(lb.new(5), claw=0)
    state = lb.act(state, 0, Call(target=None))
    state = lb.expire(state)  # Andrew does not decide: no bet
    assert state.order[state.turn] == 1 and state.bets == []
    state = lb.act(state, 1, Draw())
    state = lb.expire(state)  # Bea drew but did not choose: the coins go back
    assert state.bets == [] and sorted(state.bag) == sorted(COINS) and state.drawn == []
    assert state.order[state.turn] == 2


# -- discussion and the first vote ---------------------------------------------------------------


def test_discussion_ends_at_its_deadline_or_when_all_are_done(lb) -> None:
    state = lb.to_discussion(lb.night(lb.new(4, discussion_minutes=2), claw=0))
    key = GAME.phase_key(state)
    deadline = GAME.deadline(state, NOW)
    assert deadline is not None and deadline.at == NOW + timedelta(minutes=2)
    for seat in (0, 1, 2):
        state = lb.act(state, seat, Done())
        assert state.phase == "discussion" and GAME.phase_key(state) == key
    assert GAME.view(state, None).ready == [0, 1, 2] and GAME.waiting_for(state) == {3}
    done = lb.act(state, 3, Done())
    assert done.phase == "first_vote"
    assert lb.expire(state).phase == "first_vote"
    untimed = lb.to_discussion(lb.night(lb.new(4, discussion_minutes=0), claw=0))
    assert GAME.deadline(untimed, NOW) is None


def test_first_vote_is_public_clockwise_twice_round(lb) -> None:
    state = lb.night(lb.new(5), claw=8)
    state = lb.lynch(state, 9)  # Emma has no living character, Bea is Burgomaster
    state = lb.all_done(lb.to_discussion(lb.night(state, claw=0)))
    assert state.order == [1, 2, 3, 4, 0] * 2
    with pytest.raises(IllegalAction) as dead:
        lb.act(state, 1, Vote(house=0))
    assert dead.value.key == "lupusburg.not_in_play"
    assert Vote(house=2) in GAME.legal_actions(state, 1)  # your own is allowed
    state = lb.first_vote(state, [2, 3, 4, 5])
    assert GAME.waiting_for(state) == {0}  # everyone votes, living characters or not
    state = lb.first_vote(state, [6])
    public = GAME.view(state, None)
    assert [(t.seat, t.house) for t in public.tokens] == [(1, 2), (2, 3), (3, 4), (4, 5), (0, 6)]


def test_first_vote_timeout_token_on_a_living_character_not_your_own(lb) -> None:
    state = lb.all_done(lb.to_discussion(lb.night(lb.new(4), claw=7)))
    for _ in range(8):
        seat = state.order[state.turn]
        state = lb.expire(state)
        token = state.tokens[-1]
        assert token.seat == seat and token.house // 2 != seat and token.house != 7
    assert state.phase == "defence" and len(state.suspects) == 2


def test_suspects_tie_break_example(lb) -> None:
    """Rulebook: Bea's character has 4 votes, and Bea's other character and David's have 2
    each; David's is closer to the Burgomaster (Carl) clockwise, so it is the second suspect."""
    state = lb.new(5)
    state.burgomaster = 2  # Carl
    state = lb.all_done(lb.to_discussion(lb.night(state, claw=1)))
    # Carl, David, Emma, Andrew, Bea, twice round
    state = lb.first_vote(state, [2, 2, 3, 6, 0, 2, 6, 3, 8, 2])
    assert state.suspects == [2, 6]
    public = GAME.view(state, None)
    assert public.suspects == [2, 6] and state.phase == "defence"


def test_tie_break_counts_the_burgomasters_own_houses_first(lb) -> None:
    state = lb.new(4)
    state.burgomaster = 1
    state = lb.all_done(lb.to_discussion(lb.night(state, claw=0)))
    state = lb.first_vote(state, [7, 3, 5, 1, 1, 5, 3, 7])  # 2 votes each
    assert state.suspects == [3, 5]  # Bea's own house first, then Carl's


# -- defence and the second vote ----------------------------------------------------------------


def test_defence_by_the_suspects_owners(lb) -> None:
    state = lb.all_done(lb.to_discussion(lb.night(lb.new(5, defence_seconds=45), claw=0)))
    state = lb.first_vote(state, [2, 6] * 5)
    assert state.phase == "defence" and GAME.waiting_for(state) == {1, 3}
    deadline = GAME.deadline(state, NOW)
    assert deadline is not None and deadline.at == NOW + timedelta(seconds=45)
    assert lb.expire(state).phase == "second_vote"
    state = lb.act(state, 3, Done())
    assert state.phase == "defence"
    state = lb.act(state, 1, Done())
    assert state.phase == "second_vote"


def test_second_vote_one_token_per_living_unsuspected_character_by_default(lb) -> None:
    state = lb.night(lb.new(5), claw=8)
    state = lb.lynch(state, 9)  # Emma has no living character
    state = lb.all_done(lb.to_discussion(lb.night(state, claw=0)))
    state = lb.all_done(lb.first_vote(state, [2, 6] * 5))
    assert state.suspects == [2, 6]
    tokens = {seat: flow.ballot_tokens(state, seat) for seat in state.voters}
    # Andrew: house 1 (his house 0 was slain); Bea and David: their unsuspected other house;
    # Carl: both; Emma: none left.
    assert tokens == {0: 1, 1: 1, 2: 2, 3: 1}
    assert GAME.legal_actions(state, 2) == [
        CastBallot(houses=(2, 2)),
        CastBallot(houses=(2, 6)),
        CastBallot(houses=(6, 6)),
    ]
    for bad, key in (((2, 6), "lupusburg.token_count"), ((4,), "lupusburg.not_a_suspect")):
        with pytest.raises(IllegalAction) as refused:
            lb.act(state, 0, CastBallot(houses=bad))
        assert refused.value.key == key
    assert refused.value.params == {}
    with pytest.raises(IllegalAction) as wrong:
        lb.act(state, 0, CastBallot(houses=(2, 6)))
    assert wrong.value.key == "lupusburg.token_count" and wrong.value.params == {"count": 1}
    with pytest.raises(IllegalAction):
        lb.act(state, 4, CastBallot(houses=(6,)))  # Emma has no token
    key = GAME.phase_key(state)
    state = lb.act(state, 2, CastBallot(houses=(6, 2)))
    assert GAME.phase_key(state) == key  # the ballot's timer runs on
    assert GAME.view(state, 2).ballot == [2, 6]
    for seat in (None, 0, 1, 3, 4):
        view = GAME.view(state, seat)
        assert view.ballot is None and view.second_totals is None
    for seat, house in ((0, 2), (1, 6), (3, 2)):
        state = lb.act(state, seat, CastBallot(houses=(house,)))
    assert state.second_totals == [3, 2] and not state.houses[2].alive
    assert state.lynched == 2 and state.burgomaster == 2  # passed left after the day
    assert state.phase == "thief" and state.day == 3
    assert GAME.view(state, None).second_totals == [3, 2]


def test_a_player_may_vote_for_their_own_suspect(lb) -> None:
    """Rulebook: "We can even vote for one of our own suspected characters if we want."
    Bea's house 1 is a suspect: she votes with her other character, for it."""
    state = lb.all_done(lb.to_discussion(lb.night(lb.new(5), claw=8)))
    state = lb.all_done(lb.first_vote(state, [2, 6] * 5))
    assert state.suspects == [2, 6]
    assert GAME.legal_actions(state, 1) == [CastBallot(houses=(2,)), CastBallot(houses=(6,))]
    state = lb.act(state, 1, CastBallot(houses=(2,)))  # Bea: against her own suspect
    assert GAME.view(state, 1).ballot == [2]
    state = lb.act(state, 3, CastBallot(houses=(6,)))  # David likewise, against his
    for seat in (0, 2):
        state = lb.act(state, seat, CastBallot(houses=(6, 6)))
    state = lb.act(state, 4, CastBallot(houses=(2,)))
    assert state.second_totals == [2, 5] and state.lynched == 6


def test_second_vote_under_the_players_option(lb) -> None:
    """Option `second_vote="players"`: 2 tokens for each player with a living character and
    no suspect; the owners of the suspects do not vote."""
    state = lb.night(lb.new(5, second_vote="players"), claw=8)
    state = lb.lynch(state, 9)  # Emma has no living character
    state = lb.all_done(lb.to_discussion(lb.night(state, claw=0)))
    state = lb.all_done(lb.first_vote(state, [2, 6] * 5))
    assert state.suspects == [2, 6] and state.voters == [0, 2]  # not Bea, David, Emma
    assert GAME.legal_actions(state, 0) == [
        CastBallot(houses=(2, 2)),
        CastBallot(houses=(2, 6)),
        CastBallot(houses=(6, 6)),
    ]
    with pytest.raises(IllegalAction) as refused:
        lb.act(state, 0, CastBallot(houses=(2,)))
    assert refused.value.key == "lupusburg.token_count"
    with pytest.raises(IllegalAction):
        lb.act(state, 1, CastBallot(houses=(6, 6)))  # Bea owns a suspect
    state = lb.act(state, 0, CastBallot(houses=(6, 2)))
    state = lb.act(state, 2, CastBallot(houses=(2, 2)))
    assert state.second_totals == [3, 1] and state.lynched == 2


def test_second_vote_lost_3_to_2_example(lb) -> None:
    """Rulebook, under the default options: tokens Andrew 1, Bea 1 (her unsuspected
    character), Carl 2, David 0, Emma 1; Bea's character is lynched 3-2."""
    deal = lb.hands("VV", "VV", "WV", "VV", "TV")
    state = lb.new(5, deal=deal)
    state = lb.night(state, claw=0)  # night 1: one of Andrew's characters
    state = lb.lynch(state, 6)  # day 1: one of David's
    state = lb.night(state, claw=8)  # night 2: one of Emma's
    state = lb.all_done(lb.to_discussion(state))
    state = lb.all_done(lb.first_vote(state, [2, 7] * 5))  # Bea's and David's characters
    assert state.suspects == [2, 7]
    tokens = {}
    for seat in GAME.waiting_for(state):
        ballot = GAME.legal_actions(state, seat)[0]
        assert isinstance(ballot, CastBallot)
        tokens[seat] = len(ballot.houses)
    assert tokens == {0: 1, 1: 1, 2: 2, 4: 1}  # David: no token
    state = lb.act(state, 0, CastBallot(houses=(2,)))
    state = lb.act(state, 1, CastBallot(houses=(7,)))  # Bea votes with her other character
    state = lb.act(state, 2, CastBallot(houses=(2, 2)))
    state = lb.act(state, 4, CastBallot(houses=(7,)))
    assert state.second_totals == [3, 2] and state.lynched == 2
    tally = [e for e in lb.events if e.key == "lupusburg.tally"][-1]
    assert (tally.params["first_votes"], tally.params["second_votes"]) == (3, 2)


def test_second_vote_ties_and_missing_ballots(lb) -> None:
    state = lb.all_done(lb.to_discussion(lb.night(lb.new(5), claw=8)))
    state = lb.all_done(lb.first_vote(state, [6, 2] * 5))
    assert state.suspects == [2, 6]  # 5-5: Bea's is closer to Andrew
    state = lb.act(state, 0, CastBallot(houses=(6, 6)))
    state = lb.act(state, 2, CastBallot(houses=(2, 2)))
    lb.events.clear()
    state = lb.expire(state)  # Bea, David and Emma did not vote: their tokens count nothing
    assert state.second_totals == [2, 2] and state.lynched == 2  # the tie: closer wins
    missed = [e for e in lb.events if e.key == "lupusburg.ballot_timeout"]
    assert [(e.params, e.to) for e in missed] == [
        ({"seat": seat, "count": 1}, None) for seat in (1, 3, 4)
    ]


def test_second_vote_without_voters_goes_straight_to_the_tally(lb) -> None:
    """Under the players option, when every player with a living character owns a suspect,
    nobody votes: the tie-break decides at once."""
    state = lb.night(lb.new(4, second_vote="players"), claw=0)
    state = lb.lynch(state, 2)  # Bea keeps only her Werewolf (house 3)
    state = lb.lynch(lb.night(state, claw=1), 4)  # Andrew is out, and Carl's house 1
    state = lb.all_done(lb.to_discussion(lb.night(state, claw=5)))  # Carl is out
    assert state.burgomaster == 2 and [h.alive for h in state.houses][3::3] == [True, True]
    state = lb.all_done(lb.first_vote(state, [3, 6] * 4))
    assert state.suspects == [6, 3]  # 4-4: David's is closer to Carl
    assert state.voters == [] and state.second_totals == [0, 0] and state.lynched == 6
    assert state.phase == "over"  # the Werewolf's one character against David's one
