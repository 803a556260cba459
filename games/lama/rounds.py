"""Dealing a round, and scoring it: Lamas, the game's end, the next dealer."""

from __future__ import annotations

from games.engine import Event
from games.lama.cards import DECK_SIZE, kind, points
from games.lama.models import LamaState, RoundReport, SeatResult
from games.lama.scoring import score_layout

POINTS_ROUNDS = 4  # the points variant: fewest total points after four rounds


def target_lamas(seats: int) -> int:
    return 2 if seats >= 5 else 3


def deal(state: LamaState) -> None:
    """Shuffle all 156 cards, deal 9 face down to each seat and turn one face up."""
    deck = list(range(DECK_SIZE))
    state.rng().shuffle(deck)
    n = state.seats
    state.layouts = [deck[9 * s : 9 * s + 9] for s in range(n)]
    state.face_up = [[False] * 9 for _ in range(n)]
    state.peeked = [[] for _ in range(n)]
    state.received = [[] for _ in range(n)]
    state.discard = [deck[9 * n]]
    # The draw pile's top is the end of the list.
    state.draw_pile = deck[9 * n + 1 :]
    state.phase = "peek"
    state.to_act = state.starter
    state.step = "choose"
    state.held = None
    state.turn = 0
    state.substep = 0
    state.ender = None


def score_round(state: LamaState) -> list[Event]:
    """Reveal and score every layout, award Lamas, then end the game or deal anew."""
    results = []
    for seat in range(state.seats):
        cards = [kind(c) for c in state.layouts[seat]]
        received = [kind(c) for c in state.received[seat]]
        layout = score_layout(cards)
        received_points = sum(points(k) for k in received)
        results.append(
            SeatResult(
                cards=cards,
                received=received,
                layout=layout,
                received_points=received_points,
                total=layout.points + received_points,
            )
        )
    scores = [r.total for r in results]
    low = min(scores)
    winners = [s for s, score in enumerate(scores) if score == low]
    assert state.ender is not None
    state.last_round = RoundReport(
        round=state.round, seats=results, winners=winners, ender=state.ender
    )
    state.history.append(scores)
    state.totals = [t + s for t, s in zip(state.totals, scores, strict=True)]
    events = [Event(key="lama.round_scored", params={"round": state.round, "low": low})]
    events += [Event(key="lama.round_won", params={"seat": s, "score": low}) for s in winners]

    if state.variant == "lamas":
        events += _award_lamas(state, winners)
    elif state.round >= POINTS_ROUNDS:
        best = min(state.totals)
        state.winners = [s for s, t in enumerate(state.totals) if t == best]
        events += [
            Event(key="lama.won_points", params={"seat": s, "total": best}) for s in state.winners
        ]

    if state.winners is not None:
        state.phase = "over"
        state.held = None
        return events
    _next_round(state)
    events.append(
        Event(
            key="lama.new_round",
            params={"round": state.round, "dealer_seat": state.dealer, "seat": state.starter},
        )
    )
    return events


def _award_lamas(state: LamaState, winners: list[int]) -> list[Event]:
    for seat in winners:
        state.lamas[seat] += 1
    reached = [s for s, n in enumerate(state.lamas) if n >= state.target]
    if len(reached) > 1:
        # RULES.md: a tie in the decider round raises the target by one.
        state.target += 1
        return [Event(key="lama.target_raised", params={"count": state.target})]
    if len(reached) == 1:
        state.winners = reached
        return [Event(key="lama.won_lamas", params={"seat": reached[0], "count": state.target})]
    return []


def _next_round(state: LamaState) -> None:
    # The player who began the round deals the next one; their left neighbour begins.
    state.round += 1
    state.dealer = state.starter
    state.starter = (state.dealer + 1) % state.seats
    deal(state)
