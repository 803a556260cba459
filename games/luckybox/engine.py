"""Super Mega Lucky Box (1-6 players): cross boxes on your Lucky Box cards as numbers
are revealed; complete lines for bonuses and cards for points.

The flow as phases (`phase_key` in brackets):
- "keep" (keep): everyone keeps 3 of the 5 cards dealt to them, at once and in
  private; the others are discarded face up once everyone has chosen.
- "reveal" (r2v5): a number is revealed; everyone acts at once and in private:
  cross one box (lightning shifts the number) or pass, then resolve the bonus chain
  that crossing set off (see `board`). The reveal resolves, and every card becomes
  public, when everyone is done, or its time runs out (`policy` finishes the rest).
- "choose" (r2choose): before rounds 2-4, everyone takes 1 of 3 new cards.
- "over" (over): after the 4th round's 9th reveal.

Each round shuffles the 18 number cards (1-9 twice) and reveals 9 of them. A
player's private work in a reveal lives in `LuckyState.turns` and replaces their
public board only when the reveal resolves.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from games.engine import Event, Game, IllegalAction, Phase, Result, Seat, in_seconds
from games.luckybox import policy
from games.luckybox.board import (
    CARD_POINTS,
    cost,
    cross,
    done,
    find,
    is_crossed,
    reachable,
    settle,
    targets,
)
from games.luckybox.deck import DECK_SIZE, digits
from games.luckybox.models import (
    ACTION_MODEL,
    KEEP,
    OFFER_LATER,
    OFFER_START,
    REVEALS,
    ROUNDS,
    Board,
    Bonus,
    Cross,
    Decline,
    Held,
    Keep,
    LuckyAction,
    LuckyOptions,
    LuckyState,
    Order,
    Pass,
    Take,
    Turn,
)
from games.luckybox.scoring import breakdowns, star_points, winners
from games.luckybox.views import LuckyView, build_view

if TYPE_CHECKING:
    from games.computers import Computers

# -- the phases ------------------------------------------------------------------------------


def choosing(state: LuckyState) -> list[Seat]:
    return [s for s in range(state.seats) if state.picks[s] is None]


def acting(state: LuckyState) -> list[Seat]:
    return [s for s, turn in enumerate(state.turns) if turn is not None and not done(turn)]


def keep_moves(state: LuckyState, seat: Seat) -> list[Keep]:
    return [Keep(cards=trio) for trio in combinations(sorted(state.offers[seat]), KEEP)]


def take_moves(state: LuckyState, seat: Seat) -> list[Take]:
    return [Take(card=card) for card in state.offers[seat]]


def turn_moves(state: LuckyState, seat: Seat) -> list[LuckyAction]:
    turn = state.turns[seat]
    assert turn is not None
    if turn.ordering:
        return [Order(first=turn.pending[0]), Order(first=turn.pending[1])]
    if turn.pending:
        found: list[LuckyAction] = [
            Bonus(card=c, box=b) for c, b in targets(turn.board, turn.pending[0])
        ]
        return [*found, Decline()]
    return [*(Cross(card=c, box=b) for c, b, _ in reachable(turn.board, number(state))), Pass()]


def number(state: LuckyState) -> int:
    return state.numbers[state.reveal - 1]


def choice_ends(state: LuckyState, now: datetime) -> datetime | None:
    return in_seconds(now, 2 * state.reveal_limit)


def keep_timeout(state: LuckyState) -> list[Event]:
    events = []
    for seat in choosing(state):
        state.picks[seat] = list(policy.keep_default(state.offers[seat]).cards)
        events.append(Event(key="luckybox.timeout_keep", params={"seat": seat}))
    return events + _begin(state)


def take_timeout(state: LuckyState) -> list[Event]:
    events = []
    for seat in choosing(state):
        state.picks[seat] = [policy.take_default(state.offers[seat]).card]
        events.append(Event(key="luckybox.timeout_take", params={"seat": seat}))
    return events + _begin(state)


def reveal_timeout(state: LuckyState) -> list[Event]:
    events = []
    for seat in acting(state):
        turn = state.turns[seat]
        assert turn is not None
        while not done(turn):
            _step(state, turn, policy.turn_default(turn, number(state)))
        events.append(Event(key="luckybox.timeout_reveal", params={"seat": seat}))
    return events + _resolve(state)


class LuckyBox(Game[LuckyState, LuckyAction, LuckyOptions, LuckyView]):
    id = "luckybox"
    name = "Super Mega Lucky Box"
    aliases = ("supermegaluckybox", "lucky")
    min_players = 1
    max_players = 6
    options_model = LuckyOptions
    state_model = LuckyState
    action_model = ACTION_MODEL
    hidden = False
    phases: ClassVar[Mapping[str, Phase[LuckyState]]] = {
        "keep": Phase[LuckyState](
            actions=(Keep,),
            active=choosing,
            moves=keep_moves,
            ends=choice_ends,
            timeout=keep_timeout,
        ),
        "reveal": Phase[LuckyState](
            actions=(Cross, Bonus, Pass, Decline, Order),
            active=acting,
            moves=turn_moves,
            ends=lambda state, now: in_seconds(now, state.reveal_limit),
            timeout=reveal_timeout,
        ),
        "choose": Phase[LuckyState](
            actions=(Take,),
            active=choosing,
            moves=take_moves,
            ends=choice_ends,
            timeout=take_timeout,
        ),
        "over": Phase[LuckyState](),
    }

    def setup(self, seats: int, options: LuckyOptions, seed: int) -> LuckyState:
        if not 1 <= seats <= 6:
            raise ValueError(f"Super Mega Lucky Box needs 1 to 6 players, not {seats}")
        state = LuckyState(
            seats=seats,
            seed=seed,
            lightning_start=options.lightning,
            reveal_limit=options.reveal_limit,
            deck=list(range(DECK_SIZE)),
            offers=[],
            picks=[None] * seats,
            boards=[Board(lightning=options.lightning) for _ in range(seats)],
        )
        state.rng().shuffle(state.deck)
        state.offers = [_deal(state, OFFER_START) for _ in range(seats)]
        return state

    # -- the flow -------------------------------------------------------------------------

    def phase(self, state: LuckyState) -> str:
        return state.stage

    def phase_key(self, state: LuckyState) -> str:
        if state.stage in ("keep", "over"):
            return state.stage
        if state.stage == "choose":
            return f"r{state.round}choose"
        return f"r{state.round}v{state.reveal}"

    def play(self, state: LuckyState, seat: Seat, action: LuckyAction) -> list[Event]:
        if isinstance(action, Keep):
            state.picks[seat] = list(action.cards)
            return _begin(state)
        if isinstance(action, Take):
            state.picks[seat] = [action.card]
            return _begin(state)
        turn = state.turns[seat]
        assert turn is not None
        _step(state, turn, action)
        return _resolve(state) if not acting(state) else []

    def is_legal(self, state: LuckyState, seat: Seat, action: LuckyAction) -> bool:
        """`action in legal_actions(...)`, answered without listing every crossing."""
        if not 0 <= seat < state.seats or seat not in self.active(state):
            return False
        if state.stage != "reveal" or not isinstance(action, Cross | Bonus):
            return super().is_legal(state, seat, action)
        turn = state.turns[seat]
        assert turn is not None
        held = find(turn.board, action.card)
        if turn.ordering or held is None or not 0 <= action.box < 9:
            return False
        if is_crossed(held, action.box) or bool(turn.pending) != isinstance(action, Bonus):
            return False
        digit = digits(action.card)[action.box]
        if turn.pending:
            return turn.pending[0] == "?" or int(turn.pending[0]) == digit
        return cost(digit, number(state)) <= turn.board.lightning

    def explain(self, state: LuckyState, seat: Seat, action: LuckyAction) -> IllegalAction | None:
        if not 0 <= seat < state.seats:
            return None
        stage = state.stage
        if stage == "reveal" and isinstance(action, Keep | Take):
            return IllegalAction("luckybox.no_choice_now")
        if stage in ("keep", "choose"):
            if seat not in choosing(state):
                return IllegalAction("luckybox.already_chosen")
            if isinstance(action, Keep):
                return IllegalAction("luckybox.keep_three")
            if isinstance(action, Take):
                return IllegalAction("luckybox.take_offered")
            return IllegalAction("luckybox.choose_first")
        if stage != "reveal":
            return None
        turn = state.turns[seat]
        if turn is None or done(turn):
            return IllegalAction("luckybox.already_done")
        if turn.ordering:
            return IllegalAction("luckybox.order_first")
        if isinstance(action, Order):
            return IllegalAction("luckybox.no_order")
        if isinstance(action, Pass | Cross) and turn.pending:
            return IllegalAction("luckybox.bonus_pending")
        if isinstance(action, Decline | Bonus) and not turn.pending:
            return IllegalAction("luckybox.no_bonus")
        if not isinstance(action, Cross | Bonus):
            return None
        held = find(turn.board, action.card)
        if held is None or not 0 <= action.box < 9:
            return IllegalAction("luckybox.no_card")
        if is_crossed(held, action.box):
            return IllegalAction("luckybox.box_crossed")
        digit = digits(action.card)[action.box]
        if turn.pending:  # a number bonus: that digit exactly, lightning never applies
            return IllegalAction("luckybox.bonus_exact", digit=turn.pending[0], box=digit)
        price = cost(digit, number(state))
        return IllegalAction(
            "luckybox.too_far",
            digit=digit,
            number=number(state),
            cost=price,
            count=turn.board.lightning,
        )

    # -- what people see ------------------------------------------------------------------

    def view(self, state: LuckyState, seat: Seat | None) -> LuckyView:
        return build_view(state, seat, self.result(state))

    def computers(self) -> Computers:
        from games.luckybox.computer import COMPUTERS

        return COMPUTERS

    def result(self, state: LuckyState) -> Result | None:
        if state.winners is None:
            return None
        scores = tuple(b.total for b in breakdowns(state.boards))
        return Result(scores=scores, winners=tuple(state.winners))


# -- internals ------------------------------------------------------------------------------


def _deal(state: LuckyState, count: int) -> list[int]:
    dealt = state.deck[-count:]
    del state.deck[-count:]
    return dealt


def _begin(state: LuckyState) -> list[Event]:
    """Once everyone has chosen: the chosen cards come into play, the others are
    discarded face up, and the round's reveals begin."""
    if choosing(state):
        return []
    for seat, picks in enumerate(state.picks):
        assert picks is not None
        state.boards[seat].cards += [Held(card=card) for card in picks]
        state.discarded += [card for card in state.offers[seat] if card not in picks]
    state.offers = [[] for _ in range(state.seats)]
    event = Event(key="luckybox.round_begins", params={"round": state.round})
    state.numbers = [n for n in range(1, 10) for _ in (0, 1)]
    state.rng().shuffle(state.numbers)
    state.stage = "reveal"
    state.reveal = 0
    return [event, *_next_reveal(state)]


def _next_reveal(state: LuckyState) -> list[Event]:
    """Reveal the next number. A player with no box it can reach passes at once."""
    state.reveal += 1
    state.turns = []
    state.auto_passed = []
    for board in state.boards:
        turn = Turn(board=board.model_copy(deep=True))
        stuck = not reachable(board, number(state))
        turn.based = stuck
        state.turns.append(turn)
        state.auto_passed.append(stuck)
    if not acting(state):
        return _resolve(state)
    return []


def _step(state: LuckyState, turn: Turn, action: LuckyAction) -> None:
    """One legal step of a player's reveal."""
    if isinstance(action, Order):
        if turn.pending[0] != action.first:
            turn.pending[0], turn.pending[1] = turn.pending[1], turn.pending[0]
        turn.ordering = False
    elif isinstance(action, Decline):
        turn.pending.pop(0)
        turn.declined += 1
    elif isinstance(action, Pass):
        turn.based = True
    elif isinstance(action, Bonus):
        turn.pending.pop(0)
        cross(turn, action.card, action.box, state.round)
    elif isinstance(action, Cross):
        price = cost(digits(action.card)[action.box], number(state))
        turn.board.lightning -= price
        turn.spent = price
        turn.based = True
        cross(turn, action.card, action.box, state.round)
    settle(turn)


def _resolve(state: LuckyState) -> list[Event]:
    """Everyone is done: every board becomes public; then the next reveal, or the
    round's end."""
    events = [Event(key="luckybox.resolved", params={"round": state.round, "reveal": state.reveal})]
    for seat, turn in enumerate(state.turns):
        assert turn is not None and done(turn)
        state.boards[seat] = turn.board
        state.stats.longest_chain = max(state.stats.longest_chain, turn.crossings)
        state.stats.lost_numbers += turn.lost
        state.stats.number_bonuses += turn.numbers
        for record in turn.board.completed[len(turn.board.completed) - turn.completed :]:
            points = CARD_POINTS[state.round - 1]
            events.append(
                Event(
                    key="luckybox.completed",
                    params={"seat": seat, "card": record.card + 1, "points": points},
                )
            )
    state.turns = []
    state.auto_passed = []
    if state.reveal < REVEALS:
        return events + _next_reveal(state)
    return events + _end_round(state)


def _end_round(state: LuckyState) -> list[Event]:
    events = []
    r = state.round - 1
    for seat, board in enumerate(state.boards):
        board.star_points[r] = star_points(board.stars[r])
        if board.stars[r]:
            params = {"seat": seat, "count": board.stars[r], "points": board.star_points[r]}
            events.append(Event(key="luckybox.stars", params=params))
    events.append(Event(key="luckybox.round_over", params={"round": state.round}))
    if state.round == ROUNDS:
        state.stage = "over"
        scores = breakdowns(state.boards)
        state.winners, state.tiebreak = winners(scores)
        return [*events, Event(key="luckybox.over")]
    state.round += 1
    state.stage = "choose"
    state.reveal = 0
    state.picks = [None] * state.seats
    state.offers = [_deal(state, OFFER_LATER) for _ in range(state.seats)]
    return events


GAME = LuckyBox()
