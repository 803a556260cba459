"""Super Mega Lucky Box's computer players: the sampler deals only what a seat cannot
see, every level chooses a legal move from its own view alone, and they finish games."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.computers import Decision, sees_only_its_view
from games.luckybox import GAME
from games.luckybox.board import cross
from games.luckybox.computer import COMPUTERS
from games.luckybox.dealing import sample
from games.luckybox.deck import digits
from games.luckybox.models import Board, Cross, Held, Keep, LuckyOptions, LuckyState, Pass, Turn
from games.luckybox.sheet import Sheet

LEVELS = ("default", "casual", "strong")


def positions(seats: int, seed: int, every: int = 1) -> Iterator[tuple[LuckyState, int]]:
    """(state, a seat that may act) along a game of casual players. In a reveal, the
    seats act in turn, so some have finished it and some have not."""
    state = GAME.setup(seats, LuckyOptions(), seed)
    rng = random.Random(seed)
    step = 0
    while GAME.result(state) is None:
        seat = min(GAME.active(state))
        if step % every == 0:
            yield state, max(GAME.active(state))
        decision = Decision.of(GAME, state, seat, str(rng.random()))
        state, _ = GAME.apply(state, seat, COMPUTERS.casual(decision))
        step += 1


def test_the_sampler_deals_a_state_with_the_seats_view_and_moves() -> None:
    rng = random.Random(5)
    phases = set()
    pending = 0
    for state, _ in positions(3, 4, every=2):
        for seat in range(state.seats):
            view = GAME.view(state, seat)
            dealt = [sample(view, seat, rng) for _ in range(3)]
            for other in dealt:
                assert GAME.view(other, seat) == view
                assert GAME.legal_actions(other, seat) == GAME.legal_actions(state, seat)
            # What the seat cannot see is dealt anew: the deck, and the numbers to come.
            assert len({tuple(o.deck) for o in dealt}) > 1
            if state.stage == "reveal" and state.reveal < 9:
                assert len({tuple(o.numbers) for o in dealt}) > 1
            turn = state.turns[seat] if state.turns else None
            pending += bool(turn and turn.pending)
        phases.add(state.stage)
    assert phases == {"keep", "reveal", "choose"}
    assert pending  # positions with a bonus to resolve were among them


def test_every_level_chooses_a_legal_move() -> None:
    for state, seat in positions(2, 9, every=3):
        legal = GAME.legal_actions(state, seat)
        for level in LEVELS:
            decision = Decision.of(GAME, state, seat, "legal", samples=2)
            assert COMPUTERS.policy(level)(decision) in legal, (level, state.stage)


def test_casual_and_strong_choose_from_their_view_only() -> None:
    checked = 0
    for state, seat in positions(3, 6, every=13):
        for level in ("casual", "strong"):
            assert sees_only_its_view(GAME, COMPUTERS.policy(level), state, seat, "secret")
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def test_a_game_of_computers_ends() -> None:
    levels = ("strong", "casual", "default")
    state = GAME.setup(3, LuckyOptions(), 17)
    rng = random.Random(17)
    while GAME.result(state) is None:
        seat = min(GAME.active(state))
        decision = Decision.of(GAME, state, seat, str(rng.random()), samples=1)
        state, _ = GAME.apply(state, seat, COMPUTERS.policy(levels[seat])(decision))
    result = GAME.result(state)
    assert result is not None and len(result.scores) == 3


def test_casual_and_strong_cross_the_box_that_completes_a_card() -> None:
    # Every box of the first kept card but one crossed: its last digit completes it.
    state = GAME.setup(1, LuckyOptions(), 3)
    offer = state.offers[0]
    a, b, c = sorted(offer[:3])
    state, _ = GAME.apply(state, 0, Keep(cards=(a, b, c)))
    board = state.turns[0].board if state.turns[0] else None
    assert board is not None
    card = board.cards[0].card
    last = 4
    board.cards[0].crossed = 0b111111111 & ~(1 << last)
    state.numbers[state.reveal - 1] = digits(card)[last]
    legal = GAME.legal_actions(state, 0)
    assert Cross(card=card, box=last) in legal
    for level in ("casual", "strong"):
        decision = Decision.of(GAME, state, 0, "finish", samples=4)
        assert COMPUTERS.policy(level)(decision) == Cross(card=card, box=last), level


def test_a_sheet_plays_by_the_boards_rules() -> None:
    """The playouts' crossings gain what the engine's do: bonuses, a card's points."""
    rng = random.Random(8)
    for _ in range(3000):
        cards = rng.sample(range(90), 3)
        masks = [rng.randrange(511) for _ in cards]
        round_ = rng.randint(1, 4)
        board = Board(
            cards=[Held(card=c, crossed=m) for c, m in zip(cards, masks, strict=True)], lightning=2
        )
        board.stars[round_ - 1] = 1
        turn = Turn(board=board)
        sheet = Sheet([[c, m] for c, m in zip(cards, masks, strict=True)], 2, 0, 1, round_)
        index = rng.randrange(3)
        box = rng.choice([b for b in range(9) if not masks[index] >> b & 1])
        cross(turn, cards[index], box, round_)
        sheet.cross(index, box)
        assert sheet.cards == [[h.card, h.crossed] for h in board.cards]
        assert (sheet.lightning, sheet.moons, sheet.stars) == (
            board.lightning,
            board.moons,
            board.stars[round_ - 1],
        )
        assert sheet.points == sum(board.card_points)
        assert sheet.pending == turn.pending


def test_the_default_passes_without_an_exact_match() -> None:
    for state, seat in positions(2, 3):
        if state.stage != "reveal":
            continue
        legal = GAME.legal_actions(state, seat)
        if isinstance(legal[0], Cross | Pass):
            action = COMPUTERS.default(Decision.of(GAME, state, seat, "d"))
            assert action in legal
            assert isinstance(action, Pass) == (
                not any(
                    isinstance(a, Cross) and GAME.is_legal(state, seat, a) and _exact(state, a)
                    for a in legal
                )
            )


def _exact(state: LuckyState, action: Cross) -> bool:
    return digits(action.card)[action.box] == state.numbers[state.reveal - 1]
