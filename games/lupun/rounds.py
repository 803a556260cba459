"""A round of Miss Lupun: drawing tasks, keeping 3 of 4, the order of placements, and
the round's end (scoring, win cards, and what follows: tile turning or the next round).

Drawing (RULES.md): each seat draws, in turn order from the round's first player,
until it holds 4 cards that are not jokers. A joker card gives a joker tile (the card
lies before the player until the round ends). A win card lies face up and counts as
one of the 4, so its holder keeps the 3 tasks with no choice; a second win card goes
under the stack and is replaced. When the stack runs out, the discard pile is
shuffled into a new stack.
"""

from __future__ import annotations

from games.engine import Event
from games.lupun import cards, longgame
from games.lupun.board import SIZE, space_name
from games.lupun.models import (
    JOKER,
    TILES,
    LupunState,
    Reason,
    RoundReport,
    SeatReport,
    is_joker_card,
    is_win_card,
)
from games.lupun.scoring import best_score
from games.lupun.tasks import Task

HAND = 4  # task cards drawn (a win card counts as one of them)
KEEP = 3


def rounds_for(seats: int, chosen: int) -> int:
    """The rounds goal's number of rounds: the option, or one per other player."""
    return chosen if chosen > 0 else max(1, seats - 1)


# -- the start of a round -------------------------------------------------------------------


def begin_round(state: LupunState) -> list[Event]:
    """Clear the board, give every seat its tiles back and draw the tasks."""
    n = state.seats
    state.stage = "keep"
    state.turn = 0
    state.to_act = state.first
    state.board = [None] * SIZE
    state.owners = [None] * SIZE
    state.tiles = [list(TILES) for _ in range(n)]
    state.jokers = [0] * n
    state.win_card = [False] * n
    state.specials = [[] for _ in range(n)]
    state.hands = [[] for _ in range(n)]
    state.drawn = [[] for _ in range(n)]
    state.to_turn = []
    events = [Event(key="lupun.round_begins", params={"round": state.round, "seat": state.first})]
    for seat in order_from(state, state.first):
        events += draw_for(state, seat)
    if not any(state.drawn):
        events += begin_placing(state)
    return events


def order_from(state: LupunState, first: int) -> list[int]:
    return [(first + k) % state.seats for k in range(state.seats)]


def _pop(state: LupunState) -> tuple[str, list[Event]]:
    events: list[Event] = []
    if not state.stack:
        state.stack = state.discard
        state.discard = []
        state.rng().shuffle(state.stack)
        events.append(Event(key="lupun.reshuffled", params={"count": len(state.stack)}))
    if not state.stack:
        raise RuntimeError("no card left to draw")  # cannot happen: 36 tasks at least
    return state.stack.pop(), events


def draw_for(state: LupunState, seat: int) -> list[Event]:
    """Draw `seat`'s hand (see the module's note)."""
    events: list[Event] = []
    tasks: list[str] = []
    while len(tasks) + state.win_card[seat] < HAND:
        card, reshuffled = _pop(state)
        events += reshuffled
        if is_joker_card(card):
            state.specials[seat].append(card)
            state.jokers[seat] += 1
            events.append(Event(key="lupun.drew_joker", params={"seat": seat}))
        elif is_win_card(card):
            if state.win_card[seat]:
                state.stack.insert(0, card)
                events.append(Event(key="lupun.second_win_card", params={"seat": seat}))
            else:
                state.specials[seat].append(card)
                state.win_card[seat] = True
                events.append(Event(key="lupun.drew_win_card", params={"seat": seat}))
        else:
            tasks.append(card)
    if state.win_card[seat]:
        state.hands[seat] = tasks  # the three tasks drawn, with no choice
    else:
        state.drawn[seat] = tasks
    return events


def keep(state: LupunState, seat: int, drop: str, *, timed_out: bool = False) -> list[Event]:
    """`seat` keeps its other 3 tasks; `drop` goes under the stack."""
    state.hands[seat] = [c for c in state.drawn[seat] if c != drop]
    state.drawn[seat] = []
    state.stack.insert(0, drop)
    key = "lupun.timeout_kept" if timed_out else "lupun.kept"
    events = [Event(key=key, params={"seat": seat})]
    if not any(state.drawn):
        events += begin_placing(state)
    return events


def default_drop(hand: list[str]) -> str:
    """The keep step's default: give back the task with the most points (the first
    of them in the order drawn)."""
    return max(hand, key=cards.points)


def keep_timeout(state: LupunState) -> list[Event]:
    events: list[Event] = []
    for seat in range(state.seats):
        if state.drawn[seat]:
            events += keep(state, seat, default_drop(state.drawn[seat]), timed_out=True)
    return events


# -- placing -------------------------------------------------------------------------------


def begin_placing(state: LupunState) -> list[Event]:
    state.stage = "place"
    state.draft = None
    state.to_act = state.first
    if not can_place(state, state.to_act):
        return advance(state)
    return [Event(key="lupun.placing_begins", params={"seat": state.first})]


def can_place(state: LupunState, seat: int) -> bool:
    return bool(state.tiles[seat]) or state.jokers[seat] > 0


def placing_over(state: LupunState) -> bool:
    """Every space is taken, or (2 players) every number tile is placed."""
    if all(value is not None for value in state.board):
        return True
    return not any(state.tiles)


def choose(state: LupunState, space: int, tile: int) -> list[Event]:
    """The placer's choice of space and tile, until it is confirmed or changed."""
    state.draft = (space, tile)
    return []


def confirm(state: LupunState, seat: int, *, timed_out: bool = False) -> list[Event]:
    assert state.draft is not None
    space, tile = state.draft
    return place(state, seat, space, tile, timed_out=timed_out)


def place(
    state: LupunState, seat: int, space: int, tile: int, *, timed_out: bool = False
) -> list[Event]:
    state.draft = None
    state.board[space] = tile
    state.owners[space] = seat
    if tile == JOKER:
        state.jokers[seat] -= 1
        key = "lupun.timeout_placed_joker" if timed_out else "lupun.placed_joker"
    else:
        state.tiles[seat].remove(tile)
        key = "lupun.timeout_placed" if timed_out else "lupun.placed"
    state.turn += 1
    params = {"seat": seat, "space": space_name(space), "tile": tile}
    return [Event(key=key, params=params), *advance(state)]


def advance(state: LupunState) -> list[Event]:
    """The next seat in turn order that can place, or the round's end."""
    if placing_over(state):
        return score_round(state)
    for step in range(1, state.seats + 1):
        seat = (state.to_act + step) % state.seats
        if can_place(state, seat):
            state.to_act = seat
            return []
    return score_round(state)


# -- the end of a round ----------------------------------------------------------------------


def board_for_scoring(state: LupunState) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """The board's numbers (a joker's space holds a placeholder 0) and the joker spaces."""
    jokers = tuple(s for s, v in enumerate(state.board) if v == JOKER)
    board = tuple(0 if v == JOKER else v for v in state.board)
    return board, jokers


def score_round(state: LupunState) -> list[Event]:
    """Reveal every task, score each seat (each choosing its joker values), check the
    win cards, then turn tiles (the long game), deal the next round or end the game."""
    board, jokers = board_for_scoring(state)
    reports = []
    for seat in range(state.seats):
        hand = [cards.task(c) for c in state.hands[seat]]
        points, values, solved = best_score(board, hand, jokers)
        reports.append(
            SeatReport(
                tasks=list(state.hands[seat]),
                solved=[c for c in state.hands[seat] if c in set(solved)],
                points=points,
                jokers=_values_that_matter(board, hand, values, points),
                win_card=state.win_card[seat],
            )
        )
    round_points = [r.points for r in reports]
    state.history.append(round_points)
    state.totals = [t + p for t, p in zip(state.totals, round_points, strict=True)]
    won = [s for s, r in enumerate(reports) if r.win_card and len(r.solved) == len(r.tasks) == KEEP]
    state.last_round = RoundReport(
        round=state.round,
        board=list(state.board),
        owners=list(state.owners),
        seats=reports,
        win_card_winners=won,
    )
    # Spent cards: the tasks, and the joker and win cards, go to the discard pile.
    for seat in range(state.seats):
        state.discard += state.hands[seat] + state.specials[seat]
        state.hands[seat] = []
        state.specials[seat] = []
    state.jokers = [0] * state.seats  # unused joker tiles are lost
    events = [Event(key="lupun.round_scored", params={"round": state.round})]
    events += [
        Event(key="lupun.seat_scored", params={"seat": s, "count": p})
        for s, p in enumerate(round_points)
    ]
    if won:
        best = max(round_points[s] for s in won)
        return events + end_game(state, [s for s in won if round_points[s] == best], "win_card")
    if state.goal == "tiles":
        return events + longgame.begin_turning(state)
    if state.round >= state.rounds:
        return events + end_game(state, ranked_best(state, list(range(state.seats))), "points")
    return events + next_round(state)


def _values_that_matter(
    board: tuple[int | None, ...], hand: list[Task], values: dict[int, int], points: int
) -> dict[str, int]:
    """The joker values a seat chose that its points depend on: a joker whose value
    could be anything (no task, or another line solves the task) is not named."""
    filled = list(board)
    for space, value in values.items():
        filled[space] = value
    matter = {}
    for space, value in sorted(values.items()):
        for other in range(10):
            filled[space] = other
            if sum(t.points for t in hand if t.holds(tuple(filled))) < points:
                matter[space_name(space)] = value
                break
        filled[space] = value
    return matter


def ranked_best(state: LupunState, seats: list[int]) -> list[int]:
    """The best of `seats` by total, then by the last round's points (a tie: all)."""
    last = state.history[-1] if state.history else [0] * state.seats

    def key(seat: int) -> tuple[int, int]:
        return state.totals[seat], last[seat]

    best = max(key(s) for s in seats)
    return [s for s in seats if key(s) == best]


def end_game(state: LupunState, winners: list[int], reason: Reason) -> list[Event]:
    state.stage = "over"
    state.winners = winners
    state.reason = reason
    return [
        Event(key=f"lupun.won_{reason}", params={"seat": s, "count": state.totals[s]})
        for s in winners
    ]


def next_round(state: LupunState) -> list[Event]:
    """The first player rotates left; a new round is drawn."""
    state.round += 1
    state.first = (state.first + 1) % state.seats
    return begin_round(state)
