"""A player's private "My tasks" panel, built from their own view and legal actions: a
card of what to do now, the tasks in words, the picture of their cards, then controls.

- Keeping 3 of 4: each task in words with its "Give back" button beside it, then the
  four cards as a picture.
- Placing: the player's tasks in words and as a picture (with the numbers already on
  the board); on their turn a select of the empty spaces (a panel step, `("s",
  space)`), then a select of their tiles (and joker) for that space. That only
  chooses: the panel then says which tile goes where, with Confirm beside it and
  Change beside "choose again" (the engine's `confirm` phase), so a misclick costs
  nothing.
- Turning tiles (and the handicap): the ten tiles as buttons that add a tile to the
  choice or take it back (prefilled with the suggestion; a tile that would go over
  the points is disabled; turned tiles show circled), and the button that turns them
  beside the choice so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bot.discord.adapters.lupun.words import Ctx, task_text, tile, tiles
from bot.discord.adapters.pictures import Kept
from bot.discord.adapters.shapes import beside, small, text
from bot.discord.ui import Block, Button, Gallery, Option, Picture, Row, Screen, Select, Style
from games.lupun.board import SIZE, space_name
from games.lupun.cards import task
from games.lupun.models import JOKER, TILES, Change, Confirm, Done, Keep, Place, Toggle
from games.lupun.pictures import render_tasks

SPACES = tuple(space_name(s) for s in range(SIZE))
CIRCLED = "⓪①②③④⑤⑥⑦⑧⑨"  # a turned tile, as on its back
OPTION_TEXT = 100
PICTURE = "lupun-my-tasks.png"


_task_cards = Kept(256)


def _tasks(ctx: Ctx, cards: Sequence[str], board: Sequence[int | None] | None = None) -> Picture:
    """Task cards as drawn on `board` (default: the current one); kept, so the steps of
    a turn draw them once."""
    board = ctx.view.board if board is None else board
    words = ctx.say("lupun.picture.card_alt", number=1, count=1, text="")
    key = (tuple(cards), tuple(board), words)
    return _task_cards.picture(key, PICTURE, partial(render_tasks, cards, ctx.say, board))


def panel_screen(ctx: Ctx, step: tuple[str, ...]) -> Screen:
    view = ctx.view
    if view.stage == "over":
        return _final(ctx)
    lines: list[str] = []
    if view.stage in ("turn", "handicap"):
        return _turning(ctx, lines, step)
    if view.stage == "keep" and view.drawn:
        return _keeping(ctx, lines)
    return _placing(ctx, lines, step)


def _me(ctx: Ctx) -> int:
    assert ctx.view.me is not None, "a panel is built from a seat's own view"
    return ctx.view.me


def _title(ctx: Ctx, round_number: int | None = None) -> str:
    me = _me(ctx)
    number = ctx.view.round if round_number is None else round_number
    return ctx.say("lupun.ui.panel_title", round=number, letter=ctx.letter(me), seat=me)


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
        return Screen(embed_title=_title(ctx), embed_text=ctx.say("lupun.ui.game_over"))
    mine = report.seats[me]
    lines = [ctx.say("lupun.ui.panel_over", count=mine.points, total=view.totals[me])]
    for card in mine.tasks:
        key = "lupun.ui.task_solved" if card in mine.solved else "lupun.ui.task_failed"
        points = ctx.say("lupun.ui.points", count=task(card).points)
        lines.append(ctx.say(key, text=task_text(ctx, card), points=points))
    pictures = (_tasks(ctx, mine.tasks, report.board),) if mine.tasks else ()
    return Screen(embed_title=_title(ctx, report.round), embed_text=text(*lines), pictures=pictures)


# -- keeping 3 of 4 ---------------------------------------------------------------------------


def _keeping(ctx: Ctx, lines: list[str]) -> Screen:
    """Each drawn task in words with its Give back button beside it (the one given back
    goes under the stack), then the four cards."""
    view = ctx.view
    gives = {a.drop: a for a in ctx.legal if isinstance(a, Keep)}
    sections: list[Block] = []
    for number, card in enumerate(view.drawn, start=1):
        said = _task_line(ctx, number, card)
        action = gives.get(card)
        if action is None:
            sections.append(said)
            continue
        label = ctx.say("lupun.ui.give_back", number=number)
        sections.append(beside(said, Button(label, ctx.act(action), "secondary")))
    lines += [ctx.say("lupun.ui.keep_prompt") if gives else "", *_notes(ctx), *_deadline(ctx)]
    return Screen(
        embed_title=_title(ctx),
        embed_text=text(*lines),
        blocks=(*_merged(sections), Gallery((PICTURE,))),
        pictures=(_tasks(ctx, view.drawn),),
    )


def _merged(blocks: Sequence[Block]) -> list[Block]:
    """Texts in a row as one text (fewer components); sections as they are."""
    out: list[Block] = []
    for block in blocks:
        if isinstance(block, str) and out and isinstance(out[-1], str):
            out[-1] = text(out[-1], block)
        else:
            out.append(block)
    return out


def _task_lines(ctx: Ctx, cards: Sequence[str]) -> list[str]:
    """The tasks in words, numbered as the picture numbers their cards (which show only
    the spaces each involves)."""
    return [_task_line(ctx, n, card) for n, card in enumerate(cards, start=1)]


def _task_line(ctx: Ctx, number: int, card: str) -> str:
    said = task_text(ctx, card)
    return ctx.say("lupun.ui.task_line", number=number, count=task(card).points, text=said)


def _cut(text: str) -> str:
    return text if len(text) <= OPTION_TEXT else text[: OPTION_TEXT - 1] + "…"


# -- placing -------------------------------------------------------------------------------------


def _placing(ctx: Ctx, lines: list[str], step: tuple[str, ...]) -> Screen:
    """What to do now (the placement to confirm, with Confirm and Change beside it),
    the tiles and tasks in words, the task cards, then the selects of a placement."""
    view, me = ctx.view, _me(ctx)
    now: list[Block] = []
    rows: tuple[Row, ...] = ()
    placements = [a for a in ctx.legal if isinstance(a, Place)]
    if view.stage == "keep":  # kept already (or no choice with a win card)
        lines.append(ctx.say("lupun.ui.keep_waiting", names=ctx.joined(view.to_keep)))
    if view.draft is not None and any(isinstance(a, Confirm) for a in ctx.legal):
        where, value = view.draft
        label = ctx.say("lupun.ui.confirm", tile=tile(ctx, value), space=where)
        now = [
            beside(
                ctx.say("lupun.ui.confirm_line", tile=tile(ctx, value), space=where),
                Button(label, ctx.act(Confirm()), "success"),
            ),
            beside(
                ctx.say("lupun.ui.change_line"),
                Button(ctx.say("lupun.ui.change"), ctx.act(Change()), "secondary"),
            ),
        ]
        lines += _deadline(ctx)
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
    mine = [
        *_notes(ctx),
        ctx.say("lupun.ui.your_tiles", tiles=tiles(ctx, view.tiles[me])),
        *_task_lines(ctx, view.hand),
    ]
    pictures: tuple[Picture, ...] = ()
    blocks: list[Block] = [*now, text(*mine)]
    if view.hand:
        pictures = (_tasks(ctx, view.hand),)
        blocks.append(Gallery((PICTURE,)))
    return Screen(
        embed_title=_title(ctx),
        embed_text=text(*lines),
        blocks=tuple(blocks),
        pictures=pictures,
        rows=rows,
    )


def _place_controls(ctx: Ctx, placements: list[Place], space: str | None) -> tuple[Row, ...]:
    view = ctx.view
    open_spaces = {a.space for a in placements}
    spaces = [s for s in SPACES if s in open_spaces]
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
    """The tiles as buttons that add to the choice or take from it, and the button
    that turns them beside the choice so far."""
    view, me = ctx.view, _me(ctx)
    toggles = {a.tile for a in ctx.legal if isinstance(a, Toggle)}
    turned = ""
    if view.turned[me]:
        turned = ctx.say("lupun.ui.turned_so_far", tiles=tiles(ctx, view.turned[me]))
    if not any(isinstance(a, Done) for a in ctx.legal):
        names = ctx.joined(view.to_turn)
        waiting = text(*lines, ctx.say("lupun.ui.turn_waiting", names=names), turned)
        return Screen(embed_title=_title(ctx), embed_text=waiting)
    budget = view.budgets[me]
    if budget is None:
        lines.append(ctx.say("lupun.ui.handicap_prompt"))
    else:
        lines.append(ctx.say("lupun.ui.turn_prompt", count=budget))
    lines += [turned, *_deadline(ctx)]
    chosen = view.pending
    if chosen:
        said = ctx.say("lupun.ui.turn_chosen", tiles=tiles(ctx, chosen), sum=sum(chosen))
    else:
        said = ctx.say("lupun.ui.turn_chosen_none")
    if view.suggestion != chosen:
        said = text(
            said, small(ctx.say("lupun.ui.turn_suggested", tiles=tiles(ctx, view.suggestion)))
        )
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
    done = beside(said, Button(label, ctx.act(Done()), "primary"))
    return Screen(
        embed_title=_title(ctx),
        embed_text=text(*lines),
        blocks=(done,),
        rows=(tuple(buttons[:5]), tuple(buttons[5:])),
    )
