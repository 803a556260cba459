"""The night: the Thief, then the Werewolf, each always for its full time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from games.engine import IllegalAction
from games.lupusburg import GAME
from games.lupusburg.actions import Claw, Peek, Vote

NOW = datetime(2024, 5, 1, 22, 0, tzinfo=UTC)


def test_first_night_slaughter_example(lb) -> None:
    """Rulebook: on the first night the claw points at one of Andrew's characters; Andrew
    puts that character and house aside face down, and nothing is revealed."""
    state = lb.new(5)  # Andrew is seat 0; Bea (seat 1) holds the Werewolf
    assert state.phase == "thief" and state.day == 1
    state = lb.expire(state)
    assert state.phase == "werewolf" and GAME.active(state) == {1}
    assert GAME.waiting_for(state) == frozenset()  # never shown, never pinged in public
    state = lb.act(state, 1, Claw(house=1))  # Andrew's house 2
    state = lb.expire(state)
    assert not state.houses[1].alive and state.last_victim == 1
    public = GAME.view(state, None)
    assert public.last_victim == 1 and not public.houses[1].in_play
    assert public.houses[1].character is None and public.houses[1].chest is None
    dawn = [e for e in lb.events if e.key == "lupusburg.slaughtered"]
    assert dawn[0].params == {"seat": 0, "n": 2} and dawn[0].to is None
    assert state.phase == "privilege" and state.burgomaster == 0


@pytest.mark.parametrize("thief_alive", [True, False])
def test_night_phases_never_end_early(lb, thief_alive: bool) -> None:
    state = lb.new(6, night_seconds=45)
    if not thief_alive:  # the Thief (seat 2) loses both characters first
        state = lb.night(state, claw=4)
        state = lb.lynch(state, 5)
    key, deadline = GAME.phase_key(state), GAME.deadline(state, NOW)
    assert deadline is not None and deadline.at == NOW + timedelta(seconds=45)
    before = GAME.view(state, None)
    assert before.to_act == []  # nobody is shown as active at night
    if thief_alive:
        assert GAME.active(state) == {2} and GAME.waiting_for(state) == frozenset()
        assert GAME.view(state, 2).my_turn and not GAME.view(state, 3).my_turn
        state = lb.act(state, 2, Peek(house=0))
        with pytest.raises(IllegalAction):  # one look per night
            lb.act(state, 2, Peek(house=6))
    assert GAME.active(state) == frozenset()  # acted or dead: nothing to do
    for seat in range(6):
        assert GAME.legal_actions(state, seat) == []
    assert state.phase == "thief" and GAME.phase_key(state) == key
    assert GAME.deadline(state, NOW) == deadline
    assert GAME.view(state, None) == before  # the public learns nothing
    state = lb.expire(state)  # only the deadline moves the night on
    assert state.phase == "werewolf"
    key = GAME.phase_key(state)
    before = GAME.view(state, None)
    state = lb.act(state, 1, Claw(house=0))
    assert state.phase == "werewolf" and GAME.phase_key(state) == key
    assert GAME.view(state, None) == before and GAME.active(state) == frozenset()
    claw_deadline = GAME.deadline(state, NOW)
    assert claw_deadline is not None and claw_deadline.at == NOW + timedelta(seconds=45)
    state = lb.expire(state)
    assert state.phase in ("privilege", "betting") and not state.houses[0].alive


def test_thief_learns_character_and_chest_only_for_itself(lb) -> None:
    state = lb.new(5, chests=[0, 2, 4, 6, 9])
    state = lb.act(state, 2, Peek(house=9))
    sight = GAME.view(state, 2).sights
    assert [(s.house, s.character, s.chest, s.source) for s in sight] == [
        (9, "townsfolk", True, "thief")
    ]
    assert lb.events[-1].to == (2,) and lb.events[-1].key == "lupusburg.peek_townsfolk_chest"
    for seat in (None, 0, 1, 3, 4):
        assert GAME.view(state, seat).sights == []
    state = lb.expire(state)
    state = lb.act(state, 1, Claw(house=0))
    state = lb.expire(state)
    state = lb.lynch(state, 6)
    state = lb.act(state, 2, Peek(house=3))  # Bea's house 2: the Werewolf
    assert [s.character for s in GAME.view(state, 2).sights] == ["townsfolk", "werewolf"]
    assert lb.events[-1].key == "lupusburg.peek_werewolf"


def test_thief_refusals(lb) -> None:
    state = lb.new(5)
    with pytest.raises(IllegalAction) as own:
        lb.act(state, 2, Peek(house=4))
    assert own.value.key == "lupusburg.own_house"
    with pytest.raises(IllegalAction) as wrong:
        lb.act(state, 2, Claw(house=0))
    assert wrong.value.key == "lupusburg.wrong_step"
    with pytest.raises(IllegalAction) as other:
        lb.act(state, 1, Peek(house=0))  # the Werewolf sleeps in the Thief phase
    assert other.value.key == "engine.not_your_turn"
    state = lb.night(state, claw=0)
    state = lb.lynch(state, 6)
    with pytest.raises(IllegalAction) as gone:
        lb.act(state, 2, Peek(house=0))
    assert gone.value.key == "lupusburg.not_in_play"


def test_werewolf_may_slaughter_its_own_house(lb) -> None:
    state = lb.new(5)
    assert Claw(house=3) in GAME.legal_actions(lb.expire(state), 1)
    state = lb.night(state, claw=3)
    assert not state.houses[3].alive and state.phase == "privilege"


def test_night_timeouts(lb) -> None:
    """Time out: the Thief looks at nothing, the claw hits a random living character
    that is not the Werewolf's own."""
    victims = set()
    for seed in range(20):
        state = lb.new(5, seed=seed)
        state = lb.expire(lb.expire(state))
        assert GAME.view(state, 2).sights == []
        (victim,) = [h for h, house in enumerate(state.houses) if not house.alive]
        assert victim // 2 != 1
        victims.add(victim)
        told = [e for e in lb.events if e.key == "lupusburg.claw_default"]
        assert told[-1].to == (1,)
    assert len(victims) > 3


def test_nothing_else_happens_at_night(lb) -> None:
    state = lb.new(4)
    with pytest.raises(IllegalAction):
        lb.act(state, 0, Vote(house=2))


def test_night_prompts_go_to_the_living_role_alone(lb) -> None:
    state = lb.new(5)
    prompts = [e for e in lb.events if e.key.endswith("_prompt")]
    assert [(e.key, e.to) for e in prompts] == [("lupusburg.thief_prompt", (2,))]
    lb.events.clear()
    state = lb.expire(state)
    prompts = [e for e in lb.events if e.key.endswith("_prompt")]
    assert [(e.key, e.to) for e in prompts] == [("lupusburg.werewolf_prompt", (1,))]
    state = lb.act(state, 1, Claw(house=4))
    state = lb.lynch(lb.expire(state), 5)  # the Thief has no living character left
    assert state.phase == "thief"
    assert not any(e.key == "lupusburg.thief_prompt" for e in lb.events[-3:])
