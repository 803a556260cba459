"""The casual player's choices in No Prob-Lama, from what one seat knows (`Outlook`).

The same choices play a computer's own turns (with a little noise: its mistakes) and
every seat of the strong player's playouts (without it). Each is what a plain player
would do: take the discard when it clearly improves the layout, else draw; put a card
where it lowers the estimate most (`judgement`), or discard it; turn over the last
card only when the round looks won; give a Drama-Lama (+3) to the closest rival and a
Karma-Lama (-3) to whoever is furthest behind.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from games.lama.judgement import DRAMA_CODE, SPECIAL_CODES, changes, exact

TAKE = 3.0  # take the discard when it lowers the estimate by this much (a draw's worth)
FINAL_GAIN = 1.5  # what a rival is expected to gain in their final turn
MARGIN = 1.0  # turning over the last card: the lead it wants over the best rival


@dataclass
class Outlook:
    """What one seat knows, as codes: its own layout (unseen cards `UNSEEN`), which of
    its cards are face down, the discard pile's top, and its rivals (lazily: only
    ending the round and giving a card need them)."""

    seat: int
    mine: list[int]
    down: list[bool]
    received: int  # points of the special cards this seat received
    top: int | None
    ender: int | None
    rivals: Callable[[], list[tuple[int, float]]]  # (seat, estimated round score)


@dataclass(frozen=True)
class Style:
    """How carefully a seat plays: `noise` blurs each option's worth (points)."""

    noise: float = 0.0
    rng: random.Random | None = None

    def blur(self) -> float:
        return self.rng.gauss(0.0, self.noise) if self.noise and self.rng else 0.0


EXACT = Style()


def ending(look: Outlook) -> int | None:
    """The position whose exchange would turn over this seat's last card (and so end the
    round), if there is one."""
    if look.ender is not None or sum(look.down) != 1:
        return None
    return look.down.index(True)


def round_looks_won(look: Outlook, position: int, card: int, style: Style = EXACT) -> bool:
    cells = list(look.mine)
    cells[position] = card
    mine = exact(cells) + look.received
    rivals = [score - FINAL_GAIN for _, score in look.rivals()]
    return mine + MARGIN + style.blur() < min(rivals, default=mine + MARGIN + 1)


def place(look: Outlook, card: int, drawn: bool, style: Style = EXACT) -> int | None:
    """Where to put `card` (a position), or None to discard it (a drawn card only):
    on the last face-down card when that ends a round that looks won, else where it
    lowers the estimate most."""
    last = ending(look)
    if last is not None and round_looks_won(look, last, card, style):
        return last
    worths = changes(look.mine, card)
    if style.noise:
        worths = [w + style.blur() for w in worths]
    if last is not None:
        worths[last] = float("inf")
    best = min(range(9), key=worths.__getitem__)
    if drawn and worths[best] >= style.blur():
        return None
    return best


def take_discard(look: Outlook, style: Style = EXACT) -> bool:
    """Take the discard pile's top card (else draw)?"""
    card = look.top
    if card is None or card in SPECIAL_CODES:
        return False
    last = ending(look)
    if last is not None and round_looks_won(look, last, card, style):
        return True
    worths = changes(look.mine, card)
    if last is not None:
        worths[last] = float("inf")
    gain = min(worths)
    return gain + style.blur() <= -TAKE


def gift(look: Outlook, card: int, style: Style = EXACT) -> int:
    """Whom to give a special card: +3 to the closest rival, -3 to the furthest behind."""
    rivals = look.rivals()
    if style.rng is not None and style.noise and style.rng.random() < 0.2:
        return style.rng.choice(rivals)[0]
    if card == DRAMA_CODE:
        return min(rivals, key=lambda r: (r[1], r[0]))[0]
    return max(rivals, key=lambda r: (r[1], -r[0]))[0]
