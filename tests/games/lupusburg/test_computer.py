"""Lupusburg's computer players: the sampler deals what a seat cannot see without
changing its view or moves, the policies choose from the view alone and always legally,
and a table of computers plays a game to its end."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.computers import Decision, sees_only_its_view
from games.lupusburg import GAME
from games.lupusburg.actions import CastBallot, Claw, PlaceBet, Vote
from games.lupusburg.belief import Belief
from games.lupusburg.model import NIGHT_PHASES, THIEF, WEREWOLF, LupusState, Role, Sight
from games.lupusburg.rules import houses_of, owner_of, role_seat

COMPUTERS = GAME.computers()
LEVELS = ("default", "casual", "strong")


def role(state: LupusState, seat: int) -> Role:
    hand = state.hands[seat]
    return WEREWOLF if WEREWOLF in hand else THIEF if THIEF in hand else "townsfolk"


def positions(
    seats: int, seed: int, levels: tuple[str, ...] = ("casual",), **options: object
) -> Iterator[tuple[LupusState, int]]:
    """Every (state, seat to act) of a game the computers play (levels by seat, in turn)."""
    state = GAME.setup(seats, GAME.parse_options(options), seed)
    rng = random.Random(seed)
    for _ in range(2000):
        if GAME.result(state) is not None:
            return
        seat = next((s for s in sorted(GAME.active(state)) if GAME.legal_actions(state, s)), None)
        if seat is None:
            state, _ = GAME.expire(state)
            continue
        yield state, seat
        level = levels[seat % len(levels)]
        decision = Decision.of(GAME, state, seat, str(rng.random()), budget=0.0)
        state, _ = GAME.apply(state, seat, COMPUTERS.policy(level)(decision))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("seats", "seed", "options"),
    [
        (4, 1, {}),
        (5, 2, {"series": 2, "second_vote": "players"}),
        (8, 3, {"burgomaster": "random"}),
    ],
)
def test_the_sampler_keeps_the_view_and_the_moves(
    seats: int, seed: int, options: dict[str, object]
) -> None:
    rng = random.Random(seed)
    checked = 0
    for state, actor in positions(seats, seed, ("casual", "strong"), **options):
        for seat in {actor, rng.randrange(seats)}:
            view = GAME.view(state, seat)
            dealt = COMPUTERS.sample(view, seat, rng)
            assert isinstance(dealt, LupusState)
            assert GAME.view(dealt, seat) == view, (state.phase, seat)
            assert GAME.legal_actions(dealt, seat) == GAME.legal_actions(state, seat)
            checked += 1
    assert checked > 50


def test_the_sampler_deals_the_unknown_anew() -> None:
    """From a Townsfolk's seat, the Werewolf and the Thief land on every other player."""
    state = next(s for s, _ in positions(5, 4) if s.phase == "thief")
    villager = next(s for s in range(5) if role(state, s) == "townsfolk")
    view = GAME.view(state, villager)
    rng = random.Random(0)
    wolves = set()
    for _ in range(60):
        dealt = COMPUTERS.sample(view, villager, rng)
        assert isinstance(dealt, LupusState)
        wolves.add(role_seat(dealt, WEREWOLF))
    assert wolves == set(range(5)) - {villager}


def some_positions() -> list[tuple[LupusState, int]]:
    """Positions of every kind (day and night), each role acting, from a few games."""
    wanted: dict[tuple[str, Role], tuple[LupusState, int]] = {}
    for seed in range(5, 9):
        for state, seat in positions(5, seed, ("casual", "strong")):
            wanted.setdefault((state.phase, role(state, seat)), (state, seat))
    return list(wanted.values())


POSITIONS = some_positions()


def test_the_positions_cover_day_night_and_every_role() -> None:
    kinds = {(state.phase, role(state, seat)) for state, seat in POSITIONS}
    assert {("thief", THIEF), ("werewolf", WEREWOLF)} <= kinds
    for phase in ("assign", "privilege", "betting", "bet", "first_vote", "second_vote"):
        assert {r for p, r in kinds if p == phase} == {WEREWOLF, THIEF, "townsfolk"}, phase


@pytest.mark.parametrize("level", ["casual", "strong"])
def test_a_computer_sees_only_its_view(level: str) -> None:
    policy = COMPUTERS.policy(level)
    for index, (state, seat) in enumerate(POSITIONS):
        assert sees_only_its_view(GAME, policy, state, seat, f"{level}/{index}"), (
            state.phase,
            role(state, seat),
        )


@pytest.mark.parametrize("level", LEVELS)
def test_every_choice_is_legal(level: str) -> None:
    policy = COMPUTERS.policy(level)
    for seed in (11, 12):
        for state, seat in positions(6, seed, LEVELS):
            legal = GAME.legal_actions(state, seat)
            decision = Decision.of(GAME, state, seat, f"{seed}", budget=0.0)
            assert policy(decision) in legal, (state.phase, role(state, seat))


def test_a_table_of_computers_in_every_role_ends_with_a_winner() -> None:
    """Each level holds the Werewolf, the Thief and a Townsfolk pair in some game."""
    held: set[tuple[str, Role]] = set()
    for seed in range(40):
        seats = 4 + seed % 5
        levels = tuple(LEVELS[(seat + seed) % 3] for seat in range(seats))
        state = GAME.setup(seats, GAME.parse_options({}), seed)
        roles = [role(state, s) for s in range(seats)]
        final = play(state, levels, seed)
        result = GAME.result(final)
        assert result is not None and len(result.winners) == 1
        record = final.records[-1]
        assert record.winner == record.werewolf or record.side == "village"
        held |= {(levels[s], roles[s]) for s in range(seats)}
        if len(held) == 9:
            return
    raise AssertionError(f"some level never held some role: {held}")


def play(state: LupusState, levels: tuple[str, ...], seed: int) -> LupusState:
    for _ in range(2000):
        if GAME.result(state) is not None:
            return state
        seat = next((s for s in sorted(GAME.active(state)) if GAME.legal_actions(state, s)), None)
        if seat is None:
            state, _ = GAME.expire(state)
            continue
        decision = Decision.of(GAME, state, seat, f"{seed}/{state.step}", budget=0.0)
        state, _ = GAME.apply(state, seat, COMPUTERS.policy(levels[seat])(decision))
    raise AssertionError("the game did not end")


# -- how they play ---------------------------------------------------------------------


@pytest.mark.parametrize("level", ["casual", "strong"])
def test_the_werewolf_never_accuses_itself(level: str) -> None:
    policy = COMPUTERS.policy(level)
    for seed in (21, 22, 23):
        for state, seat in positions(5, seed, (level,)):
            if role(state, seat) != WEREWOLF:
                continue
            choice = policy(Decision.of(GAME, state, seat, str(seed), budget=0.0))
            if isinstance(choice, Vote):
                assert owner_of(choice.house) != seat
            if isinstance(choice, CastBallot) and any(owner_of(h) != seat for h in state.suspects):
                assert all(owner_of(h) != seat for h in choice.houses)
            if isinstance(choice, Claw) and state.day > 1:
                assert owner_of(choice.house) != seat


@pytest.mark.parametrize("level", ["casual", "strong"])
def test_a_thief_who_found_the_werewolf_bets_and_votes_on_it(level: str) -> None:
    policy = COMPUTERS.policy(level)
    state = next(s for s, _ in positions(5, 31) if s.phase == "first_vote")
    thief, wolf = role_seat(state, THIEF), role_seat(state, WEREWOLF)
    claw = next(h for h in houses_of(wolf) if state.houses[h].character == WEREWOLF)
    state.sights.append(
        Sight(seat=thief, house=claw, character=WEREWOLF, chest=False, source="thief", day=1)
    )
    state.order = state.order[state.turn :]
    state.order[0], state.turn = thief, 0
    vote = policy(Decision.of(GAME, state, thief, "vote", budget=0.0))
    assert isinstance(vote, Vote) and owner_of(vote.house) == wolf
    state.phase, state.order, state.turn, state.drawn = "bet", [thief], 0, [8, 5, 2]
    state.bets = []
    bet = policy(Decision.of(GAME, state, thief, "bet", budget=0.0))
    assert bet == PlaceBet(coin=8, target=wolf)


def test_the_belief_rules_out_what_the_seat_knows() -> None:
    state = next(s for s, _ in positions(5, 41) if s.phase == "first_vote")
    thief, wolf = role_seat(state, THIEF), role_seat(state, WEREWOLF)
    view = GAME.view(state, thief)
    belief = Belief(view, thief)
    assert belief.wolf[thief] == 0.0 and abs(sum(belief.wolf) - 1.0) < 1e-9
    for seat in range(5):
        if not any(state.houses[h].alive for h in houses_of(seat)):
            assert belief.wolf[seat] == 0.0  # the game would be over
    claw = next(h for h in houses_of(wolf) if state.houses[h].character == WEREWOLF)
    seen = Sight(seat=thief, house=claw, character=WEREWOLF, chest=False, source="thief", day=1)
    sure = Belief(view.model_copy(update={"sights": [*view.sights, seen]}), thief)
    assert sure.wolf[wolf] == 1.0


def test_night_choices_come_from_the_night_roles_only() -> None:
    """At night only the Thief and the Werewolf have a choice: nobody else is asked."""
    for state, seat in POSITIONS:
        if state.phase in NIGHT_PHASES:
            assert role(state, seat) == (THIEF if state.phase == "thief" else WEREWOLF)
