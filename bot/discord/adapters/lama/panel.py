"""A player's private "My cards" panel, built from their own view and legal actions.

The layout is always shown as a 3x3 grid of buttons, each standing for putting the
held card there (`Exchange`): pressable only when that is legal. Below it: a select
of two positions to look at (`Peek`), or buttons to draw or take the top discard
(or, in a final turn, to pass), to give a special card away, or to discard a drawn card.
"""

from __future__ import annotations

from functools import partial

from bot.discord.adapters.lama.words import Ctx, card, short, specials
from bot.discord.adapters.pictures import Kept
from bot.discord.ui import Button, Option, Picture, Row, Screen, Select, Style
from games.lama.cards import SPECIALS, points
from games.lama.models import Discard, Draw, Exchange, Give, Pass, Peek, TakeDiscard
from games.lama.pictures import panel_key, render_panel

SEEN_MARK = "👁"


def panel_screen(ctx: Ctx) -> Screen:
    view = ctx.view
    if view.step == "over":
        return final_screen(ctx)
    me = _me(ctx)
    lines = [
        ctx.say("lama.ui.panel_title", round=view.round, letter=ctx.letter(me), seat=me),
        *instructions(ctx),
        *facts(ctx),
    ]
    when = ctx.countdown()
    if when and ctx.legal:
        lines.append(ctx.say("lama.ui.your_deadline", when=when))
    return Screen(
        content="\n".join(lines),
        pictures=(_cards(ctx),),
        rows=controls(ctx),
    )


def final_screen(ctx: Ctx) -> Screen:
    """After the game: the player's last layout as the end revealed it, what it counted
    and their final score; nothing to press."""
    view, me = ctx.view, _me(ctx)
    lines = [ctx.say("lama.ui.panel_title", round=view.round, letter=ctx.letter(me), seat=me)]
    if view.variant == "lamas":
        score = ctx.say("lama.ui.score_lamas", count=view.lamas[me])
    else:
        score = ctx.say("lama.ui.score_points", count=view.totals[me])
    report = view.last_round
    if report is None:  # no round was scored (cannot happen in a finished game)
        lines.append(ctx.say("lama.ui.game_over"))
    else:
        counted = ctx.say("lama.ui.score_points", count=report.seats[me].total)
        lines.append(ctx.say("lama.ui.panel_over", counted=counted, score=score))
    if view.received[me]:
        cards, total = specials(ctx, view.received[me])
        lines.append(ctx.say("lama.ui.received", cards=cards, sum=total))
    return Screen(content="\n".join(lines), pictures=(_cards(ctx),))


_panels = Kept(256)


def _cards(ctx: Ctx) -> Picture:
    """The seat's own cards; kept, since other seats' moves do not change them."""
    args = (ctx.view, ctx.say, ctx.names, ctx.letters)
    return _panels.picture(panel_key(*args), "lama-my-cards.png", partial(render_panel, *args))


def _me(ctx: Ctx) -> int:
    assert ctx.view.me is not None, "a panel is built from a seat's own view"
    return ctx.view.me


def instructions(ctx: Ctx) -> list[str]:
    """What the player can do now, or whom the table waits for."""
    view, me = ctx.view, _me(ctx)
    if view.step == "peek":
        if me in view.to_peek:
            return [ctx.say("lama.ui.peek")]
        return [ctx.say("lama.ui.peeked", names=ctx.joined(view.to_peek))]
    lines = []
    if view.final_turns and view.ender is not None and view.ender != me:
        lines.append(ctx.say("lama.ui.final_turns", seat=view.ender))
    if view.to_act != me:
        return [*lines, ctx.say("lama.ui.others_turn", seat=view.to_act)]
    if view.held is None:
        final = "_final" if view.final_turns else ""
        if view.discard_top is None:
            return [*lines, ctx.say(f"lama.ui.your_turn{final}_draw")]
        top = card(ctx, view.discard_top)
        return [*lines, ctx.say(f"lama.ui.your_turn{final}", card=top)]
    held = card(ctx, view.held)
    if view.held in SPECIALS:
        value = f"{points(view.held):+d}"
        return [*lines, ctx.say("lama.ui.special", card=held, points=value)]
    key = "lama.ui.drawn" if view.step == "drawn" else "lama.ui.taken"
    return [*lines, ctx.say(key, card=held)]


def facts(ctx: Ctx) -> list[str]:
    """The seen cards and the special cards received, in words."""
    view, me = ctx.view, _me(ctx)
    lines = []
    if view.known:
        seen = ", ".join(
            ctx.say(
                "lama.ui.seen_card",
                number=position + 1,
                where=ctx.say(f"lama.ui.where.{position + 1}"),
                card=card(ctx, kind),
            )
            for position, kind in view.known.items()
        )
        lines.append(ctx.say("lama.ui.seen", cards=seen))
    if view.received[me]:
        cards, total = specials(ctx, view.received[me])
        lines.append(ctx.say("lama.ui.received", cards=cards, sum=total))
    if view.step != "peek" or me not in view.to_peek:
        lines.append(ctx.say("lama.ui.legend"))
    return lines


# -- controls -------------------------------------------------------------------------------


def controls(ctx: Ctx) -> tuple[Row, ...]:
    """The grid, then the row of this step's other legal actions (nothing else)."""
    if any(isinstance(action, Peek) for action in ctx.legal):
        return (peek_select(ctx),)
    rows: list[Row] = grid(ctx)
    buttons = [button(ctx, action) for action in ctx.legal if not isinstance(action, Exchange)]
    if buttons:
        rows.append(tuple(buttons))
    return tuple(rows)


def button(ctx: Ctx, action: Draw | TakeDiscard | Discard | Give | Pass) -> Button:
    view = ctx.view
    match action:
        case Draw():
            return Button(ctx.say("lama.ui.draw"), ctx.act(action), "primary")
        case TakeDiscard():
            assert view.discard_top is not None
            label = ctx.say("lama.ui.take", card=short(ctx, view.discard_top))
            return Button(label, ctx.act(action), "secondary")
        case Discard():
            assert view.held is not None
            label = ctx.say("lama.ui.discard", card=short(ctx, view.held))
            return Button(label, ctx.act(action), "secondary")
        case Give(to_seat=seat):
            return Button(ctx.plain("lama.ui.give", seat=seat), ctx.act(action), "primary")
        case Pass():  # a final turn may be passed
            return Button(ctx.say("lama.ui.pass"), ctx.act(action), "secondary")


def cell(ctx: Ctx, position: int) -> tuple[str, Style]:
    """A layout position's button label and style: face up, seen by me, or unknown."""
    view = ctx.view
    kind = view.layouts[_me(ctx)][position]
    if kind is not None:
        return short(ctx, kind), "secondary"
    if position in view.known:
        return f"{SEEN_MARK} {short(ctx, view.known[position])}", "success"
    return "?", "primary"


def grid(ctx: Ctx) -> list[Row]:
    rows: list[Row] = []
    for top in (0, 3, 6):
        row = []
        for position in range(top, top + 3):
            label, style = cell(ctx, position)
            put = Exchange(position=position)
            row.append(Button(label, ctx.act(put), style, disabled=put not in ctx.legal))
        rows.append(tuple(row))
    return rows


def peek_select(ctx: Ctx) -> Select:
    options = tuple(
        Option(
            ctx.say("lama.ui.position", number=p + 1, where=ctx.say(f"lama.ui.where.{p + 1}")),
            str(p),
        )
        for p in range(9)
    )
    placeholder = ctx.say("lama.ui.peek_placeholder")
    return Select(ctx.choose("peek"), options, placeholder, min_values=2, max_values=2)
