"""Scoring: stars at each round's end, and the final tally (moons, unfinished boxes,
leftover lightning), the winners and the tie-break."""

from __future__ import annotations

from pydantic import BaseModel

from games.luckybox.models import Board

STAR_POINTS = (0, 1, 4, 9)  # 0/1/2/3+ stars in a round
SOLO_MOONS = (-6, -2, 0, 1, 3, 6, 10)  # 0/1/2/3/4/5/6+ moons alone
MOON_BONUS = 6


def star_points(stars: int) -> int:
    return STAR_POINTS[min(stars, 3)]


def moon_points(moons: list[int]) -> list[int]:
    """Most moons +6, fewest -6, ties taking the full amount; all tied: +6 and -6 each.
    Two players: only the +6. Solo: the solo table."""
    if len(moons) == 1:
        return [SOLO_MOONS[min(moons[0], 6)]]
    most, fewest = max(moons), min(moons)
    out = []
    for count in moons:
        points = MOON_BONUS if count == most else 0
        if len(moons) > 2 and count == fewest:
            points -= MOON_BONUS
        out.append(points)
    return out


def box_points(board: Board) -> int:
    """1 per 2 crossed boxes on the unfinished cards, counted together."""
    return sum(h.crossed.bit_count() for h in board.cards) // 2


def lightning_points(board: Board) -> int:
    return board.lightning // 3


class Breakdown(BaseModel):
    cards: int
    stars: int
    moons: int
    boxes: int
    lightning: int
    total: int
    moon_count: int


def breakdowns(boards: list[Board]) -> list[Breakdown]:
    moons = moon_points([b.moons for b in boards])
    out = []
    for board, moon in zip(boards, moons, strict=True):
        parts = {
            "cards": sum(board.card_points),
            "stars": sum(board.star_points),
            "moons": moon,
            "boxes": box_points(board),
            "lightning": lightning_points(board),
        }
        out.append(Breakdown(**parts, total=sum(parts.values()), moon_count=board.moons))
    return out


def winners(scores: list[Breakdown]) -> tuple[list[int], bool]:
    """The winners, and whether the moons tie-break decided: most points; tied, most
    moons; still tied, a shared win."""
    best = max(s.total for s in scores)
    tied = [i for i, s in enumerate(scores) if s.total == best]
    if len(tied) == 1:
        return tied, False
    most = max(scores[i].moon_count for i in tied)
    won = [i for i in tied if scores[i].moon_count == most]
    return won, len(won) < len(tied)
