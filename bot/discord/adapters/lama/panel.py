"""A player's private "My cards" panel, built from their own view only, and what its
controls mean.

Controls (the rest of each custom_id): `peek` (a select of two positions), `draw`,
`take`, `put:<position>`, `discard`, `give:<seat>`. The layout is always shown as a
3x3 grid of buttons; they are pressable only when the held card may go there.
"""

from __future__ import annotations

from typing import Any

from bot.discord import ids
from bot.discord.adapters.lama.words import (
    card,
    countdown,
    joined,
    names,
    picture,
    seat_view,
    short,
    specials,
)
from bot.core.errors import Refused
from bot.i18n import t
from bot.core.service import LiveGame
from bot.discord.ui import Button, Option, Row, Screen, Select, Style
from bot.discord.wording import say
from games.lama.cards import SPECIALS, points
from games.lama.pictures import render_panel
from games.lama.views import LamaView
from games.pictures import player_letter

SEEN_MARK = "👁"


def panel_screen(live: LiveGame, seat: int, locale: str) -> Screen:
    view = seat_view(live, seat)
    if view.step == "over":
        return Screen(content=t("lama.ui.game_over", locale))
    letter = player_letter(seat)
    lines = [
        say(live, "lama.ui.panel_title", locale, round=view.round, letter=letter, seat=seat),
        *instructions(live, view, locale),
        *facts(live, view, locale),
    ]
    when = countdown(live)
    if when and seat in _acting(view):
        lines.append(say(live, "lama.ui.your_deadline", locale, when=when))
    return Screen(
        content="\n".join(lines),
        pictures=(picture("lama-my-cards.png", render_panel(view, names(live))),),
        rows=controls(live, view, locale),
    )


def _acting(view: LamaView) -> list[int]:
    """The seats whose time is running: those yet to look, or the one to act."""
    if view.step == "peek":
        return view.to_peek
    return [view.to_act] if view.to_act is not None else []


def instructions(live: LiveGame, view: LamaView, locale: str) -> list[str]:
    """What the player can do now, or whom the table waits for."""
    me = view.me
    if view.step == "peek":
        if me in view.to_peek:
            return [t("lama.ui.peek", locale)]
        return [say(live, "lama.ui.peeked", locale, names=joined(live, view.to_peek))]
    lines = []
    if view.final_turns and view.ender is not None and view.ender != me:
        lines.append(say(live, "lama.ui.final_turns", locale, seat=view.ender))
    if view.to_act != me:
        return [*lines, say(live, "lama.ui.others_turn", locale, seat=view.to_act)]
    if view.held is None:
        if view.discard_top is None:
            return [*lines, t("lama.ui.your_turn_draw", locale)]
        top = card(view.discard_top, locale)
        return [*lines, t("lama.ui.your_turn", locale, card=top)]
    held = card(view.held, locale)
    if view.held in SPECIALS:
        value = f"{points(view.held):+d}"
        return [*lines, t("lama.ui.special", locale, card=held, points=value)]
    key = "lama.ui.drawn" if view.step == "drawn" else "lama.ui.taken"
    return [*lines, t(key, locale, card=held)]


def facts(live: LiveGame, view: LamaView, locale: str) -> list[str]:
    """The seen cards and the special cards received, in words."""
    assert view.me is not None
    lines = []
    if view.known:
        seen = ", ".join(
            f"{position + 1} ({t(f'lama.ui.where.{position + 1}', locale)}) = "
            f"**{card(kind, locale)}**"
            for position, kind in view.known.items()
        )
        lines.append(t("lama.ui.seen", locale, cards=seen))
    if view.received[view.me]:
        cards, total = specials(view.received[view.me], locale)
        lines.append(t("lama.ui.received", locale, cards=cards, sum=total))
    if view.step != "peek" or view.me not in view.to_peek:
        lines.append(t("lama.ui.legend", locale))
    return lines


# -- controls -------------------------------------------------------------------------------


def controls(live: LiveGame, view: LamaView, locale: str) -> tuple[Row, ...]:
    me = view.me
    assert me is not None
    if view.step == "peek":
        if me in view.to_peek:
            return (peek_select(live, locale),)
        return tuple(grid(live, view, locale, enabled=False))
    mine = view.to_act == me
    holding = view.held if mine else None
    placeable = holding is not None and holding not in SPECIALS
    rows: list[Row] = list(grid(live, view, locale, enabled=placeable))
    if mine and view.held is None:
        rows.append(choose_row(live, view, locale))
    elif holding in SPECIALS:
        rows.append(give_row(live, view, locale))
    elif placeable and view.step == "drawn":
        label = t("lama.ui.discard", locale, card=short(holding, locale))
        rows.append((Button(label, _id(live, "discard"), "secondary"),))
    return tuple(rows)


def _id(live: LiveGame, rest: str) -> str:
    return ids.game(live.id, live.phase, rest)


def cell(view: LamaView, position: int, locale: str) -> tuple[str, Style]:
    """A layout position's button label and style: face up, seen by me, or unknown."""
    assert view.me is not None
    kind = view.layouts[view.me][position]
    if kind is not None:
        return short(kind, locale), "secondary"
    if position in view.known:
        return f"{SEEN_MARK} {short(view.known[position], locale)}", "success"
    return "?", "primary"


def grid(live: LiveGame, view: LamaView, locale: str, *, enabled: bool) -> list[Row]:
    rows: list[Row] = []
    for top in (0, 3, 6):
        row = []
        for position in range(top, top + 3):
            label, style = cell(view, position, locale)
            rest = f"put:{position}" if enabled else f"cell:{position}"
            row.append(Button(label, _id(live, rest), style, disabled=not enabled))
        rows.append(tuple(row))
    return rows


def choose_row(live: LiveGame, view: LamaView, locale: str) -> Row:
    row = [Button(t("lama.ui.draw", locale), _id(live, "draw"), "primary")]
    if view.discard_top is not None:
        label = t("lama.ui.take", locale, card=short(view.discard_top, locale))
        row.append(Button(label, _id(live, "take"), "secondary"))
    return tuple(row)


def give_row(live: LiveGame, view: LamaView, locale: str) -> Row:
    return tuple(
        Button(say(live, "lama.ui.give", locale, seat=seat), _id(live, f"give:{seat}"), "primary")
        for seat in range(view.seats)
        if seat != view.me
    )


def peek_select(live: LiveGame, locale: str) -> Select:
    options = tuple(
        Option(
            t("lama.ui.position", locale, number=p + 1, where=t(f"lama.ui.where.{p + 1}", locale)),
            str(p),
        )
        for p in range(9)
    )
    placeholder = t("lama.ui.peek_placeholder", locale)
    return Select(_id(live, "peek"), options, placeholder, min_values=2, max_values=2)


# -- clicks ------------------------------------------------------------------------------------


def decode(live: LiveGame, seat: int, rest: str, values: list[str]) -> dict[str, Any]:
    """The action a panel control stands for; the engine validates it."""
    op, _, argument = rest.partition(":")
    if op == "peek":
        view = seat_view(live, seat)
        if view.step == "peek" and seat not in view.to_peek:
            raise Refused("lama.ui.already_peeked")
        if len(values) != 2 or not all(v.isdigit() for v in values):
            raise Refused("lama.ui.pick_two")
        return {"type": "peek", "positions": [int(v) for v in values]}
    if op == "put" and argument.isdigit():
        return {"type": "exchange", "position": int(argument)}
    if op == "give" and argument.isdigit():
        return {"type": "give", "to_seat": int(argument)}
    simple = {"draw": "draw", "take": "take_discard", "discard": "discard"}
    if op in simple:
        return {"type": simple[op]}
    raise Refused("host.stale")
