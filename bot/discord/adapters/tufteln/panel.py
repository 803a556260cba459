"""A player's private panel: their own sheet, the oldest open roll, its legal placements.

Fewest clicks: when the roll has at most 25 legal placements, one select offers them
all. Otherwise two steps: the field for die 1 (in two selects, rows 1-3 and 4-6, when
more than 25 fields qualify) is a panel step (`roll`, [half,] field), then the fields
legal together with it for die 2, each a complete placement. Nothing is stored between
the clicks. Built only from the player's own view and legal actions.

Every placement control is valid in any phase: a `Place` names its roll, so a click
made before the next roll still places that roll (catch-up), and a double click is
told "You already placed roll 3" rather than that the button is stale.
"""

from __future__ import annotations

from dataclasses import replace

from bot.discord.adapters.context import Context
from bot.discord.adapters.shapes import beside, ranks, small, text
from bot.discord.adapters.tufteln.render import sheet_picture
from bot.discord.adapters.tufteln.table import rating_line
from bot.discord.ui import Block, Button, Gallery, Option, Row, Screen, Select
from games.tufteln.models import OpenRoll, Place, SheetView, TuftelnView
from games.tufteln.scoring import BONUS, CATEGORIES, POINTS, SCORING, square_category
from games.tufteln.sheet import COLOURS, FIELD_NAMES, SIZE, SQUARE_OF, field_index

Ctx = Context[TuftelnView]

MAX_OPTIONS = 25  # Discord's limit per select
BUTTONS_UP_TO = 5  # die 2's choices shown as buttons, each beside its field
PICTURE = "sheet.png"


def panel(ctx: Ctx, step: tuple[str, ...] = ()) -> Screen:
    """The panel, or die 2's step once die 1's field is chosen (`step` = roll, field)."""
    if len(step) >= 2:
        return second_step(ctx, step[0], step[-1])
    return main(ctx)


def placements(ctx: Ctx) -> list[Place]:
    return [action for action in ctx.legal if isinstance(action, Place)]


def anytime(ctx: Ctx) -> Ctx:
    """The context for placement controls: valid across phases (see above)."""
    return replace(ctx, phase=None)


def main(ctx: Ctx, note: str = "") -> Screen:
    """A card: the roll and what to do with it, the sheet in words (minor print
    small), the sheet drawn, then the choice of fields."""
    view = ctx.view
    me = view.me
    assert me is not None, "a panel is a seat's own view"
    lines = [note]
    rows: tuple[Row, ...] = ()
    if view.over:
        lines += _final_lines(ctx, me)
    elif not view.open_rolls:
        lines += _idle_lines(ctx)
    else:
        current = view.open_rolls[0]
        first, second = current.dice
        lines.append(
            ctx.say("tufteln.ui.panel_roll", roll=current.roll, first=first, second=second)
        )
        if len(view.open_rolls) > 1:
            lines.append(ctx.say("tufteln.ui.panel_behind", count=len(view.open_rolls)))
        prompt, rows = _controls(ctx, current, me)
        lines += [prompt, _deadline_line(ctx)]
    if me.defaulted:  # the sheet holds rolls the player did not choose: say so
        lines.append(ctx.say("tufteln.ui.panel_defaulted", count=me.defaulted))
    picture = sheet_picture(view, _name(ctx), ctx.say)
    return Screen(
        embed_title=_title(ctx, me),
        embed_text=text(*lines),
        blocks=(sheet_lines(ctx, me), Gallery((PICTURE,)), sheet_legend(ctx)),
        pictures=(picture,),
        rows=rows,
    )


def _title(ctx: Ctx, me: SheetView) -> str:
    """'Your sheet · 14 points'."""
    return ctx.say("tufteln.ui.panel_title", count=me.total)


def sheet_lines(ctx: Ctx, me: SheetView) -> str:
    """What the sheet's picture leaves to words: its full squares and the bonus so far
    (the points each kind of square scores and what the colours and marks mean, small,
    under the picture: `sheet_legend`)."""
    kinds = [kind for kind in CATEGORIES if kind in me.squares]
    if kinds:
        counts = ", ".join(
            ctx.say(
                "tufteln.ui.square_count",
                kind=ctx.say(f"tufteln.ui.kind.{kind}"),
                count=me.squares.count(kind),
            )
            for kind in kinds
        )
        squares = ctx.say("tufteln.ui.squares", squares=counts)
    else:
        squares = ctx.say("tufteln.ui.squares_none")
    done = sum(1 for kind in SCORING if kind in me.squares)
    key = "tufteln.ui.bonus_won" if me.bonus else "tufteln.ui.bonus"
    bonus = ctx.say(key, done=done, kinds=len(SCORING), most=BONUS)
    return text(squares, bonus)


def sheet_legend(ctx: Ctx) -> str:
    """The points each kind of square scores and what the sheet's marks mean, small."""
    table = " · ".join(
        ctx.say("tufteln.ui.points_item", kind=ctx.say(f"tufteln.ui.kind.{kind}"), points=points)
        for kind, points in POINTS.items()
    )
    return small(
        ctx.say("tufteln.ui.points_table", table=table), ctx.say("tufteln.ui.sheet_legend")
    )


def _name(ctx: Ctx) -> str:
    assert ctx.seat is not None, "a panel is a seat's own view"
    return ctx.names[ctx.seat]


def _final_lines(ctx: Ctx, me: SheetView) -> list[str]:
    view = ctx.view
    if len(view.placed) == 1:
        lines = [ctx.say("tufteln.ui.panel_end_solo", count=me.total)]
        if me.rating:
            lines.append(rating_line(ctx, me.seat, me.rating, me.total))
        return lines
    totals = sorted((s.total for s in view.sheets or []), reverse=True)
    rank = ranks(totals)[totals.index(me.total)]
    return [
        ctx.say(
            "tufteln.ui.panel_end", total=me.total, rank=rank, players=len(totals), count=me.total
        )
    ]


def _idle_lines(ctx: Ctx) -> list[str]:
    view = ctx.view
    if not view.rolls:
        return [ctx.say("tufteln.ui.panel_first_roll")]
    if not view.schedule:
        return [ctx.say("tufteln.ui.panel_done_live", roll=len(view.rolls))]
    return [ctx.say("tufteln.ui.panel_done_scheduled"), _deadline_line(ctx)]


def _deadline_line(ctx: Ctx) -> str:
    at = ctx.deadline_at
    if at is None:
        return ""
    if ctx.view.phase == "final":
        return ctx.say("tufteln.ui.panel_final", when=ctx.when(at))
    if ctx.view.schedule:
        return ctx.say("tufteln.ui.panel_next_roll", when=ctx.when(at))
    return ctx.say("tufteln.ui.panel_live_limit", when=ctx.when(at))


# -- choosing a placement ----------------------------------------------------------------------


def _controls(ctx: Ctx, current: OpenRoll, me: SheetView) -> tuple[str, tuple[Row, ...]]:
    first, second = current.dice
    actions = placements(ctx)
    if len(actions) <= MAX_OPTIONS:
        select = Select(
            custom_id=anytime(ctx).choose("place", current.roll),
            options=tuple(_pair_option(ctx, a, current.dice, me) for a in actions),
            placeholder=ctx.say("tufteln.ui.placeholder_all", first=first, second=second),
        )
        return ctx.say("tufteln.ui.panel_choose"), (select,)
    fields = sorted(partners(actions, current.dice))
    groups = [fields] if len(fields) <= MAX_OPTIONS else _by_rows(fields)
    selects = []
    for number, group in enumerate(groups):
        if len(groups) == 1:
            placeholder = ctx.say("tufteln.ui.placeholder_first", first=first)
            custom_id = ctx.choose_step(current.roll)
        else:
            top = group[0] // SIZE // 3 * 3  # rows 1-3 or 4-6
            rows = f"{top + 1}–{top + 3}"
            placeholder = ctx.say("tufteln.ui.placeholder_first_rows", first=first, rows=rows)
            custom_id = ctx.choose_step(current.roll, number)  # ids differ per message
        selects.append(
            Select(
                custom_id=custom_id,
                options=tuple(_field_option(ctx, i) for i in group),
                placeholder=placeholder,
            )
        )
    key = "panel_choose_first_same" if first == second else "panel_choose_first"
    prompt = ctx.say(f"tufteln.ui.{key}", first=first, second=second)
    return prompt, tuple(selects)


def partners(actions: list[Place], dice: tuple[int, int]) -> dict[int, dict[int, Place]]:
    """For each field die 1 may go to, the fields die 2 may go to with it (reading
    order), each with the legal action that places so.

    With equal dice the engine lists each pair once, in reading order; either field
    may be chosen first, and the placement is that one action.
    """
    found: dict[int, dict[int, Place]] = {}
    for action in actions:
        i, j = FIELD_NAMES.index(action.first), FIELD_NAMES.index(action.second)
        found.setdefault(i, {})[j] = action
        if dice[0] == dice[1]:
            found.setdefault(j, {})[i] = action
    return {i: dict(sorted(js.items())) for i, js in found.items()}


def _by_rows(fields: list[int]) -> list[list[int]]:
    """Split by the sheet's halves (rows 1-3, 4-6): at most 15 free fields each."""
    halves = ([i for i in fields if i // SIZE < 3], [i for i in fields if i // SIZE >= 3])
    return [half for half in halves if half]


def _field_label(ctx: Ctx, index: int) -> str:
    colour = ctx.say(f"tufteln.ui.colour.{COLOURS[index]}")
    return ctx.say("tufteln.ui.option_field", field=FIELD_NAMES[index], colour=colour)


def _field_option(ctx: Ctx, index: int) -> Option:
    return Option(label=_field_label(ctx, index), value=FIELD_NAMES[index])


def _pair_value(action: Place) -> str:
    """A whole placement as a select's value: it fills the `place:<roll>:*` hole."""
    return f"{action.first}:{action.second}"


def _pair_option(ctx: Ctx, action: Place, dice: tuple[int, int], me: SheetView) -> Option:
    first, second = dice
    if first == second:
        label = ctx.say("tufteln.ui.option_same", a=action.first, b=action.second)
    else:
        label = ctx.say(
            "tufteln.ui.option_pair", first=first, second=second, a=action.first, b=action.second
        )
    hint = completes(ctx, me, [(action.first, first), (action.second, second)])
    return Option(label=label, value=_pair_value(action), description=hint)


def completes(ctx: Ctx, me: SheetView, writes: list[tuple[str, int]]) -> str | None:
    """What the placement completes ("completes a pair +2"), or None."""
    cells = [str(v) for v in me.values]
    touched = set()
    for name, value in writes:
        index = FIELD_NAMES.index(name)
        cells[index] = str(value)
        touched.add(SQUARE_OF[index])
    sheet = "".join(cells)
    found = [square_category(sheet, square) for square in sorted(touched)]
    names = [ctx.say(f"tufteln.ui.category.{c}") for c in found if c is not None]
    return ctx.say("tufteln.ui.completes", what=", ".join(names)) if names else None


def second_step(ctx: Ctx, roll: str, field: str) -> Screen:
    """Die 1 is in `field` (named in the text); choose the field for die 2.

    The picture stays the sheet as it is: it is neither drawn nor uploaded again, and
    on a phone the message does not reload its picture between the two taps."""
    view = ctx.view
    me = view.me
    if me is None or not view.open_rolls or str(view.open_rolls[0].roll) != roll:
        note = ctx.say("tufteln.ui.panel_stale", roll=roll) if roll.isdigit() else ""
        return main(ctx, note)
    current = view.open_rolls[0]
    first, second = current.dice
    index = field_index(field)
    options = partners(placements(ctx), current.dice).get(index if index is not None else -1)
    if index is None or not options:
        return main(ctx, ctx.say("tufteln.ui.bad_choice"))
    name = FIELD_NAMES[index]
    anyphase = anytime(ctx)
    back = Button(ctx.say("tufteln.ui.back"), ctx.step())
    rows: tuple[Row, ...]
    fields: list[Block] = []
    if len(options) <= BUTTONS_UP_TO:  # one tap each, beside the field's words
        for j, action in options.items():
            label = _field_label(ctx, j)
            hint = completes(ctx, me, [(name, first), (FIELD_NAMES[j], second)])
            said = ctx.say("tufteln.ui.field_completes", field=label, what=hint) if hint else label
            put = ctx.say("tufteln.ui.put_here", second=second)
            fields.append(beside(said, Button(put, anyphase.act(action), "primary")))
        rows = ((back,),)
    else:
        choices = tuple(
            Option(
                _field_label(ctx, j),
                _pair_value(action),
                completes(ctx, me, [(name, first), (FIELD_NAMES[j], second)]),
            )
            for j, action in options.items()
        )
        select = Select(
            custom_id=anyphase.choose("place", current.roll),
            options=choices,
            placeholder=ctx.say("tufteln.ui.placeholder_second", second=second),
        )
        rows = (select, (back,))
    key = "panel_second_same" if first == second else "panel_second"
    lines = [
        ctx.say("tufteln.ui.panel_roll", roll=current.roll, first=first, second=second),
        ctx.say(f"tufteln.ui.{key}", first=first, field=name, second=second),
    ]
    picture = sheet_picture(view, _name(ctx), ctx.say)
    return Screen(
        embed_title=_title(ctx, me),
        embed_text=text(*lines),
        blocks=(*fields, Gallery((PICTURE,))),
        pictures=(picture,),
        rows=rows,
    )
