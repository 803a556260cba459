"""Lupusburg's strong computer player: it reasons over who could hold the Werewolf.

Its belief (`belief.Belief`) weighs every (Werewolf, Thief) pair and chest placement
consistent with what the seat knows by how well the pair explains the public record
(slain and lynched characters, bets, today's tokens), with weights fitted on games
between computers. A villager looks, calls, bets and votes on what that belief says. The
Werewolf keeps the table's belief off itself: it reads the record as the table would
(half carefully, half roughly as a casual player counts) and slays, bets and votes where
that belief moves away from it; on the first night it now and then slays one of its own
characters, a bluff the rulebook names.

The belief is an exact enumeration (at most 56 pairs), not a sample, so a move takes
milliseconds: the time budget and `Decision.samples` are never reached.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from games.computers import Decision
from games.lupusburg.actions import Call, Claw, Done, Draw, Pass, Vote
from games.lupusburg.belief import Belief, Evidence
from games.lupusburg.casual import default, rough_reading, threat
from games.lupusburg.model import COINS, COINS_PER_DRAW, TOWNSFOLK, WEREWOLF, Fallen
from games.lupusburg.reading import (
    best,
    distance,
    first,
    living,
    me,
    my_house_of,
    role,
    tokens_on,
)
from games.lupusburg.rules import houses_of, owner_of
from games.lupusburg.views import LupusView

FITTED = Evidence.named(
    slain=-2.587,
    slain_first=2.471,
    thief_bet=1.297,
    bets=-0.175,
    wolf_bet=0.154,
    thief_tokens=0.286,
    tokens=0.023,
    own_tokens=0.0,
    accuser_slain=0.286,
    thief_slain=0.412,
    thief_bet_elsewhere=0.602,
    lynched=0.346,
    thief_lynched=0.111,
    thief_tokens_elsewhere=-0.224,
)
"""Per `belief.FEATURES`: fitted (maximum likelihood of the true pair) on the villagers'
decisions in 1,400 games of 4-8 computers, strong and casual."""


@dataclass(frozen=True)
class Tuning:
    """The strong player's settings, tuned in tournaments against the casual one."""

    evidence: Evidence = FITTED
    bet_worth: tuple[float, ...] = (4.5, 3.0, 0.0)  # P(suspect) x expected coin, by day
    both_houses: float = 0.75  # sure enough to make both of a player's houses the suspects
    self_slay: float = 0.25  # the Werewolf: how often it slays its own on the first night
    threat_weight: float = 0.3  # the Werewolf: an accuser's removal against its cover
    rough_table: float = 0.5  # the table's belief: this share read as a casual player
    wolf_bet_confidence: tuple[float, ...] = (0.55, 0.4, 0.0)  # the table's, by day


TUNING = Tuning()


def strong(decision: Decision) -> Any:
    return Strong(decision, TUNING).choose()


class Strong:
    """One decision of the strong player (its belief computed once, when first asked)."""

    def __init__(self, decision: Decision, tuning: Tuning) -> None:
        self.decision = decision
        self.view: LupusView = decision.view
        self.legal = list(decision.legal)
        self.tuning = tuning
        self.seat = me(self.view)
        self.wolf = role(self.view) == WEREWOLF
        self._belief: Belief | None = None

    @property
    def belief(self) -> Belief:
        if self._belief is None:
            self._belief = Belief(self.view, self.seat, self.tuning.evidence)
        return self._belief

    def choose(self) -> Any:
        plays = _WOLF if self.wolf else _VILLAGER
        play = plays.get(self.view.phase)
        choice = play(self) if play is not None else None
        return choice if choice in self.legal else default(self.decision)

    # -- what the seat believes ----------------------------------------------------------

    def suspect(self) -> int:
        others = [s for s in range(self.view.seats) if s != self.seat]
        return best(others, lambda s: self.belief.wolf[s])

    def table(self, view: LupusView | None = None) -> list[float]:
        """The table's belief: what the public record alone says of each player, part
        as a careful reader weighs it, part as a casual one counts bets and tokens."""
        view = view or self.view
        careful = Belief(view, None, self.tuning.evidence).wolf
        rough = rough_reading(view, None)
        total = sum(rough) or 1.0
        mix = self.tuning.rough_table
        return [(1 - mix) * c + mix * r / total for c, r in zip(careful, rough, strict=True)]

    # -- both sides ------------------------------------------------------------------------

    def place(self) -> Any:
        """The chest in the second house: the first is lynched on a tied vote."""
        return first(self.legal, lambda a: a.chest == houses_of(self.seat)[1])

    def show(self) -> Any:
        house = my_house_of(self.view, TOWNSFOLK)
        return first(self.legal, lambda a: a.house == house) if house is not None else None

    def done(self) -> Any:
        return Done()

    # -- the village ----------------------------------------------------------------------

    def peek(self) -> Any:
        """Where the Werewolf most likely lies."""
        return best(
            self.legal,
            lambda a: (self.belief.werewolf_at(a.house), self.belief.wolf[owner_of(a.house)]),
        )

    def call(self) -> Any:
        """Call on whoever may have to show the Werewolf (its last character), else on the
        main suspect: a Townsfolk pair shows nothing that helps the Werewolf."""
        if my_house_of(self.view, TOWNSFOLK) is None:
            return Call(target=None)  # it would show its Thief to a possible Werewolf
        candidates = [a for a in self.legal if a.target is not None]
        if not candidates:
            return Call(target=None)

        def reveal(target: int) -> float:
            houses = living(self.view, target)
            return self.belief.werewolf_at(houses[0]) if len(houses) == 1 else 0.0

        return best(candidates, lambda a: (reveal(a.target), self.belief.wolf[a.target]))

    def betting(self) -> Any:
        """Bet when the bet is worth enough: how likely its suspect is the Werewolf
        times the best coin it may expect to draw, against a bar that falls by the day."""
        worth = self.belief.wolf[self.suspect()] * self.expected_coin()
        bar = _by_day(self.tuning.bet_worth, self.view.day, math.inf)
        # Among more players a suspect is less sure for longer, and the coins go sooner.
        bar *= 4 / (self.view.seats - 1)
        return Draw() if worth >= bar else Pass()

    def expected_coin(self) -> float:
        """The mean best coin of a draw: a random few of the coins it has not seen (the
        bag is a random part of them, so its draw is a random few of them too)."""
        unseen = list(COINS)
        for bet in self.view.bets:
            if bet.coin is not None:
                unseen.remove(bet.coin)
        count = min(COINS_PER_DRAW, self.view.coins_in_bag)
        if not count:
            return 0.0
        draws = list(combinations(sorted(unseen), count))
        return sum(max(draw) for draw in draws) / len(draws)

    def bet(self) -> Any:
        coin = max(self.view.drawn)
        target = self.suspect()
        return first(self.legal, lambda a: a.coin == coin and a.target == target)

    def vote(self) -> Any:
        """Tokens where the crowd makes the main suspect a suspect; when sure, on both of
        its houses so the second vote cannot miss it."""
        target = self.suspect()
        houses = living(self.view, target)
        if not houses:
            return None
        counts = tokens_on(self.view)
        if self.belief.wolf[target] >= self.tuning.both_houses and len(houses) == 2:
            house = best(houses, lambda h: (-counts[h], -distance(self.view, h)))
        else:
            house = best(houses, lambda h: (counts[h], -distance(self.view, h)))
        return Vote(house=house)

    def ballot(self) -> Any:
        """Every token on the suspect more likely the Werewolf's (never on its own)."""
        choices = [h for h in self.view.suspects if owner_of(h) != self.seat]
        if not choices:
            return None
        target = best(choices, lambda h: self.belief.wolf[owner_of(h)])
        return first(self.legal, lambda a: set(a.houses) == {target})

    # -- the Werewolf ---------------------------------------------------------------------

    def claw(self) -> Any:
        """The character whose slaying leaves the table least sure of the Werewolf,
        weighed against how much its owner accuses the Werewolf."""
        options = [a for a in self.legal if owner_of(a.house) != self.seat]
        if not options:
            return None
        own = my_house_of(self.view, TOWNSFOLK)
        bluff = self.view.day == 1 and own is not None
        if bluff and self.decision.rng.random() < self.tuning.self_slay:
            return Claw(house=own)  # the table trusts a slain character's owner

        def value(action: Claw) -> float:
            owner = owner_of(action.house)
            slain = Fallen(house=action.house, how="slain", day=self.view.day)
            after = self.view.model_copy(update={"fallen": [*self.view.fallen, slain]})
            cover = -self.table(after)[self.seat]
            accuses = threat(self.view, owner) + self.belief.thief[owner]
            return cover + self.tuning.threat_weight * accuses

        return best(options, value)

    def wolf_call(self) -> Any:
        """Call on the likely Thief (it may show itself), showing a Townsfolk back."""
        if my_house_of(self.view, TOWNSFOLK) is None:
            return Call(target=None)
        candidates = [a for a in self.legal if a.target is not None]
        if not candidates:
            return Call(target=None)
        return best(candidates, lambda a: self.belief.thief[a.target])

    def scapegoat(self) -> int:
        """The player the table suspects most, besides the Werewolf."""
        table = self.table()
        others = [s for s in range(self.view.seats) if s != self.seat and living(self.view, s)]
        others = others or [s for s in range(self.view.seats) if s != self.seat]
        return best(others, lambda s: table[s])

    def wolf_betting(self) -> Any:
        """Bet as a villager would: when the table's main suspect looks likely enough."""
        table = self.table()
        others = sum(p for s, p in enumerate(table) if s != self.seat)
        sure = table[self.scapegoat()] / others if others else 0.0
        need = _by_day(self.tuning.wolf_bet_confidence, self.view.day, 1.0)
        return Draw() if sure >= need else Pass()

    def wolf_bet(self) -> Any:
        coin = max(self.view.drawn)  # the best coin leaves the villagers' bag
        target = self.scapegoat()
        return first(self.legal, lambda a: a.coin == coin and a.target == target)

    def wolf_vote(self) -> Any:
        """A token where it most helps lynch a villager: the most voted house of another,
        the scapegoat's first."""
        counts = tokens_on(self.view)
        table = self.table()
        options = [a for a in self.legal if owner_of(a.house) != self.seat]
        return best(
            options,
            lambda a: (counts[a.house], table[owner_of(a.house)], -distance(self.view, a.house)),
        )

    def wolf_ballot(self) -> Any:
        """Every token on the suspect that is not its own; of two others, the accuser."""
        choices = [h for h in self.view.suspects if owner_of(h) != self.seat]
        if not choices:
            return None
        counts = tokens_on(self.view)
        target = best(choices, lambda h: (threat(self.view, owner_of(h)), counts[h]))
        return first(self.legal, lambda a: set(a.houses) == {target})


Play = Callable[[Strong], Any]

_VILLAGER: dict[str, Play] = {
    "assign": Strong.place,
    "thief": Strong.peek,
    "privilege": Strong.call,
    "show": Strong.show,
    "show_back": Strong.show,
    "betting": Strong.betting,
    "bet": Strong.bet,
    "discussion": Strong.done,
    "defence": Strong.done,
    "first_vote": Strong.vote,
    "second_vote": Strong.ballot,
}
_WOLF: dict[str, Play] = {
    **_VILLAGER,
    "werewolf": Strong.claw,
    "privilege": Strong.wolf_call,
    "betting": Strong.wolf_betting,
    "bet": Strong.wolf_bet,
    "first_vote": Strong.wolf_vote,
    "second_vote": Strong.wolf_ballot,
}


def _by_day(values: tuple[float, ...], day: int, before: float) -> float:
    """A setting's value today (the last one for every later day; `before`: day 0)."""
    return values[min(day, len(values)) - 1] if day else before


__all__ = ["TUNING", "Strong", "Tuning", "strong"]
