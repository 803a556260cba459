"""Ratings per server and game: Weng-Lin's Bayesian rating (openskill's Plackett-Luce
model), from places in a game, with teams.

A rating is a belief about a player's skill: `mu` (the estimate) and `sigma` (how
unsure it still is). Leaderboards order by `conservative` (mu - 3 sigma): a newcomer
with one lucky win does not top those who have shown their skill over many games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from openskill.models import PlackettLuce

from games.engine import Match, Seat

if TYPE_CHECKING:  # (the store imports this module)
    from bot.core.store.rows import PlayerRow

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3
START_MU, START_SIGMA = MODEL.mu, MODEL.sigma


@dataclass(frozen=True)
class Rating:
    mu: float = START_MU
    sigma: float = START_SIGMA

    @property
    def conservative(self) -> float:
        """What the player is very likely at least as good as: the leaderboard's order."""
        return self.mu - 3 * self.sigma


def is_person(player: PlayerRow) -> bool:
    """Whether a seat is played by a person, who is counted in statistics and rated.
    Computer seats are left out: a fixed policy needs no rating, and counting games
    against it would let a member farm a rating alone."""
    return not player.is_computer


def rate(matches: Sequence[Match], before: Mapping[Seat, Rating]) -> dict[Seat, Rating]:
    """The ratings of the seats in `before` after the game's `matches`, applied in order
    (a Lupusburg series rates each of its games). Seats not in `before` (not people,
    or left out of the statistics) take no part; a match with fewer than two teams
    that have a rated seat changes nothing."""
    current = dict(before)
    for match in matches:
        teams: list[list[Seat]] = []
        places: list[int] = []
        for team, place in zip(match.teams, match.places, strict=True):
            rated = [seat for seat in team if seat in current]
            if rated:
                teams.append(rated)
                places.append(place)
        if len(teams) < 2:
            continue
        new = MODEL.rate(
            [[MODEL.rating(mu=current[s].mu, sigma=current[s].sigma) for s in t] for t in teams],
            ranks=[float(p) for p in places],
        )
        for team_seats, team_ratings in zip(teams, new, strict=True):
            for seat, rating in zip(team_seats, team_ratings, strict=True):
                current[seat] = Rating(rating.mu, rating.sigma)
    return current
