"""Miss Lupun: place number tiles on a shared 4x6 board to solve secret tasks.

Each round: every seat draws 4 tasks and keeps 3 (`keep`, all at once), then places
one tile per turn clockwise from the round's first player (`place`: a tile and a
space are chosen, then confirmed or changed in `confirm`) until the board is full
(2 players: until all 20 number tiles are placed). Every task is revealed and
scored; each seat gives each joker on the board its own best value. A win card whose
holder solved all 3 tasks wins the game at once. The long game (`goal` "tiles") then
turns tiles (`turn`, all at once: tiles are added or taken back, then done;
`handicap` before the first round); the rounds goal ends after its rounds with the
highest total. See `rounds` and `longgame`.

Defaults when a step times out (RULES.md): keep the tasks with the fewest points
(the highest goes back); place as the calibration's greedy policy would (a chosen,
unconfirmed tile and space: that choice); turn the tiles chosen so far, which start
as the suggestion (the largest sum, keeping small tiles; in the handicap only the 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, ClassVar

from games.engine import Event, Game, IllegalAction, Phase, Result, Seat, in_seconds
from games.lupun import longgame, rounds
from games.lupun.board import SIZE, space_index, space_name
from games.lupun.models import (
    ACTION_MODEL,
    JOKER,
    TILES,
    Change,
    Confirm,
    Done,
    Keep,
    LupunAction,
    LupunOptions,
    LupunState,
    Place,
    Toggle,
)
from games.lupun.placing import default_placement
from games.lupun.views import LupunView, build_view

if TYPE_CHECKING:
    from games.computers import Computers

SPACE_NAMES = tuple(space_name(s) for s in range(SIZE))


def _timed(state: LupunState, now: datetime) -> datetime | None:
    return in_seconds(now, state.turn_seconds)


def _keepers(state: LupunState) -> list[Seat]:
    return [s for s in range(state.seats) if state.drawn[s]]


def _keeps(state: LupunState, seat: Seat) -> list[Keep]:
    return [Keep(drop=card) for card in state.drawn[seat]]


def _placer(state: LupunState) -> tuple[Seat]:
    return (state.to_act,)


def _placements(state: LupunState, seat: Seat) -> list[Place]:
    tiles = list(state.tiles[seat]) + ([JOKER] if state.jokers[seat] else [])
    return [
        Place(space=SPACE_NAMES[s], tile=t)
        for s in range(SIZE)
        if state.board[s] is None
        for t in tiles
    ]


def _turners(state: LupunState) -> list[Seat]:
    return list(state.to_turn)


def _turns(state: LupunState, seat: Seat) -> list[Toggle | Done]:
    return [*(Toggle(tile=v) for v in longgame.toggles(state, seat)), Done()]


def _place_timeout(state: LupunState) -> list[Event]:
    seat = state.to_act
    space, tile = default_placement(state, seat)
    return rounds.place(state, seat, space, tile, timed_out=True)


def _confirm_timeout(state: LupunState) -> list[Event]:
    return rounds.confirm(state, state.to_act, timed_out=True)


class Lupun(Game[LupunState, LupunAction, LupunOptions, LupunView]):
    id = "lupun"
    name = "Miss Lupun"
    aliases = ("misslupun",)
    min_players = 2
    max_players = 6
    options_model = LupunOptions
    state_model = LupunState
    action_model = ACTION_MODEL
    slow_steps = True  # a round's end scores every hand's jokers by search (tens of ms)
    hidden = False
    phases: ClassVar[Mapping[str, Phase[LupunState]]] = {
        "handicap": Phase[LupunState](
            actions=(Toggle, Done),
            active=_turners,
            moves=_turns,
            ends=_timed,
            timeout=longgame.turn_timeout,
        ),
        "keep": Phase[LupunState](
            actions=(Keep,),
            active=_keepers,
            moves=_keeps,
            ends=_timed,
            timeout=rounds.keep_timeout,
        ),
        "place": Phase[LupunState](
            actions=(Place,),
            active=_placer,
            moves=_placements,
            ends=_timed,
            timeout=_place_timeout,
        ),
        "confirm": Phase[LupunState](
            actions=(Confirm, Change),
            active=_placer,
            moves=lambda state, seat: [Confirm(), Change()],
            ends=_timed,
            timeout=_confirm_timeout,
        ),
        "turn": Phase[LupunState](
            actions=(Toggle, Done),
            active=_turners,
            moves=_turns,
            ends=_timed,
            timeout=longgame.turn_timeout,
        ),
        "over": Phase[LupunState](),
    }

    def setup(self, seats: int, options: LupunOptions, seed: int) -> LupunState:
        if not self.min_players <= seats <= (self.max_players or seats):
            raise ValueError(f"Miss Lupun needs 2 to 6 players, not {seats}")
        from games.lupun.cards import starting_stack

        state = LupunState(
            seats=seats,
            seed=seed,
            variant=options.variant,
            goal=options.goal,
            rounds=rounds.rounds_for(seats, options.rounds),
            turn_seconds=options.turn_seconds,
            stack=starting_stack(options.deck, options.variant),
            turned=[[] for _ in range(seats)],
            totals=[0] * seats,
            tiles=[list(TILES) for _ in range(seats)],
            jokers=[0] * seats,
            win_card=[False] * seats,
        )
        state.rng().shuffle(state.stack)
        if options.goal == "tiles":
            longgame.begin_handicap(state)
        else:
            rounds.begin_round(state)
        return state

    # -- the flow -----------------------------------------------------------------------

    def phase(self, state: LupunState) -> str:
        if state.stage == "place" and state.draft is not None:
            return "confirm"
        return state.stage

    def phase_key(self, state: LupunState) -> str:
        if state.stage == "over":
            return "over"
        if state.stage == "handicap":
            return "h"
        if state.stage == "place":  # choosing and confirming: one step, one deadline
            return f"r{state.round}p{state.turn}"
        return f"r{state.round}{state.stage[0]}"  # keep: r3k, turn: r3t

    def is_legal(self, state: LupunState, seat: Seat, action: LupunAction) -> bool:
        """As `legal_actions` says, answered without listing up to 264 placements."""
        if state.winners is not None or seat not in self.active(state):
            return False
        phase = self.phase(state)
        match action:
            case Keep(drop=drop):
                return phase == "keep" and drop in state.drawn[seat]
            case Place(space=space, tile=tile):
                if phase != "place" or space not in SPACE_NAMES:
                    return False
                if state.board[SPACE_NAMES.index(space)] is not None:
                    return False
                return tile in state.tiles[seat] or (tile == JOKER and state.jokers[seat] > 0)
            case Confirm() | Change():
                return phase == "confirm"
            case Toggle(tile=tile):
                return phase in ("turn", "handicap") and tile in longgame.toggles(state, seat)
            case Done():
                return phase in ("turn", "handicap")
        return False

    def play(self, state: LupunState, seat: Seat, action: LupunAction) -> list[Event]:
        match action:
            case Keep(drop=drop):
                return rounds.keep(state, seat, drop)
            case Place(space=space, tile=tile):
                return rounds.choose(state, space_index(space), tile)
            case Confirm():
                return rounds.confirm(state, seat)
            case Change():
                state.draft = None
                return []
            case Toggle(tile=tile):
                return longgame.toggle(state, seat, tile)
            case Done():
                return longgame.done(state, seat)

    # -- refusals -------------------------------------------------------------------------

    def explain(self, state: LupunState, seat: Seat, action: LupunAction) -> IllegalAction | None:
        phase = self.phase(state)
        if seat not in self.active(state):
            kept = phase == "keep" and isinstance(action, Keep)
            turned = phase in ("turn", "handicap") and isinstance(action, Toggle | Done)
            if kept or turned:
                return IllegalAction("lupun.already_done")
            return None
        match action:
            case Keep() if phase == "keep":
                return IllegalAction("lupun.bad_drop")
            case Place(space=space, tile=tile) if phase == "place":
                if space not in SPACE_NAMES:
                    return IllegalAction("lupun.bad_space", space=space)
                if state.board[SPACE_NAMES.index(space)] is not None:
                    return IllegalAction("lupun.space_taken", space=space)
                if tile == JOKER:
                    return IllegalAction("lupun.no_joker")
                return IllegalAction("lupun.no_tile", tile=tile)
            case Place() if phase == "confirm":
                return IllegalAction("lupun.confirm_first")
            case Toggle(tile=tile) if phase in ("turn", "handicap"):
                if tile not in longgame.unturned(state, seat):
                    return IllegalAction("lupun.not_unturned")
                limit = longgame.budget(state, seat)
                if limit is None:
                    return IllegalAction("lupun.handicap_all")
                total = sum(state.pending[seat]) + tile
                return IllegalAction("lupun.over_budget", total=total, count=limit)
        return IllegalAction(f"lupun.wrong_step.{phase}")

    # -- what people see ------------------------------------------------------------------

    def computers(self) -> Computers:
        from games.lupun.computer import COMPUTERS  # the policies load only when asked

        return COMPUTERS

    def view(self, state: LupunState, seat: Seat | None) -> LupunView:
        return build_view(state, seat)

    def result(self, state: LupunState) -> Result | None:
        if state.winners is None:
            return None
        return Result(scores=tuple(state.totals), winners=tuple(state.winners))


GAME = Lupun()
