"""A player's private "My tasks" panel, built from their own view and legal actions.

- Keeping 3 of 4: the four cards as a picture and a select of the one to give back.
- Placing: the player's tasks as a picture (with the numbers already on the board);
  on their turn a select of the empty spaces (a panel step, `("s", space)`), then a
  select of their tiles (and joker) for that space. That only chooses: the panel
  then says which tile goes where, with Confirm and Change buttons (the engine's
  `confirm` phase), so a misclick costs nothing.
- Turning tiles (and the handicap): the ten tiles as buttons that add a tile to the
  choice or take it back (prefilled with the suggestion; a tile that would go over
  the points is disabled; turned tiles show circled), and a button that turns them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bot.discord.adapters.lupun.words import Ctx, task_text, tile, tiles
from bot.discord.adapters.pictures import Kept
from bot.discord.ui import Button, Option, Picture, Row, Screen, Select, Style
from games.lupun.board import SIZE, space_name
from games.lupun.cards import task
from games.lupun.models import JOKER, TILES, Change, Confirm, Done, Place, Toggle
from games.lupun.pictures import render_tasks

SPACES = tuple(space_name(s) for s in range(SIZE))
CIRCLED = "⓪①②③④⑤⑥⑦⑧⑨"  # a turned tile, as on its back
OPTION_TEXT = 100


_task_cards = Kept(256)


def _tasks(ctx: Ctx, cards: Sequence[str], board: Sequence[int | None] | None = None) -> Picture:
    """Task cards as drawn on `board` (default: the current one); kept, so the steps of
    a turn draw them once."""
    board = ctx.view.board if board is None else board
    words = ctx.say("lupun.picture.card_alt", number=1, count=1, text="")
    key = (tuple(cards), tuple(board), words)
    return _task_cards.picture(
        key, "lupun-my-tasks.png", partial(render_tasks, cards, ctx.say, board)
    )


def panel_screen(ctx: Ctx, step: tuple[str, ...]) -> Screen:
    view = ctx.view
    if view.stage == "over":
        return _final(ctx)
    me = _me(ctx)
    lines = [ctx.say("lupun.ui.panel_title", round=view.round, letter=ctx.letter(me))]
    if view.stage in ("turn", "handicap"):
        return _turning(ctx, lines, step)
    if view.stage == "keep" and view.drawn:
        return _keeping(ctx, lines)
    return _placing(ctx, lines, step)


def _me(ctx: Ctx) -> int:
    assert ctx.view.me is not None, "a panel is built from a seat's own view"
    return ctx.view.me


def _deadline(ctx: Ctx) -> list[str]:
    when = ctx.countdown()
    return [ctx.say("lupun.ui.your_deadline", when=when)] if when and ctx.legal else []


def _notes(ctx: Ctx) -> list[str]:
    view, me = ctx.view, _me(ctx)
    lines = []
    if view.win_card[me]:
        lines.append(ctx.say("lupun.ui.win_card_note"))
    if view.jokers[me]:
        lines.append(ctx.say("lupun.ui.jokers_note", count=view.jokers[me]))
    return lines


# -- after the game ------------------------------------------------------------------------------


def _final(ctx: Ctx) -> Screen:
    """The player's tasks of the last round, as its end revealed them (solved or not, on
    that round's board), with their points and total; nothing to press."""
    view, me = ctx.view, _me(ctx)
    report = view.last_round
    if report is None:  # no round was scored (cannot happen in a finished game)
        return Screen(content=ctx.say("lupun.ui.game_over"))
    mine = report.seats[me]
    lines = [
        ctx.say("lupun.ui.panel_title", round=report.round, letter=ctx.letter(me)),
        ctx.say("lupun.ui.panel_over", count=mine.points, total=view.totals[me]),
    ]
    for card in mine.tasks:
        key = "lupun.ui.task_solved" if card in mine.solved else "lupun.ui.task_failed"
        points = ctx.say("lupun.ui.points", count=task(card).points)
        lines.append(ctx.say(key, text=task_text(ctx, card), points=points))
    pictures = (_tasks(ctx, mine.tasks, report.board),) if mine.tasks else ()
    return Screen(content="\n".join(lines), pictures=pictures)


# -- keeping 3 of 4 ---------------------------------------------------------------------------


def _keeping(ctx: Ctx, lines: list[str]) -> Screen:
    view = ctx.view
    lines += [ctx.say("lupun.ui.keep_prompt"), *_task_lines(ctx, view.drawn)]
    lines += [*_notes(ctx), *_deadline(ctx)]
    options = tuple(
        Option(
            _cut(ctx.say("lupun.ui.keep_option", number=number, text=task_text(ctx, card))),
            card,
            ctx.say("lupun.ui.points", count=task(card).points),
        )
        for number, card in enumerate(view.drawn, start=1)
    )
    select = Select(ctx.choose("keep"), options, ctx.say("lupun.ui.keep_placeholder"))
    return Screen(
        content="\n".join(lines),
        pictures=(_tasks(ctx, view.drawn),),
        rows=(select,) if ctx.legal else (),
    )


def _task_lines(ctx: Ctx, cards: Sequence[str]) -> list[str]:
    """The tasks in words, numbered as the picture numbers their cards (which show only
    the spaces each involves)."""
    return [
        ctx.say("lupun.ui.task_line", number=n, count=task(card).points, text=task_text(ctx, card))
        for n, card in enumerate(cards, start=1)
    ]


def _cut(text: str) -> str:
    return text if len(text) <= OPTION_TEXT else text[: OPTION_TEXT - 1] + "…"


# -- placing -------------------------------------------------------------------------------------


def _placing(ctx: Ctx, lines: list[str], step: tuple[str, ...]) -> Screen:
    view, me = ctx.view, _me(ctx)
    if view.stage == "keep":  # kept already (or no choice with a win card)
        lines.append(ctx.say("lupun.ui.keep_waiting", names=ctx.joined(view.to_keep)))
    lines += _notes(ctx)
    lines.append(ctx.say("lupun.ui.your_tiles", tiles=tiles(ctx, view.tiles[me])))
    lines += _task_lines(ctx, view.hand)
    rows: tuple[Row, ...] = ()
    placements = [a for a in ctx.legal if isinstance(a, Place)]
    if view.draft is not None and any(isinstance(a, Confirm) for a in ctx.legal):
        where, value = view.draft
        lines += [ctx.say("lupun.ui.confirm_line", tile=tile(ctx, value), space=where)]
        lines += _deadline(ctx)
        label = ctx.say("lupun.ui.confirm", tile=tile(ctx, value), space=where)
        rows = (
            (
                Button(label, ctx.act(Confirm()), "success"),
                Button(ctx.say("lupun.ui.change"), ctx.act(Change()), "secondary"),
            ),
        )
    elif placements:
        space: str | None = step[1] if len(step) == 2 and step[0] == "s" else None
        if space is not None and all(a.space != space for a in placements):
            lines.append(ctx.say("lupun.ui.stale"))
            space = None
        key = "lupun.ui.chosen_space" if space else "lupun.ui.your_turn"
        lines += [ctx.say(key, space=space), *_deadline(ctx)]
        rows = _place_controls(ctx, placements, space)
    elif view.stage == "place" and view.to_act is not None:
        lines.append(ctx.say("lupun.ui.others_turn", seat=view.to_act))
    pictures: tuple[Picture, ...] = ()
    if view.hand:
        pictures = (_tasks(ctx, view.hand),)
    return Screen(content="\n".join(lines), pictures=pictures, rows=rows)


def _place_controls(ctx: Ctx, placements: list[Place], space: str | None) -> tuple[Row, ...]:
    view = ctx.view
    spaces = [s for s in SPACES if any(a.space == s for a in placements)]
    in_tasks = {
        s: [n for n, card in enumerate(view.hand, start=1) if SPACES.index(s) in task(card).region]
        for s in spaces
    }
    space_options = tuple(
        Option(
            s,
            s,
            ctx.say("lupun.ui.space_in_tasks", numbers=", ".join(f"#{n}" for n in in_tasks[s]))
            if in_tasks[s]
            else None,
        )
        for s in spaces
    )
    holder = (
        ctx.say("lupun.ui.space_chosen", space=space)
        if space
        else ctx.say("lupun.ui.space_placeholder")
    )
    rows: list[Row] = [Select(ctx.choose_step("s"), space_options, holder)]
    if space is not None:
        values = sorted({a.tile for a in placements if a.space == space}, key=_tile_order)
        tile_options = tuple(
            Option(
                ctx.say("lupun.ui.tile_option", tile=tile(ctx, v), space=space),
                str(v),
                ctx.say("lupun.ui.joker_option") if v == JOKER else None,
            )
            for v in values
        )
        placeholder = ctx.say("lupun.ui.tile_placeholder", space=space)
        rows.append(Select(ctx.choose("place", space), tile_options, placeholder))
    return tuple(rows)


def _tile_order(value: int) -> tuple[bool, int]:
    return value == JOKER, value


# -- turning tiles ---------------------------------------------------------------------------------


def _turning(ctx: Ctx, lines: list[str], step: tuple[str, ...]) -> Screen:
    view, me = ctx.view, _me(ctx)
    toggles = {a.tile for a in ctx.legal if isinstance(a, Toggle)}
    if view.turned[me]:
        lines.append(ctx.say("lupun.ui.turned_so_far", tiles=tiles(ctx, view.turned[me])))
    if not any(isinstance(a, Done) for a in ctx.legal):
        names = ctx.joined(view.to_turn)
        return Screen(content="\n".join([*lines, ctx.say("lupun.ui.turn_waiting", names=names)]))
    budget = view.budgets[me]
    if budget is None:
        lines.append(ctx.say("lupun.ui.handicap_prompt"))
    else:
        lines.append(ctx.say("lupun.ui.turn_prompt", count=budget))
    chosen = view.pending
    if chosen:
        lines.append(ctx.say("lupun.ui.turn_chosen", tiles=tiles(ctx, chosen), sum=sum(chosen)))
    else:
        lines.append(ctx.say("lupun.ui.turn_chosen_none"))
    if view.suggestion != chosen:
        lines.append(ctx.say("lupun.ui.turn_suggested", tiles=tiles(ctx, view.suggestion)))
    lines += _deadline(ctx)
    buttons = []
    for value in TILES:
        if value in view.turned[me]:
            buttons.append(Button(CIRCLED[value], ctx.step("x", value), disabled=True))
            continue
        style: Style = "success" if value in chosen else "secondary"
        toggle = Toggle(tile=value)
        buttons.append(Button(str(value), ctx.act(toggle), style, disabled=value not in toggles))
    label = (
        ctx.say("lupun.ui.turn_confirm", tiles=tiles(ctx, chosen))
        if chosen
        else ctx.say("lupun.ui.turn_confirm_none")
    )
    rows: tuple[Row, ...] = (
        tuple(buttons[:5]),
        tuple(buttons[5:]),
        (Button(label, ctx.act(Done()), "primary"),),
    )
    return Screen(content="\n".join(lines), rows=rows)
