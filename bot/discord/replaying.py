"""A finished game's screens drawn again from its record (`bot.core.records`), for
its page in /history and its replay. One mechanism for every game: the engine replays
the log (`games.replay`), and the game's own adapter draws each state with the same
context and away line the presenter used while it was played (`bot.discord.tables`),
so a step's table is the one the table message showed then; its digest is the one
recorded (`Shown`), which the tests hold it to.

What a seat saw at a step (its panel) is shown too where the game's end reveals it
anyway (`Game.replay_reveals`). Controls are taken out of every screen shown here: a
replay looks, it never plays.

Runs where screens are built (the drawing workers, through `GameAdapter.replay` and
`GameAdapter.final_table`): replaying a long game costs a few to a few hundred
milliseconds, so each process keeps some states of the games it replayed lately
(one every `EVERY` steps): a step forward or back replays a few moves, not the game.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from bot.core.records import GameRecord, Shown
from bot.discord.adapters.context import Context
from bot.discord.contexts import context_of
from bot.discord.tables import away_line
from bot.discord.ui import Block, Button, Screen, Section
from bot.i18n import has, t
from games import registry
from games.engine import Seat
from games.replay import ReplayBroken, Step, dealt, replayed

if TYPE_CHECKING:
    from bot.discord.adapters.base import GameAdapter

EVERY = 16  # a state kept every this many steps...
GAMES_KEPT = 8  # ...of the games replayed last
_kept: OrderedDict[tuple[int, int], dict[int, Step]] = OrderedDict()
_keeping = threading.Lock()


def step_at(record: GameRecord, number: int) -> Step:
    """The game after `number` moves (0: as dealt), replayed from the nearest state
    kept. Raises `ReplayBroken` where this release refuses a logged move."""
    game = registry.get(record.kind)
    number = min(max(number, 0), record.steps)
    key = (record.game_id, record.steps)
    with _keeping:  # (threads build screens too, where there are no workers)
        marks = _kept.pop(key, None)
        if marks is None:
            marks = {0: dealt(game, len(record.players), record.options, record.seed)}
        _kept[key] = marks
        while len(_kept) > GAMES_KEPT:
            _kept.popitem(last=False)
        start = marks[max(n for n in marks if n <= number)]
    step = start
    for step in replayed(game, start, record.moves()[start.number : number]):
        if step.number % EVERY == 0:
            with _keeping:
                marks[step.number] = step
    return step


def context(
    record: GameRecord, step: Step, seat: Seat | None, locale: str | None, shown: Shown | None
) -> Context[Any]:
    """The context the presenter made for this state (the table's, or a seat's)."""
    game = registry.get(record.kind)
    return context_of(
        game,
        step.state,
        seat,
        locale=locale or record.locale,
        game_id=record.game_id,
        names=record.names,
        user_ids=record.user_ids,
        channel_id=record.channel_id,
        version=shown.version if shown is not None else record.version_of(step.number),
        deadline_at=shown.deadline_at if shown is not None else None,
        finished=game.result(step.state) is not None,
    )


def table_at(
    adapter: GameAdapter[Any],
    record: GameRecord,
    number: int,
    locale: str | None = None,
    shown: Shown | None = None,
) -> Screen:
    """The public table after `number` moves as the table message showed it (as
    `shown`, by default the last drawing of that state), in `locale` (the game's)."""
    step = step_at(record, number)
    shown = shown if shown is not None else record.shown_at(step.number)
    ctx = context(record, step, None, locale, shown)
    away = shown.away if shown is not None and not ctx.finished else ()
    return away_line(adapter.table(ctx), record.game_id, ctx.locale, record.names, away)


def without_controls(screen: Screen) -> Screen:
    """The screen to look at: no rows, and a section's words without its button."""
    blocks: list[Block] = []
    for block in screen.blocks:
        if isinstance(block, Section) and isinstance(block.accessory, Button):
            blocks.append("\n".join(block.texts))
        else:
            blocks.append(block)
    return replace(screen, rows=(), blocks=tuple(blocks))


def frame(
    adapter: GameAdapter[Any],
    record: GameRecord,
    number: int,
    reader: Seat | None,
    locale: str | None,
) -> Screen:
    """A replay's step: the public table (or what `reader` saw) after `number` moves,
    without controls; `extra` holds the step's number, the steps in all and its words
    (who did what). A game this release cannot replay says so instead."""
    game = registry.get(record.kind)
    number = min(max(number, 0), record.steps)
    facts: dict[str, Any] = {"number": number, "steps": record.steps, "said": []}
    try:
        step = step_at(record, number)
    except ReplayBroken:
        return Screen(content=t("replay.broken", locale), extra={**facts, "broken": True})
    shown = record.shown_at(number)
    public = context(record, step, None, locale, shown)
    if reader is None or not game.replay_reveals or not 0 <= reader < len(record.players):
        screen, reader = table_at(adapter, record, number, locale, shown), None
    else:
        screen = adapter.panel(context(record, step, reader, locale, shown))
    facts["said"] = said(adapter, record, step, public, reader)
    return replace(without_controls(screen), extra=facts)


def said(
    adapter: GameAdapter[Any],
    record: GameRecord,
    step: Step,
    public: Context[Any],
    reader: Seat | None,
) -> list[str]:
    """Who did what in the step, as the game announced it (and what `reader` alone
    was told then); a step the table was not told of names who moved."""
    from bot.discord.adapters.base import Happened

    if step.number == 0:
        return [public.say("replay.dealt")]
    kind = "acted" if step.seat is not None else "expired"
    kind = "finished" if public.finished else kind
    lines = adapter.replay_words(public, Happened(kind, step.events, step.seat))
    if not lines:
        key = "replay.moved" if step.seat is not None else "replay.timed_out"
        lines = [public.say(key, seat=step.seat)]
    if reader is not None:
        own = context(record, step, reader, public.locale, None)
        lines += [
            own.event(e) for e in step.events if e.to is not None and reader in e.to and has(e.key)
        ]
    return lines


def final_table(adapter: GameAdapter[Any], record: GameRecord, locale: str | None) -> Screen:
    """The game's table as it ended, from the public view the statistics keep, without
    controls; `extra["outcome"]`: its result (the engine's, as JSON), replayed when the
    record does not keep it."""
    game = registry.get(record.kind)
    outcome = record.outcome
    try:
        view = game.view_model().model_validate(record.final)
    except ValidationError:  # a view of an older release: the replay's last table
        view = None
    try:
        if outcome is None:
            result = game.result(step_at(record, record.steps).state)
            outcome = result.model_dump(mode="json") if result is not None else None
        if view is None:
            screen = table_at(adapter, record, record.steps, locale)
        else:
            screen = adapter.table(
                Context(
                    view=view,
                    locale=locale,
                    game_id=record.game_id,
                    game_name=game.name,
                    phase=None,
                    names=record.names,
                    user_ids=record.user_ids,
                    channel_id=record.channel_id,
                    version=record.version_of(record.steps),
                    deadline_at=None,
                    finished=True,
                    panel_key=adapter.panel_key,
                )
            )
    except ReplayBroken:
        return Screen(content=t("replay.broken", locale), extra={"outcome": outcome})
    return replace(without_controls(screen), extra={"outcome": outcome})
