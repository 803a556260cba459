"""Setup: the deck by player count, the deal and redeal, houses, coins, placement."""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest

from games.engine import IllegalAction
from games.lupusburg import GAME
from games.lupusburg.actions import Assign
from games.lupusburg.deal import character_deck, needs_redeal
from games.lupusburg.model import COINS
from games.lupusburg.rules import houses_of

NOW = datetime(2024, 5, 1, 20, 0, tzinfo=UTC)


@pytest.mark.parametrize(("players", "townsfolk"), [(4, 6), (5, 8), (6, 10), (7, 12), (8, 14)])
def test_deck_by_player_count_and_two_characters_each(players: int, townsfolk: int) -> None:
    assert Counter(character_deck(players)) == {
        "werewolf": 1,
        "thief": 1,
        "townsfolk": townsfolk,
    }
    state = GAME.setup(players, GAME.parse_options({}), seed=7)
    assert all(len(hand) == 2 for hand in state.hands)
    dealt = Counter(role for hand in state.hands for role in hand)
    assert dealt == Counter(character_deck(players))
    assert len(state.houses) == 2 * players
    assert [h.owner for h in state.houses] == [s for s in range(players) for _ in (0, 1)]
    assert sorted(state.bag, reverse=True) == list(COINS) == [8, 7, 6, 5, 4, 3, 2, 2]
    assert state.phase == "assign" and GAME.waiting_for(state) == frozenset(range(players))


def test_redeal_when_one_player_gets_werewolf_and_thief() -> None:
    assert needs_redeal([["werewolf", "thief"], ["townsfolk", "townsfolk"]])
    assert not needs_redeal([["werewolf", "townsfolk"], ["thief", "townsfolk"]])
    redealt = [seed for seed in range(300) if GAME.setup(4, GAME.parse_options({}), seed).deals > 1]
    assert redealt, "with 4 players about 1 deal in 7 needs a redeal"
    for seed in range(300):
        state = GAME.setup(4, GAME.parse_options({}), seed)
        assert not needs_redeal(state.hands)
    # The first deal of a redealt game really had both roles in one hand.
    seed = redealt[0]
    cards = character_deck(4)
    random.Random(f"{seed}/1").shuffle(cards)
    assert needs_redeal([cards[i : i + 2] for i in range(0, 8, 2)])


def test_burgomaster_host_or_random() -> None:
    assert GAME.setup(6, GAME.parse_options({}), 3).burgomaster == 0
    firsts = {
        GAME.setup(6, GAME.parse_options({"burgomaster": "random"}), seed).burgomaster
        for seed in range(40)
    }
    assert len(firsts) > 3


def test_placement_never_puts_werewolf_or_thief_under_the_chest(lb) -> None:
    state = lb.setup(4, deal=lb.hands("VW", "TV", "VV", "VV"))
    assert GAME.legal_actions(state, 0) == [Assign(chest=0), Assign(chest=1)]
    state = lb.act(state, 0, Assign(chest=1))
    assert state.houses[1].chest and state.houses[1].character == "townsfolk"
    assert not state.houses[0].chest and state.houses[0].character == "werewolf"
    state = lb.act(state, 1, Assign(chest=2))
    assert state.houses[2].character == "townsfolk" and state.houses[3].character == "thief"
    with pytest.raises(IllegalAction) as refused:
        lb.act(state, 2, Assign(chest=0))
    assert refused.value.key == "lupusburg.not_your_house"
    with pytest.raises(IllegalAction):  # placed once, for good
        lb.act(state, 0, Assign(chest=0))
    assert state.phase == "assign"  # waits for everyone
    state = lb.act(state, 2, Assign(chest=5))
    state = lb.act(state, 3, Assign(chest=6))
    assert state.phase == "thief" and state.day == 1  # all placed: the first night
    assert sum(h.chest for h in state.houses) == 4
    for seat in range(4):
        assert sum(state.houses[h].chest for h in houses_of(seat)) == 1


def test_placement_timeout_puts_the_chest_at_random(lb) -> None:
    chests = set()
    for seed in range(12):
        state = lb.setup(5, seed=seed, turn_seconds=90)
        state = lb.act(state, 0, Assign(chest=1))
        deadline = GAME.deadline(state, NOW)
        assert deadline is not None and deadline.at == NOW + timedelta(seconds=90)
        state = lb.expire(state)
        assert state.phase == "thief" and all(state.assigned)
        assert state.houses[1].chest  # the placement made in time stands
        for house in state.houses:
            if house.character in ("werewolf", "thief"):
                assert not house.chest
        chests.add(tuple(h.chest for h in state.houses))
    assert len(chests) > 1


def test_options_bounds_and_metadata() -> None:
    assert (GAME.id, GAME.name, GAME.aliases) == ("lupusburg", "Lupusburg", ("tabula",))
    assert (GAME.min_players, GAME.max_players, GAME.hidden) == (4, 8, False)
    options = GAME.parse_options({})
    assert options.discussion_minutes == 3 and options.night_seconds == 30
    assert options.defence_seconds == 60 and options.turn_seconds == 60
    assert options.burgomaster == "host" and options.series == 1
    with pytest.raises(ValueError):
        GAME.parse_options({"night_seconds": 0})  # a night always runs for a while
