"""What a seat cannot see in Miss Lupun, dealt at random: the computer players' sampler.

A seat's view shows the board, everyone's tiles and joker tiles, the win cards lying
face up, the scores and the last round's revealed tasks; it hides the other seats'
tasks (kept, or the 4 they choose from), the joker card ids, and the stack's order.
`sample` builds a whole state with this view: the hidden task cards are drawn from the
cards the seat has not seen this round (the last round's tasks lie on the discard pile,
as far as it holds them), the rest is stacked in a random order, and a new seed
decides what is shuffled later.
"""

from __future__ import annotations

import random

from games.engine import Seat
from games.lupun import longgame
from games.lupun.board import space_index
from games.lupun.cards import starting_stack
from games.lupun.models import JOKER, JOKER_CARDS, WIN_CARDS, LupunState, is_task_card
from games.lupun.rounds import KEEP
from games.lupun.views import LupunView

DRAW = 4  # task cards a seat chooses from


def _specials_held(view: LupunView, seat: Seat) -> tuple[int, bool]:
    """(joker cards, win card) `seat` holds this round: a joker card per joker tile in
    hand or on the board."""
    if view.stage not in ("keep", "place"):
        return 0, False  # spent at the round's end
    placed = sum(
        1 for v, o in zip(view.board, view.owners, strict=True) if v == JOKER and o == seat
    )
    return view.jokers[seat] + placed, view.win_card[seat]


def _deck(view: LupunView, held: int) -> list[str]:
    """The game's cards: the full or the short deck, told apart by their count."""
    count = view.stack_count + view.discard_count + held
    for deck in ("full", "short"):
        cards = starting_stack(deck, view.variant)
        if len(cards) == count:
            return cards
    raise ValueError(f"no Miss Lupun deck has {count} cards")


def _counts(view: LupunView) -> tuple[list[int], list[int], list[tuple[int, bool]]]:
    """By seat: task cards to choose from, tasks kept, (joker cards, win card)."""
    n = view.seats
    playing = view.stage in ("keep", "place")
    drawn = [DRAW if s in view.to_keep else 0 for s in range(n)]
    hands = [KEEP if playing and s not in view.to_keep else 0 for s in range(n)]
    return drawn, hands, [_specials_held(view, s) for s in range(n)]


def _cards(view: LupunView) -> list[str]:
    drawn, hands, specials = _counts(view)
    return _deck(view, sum(drawn) + sum(hands) + sum(j + w for j, w in specials))


def _revealed(view: LupunView) -> set[str]:
    """The last round's tasks (on the discard pile, unless it was reshuffled since)."""
    if view.last_round is None:
        return set()
    own = set(view.hand) | set(view.drawn)
    return {c for report in view.last_round.seats for c in report.tasks} - own


def unseen_tasks(view: LupunView) -> list[str]:
    """The task cards another seat may hold as far as the viewer knows (the last
    round's tasks left out: they lie on the discard pile)."""
    own = set(view.hand) | set(view.drawn)
    revealed = _revealed(view)
    tasks = [c for c in _cards(view) if is_task_card(c) and c not in own]
    fresh = [c for c in tasks if c not in revealed]
    return fresh if len(fresh) >= KEEP else tasks


def sample(view: LupunView, seat: Seat, rng: random.Random) -> LupunState:
    n = view.seats
    drawn_counts, hand_counts, specials = _counts(view)
    cards = _cards(view)

    own = set(view.hand) | set(view.drawn)
    revealed = _revealed(view)
    tasks = [c for c in cards if is_task_card(c) and c not in own]
    # Hidden tasks come from the unseen cards first (popped from the end), then from the
    # revealed ones (only when the stack was reshuffled since).
    fresh = [c for c in tasks if c not in revealed]
    seen = [c for c in tasks if c in revealed]
    rng.shuffle(fresh)
    rng.shuffle(seen)
    pool = seen + fresh
    jokers = [c for c in JOKER_CARDS if c in cards]
    wins = [c for c in WIN_CARDS if c in cards]
    rng.shuffle(jokers)
    rng.shuffle(wins)

    drawn: list[list[str]] = [[] for _ in range(n)]
    hands: list[list[str]] = [[] for _ in range(n)]
    special_cards: list[list[str]] = [[] for _ in range(n)]
    for s in range(n):
        if s == seat:
            drawn[s], hands[s] = list(view.drawn), list(view.hand)
        else:
            drawn[s] = [pool.pop() for _ in range(drawn_counts[s])]
            hands[s] = [pool.pop() for _ in range(hand_counts[s])]
        joker_count, win = specials[s]
        special_cards[s] = [jokers.pop() for _ in range(joker_count)]
        if win:
            special_cards[s].append(wins.pop())

    # The rest: the revealed tasks on the discard pile first, as far as it holds them.
    rest = [c for c in pool if c not in revealed] + jokers + wins
    rng.shuffle(rest)
    pile = [c for c in pool if c in revealed] + rest
    discard = pile[: view.discard_count]
    stack = pile[view.discard_count :]
    rng.shuffle(stack)

    turning = view.stage in ("turn", "handicap")
    draft = None
    if view.draft is not None:
        draft = (space_index(view.draft[0]), view.draft[1])
    state = LupunState(
        seats=n,
        seed=rng.getrandbits(62),
        variant="jokers" if view.variant == "jokers" else "basic",
        goal="tiles" if view.goal == "tiles" else "rounds",
        rounds=view.rounds,
        turn_seconds=0,
        stage=view.stage,
        round=view.round,
        first=view.first,
        to_act=view.to_act if view.to_act is not None else view.first,
        turn=view.placements,
        stack=stack,
        discard=discard,
        drawn=drawn if view.stage != "handicap" else [],
        hands=hands if view.stage != "handicap" else [],
        specials=special_cards if view.stage != "handicap" else [],
        win_card=list(view.win_card),
        jokers=list(view.jokers),
        tiles=[list(t) for t in view.tiles],
        board=list(view.board),
        owners=list(view.owners),
        turned=[list(t) for t in view.turned],
        to_turn=list(view.to_turn),
        pending=[[] for _ in range(n)],
        draft=draft,
        totals=list(view.totals),
        history=[list(h) for h in view.history],
        last_round=view.last_round.model_copy(deep=True) if view.last_round else None,
        winners=view.winners,
        reason=view.reason,
    )
    if turning:  # the others mean to turn what they are offered, as far as one knows
        for s in view.to_turn:
            state.pending[s] = (
                list(view.pending) if s == seat else list(longgame.seat_suggestion(state, s))
            )
    return state
