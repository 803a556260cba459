"""Miss Lupun's computer players: the sampler deals only what a seat cannot see, the
policies choose legal actions from the seat's view alone, and a game of computers
ends."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any, cast

import pytest

from games.computers import Decision, playout, sees_only_its_view
from games.lupun import GAME
from games.lupun.cards import starting_stack
from games.lupun.computer import COMPUTERS
from games.lupun.dealing import unseen_tasks
from games.lupun.models import JOKER, Confirm, Done, Keep, LupunState, Place
from games.lupun.strong import likelihoods
from tests.games.lupun.rig import all_cards


def deal(view: Any, seat: int, rng: random.Random) -> LupunState:
    """The sampler, typed as this game's state."""
    return cast(LupunState, COMPUTERS.sample(view, seat, rng))


def reach(options: dict[str, Any], seats: int, until: Callable[[LupunState], bool]) -> LupunState:
    """Play random legal moves (finishing each step) from a new game until `until` holds."""
    state = GAME.setup(seats, GAME.parse_options(options), 4)
    rng = random.Random(4)
    for _ in range(2000):
        if until(state):
            return state
        seat = min(GAME.active(state))
        legal = GAME.legal_actions(state, seat)
        finish = [a for a in legal if isinstance(a, Confirm | Done)]
        state, _ = GAME.apply(state, seat, finish[0] if finish else rng.choice(legal))
    raise AssertionError("the position never came")


def placing(state: LupunState, turn: int) -> bool:
    return state.stage == "place" and state.draft is None and state.turn == turn


BUILDERS: dict[str, Callable[[], LupunState]] = {
    "keep": lambda: reach({}, 4, lambda s: s.stage == "keep"),
    "first placement": lambda: reach({}, 4, lambda s: placing(s, 0)),
    "mid round": lambda: reach({}, 3, lambda s: placing(s, 11)),
    "second round": lambda: reach({}, 4, lambda s: s.round == 2 and placing(s, 6)),
    "a joker in hand": lambda: reach(
        {"variant": "jokers"},
        4,
        lambda s: s.stage == "place" and s.draft is None and s.jokers[s.to_act] > 0 and s.turn > 4,
    ),
    "confirm": lambda: reach({}, 4, lambda s: s.stage == "place" and s.draft is not None),
    "handicap": lambda: reach({"goal": "tiles"}, 2, lambda s: s.stage == "handicap"),
    "turning": lambda: reach({"goal": "tiles"}, 2, lambda s: s.stage == "turn"),
    "short deck, 6 seats": lambda: reach({"deck": "short"}, 6, lambda s: placing(s, 13)),
}


POSITIONS = {name: cache(build) for name, build in BUILDERS.items()}  # states are never changed


@pytest.mark.parametrize("name", POSITIONS)
def test_the_sampler_keeps_the_seats_view_and_moves(name: str) -> None:
    state = POSITIONS[name]()
    deck = "short" if len(all_cards(state)) < 100 else "full"
    rng = random.Random(1)
    for seat in range(state.seats):
        view = GAME.view(state, seat)
        for _ in range(2):
            dealt = deal(view, seat, rng)
            assert GAME.view(dealt, seat) == view
            assert GAME.legal_actions(dealt, seat) == GAME.legal_actions(state, seat)
            assert Counter(all_cards(dealt)) == Counter(starting_stack(deck, state.variant))


def test_the_sampler_deals_the_others_tasks_anew() -> None:
    state = POSITIONS["mid round"]()
    dealt = deal(GAME.view(state, 0), 0, random.Random(3))
    assert dealt.hands[0] == state.hands[0]
    assert dealt.hands[1:] != state.hands[1:]
    revealed = POSITIONS["second round"]()
    assert revealed.last_round is not None
    shown = {c for report in revealed.last_round.seats for c in report.tasks}
    assert shown.isdisjoint(unseen_tasks(GAME.view(revealed, 1)))


@pytest.mark.parametrize("name", ["keep", "mid round", "a joker in hand", "second round"])
@pytest.mark.parametrize("level", ["casual", "strong"])
def test_a_computer_sees_only_its_view(name: str, level: str) -> None:
    state = POSITIONS[name]()
    seat = min(GAME.active(state))
    assert sees_only_its_view(GAME, COMPUTERS.policy(level), state, seat, "s", deals=2)


@pytest.mark.parametrize("name", POSITIONS)
@pytest.mark.parametrize("level", ["default", "casual", "strong"])
def test_every_policy_chooses_a_legal_action(name: str, level: str) -> None:
    state = POSITIONS[name]()
    for seat in GAME.active(state):
        decision = Decision.of(GAME, state, seat, "p", samples=2)
        assert GAME.is_legal(state, seat, COMPUTERS.policy(level)(decision))


def test_the_default_keeps_and_places_as_the_timeout_does() -> None:
    state = POSITIONS["keep"]()
    decision = Decision.of(GAME, state, 0, "d")
    assert COMPUTERS.default(decision) == Keep(drop=max(state.drawn[0], key=_points))
    state = POSITIONS["first placement"]()
    expired, _ = GAME.expire(state)
    chosen, _ = GAME.apply(state, state.to_act, COMPUTERS.default(decision_of(state)))
    assert chosen.draft is not None  # a choice, still to confirm
    assert expired.turn == 1


def decision_of(state: LupunState) -> Decision:
    return Decision.of(GAME, state, state.to_act, "d")


def _points(card: str) -> int:
    from games.lupun.cards import points

    return points(card)


def test_a_seats_tiles_make_the_tasks_on_their_spaces_likelier() -> None:
    state = POSITIONS["mid round"]()
    view = GAME.view(state, 0)
    other = 1
    pool = unseen_tasks(view)
    weights = dict(zip(pool, likelihoods(view, other, pool), strict=True))
    spaces = {s for s, o in enumerate(state.owners) if o == other}
    touching = [c for c in pool if spaces & set(_task(c).region)]
    apart = [c for c in pool if not spaces & set(_task(c).region)]
    assert touching and apart
    assert min(weights[c] for c in apart) < 1 < max(weights[c] for c in touching)


def _task(card: str) -> Any:
    from games.lupun.cards import task

    return task(card)


def test_the_strong_player_uses_its_joker_only_as_a_placement() -> None:
    state = POSITIONS["a joker in hand"]()
    seat = state.to_act
    action = COMPUTERS.strong(Decision.of(GAME, state, seat, "j", samples=2))
    assert isinstance(action, Place)
    assert action.tile == JOKER or action.tile in state.tiles[seat]


def test_a_game_of_computers_ends() -> None:
    state = GAME.setup(2, GAME.parse_options({"variant": "jokers", "rounds": 1}), 7)
    levels = {0: "strong", 1: "casual"}

    def mixed(decision: Decision) -> object:
        return COMPUTERS.policy(levels[decision.seat])(
            Decision(decision.seat, decision.view, decision.legal, decision.rng, samples=1)
        )

    final = cast(LupunState, playout(GAME, state, mixed, random.Random(0)))
    result = GAME.result(final)
    assert result is not None
    assert len(result.scores) == 2
