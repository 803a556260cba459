"""Lupusburg's options and state: the village, its houses, characters, coins and votes.

Houses are numbered 0..2n-1 around the circle in clockwise order; seat s owns
houses 2s and 2s+1 (its "house 1" and "house 2"). A character is identified by
the house it lives under, so votes, the claw and the Thief all name houses.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from games.engine import Options, State

Role = Literal["werewolf", "thief", "townsfolk"]
WEREWOLF: Role = "werewolf"
THIEF: Role = "thief"
TOWNSFOLK: Role = "townsfolk"

Phase = Literal[
    "assign",  # everyone secretly places characters under houses (simultaneous)
    "thief",  # night: the Thief looks under one house (always full length)
    "werewolf",  # night: the Werewolf picks a house to slaughter (always full length)
    "privilege",  # day: the Burgomaster calls on a player, or skips
    "show",  # the called player shows the Burgomaster one living character
    "show_back",  # the Burgomaster shows one of theirs in return
    "betting",  # the player to bet draws three coins, or passes
    "bet",  # the player who drew keeps one coin as a bet on a player
    "discussion",  # open talk until the time runs out or everyone is done
    "first_vote",  # public tokens, clockwise from the Burgomaster, twice round
    "defence",  # the suspects' owners speak
    "second_vote",  # secret simultaneous ballots on the two suspects
    "over",  # the series is over
]
NIGHT_PHASES: frozenset[str] = frozenset({"thief", "werewolf"})
Side = Literal["werewolf", "village"]

COINS: tuple[int, ...] = (8, 7, 6, 5, 4, 3, 2, 2)
COINS_PER_DRAW = 3
TOKENS = 2  # voting tokens per player


class LupusOptions(Options):
    discussion_minutes: int = Field(
        3, ge=0, le=30, description="Minutes of discussion each day, 0 for no limit"
    )
    night_seconds: int = Field(
        30, ge=5, le=300, description="Seconds of each night phase (always runs in full)"
    )
    defence_seconds: int = Field(
        60, ge=0, le=600, description="Seconds for the suspects' defence, 0 for no limit"
    )
    turn_seconds: int = Field(
        60, ge=0, le=3600, description="Seconds per turn, placement and ballot, 0 for none"
    )
    burgomaster: Literal["host", "random"] = Field(
        "host", description="Who is the first Burgomaster: the host or a random player"
    )
    series: int = Field(1, ge=1, le=8, description="Number of games in the series")
    # The rulebook's own reading is the default (its 3-2 example, and voting for one's own
    # suspect); "players" stays for groups who play the simpler 2 tokens per player, and
    # for games stored with it.
    second_vote: Literal["characters", "players"] = Field(
        "characters",
        description=(
            "Second vote: 1 token per living unsuspected character (characters, the "
            "rulebook) or 2 per player without a suspect (players)"
        ),
    )


class House(BaseModel):
    owner: int
    character: Role | None = None  # None until its owner places the characters
    chest: bool = False
    alive: bool = True  # False: the character left play with its house, face down


class Sight(BaseModel):
    """Something one seat learned in secret: a character (and for the Thief, the chest)."""

    seat: int
    house: int
    character: Role
    chest: bool | None  # the Thief learns it; a shown character says nothing about it
    source: Literal["thief", "privilege"]
    day: int


class Fallen(BaseModel):
    """A character that left play, face down: how and when (public)."""

    house: int
    how: Literal["slain", "lynched"]
    day: int


class Bet(BaseModel):
    bettor: int
    target: int
    coin: int


class Token(BaseModel):
    seat: int
    house: int


class Ballot(BaseModel):
    seat: int
    houses: list[int]  # one entry per token, each a suspect's house


class Score(BaseModel):
    seat: int
    characters: int = 0
    chest: int = 0
    bet: int = 0
    seal: int = 0
    win: int = 0  # a winning Werewolf's points (as many as there are players)
    total: int = 0


class GameRecord(BaseModel):
    """A finished game with everything revealed."""

    number: int  # 1-based within the series
    houses: list[House]
    bets: list[Bet]
    werewolf: int
    thief: int
    side: Side
    winner: int
    burgomaster: int  # at the end, for the tie-break
    scores: list[Score]


class LupusState(State):
    # settings, copied from the options
    night_seconds: int
    discussion_seconds: int
    defence_seconds: int
    turn_seconds: int
    series: int
    second_vote_by: Literal["characters", "players"]
    first_burgomaster: int

    # the series
    game: int = 0  # 0-based index of the current game
    totals: list[int]
    records: list[GameRecord] = Field(default_factory=list)

    # the current game
    step: int = 0  # bumped on every step; the phase key
    phase: Phase = "assign"
    day: int = 0  # 1 = the first night and the day after it
    burgomaster: int
    deals: int = 1  # deals needed (a redeal when one hand held Werewolf and Thief)
    hands: list[list[Role]]
    houses: list[House]
    assigned: list[bool]
    bag: list[int]
    drawn: list[int] = Field(default_factory=list)  # coins in the hand of the player about to bet
    bets: list[Bet] = Field(default_factory=list)
    sights: list[Sight] = Field(default_factory=list)
    thief_done: bool = False
    claw: int | None = None  # the Werewolf's choice tonight
    last_victim: int | None = None
    lynched: int | None = None
    fallen: list[Fallen] = Field(default_factory=list)  # this game's, in order
    called: int | None = None  # the player the Burgomaster called on today
    order: list[int] = Field(default_factory=list)  # seats of the current turn-based round
    turn: int = 0  # index into order
    tokens: list[Token] = Field(default_factory=list)
    suspects: list[int] = Field(default_factory=list)
    ready: list[int] = Field(default_factory=list)  # seats done with the discussion or defence
    voters: list[int] = Field(default_factory=list)
    ballots: list[Ballot] = Field(default_factory=list)
    second_totals: list[int] | None = None  # per suspect, after the second vote
