"""Tüfteln: 15 shared rolls of two dice, each player fills their own sheet.

Two ways to play (option `schedule`):
- live (no schedule): everyone places the current roll at once; when the last
  player has placed, the next roll is made. With `turn_seconds`, the deadline
  places the roll by the default for everyone still missing, then rolls on.
- scheduled: the engine rolls only at the schedule's deadlines. Players may fall
  behind and place their open rolls later, in order. After the 15th roll there is
  a final deadline (`final_hours`); then every open roll is placed by the default.
The game ends as soon as every sheet is full.

The flow as phases (`phase_key` in brackets):
- "live" (r1..r15): the seats yet to place the roll on the table act. With a turn
  limit, whoever is still to place gets a DM reminder shortly before it runs out.
- "waiting" (r0): a scheduled game before its first roll. It ends at once: the
  lobby starts itself at the first roll time (`starts_at`), and a host who starts
  it early gets the first roll at once too.
- "scheduled" (r1..r14): whoever is behind places; the deadline is the next roll
  time, with a DM reminder for whoever is still behind on the way.
- "final" (final): the catch-up after the 15th roll; its deadline places every
  open roll by the default.
- "end" (end): every sheet is full.

The default placement (timeouts) is documented in `placement.default_placement`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from games.engine import Event, Game, IllegalAction, Phase, Result, Seat, in_seconds
from games.tufteln.models import (
    ROUNDS,
    OpenRoll,
    Place,
    SheetView,
    TuftelnOptions,
    TuftelnState,
    TuftelnView,
)
from games.tufteln.placement import assignments, check, default_placement, fill, legal_pairs
from games.tufteln.schedule import next_roll_time
from games.tufteln.scoring import rating, score_sheet, total
from games.tufteln.sheet import BLANK_SHEET, FIELD_NAMES, field_index

if TYPE_CHECKING:
    from games.computers import Computers

REMIND_AFTER = timedelta(hours=4)  # a reminder at most this long after a roll...
REMIND_SHARE = 0.5  # ...and halfway to the next deadline when that comes sooner
REMIND_MIN_GAP = timedelta(hours=1)  # rolls closer together than this: no reminders
LIVE_REMIND_BEFORE = timedelta(minutes=1)  # live: a reminder this long before time runs out,
LIVE_REMIND_SHARE = 0.25  # or a quarter of the turn before, when that is sooner
LIVE_REMIND_MIN_TURN = timedelta(minutes=1)  # shorter turn limits: no reminder


# -- the phases ------------------------------------------------------------------------------


def behind(state: TuftelnState) -> Iterable[Seat]:
    """The seats with a roll still to place (in live play: the roll on the table)."""
    made = len(state.rolls)
    return (s for s, n in enumerate(state.placed) if n < made)


def moves(state: TuftelnState, seat: Seat) -> list[Place]:
    """Every placement of `seat`'s oldest open roll."""
    index = state.placed[seat]
    dice = state.rolls[index]
    pairs = assignments(legal_pairs(state.sheets[seat], state.variant), dice)
    return [_placement(index + 1, i, j) for i, j in pairs]


@lru_cache(maxsize=4096)
def _placement(roll: int, first: int, second: int) -> Place:
    """One placement, made once: every seat's panel lists about 300 after each move,
    and a placement is a value no one changes (frozen)."""
    return Place(roll=roll, first=FIELD_NAMES[first], second=FIELD_NAMES[second])


def roll(state: TuftelnState) -> list[Event]:
    """A scheduled deadline: the next roll (after the 15th, the catch-up begins)."""
    events = [_roll(state)]
    if len(state.rolls) == ROUNDS:
        hours = state.final_hours
        events.append(Event(key="tufteln.last_roll", params={"hours": hours, "count": hours}))
    return events


def place_open_by_default(state: TuftelnState) -> list[Event]:
    """Live: the roll on the table; the final deadline: every open roll. Then go on."""
    events = []
    for seat in list(behind(state)):
        count = len(state.rolls) - state.placed[seat]
        for _ in range(count):
            dice = state.rolls[state.placed[seat]]
            _place(state, seat, default_placement(state.sheets[seat], state.variant, dice))
        state.defaulted[seat] += count
        events.append(Event(key="tufteln.auto_placed", params={"seat": seat, "count": count}))
    return events + _advance(state)


def remind(state: TuftelnState, start: datetime, end: datetime) -> datetime | None:
    """Some hours into a long wait: none when the rolls come within the hour."""
    gap = end - start
    if not state.remind or gap < REMIND_MIN_GAP:
        return None
    return start + min(REMIND_AFTER, gap * REMIND_SHARE)


def remind_live(state: TuftelnState, start: datetime, end: datetime) -> datetime | None:
    """Near the end of a live turn limit (a minute, or a quarter of it, before), so a
    player who looked away can still place before the bot does; none for short limits,
    which a player at the table sees run out anyway."""
    gap = end - start
    if not state.remind or gap < LIVE_REMIND_MIN_TURN:
        return None
    return end - min(LIVE_REMIND_BEFORE, gap * LIVE_REMIND_SHARE)


class Tufteln(Game[TuftelnState, Place, TuftelnOptions, TuftelnView]):
    id = "tufteln"
    name = "Tüfteln"
    aliases = ("tüfteln",)
    min_players = 1
    max_players = None
    options_model = TuftelnOptions
    state_model = TuftelnState
    action_model = Place
    hidden = False
    phases: ClassVar[Mapping[str, Phase[TuftelnState]]] = {
        "live": Phase[TuftelnState](
            actions=(Place,),
            active=behind,
            moves=moves,
            ends=lambda state, now: in_seconds(now, state.turn_seconds),
            timeout=place_open_by_default,
            remind=remind_live,
        ),
        "waiting": Phase[TuftelnState](ends=lambda state, now: now, timeout=roll),
        "scheduled": Phase[TuftelnState](
            actions=(Place,),
            active=behind,
            moves=moves,
            ends=lambda state, now: next_roll_time(state.schedule, now),
            timeout=roll,
            remind=remind,
        ),
        "final": Phase[TuftelnState](
            actions=(Place,),
            active=behind,
            moves=moves,
            ends=lambda state, now: now + timedelta(hours=state.final_hours),
            timeout=place_open_by_default,
            remind=remind,
        ),
        "end": Phase[TuftelnState](),
    }

    # -- construction -------------------------------------------------------------------

    def setup(self, seats: int, options: TuftelnOptions, seed: int) -> TuftelnState:
        state = TuftelnState(
            seats=seats,
            seed=seed,
            variant=options.variant,
            schedule=options.schedule,
            turn_seconds=options.turn_seconds,
            final_hours=options.final_hours,
            remind=options.remind,
            sheets=[BLANK_SHEET] * seats,
            placed=[0] * seats,
            defaulted=[0] * seats,
            last=[("", "")] * seats,
        )
        if not state.schedule:
            _roll(state)  # live play starts with a roll on the table
        return state

    def starts_at(self, options: TuftelnOptions, opened_at: datetime) -> datetime | None:
        """A scheduled lobby starts itself with the first roll of its schedule."""
        return next_roll_time(options.schedule, opened_at) if options.schedule else None

    # -- the flow -------------------------------------------------------------------------

    def phase(self, state: TuftelnState) -> str:
        if state.over:
            return "end"
        if not state.schedule:
            return "live"
        made = len(state.rolls)
        return "waiting" if made == 0 else "final" if made == ROUNDS else "scheduled"

    def phase_key(self, state: TuftelnState) -> str:
        phase = self.phase(state)
        return phase if phase in ("end", "final") else f"r{len(state.rolls)}"

    def waiting_for(self, state: TuftelnState) -> frozenset[Seat]:
        """Scheduled play waits for nobody: the dice roll on the schedule whoever has
        placed, and a player behind catches up later, so a roll coming is no timeout of
        theirs (the host counts none, and plays nothing for them). Live play and the
        final catch-up wait for whoever still has to place."""
        if self.phase(state) == "scheduled":
            return frozenset()
        return super().waiting_for(state)

    def behind(self, state: TuftelnState) -> list[int]:
        """How many rolls each seat still has to place."""
        made = len(state.rolls)
        return [made - n for n in state.placed]

    # -- moves ----------------------------------------------------------------------------

    def is_legal(self, state: TuftelnState, seat: Seat, action: Place) -> bool:
        """`action in legal_actions(...)`, without listing them: the oldest open roll,
        fields by their names, a placement `check` accepts, and with equal dice the
        fields in reading order (the one way `legal_actions` lists it)."""
        if state.over or not 0 <= seat < state.seats:
            return False
        index = state.placed[seat]
        if index >= len(state.rolls) or action.roll != index + 1:
            return False
        try:
            i, j = check(state.sheets[seat], state.variant, action.first, action.second)
        except IllegalAction:
            return False
        dice = state.rolls[index]
        spelled = (FIELD_NAMES[i], FIELD_NAMES[j]) == (action.first, action.second)
        return spelled and (i < j or dice[0] != dice[1])

    def explain(self, state: TuftelnState, seat: Seat, action: Place) -> IllegalAction | None:
        """A double click says "You already placed roll 3", not "not your turn"."""
        if not 0 <= seat < state.seats:
            return None
        open_index = state.placed[seat]
        index = action.roll - 1
        if index < open_index:
            return IllegalAction("tufteln.roll_placed", roll=action.roll)
        if index >= len(state.rolls):
            return IllegalAction("tufteln.roll_not_made", roll=action.roll)
        if index > open_index:
            return IllegalAction("tufteln.earlier_roll", roll=action.roll, open=open_index + 1)
        try:
            check(state.sheets[seat], state.variant, action.first, action.second)
        except IllegalAction as refused:
            return refused
        return None

    def play(self, state: TuftelnState, seat: Seat, action: Place) -> list[Event]:
        i, j = field_index(action.first), field_index(action.second)
        assert i is not None and j is not None, "play trusts the action is legal"
        _place(state, seat, (i, j))
        events = [Event(key="tufteln.placed", params={"seat": seat, "roll": action.roll})]
        return events + _advance(state)

    def copy(self, state: TuftelnState) -> TuftelnState:
        """Like the contract's deep copy, but cheap: every per-seat list holds immutable
        values (str, int, tuple), so copying the lists is enough; with 200 players this
        is ~100x faster than `deepcopy`."""
        return state.model_copy(
            update={
                "rolls": list(state.rolls),
                "sheets": list(state.sheets),
                "placed": list(state.placed),
                "defaulted": list(state.defaulted),
                "last": list(state.last),
            }
        )

    # -- what people see ----------------------------------------------------------------

    def computers(self) -> Computers:
        from games.tufteln.computer import COMPUTERS  # the policies load only when asked

        return COMPUTERS

    def view(self, state: TuftelnState, seat: Seat | None) -> TuftelnView:
        key = self.phase_key(state)
        view = TuftelnView(
            variant=state.variant,
            schedule=state.schedule,
            remind=state.remind,
            rolls=list(state.rolls),
            current=state.rolls[-1] if state.rolls else None,
            phase="end" if key == "end" else "final" if key == "final" else "play",
            placed=list(state.placed),
            behind=self.behind(state),
            over=state.over,
        )
        if state.over:
            view.sheets = [_sheet_view(state, s) for s in range(state.seats)]
            result = self.result(state)
            view.winners = list(result.winners) if result else []
        if seat is not None and 0 <= seat < state.seats:
            view.me = _sheet_view(state, seat)
            view.open_rolls = [
                OpenRoll(roll=k + 1, dice=state.rolls[k])
                for k in range(state.placed[seat], len(state.rolls))
            ]
        return view

    def result(self, state: TuftelnState) -> Result | None:
        if not state.over:
            return None
        scores = tuple(total(sheet) for sheet in state.sheets)
        best = max(scores)
        return Result(scores=scores, winners=tuple(s for s, p in enumerate(scores) if p == best))


# -- internals ------------------------------------------------------------------------------


def _roll(state: TuftelnState) -> Event:
    rng = state.rng()
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    state.rolls.append(dice)
    return Event(
        key="tufteln.rolled",
        params={"roll": len(state.rolls), "first": dice[0], "second": dice[1]},
    )


def _place(state: TuftelnState, seat: Seat, placement: tuple[int, int]) -> None:
    dice = state.rolls[state.placed[seat]]
    state.sheets[seat] = fill(state.sheets[seat], placement, dice)
    state.placed[seat] += 1
    state.last[seat] = (FIELD_NAMES[placement[0]], FIELD_NAMES[placement[1]])


def _advance(state: TuftelnState) -> list[Event]:
    """After placements: end when every sheet is full; in live play, roll on."""
    made = len(state.rolls)
    if any(n < made for n in state.placed):
        return []
    if made == ROUNDS:
        return _finish(state)
    if not state.schedule:
        return [_roll(state)]
    return []


def _finish(state: TuftelnState) -> list[Event]:
    state.over = True
    scores = [total(sheet) for sheet in state.sheets]
    best = max(scores)
    winners = sum(1 for points in scores if points == best)
    params = {"best": best, "count": best, "winners": winners}
    events = [Event(key="tufteln.over", params=params)]
    if state.seats == 1:
        params = {"seat": 0, "total": best, "count": best}
        events.append(Event(key=f"tufteln.rating.{rating(best)}", params=params))
    return events


def _sheet_view(state: TuftelnState, seat: Seat) -> SheetView:
    sheet = state.sheets[seat]
    score = score_sheet(sheet)
    full = state.placed[seat] == ROUNDS
    return SheetView(
        seat=seat,
        values=[int(ch) for ch in sheet],
        last=[name for name in state.last[seat] if name],
        squares=score.squares,
        points=score.points,
        bonus=score.bonus,
        total=score.total,
        full=full,
        defaulted=state.defaulted[seat],
        rating=rating(score.total) if full and state.seats == 1 else None,
    )


GAME = Tufteln()
