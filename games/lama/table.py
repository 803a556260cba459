"""A fast copy of one No Prob-Lama round, for the strong player's playouts.

The engine's state is a pydantic model, copied through JSON: too slow for the
thousands of turns a decision plays out. A `Table` holds one round as lists of card
codes (`judgement.CODE`) and plays it by the rules of `turns` and `rounds` (draw or
take, exchange, discard or give; the last card turned gives everyone else a final
turn; an empty draw pile is refilled from the discard pile). Every seat chooses from
what it knows (`outlook`), never from the cards the table deals it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.lama import mind
from games.lama.judgement import DRAMA_CODE, SPECIAL_CODES, UNSEEN, estimate, exact
from games.lama.mind import Outlook, Style

MAX_TURNS = 400  # a playout that has not ended by then is scored as it stands


@dataclass
class Table:
    cells: list[list[int]]  # each seat's nine cards, row by row
    down: list[list[bool]]  # face down
    sees: list[list[int]]  # what each seat knows of its own cards (else UNSEEN)
    received: list[int]  # points of the special cards each seat received
    draw: list[int]  # top last
    discard: list[int]  # top last
    to_act: int
    ender: int | None
    rng: random.Random  # the refills' shuffles
    held: int | None = None
    turns: int = 0
    looks: list[float | None] = field(default_factory=list)  # `shown`, without received

    def __post_init__(self) -> None:
        self.looks = [None] * len(self.cells)

    @property
    def seats(self) -> int:
        return len(self.cells)

    def copy(self, seed: float) -> Table:
        """A copy whose refills shuffle from `seed` (the same for every candidate move)."""
        return Table(
            cells=[list(c) for c in self.cells],
            down=[list(d) for d in self.down],
            sees=[list(k) for k in self.sees],
            received=list(self.received),
            draw=list(self.draw),
            discard=list(self.discard),
            to_act=self.to_act,
            ender=self.ender,
            rng=random.Random(seed),
            held=self.held,
            turns=self.turns,
        )

    # -- what a seat knows ------------------------------------------------------------

    def public(self, seat: int) -> list[int]:
        return [UNSEEN if d else c for c, d in zip(self.cells[seat], self.down[seat], strict=True)]

    def shown(self, seat: int) -> float:
        """What the table sees of a seat's round score (kept until its cards change)."""
        known = self.looks[seat]
        if known is None:
            known = self.looks[seat] = estimate(self.public(seat), final=True)
        return known + self.received[seat]

    def outlook(self, seat: int) -> Outlook:
        def rivals() -> list[tuple[int, float]]:
            return [(s, self.shown(s)) for s in range(self.seats) if s != seat]

        top = self.discard[-1] if self.discard else None
        return Outlook(
            seat, self.sees[seat], self.down[seat], self.received[seat], top, self.ender, rivals
        )

    # -- the steps of a turn ------------------------------------------------------------

    def pick_up(self) -> int:
        if not self.draw:
            self.draw, self.discard = self.discard[:-1], self.discard[-1:]
            self.rng.shuffle(self.draw)
        self.held = self.draw.pop()
        return self.held

    def take(self) -> int:
        self.held = self.discard.pop()
        return self.held

    def exchange(self, position: int) -> None:
        seat = self.to_act
        assert self.held is not None
        self.discard.append(self.cells[seat][position])
        self.cells[seat][position] = self.held
        self.down[seat][position] = False
        self.sees[seat][position] = self.held
        self.looks[seat] = None
        self.held = None
        if self.ender is None and not any(self.down[seat]):
            self.ender = seat
        self.end_turn()

    def throw(self) -> None:
        assert self.held is not None
        self.discard.append(self.held)
        self.held = None
        self.end_turn()

    def give(self, seat: int) -> None:
        assert self.held is not None
        self.received[seat] += 3 if self.held == DRAMA_CODE else -3
        self.held = None
        self.end_turn()

    def end_turn(self) -> None:
        self.to_act = (self.to_act + 1) % self.seats
        self.turns += 1

    @property
    def over(self) -> bool:
        return (self.ender is not None and self.to_act == self.ender) or self.turns >= MAX_TURNS

    def scores(self) -> list[int]:
        return [exact(c) + r for c, r in zip(self.cells, self.received, strict=True)]

    # -- a seat's turn by the casual choices ---------------------------------------------

    def play_held(self, drawn: bool, style: Style = mind.EXACT) -> None:
        """The rest of a turn once a card is in hand."""
        assert self.held is not None
        look = self.outlook(self.to_act)
        if self.held in SPECIAL_CODES:
            self.give(mind.gift(look, self.held, style))
            return
        position = mind.place(look, self.held, drawn, style)
        if position is None:
            self.throw()
        else:
            self.exchange(position)

    def play_turn(self, style: Style = mind.EXACT) -> None:
        if mind.take_discard(self.outlook(self.to_act), style):
            self.take()
            self.play_held(drawn=False, style=style)
        else:
            self.pick_up()
            self.play_held(drawn=True, style=style)

    def play_out(self) -> list[int]:
        """Every seat plays the casual choices (without noise) to the round's end."""
        while not self.over:
            self.play_turn()
        return self.scores()
