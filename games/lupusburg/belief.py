"""What a seat may believe about the hidden roles, from its own view only.

A hypothesis is who holds the Werewolf and who the Thief; with it, each player's chest
house says where every character lies (a Townsfolk under the chest, the other character
under the other house). The deal makes every pair of two different players equally
likely, and every chest house too, so the belief is exact: each pair is weighed by the
placements its players could have made that agree with what the seat saw (its hand, the
Thief's looks, the characters shown to it) and with the game going on (the Werewolf still
has a character in play, and fewer than everyone else together).

On top of that comes the public record (`Evidence`), as a log-linear likelihood of
facts about each pair (`FEATURES`): a Werewolf seldom slays its own character, a Thief
who bets or votes may have looked, an accuser is slain more often. These are weights,
not certainties, so a bluff only shifts the belief. With no evidence (`HARD`) the belief
is exactly the deals consistent with the view, which the sampler deals from.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from games.lupusburg.model import THIEF, TOWNSFOLK, WEREWOLF, Role
from games.lupusburg.rules import houses_of, owner_of
from games.lupusburg.views import LupusView

Pair = tuple[int, int]  # (the Werewolf's seat, the Thief's seat)


FEATURES: tuple[str, ...] = (
    "slain",  # the Werewolf's characters the claw took
    "slain_first",  # the Werewolf's character the claw took on the first night
    "thief_bet",  # the Thief bet on the Werewolf
    "bets",  # others' bets on the Werewolf
    "wolf_bet",  # the Werewolf has bet
    "thief_tokens",  # the Thief's tokens on the Werewolf today
    "tokens",  # others' tokens on the Werewolf today
    "own_tokens",  # the Werewolf's tokens on itself
    "accuser_slain",  # slain characters of players who bet on the Werewolf
    "thief_slain",  # the Thief's characters the claw took
    "thief_bet_elsewhere",  # the Thief bet on another player
    "lynched",  # the Werewolf's characters lynched
    "thief_lynched",
    "thief_tokens_elsewhere",  # the Thief's tokens on others today
)


@dataclass(frozen=True)
class Evidence:
    """How much each public fact speaks for a hypothesis: a log-likelihood weight per
    feature (`FEATURES`), fitted on games between computers (0: says nothing)."""

    weights: tuple[float, ...] = (0.0,) * len(FEATURES)

    @classmethod
    def named(cls, **weights: float) -> Evidence:
        """Weights by feature name (every feature named once)."""
        assert set(weights) == set(FEATURES), set(weights) ^ set(FEATURES)
        return cls(tuple(weights[name] for name in FEATURES))


HARD = Evidence()
"""Only what the seat knows for certain: the deals consistent with its view."""


def role_of(pair: Pair, seat: int) -> Role:
    wolf, thief = pair
    return WEREWOLF if seat == wolf else THIEF if seat == thief else TOWNSFOLK


def chest_options(view: LupusView, seat: int, role: Role) -> list[int]:
    """The chest houses `seat` could have chosen if it holds `role` (a Townsfolk pair
    for TOWNSFOLK), given what the viewer saw of its houses."""
    options = []
    for chest in houses_of(seat):
        for sight in view.sights:
            if owner_of(sight.house) != seat:
                continue
            lies = TOWNSFOLK if sight.house == chest else role
            if sight.character != lies or sight.chest not in (None, sight.house == chest):
                break
        else:
            options.append(chest)
    return options


class Belief:
    """A distribution over (Werewolf, Thief) pairs and, per pair, the chest houses.

    `me`: the viewer, whose own hand and houses are certain; None for a spectator (the
    table's belief: what the public record alone suggests).
    """

    def __init__(self, view: LupusView, me: int | None, evidence: Evidence = HARD) -> None:
        self.view = view
        self.me = me
        self.seats = view.seats
        self.options: dict[tuple[int, Role], list[int]] = {}
        weights: dict[Pair, float] = {}
        record = _Record(view, me)
        for pair in self._candidates():
            weight = self._placements(pair) * self._alive(pair[0])
            if weight:
                weight *= _likelihood(record, pair, evidence)
            if weight > 0:
                weights[pair] = weight
        total = sum(weights.values())
        self.pairs = {p: w / total for p, w in weights.items()} if total else weights

    def _candidates(self) -> list[Pair]:
        seats = range(self.seats)
        if self.me is None:
            return [(w, t) for w in seats for t in seats if w != t]
        hand = self.view.hand
        wolves = [self.me] if WEREWOLF in hand else [s for s in seats if s != self.me]
        thieves = [self.me] if THIEF in hand else [s for s in seats if s != self.me]
        return [(w, t) for w in wolves for t in thieves if w != t]

    def chests(self, seat: int, role: Role) -> list[int]:
        key = (seat, role)
        if key not in self.options:
            if seat == self.me:
                own = [h.house for h in self.view.houses if h.owner == seat and h.chest]
                self.options[key] = own or list(houses_of(seat))
            elif self.me is None:
                self.options[key] = list(houses_of(seat))
            else:
                self.options[key] = chest_options(self.view, seat, role)
        return self.options[key]

    def _placements(self, pair: Pair) -> float:
        count = 1.0
        for seat in range(self.seats):
            if seat != self.me:
                count *= len(self.chests(seat, role_of(pair, seat)))
        return count

    def _alive(self, wolf: int) -> float:
        """0 where the game would have ended already: a Werewolf needs a character in
        play, and fewer than all the others together."""
        if self.view.phase == "over":
            return 1.0
        mine = sum(1 for h in self.view.houses if h.in_play and h.owner == wolf)
        others = sum(1 for h in self.view.houses if h.in_play and h.owner != wolf)
        return 1.0 if 0 < mine < others else 0.0

    # -- marginals ----------------------------------------------------------------------

    @cached_property
    def wolf(self) -> list[float]:
        """P(seat holds the Werewolf), per seat."""
        marginal = [0.0] * self.seats
        for (wolf, _), p in self.pairs.items():
            marginal[wolf] += p
        return marginal

    @cached_property
    def thief(self) -> list[float]:
        marginal = [0.0] * self.seats
        for (_, thief), p in self.pairs.items():
            marginal[thief] += p
        return marginal

    def werewolf_at(self, house: int) -> float:
        """P(the Werewolf character itself lies under `house`)."""
        seat = owner_of(house)
        chests = self.chests(seat, WEREWOLF)
        if not chests:
            return 0.0
        under = sum(1 for chest in chests if chest ^ 1 == house) / len(chests)
        return self.wolf[seat] * under

    def sample_pair(self, rng_random: float) -> Pair:
        """The pair at cumulative probability `rng_random` (in [0, 1))."""
        total = 0.0
        last = next(iter(self.pairs))
        for pair, p in self.pairs.items():
            total += p
            last = pair
            if rng_random < total:
                return pair
        return last


class _Record:
    """The public record in tables, for scoring each hypothesis fast."""

    def __init__(self, view: LupusView, me: int | None) -> None:
        n = view.seats
        self.slain = [0] * n
        self.slain_first = [0] * n
        self.lynched = [0] * n
        for fallen in view.fallen:
            owner = owner_of(fallen.house)
            (self.slain if fallen.how == "slain" else self.lynched)[owner] += 1
            if fallen.how == "slain" and fallen.day == 1:
                self.slain_first[owner] += 1
        self.bet: list[int | None] = [None] * n
        for bet in view.bets:
            if bet.bettor != me:
                self.bet[bet.bettor] = bet.target
        self.bets_on = [sum(1 for t in self.bet if t == s) for s in range(n)]
        self.votes = [[0] * n for _ in range(n)]  # voter, owner of the house
        for token in view.tokens:
            if token.seat != me:
                self.votes[token.seat][owner_of(token.house)] += 1
        self.cast = [sum(row) for row in self.votes]
        self.voted_on = [sum(self.votes[v][s] for v in range(n)) for s in range(n)]
        self.accusers_slain = [
            sum(self.slain[b] for b in range(n) if self.bet[b] == s) for s in range(n)
        ]

    def features(self, pair: Pair) -> tuple[float, ...]:
        wolf, thief = pair
        thief_bet = self.bet[thief]
        on_wolf = self.votes[thief][wolf]
        return (
            self.slain[wolf],
            self.slain_first[wolf],
            float(thief_bet == wolf),
            self.bets_on[wolf] - (thief_bet == wolf),
            float(self.bet[wolf] is not None),
            on_wolf,
            self.voted_on[wolf] - on_wolf - self.votes[wolf][wolf],
            self.votes[wolf][wolf],
            self.accusers_slain[wolf],
            self.slain[thief],
            float(thief_bet is not None and thief_bet != wolf),
            self.lynched[wolf],
            self.lynched[thief],
            self.cast[thief] - on_wolf,
        )


def _likelihood(record: _Record, pair: Pair, evidence: Evidence) -> float:
    """How likely the public record is if `pair` holds the roles (up to a constant)."""
    total = sum(w * f for w, f in zip(evidence.weights, record.features(pair), strict=True))
    return math.exp(total)
