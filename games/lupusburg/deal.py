"""Setting up one game: the character deck, the deal (and redeal), houses and coins."""

from __future__ import annotations

from games.lupusburg.model import COINS, THIEF, TOWNSFOLK, WEREWOLF, House, LupusState, Role


def character_deck(seats: int) -> list[Role]:
    """1 Werewolf, 1 Thief and 2 x (players - 1) Townsfolk: two characters each."""
    return [WEREWOLF, THIEF] + [TOWNSFOLK] * (2 * (seats - 1))


def needs_redeal(hands: list[list[Role]]) -> bool:
    """One player holding both the Werewolf and the Thief: deal again."""
    return any(WEREWOLF in hand and THIEF in hand for hand in hands)


def deal_hands(state: LupusState) -> None:
    """Shuffle and deal two characters each, again while one hand holds both roles."""
    state.deals = 0
    while True:
        state.deals += 1
        cards = character_deck(state.seats)
        state.rng().shuffle(cards)
        hands = [cards[2 * s : 2 * s + 2] for s in range(state.seats)]
        if not needs_redeal(hands):
            state.hands = hands
            return


def reset_game(state: LupusState) -> None:
    """A fresh village for the next game of the series: deal, houses, coins, no votes."""
    deal_hands(state)
    state.burgomaster = (state.first_burgomaster + state.game) % state.seats
    state.houses = [House(owner=h // 2) for h in range(2 * state.seats)]
    state.assigned = [False] * state.seats
    state.bag = list(COINS)
    state.drawn = []
    state.bets = []
    state.sights = []
    state.day = 0
    state.thief_done = False
    state.claw = None
    state.last_victim = None
    state.fallen = []
    state.order = []
    state.turn = 0
    clear_day(state)


def clear_day(state: LupusState) -> None:
    """Forget the last day's call, votes, suspects, ballots and lynch."""
    state.called = None
    state.lynched = None
    state.tokens = []
    state.suspects = []
    state.ready = []
    state.voters = []
    state.ballots = []
    state.second_totals = None
