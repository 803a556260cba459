"""Statistics of the deck under the timeout policy, and the game's speed figures.

    python -m games.luckybox.simulate                 # 10,000 games each for 1, 2, 4, 6 players
    python -m games.luckybox.simulate --games 500 --seats 6
    python -m games.luckybox.simulate --bench         # speed: legal crossings, render, reveal

Every player plays the documented timeout default (`policy`) at every step: exact
matches only, the box completing the most lines, every bonus taken. Printed per
player count: the score distribution over all players (mean, 10th and 90th
percentiles), the share of cards completed in each round (of all cards that came
into play), the longest bonus chain (boxes crossed by one player in one reveal) and
how often a number bonus was lost for lack of a box. These guide the bonus mix.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

from games.luckybox.engine import GAME
from games.luckybox.models import ROUNDS, Cross, LuckyOptions, LuckyState


@dataclass
class Tally:
    games: int = 0
    scores: list[int] = field(default_factory=list)
    completed: Counter[int] = field(default_factory=Counter)  # by round
    cards: int = 0  # cards that came into play
    chains: Counter[int] = field(default_factory=Counter)  # longest chain per game
    lost: int = 0
    numbers: int = 0
    seconds: float = 0.0

    def add(self, state: LuckyState) -> None:
        result = GAME.result(state)
        assert result is not None
        self.games += 1
        self.scores += result.scores
        for board in state.boards:
            self.cards += len(board.cards) + len(board.completed)
            self.completed.update(done.round for done in board.completed)
        self.chains[state.stats.longest_chain] += 1
        self.lost += state.stats.lost_numbers
        self.numbers += state.stats.number_bonuses


def policy_game(seats: int, seed: int, options: LuckyOptions | None = None) -> LuckyState:
    """A whole game in which every step times out (the defaults play everything)."""
    state = GAME.setup(seats, options or LuckyOptions(), seed)
    while GAME.result(state) is None:
        timeout = GAME.current(state).timeout
        assert timeout is not None
        timeout(state)  # in place: the copy `expire` makes is not needed here
    return state


def percentile(values: list[int], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(seats: int, tally: Tally) -> list[str]:
    scores = tally.scores
    rounds = " ".join(f"r{r} {tally.completed[r] / tally.cards:.1%}" for r in range(1, ROUNDS + 1))
    never = 1 - sum(tally.completed.values()) / tally.cards
    longest = max(tally.chains)
    lost = tally.lost / tally.numbers if tally.numbers else 0.0
    return [
        f"{seats} player(s), {tally.games} games, {tally.seconds:.1f} s:",
        f"  score mean {statistics.fmean(scores):.1f}, p10 {percentile(scores, 0.1):.0f}, "
        f"p90 {percentile(scores, 0.9):.0f}",
        f"  cards completed: {rounds}; never {never:.1%}",
        f"  longest bonus chain {longest} boxes (games by their longest: "
        + ", ".join(f"{k}: {v}" for k, v in sorted(tally.chains.items()))
        + ")",
        f"  number bonuses lost: {tally.lost} of {tally.numbers} ({lost:.1%})",
    ]


def statistics_run(games: int, seat_counts: list[int]) -> None:
    for seats in seat_counts:
        tally = Tally()
        start = time.perf_counter()
        for seed in range(games):
            tally.add(policy_game(seats, seed))
        tally.seconds = time.perf_counter() - start
        print("\n".join(report(seats, tally)), flush=True)


# -- speed -----------------------------------------------------------------------------------


def median_ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:.3f} ms"


def mid_game(seats: int, seed: int) -> LuckyState:
    """A 6-player game in round 2 or 3, at a reveal, with 4-5 cards each."""
    rng = random.Random(seed)
    state = GAME.setup(seats, LuckyOptions(), seed)
    target = rng.choice((2, 3))
    while not (state.stage == "reveal" and state.round == target and state.reveal == 4):
        timeout = GAME.current(state).timeout
        assert timeout is not None
        timeout(state)
    return state


def bench() -> None:
    from bot.i18n import t
    from games.luckybox.pictures import render_cards, render_table
    from games.pictures import to_png

    def say(key: str, **params: object) -> str:
        return t(key, "de", **params)

    states = [mid_game(6, seed) for seed in range(30)]
    samples = []
    for state in states * 20:
        start = time.perf_counter()
        legal = GAME.legal_actions(state, 0)
        samples.append(time.perf_counter() - start)
    crossings = sum(isinstance(a, Cross) for a in legal)
    print(f"legal crossings with lightning, one player: {median_ms(samples)} ({crossings} listed)")

    samples = []
    for state in states:
        me = GAME.view(state, 0).me
        assert me is not None
        start = time.perf_counter()
        image, _ = render_cards(me.board.cards, say, "Deine Karten")
        to_png(image)
        samples.append(time.perf_counter() - start)
    print(f"card picture (render + PNG), up to 6 cards: {median_ms(samples)}")

    samples = []
    for state in states:
        start = time.perf_counter()
        image, _ = render_table(GAME.view(state, None), say, [f"Spieler {i}" for i in range(6)])
        to_png(image)
        samples.append(time.perf_counter() - start)
    print(f"table picture (render + PNG), 6 players:    {median_ms(samples)}")

    per_reveal: list[float] = []
    for seed in range(20):
        state = GAME.setup(6, LuckyOptions(), seed)
        while GAME.result(state) is None:
            stage = state.stage
            start = time.perf_counter()
            state, _ = GAME.expire(state)  # with the copy the host makes
            if stage == "reveal":
                per_reveal.append(time.perf_counter() - start)
    print(f"a reveal timed out for 6 players (engine):  {median_ms(per_reveal)}")

    per_step: list[float] = []
    for state in states:
        for seat in range(6):
            legal = GAME.legal_actions(state, seat)
            if not legal:
                continue
            start = time.perf_counter()
            GAME.apply(state, seat, legal[0])
            per_step.append(time.perf_counter() - start)
    print(f"one player's step applied (6 players):      {median_ms(per_step)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seats", type=int, nargs="+", default=[1, 2, 4, 6])
    parser.add_argument("--bench", action="store_true", help="speed figures instead")
    args = parser.parse_args()
    if args.bench:
        bench()
    else:
        statistics_run(args.games, args.seats)


if __name__ == "__main__":
    main()
