"""Lupusburg's baseline and casual computer players.

`default` plays what the clock plays for a player who lets a step run out (README,
"Time-outs"); where the clock plays nothing (the Thief's look, a ballot), it takes the
most neutral move there is. `casual` plays like a player who reads the table roughly: it
suspects whoever others bet and vote on, trusts a slain character's owner, bets by the
second day and follows the crowd's tokens; as the Werewolf it hides, never votes or bets
on itself and slays whoever accuses it. Its hunches carry noise: human-like mistakes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from games.computers import Decision
from games.lupusburg.actions import Call, CastBallot, Done, Draw, Pass, Vote
from games.lupusburg.model import THIEF, TOWNSFOLK, WEREWOLF
from games.lupusburg.reading import (
    best,
    first,
    living,
    me,
    my_house_of,
    role,
    slain,
    tokens_on,
)
from games.lupusburg.rules import owner_of
from games.lupusburg.views import LupusView

NOISE = 0.3  # spread of a casual hunch (log scale): how often it misreads the table


# -- the timeout default ---------------------------------------------------------------------


def default(decision: Decision) -> Any:
    """What the clock would play for this seat (README, "Time-outs")."""
    view, legal, rng = decision.view, list(decision.legal), decision.rng
    seat = me(view)
    phase = view.phase
    if phase == "privilege":
        return Call(target=None)
    if phase == "betting":
        return Pass()
    if phase in ("discussion", "defence"):
        return Done()
    if phase in ("werewolf", "first_vote"):  # a random living character not your own
        return rng.choice([a for a in legal if owner_of(a.house) != seat] or legal)
    if phase == "second_vote":  # the clock casts nothing: the evenest split is nearest
        return rng.choice(_evenest(legal))
    # placement, the Thief's look (the clock looks at none), a shown character
    return rng.choice(legal)


def _evenest(ballots: Sequence[CastBallot]) -> list[CastBallot]:
    def spread(ballot: CastBallot) -> int:
        counts = [ballot.houses.count(h) for h in set(ballot.houses)]
        return max(counts) - (min(counts) if len(counts) > 1 else 0)

    low = min(spread(b) for b in ballots)
    return [b for b in ballots if spread(b) == low]


# -- a casual reading of the table -----------------------------------------------------------


def hunch(view: LupusView, rng: random.Random, own_secrets: bool = True) -> list[float]:
    """How much the seat suspects each other player (0: cannot be the Werewolf).

    The table's record read roughly (`rough_reading`), with noise; what the seat saw
    itself is certain (`own_secrets`)."""
    scores = rough_reading(view, me(view), lambda: math.exp(rng.gauss(0.0, NOISE)))
    if own_secrets:
        for sight in view.sights:
            owner = owner_of(sight.house)
            if sight.character == WEREWOLF:
                return [1.0 if s == owner else 0.0 for s in range(view.seats)]
            if sight.character == THIEF or sight.chest is False:
                scores[owner] = 0.0  # the Thief, or a Townsfolk pair (no chest, no role)
    return scores


def rough_reading(
    view: LupusView, viewer: int | None, noise: Callable[[], float] = lambda: 1.0
) -> list[float]:
    """The public record counted roughly, as `viewer` (None: a spectator) reads it:
    bets and today's tokens count against their target, a slain character's owner is
    mostly trusted, a player with nothing in play cannot be the Werewolf."""
    scores = [0.0] * view.seats
    for other in range(view.seats):
        if other == viewer or not living(view, other):
            continue
        score = 1.0 * (0.2 ** slain(view, other))
        score += 0.8 * sum(1 for b in view.bets if b.target == other and b.bettor != viewer)
        score += 0.5 * sum(
            1 for t in view.tokens if owner_of(t.house) == other and t.seat not in (viewer, other)
        )
        scores[other] = score * noise()
    return scores


def known_wolf(view: LupusView) -> int | None:
    return next((owner_of(s.house) for s in view.sights if s.character == WEREWOLF), None)


def suspect(view: LupusView, scores: list[float]) -> int:
    return best(range(view.seats), lambda s: scores[s])


def crowd_house(view: LupusView, seat: int, rng: random.Random) -> int | None:
    """The seat's living house with most tokens today (a random one of equals)."""
    houses = living(view, seat)
    if not houses:
        return None
    counts = tokens_on(view)
    top = max(counts[h] for h in houses)
    return rng.choice([h for h in houses if counts[h] == top])


# -- the casual player -----------------------------------------------------------------------


def casual(decision: Decision) -> Any:
    view = decision.view
    rng = decision.rng
    legal = list(decision.legal)
    wolf = role(view) == WEREWOLF
    play = (_WOLF if wolf else _VILLAGER).get(view.phase)
    choice = play(view, legal, rng) if play is not None else None
    return choice if choice in legal else default(decision)


Play = Callable[[LupusView, list[Any], random.Random], Any]


def _place(view: LupusView, legal: list[Any], rng: random.Random) -> Any:
    return rng.choice(legal)


def _peek(view: LupusView, legal: list[Any], rng: random.Random) -> Any:
    """Look under an unseen house of the player it suspects most."""
    scores = hunch(view, rng)
    seen = {s.house for s in view.sights}
    options = [a for a in legal if a.house not in seen] or legal
    top = max(scores[owner_of(a.house)] for a in options)
    return rng.choice([a for a in options if scores[owner_of(a.house)] == top])


def _call_suspect(view: LupusView, legal: list[Any], rng: random.Random) -> Any:
    scores = hunch(view, rng)
    return first(legal, lambda a: a.target == suspect(view, scores)) or Call(target=None)


def _show_townsfolk(view: LupusView, legal: list[Any], rng: random.Random) -> Any:
    townsfolk = [a for a in legal if view.houses[a.house].character == TOWNSFOLK]
    return rng.choice(townsfolk or legal)


def _bet_or_pass(view: LupusView, legal: list[Any], rng: random.Random) -> Any:
    """Bet when sure, or when one player stands out, or by the second day."""
    scores = hunch(view, rng)
    total = sum(scores)
    share = max(scores) / total if total else 0.0
    if known_wolf(view) is not None or share >= 0.45 or view.day >= 2:
        return Draw()
    return Pass()


def _bet(view: LupusView, legal: list[Any], rng: random.Random) -> Any:
    target = known_wolf(view)
    if target is None:
        target = suspect(view, hunch(view, rng))
    coin = max(view.drawn)
    return first(legal, lambda a: a.coin == coin and a.target == target)


def _done(view: LupusView, legal: list[Any], rng: random.Random) -> Any:
    return Done()


def _vote(view: LupusView, legal: list[Any], rng: random.Random) -> Any:
    house = crowd_house(view, suspect(view, hunch(view, rng)), rng)
    return Vote(house=house) if house is not None else None


def _ballot(view: LupusView, legal: list[Any], rng: random.Random) -> Any:
    """Every token on the suspect it suspects more (never on its own character)."""
    scores = hunch(view, rng)
    seat = me(view)
    choices = [h for h in view.suspects if owner_of(h) != seat] or list(view.suspects)
    target = best(choices, lambda h: scores[owner_of(h)])
    return first(legal, lambda a: set(a.houses) == {target})


_VILLAGER: dict[str, Play] = {
    "assign": _place,
    "thief": _peek,
    "privilege": _call_suspect,
    "show": _show_townsfolk,
    "show_back": _show_townsfolk,
    "betting": _bet_or_pass,
    "bet": _bet,
    "discussion": _done,
    "defence": _done,
    "first_vote": _vote,
    "second_vote": _ballot,
}


# -- the casual Werewolf: hide, deflect, slay the accusers ------------------------------------


def threat(view: LupusView, seat: int) -> float:
    """How much `seat` has accused the Werewolf (its bet and today's tokens on it)."""
    wolf = me(view)
    bets = sum(1 for b in view.bets if b.bettor == seat and b.target == wolf)
    tokens = sum(1 for t in view.tokens if t.seat == seat and owner_of(t.house) == wolf)
    return bets + 0.5 * tokens


def _claw(view: LupusView, legal: list[Any], rng: random.Random) -> Any:
    seat = me(view)
    options = [a for a in legal if owner_of(a.house) != seat]
    scores = {a.house: threat(view, owner_of(a.house)) + rng.random() for a in options}
    return best(options, lambda a: scores[a.house]) if options else None


def _scapegoat(view: LupusView, rng: random.Random) -> int:
    """The player the table seems to suspect most (never the Werewolf itself)."""
    return suspect(view, hunch(view, rng, own_secrets=False))


def _wolf_call(view: LupusView, legal: list[Any], rng: random.Random) -> Any:
    """Call on someone now and then, never when it would have to show the Werewolf."""
    if rng.random() < 0.5 or my_house_of(view, TOWNSFOLK) is None:
        return Call(target=None)
    return rng.choice(legal)


def _wolf_bet_or_pass(view: LupusView, legal: list[Any], rng: random.Random) -> Any:
    return Draw() if rng.random() < 0.5 else Pass()


def _wolf_bet(view: LupusView, legal: list[Any], rng: random.Random) -> Any:
    target = _scapegoat(view, rng)
    coin = max(view.drawn)
    return first(legal, lambda a: a.coin == coin and a.target == target)


def _wolf_vote(view: LupusView, legal: list[Any], rng: random.Random) -> Any:
    house = crowd_house(view, _scapegoat(view, rng), rng)
    return Vote(house=house) if house is not None else None


def _wolf_ballot(view: LupusView, legal: list[Any], rng: random.Random) -> Any:
    seat = me(view)
    counts = tokens_on(view)
    choices = [h for h in view.suspects if owner_of(h) != seat] or list(view.suspects)
    target = best(choices, lambda h: counts[h])
    return first(legal, lambda a: set(a.houses) == {target})


_WOLF: dict[str, Play] = {
    **_VILLAGER,
    "werewolf": _claw,
    "privilege": _wolf_call,
    "betting": _wolf_bet_or_pass,
    "bet": _wolf_bet,
    "first_vote": _wolf_vote,
    "second_vote": _wolf_ballot,
}

__all__ = ["casual", "crowd_house", "default", "hunch", "known_wolf", "rough_reading", "threat"]
