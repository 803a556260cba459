"""Every picture kind of every game, measured as Discord shows it.

`python -m tests.pictures.sheet --out DIR [--game KIND] [--seed N]` plays each offered
game with the most seats it allows (at most 8; a game without a limit also with 30,
its pictures may grow with the players), the longest names Discord allows and each of
its option variants (`tests/conformance/hooks.py`). Along the play-outs it builds the
table, every seat's panel and the panel's steps, the notices and the results, and
records every string drawn into each picture with its font size (`drawn.py`).

A picture's kind is its game and file name (numbers dropped: "lama-round-N"). Per kind
it saves the largest case (most pixels) as DIR/<kind>.png and prints its size as drawn,
as shown on a desktop (fit into 550 x 350) and on a phone (320 px wide), and the
smallest text over all cases of the kind: font size as drawn, and as shown (font size x
the shrink factor) on a desktop, on a phone, and on a phone for the text a move is
decided by (all but `minor` text, see `games.pictures.font`).
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from bot.discord.ui import Picture, Screen
from games import registry
from games.engine import AnyGame
from games.pictures import (
    MIN_SHOWN_TEXT,
    PHONE_KEY_TEXT,
    PHONE_MIN_TEXT,
    phone_scale,
    shown_scale,
)
from tests.conformance import hooks
from tests.conformance.screens import NOTICE_STEPS, explore, notices_of, readers
from tests.conformance.support import Case, Playout, playout, sample
from tests.pictures import drawn
from tests.pictures.drawn import Drawn

SEAT_LIMIT = 8  # the most seats played (the conformance suite's limit)
CROWD = 30  # also played by games without a seat limit
TALL = 1.1  # a picture may be at most this much higher than wide
PLACEHOLDER = re.compile(r"\{\w")  # a catalog parameter the sentence was not given


@dataclass(frozen=True)
class Depth:
    """How much of each play-out is drawn."""

    states: int  # evenly spread states, besides the first of each phase and the last
    steps: int  # panel steps followed per seat
    every_seat: bool  # every seat's panel, else a few (`screens.readers`)
    crowd: bool  # also play games without a seat limit with CROWD seats


SHEET = Depth(states=12, steps=6, every_seat=True, crowd=True)


@dataclass(frozen=True)
class Measured:
    """One picture as drawn, and the text in it."""

    kind: str
    where: str
    picture: Picture
    width: int
    height: int
    drawn: tuple[Drawn, ...]

    @property
    def smallest(self) -> Drawn | None:
        return min(self.drawn, key=lambda d: d.size, default=None)

    @property
    def smallest_key(self) -> Drawn | None:
        """The smallest text that is not `minor`."""
        return min((d for d in self.drawn if not d.minor), key=lambda d: d.size, default=None)

    @property
    def desktop(self) -> float:
        return shown_scale(self.width, self.height)

    @property
    def phone(self) -> float:
        return phone_scale(self.width, self.height)

    @property
    def tall(self) -> bool:
        return self.height > self.width * TALL


@dataclass
class Kind:
    """Every case of one picture kind: the largest, and the worst over all of them."""

    largest: Measured
    small: Measured  # the case whose smallest text shows smallest on a desktop
    phone_small: Measured  # ... on a phone
    key_small: Measured  # the case whose smallest key text shows smallest on a phone
    tallest: Measured  # the case highest for its width
    font: float  # the smallest font size drawn, over all cases
    cases: int = 1
    unfilled: tuple[str, str] | None = None  # a string with a "{placeholder}" left, and where

    @classmethod
    def of(cls, first: Measured) -> Kind:
        kind = cls(first, first, first, first, first, _font(first))
        kind._check(first)
        return kind

    @property
    def desktop_text(self) -> float:
        return shown_text(self.small)

    @property
    def phone_text(self) -> float:
        return shown_text(self.phone_small, phone=True)

    @property
    def key_text(self) -> float:
        return shown_text(self.key_small, phone=True, key=True)

    def add(self, case: Measured) -> None:
        self.cases += 1
        if case.width * case.height > self.largest.width * self.largest.height:
            self.largest = case
        if shown_text(case) < shown_text(self.small):
            self.small = case
        if shown_text(case, phone=True) < self.phone_text:
            self.phone_small = case
        if shown_text(case, phone=True, key=True) < self.key_text:
            self.key_small = case
        if case.height / case.width > self.tallest.height / self.tallest.width:
            self.tallest = case
        self.font = min(self.font, _font(case))
        self._check(case)

    def _check(self, case: Measured) -> None:
        if self.unfilled is None:
            found = next((d.text for d in case.drawn if PLACEHOLDER.search(d.text)), None)
            self.unfilled = None if found is None else (found, case.where)


def _font(case: Measured) -> float:
    smallest = case.smallest
    return float("inf") if smallest is None else smallest.size


def shown_text(case: Measured, phone: bool = False, key: bool = False) -> float:
    """The smallest text's height as shown (`key`: of the text that is not minor; inf:
    no such text)."""
    smallest = case.smallest_key if key else case.smallest
    if smallest is None:
        return float("inf")
    return smallest.size * (case.phone if phone else case.desktop)


def smallest_of(case: Measured, key: bool = False) -> Drawn:
    found = case.smallest_key if key else case.smallest
    assert found is not None, "a case with text"
    return found


def kind_of(game_id: str, name: str) -> str:
    """'lama' and 'lama-round-3.png' -> 'lama-round-N'; 'tufteln', 'sheet.png' ->
    'tufteln-sheet'."""
    stem = re.sub(r"\d+", "N", name.removesuffix(".png"))
    return stem if stem == game_id or stem.startswith(f"{game_id}-") else f"{game_id}-{stem}"


def cases(game: AnyGame, seed: int, crowd: bool) -> list[Case]:
    """The most seats (and CROWD for a game without a limit) with each option variant."""
    variants = hooks.OPTIONS.get(game.id, [{}])
    found = [
        Case(
            game.id,
            min(game.max_players or SEAT_LIMIT, SEAT_LIMIT),
            seed,
            tuple(sorted(o.items())),
            i,
        )
        for i, o in enumerate(variants)
    ]
    if crowd and game.max_players is None:  # one variant: a crowd's play-out is slow
        found.append(Case(game.id, CROWD, seed, tuple(sorted(variants[0].items())), 0))
    return found


def screens(run: Playout, depth: Depth) -> Iterator[tuple[str, Screen]]:
    """Tables and panels at sampled states, then every step's notices and results."""
    game = run.case.game
    for state in sample(run, depth.states):
        seats = list(range(state.seats)) if depth.every_seat else readers(game, state)
        for shown in explore(game, state, seats, depth.steps):
            yield f"{run.case}, {game.phase(state)}, {shown.where}", shown.screen
    for start in range(0, len(run.steps), NOTICE_STEPS):  # `notices_of` samples longer runs
        part = Playout(run.case, run.start, run.steps[start : start + NOTICE_STEPS])
        for shown in notices_of(game, part):
            yield f"{run.case}, {shown.where} (+{start})", shown.screen


def measure(game_id: str, where: str, picture: Picture) -> Measured:
    found = drawn.texts(picture.data)
    if found is None:
        raise RuntimeError(f"{where}: {picture.name} was encoded before recording began")
    with Image.open(io.BytesIO(picture.data)) as image:
        width, height = image.size
    return Measured(kind_of(game_id, picture.name), where, picture, width, height, found)


def survey(
    game_ids: list[str], seed: int, depth: Depth, *, strict: bool = True
) -> tuple[dict[str, Kind], list[str]]:
    """Every picture kind of the games (by kind), and the play-outs that stopped early
    (not `strict`: also those whose screens could not be built, instead of raising)."""
    kinds: dict[str, Kind] = {}
    stopped: list[str] = []
    with drawn.recording():
        for game_id in game_ids:
            for case in cases(registry.get(game_id), seed, depth.crowd):
                run = playout(case)
                if run.problem:
                    stopped.append(f"{case}: {run.problem}")
                try:
                    for where, screen in screens(run, depth):
                        for picture in screen.pictures:
                            _add(kinds, measure(game_id, where, picture))
                except Exception as error:
                    if strict:
                        raise
                    stopped.append(f"{case}: a screen failed: {error!r}")
    return kinds, stopped


def _add(kinds: dict[str, Kind], measured: Measured) -> None:
    if measured.kind in kinds:
        kinds[measured.kind].add(measured)
    else:
        kinds[measured.kind] = Kind.of(measured)


# -- the sheet --------------------------------------------------------------------------------


def _size(width: float, height: float) -> str:
    return f"{round(width)}x{round(height)}"


def _px(value: float) -> str:
    return "-" if value == float("inf") else f"{value:.1f}"


def problems(kind: Kind) -> list[str]:
    """What breaks the rules (`test_readable.py` fails on each)."""
    return [
        *(["small on desktop"] if kind.desktop_text < MIN_SHOWN_TEXT else []),
        *(["small on phone"] if kind.phone_text < PHONE_MIN_TEXT else []),
        *(["key small on phone"] if kind.key_text < PHONE_KEY_TEXT else []),
        *(["tall"] if kind.tallest.tall else []),
        *([f"unfilled {kind.unfilled[0]!r}"] if kind.unfilled else []),
    ]


def row(name: str, kind: Kind) -> list[str]:
    big = kind.largest
    smallest = kind.phone_small.smallest
    return [
        name,
        _size(big.width, big.height),
        _size(big.width * big.desktop, big.height * big.desktop),
        _size(big.width * big.phone, big.height * big.phone),
        f"{kind.font:.0f}" if smallest else "-",
        _px(kind.desktop_text),
        _px(kind.phone_text),
        _px(kind.key_text),
        f"{len(big.picture.data) // 1024} KB",
        str(kind.cases),
        repr(smallest.text[:30]) if smallest else "",
        ", ".join(problems(kind)),
    ]


HEADER = [
    "kind",
    "size",
    "desktop",
    "phone",
    "font",
    "text desktop",
    "text phone",
    "key phone",
    "PNG",
    "cases",
    "smallest string (phone)",
    "problems",
]


def table(kinds: dict[str, Kind]) -> str:
    rows = [HEADER, *(row(name, kinds[name]) for name in sorted(kinds))]
    widths = [max(len(r[i]) for r in rows) for i in range(len(HEADER))]
    return "\n".join(
        "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.pictures.sheet", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--out", type=Path, required=True, help="folder for the pictures")
    parser.add_argument("--game", help="one game (id or name)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.game:
        game = registry.lookup(args.game)
        if game is None:
            parser.error(f"no game called {args.game!r}")
        game_ids = [game.id]
    else:
        game_ids = [g.id for g in registry.offered()]
    kinds, stopped = survey(game_ids, args.seed, SHEET, strict=False)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, kind in kinds.items():
        (args.out / f"{name}.png").write_bytes(kind.largest.picture.data)
    print(table(kinds))
    print(
        f"\nsize: the largest case; desktop/phone: as shown there; font: the smallest font "
        f"size drawn; text desktop/phone: the smallest text as shown, over all cases (at "
        f"least {MIN_SHOWN_TEXT} px on a desktop, {PHONE_MIN_TEXT} on a phone); key phone: "
        f"the smallest text but minor text on a phone (at least {PHONE_KEY_TEXT}). Pictures "
        f"in {args.out}/."
    )
    for line in stopped:
        print(f"not drawn to the end: {line}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
