"""Contexts for adapters, made from a game: the one place where the Discord side turns
a state into views. The table gets the public view; a seat gets its own view and its
legal actions, and nothing else.

A change is told with several contexts of the same reader (the announcement, the turn
notice, the table, its chapter), and a panel's steps each need the player's: each is
made once per state of the game and kept until the game's state changes (a Tüfteln
seat's legal placements alone are 300 models). Contexts are never changed in place
(`dataclasses.replace` makes another), so one serves every caller.

A context with many legal actions crosses to a drawing worker as its state instead
(`portable`): a Tüfteln seat's 200-300 placements took 0.3 ms to pickle here and 0.45 ms
to unpickle there, where its state takes 10 µs both ways and the worker works the
actions out again in 0.07 ms."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from bot.discord.adapters import adapter_for
from bot.discord.adapters.context import Context
from games import registry
from games.engine import AnyGame, Seat, State

if TYPE_CHECKING:  # (the drawing workers use `context_of` without the host)
    from bot.core.service import LiveGame


def table_context(
    live: LiveGame, locale: str | None = None, *, for_away: bool = False
) -> Context[Any]:
    """What the whole table may see, in `locale` (default: the game's). `for_away`: the
    context tells a step the bot played for away players (`Context.for_away`)."""
    return _context(live, None, locale, for_away)


def seat_context(
    live: LiveGame, seat: Seat, locale: str | None = None, *, for_away: bool = False
) -> Context[Any]:
    """What one player may see and do, in `locale` (default: the game's)."""
    return _context(live, seat, locale, for_away)


GAMES_KEPT = 256  # games whose contexts are kept (those of their current state)
# By game: the state its contexts were made from, and those contexts by their inputs.
_made: OrderedDict[int, tuple[State, dict[Hashable, Context[Any]]]] = OrderedDict()
LEGAL_BY_STATE = 32  # legal actions past which a context crosses as its state (`portable`)


def _context(
    live: LiveGame, seat: Seat | None, locale: str | None, for_away: bool = False
) -> Context[Any]:
    state = live.state  # one read: the loop may replace it while a thread draws
    assert state is not None, "a game's screens need a started game"
    names = tuple(p.display_name for p in live.players)
    user_ids = tuple(p.user_id for p in live.players)
    locale = locale or live.row.locale
    finished = live.status == "finished"
    row = live.row
    when = (live.deadline_at, finished, row.channel_id, row.version)
    key = (seat, locale, for_away, names, user_ids, when)
    made = _made.pop(live.id, None)
    if made is None or made[0] is not state:
        made = (state, {})
    _made[live.id] = made
    while len(_made) > GAMES_KEPT:
        _made.popitem(last=False)
    found = made[1].get(key)
    if found is None:
        found = made[1][key] = context_of(
            live.game,
            state,
            seat,
            locale=locale,
            game_id=live.id,
            names=names,
            user_ids=user_ids,
            channel_id=row.channel_id,
            version=row.version,
            deadline_at=live.deadline_at,
            finished=finished,
            for_away=for_away,
        )
    return found


def context_of(
    game: AnyGame,
    state: State,
    seat: Seat | None,
    *,
    locale: str | None,
    game_id: int,
    names: Sequence[str],
    user_ids: Sequence[int],
    channel_id: int = 0,
    version: int = 0,
    deadline_at: float | None = None,
    finished: bool = False,
    for_away: bool = False,
) -> Context[Any]:
    """The context of one reader (`seat`, or the table for None) of a game's state."""
    legal = tuple(game.legal_actions(state, seat)) if seat is not None else ()
    return Context(
        view=game.view(state, seat),
        locale=locale,
        game_id=game_id,
        game_name=game.name,
        phase=game.phase_key(state),
        names=tuple(names),
        user_ids=tuple(user_ids),
        channel_id=channel_id,
        version=version,
        deadline_at=deadline_at,
        finished=finished,
        seat=seat,
        legal=legal,
        panel_key=adapter_for(game.id).panel_key,
        for_away=for_away,
    )


@dataclass(frozen=True)
class Portable:
    """A context without its legal actions, and the state they follow from."""

    context: Context[Any]
    kind: str
    state: State

    def made(self) -> Context[Any]:
        """The context whole again, its legal actions worked out from the state."""
        game, seat = registry.get(self.kind), self.context.seat
        assert seat is not None, "only a seat's context has legal actions"
        return replace(self.context, legal=tuple(game.legal_actions(self.state, seat)))


def portable(context: Context[Any], kind: str, **changes: Any) -> Context[Any] | Portable:
    """`context` with `changes`, as it is best pickled for a drawing worker: with many
    legal actions and made here from a game's current state, as a `Portable`."""
    made = _made.get(context.game_id)
    if (
        len(context.legal) < LEGAL_BY_STATE
        or made is None
        or not any(found is context for found in made[1].values())
    ):
        return replace(context, **changes)
    return Portable(replace(context, legal=(), **changes), kind, made[0])
