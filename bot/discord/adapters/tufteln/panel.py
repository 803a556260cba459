"""A player's private panel: their own sheet, the oldest open roll, its legal placements.

Fewest clicks: when the roll has at most 25 legal placements, one select offers them
all. Otherwise two steps: the field for die 1 (in two selects, rows 1-3 and 4-6, when
more than 25 fields qualify), then the fields legal together with it for die 2. The
second step carries the first choice in its custom_id, so nothing is stored between
the clicks. Built only from the player's own view and legal actions.
"""

from __future__ import annotations

from typing import Any, cast

from bot.discord import ids
from bot.discord.adapters.tufteln.common import ranks, state_of, when
from bot.discord.adapters.tufteln.render import sheet_picture
from bot.core.errors import Refused
from bot.core.service import LiveGame
from bot.discord.ui import Button, Option, Row, Screen, Select
from bot.discord.wording import say
from games.tufteln.models import OpenRoll, Place, SheetView, TuftelnView
from games.tufteln.scoring import square_category
from games.tufteln.sheet import COLOURS, FIELD_NAMES, SIZE, SQUARE_OF, field_index

MAX_OPTIONS = 25  # Discord's limit per select
BUTTONS_UP_TO = 5  # die 2's choices shown as one row of buttons
PAIR = "."  # joins the two fields of a complete placement in an option value


def own_side(live: LiveGame, seat: int) -> tuple[TuftelnView, list[Place]]:
    """The seat's view and legal placements, from one state (the loop may replace
    `live.state` while a panel is drawn in a thread)."""
    state = state_of(live)
    view = cast(TuftelnView, live.game.view(state, seat))
    return view, cast(list[Place], live.game.legal_actions(state, seat))


def panel(live: LiveGame, seat: int, locale: str, note: str = "") -> Screen:
    view, actions = own_side(live, seat)
    me = view.me
    assert me is not None
    name = live.players[seat].display_name
    lines = [note]
    rows: tuple[Row, ...] = ()
    if view.over:
        lines += _final_lines(live, view, me, locale)
    elif not view.open_rolls:
        lines += _idle_lines(live, view, locale)
    else:
        current = view.open_rolls[0]
        first, second = current.dice
        lines.append(
            say(
                live, "tufteln.ui.panel_roll", locale, roll=current.roll, first=first, second=second
            )
        )
        if len(view.open_rolls) > 1:
            lines.append(say(live, "tufteln.ui.panel_behind", locale, count=len(view.open_rolls)))
        lines.append(_deadline_line(live, view, locale))
        prompt, rows = _controls(live, actions, current, me, locale)
        lines.append(prompt)
    if not view.over:
        lines.append(say(live, "tufteln.ui.panel_total", locale, total=me.total))
    content = "\n".join(line for line in lines if line)
    return Screen(content=content, pictures=(sheet_picture(view, name),), rows=rows)


def _final_lines(live: LiveGame, view: TuftelnView, me: SheetView, locale: str) -> list[str]:
    if len(view.placed) == 1:
        lines = [say(live, "tufteln.ui.panel_end_solo", locale, total=me.total)]
        if me.rating:
            lines.append(
                say(live, f"tufteln.rating.{me.rating}", locale, seat=me.seat, total=me.total)
            )
        return lines
    totals = sorted((s.total for s in view.sheets or []), reverse=True)
    rank = ranks(totals)[totals.index(me.total)]
    return [say(live, "tufteln.ui.panel_end", locale, total=me.total, rank=rank, count=len(totals))]


def _idle_lines(live: LiveGame, view: TuftelnView, locale: str) -> list[str]:
    if not view.rolls:
        return [say(live, "tufteln.ui.panel_first_roll", locale)]
    if not view.schedule:
        return [say(live, "tufteln.ui.panel_done_live", locale, roll=len(view.rolls))]
    return [
        say(live, "tufteln.ui.panel_done_scheduled", locale),
        _deadline_line(live, view, locale),
    ]


def _deadline_line(live: LiveGame, view: TuftelnView, locale: str) -> str:
    at = live.deadline_at
    if at is None:
        return ""
    if view.phase == "final":
        return say(live, "tufteln.ui.panel_final", locale, when=when(at))
    if view.schedule:
        return say(live, "tufteln.ui.panel_next_roll", locale, when=when(at))
    return say(live, "tufteln.ui.panel_live_limit", locale, when=when(at))


# -- choosing a placement ----------------------------------------------------------------------


def _controls(
    live: LiveGame, actions: list[Place], current: OpenRoll, me: SheetView, locale: str
) -> tuple[str, tuple[Row, ...]]:
    first, second = current.dice
    if len(actions) <= MAX_OPTIONS:
        options = tuple(_pair_option(live, a, current.dice, me, locale) for a in actions)
        select = Select(
            custom_id=ids.game(live.id, None, f"p{current.roll}"),
            options=options,
            placeholder=say(live, "tufteln.ui.placeholder_all", locale, first=first, second=second),
        )
        return say(live, "tufteln.ui.panel_choose", locale), (select,)
    fields = sorted(partners(actions, current.dice))
    groups = [fields] if len(fields) <= MAX_OPTIONS else _by_rows(fields)
    selects = []
    for number, group in enumerate(groups):
        if len(groups) == 1:
            placeholder = say(live, "tufteln.ui.placeholder_first", locale, first=first)
        else:
            top = group[0] // SIZE // 3 * 3  # rows 1-3 or 4-6
            rows = f"{top + 1}–{top + 3}"
            placeholder = say(
                live, "tufteln.ui.placeholder_first_rows", locale, first=first, rows=rows
            )
        selects.append(
            Select(
                custom_id=ids.game(live.id, None, f"f{current.roll}:{number}"),
                options=tuple(_field_option(live, i, locale) for i in group),
                placeholder=placeholder,
            )
        )
    key = "panel_choose_first_same" if first == second else "panel_choose_first"
    prompt = say(live, f"tufteln.ui.{key}", locale, first=first, second=second)
    return prompt, tuple(selects)


def partners(actions: list[Place], dice: tuple[int, int]) -> dict[int, list[int]]:
    """For each field die 1 may go to, the fields die 2 may go to with it (reading order).

    With equal dice the engine lists each pair once; either field may come first.
    """
    found: dict[int, set[int]] = {}
    for action in actions:
        i, j = FIELD_NAMES.index(action.first), FIELD_NAMES.index(action.second)
        found.setdefault(i, set()).add(j)
        if dice[0] == dice[1]:
            found.setdefault(j, set()).add(i)
    return {i: sorted(js) for i, js in found.items()}


def _by_rows(fields: list[int]) -> list[list[int]]:
    """Split by the sheet's halves (rows 1-3, 4-6): at most 15 free fields each."""
    halves = ([i for i in fields if i // SIZE < 3], [i for i in fields if i // SIZE >= 3])
    return [half for half in halves if half]


def _field_option(live: LiveGame, index: int, locale: str) -> Option:
    colour = say(live, f"tufteln.ui.colour.{COLOURS[index]}", locale)
    label = say(live, "tufteln.ui.option_field", locale, field=FIELD_NAMES[index], colour=colour)
    return Option(label=label, value=FIELD_NAMES[index])


def _pair_option(
    live: LiveGame, action: Place, dice: tuple[int, int], me: SheetView, locale: str
) -> Option:
    first, second = dice
    if first == second:
        label = say(live, "tufteln.ui.option_same", locale, a=action.first, b=action.second)
    else:
        label = say(
            live,
            "tufteln.ui.option_pair",
            locale,
            first=first,
            second=second,
            a=action.first,
            b=action.second,
        )
    hint = completes(live, me, [(action.first, first), (action.second, second)], locale)
    return Option(label=label, value=f"{action.first}{PAIR}{action.second}", description=hint)


def completes(
    live: LiveGame, me: SheetView, writes: list[tuple[str, int]], locale: str
) -> str | None:
    """What the placement completes ("completes a pair +2"), or None."""
    cells = [str(v) for v in me.values]
    touched = set()
    for name, value in writes:
        index = FIELD_NAMES.index(name)
        cells[index] = str(value)
        touched.add(SQUARE_OF[index])
    sheet = "".join(cells)
    found = [square_category(sheet, square) for square in sorted(touched)]
    names = [say(live, f"tufteln.ui.category.{c}", locale) for c in found if c is not None]
    return say(live, "tufteln.ui.completes", locale, what=", ".join(names)) if names else None


def second_step(live: LiveGame, seat: int, locale: str, roll: int, field: str) -> Screen:
    """Die 1 is in `field` (pencilled into the picture); choose the field for die 2."""
    view, actions = own_side(live, seat)
    me = view.me
    if me is None or not view.open_rolls or view.open_rolls[0].roll != roll:
        return panel(live, seat, locale, say(live, "tufteln.ui.panel_stale", locale, roll=roll))
    current = view.open_rolls[0]
    first, second = current.dice
    index = field_index(field)
    options = partners(actions, current.dice).get(index if index is not None else -1)
    if index is None or not options:
        raise Refused("tufteln.ui.bad_choice")
    name = FIELD_NAMES[index]
    choices = []
    for j in options:
        option = _field_option(live, j, locale)
        hint = completes(live, me, [(name, first), (FIELD_NAMES[j], second)], locale)
        choices.append(Option(option.label, option.value, hint))
    back = Button(say(live, "tufteln.ui.back", locale), ids.game(live.id, None, f"b{roll}"))
    rows: tuple[Row, ...]
    if len(choices) <= BUTTONS_UP_TO:  # one tap each instead of opening a select
        row = tuple(
            Button(
                f"{c.label}: {c.description}" if c.description else c.label,
                ids.game(live.id, None, f"s{roll}:{name}:{c.value}"),
                "primary",
            )
            for c in choices
        )
        rows = (row, (back,))
    else:
        select = Select(
            custom_id=ids.game(live.id, None, f"s{roll}:{name}"),
            options=tuple(choices),
            placeholder=say(live, "tufteln.ui.placeholder_second", locale, second=second),
        )
        rows = (select, (back,))
    values = list(me.values)
    values[index] = first
    preview = me.model_copy(update={"values": values, "last": [name]})
    key = "panel_second_same" if first == second else "panel_second"
    lines = [
        say(live, "tufteln.ui.panel_roll", locale, roll=roll, first=first, second=second),
        say(live, f"tufteln.ui.{key}", locale, first=first, field=name, second=second),
    ]
    picture = sheet_picture(view, live.players[seat].display_name, preview)
    return Screen(content="\n".join(lines), pictures=(picture,), rows=rows)


# -- clicks --------------------------------------------------------------------------------


def decode(live: LiveGame, seat: int, rest: str, values: list[str]) -> dict[str, Any] | Screen:
    """`p<roll>` a complete placement, `f<roll>:<n>` die 1's field (shows step two),
    `s<roll>:<field>[:<field>]` die 1's field and die 2's (a button carries both),
    `b<roll>` back to the panel. Selects bring their choice in `values`."""
    head, _, arg = rest.partition(":")
    code, number = head[:1], head[1:]
    if code == "s" and arg.count(":") == 1:
        arg, _, chosen = arg.partition(":")
        values = [chosen]
    if not number.isdigit() or (code != "b" and len(values) != 1):
        raise Refused("tufteln.ui.bad_choice")
    roll = int(number)
    locale = live.row.locale  # decode has no reader's locale: the game's own
    if code == "p":
        first, _, second = values[0].partition(PAIR)
        return {"type": "place", "roll": roll, "first": first, "second": second}
    if code == "s":
        return {"type": "place", "roll": roll, "first": arg, "second": values[0]}
    if code == "f":
        return second_step(live, seat, locale, roll, values[0])
    if code == "b":
        return panel(live, seat, locale)
    raise Refused("tufteln.ui.bad_choice")
