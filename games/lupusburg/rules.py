"""Pure rules of Lupusburg: the circle, the living, tie-breaks, the end and the scores."""

from __future__ import annotations

from collections.abc import Iterable

from games.lupusburg.model import (
    TOWNSFOLK,
    WEREWOLF,
    Bet,
    GameRecord,
    LupusState,
    Role,
    Score,
    Side,
)


def houses_of(seat: int) -> tuple[int, int]:
    """A seat's two houses, in clockwise order."""
    return (2 * seat, 2 * seat + 1)


def owner_of(house: int) -> int:
    return house // 2


def house_number(house: int) -> int:
    """1 or 2: which of its owner's houses this is, clockwise."""
    return house % 2 + 1


def clockwise(seats: int, start: int) -> list[int]:
    """All seats clockwise, starting with `start`."""
    return [(start + i) % seats for i in range(seats)]


def seat_distance(state: LupusState, seat: int) -> int:
    """How far clockwise a seat sits from the Burgomaster (the Burgomaster is 0)."""
    return (seat - state.burgomaster) % state.seats


def house_distance(state: LupusState, house: int) -> int:
    """How far clockwise a house lies from the Burgomaster's first house."""
    return (house - 2 * state.burgomaster) % (2 * state.seats)


def role_seat(state: LupusState, role: Role) -> int:
    """The seat holding the Werewolf or the Thief."""
    for seat, hand in enumerate(state.hands):
        if role in hand:
            return seat
    raise ValueError(f"nobody holds the {role}")


def living(state: LupusState, seat: int) -> list[int]:
    """The seat's houses whose characters are still in play."""
    return [h for h in houses_of(seat) if state.houses[h].alive]


def living_houses(state: LupusState) -> list[int]:
    return [h for h, house in enumerate(state.houses) if house.alive]


def has_living(state: LupusState, seat: int) -> bool:
    return bool(living(state, seat))


def rank_houses(state: LupusState, counts: dict[int, int], candidates: Iterable[int]) -> list[int]:
    """Candidates by most votes; ties go to the house closer to the Burgomaster clockwise."""
    return sorted(candidates, key=lambda h: (-counts.get(h, 0), house_distance(state, h)))


def place(hand: list[Role], chest: int) -> list[tuple[int, Role]]:
    """Where a hand's characters go when the chest is in house `chest`.

    A Townsfolk goes under the chest; the other character under the other house.
    """
    other = chest ^ 1
    rest = list(hand)
    rest.remove(TOWNSFOLK)
    return [(chest, TOWNSFOLK), (other, rest[0])]


def end_side(state: LupusState) -> Side | None:
    """Who has won, if the game is over: checked after each slaughter and each lynch."""
    wolf = role_seat(state, WEREWOLF)
    wolf_alive = len(living(state, wolf))
    others = len(living_houses(state)) - wolf_alive
    if wolf_alive == 0:
        return "village"
    if wolf_alive >= others:  # equal in play: one character leaves at a time
        return "werewolf"
    return None


def bet_of(bets: list[Bet], seat: int) -> Bet | None:
    return next((b for b in bets if b.bettor == seat), None)


def score_game(state: LupusState, side: Side) -> list[Score]:
    """Everyone's points for a finished game.

    A winning Werewolf scores as many points as there are players; a losing one scores
    nothing (only "the other players tally up their scores").
    """
    wolf = role_seat(state, WEREWOLF)
    scores: list[Score] = []
    for seat in range(state.seats):
        if seat == wolf:
            total = state.seats if side == "werewolf" else 0
            scores.append(Score(seat=seat, win=total, total=total))
            continue
        score = Score(seat=seat)
        score.characters = 2 * len(living(state, seat))
        score.chest = int(any(state.houses[h].chest for h in living(state, seat)))
        bet = bet_of(state.bets, seat)
        if bet is None:
            score.seal = 1
        elif bet.target == wolf:
            score.bet = bet.coin
        score.total = score.characters + score.chest + score.bet + score.seal
        scores.append(score)
    return scores


def game_winner(state: LupusState, side: Side, scores: list[Score]) -> int:
    """The Werewolf if it won; otherwise the best score (ties: closer to the Burgomaster)."""
    wolf = role_seat(state, WEREWOLF)
    if side == "werewolf":
        return wolf
    others = [s for s in range(state.seats) if s != wolf]
    return min(others, key=lambda s: (-scores[s].total, seat_distance(state, s)))


def series_winner(state: LupusState) -> int:
    """The best series total; ties: closer to the final Burgomaster clockwise."""
    if state.series == 1:
        return state.records[-1].winner
    return min(range(state.seats), key=lambda s: (-state.totals[s], seat_distance(state, s)))


def record_game(state: LupusState, side: Side) -> GameRecord:
    scores = score_game(state, side)
    return GameRecord(
        number=state.game + 1,
        houses=[h.model_copy() for h in state.houses],
        bets=[b.model_copy() for b in state.bets],
        werewolf=role_seat(state, WEREWOLF),
        thief=role_seat(state, "thief"),
        side=side,
        winner=game_winner(state, side, scores),
        burgomaster=state.burgomaster,
        scores=scores,
    )
